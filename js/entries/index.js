// `webweft` (and `webweft/lite`): every area's module re-exported (`#area/*` stay separate files,
// so an API has one class and each wasm one instance however it is imported), and the installer.
export * from '#area/base64';
export * from '#area/encoding';
export * from '#area/structured-clone';
export * from '#area/url';
export * from '#area/urlpattern';
export { installPolyfill } from '#area/install';
// `html`: the html area's module namespace (ES modules) or a frozen copy of its exports (CommonJS,
// whose interop would add a `default`).
export { html } from '#html';
