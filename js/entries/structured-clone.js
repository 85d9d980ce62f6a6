// `webweft/structured-clone`: no wasm; structuredClone, serialize and deserialize run in
// JavaScript (the testing build adds the Rust codec's wasm, for the tests that compare the two).
export { deserialize, registerSerializable, serialize, structuredClone } from '../structured-clone/index.js';
export * from '#testing';
