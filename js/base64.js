// HTML atob()/btoa(), Infra forgiving-base64 on bytes, and ES2026's Uint8Array base64 and hex
// (fromBase64, toBase64, setFromBase64, fromHex, toHex, setFromHex, as functions): the argument
// conversions, checks and errors, and for each call the host's own base64 code where it can
// answer (js/host/base64.js, verified when it loads), else weft's codec (js/fallback/base64.js),
// which also gives every error. No wasm: a
// wasm codec and its glue cost 12 KB gzip of download for speed on the fallback path only
// (docs/size.md, "Design choices and their measured reasons").
import { DOMException } from './dom-exception.js';
import {
  BASE64,
  BASE64URL,
  NO_LIMIT,
  decodedLengthLimit,
  exactCopy,
  forgivingDecode,
  forgivingEncode,
  decodeBase64,
  decodeHex,
  encodeBase64,
  encodeHex,
  isomorphicDecode,
  isomorphicEncode,
} from './fallback/base64.js';
import {
  hostAtob,
  hostBase64Decode,
  hostBase64Encode,
  hostBtoa,
  hostFromBase64,
  hostFromHex,
  hostSetFromBase64,
  hostSetFromHex,
  hostToBase64,
  hostToHex,
} from './host/base64.js';
import { requireArguments, toDOMString, toUint8Array } from './webidl.js';

/** An InvalidCharacterError DOMException. */
function invalidCharacter(message) {
  return new DOMException(message, 'InvalidCharacterError');
}

/** HTML `btoa(data)`: base64 of a string of code points ≤ U+00FF. */
export function btoa(data) {
  requireArguments(arguments.length, 1, 'btoa');
  data = toDOMString(data);
  const encoded = hostBtoa(data);
  if (encoded !== undefined) return encoded;
  // Isomorphic encode: every code unit must be at most U+00FF.
  const bytes = isomorphicEncode(data);
  if (bytes === undefined)
    throw invalidCharacter('btoa: the string contains a character outside the Latin1 range (above U+00FF)');
  return forgivingEncode(bytes);
}

/** HTML `atob(data)`: forgiving-base64 decode to a string of code points ≤ U+00FF. */
export function atob(data) {
  requireArguments(arguments.length, 1, 'atob');
  data = toDOMString(data);
  const decoded = hostAtob(data);
  if (decoded !== undefined) return decoded;
  const bytes = forgivingDecode(data);
  if (bytes === undefined) throw invalidCharacter('atob: the string is not valid base64');
  return isomorphicDecode(bytes);
}

/** Forgiving-base64 encode of bytes (any BufferSource). */
export function base64Encode(bytes) {
  requireArguments(arguments.length, 1, 'base64Encode');
  bytes = toUint8Array(bytes, 'base64Encode');
  // No bytes, or a view of a detached buffer (whose copy of the bytes is empty).
  if (bytes.length === 0) return '';
  return hostBase64Encode(bytes) ?? forgivingEncode(bytes);
}

/** Forgiving-base64 decode to bytes; throws an InvalidCharacterError DOMException on failure. */
export function base64Decode(data) {
  requireArguments(arguments.length, 1, 'base64Decode');
  data = toDOMString(data);
  const bytes = hostBase64Decode(data) ?? forgivingDecode(data);
  if (bytes === undefined) throw invalidCharacter('base64Decode: the string is not valid base64');
  return bytes;
}

// ES2026: ECMA-262's Uint8Array.fromBase64, fromHex and the prototype's toBase64, toHex,
// setFromBase64 and setFromHex (from TC39's proposal-arraybuffer-base64), with the step numbers of
// its algorithms. Built-ins captured at load.
const NativeUint8Array = Uint8Array;
const NativeTypeError = TypeError;
const NativeSyntaxError = SyntaxError;
const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
const typedArrayName = Object.getOwnPropertyDescriptor(TypedArrayPrototype, Symbol.toStringTag).get;
const typedArrayLength = Object.getOwnPropertyDescriptor(TypedArrayPrototype, 'length').get;
const typedArrayValues = TypedArrayPrototype.values;
const createObject = Object.create;

/** ValidateUint8Array(ta). */
function validateUint8Array(ta, where) {
  // 1-2. [[TypedArrayName]] (read by %TypedArray%.prototype[@@toStringTag], undefined for
  // anything that is not a typed array) is "Uint8Array".
  if (typedArrayName.call(ta) !== 'Uint8Array') throw new NativeTypeError(`${where}: the bytes must be a Uint8Array`);
}

/**
 * TypedArrayLength(MakeTypedArrayWithBufferWitnessRecord(ta)), after throwing the TypeError for
 * IsTypedArrayOutOfBounds (a detached buffer, or a resizable one shrunk below the view).
 */
function inBoundsLength(ta, where) {
  // The length getter gives 0 for a view out of bounds; %TypedArray%.prototype.values throws a
  // TypeError exactly for those (ValidateTypedArray), so only a length of 0 needs it.
  const length = typedArrayLength.call(ta);
  if (length === 0) {
    try {
      typedArrayValues.call(ta);
    } catch {
      throw new NativeTypeError(`${where}: the Uint8Array's buffer is detached, or the view is out of its bounds`);
    }
  }
  return length;
}

/** GetOptionsObject(options). */
function getOptionsObject(options, where) {
  // 1. undefined: an object without properties (nothing is read from Object.prototype).
  if (options === undefined) return createObject(null);
  // 2. Objects and functions.
  if ((typeof options === 'object' && options !== null) || typeof options === 'function') return options;
  // 3.
  throw new NativeTypeError(`${where}: options must be an object or undefined`);
}

/** The "alphabet" option (steps 3-5 of fromBase64 and its siblings). */
function getAlphabet(opts, where) {
  let alphabet = opts.alphabet;
  if (alphabet === undefined) alphabet = 'base64';
  // (No ToString: only the strings themselves.)
  if (alphabet !== 'base64' && alphabet !== 'base64url') {
    throw new NativeTypeError(`${where}: alphabet must be "base64" or "base64url"`);
  }
  return alphabet;
}

/** The "lastChunkHandling" option (steps 6-8 of fromBase64). */
function getLastChunkHandling(opts, where) {
  let lastChunkHandling = opts.lastChunkHandling;
  if (lastChunkHandling === undefined) lastChunkHandling = 'loose';
  if (lastChunkHandling !== 'loose' && lastChunkHandling !== 'strict' && lastChunkHandling !== 'stop-before-partial') {
    throw new NativeTypeError(`${where}: lastChunkHandling must be "loose", "strict" or "stop-before-partial"`);
  }
  return lastChunkHandling;
}

function requireString(string, where) {
  // No ToString: a string or a TypeError.
  if (typeof string !== 'string') throw new NativeTypeError(`${where}: the input must be a string`);
}

function notBase64(where, message) {
  return new NativeSyntaxError(`${where}: the string is not base64: ${message}`);
}

/**
 * `Uint8Array.fromBase64(string, options)` as a function: the bytes of `string` in base64 (or
 * base64url, with `{alphabet: 'base64url'}`); ASCII whitespace is skipped; `lastChunkHandling`
 * says what a final chunk of fewer than four characters means ("loose": decode it; "strict":
 * an error, and padding bits must be zero; "stop-before-partial": stop before it). Throws a
 * SyntaxError for input that is not base64, a TypeError for a non-string or a bad option.
 */
export function fromBase64(string, options = undefined) {
  const where = 'fromBase64';
  // 1.
  requireString(string, where);
  // 2-8.
  const opts = getOptionsObject(options, where);
  const alphabet = getAlphabet(opts, where);
  const lastChunkHandling = getLastChunkHandling(opts, where);
  const hostBytes = hostFromBase64(string, alphabet, lastChunkHandling);
  if (hostBytes !== undefined) return hostBytes;
  // 9-10. FromBase64(string, alphabet, lastChunkHandling).
  const into = new NativeUint8Array(decodedLengthLimit(string.length));
  const { written, error } = decodeBase64(string, alphabet === 'base64' ? BASE64 : BASE64URL, lastChunkHandling, into, NO_LIMIT);
  if (error !== undefined) throw notBase64(where, error);
  // 11-14. A Uint8Array of exactly those bytes.
  return written === into.length ? into : exactCopy(into, written);
}

/**
 * `Uint8Array.prototype.toBase64(options)` as a function of the Uint8Array: base64 (or
 * base64url) of its bytes, padded with '=' unless `{omitPadding: true}`.
 */
export function toBase64(bytes, options = undefined) {
  const where = 'toBase64';
  // 1-2.
  validateUint8Array(bytes, where);
  // 3-7. (The options are read before the bytes: a getter may detach or shrink the buffer.)
  const opts = getOptionsObject(options, where);
  const alphabet = getAlphabet(opts, where);
  const omitPadding = !!opts.omitPadding;
  // 8. GetUint8ArrayBytes(O).
  const length = inBoundsLength(bytes, where);
  // 9-11.
  return (
    hostToBase64(bytes, length, alphabet, omitPadding) ??
    encodeBase64(bytes, alphabet === 'base64' ? BASE64 : BASE64URL, !omitPadding, length)
  );
}

/**
 * `Uint8Array.prototype.setFromBase64(string, options)` as a function of the target: decodes
 * `string` (as fromBase64) into `into` from its start, as much as fits, and returns
 * `{read, written}`: the code units read and the bytes written. On bad input it throws the
 * SyntaxError after writing the bytes of the chunks before the error.
 */
export function setFromBase64(into, string, options = undefined) {
  const where = 'setFromBase64';
  // 1-2.
  validateUint8Array(into, where);
  // 3.
  requireString(string, where);
  // 4-10.
  const opts = getOptionsObject(options, where);
  const alphabet = getAlphabet(opts, where);
  const lastChunkHandling = getLastChunkHandling(opts, where);
  // 11-13.
  const byteLength = inBoundsLength(into, where);
  const hostResult = hostSetFromBase64(into, byteLength, string, alphabet, lastChunkHandling);
  if (hostResult !== undefined) return { read: hostResult.read, written: hostResult.written };
  // 14-19. FromBase64(string, alphabet, lastChunkHandling, byteLength), its bytes written into
  // `into` (SetUint8ArrayBytes) as they are decoded.
  const { read, written, error } = decodeBase64(
    string,
    alphabet === 'base64' ? BASE64 : BASE64URL,
    lastChunkHandling,
    into,
    byteLength,
  );
  // 20.
  if (error !== undefined) throw notBase64(where, error);
  // 21-24.
  return { read, written };
}

/** `Uint8Array.fromHex(string)` as a function: the bytes of a string of hex digit pairs (either case). */
export function fromHex(string) {
  const where = 'fromHex';
  // 1.
  requireString(string, where);
  const hostBytes = hostFromHex(string);
  if (hostBytes !== undefined) return hostBytes;
  // 2-3. FromHex(string).
  const into = new NativeUint8Array(string.length >> 1);
  const { error } = decodeHex(string, into, NO_LIMIT);
  if (error !== undefined) throw new NativeSyntaxError(`${where}: the string is not hex: ${error}`);
  // 4-7.
  return into;
}

/** `Uint8Array.prototype.toHex()` as a function of the Uint8Array: its bytes in lowercase hex. */
export function toHex(bytes) {
  const where = 'toHex';
  // 1-2.
  validateUint8Array(bytes, where);
  // 3. GetUint8ArrayBytes(O).
  const length = inBoundsLength(bytes, where);
  // 4-6.
  return hostToHex(bytes, length) ?? encodeHex(bytes, length);
}

/**
 * `Uint8Array.prototype.setFromHex(string)` as a function of the target: decodes hex into `into`
 * from its start, as much as fits; returns `{read, written}`. On bad input it throws the
 * SyntaxError after writing the bytes before the first bad pair.
 */
export function setFromHex(into, string) {
  const where = 'setFromHex';
  // 1-2.
  validateUint8Array(into, where);
  // 3.
  requireString(string, where);
  // 4-6.
  const byteLength = inBoundsLength(into, where);
  const hostResult = hostSetFromHex(into, byteLength, string);
  if (hostResult !== undefined) return { read: hostResult.read, written: hostResult.written };
  // 7-12. FromHex(string, byteLength), written into `into` as decoded.
  const { read, written, error } = decodeHex(string, into, byteLength);
  // 13.
  if (error !== undefined) throw new NativeSyntaxError(`${where}: the string is not hex: ${error}`);
  // 14-17.
  return { read, written };
}
