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
  const compiled = (bytes) => `import { compileModule, instantiateModule } from ${wasmModule};
let module;
export function instantiate(imports) {
  if (module === undefined) module = compileModule(() => ${bytes}, ${JSON.stringify(subpath)});
  return instantiateModule(module, imports, ${JSON.stringify(subpath)});
}`;
  switch (flavour) {
    // Node, Bun, Deno, browsers, bundlers: base64 of a raw DEFLATE stream in UNIT-wasm.js beside
    // the module (a bundler needs no loader for it), inflated by js/inflate.js on first use.
    // (The bytes are kept until a compile succeeds: a host that refuses is asked again on each
    // call, without inflating again.)
    case 'inline':
      return `import { compileModule, instantiateModule } from ${wasmModule};
import { inflateBase64 } from './inflate.js';
import WASM from '#unit-data/${unit}-wasm';
let module;
let bytes;
export function instantiate(imports) {
  if (module === undefined) {
    module = compileModule(() => (bytes ??= inflateBase64(WASM, ${inline.length})), ${JSON.stringify(subpath)});
    bytes = undefined;
  }
  return instantiateModule(module, imports, ${JSON.stringify(subpath)});
}`;
    // A classic script: the same text, in the script.
    case 'polyfill':
      return `import { inflateBase64 } from './inflate.js';
const WASM = ${JSON.stringify(inline.text)};
${compiled(`inflateBase64(WASM, ${inline.length})`)}`;
    // Workers and edge runtimes, which compile wasm only as a module imported at build time.
    case 'workerd':
      return `import { instantiateModule } from ${wasmModule};
import module from '#unit-data/${unit}.wasm';
export function instantiate(imports) {
  return instantiateModule(module, imports, ${JSON.stringify(subpath)});
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
