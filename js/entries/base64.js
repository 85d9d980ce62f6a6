// `webweft/base64`: atob, btoa, forgiving-base64, and ES2026's Uint8Array base64 and hex as
// functions (no wasm: the host's codec where it vouches for the input, js/base64.js's otherwise).
export {
  atob,
  base64Decode,
  base64Encode,
  btoa,
  fromBase64,
  fromHex,
  setFromBase64,
  setFromHex,
  toBase64,
  toHex,
} from '../base64.js';
// The DOMException its errors are: the host's, or webweft's where the host has none.
export { DOMException } from '../dom-exception.js';
