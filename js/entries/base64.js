// `webweft/base64`: atob, btoa and forgiving-base64 (no wasm: the host's codec where it vouches
// for the input, js/base64.js's otherwise).
export { atob, base64Decode, base64Encode, btoa } from '../base64.js';
