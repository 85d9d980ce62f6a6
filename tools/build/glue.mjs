// wasm-bindgen's `web` glue, rewritten for the package. The same rewriting serves both targets:
// `wasm` (a WebAssembly instance) and `js` (the unit translated to JavaScript, see
// translate.mjs), whose instance is an object with the same exports.
import { join } from 'node:path';
import { root } from '../wasm.mjs';

const js = join(root, 'js');

/**
 * The glue, changed in these ways:
 *  1. its asynchronous, fetching init (fetch, import.meta.url), initSync and the Symbol.dispose
 *     statements go: every flavour instantiates synchronously through `#wasm-instance`
 *     (per flavour: the .wasm file beside the bundle, the wasm inline, a compiled module the
 *     host imports, or the JavaScript translation);
 *  2. every export first instantiates the unit if it is not yet (all of them call
 *     `__wbg_call_guard`, so the cost is one comparison; string arguments, copied in before that
 *     call, get the allocator through the guard too), and the fresh instance after a panic is
 *     made the same way (wasm-bindgen's reset would call a start function the unit lacks);
 *  3. its UTF-8 encoder and decoder come from js/utf8.js instead of bare `TextEncoder` and
 *     `TextDecoder` globals (which a bundle's own classes of those names could shadow, and which
 *     an old host may lack);
 *  4. exported functions get internal names, so that none shares a name with a facade function
 *     in one bundle (a bundler would rename the facade's, and its `name`);
 *  5. `__weftExports` gives the facades the current instance's exports, `__weftInstantiated`
 *     whether there is one yet, `__weftMemoryBuffer(memory)` its buffer (through a getter
 *     captured at load), `__weftMemoryStale(view)` whether a view over memory must be
 *     made again (a real memory detaches the old buffer when it grows; the translation's
 *     memory replaces its buffer, so there the buffers are compared);
 *  6. for the `js` target, the glue's own cached views are renewed the same way.
 */
export function rewriteGlue(glue, unit, target) {
  const fail = (what) => {
    throw new Error(`${unit} glue: ${what} (did wasm-bindgen's output change?)`);
  };
  // 1.
  const asyncLoad = glue.indexOf('async function __wbg_load(');
  const initSync = glue.indexOf('function initSync(');
  const asyncInit = glue.indexOf('let __wbg_init_promise;');
  const initExport = 'export { initSync, __wbg_init as default };';
  if (asyncLoad < 0 || initSync < asyncLoad || asyncInit < initSync || !glue.includes(initExport))
    fail('the init functions are not where expected');
  glue = glue.slice(0, asyncLoad) + glue.slice(glue.indexOf(initExport) + initExport.length);
  glue = glue.replace(/^if \(Symbol\.dispose\) \w+\.prototype\[Symbol\.dispose\] = \w+\.prototype\.free;\n/gm, '');
  // 2.
  const guard = 'function __wbg_call_guard() {\n';
  if (!glue.includes(guard)) fail('no __wbg_call_guard');
  const reset = `    wasmInstance = new WebAssembly.Instance(wasmModule, __wbg_get_imports());
    wasm = wasmInstance.exports;
    wasm.__wbindgen_start();
`;
  if (!glue.includes(reset)) fail('__wbg_reset_state does not end as expected');
  glue = glue
    .replace(reset, '    __weftInstantiate();\n')
    .replace(guard, `${guard}    if (wasm === undefined) __weftInstantiate();\n`)
    // Arguments are moved into wasm memory, and (without multi-value) the results' room taken on
    // its stack, before the guard runs: through a guarded accessor.
    .replace(/, wasm\.__wbindgen_(malloc|realloc)\b/g, ', __weftGuarded().__wbindgen_$1')
    .replace(/= wasm\.__wbindgen_add_to_stack_pointer\(-/g, '= __weftGuarded().__wbindgen_add_to_stack_pointer(-');
  // 3.
  glue = glue
    .replaceAll("new TextDecoder('utf-8', { ignoreBOM: true })", '__weftUtf8Decoder()')
    .replaceAll('new TextEncoder()', '__weftUtf8Encoder()');
  // (Doc comments, which wasm-bindgen copies from the Rust exports, may name them.)
  const code = glue.replace(/\/\*[\s\S]*?\*\//g, '').replace(/__weftUtf8(De|En)coder/g, '');
  if (/\b(TextDecoder|TextEncoder)\s*\(/.test(code)) fail('a bare TextDecoder/TextEncoder is left');
  if (/\bWebAssembly\./.test(code)) fail('WebAssembly is still used');
  // 4.
  const exported = [...glue.matchAll(/^export function (\w+)\s*\(/gm)].map((match) => match[1]);
  for (const name of exported) glue = glue.replace(new RegExp(`(?<![.\\w$'"])${name}\\b`, 'g'), `__glue_${name}`);
  glue = glue.replace(/^export function (__glue_\w+)/gm, 'function $1');
  glue += `\nexport { ${exported.map((name) => `__glue_${name} as ${name}`).join(', ')} };\n`;
  // 6.
  if (target === 'js') {
    glue = glue
      .replace(/\b(cached\w+Memory0)\.byteLength === 0\b/g, '$1.buffer !== wasm.memory.buffer')
      .replace(
        /\b(cachedDataViewMemory0)\.buffer\.detached === true \|\| \(\1\.buffer\.detached === undefined && \1\.buffer !== wasm\.memory\.buffer\)/g,
        '$1.buffer !== wasm.memory.buffer',
      );
    if (/byteLength === 0|\.detached/.test(glue)) fail('a cached memory view is still checked for detaching');
  }
  // 5.
  return `${glue}
// Added by tools/build/glue.mjs: lazy, synchronous instantiation.
import { utf8Decoder as __weftUtf8Decoder, utf8Encoder as __weftUtf8Encoder } from ${JSON.stringify(join(js, 'utf8.js'))};
import { instantiate as __weftInstantiateUnit } from '#wasm-instance';
function __weftInstantiate() {
    __wbg_finalize_init({ exports: __weftInstantiateUnit(__wbg_get_imports()) }, undefined);
}
export function __weftExports() {
    if (wasm === undefined) __weftInstantiate();
    return wasm;
}
// In parentheses: V8 compiles it with the script (the first new URL asks it), not on first call.
export const __weftInstantiated = (function () {
    return wasm !== undefined;
});
// The memory's buffer, and a view's, through getters captured at load (a page may replace them
// later); the translated unit's memory is an object of its own.
const __weftApply = Reflect.apply;
${
  target === 'js'
    ? `const __weftViewBuffer = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), 'buffer').get;
export const __weftMemoryBuffer = (function (memory) {
    return memory.buffer;
});
export const __weftMemoryStale = (function (view) {
    return __weftApply(__weftViewBuffer, view, []) !== wasm.memory.buffer;
});`
    : `const __weftBufferGetter = typeof WebAssembly === 'object' && WebAssembly !== null ? Object.getOwnPropertyDescriptor(WebAssembly.Memory.prototype, 'buffer').get : undefined;
const __weftViewLength = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), 'byteLength').get;
export const __weftMemoryBuffer = (function (memory) {
    return __weftApply(__weftBufferGetter, memory, []);
});
export const __weftMemoryStale = (function (view) {
    return __weftApply(__weftViewLength, view, []) === 0;
});`
}
function __weftGuarded() {
    __wbg_call_guard();
    return wasm;
}
`;
}

/**
 * The glue without the imports its final unit no longer has (`imported`: their names): the glue
 * is generated before wasm-opt, which may drop some.
 */
export function withoutUnusedImports(glue, imported, unit) {
  // `__wbg_get_imports`' object: one `        name: function(…) {…},` per import (its body
  // indented further, possibly wrapped in `handleError(function (…) {…}, arguments)`).
  const entry = /^ {8}(\w+): function\(.*\n(?: {12}.*\n|\n)*? {8}\}.*,\n/gm;
  const listed = [...glue.matchAll(entry)].map((match) => match[1]);
  if (![...imported].every((name) => listed.includes(name))) throw new Error(`${unit} glue: its imports are not where expected`);
  return glue.replace(entry, (text, name) => (imported.has(name) ? text : ''));
}
