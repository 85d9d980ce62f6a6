// `webweft/whatwg-mimetype`: the whatwg-mimetype package's API (MIMEType and computedMIMEType,
// with the same classes, results and exceptions), over the mimesniff area's wasm instance.
export { MIMEType, computedMIMEType } from '#area/mimesniff';
