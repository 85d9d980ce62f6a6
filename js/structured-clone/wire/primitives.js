// Reading the wire format's values: varints, doubles, one-byte, two-byte and UTF-8 strings (the
// decoding window and the key cache), BigInts and view headers. Each helper takes a position and
// leaves where its read ended in `after`; readWire (validator.js) and deserialize()'s direct
// reader (../reader.js) share them.
import * as I from '../intrinsics.js';
import * as op from '../ops.js';
import { utf8Decoder } from '../../utf8.js';
import {
  BIGINT_MAX_BYTE_LENGTH,
  FIRST_VERSION_WITH_VIEW_FLAGS,
  LITTLE_ENDIAN,
  LONG_STRING,
  ONE_BYTE_STRING,
  PADDING,
  SHORT_STRING,
  SUBTAG_KINDS,
  TWO_BYTE_STRING,
  UTF8_STRING,
  Uint16ArrayCtor,
  Uint8ArrayCtor,
  VERIFY_OBJECT_COUNT,
  WINDOW,
  WINDOW_STRING,
  charCodeAt,
  checkView,
  describeTag,
  floor,
  fromCharCode,
  functionApply,
  latin1Slice,
  scratch,
  scratchBytes,
  typedArraySubarray,
  ucs2Slice,
} from './format.js';

/** Where the last helper's read ended. */
let after = 0;

const invalid = (at, message) => I.dataCloneError(`invalid serialized data at byte ${at}: ${message}`);
const truncated = (at) => invalid(at, 'unexpected end of data');
const checkRemaining = (length, pos, end) => {
  if (length > end - pos) throw invalid(pos, `length ${length} exceeds the ${end - pos} bytes that remain`);
};

let utf8;
/** Lossy UTF-8, as Rust's `String::from_utf8_lossy` (the BOM kept). */
const decodeUtf8 = (bytes) => {
  utf8 ??= utf8Decoder();
  return utf8.decode(bytes);
};

// Without Buffer#latin1Slice (browsers), the host's windows-1252 TextDecoder makes a
// one-byte string in one native call: it decodes every byte as Latin-1 does but 27 of 0x80–0x9F,
// which it maps above U+00FF. A long string holding such a character is made again from the
// bytes; a window (below) records that it holds one, and only then are the strings cut from it
// checked for those bytes. 16× String.fromCharCode's speed on a 4,096-byte window, 1.3× on 100
// bytes (Chromium 156). The decoder and RegExp built-ins are captured at load (the regexp gets
// its own `exec`, which `test` looks up); the decoder is made, and checked on all 256 bytes and
// on ASCII alone, on first use.
const HostTextDecoder =
  latin1Slice === undefined && typeof globalThis.TextDecoder === 'function' ? globalThis.TextDecoder : undefined;
const hostDecode = HostTextDecoder && I.uncurry(HostTextDecoder.prototype.decode);
const regexpTest = I.uncurry(RegExp.prototype.test);
const ABOVE_LATIN1 = /[^\0-\xff]/;
I.defineProperty(ABOVE_LATIN1, 'exec', { __proto__: null, value: RegExp.prototype.exec });
/** Shorter inputs are quicker through String.fromCharCode. */
const HOST_LATIN1 = 64;
/** The host's windows-1252 decoder once checked; null where there is none or it fails the check. */
let windows1252 = HostTextDecoder === undefined ? null : undefined;

function checkedWindows1252() {
  try {
    const decoder = new HostTextDecoder('windows-1252');
    // Every byte, and ASCII alone (which hosts may decode by another path).
    for (const size of [256, 128]) {
      const bytes = new Uint8ArrayCtor(size);
      for (let i = 0; i < size; i++) bytes[i] = i;
      const s = hostDecode(decoder, bytes);
      if (typeof s !== 'string' || s.length !== size) return null;
      for (let i = 0; i < size; i++) {
        const unit = charCodeAt(s, i);
        if (unit !== i && !(isRemapped(i) && unit > 0xff)) return null;
      }
    }
    return decoder;
  } catch {
    return null;
  }
}

/** Whether windows-1252 may decode `byte` as other than Latin-1 does. */
const isRemapped = (byte) => (byte & 0xe0) === 0x80;

/** `data[start, end)` as windows-1252 decodes it (one unit per byte), or undefined without the host's decoder. */
function hostWindows1252(data, start, end) {
  if (end - start < HOST_LATIN1 || windows1252 === null) return undefined;
  if (windows1252 === undefined) windows1252 = checkedWindows1252();
  if (windows1252 === null) return undefined;
  try {
    return hostDecode(windows1252, typedArraySubarray(data, start, end));
  } catch {
    windows1252 = null; // (a host that throws on what it decoded before: not used again)
    return undefined;
  }
}

/** A one-byte (Latin-1) string from `data[start, end)`. */
function latin1(data, start, end) {
  if (latin1Slice !== undefined) return functionApply(latin1Slice, data, [start, end]);
  const decoded = hostWindows1252(data, start, end);
  return decoded === undefined || regexpTest(ABOVE_LATIN1, decoded) ? fromCharCodes(data, start, end) : decoded;
}

function fromCharCodes(data, start, end) {
  let s = '';
  for (let i = start; i < end; i += 0x2000)
    s += functionApply(fromCharCode, null, typedArraySubarray(data, i, i + 0x2000 < end ? i + 0x2000 : end));
  return s;
}

// Short one-byte strings are cut from one decoding of the bytes around them (V8 copies
// substrings under 13 characters, so they do not keep it alive): one call for many strings.
let windowData;
let window = '';
let windowStart = 0;
let windowEnd = 0;
/** Whether the host's decoder mapped a byte of the window above U+00FF (the strings cut from it are checked). */
let windowRemapped = false;

function oneByte(data, start, length, end) {
  if (length >= SHORT_STRING && (latin1Slice !== undefined || length > WINDOW_STRING)) return latin1(data, start, start + length);
  if (length === 0) return '';
  if (windowData !== data || start < windowStart || start + length > windowEnd) {
    // (The decoding first: if it throws, no stale window is left for these bytes.)
    const windowLimit = end - start > WINDOW ? start + WINDOW : end;
    let text = hostWindows1252(data, start, windowLimit);
    const remapped = text !== undefined && regexpTest(ABOVE_LATIN1, text);
    text ??= latin1(data, start, windowLimit);
    window = text;
    windowRemapped = remapped;
    windowData = data;
    windowStart = start;
    windowEnd = windowLimit;
  }
  if (windowRemapped) {
    for (let i = start; i < start + length; i++) if (isRemapped(data[i])) return fromCharCodes(data, start, start + length);
  }
  const s = I.stringSlice(window, start - windowStart, start - windowStart + length);
  // Where no native call makes one string (browsers), a longer one is cut from the window too,
  // then copied (a concatenation, flattened by the slice) so that it does not keep the window
  // alive: 3× faster than String.fromCharCode over a subarray (measured in V8).
  return length < SHORT_STRING ? s : I.stringSlice(` ${s}`, 1);
}

/** A two-byte (UTF-16LE) string from `data[start, end)` (an even length). */
function utf16(data, start, end) {
  if (end - start >= LONG_STRING && ucs2Slice !== undefined) return functionApply(ucs2Slice, data, [start, end]);
  const length = (end - start) / 2;
  const units = new Uint16ArrayCtor(length);
  for (let i = 0, j = start; j < end; i++, j += 2) units[i] = data[j] | (data[j + 1] << 8);
  let s = '';
  for (let i = 0; i < length; i += 0x2000) s += functionApply(fromCharCode, null, typedArraySubarray(units, i, i + 0x2000));
  return s;
}

/** `ReadVarint<uint32_t>`, rejecting values that do not fit (V8 silently drops the bits). */
function varintAt(data, pos, end) {
  const start = pos;
  let value = 0;
  let scale = 1;
  for (let shift = 0; ;) {
    if (pos >= end) throw truncated(pos);
    const b = data[pos++];
    value += (b & 0x7f) * scale;
    if ((b & 0x80) === 0) break;
    shift += 7;
    scale *= 128;
    if (shift > 28) throw invalid(start, 'varint is longer than 5 bytes');
  }
  if (value > 0xffffffff) throw invalid(start, 'varint does not fit in 32 bits');
  after = pos;
  return value;
}

/** `ReadDouble` (8 bytes, little-endian). */
function doubleAt(data, pos, end) {
  checkRemaining(8, pos, end);
  if (LITTLE_ENDIAN) for (let i = 0; i < 8; i++) scratchBytes[i] = data[pos + i];
  else for (let i = 0; i < 8; i++) scratchBytes[7 - i] = data[pos + i];
  after = pos + 8;
  return scratch[0];
}

/** A tag that starts a value, after skipping padding and `kVerifyObjectCount` records. */
function valueTagAt(data, pos, end) {
  for (;;) {
    if (pos >= end) throw truncated(pos);
    const t = data[pos++];
    if (t === VERIFY_OBJECT_COUNT) {
      varintAt(data, pos, end);
      pos = after;
    } else if (t !== PADDING) {
      after = pos;
      return t;
    }
  }
}

/** The string after tag `t` at `pos`, or undefined when `t` is not a string tag. */
function stringAt(data, pos, end, t) {
  if (t !== ONE_BYTE_STRING && t !== TWO_BYTE_STRING && t !== UTF8_STRING) return undefined;
  const length = varintAt(data, pos, end);
  pos = after;
  if (t === TWO_BYTE_STRING && length % 2 !== 0) throw invalid(pos, `two-byte string has an odd byte length ${length}`);
  checkRemaining(length, pos, end);
  const next = pos + length;
  let s;
  if (t === ONE_BYTE_STRING) s = oneByte(data, pos, length, end);
  else if (t === TWO_BYTE_STRING) s = utf16(data, pos, next);
  else s = decodeUtf8(typedArraySubarray(data, pos, next));
  after = next;
  return s;
}

/** `ReadString`: a value that must be a string. */
function readStringAt(data, pos, end, what) {
  const t = valueTagAt(data, pos, end);
  const s = stringAt(data, after, end, t);
  if (s === undefined) throw invalid(pos, `${what} must be a string, found tag ${describeTag(t)}`);
  return s;
}

/** Recent short one-byte keys, by a hash of their bytes: the same string object for the same
 * key saves making it and the engine's interning of each copy. */
const KEY_CACHE_SIZE = 1024;
const KEY_CACHE_LENGTH = 24;
const keyCache = I.newList();
keyCache[KEY_CACHE_SIZE - 1] = undefined;
const keyLengths = new Uint8ArrayCtor(KEY_CACHE_SIZE);
const keyBytes = new Uint8ArrayCtor(KEY_CACHE_SIZE * KEY_CACHE_LENGTH);
// Keys that are nearly all different (a large config) gain nothing from the cache, and a miss
// costs ~20 ns (its hash, compare and store): after KEY_MISSES_TO_BYPASS misses in a row the next
// KEY_BYPASS keys are made without it (deserialize: 15,000 distinct keys 1.13–1.19× faster;
// objects sharing their keys keep every hit).
const KEY_MISSES_TO_BYPASS = 32;
const KEY_BYPASS = 256;
let keyMisses = 0;
let keyBypass = 0;

/** A one-byte key's string, after its tag. */
function oneByteKeyAt(data, pos, end) {
  let length = data[pos];
  if (length < 0x80) {
    pos++;
  } else {
    length = varintAt(data, pos, end);
    pos = after;
  }
  checkRemaining(length, pos, end);
  after = pos + length;
  if (length > KEY_CACHE_LENGTH || length === 0) return oneByte(data, pos, length, end);
  if (keyBypass > 0) {
    keyBypass--;
    return oneByte(data, pos, length, end);
  }
  // The slot by the length and three of the bytes (hashing every byte measured slower; the
  // comparison below decides).
  const slot =
    (length * 0x9e5 + data[pos] * 0x3b + data[pos + (length >> 1)] * 0x7 + data[pos + length - 1]) & (KEY_CACHE_SIZE - 1);
  const at = slot * KEY_CACHE_LENGTH;
  const cached = keyCache[slot];
  if (cached !== undefined && keyLengths[slot] === length) {
    let i = 0;
    while (i < length && keyBytes[at + i] === data[pos + i]) i++;
    if (i === length) {
      keyMisses = 0;
      return cached;
    }
  }
  if (++keyMisses === KEY_MISSES_TO_BYPASS) {
    keyMisses = 0;
    keyBypass = KEY_BYPASS;
  }
  const key = oneByte(data, pos, length, end);
  // (The key last: if something throws, say at the stack's limit, the slot stays empty.)
  keyCache[slot] = undefined;
  keyLengths[slot] = length;
  for (let i = 0; i < length; i++) keyBytes[at + i] = data[pos + i];
  keyCache[slot] = key;
  return key;
}

// A BigInt's sign and significant byte length, beside the value bigintAt returns.
let bigintNegative = false;
let bigintLength = 0;

function bigintAt(data, pos, end) {
  const bitfield = varintAt(data, pos, end);
  pos = after;
  const byteLength = floor(bitfield / 2) & BIGINT_MAX_BYTE_LENGTH;
  checkRemaining(byteLength, pos, end);
  after = pos + byteLength;
  let significant = byteLength;
  while (significant > 0 && data[pos + significant - 1] === 0) significant--;
  bigintNegative = (bitfield & 1) === 1 && significant > 0;
  bigintLength = significant;
  let hex = '';
  for (let i = pos + significant - 1; i >= pos; i--) hex += (data[i] < 16 ? '0' : '') + I.numberToString(data[i], 16);
  const magnitude = significant === 0 ? 0n : I.BigIntCtor(`0x${hex}`);
  return bigintNegative ? -magnitude : magnitude;
}

// What viewHeaderAt read.
let viewKind = 0;
let viewOffset = 0;
let viewLength = 0;
let viewFlags = 0;

/** `ReadJSArrayBufferView` at its 'V', after its buffer (`length`, `resizable`: -1 unknown). */
function viewHeaderAt(data, pos, end, version, length, resizable) {
  const at = pos++;
  if (pos >= end) throw truncated(pos);
  const subtag = data[pos++];
  const kind = SUBTAG_KINDS[subtag];
  if (kind < 0) throw invalid(at, `unknown ArrayBufferView subtag ${describeTag(subtag)}`);
  const byteOffset = varintAt(data, pos, end);
  const byteLength = varintAt(data, after, end);
  // Other bits are ignored, as V8 does; the op stream's bits are V8's.
  const flags =
    version >= FIRST_VERSION_WITH_VIEW_FLAGS
      ? varintAt(data, after, end) & (op.VIEW_LENGTH_TRACKING | op.VIEW_BACKED_BY_RESIZABLE)
      : 0;
  const problem = checkView(kind, byteOffset, byteLength, flags, length, resizable);
  if (problem !== undefined) throw invalid(at, problem);
  viewKind = kind;
  viewOffset = byteOffset;
  viewLength = (flags & op.VIEW_LENGTH_TRACKING) !== 0 ? 0 : byteLength;
  viewFlags = flags;
}

/** Forgets the window of decoded bytes: each read starts and ends with this (bytes can change). */
export function forgetWindow() {
  windowData = undefined;
}

// For the other modules of the codec (wire.js has the interface).
export {
  after,
  bigintAt,
  bigintLength,
  bigintNegative,
  checkRemaining,
  doubleAt,
  invalid,
  oneByte,
  oneByteKeyAt,
  readStringAt,
  stringAt,
  truncated,
  valueTagAt,
  varintAt,
  viewFlags,
  viewHeaderAt,
  viewKind,
  viewLength,
  viewOffset,
};
