// `webweft/structured-clone`: no wasm; structuredClone, serialize and deserialize run in
// JavaScript.
export { deserialize, registerSerializable, serialize, structuredClone } from '../structured-clone/index.js';
