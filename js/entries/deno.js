// Deno: read the wasm beside this module (a local npm install), or fetch it when served remotely.
import { initSync } from '#glue';

const wasmUrl = new URL('./weft_bg.wasm', import.meta.url);
const bytes =
  wasmUrl.protocol === 'file:' ? await Deno.readFile(wasmUrl) : await (await fetch(wasmUrl)).arrayBuffer();
initSync({ module: bytes });

export * from '../api.js';
export { install as installPolyfill } from '../polyfill.js';
