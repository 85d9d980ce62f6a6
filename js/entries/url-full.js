// The part of `webweft/url` that needs more than the URL wasm: the Public Suffix List, and query
// encodings other than UTF-8 (parseURL's `encoding`). Bundled into the area with a wasm of its
// own (URL + Public Suffix List + every encoder), instantiated on the first such call.
export { parseURL, publicSuffix, registrableDomain } from '../url.js';
