// Deno: read the wasm beside this module (a local npm install), or fetch it when served remotely.
import { initSync } from '#glue';
import { wasmFile } from '#wasm-file';

const wasmUrl = new URL(`./${wasmFile}`, import.meta.url);
const bytes =
  wasmUrl.protocol === 'file:' ? await Deno.readFile(wasmUrl) : await (await fetch(wasmUrl)).arrayBuffer();
initSync({ module: bytes });

export * from '../api.js';
export { install as installPolyfill } from '../polyfill.js';
