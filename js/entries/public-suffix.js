// The part of `webweft/url` that holds the Public Suffix List: a file of its own with its own
// wasm, instantiated on the first publicSuffix/registrableDomain call (a bundle that never
// calls them leaves it out).
export { lookUpPublicSuffix } from '../public-suffix.js';
