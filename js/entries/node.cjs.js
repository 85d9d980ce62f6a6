// Node (and Bun) through require(): built to CommonJS, so __dirname locates the wasm.
import { initSync } from '#glue';
import { wasmFile } from '#wasm-file';

initSync({ module: require('node:fs').readFileSync(require('node:path').join(__dirname, wasmFile)) });

export * from '../api.js';
export { install as installPolyfill } from '../polyfill.js';
