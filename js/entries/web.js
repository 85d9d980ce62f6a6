// Browsers and bundlers: call `await init()` (fetches weft_bg.wasm, or weft_lite_bg.wasm for
// weft/lite, beside this file, or takes a URL, Response, bytes or WebAssembly.Module) or
// `initSync({module})` before using the API.
import initGlue, { initSync as initGlueSync } from '#glue';

export default async function init(moduleOrPath) {
  return await initGlue(moduleOrPath === undefined ? undefined : { module_or_path: moduleOrPath });
}

export function initSync(module) {
  return initGlueSync({ module });
}

export * from '../api.js';
export { install as installPolyfill } from '../polyfill.js';
