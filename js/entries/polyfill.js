// The classic-script polyfill (`<script src="weft.polyfill.js">`, or importScripts in a worker).
// Browsers forbid compiling a large wasm synchronously on the main thread, so installation is
// asynchronous: `weft.ready` resolves to the names installed. Add `data-force` to the script
// tag (or set `globalThis.webweftPolyfillOptions = {force: true}` first) to replace even good
// host implementations.
import initGlue from '#glue';
import { wasmFile } from '#wasm-file';
import { install } from '../polyfill.js';

const script = typeof document === 'undefined' ? null : document.currentScript;
const options = {
  force: script?.hasAttribute('data-force') ?? false,
  ...globalThis.webweftPolyfillOptions,
};
const wasmUrl = new URL(wasmFile, script?.src ?? globalThis.location.href);

export const ready = initGlue({ module_or_path: wasmUrl }).then(() => install(options));

export * from '../api.js';
export { install };
