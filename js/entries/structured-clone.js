// `webweft/structured-clone`: no wasm; structuredClone, serialize and deserialize run in
// JavaScript.
export { deserialize, registerSerializable, serialize, structuredClone } from '../structured-clone/index.js';
// The DOMException its errors are: the host's, or webweft's where the host has none.
export { DOMException } from '../dom-exception.js';
