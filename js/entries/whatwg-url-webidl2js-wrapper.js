// `webweft/whatwg-url/webidl2js-wrapper`: the webidl2js interface wrappers of URL and
// URLSearchParams (install, is, isImpl, convert, create, createImpl, setup, new, ...), as
// whatwg-url/webidl2js-wrapper exports them for jsdom's installInterfaces.
export { URLInterface as URL, URLSearchParamsInterface as URLSearchParams } from '#area/whatwg-url-core';
