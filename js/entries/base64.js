// `webweft/base64`: atob, btoa and forgiving-base64 (its own small wasm, instantiated on first call).
export { atob, base64Decode, base64Encode, btoa } from '../base64.js';
export * from '#testing';
