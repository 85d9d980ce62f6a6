// `#wasm-instance`: how a unit's glue gets an instance, per flavour. Each module exports
// `instantiate(imports)`, which returns a fresh instance's exports; the module is compiled once
// (or imported compiled), and a fresh instance after a panic reuses it.
import { join } from 'node:path';
import { root } from '../wasm.mjs';

const wasmModule = JSON.stringify(join(root, 'js', 'wasm-module.js'));

/**
 * The module's source for `unit` in `flavour`. `subpath`: the subpath a user imported, for the
 * error a host that refuses WebAssembly gets. `inline`: the unit's wasm as base64 of a raw DEFLATE
 * stream and its length (the polyfill flavour carries it in the script).
 */
export function instanceModule({ unit, flavour, subpath, inline }) {
  switch (flavour) {
    // The package import `#wasm/UNIT` (tools/build-pkg.mjs `unitModules`): a function that
    // returns the compiled module, given how to compile, by the host's conditions: Workers and
    // edge runtimes import UNIT.wasm as a module; Node and Bun read it; Deno, browsers and
    // bundlers inflate base64 of a raw DEFLATE stream (a bundler needs no loader for it, Deno no
    // permission). (It imports nothing: its text comes first in an app's bundle.)
    case 'inline':
      return `import { compileModule, instantiateModule } from ${wasmModule};
import { inflateBase64 } from './inflate.js';
import unitWasm from '#unit-data/${unit}-wasm';
const compile = (bytes) => compileModule(bytes, ${JSON.stringify(subpath)});
let module;
export function instantiate(imports) {
  if (module === undefined) module = unitWasm({ compile, inflateBase64 });
  return instantiateModule(module, imports);
}`;
    // A classic script: the inline text, in the script.
    case 'polyfill':
      return `import { compileModule, instantiateModule } from ${wasmModule};
import { inflateBase64 } from './inflate.js';
const WASM = ${JSON.stringify(inline.text)};
let module;
export function instantiate(imports) {
  if (module === undefined) module = compileModule(() => inflateBase64(WASM, ${inline.length}), ${JSON.stringify(subpath)});
  return instantiateModule(module, imports);
}`;
    // No WebAssembly: the unit translated to JavaScript (tools/build/translate.mjs), in
    // UNIT-asm.js beside the module, or in the script.
    case 'no-wasm':
      return `export { instantiate } from '#unit-data/${unit}-asm';`;
    case 'polyfill-no-wasm':
      return `export { instantiate } from '#unit-asm/${unit}';`;
    default:
      throw new Error(`no #wasm-instance for the ${flavour} flavour`);
  }
}
