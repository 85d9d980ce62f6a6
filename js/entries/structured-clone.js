// `webweft/structured-clone`: structuredClone runs in JavaScript; only serialize/deserialize
// use the codec's wasm, instantiated on their first call.
export { deserialize, registerSerializable, serialize, structuredClone } from '../structured-clone.js';
export * from '#testing';
