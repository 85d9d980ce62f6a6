// WebIDL argument conversion that the generated bindings cannot express: required-argument
// checks, DOMString/USVString conversion (which must throw for Symbols), BufferSource views.

/** Throws the TypeError a WebIDL operation gives when called with too few arguments. */
export const requireArguments = (function (given, required, where) {
  if (given < required) {
    throw new TypeError(
      `${where}: ${required} argument${required === 1 ? '' : 's'} required, but only ${given} present.`,
    );
  }
});

/** WebIDL DOMString: ECMAScript ToString, which throws a TypeError for a Symbol. */
export const toDOMString = (function (value) {
  if (typeof value === 'string') return value;
  if (typeof value === 'symbol') throw new TypeError('Cannot convert a Symbol value to a string');
  return `${value}`;
});

// Captured at load (a page may replace them later).
const { isWellFormed, toWellFormed } = String.prototype;

/** WebIDL USVString: DOMString with every lone surrogate replaced by U+FFFD. */
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
const sharedArrayBufferByteLength =
  typeof SharedArrayBuffer === 'function'
    ? Object.getOwnPropertyDescriptor(SharedArrayBuffer.prototype, 'byteLength').get
    : undefined;

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
