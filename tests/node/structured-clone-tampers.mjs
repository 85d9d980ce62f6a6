// The ways a page may change its built-ins after weft loaded, shared by the hostile-page clone
// test (structured-clone-builtins.test.mjs) and the clone fuzzer (tests/fuzz/structured-clone.mjs).
// Each TAMPERS entry replaces one built-in and returns the function that restores it.

const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
const ArrayIteratorPrototype = Object.getPrototypeOf([][Symbol.iterator]());
const { defineProperty, getOwnPropertyDescriptor } = Object;

export const thrower = () => {
  throw new Error('a replaced built-in was called');
};

/** What the page's indexed setters received (a clone must never hand them a value). */
export const leaked = [];

/** Replaces `object[key]` (a method, getter, accessor or index) until the returned undo runs. */
export function replace(object, key, descriptor) {
  const original = getOwnPropertyDescriptor(object, key);
  defineProperty(object, key, { __proto__: null, configurable: true, ...descriptor });
  return () => {
    if (original) defineProperty(object, key, { __proto__: null, ...original });
    else delete object[key];
  };
}

/** Runs `body` under `tamper` (a TAMPERS value), then undoes it. */
export function during(tamper, body) {
  const undo = tamper();
  try {
    return body();
  } finally {
    undo();
  }
}

/** A transfer list of one new ArrayBuffer that iterates without any built-in a tamper replaces. */
export function transferOfOne() {
  const buffer = new ArrayBuffer(1);
  let done = false;
  return { [Symbol.iterator]: () => ({ next: () => (done ? { done } : ((done = true), { done: false, value: buffer })) }) };
}

export const method = (object, key) => () => replace(object, key, { value: thrower, writable: true });
export const getterOf = (object, key) => () => replace(object, key, { get: thrower });
export const indexed = (object, index) => () => replace(object, index, { get: thrower, set: (v) => leaked.push(v) });

export const TAMPERS = {
  'Array.prototype[0] accessor': indexed(Array.prototype, 0),
  'Array.prototype[1] accessor': indexed(Array.prototype, 1),
  'Array.prototype[2] accessor': indexed(Array.prototype, 2),
  'Array.prototype[3] accessor': indexed(Array.prototype, 3),
  'Object.prototype[0] accessor': indexed(Object.prototype, 0),
  'Object.prototype.get (descriptors)': () => replace(Object.prototype, 'get', { value: () => 1, writable: true }),
  'Object.prototype.set accessor': getterOf(Object.prototype, 'set'),
  'Object.prototype.transfer': getterOf(Object.prototype, 'transfer'),
  'Object.prototype.clone': getterOf(Object.prototype, 'clone'),
  'Object.prototype.stack': getterOf(Object.prototype, 'stack'),
  'Object.prototype[Symbol.toStringTag]': getterOf(Object.prototype, Symbol.toStringTag),
  'Object.prototype[Symbol.iterator]': getterOf(Object.prototype, Symbol.iterator),
  'Map.prototype.get': method(Map.prototype, 'get'),
  'Map.prototype.set': method(Map.prototype, 'set'),
  'Map.prototype.has': method(Map.prototype, 'has'),
  'Map.prototype.forEach': method(Map.prototype, 'forEach'),
  'Map.prototype.size': getterOf(Map.prototype, 'size'),
  'Map.prototype[Symbol.iterator]': method(Map.prototype, Symbol.iterator),
  'Set.prototype.add': method(Set.prototype, 'add'),
  'Set.prototype.has': method(Set.prototype, 'has'),
  'Set.prototype.forEach': method(Set.prototype, 'forEach'),
  'WeakMap.prototype.get': method(WeakMap.prototype, 'get'),
  'WeakMap.prototype.set': method(WeakMap.prototype, 'set'),
  'WeakMap.prototype.has': method(WeakMap.prototype, 'has'),
  'Array.prototype.push': method(Array.prototype, 'push'),
  'Array.prototype.pop': method(Array.prototype, 'pop'),
  'Array.prototype.indexOf': method(Array.prototype, 'indexOf'),
  'Array.prototype[Symbol.iterator]': method(Array.prototype, Symbol.iterator),
  '%ArrayIteratorPrototype%.next': method(ArrayIteratorPrototype, 'next'),
  'Function.prototype.call': method(Function.prototype, 'call'),
  'Function.prototype.apply': method(Function.prototype, 'apply'),
  'Function.prototype.bind': method(Function.prototype, 'bind'),
  '%TypedArray%.prototype.set': method(TypedArrayPrototype, 'set'),
  '%TypedArray%.prototype.subarray': method(TypedArrayPrototype, 'subarray'),
  '%TypedArray%.prototype.slice': method(TypedArrayPrototype, 'slice'),
  '%TypedArray%.prototype.length': getterOf(TypedArrayPrototype, 'length'),
  '%TypedArray%.prototype.buffer': getterOf(TypedArrayPrototype, 'buffer'),
  '%TypedArray%.prototype.byteLength': getterOf(TypedArrayPrototype, 'byteLength'),
  '%TypedArray%.prototype.byteOffset': getterOf(TypedArrayPrototype, 'byteOffset'),
  'ArrayBuffer.prototype.byteLength': getterOf(ArrayBuffer.prototype, 'byteLength'),
  'ArrayBuffer.prototype.slice': method(ArrayBuffer.prototype, 'slice'),
  'ArrayBuffer.prototype.resize': method(ArrayBuffer.prototype, 'resize'),
  'DataView.prototype.byteLength': getterOf(DataView.prototype, 'byteLength'),
  'DataView.prototype.buffer': getterOf(DataView.prototype, 'buffer'),
  'WebAssembly.Memory.prototype.buffer': getterOf(WebAssembly.Memory.prototype, 'buffer'),
  'Date.prototype.getTime': method(Date.prototype, 'getTime'),
  'RegExp.prototype.exec': method(RegExp.prototype, 'exec'),
  'RegExp.prototype.flags': getterOf(RegExp.prototype, 'flags'),
  'String.prototype.slice': method(String.prototype, 'slice'),
  'String.prototype.charCodeAt': method(String.prototype, 'charCodeAt'),
  'RegExp.prototype.test': method(RegExp.prototype, 'test'),
  'TextEncoder.prototype.encodeInto': method(TextEncoder.prototype, 'encodeInto'),
  'TextDecoder.prototype.decode': method(TextDecoder.prototype, 'decode'),
  'Object.hasOwn': method(Object, 'hasOwn'),
  'globalThis.structuredClone': method(globalThis, 'structuredClone'),
  'Number.prototype.toString': method(Number.prototype, 'toString'),
  'BigInt.prototype.toString': method(BigInt.prototype, 'toString'),
  'Object.keys': method(Object, 'keys'),
  'Object.defineProperty': method(Object, 'defineProperty'),
  'Object.getPrototypeOf': method(Object, 'getPrototypeOf'),
  'Object.getOwnPropertyDescriptor': method(Object, 'getOwnPropertyDescriptor'),
  'Reflect.apply': method(Reflect, 'apply'),
  'Math.floor': method(Math, 'floor'),
  'JSON.stringify': method(JSON, 'stringify'),
  'globalThis.Map': method(globalThis, 'Map'),
  'globalThis.Uint8Array': method(globalThis, 'Uint8Array'),
  'globalThis.ArrayBuffer': method(globalThis, 'ArrayBuffer'),
  'Error.stackTraceLimit accessor': () => replace(Error, 'stackTraceLimit', { get: () => 10, set: thrower }),
};
// Without node:util, Object.prototype.toString is how Errors, Dates, ... are told apart when their
// prototype was replaced; a page's @@toStringTag getter on Object.prototype hides that (docs/structured-clone.md).
if (typeof process.getBuiltinModule !== 'function') delete TAMPERS['Object.prototype[Symbol.toStringTag]'];
