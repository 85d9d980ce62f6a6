// polyfill.js's API: every area over the one `full` wasm (tools/build-pkg.mjs), with `html`.
export * from './base64.js';
export * from './encoding.js';
export * as html from './html.js';
export * from './structured-clone.js';
export * from './url.js';
export * from './urlpattern.js';
