// The package's units: one per cargo feature set (UNITS in tools/build-pkg.mjs), each built for
// two targets from the same Rust:
//   wasm: wasm32-unknown-unknown with LTO, wasm-bindgen's glue, wasm-opt;
//   js:   wasm32v1-none (MVP: no reference types, no multi-value) with LTO, wasm-bindgen's glue,
//         then translated to JavaScript (translate.mjs) for hosts that cannot run WebAssembly.
// The glue of both is rewritten by glue.mjs. A target's outputs are kept in
// target/wasm-bindgen/<out>/<unit>[-js]/ and reused while their inputs are unchanged.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rewriteGlue, withoutUnusedImports } from './glue.mjs';
import { translateToJs } from './translate.mjs';
import { bindgen, compileWasm, optimize } from '../wasm.mjs';

/**
 * The build steps' own code and binaryen's version (wasm-opt, wasm2js): a change to any of them
 * rebuilds every unit's outputs.
 */
const STEPS = ['glue.mjs', 'translate.mjs', 'units.mjs', '../wasm.mjs', '../../node_modules/binaryen/package.json'].map((file) =>
  readFileSync(new URL(file, import.meta.url)),
);

/**
 * Builds `unit` (cargo `features`) for `target` ('wasm' or 'js') into `dir`. Returns
 * `{ glue, wasm }` for the wasm target (the glue's path and the final wasm's), `{ glue, asm }`
 * for the js target (the glue's path and the translation's module).
 */
export async function buildUnit({ unit, features, target, dir, debug, optLevel }) {
  const raw = compileWasm({ features, debug, optLevel, target: target === 'js' ? 'wasm32v1-none' : 'wasm32-unknown-unknown' });
  const key = createHash('sha256').update(readFileSync(raw)).update(String(debug));
  for (const step of STEPS) key.update(step);
  const keyFile = join(dir, 'input.sha256');
  const outputs =
    target === 'js'
      ? { glue: join(dir, 'glue.js'), asm: join(dir, 'asm.js') }
      : { glue: join(dir, 'glue.js'), wasm: join(dir, 'final.wasm') };
  const digest = key.digest('hex');
  if (existsSync(keyFile) && readFileSync(keyFile, 'utf8') === digest && Object.values(outputs).every(existsSync)) return outputs;
  rmSync(dir, { recursive: true, force: true });
  bindgen(raw, dir, 'glue');
  const generated = join(dir, 'glue_bg.wasm');
  let final;
  if (target === 'js') {
    await translateToJs(generated, outputs.asm, { debug });
    final = `${outputs.asm}.opt.wasm`;
  } else {
    if (debug) {
      writeFileSync(outputs.wasm, readFileSync(generated));
    } else {
      optimize(generated, outputs.wasm);
    }
    final = outputs.wasm;
  }
  const imported = new Set(WebAssembly.Module.imports(new WebAssembly.Module(readFileSync(final))).map(({ name }) => name));
  const glue = rewriteGlue(readFileSync(outputs.glue, 'utf8'), unit, target);
  writeFileSync(outputs.glue, withoutUnusedImports(glue, imported, unit));
  writeFileSync(keyFile, digest);
  return outputs;
}
