// `webweft/data-urls`: the data-urls package's API, named (the package's module.exports, a
// function with `fromURLRecord`, is `parseDataURL` here), over the whatwg-url area's wasm
// instance, whose URL records it takes.
export { fromURLRecord, parseDataURL } from '#area/whatwg-url-core';
