// What the structured clone walker and builder need from the JavaScript realm weft runs in,
// captured when the module loads so that user code replacing built-ins (Map.prototype.set,
// Array.prototype.push, the array iterator, Function.prototype.call, a global constructor)
// cannot change or observe a clone. Every brand check here reads an internal slot through a
// built-in getter or method, which works on objects from any realm; none runs user code.
//
// The clone's own bookkeeping never goes through anything a page can reach: its lists are
// Arrays with a null prototype written by index (an inherited indexed setter, such as one
// defined on Array.prototype, cannot intercept them), its maps carry the captured methods as
// own properties (see ownMap), and descriptors and option bags have a null prototype (an
// inherited `get` would otherwise make a data descriptor an accessor one).
import { DOMException } from '../dom-exception.js';
import { platformObjectName } from './platform.js';

export { platformObjectName };

export const uncurry = (fn) => (fn === undefined ? undefined : Function.prototype.call.bind(fn));
const getter = (proto, key) => {
  const descriptor = proto && Object.getOwnPropertyDescriptor(proto, key);
  return uncurry(descriptor?.get);
};

export const { defineProperty, getOwnPropertyDescriptor, getPrototypeOf, setPrototypeOf, keys: objectKeys } = Object;
export const { floor } = Math;
export const { parseInt } = Number;
export const { stringify: jsonStringify } = JSON;
export const stringSlice = uncurry(String.prototype.slice);
export const stringCharCodeAt = uncurry(String.prototype.charCodeAt);
export const numberToString = uncurry(Number.prototype.toString);
export const bigintToString = uncurry(BigInt.prototype.toString);
export const functionApply = uncurry(Function.prototype.apply);
/**
 * Whether this engine runs an uncurried call (`Function.prototype.call.bind(fn)`) far slower than
 * a plain one: JavaScriptCore (Bun, Safari) takes ~20 ns more a call (Bun 1.4.5; V8 none). Its Error
 * objects have an own `line`.
 */
export const SLOW_UNCURRIED = Object.prototype.hasOwnProperty.call(new Error(), 'line');
/** HasOwnProperty (measured faster in V8 than Object.hasOwn when called per property). */
export const hasOwn =
  SLOW_UNCURRIED && typeof Object.hasOwn === 'function' ? Object.hasOwn : uncurry(Object.prototype.hasOwnProperty);
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
export const mapSize = getter(Map.prototype, 'size');
const methodsOf = (proto, names) => names.map((name) => [name, proto[name]]);
const MapMethods = methodsOf(Map.prototype, ['get', 'set', 'has', 'delete']);
const WeakMapMethods = methodsOf(WeakMap.prototype, ['get', 'set', 'has']);
const ListMethods = methodsOf(Array.prototype, ['push', 'pop']);
const methodDescriptor = { __proto__: null, value: undefined, writable: false, enumerable: false, configurable: false };

/** Gives `object` the captured `methods` as own properties. */
function withMethods(object, methods) {
  for (let i = 0; i < methods.length; i++) {
    methodDescriptor.value = methods[i][1];
    defineProperty(object, methods[i][0], methodDescriptor);
  }
  methodDescriptor.value = undefined;
  return object;
}

// Map and WeakMap subclasses whose prototypes (private to this module) hold the methods as
// they were at load: a call costs what `map.get(key)` does (V8 inlines it, as it does not an
// uncurried call or an own method), and no replaced Map.prototype method runs.
// (Explicit constructors: the implicit one spreads its arguments through the array iterator.)
class SafeMap extends MapCtor {
  constructor() {
    super();
  }
}
withMethods(SafeMap.prototype, MapMethods);
class SafeWeakMap extends WeakMap {
  constructor() {
    super();
  }
}
withMethods(SafeWeakMap.prototype, WeakMapMethods);

/** A Map for the clone's own bookkeeping (see SafeMap); `entries`: [key, value] pairs to add. */
export function ownMap(entries) {
  const map = new SafeMap();
  if (entries !== undefined) for (let i = 0; i < entries.length; i++) map.set(entries[i][0], entries[i][1]);
  return map;
}

/** A WeakMap for the clone's own bookkeeping (see SafeMap). */
export function ownWeakMap() {
  return new SafeWeakMap();
}

// The prototype of the clone's lists: push and pop as they were at load, no indexed
// properties, a null prototype. Never handed out, so not frozen: V8 stores elements ~3× slower
// into an Array whose prototype is frozen.
const ListPrototype = withMethods({ __proto__: null }, ListMethods);

/**
 * A list for the clone's own bookkeeping: an Array whose prototype is ListPrototype, so that
 * no inherited indexed accessor (such as one defined on Array.prototype) can intercept its
 * elements. Appended to by index (`list[list.length] = x`: V8 is slower at a push it cannot
 * see is Array.prototype's).
 */
export function newList() {
  return setPrototypeOf([], ListPrototype);
}
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
export const typedArraySubarray = uncurry(TypedArrayPrototype.subarray);
export const typedArraySlice = uncurry(TypedArrayPrototype.slice);
export const typedArrayLength = getter(TypedArrayPrototype, 'length');
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
const stackTraceLimitDescriptor = { __proto__: null, value: undefined };
const hiddenDescriptor = { __proto__: null, value: undefined, writable: true, enumerable: false, configurable: true };

// V8 13 gives every Error an own accessor `stack` (one getter/setter pair for all of them); its
// deserializer makes the Error so, sets the stack through that setter, and writes the stack
// before the cause. V8 11 (Node 20) has an own data property and writes the cause first (both
// read either order; V8 13 only its own). Each host's form and order, as its native clone.
const hostStack = getOwnPropertyDescriptor(new ErrorCtor(), 'stack');
const stackSetter = hostStack !== undefined && typeof hostStack.set === 'function' ? uncurry(hostStack.set) : undefined;
export const STACK_BEFORE_CAUSE = stackSetter !== undefined;

/** Gives `error` (made by newErrorWithoutStack) its `stack` the way the host's deserializer does. */
export function setErrorStack(error, stack) {
  if (stackSetter !== undefined) {
    stackSetter(error, stack);
    return;
  }
  hiddenDescriptor.value = stack;
  defineProperty(error, 'stack', hiddenDescriptor);
  hiddenDescriptor.value = undefined;
}

/**
 * `new constructor()` without a stack trace, as V8's deserializer makes an Error (its `stack`
 * is then the serialized one, or undefined when none was serialized): a non-number
 * Error.stackTraceLimit makes V8 capture none (capturing one costs ~20 µs per Error, too).
 */
export function newErrorWithoutStack(constructor) {
  const limit = getOwnPropertyDescriptor(ErrorCtor, 'stackTraceLimit');
  if (limit === undefined || !('value' in limit) || !limit.writable || !limit.configurable) {
    const error = new constructor();
    setErrorStack(error, undefined);
    return error;
  }
  stackTraceLimitDescriptor.value = undefined;
  defineProperty(ErrorCtor, 'stackTraceLimit', stackTraceLimitDescriptor);
  try {
    return new constructor();
  } finally {
    stackTraceLimitDescriptor.value = limit.value;
    defineProperty(ErrorCtor, 'stackTraceLimit', stackTraceLimitDescriptor);
    stackTraceLimitDescriptor.value = undefined;
  }
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
  // Object.prototype.toString reads a @@toStringTag a page defined, though: then undefined
  // (unknown), and an object whose prototype chain says Error is taken to be one.
  if (toStringTag in value) return undefined;
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

// (node:util's checks where there are: a brand check that fails throws, which is slow.)
const isArrayBuffer = nodeTypes?.isArrayBuffer ?? ((v) => passes(arrayBufferByteLength, v));
const isSharedArrayBuffer = nodeTypes?.isSharedArrayBuffer ?? ((v) => passes(sharedArrayBufferByteLength, v));
/**
 * Whether `buffer`, known to be an ArrayBuffer or a SharedArrayBuffer (a view's buffer, say), is
 * the shared one. Browsers ask the ArrayBuffer brand check, which passes for the usual buffer:
 * the first exception thrown in a Chromium page costs ~0.2 ms, more than the rest of a cold
 * structuredClone of a typed array (0.14 ms; measured in Chromium 156).
 */
const isSharedBuffer = nodeTypes?.isSharedArrayBuffer ?? ((buffer) => !isArrayBuffer(buffer));

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
  [ARRAY_BUFFER, 'ArrayBuffer', isArrayBuffer],
  [SHARED_ARRAY_BUFFER, 'SharedArrayBuffer', isSharedArrayBuffer],
  [MAP, 'Map', nodeTypes?.isMap ?? ((v) => passes(mapSize, v))],
  [SET, 'Set', nodeTypes?.isSet ?? ((v) => passes(setSize, v))],
  [ERROR, 'Error', (v) => hasErrorData(v) === true],
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

const ORDINARY_KIND = [ORDINARY, 'Object'];

/** The exact kind of an object that is not an Array, a view or callable: [kind, name]. */
export function slowKind(value) {
  for (let i = 0; i < SLOW_CHECKS.length; i++) {
    const entry = SLOW_CHECKS[i];
    if (entry[2](value)) return entry;
  }
  const weft = platformObjectName(value);
  return weft === undefined ? ORDINARY_KIND : [UNCLONEABLE, weft];
}

// Without node:util (browsers), Object.prototype.toString tells Dates, RegExps, Errors,
// Booleans, Numbers, Strings and arguments objects apart without an exception; of the rest only
// the cloneable kinds are tried, whose brand checks throw for other objects: there a WeakMap,
// Promise, ... whose prototype was replaced clones as an ordinary object.
const HIDDEN_CHECKS = nodeTypes
  ? SLOW_CHECKS.filter((entry) => entry[1] !== 'WeakRef' && entry[1] !== 'FinalizationRegistry')
  : SLOW_CHECKS.filter((entry) => ['Map', 'Set', 'ArrayBuffer', 'SharedArrayBuffer', 'BigInt'].includes(entry[1]));
const BUILTIN_TAGS = ownMap(
  [
    ['[object Boolean]', BOOLEAN, 'Boolean'],
    ['[object Number]', NUMBER, 'Number'],
    ['[object String]', STRING, 'String'],
    ['[object Date]', DATE, 'Date'],
    ['[object RegExp]', REGEXP, 'RegExp'],
    ['[object Error]', ERROR, 'Error'],
    ['[object Arguments]', UNCLONEABLE, 'arguments object'],
  ].map(([tag, kind, name]) => [tag, [kind, name]]),
);
/** The prototype of the host's copy of such a built-in → its entry among HIDDEN_CHECKS. */
const HOST_COPY_KINDS = ownMap(
  [
    [Map.prototype, 'Map'],
    [Set.prototype, 'Set'],
    [ArrayBuffer.prototype, 'ArrayBuffer'],
    [SharedArrayBufferPrototype, 'SharedArrayBuffer'],
    [BigInt.prototype, 'BigInt'],
  ].map(([proto, name]) => [proto, HIDDEN_CHECKS.find((entry) => entry[1] === name)]),
);

/**
 * Browsers: the kind of an object with no own enumerable keys by the prototype of the host's
 * structuredClone copy of it (a Map whose prototype was replaced is copied as a Map), confirmed
 * by that kind's brand check, which then passes; ORDINARY_KIND for an ordinary copy; undefined
 * where there is no host clone or it throws. For an empty object this one call (~1.6 µs in
 * Chromium 156) replaces five brand checks that throw (~4 µs each there, and ~0.2 ms for the
 * first exception in a page).
 */
function hostCopyKind(value) {
  if (hostStructuredClone === undefined) return undefined;
  let copy;
  try {
    copy = hostStructuredClone(value);
  } catch {
    return undefined;
  }
  if (copy === null || typeof copy !== 'object') return undefined;
  const entry = HOST_COPY_KINDS.get(getPrototypeOf(copy));
  if (entry === undefined) return ORDINARY_KIND;
  return entry[2](value) ? entry : undefined;
}

/**
 * The kind of an object that looks ordinary by its prototype chain and has no own enumerable
 * string keys but for `keys` (none, or a String object's indices): a Map, Date, Error, ... whose
 * prototype was replaced with Object.prototype or null (or with an ordinary object's) still has
 * its internal slots, which decide. (Objects with other own keys are taken to be ordinary:
 * checking every object would cost the common case 10–20 %: docs/structured-clone.md, "Types,
 * realms and a page that changed its built-ins".)
 */
// prettier-ignore
export const hiddenKind = (function (value, keys) {
  const known = nodeTypes ? undefined : kindWithoutExceptions(value, keys);
  if (known !== undefined && known !== ORDINARY_KIND) return known;
  if (known === undefined) {
    for (let i = 0; i < HIDDEN_CHECKS.length; i++) {
      const entry = HIDDEN_CHECKS[i];
      if (entry[2](value)) return entry;
    }
  }
  const weft = platformObjectName(value);
  return weft === undefined ? ORDINARY_KIND : [UNCLONEABLE, weft];
});

/**
 * Browsers: hiddenKind's answer where it needs no brand check that throws (Object.prototype.toString's
 * tag, then the host's copy), ORDINARY_KIND where no built-in kind remains, undefined where the
 * brand checks must decide.
 */
function kindWithoutExceptions(value, keys) {
  if (!(toStringTag in value)) {
    const tagged = BUILTIN_TAGS.get(objectToString(value));
    if (tagged !== undefined) return tagged;
  }
  // Indices that are not a String object's (its tag says): an ordinary object, as is any other
  // built-in object with an added key.
  if (keys.length > 0) return ORDINARY_KIND;
  return hostCopyKind(value);
}

const wasmPrototype = (name) => globalThis.WebAssembly?.[name]?.prototype;
const CHECKS_BY_NAME = ownMap([
  ...SLOW_CHECKS.map(([, name, check]) => [name, check]),
  ['Error', (v) => hasErrorData(v) !== false],
  ['WebAssembly.Table', (v) => passes(getter(wasmPrototype('Table'), 'length'), v)],
  ['WebAssembly.Global', (v) => passes(uncurry(wasmPrototype('Global')?.valueOf), v)],
  ['WebAssembly.Instance', (v) => passes(getter(wasmPrototype('Instance'), 'exports'), v)],
]);

/** Confirms what a prototype suggests with the kind's brand check (in parentheses: see walker.js). */
// prettier-ignore
export const confirmKind = (function (name, value) {
  const check = CHECKS_BY_NAME.get(name);
  // Kinds without a side-effect-free check (Promise, generators, iterators in browsers): an
  // object inheriting from their prototype is taken to be one.
  return check === undefined || check(value);
});

/**
 * The realm's intrinsic prototypes → [kind, name]. An object whose prototype chain reaches one
 * of these first is (after a confirming brand check) of that kind.
 */
export const intrinsicPrototypes = ownMap();
{
  const add = (proto, kind, name) => proto && intrinsicPrototypes.set(proto, [kind, name, proto]);
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
  // WebAssembly.Module is serializable (not for storage) and so is a shared WebAssembly.Memory;
  // the host's clone decides (see clonePlatformObject). The other WebAssembly objects are not.
  const wasm = globalThis.WebAssembly;
  add(wasm?.Module?.prototype, PLATFORM, 'WebAssembly.Module');
  add(wasm?.Memory?.prototype, PLATFORM, 'WebAssembly.Memory');
  for (const name of ['Table', 'Global', 'Instance', 'Tag', 'Exception']) {
    add(wasm?.[name]?.prototype, UNCLONEABLE, `WebAssembly.${name}`);
  }
}

/** DOMException, which weft serializes itself (WebIDL [Serializable]): the host's or webweft's. */
export const DOMExceptionCtor = DOMException;
export const domExceptionName = getter(DOMExceptionCtor.prototype, 'name');
export const domExceptionMessage = getter(DOMExceptionCtor.prototype, 'message');

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
 * Globals that a host loads on first read are read on first use instead: loading them runs host
 * code that reads other globals, which a script requiring this package may be declaring
 * (`const { TextDecoder } = require(...)`, still uninitialized), and costs start-up time. Those
 * are the accessors (Node 20's lazy globals), fetch's, and in Node the interfaces it implements
 * in JavaScript: Node 24 makes them look like data properties, loaded even to describe them
 * (measured: CryptoKey 3 ms, the streams 2 ms each, messaging 1.3 ms of a require).
 */
const platformPrototypes = ownMap();
let accessorPlatformNames = [];
const FETCH_GLOBALS = ['Response', 'Request', 'Headers', 'FormData', 'WebSocket'];
const readLater =
  typeof globalThis.process?.versions?.node === 'string'
    ? FETCH_GLOBALS.concat([
        'MessagePort',
        'MessageChannel',
        'BroadcastChannel',
        'CryptoKey',
        'ReadableStream',
        'WritableStream',
        'TransformStream',
        'AbortController',
        'AbortSignal',
      ])
    : FETCH_GLOBALS;
const addPlatformInterface = (name, proto) => {
  if (proto && !platformPrototypes.has(proto)) platformPrototypes.set(proto, name);
};
for (const name of [
  'Blob',
  'File',
  'FileList',
  'ImageData',
  'ImageBitmap',
  'MessagePort',
  'MessageChannel',
  'DOMMatrix',
  'DOMMatrixReadOnly',
  'DOMPoint',
  'DOMPointReadOnly',
  'DOMRect',
  'DOMRectReadOnly',
  'DOMQuad',
  'CryptoKey',
  'RTCCertificate',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'OffscreenCanvas',
  'VideoFrame',
  'AudioData',
  'EncodedAudioChunk',
  'EncodedVideoChunk',
  'FileSystemHandle',
  'FileSystemFileHandle',
  'FileSystemDirectoryHandle',
  'Response',
  'Request',
  'Headers',
  'FormData',
  'URL',
  'URLSearchParams',
  'AbortController',
  'AbortSignal',
  'Event',
  'EventTarget',
  'TextEncoder',
  'TextDecoder',
  'BroadcastChannel',
  'Worker',
  'WebSocket',
  'Node',
  'Window',
  'WorkerGlobalScope',
]) {
  if (readLater.includes(name)) {
    accessorPlatformNames.push(name);
    continue;
  }
  const own = getOwnPropertyDescriptor(globalThis, name);
  if (own !== undefined && !('value' in own)) accessorPlatformNames.push(name);
  else addPlatformInterface(name, globalThis[name]?.prototype);
}
platformPrototypes.delete(DOMExceptionCtor.prototype);

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
    platformPrototypes.delete(DOMExceptionCtor.prototype);
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
  return typeof clone === 'function' && !hasOwn(clone, Symbol.for('weft.implementation')) ? clone : undefined;
})();

const getOwnPropertyNames = Object.getOwnPropertyNames;
const moduleExports = globalThis.WebAssembly?.Module?.exports;
/** Interface prototype → its brand check (undefined: none found). */
const brandChecks = ownMap([
  [BlobCtor?.prototype, blobSize],
  [FileCtor?.prototype, fileName],
  [globalThis.WebAssembly?.Module?.prototype, moduleExports],
]);

/**
 * Whether `value`, which inherits from the platform interface prototype `proto`, is an object
 * of that interface (`Object.create(Blob.prototype)` is an ordinary object). WebIDL attribute
 * getters check their receiver's brand, so the interface's first one says (weft's own checks
 * for Blob, File and WebAssembly.Module); an interface without one is taken at its prototype's
 * word.
 */
export function isPlatformInstance(value, proto) {
  if (!brandChecks.has(proto)) addBrandCheck(proto); // an interface found after load
  const check = brandChecks.get(proto);
  return check === undefined || passes(check, value);
}

function addBrandCheck(proto) {
  if (brandChecks.has(proto)) return;
  const names = getOwnPropertyNames(proto);
  let check;
  for (let i = 0; i < names.length && check === undefined; i++) {
    check = uncurry(getOwnPropertyDescriptor(proto, names[i]).get);
  }
  brandChecks.set(proto, check);
}
// The known interfaces' checks are taken at load, before a page could replace a getter.
platformPrototypes.forEach((name, proto) => addBrandCheck(proto));

/**
 * An iterable of one value that uses no iterator a page can replace: a File's blobParts, a
 * transfer list for the host's structuredClone.
 */
export function iterableOf(value) {
  return {
    __proto__: null,
    [Symbol.iterator]() {
      let done = false;
      return {
        __proto__: null,
        next() {
          const result = { __proto__: null, done, value: done ? undefined : value };
          done = true;
          return result;
        },
      };
    },
  };
}

/**
 * A platform object's serialization and deserialization steps, run in process: weft's own for
 * Blob and File (immutable, so a new object over the same data is exact), the host's
 * structuredClone of the object alone for the rest (WebAssembly.Module, CryptoKey, ...). The
 * host's result must be an instance of an interface the object implements (Node clones the
 * platform objects it implements in JavaScript, such as Response, as plain objects). Undefined
 * if the object is not serializable.
 */
export function clonePlatformObject(value, name) {
  if ((name === 'Blob' || name === 'File') && passes(blobSize, value)) {
    // A File has a name (Bun's File and Blob share one prototype; its name getter tells them apart).
    if (FileCtor !== undefined && isFile(value)) {
      const options = { __proto__: null, type: blobType(value), lastModified: fileLastModified(value) };
      try {
        return new FileCtor(iterableOf(value), fileName(value), options);
      } catch {
        // Bun's File takes only an Array of parts (an array literal defines its element, so no
        // Array.prototype setter sees it; Bun then iterates it).
        return new FileCtor([value], fileName(value), options);
      }
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
  // A plain object (whose prototype is some realm's Object.prototype) is how a host clones what
  // it does not serialize. (Node's CryptoKey copies share the original's internal class, not
  // the global CryptoKey: any prototype on the original's chain will do.)
  if (proto === null || getPrototypeOf(proto) === null) return undefined;
  for (let p = getPrototypeOf(value); p !== null; p = getPrototypeOf(p)) {
    if (p === proto) return clone;
  }
  return undefined;
}

/** A "DataCloneError" DOMException. */
export function dataCloneError(message) {
  return new DOMExceptionCtor(message, 'DataCloneError');
}

/** Whether `error` is a DataCloneError DOMException (from any realm). */
export function isDataCloneError(error) {
  try {
    return domExceptionName !== undefined && domExceptionName(error) === 'DataCloneError';
  } catch {
    return error?.name === 'DataCloneError';
  }
}

export { passes, isArrayBuffer, isSharedArrayBuffer, isSharedBuffer };
