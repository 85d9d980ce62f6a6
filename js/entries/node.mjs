// Node (and Bun) as an ES module: the wasm sits beside this file; compile it synchronously.
import { readFileSync } from 'node:fs';
import { initSync } from '#glue';

initSync({ module: readFileSync(new URL('./weft_bg.wasm', import.meta.url)) });

export * from '../api.js';
export { install as installPolyfill } from '../polyfill.js';
