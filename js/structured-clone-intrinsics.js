// What the structured clone walker and builder need from the JavaScript realm weft runs in,
// captured when the module loads so that user code replacing built-ins (Map.prototype.set,
// Array.prototype.push, a global constructor) cannot change or observe a clone. Every brand
// check here reads an internal slot through a built-in getter or method, which works on objects
// from any realm; none runs user code.

const uncurry = (fn) => (fn === undefined ? undefined : Function.prototype.call.bind(fn));
const getter = (proto, key) => {
  const descriptor = proto && Object.getOwnPropertyDescriptor(proto, key);
  return uncurry(descriptor?.get);
};

export const { defineProperty, getOwnPropertyDescriptor, getPrototypeOf, keys: objectKeys } = Object;
/** HasOwnProperty (measured faster in V8 than Object.hasOwn when called per property). */
export const hasOwn = uncurry(Object.prototype.hasOwnProperty);
export const ObjectCtor = Object;
export const ObjectPrototype = Object.prototype;
export const { isArray } = Array;
export const ArrayCtor = Array;
export const ArrayPrototype = Array.prototype;
export const MapCtor = Map;
export const SetCtor = Set;
export const DateCtor = Date;
export const RegExpCtor = RegExp;
export const ArrayBufferCtor = ArrayBuffer;
export const Uint8ArrayCtor = Uint8Array;
export const BigIntCtor = BigInt;
export const { fromCharCode } = String;
export const { isView } = ArrayBuffer;
export const toStringTag = Symbol.toStringTag;
export const objectToString = uncurry(Object.prototype.toString);

export const mapSet = uncurry(Map.prototype.set);
export const setAdd = uncurry(Set.prototype.add);
export const mapForEach = uncurry(Map.prototype.forEach);
export const setForEach = uncurry(Set.prototype.forEach);
const mapSize = getter(Map.prototype, 'size');
const setSize = getter(Set.prototype, 'size');
export const arrayBufferByteLength = getter(ArrayBuffer.prototype, 'byteLength');
export const arrayBufferMaxByteLength = getter(ArrayBuffer.prototype, 'maxByteLength');
export const arrayBufferResizable = getter(ArrayBuffer.prototype, 'resizable');
export const arrayBufferDetached = getter(ArrayBuffer.prototype, 'detached');
export const arrayBufferResize = uncurry(ArrayBuffer.prototype.resize);
export const arrayBufferTransfer = uncurry(ArrayBuffer.prototype.transfer);
const SharedArrayBufferPrototype = globalThis.SharedArrayBuffer?.prototype;
export const sharedArrayBufferByteLength = getter(SharedArrayBufferPrototype, 'byteLength');
export const sharedArrayBufferGrowable = getter(SharedArrayBufferPrototype, 'growable');

const TypedArrayPrototype = getPrototypeOf(Uint8Array.prototype);
export const typedArrayName = getter(TypedArrayPrototype, Symbol.toStringTag);
export const typedArrayBuffer = getter(TypedArrayPrototype, 'buffer');
export const typedArrayByteOffset = getter(TypedArrayPrototype, 'byteOffset');
export const typedArrayByteLength = getter(TypedArrayPrototype, 'byteLength');
export const typedArrayAt = uncurry(TypedArrayPrototype.at);
export const typedArraySet = uncurry(TypedArrayPrototype.set);
export const dataViewBuffer = getter(DataView.prototype, 'buffer');
export const dataViewByteOffset = getter(DataView.prototype, 'byteOffset');
export const dataViewByteLength = getter(DataView.prototype, 'byteLength');

export const booleanValue = uncurry(Boolean.prototype.valueOf);
export const numberValue = uncurry(Number.prototype.valueOf);
export const stringValue = uncurry(String.prototype.valueOf);
export const bigintValue = uncurry(BigInt.prototype.valueOf);
const symbolValue = uncurry(Symbol.prototype.valueOf);
export const dateValue = uncurry(Date.prototype.getTime);
export const regexpSource = getter(RegExp.prototype, 'source');
/** [[OriginalFlags]] bit by bit, in V8's serialization bits (see the codec's module docs). */
export const regexpFlagGetters = [
  [getter(RegExp.prototype, 'global'), 1, 'g'],
  [getter(RegExp.prototype, 'ignoreCase'), 2, 'i'],
  [getter(RegExp.prototype, 'multiline'), 4, 'm'],
  [getter(RegExp.prototype, 'sticky'), 8, 'y'],
  [getter(RegExp.prototype, 'unicode'), 16, 'u'],
  [getter(RegExp.prototype, 'dotAll'), 32, 's'],
  [getter(RegExp.prototype, 'hasIndices'), 128, 'd'],
  [getter(RegExp.prototype, 'unicodeSets'), 256, 'v'],
].filter(([get]) => get !== undefined);
const weakMapHas = uncurry(WeakMap.prototype.has);
const weakSetHas = uncurry(WeakSet.prototype.has);
const weakRefDeref = uncurry(globalThis.WeakRef?.prototype.deref);
const finalizationRegistryUnregister = uncurry(globalThis.FinalizationRegistry?.prototype.unregister);

export const ErrorConstructors = [Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError];
export const ErrorNames = ErrorConstructors.map((c) => c.name);
const ErrorCtor = Error;
const captureStackTrace = Error.captureStackTrace;

/**
 * `new constructor()` without capturing a stack trace, for an Error whose serialized stack is
 * about to replace it: in V8 capturing and then redefining `stack` costs ~20 µs per Error.
 */
export function newErrorWithoutStack(constructor) {
  const limit = getOwnPropertyDescriptor(ErrorCtor, 'stackTraceLimit');
  if (limit === undefined || !('value' in limit) || !limit.writable) return new constructor();
  ErrorCtor.stackTraceLimit = 0;
  try {
    return new constructor();
  } finally {
    ErrorCtor.stackTraceLimit = limit.value;
  }
}

/** Gives an Error made by newErrorWithoutStack the current stack, as V8's deserializer would. */
export function captureStack(error) {
  if (typeof captureStackTrace === 'function') captureStackTrace(error);
}
const isErrorBuiltin = Error.isError;

// Node, Deno and Bun expose V8's exact type checks (no exception, no user code) as
// node:util's `types`; browsers have no equivalent, so there the checks below fall back to
// prototypes and brand checks, and Proxies cannot be told apart from their targets.
const nodeTypes = (() => {
  try {
    return globalThis.process?.getBuiltinModule?.('node:util')?.types;
  } catch {
    return undefined;
  }
})();
export const isProxy = nodeTypes?.isProxy;
const isNativeError = nodeTypes?.isNativeError;

/** Whether a brand check passes (the getter or method accepts `value`). */
function passes(check, value) {
  if (check === undefined) return false;
  try {
    check(value);
    return true;
  } catch {
    return false;
  }
}

/** Whether `value` has an [[ErrorData]] internal slot. */
function hasErrorData(value) {
  if (isErrorBuiltin) return isErrorBuiltin(value);
  if (isNativeError) return isNativeError(value);
  // [[ErrorData]] is what makes the built-in tag "Error"; Error prototypes have no @@toStringTag.
  return objectToString(value) === '[object Error]';
}

// The value kinds of StructuredSerializeInternal's type dispatch.
export const ORDINARY = 0;
export const ARRAY = 1;
export const VIEW = 2;
export const BOOLEAN = 3;
export const NUMBER = 4;
export const BIGINT = 5;
export const STRING = 6;
export const DATE = 7;
export const REGEXP = 8;
export const ARRAY_BUFFER = 9;
export const SHARED_ARRAY_BUFFER = 10;
export const MAP = 11;
export const SET = 12;
export const ERROR = 13;
export const DOM_EXCEPTION = 14;
export const PLATFORM = 15;
export const REGISTERED = 16;
/** An object DataCloneError must reject: `name` says what it is. */
export const UNCLONEABLE = 17;

const isArrayBuffer = (v) => passes(arrayBufferByteLength, v);
const isSharedArrayBuffer = (v) => passes(sharedArrayBufferByteLength, v);

/**
 * Exact kind checks in the specification's order, for objects whose prototype does not tell
 * (another realm, a replaced prototype). [kind, name, check]; every check is free of user code.
 */
const SLOW_CHECKS = [
  [BOOLEAN, 'Boolean', nodeTypes?.isBooleanObject ?? ((v) => passes(booleanValue, v))],
  [NUMBER, 'Number', nodeTypes?.isNumberObject ?? ((v) => passes(numberValue, v))],
  [BIGINT, 'BigInt', nodeTypes?.isBigIntObject ?? ((v) => passes(bigintValue, v))],
  [STRING, 'String', nodeTypes?.isStringObject ?? ((v) => passes(stringValue, v))],
  [DATE, 'Date', nodeTypes?.isDate ?? ((v) => passes(dateValue, v))],
  // The flag getters accept this realm's RegExp.prototype too, which has no [[OriginalFlags]].
  [REGEXP, 'RegExp', nodeTypes?.isRegExp ?? ((v) => v !== RegExp.prototype && passes(regexpFlagGetters[0][0], v))],
  [ARRAY_BUFFER, 'ArrayBuffer', nodeTypes?.isArrayBuffer ?? isArrayBuffer],
  [SHARED_ARRAY_BUFFER, 'SharedArrayBuffer', nodeTypes?.isSharedArrayBuffer ?? isSharedArrayBuffer],
  [MAP, 'Map', nodeTypes?.isMap ?? ((v) => passes(mapSize, v))],
  [SET, 'Set', nodeTypes?.isSet ?? ((v) => passes(setSize, v))],
  [ERROR, 'Error', hasErrorData],
  [UNCLONEABLE, 'Symbol object', nodeTypes?.isSymbolObject ?? ((v) => passes(symbolValue, v))],
  [UNCLONEABLE, 'WeakMap', nodeTypes?.isWeakMap ?? ((v) => passes((x) => weakMapHas(x, ObjectPrototype), v))],
  [UNCLONEABLE, 'WeakSet', nodeTypes?.isWeakSet ?? ((v) => passes((x) => weakSetHas(x, ObjectPrototype), v))],
  [UNCLONEABLE, 'WeakRef', (v) => passes(weakRefDeref, v)],
  [UNCLONEABLE, 'FinalizationRegistry', (v) => passes((x) => finalizationRegistryUnregister(x, ObjectPrototype), v)],
  [UNCLONEABLE, 'Promise', nodeTypes?.isPromise],
  [UNCLONEABLE, 'generator object', nodeTypes?.isGeneratorObject],
  [UNCLONEABLE, 'Map iterator', nodeTypes?.isMapIterator],
  [UNCLONEABLE, 'Set iterator', nodeTypes?.isSetIterator],
  [UNCLONEABLE, 'arguments object', nodeTypes?.isArgumentsObject ?? ((v) => objectToString(v) === '[object Arguments]')],
  [UNCLONEABLE, 'module namespace object', nodeTypes?.isModuleNamespaceObject],
].filter(([, , check]) => check !== undefined);

/** The exact kind of an object that is not an Array, a view or callable: [kind, name]. */
export function slowKind(value) {
  for (const [kind, name, check] of SLOW_CHECKS) {
    if (check(value)) return [kind, name];
  }
  return [ORDINARY, 'Object'];
}

const CHECKS_BY_NAME = new Map(SLOW_CHECKS.map(([, name, check]) => [name, check]));

/** Confirms what a prototype suggests with the kind's brand check. */
export function confirmKind(name, value) {
  const check = CHECKS_BY_NAME.get(name);
  // Kinds without a side-effect-free check (Promise, generators, iterators in browsers): an
  // object inheriting from their prototype is taken to be one.
  return check === undefined || check(value);
}

/**
 * The realm's intrinsic prototypes → [kind, name]. An object whose prototype chain reaches one
 * of these first is (after a confirming brand check) of that kind.
 */
export const intrinsicPrototypes = new Map();
{
  const add = (proto, kind, name) => proto && intrinsicPrototypes.set(proto, [kind, name]);
  add(ObjectPrototype, ORDINARY, 'Object');
  add(ArrayPrototype, ARRAY, 'Array');
  add(Boolean.prototype, BOOLEAN, 'Boolean');
  add(Number.prototype, NUMBER, 'Number');
  add(BigInt.prototype, BIGINT, 'BigInt');
  add(String.prototype, STRING, 'String');
  add(Date.prototype, DATE, 'Date');
  add(RegExp.prototype, REGEXP, 'RegExp');
  add(ArrayBuffer.prototype, ARRAY_BUFFER, 'ArrayBuffer');
  add(SharedArrayBufferPrototype, SHARED_ARRAY_BUFFER, 'SharedArrayBuffer');
  add(Map.prototype, MAP, 'Map');
  add(Set.prototype, SET, 'Set');
  for (const constructor of [...ErrorConstructors, globalThis.AggregateError, globalThis.SuppressedError]) {
    add(constructor?.prototype, ERROR, 'Error');
  }
  add(Symbol.prototype, UNCLONEABLE, 'Symbol object');
  add(WeakMap.prototype, UNCLONEABLE, 'WeakMap');
  add(WeakSet.prototype, UNCLONEABLE, 'WeakSet');
  add(globalThis.WeakRef?.prototype, UNCLONEABLE, 'WeakRef');
  add(globalThis.FinalizationRegistry?.prototype, UNCLONEABLE, 'FinalizationRegistry');
  add(Promise.prototype, UNCLONEABLE, 'Promise');
  // %GeneratorPrototype% (its prototype is %IteratorPrototype%, Iterator.prototype where exposed).
  add(getPrototypeOf(function* () {}).prototype, UNCLONEABLE, 'generator object');
  add(getPrototypeOf(async function* () {}).prototype, UNCLONEABLE, 'async generator object');
  add(getPrototypeOf([][Symbol.iterator]()), UNCLONEABLE, 'Array iterator');
  add(getPrototypeOf(new Map()[Symbol.iterator]()), UNCLONEABLE, 'Map iterator');
  add(getPrototypeOf(new Set()[Symbol.iterator]()), UNCLONEABLE, 'Set iterator');
  add(getPrototypeOf(''[Symbol.iterator]()), UNCLONEABLE, 'String iterator');
  add(getPrototypeOf(/a/[Symbol.matchAll]('')), UNCLONEABLE, 'RegExp String iterator');
  add(globalThis.Iterator?.prototype, UNCLONEABLE, 'iterator');
  add(globalThis.DisposableStack?.prototype, UNCLONEABLE, 'DisposableStack');
  add(globalThis.AsyncDisposableStack?.prototype, UNCLONEABLE, 'AsyncDisposableStack');
  for (const name of Object.getOwnPropertyNames(globalThis.Intl ?? {})) {
    const constructor = globalThis.Intl[name];
    if (typeof constructor === 'function' && constructor.prototype) {
      add(constructor.prototype, UNCLONEABLE, `Intl.${name}`);
    }
  }
}

/** DOMException, which weft serializes itself (WebIDL [Serializable]). */
export const DOMExceptionCtor = globalThis.DOMException;
export const domExceptionName = getter(DOMExceptionCtor?.prototype, 'name');
export const domExceptionMessage = getter(DOMExceptionCtor?.prototype, 'message');

/** Blob and File, whose serialization steps weft runs itself (in process: a Blob is immutable). */
const BlobCtor = globalThis.Blob;
const FileCtor = globalThis.File;
const blobSize = getter(BlobCtor?.prototype, 'size');
const blobType = getter(BlobCtor?.prototype, 'type');
const blobSlice = uncurry(BlobCtor?.prototype.slice);
const fileName = getter(FileCtor?.prototype, 'name');
const fileLastModified = getter(FileCtor?.prototype, 'lastModified');
const isFile = (value) => {
  try {
    return typeof fileName(value) === 'string';
  } catch {
    return false;
  }
};

/**
 * Platform interfaces by name, snapshot at load so that deleting a global (as a WPT test does)
 * does not make its objects look ordinary. Others are recognized by the WebIDL rule below.
 * Globals that are accessors (Node loads fetch, WebSocket, ... on first read) are read on first
 * use instead: loading them runs host code that reads other globals, which a script requiring
 * this package may be declaring (`const { TextDecoder } = require(...)`, still uninitialized).
 */
const platformPrototypes = new Map();
let accessorPlatformNames = [];
const FETCH_GLOBALS = ['Response', 'Request', 'Headers', 'FormData', 'WebSocket'];
const addPlatformInterface = (name, proto) => {
  if (proto && !platformPrototypes.has(proto)) platformPrototypes.set(proto, name);
};
for (const name of [
  'Blob', 'File', 'FileList', 'ImageData', 'ImageBitmap', 'MessagePort', 'MessageChannel', 'DOMMatrix',
  'DOMMatrixReadOnly', 'DOMPoint', 'DOMPointReadOnly', 'DOMRect', 'DOMRectReadOnly', 'DOMQuad', 'CryptoKey',
  'RTCCertificate', 'ReadableStream', 'WritableStream', 'TransformStream', 'OffscreenCanvas', 'VideoFrame',
  'AudioData', 'EncodedAudioChunk', 'EncodedVideoChunk', 'FileSystemHandle', 'FileSystemFileHandle',
  'FileSystemDirectoryHandle', 'Response', 'Request', 'Headers', 'FormData', 'URL', 'URLSearchParams',
  'AbortController', 'AbortSignal', 'Event', 'EventTarget', 'TextEncoder', 'TextDecoder', 'BroadcastChannel',
  'Worker', 'WebSocket', 'Node', 'Window', 'WorkerGlobalScope',
]) {
  // Node 24 loads undici even to describe these (they look like data properties): always later.
  if (FETCH_GLOBALS.includes(name)) {
    accessorPlatformNames.push(name);
    continue;
  }
  const own = getOwnPropertyDescriptor(globalThis, name);
  if (own !== undefined && !('value' in own)) accessorPlatformNames.push(name);
  else addPlatformInterface(name, globalThis[name]?.prototype);
}
platformPrototypes.delete(DOMExceptionCtor?.prototype);

/**
 * The interface name if `proto` is a platform interface prototype object: WebIDL gives every
 * one an own @@toStringTag data property naming the interface, whose constructor the global
 * exposes with that prototype. (Whether the global still does is checked live, so interfaces
 * added after load count too.)
 */
export function platformInterfaceName(proto) {
  if (accessorPlatformNames.length > 0) {
    const names = accessorPlatformNames;
    accessorPlatformNames = [];
    for (const name of names) addPlatformInterface(name, globalThis[name]?.prototype);
    platformPrototypes.delete(DOMExceptionCtor?.prototype);
  }
  const known = platformPrototypes.get(proto);
  if (known !== undefined) return known;
  const tag = getOwnPropertyDescriptor(proto, toStringTag);
  if (tag === undefined || typeof tag.value !== 'string') return undefined;
  const global = getOwnPropertyDescriptor(globalThis, tag.value);
  if (typeof global?.value !== 'function') return undefined;
  return getOwnPropertyDescriptor(global.value, 'prototype')?.value === proto ? tag.value : undefined;
}

/** The host's own structuredClone, for platform objects only the host can serialize. */
export const hostStructuredClone = (() => {
  const clone = globalThis.structuredClone;
  return typeof clone === 'function' && !clone.weftImplementation ? clone : undefined;
})();

/**
 * A platform object's serialization and deserialization steps, run in process: weft's own for
 * Blob and File (immutable, so a new object over the same data is exact), the host's
 * structuredClone of the object alone for the rest. The host's result must be an instance of a
 * platform interface the object implements (hosts clone objects they do not know as plain
 * ones). Undefined if the object is not serializable.
 */
export function clonePlatformObject(value, name) {
  if ((name === 'Blob' || name === 'File') && passes(blobSize, value)) {
    // A File has a name (Bun's File and Blob share one prototype; its name getter tells them apart).
    if (FileCtor !== undefined && isFile(value)) {
      return new FileCtor([value], fileName(value), { type: blobType(value), lastModified: fileLastModified(value) });
    }
    return blobSlice(value, 0, blobSize(value), blobType(value));
  }
  if (hostStructuredClone === undefined) return undefined;
  let clone;
  try {
    clone = hostStructuredClone(value);
  } catch (error) {
    if (isDataCloneError(error)) return undefined;
    throw error;
  }
  if (clone === null || typeof clone !== 'object') return undefined;
  const proto = getPrototypeOf(clone);
  if (proto === null || platformInterfaceName(proto) === undefined) return undefined;
  for (let p = getPrototypeOf(value); p !== null; p = getPrototypeOf(p)) {
    if (p === proto) return clone;
  }
  return undefined;
}

/** A "DataCloneError" DOMException (an Error named so where the host has no DOMException). */
export function dataCloneError(message) {
  if (typeof DOMExceptionCtor === 'function') return new DOMExceptionCtor(message, 'DataCloneError');
  const error = new Error(message);
  error.name = 'DataCloneError';
  return error;
}

/** Whether `error` is a DataCloneError DOMException (from any realm). */
export function isDataCloneError(error) {
  try {
    return domExceptionName !== undefined && domExceptionName(error) === 'DataCloneError';
  } catch {
    return error?.name === 'DataCloneError';
  }
}

export { passes, isArrayBuffer, isSharedArrayBuffer };
