// The wasm build steps, shared by tools/build-pkg.mjs and tools/size.mjs.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import binaryen from 'binaryen';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const target = 'wasm32-unknown-unknown';

export function run(command, args, options = {}) {
  execFileSync(command, args, { cwd: root, stdio: 'inherit', ...options });
}

/**
 * Compiles the crate to wasm with LTO (`cargo rustc --crate-type cdylib`: LTO is ignored for a
 * cdylib+rlib build). `features`: undefined for the defaults, else a comma list (possibly empty)
 * used with --no-default-features. `optLevel`: the release profile's opt-level for this build
 * instead of Cargo.toml's. Returns the .wasm path; the linker's map of it is beside it
 * (`webweft.map`, read by zeroDeadPanicData).
 */
export function compileWasm({ features, debug = false, quiet = false, optLevel } = {}) {
  const featureArgs = features === undefined ? [] : ['--no-default-features', ...(features ? ['--features', features] : [])];
  const wasm = join(root, 'target', target, debug ? 'debug' : 'release', 'webweft.wasm');
  // (The arguments after `--` are the final crate's only: the dependencies' builds are unchanged.)
  run('cargo', ['rustc', '--lib', '--target', target, '--crate-type', 'cdylib', ...featureArgs, ...(debug ? [] : ['--release']), '--', '-C', `link-arg=--Map=${linkMap(wasm)}`], {
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    env: optLevel === undefined ? process.env : { ...process.env, CARGO_PROFILE_RELEASE_OPT_LEVEL: optLevel },
  });
  return wasm;
}

const linkMap = (wasm) => wasm.replace(/\.wasm$/, '.map');

/**
 * wasm-bindgen's `web` glue into `outDir` (`${outName}.js` + `${outName}_bg.wasm`). --weak-refs: exported Rust
 * objects are freed by a FinalizationRegistry. --experimental-reset-state-function: after a
 * panic (which traps), the next call gets a fresh instance (see src/bindings/mod.rs).
 */
export function bindgen(wasm, outDir, outName = 'weft') {
  run('wasm-bindgen', [
    '--target', 'web', '--weak-refs', '--experimental-reset-state-function',
    '--out-dir', outDir, '--out-name', outName, wasm,
  ]);
}

/**
 * Takes std's panic machinery out of a wasm-bindgen output (`file`, rewritten in place). A panic
 * traps anyway (panic = "abort"); all that recovery needs is wasm-bindgen's reinit import, which
 * tells the glue to make a fresh instance on the next call (`--experimental-reset-state-function`;
 * the panic hook in src/bindings/mod.rs calls it). So each entry of the panic path becomes
 * `reinit(); unreachable`, and the payload methods, which only the panic runtime calls (through a table, so
 * wasm-opt would keep them), `unreachable`: wasm-opt then drops the hook, core::fmt and the rest
 * that only a panic reached (1.6-11.3 KB per wasm). So do core's and alloc's helpers that only
 * ever panic (`panic_bounds_check`, `unwrap_failed`, ...), which would otherwise build their
 * messages before calling the entry; their callers' message and location arguments go with them.
 * Stable Rust has no other way (`panic_immediate_abort` needs nightly's build-std). Throws if the
 * names are not found.
 */
export function stripPanics(file) {
  // std's panic path, as the functions wasm-bindgen's output names (crate hashes removed): the
  // panic handler and core's entries into it (their callers' message and location arguments go
  // with them), the hook runner (`std::panic::panic_any` calls it directly) and the allocation
  // failure handler (which aborts without running the hook).
  const entries = [
    '__rustc::rust_begin_unwind',
    'core::panicking::panic_fmt',
    'core::panicking::panic_nounwind_fmt',
    'std::panicking::panic_with_hook',
    '__rustc::__rust_alloc_error_handler',
  ];
  // The helpers that only ever panic (they are `-> !`). Every wasm-bindgen output has the
  // allocator's and RefCell's (the first group: missing, the names changed); the others are
  // rewritten where present.
  const helpers = [
    'alloc::alloc::handle_alloc_error',
    'alloc::raw_vec::capacity_overflow',
    'alloc::raw_vec::handle_error',
    'core::cell::panic_already_borrowed',
    'core::cell::panic_already_mutably_borrowed',
  ];
  const everyWasm = helpers.length;
  helpers.push(
    'core::slice::index::slice_index_fail',
    'core::option::expect_failed',
    'core::option::unwrap_failed',
    'core::panicking::panic',
    'core::panicking::panic_bounds_check',
    'core::panicking::panic_const::panic_const_div_by_zero',
    'core::panicking::panic_const::panic_const_rem_by_zero',
    'core::result::unwrap_failed',
    'core::slice::sort::shared::smallsort::panic_on_ord_violation',
    'core::str::slice_error_fail',
    'core::str::slice_error_fail_rt',
    'std::thread::local::panic_access_error',
  );
  binaryen.setDebugInfo(true); // keep the names (wasm-opt drops them from the package's wasm)
  const module = binaryen.readBinary(readFileSync(file));
  // optimize's --enable flags (bulk memory implies its "opt" part).
  const { BulkMemory, BulkMemoryOpt, NontrappingFPToInt, SignExt, MutableGlobals, ReferenceTypes, Multivalue } = binaryen.Features;
  module.setFeatures(BulkMemory | BulkMemoryOpt | NontrappingFPToInt | SignExt | MutableGlobals | ReferenceTypes | Multivalue);
  const functions = [];
  for (let i = 0; i < module.getNumFunctions(); i++) {
    const ref = module.getFunctionByIndex(i);
    const info = binaryen.getFunctionInfo(ref);
    // Without crate hashes: `core[c5930c85a12de822]::…` (v0 mangling), `…::h0123456789abcdef` (legacy).
    functions.push({ ref, ...info, plain: info.name.replace(/\[[0-9a-f]+\]/g, '').replace(/::h[0-9a-f]{16}$/, '') });
  }
  const reinit = functions.find(({ module, base }) => module && base.startsWith('__wbg___wbindgen_reinit_'));
  if (!reinit || !functions.some(({ plain }) => plain === entries[0])) {
    throw new Error(`${file}: no panic handler or no reinit import (did the toolchain's names change?)`);
  }
  const missing = helpers.slice(0, everyWasm).filter((name) => !functions.some(({ plain }) => plain === name));
  if (missing.length) throw new Error(`${file}: no ${missing.join(', ')} (did the toolchain's names change?)`);
  for (const { ref, plain, module: imported, body } of functions) {
    if (imported) continue;
    if (helpers.includes(plain) && binaryen.getExpressionType(body) !== binaryen.unreachable) {
      throw new Error(`${file}: ${plain} can return (did the toolchain change it?)`);
    }
    if (entries.includes(plain) || helpers.includes(plain)) {
      binaryen.Function.setBody(ref, module.block(null, [module.call(reinit.name, [], binaryen.none), module.unreachable()]));
    } else if (/ as core::panic::PanicPayload>::/.test(plain)) {
      binaryen.Function.setBody(ref, module.unreachable());
    }
  }
  if (!module.validate()) throw new Error(`${file}: invalid after stripPanics`);
  writeFileSync(file, module.emitBinary());
  module.dispose();
}

/**
 * wasm-opt from the npm `binaryen` package. The features are those rustc enables by default for
 * wasm32 (wasm-bindgen drops the target-features section wasm-opt would otherwise read).
 * Memory packing is skipped: it splits the data (ICU4X's tables) at every run of zeros into
 * ~1000 segments whose headers gzip worse than the zeros did (URL wasm: +1.9 KB gzip).
 * --converge repeats -O3 while it still shrinks the wasm; no host reads the producers and
 * target-features sections. Together 1.8 KB gzip off the five area wasms (-Oz: +1.2 KB; -O4:
 * +0.7, measured).
 */
export function optimize(input, output) {
  run(join(root, 'node_modules', '.bin', 'wasm-opt'), [
    '-O3',
    '--converge',
    '--skip-pass=memory-packing',
    '--strip-producers',
    '--strip-target-features',
    '--enable-bulk-memory',
    '--enable-nontrapping-float-to-int',
    '--enable-sign-ext',
    '--enable-mutable-globals',
    '--enable-reference-types',
    '--enable-multivalue',
    input,
    '-o',
    output,
  ]);
}

/** Raw, gzip -9 and brotli sizes of a file. */
export function sizes(file) {
  const bytes = readFileSync(file);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, brotli: brotliCompressSync(bytes).length };
}
