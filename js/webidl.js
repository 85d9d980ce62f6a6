// WebIDL argument conversion that the generated bindings cannot express: required-argument
// checks, DOMString/USVString conversion (which must throw for Symbols), BufferSource views; and
// the shape WebIDL gives an interface's class.

/** Throws the TypeError a WebIDL operation gives when called with too few arguments. */
// prettier-ignore
export const requireArguments = (function (given, required, where) {
  if (given < required) {
    throw new TypeError(
      `${where}: ${required} argument${required === 1 ? '' : 's'} required, but only ${given} present.`,
    );
  }
});

/** WebIDL DOMString: ECMAScript ToString, which throws a TypeError for a Symbol. */
// prettier-ignore
export const toDOMString = (function (value) {
  if (typeof value === 'string') return value;
  if (typeof value === 'symbol') throw new TypeError('Cannot convert a Symbol value to a string');
  return `${value}`;
});

// Captured at load (a page may replace them later), in pure calls that a bundle without
// USVStrings drops.
const isWellFormed = /* @__PURE__ */ (() => String.prototype.isWellFormed)();
const toWellFormed = /* @__PURE__ */ (() => String.prototype.toWellFormed)();

/** WebIDL USVString: DOMString with every lone surrogate replaced by U+FFFD. */
// prettier-ignore
export const toUSVString = (function (value) {
  const string = toDOMString(value);
  if (toWellFormed === undefined) return replaceLoneSurrogates(string);
  return isWellFormed.call(string) ? string : toWellFormed.call(string);
});

function replaceLoneSurrogates(string) {
  // Only for hosts without String.prototype.toWellFormed; a no-op for well-formed input.
  return string.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/**
 * WebIDL BufferSource (ArrayBuffer, SharedArrayBuffer or any ArrayBufferView) as a Uint8Array
 * over the same bytes, respecting the view's offset and length.
 */
export function toUint8Array(value, where) {
  if (value instanceof Uint8Array) return value;
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (isArrayBuffer(value)) return new Uint8Array(value);
  throw new TypeError(`${where}: the argument is not an ArrayBuffer, SharedArrayBuffer or ArrayBufferView.`);
}

/** ArrayBuffer.prototype.byteLength's getter, captured at load (also a brand check). */
export const arrayBufferByteLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength').get;
const sharedArrayBufferByteLength = /* @__PURE__ */ (() =>
  typeof SharedArrayBuffer === 'function'
    ? Object.getOwnPropertyDescriptor(SharedArrayBuffer.prototype, 'byteLength').get
    : undefined)();

/** Brand check that works across realms (instanceof does not). */
function isArrayBuffer(value) {
  for (const getter of [arrayBufferByteLength, sharedArrayBufferByteLength]) {
    if (!getter) continue;
    try {
      getter.call(value);
      return true;
    } catch {
      // not this kind of buffer
    }
  }
  return false;
}

/**
 * Gives a class WebIDL's shape (WebIDL §3.7): its regular and static members enumerable, a
 * @@toStringTag of `name` on its prototype, and `name` as its name (a bundler may rename a class
 * whose name shadows a global). Returns the class.
 */
export function webidlInterface(constructor, name) {
  const prototype = constructor.prototype;
  for (const target of [prototype, constructor]) {
    for (const key of Object.getOwnPropertyNames(target)) {
      const { configurable, writable } = Object.getOwnPropertyDescriptor(target, key);
      // Not the prototype's `constructor`, nor the class's `prototype` (non-configurable),
      // `length` and `name` (read-only), nor the non-configurable `arguments` and `caller` of a
      // class lowered by Babel (for Hermes).
      if (key !== 'constructor' && configurable && writable !== false) Object.defineProperty(target, key, { enumerable: true });
    }
  }
  Object.defineProperty(prototype, Symbol.toStringTag, { value: name, configurable: true });
  Object.defineProperty(constructor, 'name', { value: name, configurable: true });
  return constructor;
}
