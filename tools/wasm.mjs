// The wasm build steps tools/build/units.mjs and tools/build/translate.mjs run (cargo, wasm-bindgen,
// wasm-opt), and the repository's root.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, args, options = {}) {
  execFileSync(command, args, { cwd: root, stdio: 'inherit', ...options });
}

/**
 * Compiles the crate to wasm with LTO (`cargo rustc --crate-type cdylib`: LTO applies to a crate
 * built as a cdylib alone), with the `bindings` feature (the wasm-bindgen layer, its allocator and
 * panic handler). `features`: the area features (a comma list, possibly empty; the defaults when
 * undefined). `optLevel`: the release profile's opt-level for this build instead of Cargo.toml's.
 * `target`: wasm32-unknown-unknown, or wasm32v1-none for the build without WebAssembly. Returns
 * the .wasm path.
 */
export function compileWasm({
  features = 'full',
  debug = false,
  quiet = false,
  optLevel,
  target = 'wasm32-unknown-unknown',
} = {}) {
  const wasm = join(root, 'target', target, debug ? 'debug' : 'release', 'webweft.wasm');
  run(
    'cargo',
    [
      'rustc',
      '--lib',
      '--target',
      target,
      '--crate-type',
      'cdylib',
      '--no-default-features',
      '--features',
      [features, 'bindings'].filter(Boolean).join(','),
      ...(debug ? [] : ['--release']),
    ],
    {
      stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
      env: optLevel === undefined ? process.env : { ...process.env, CARGO_PROFILE_RELEASE_OPT_LEVEL: optLevel },
    },
  );
  return wasm;
}

/**
 * wasm-bindgen's `web` glue into `outDir` (`${outName}.js` + `${outName}_bg.wasm`). --weak-refs:
 * exported Rust objects would be freed by a FinalizationRegistry (the package exports none). The
 * glue makes a fresh instance on the next call after a panic (the panic handler in
 * src/bindings/mod.rs asks for it).
 */
export function bindgen(wasm, outDir, outName) {
  run('wasm-bindgen', ['--target', 'web', '--weak-refs', '--out-dir', outDir, '--out-name', outName, wasm]);
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
