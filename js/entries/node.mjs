// Node (and Bun) as an ES module: the wasm sits beside this file; compile it synchronously.
import { readFileSync } from 'node:fs';
import { initSync } from '#glue';
import { wasmFile } from '#wasm-file';

initSync({ module: readFileSync(new URL(`./${wasmFile}`, import.meta.url)) });

export * from '../api.js';
export { install as installPolyfill } from '../polyfill.js';
