// `webweft/base64`: atob, btoa and forgiving-base64 (no wasm: the host's codec where it vouches
// for the input, js/base64.js's otherwise).
export { atob, base64Decode, base64Encode, btoa } from '../base64.js';
// The DOMException its errors are: the host's, or webweft's where the host has none.
export { DOMException } from '../dom-exception.js';
