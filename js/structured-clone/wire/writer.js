// V8's ValueSerializer wire format (version 15) in JavaScript: the op stream of the walker
// (ops.js) to bytes, and bytes back to an op stream for the builder, with V8's checks and
// DataCloneError messages that name the byte offset and the problem. The package's only
// wire-format codec: why it is JavaScript, the op stream's format and the wire-format choices
// are in docs/structured-clone.md. Tag names follow V8's `SerializationTag`.
import * as I from './intrinsics.js';
import * as op from './ops.js';
import { utf8Decoder } from '../utf8.js';

// Captured at load, like everything in intrinsics.js.
const Uint8ArrayCtor = I.Uint8ArrayCtor;
const Uint16ArrayCtor = Uint16Array;
const Uint32ArrayCtor = Uint32Array;
const Float64ArrayCtor = Float64Array;
const charCodeAt = I.stringCharCodeAt;
const { fromCharCode, functionApply, typedArraySet, typedArraySubarray, typedArraySlice, typedArrayLength } = I;
const { floor } = Math;
const isNaNValue = (n) => n !== n;
/** Node and Bun copy code units between strings and bytes in one native call. */
const latin1Slice = globalThis.Buffer?.prototype?.latin1Slice;
const ucs2Write = globalThis.Buffer?.prototype?.ucs2Write;
const ucs2Slice = globalThis.Buffer?.prototype?.ucs2Slice;
/** Strings at least this long are copied by the native calls above (measured). */
const LONG_STRING = 64;
/** V8 copies substrings shorter than this rather than pointing into their parent. */
const SHORT_STRING = 13;
/** How many bytes one decoding for short strings covers. */
const WINDOW = 4096;
/** Without a native Latin-1 decoder, one-byte strings up to this long are cut from the window. */
const WINDOW_STRING = 64;

const VERSION = 0xff;
const PADDING = 0x00;
const VERIFY_OBJECT_COUNT = 0x3f; // '?'
const THE_HOLE = 0x2d; // '-'
const UNDEFINED = 0x5f; // '_'
const NULL = 0x30; // '0'
const TRUE = 0x54; // 'T'
const FALSE = 0x46; // 'F'
const INT32 = 0x49; // 'I'
const UINT32 = 0x55; // 'U'
const DOUBLE = 0x4e; // 'N'
const BIGINT = 0x5a; // 'Z'
const UTF8_STRING = 0x53; // 'S'
const ONE_BYTE_STRING = 0x22; // '"'
const TWO_BYTE_STRING = 0x63; // 'c'
const OBJECT_REFERENCE = 0x5e; // '^'
const BEGIN_JS_OBJECT = 0x6f; // 'o'
const END_JS_OBJECT = 0x7b; // '{'
const BEGIN_SPARSE_JS_ARRAY = 0x61; // 'a'
const END_SPARSE_JS_ARRAY = 0x40; // '@'
const BEGIN_DENSE_JS_ARRAY = 0x41; // 'A'
const END_DENSE_JS_ARRAY = 0x24; // '$'
const DATE = 0x44; // 'D'
const TRUE_OBJECT = 0x79; // 'y'
const FALSE_OBJECT = 0x78; // 'x'
const NUMBER_OBJECT = 0x6e; // 'n'
const BIGINT_OBJECT = 0x7a; // 'z'
const STRING_OBJECT = 0x73; // 's'
const REGEXP = 0x52; // 'R'
const BEGIN_JS_MAP = 0x3b; // ';'
const END_JS_MAP = 0x3a; // ':'
const BEGIN_JS_SET = 0x27; // "'"
const END_JS_SET = 0x2c; // ','
const ARRAY_BUFFER = 0x42; // 'B'
const RESIZABLE_ARRAY_BUFFER = 0x7e; // '~'
const ARRAY_BUFFER_TRANSFER = 0x74; // 't'
const ARRAY_BUFFER_VIEW = 0x56; // 'V'
const SHARED_ARRAY_BUFFER = 0x75; // 'u'
const SHARED_OBJECT = 0x70; // 'p'
const WASM_MODULE_TRANSFER = 0x77; // 'w'
const HOST_OBJECT = 0x5c; // '\'
const WASM_MEMORY_TRANSFER = 0x6d; // 'm'
const ERROR = 0x72; // 'r'
const LEGACY_WASM_MODULE = 0x57; // 'W'

// `ErrorTag`: the fields of an Error record; the prototypes by the op stream's code (1-6).
const ERROR_PROTOTYPE_TAGS = [0, 0x45, 0x52, 0x46, 0x53, 0x54, 0x55]; // E R F S T U
const ERROR_MESSAGE = 0x6d; // 'm'
const ERROR_CAUSE = 0x63; // 'c'
const ERROR_STACK = 0x73; // 's'
const ERROR_END = 0x2e; // '.'
/** By Error field tag below 0x80: the prototype's code, -1 for none. */
const ERROR_FIELD_PROTOTYPES = new Int8Array(0x80).fill(-1);
for (let prototype = 1; prototype < ERROR_PROTOTYPE_TAGS.length; prototype++) ERROR_FIELD_PROTOTYPES[ERROR_PROTOTYPE_TAGS[prototype]] = prototype;

const LATEST_VERSION = 15;
const OLDEST_READABLE_VERSION = 13;
const FIRST_VERSION_WITH_VIEW_FLAGS = 14;
const BIGINT_MAX_BYTE_LENGTH = 2 ** 30 - 1;
const MAX_ARRAY_INDEX = 2 ** 32 - 2;
const REGEXP_LINEAR = 1 << 6;
const REGEXP_UNICODE = 1 << 4;
const REGEXP_UNICODE_SETS = 1 << 8;
const REGEXP_FLAG_COUNT = 9;

/** By view kind (ops.js VIEW_KINDS): V8's `ArrayBufferViewTag`, element size. */
const VIEW_SUBTAGS = [0x62, 0x42, 0x43, 0x77, 0x57, 0x64, 0x44, 0x66, 0x46, 0x3f, 0x42, 0x71, 0x51, 0x68]; // b B C w W d D f F ? B q Q h
const ELEMENT_SIZES = [1, 1, 1, 2, 2, 4, 4, 4, 8, 1, 1, 8, 8, 2];
/** By subtag: the view kind, -1 for none ('B' is Uint8Array's, kind 1, not Buffer's). */
const SUBTAG_KINDS = new Int8Array(256).fill(-1);
for (let kind = VIEW_SUBTAGS.length - 1; kind >= 0; kind--) if (kind !== 10) SUBTAG_KINDS[VIEW_SUBTAGS[kind]] = kind;
const FLOAT16_KIND = 13;
/** Node's host-object type indices are the kinds 0-12. */
const LAST_NODE_HOST_INDEX = 12;

/** The bytes V8 writes for every NaN (and weft too), little-endian. */
const CANONICAL_NAN = [0, 0, 0, 0, 0, 0, 0xf8, 0x7f];

// Doubles go through one 8-byte scratch: wire doubles are little-endian.
const scratch = new Float64ArrayCtor(1);
const scratchBytes = new Uint8ArrayCtor(I.typedArrayBuffer(scratch));
const LITTLE_ENDIAN = new Uint8ArrayCtor(I.typedArrayBuffer(new Uint16ArrayCtor([1])))[0] === 1;

/** A tag for messages: the character when printable, else hex. */
function describeTag(t) {
  const hex = `0x${t < 16 ? '0' : ''}${I.numberToString(t, 16)}`;
  return t > 0x20 && t < 0x7f ? `'${fromCharCode(t)}' (${hex})` : hex;
}

/** The checks of V8's `ReadJSArrayBufferView`; `length` -1 when unknown, `resizable` -1 when unknown. */
function checkView(kind, byteOffset, byteLength, flags, length, resizable) {
  const name = op.VIEW_KIND_NAMES[kind];
  if (length >= 0 && (byteOffset > length || byteLength > length - byteOffset)) {
    return `${name} (offset ${byteOffset}, length ${byteLength}) lies outside its ${length}-byte buffer`;
  }
  const size = ELEMENT_SIZES[kind];
  if (byteOffset % size !== 0 || byteLength % size !== 0) {
    return `${name} offset ${byteOffset} and length ${byteLength} must be multiples of ${size}`;
  }
  const backedByResizable = (flags & op.VIEW_BACKED_BY_RESIZABLE) !== 0;
  if (resizable === 1 && !backedByResizable) return 'a view of a resizable ArrayBuffer must have the backed-by-resizable flag';
  if (resizable === 0 && backedByResizable) return 'the backed-by-resizable flag is set but the buffer is not resizable';
  if (resizable === 0 && (flags & op.VIEW_LENGTH_TRACKING) !== 0 && length >= 0) return 'a length-tracking view needs a resizable buffer';
  return undefined;
}

/** The flag checks of V8's `ReadJSRegExp`, applied when writing too. */
function checkRegExpFlags(flags) {
  if (flags >= 1 << REGEXP_FLAG_COUNT) return `unknown RegExp flag bits 0x${I.numberToString(flags, 16)}`;
  if (flags & REGEXP_LINEAR) return "the RegExp 'l' (linear) flag is not supported";
  if (flags & REGEXP_UNICODE && flags & REGEXP_UNICODE_SETS) return "a RegExp cannot have both the 'u' and 'v' flags";
  return undefined;
}

const byteLengthOf = (value) => (I.isView(value) ? I.typedArrayByteLength(value) : I.arrayBufferByteLength(value));
const bytesOf = (value) => (I.isView(value) ? value : new Uint8ArrayCtor(value));

// ---------------------------------------------------------------------------------------------
// Writing. One output buffer, reused across calls; the result is a copy of what was written.
// serialize() writes while it walks, so a getter may call it again: a call that starts inside
// another writes into a buffer of its own (beginWire), and gives the outer one back when done.

const RETAIN_LIMIT = 1 << 20;
let out = new Uint8ArrayCtor(4096);
let capacity = 4096;
let pos = 0;
let writing = false;

/**
 * Starts a serialization (the version header); returns what finishWire or abandonWire give
 * back: the outer call's buffer, if this one started inside it.
 */
export function beginWire() {
  let saved;
  if (writing) {
    saved = { __proto__: null, out, capacity, pos };
    capacity = 4096;
    out = new Uint8ArrayCtor(capacity);
  }
  writing = true;
  pos = 0;
  reserve(2);
  out[pos++] = VERSION;
  out[pos++] = LATEST_VERSION;
  return saved;
}

/** The bytes written since beginWire. */
export function finishWire(saved) {
  let bytes;
  if (capacity <= RETAIN_LIMIT) {
    bytes = typedArraySlice(out, 0, pos);
  } else {
    // Not kept: the result is the buffer itself when little of it is unused, else a copy.
    bytes = capacity - pos <= capacity >> 3 ? typedArraySubarray(out, 0, pos) : typedArraySlice(out, 0, pos);
    out = new Uint8ArrayCtor(4096);
    capacity = 4096;
  }
  abandonWire(saved);
  return bytes;
}

/** Ends a serialization without its bytes (it failed). */
export function abandonWire(saved) {
  if (saved === undefined) {
    writing = false;
    return;
  }
  out = saved.out;
  capacity = saved.capacity;
  pos = saved.pos;
}

function reserve(n) {
  if (pos + n > capacity) {
    let size = capacity * 2;
    while (size < pos + n) size *= 2;
    grow(size);
  }
}

function grow(size) {
  const next = new Uint8ArrayCtor(size);
  typedArraySet(next, typedArraySubarray(out, 0, pos));
  out = next;
  capacity = size;
}

/** `WriteVarint` (little-endian base-128) of an integer below 2^53; the room is reserved. */
function varint(value) {
  while (value >= 0x80) {
    out[pos++] = (value & 0x7f) | 0x80;
    value = (value - (value & 0x7f)) / 128;
  }
  out[pos++] = value;
}

const varintLength = (value) => (value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x200000 ? 3 : value < 0x10000000 ? 4 : 5);

/** `WriteDouble`: IEEE-754 little-endian, NaN canonicalized; the room is reserved. */
function double(value) {
  if (value !== value) {
    for (let i = 0; i < 8; i++) out[pos++] = CANONICAL_NAN[i];
    return;
  }
  scratch[0] = value;
  if (LITTLE_ENDIAN) for (let i = 0; i < 8; i++) out[pos++] = scratchBytes[i];
  else for (let i = 7; i >= 0; i--) out[pos++] = scratchBytes[i];
}

/** A Smi ('I') for every int32 but -0, else a HeapNumber ('N'), as V8 on 64-bit Node. */
function number(value) {
  reserve(9);
  if ((value | 0) === value && (value !== 0 || 1 / value > 0)) {
    out[pos++] = INT32;
    varint(((value << 1) ^ (value >> 31)) >>> 0);
  } else {
    out[pos++] = DOUBLE;
    double(value);
  }
}

// ASCII strings of ENCODE_INTO_LENGTH code units or more are written by the host's
// TextEncoder#encodeInto, one native call (a string it writes as many bytes as it reads is
// ASCII): 81 ns against 225 for a 64-unit string, par at 20 (Node 20). Where uncurried calls
// are slow (I.SLOW_UNCURRIED), such as the loop's charCodeAt (22 against 1 ns, Bun 1.4.5), every
// string tries it first, into a scratch buffer copied by a loop (a subarray per string cost
// as much as the encoding there): 105 ns against 188 for 8 units.
const encoder = typeof globalThis.TextEncoder === 'function' ? new globalThis.TextEncoder() : undefined;
const encodeInto = encoder && I.uncurry(globalThis.TextEncoder.prototype.encodeInto);
const ENCODE_INTO_LENGTH = encodeInto === undefined ? Infinity : I.SLOW_UNCURRIED ? 1 : 32;
const SCRATCH_LENGTH = 256;
const scratch8 = I.SLOW_UNCURRIED ? new Uint8ArrayCtor(SCRATCH_LENGTH) : undefined;

/** Writes `s` at pos if it is ASCII and the host's encoder says so in one call (see above). */
function encodedAscii(s, length) {
  const viaScratch = scratch8 !== undefined && length <= SCRATCH_LENGTH;
  const result = encodeInto(encoder, s, viaScratch ? scratch8 : typedArraySubarray(out, pos, pos + length));
  if (result.read !== length || result.written !== length) return false;
  if (viaScratch) {
    const bytes = out;
    for (let i = 0; i < length; i++) bytes[pos + i] = scratch8[i];
  }
  pos += length;
  return true;
}

/** `WriteString`: one-byte when every code unit is ≤ 0xFF, else two-byte, aligned by padding. */
function string(s) {
  const length = s.length;
  reserve(12 + 2 * length);
  const start = pos;
  out[pos++] = ONE_BYTE_STRING;
  varint(length);
  if (length >= ENCODE_INTO_LENGTH && encodedAscii(s, length)) return;
  // (Not Node's latin1Write: Node 24's reads the target's byteLength through the prototype.)
  const bytes = out;
  let at = pos;
  let i = 0;
  for (; i < length; i++) {
    const unit = charCodeAt(s, i);
    if (unit > 0xff) break;
    bytes[at++] = unit;
  }
  if (i === length) {
    pos = at;
    return;
  }
  pos = start;
  const byteLength = length * 2;
  if (((pos + 1 + varintLength(byteLength)) & 1) === 1) out[pos++] = PADDING;
  out[pos++] = TWO_BYTE_STRING;
  varint(byteLength);
  if (length >= LONG_STRING && ucs2Write !== undefined) {
    functionApply(ucs2Write, out, [s, pos, byteLength]);
    pos += byteLength;
    return;
  }
  for (let i = 0; i < length; i++) {
    const unit = charCodeAt(s, i);
    out[pos++] = unit & 0xff;
    out[pos++] = unit >> 8;
  }
}

/** The array index a key string denotes (canonical decimal, ≤ 2^32 − 2), else -1. */
function arrayIndex(s) {
  const length = s.length;
  // (Most keys fail on their first character, read without a call: see ENCODE_INTO_LENGTH.)
  if (length === 0 || length > 10 || !(s[0] >= '0' && s[0] <= '9')) return -1;
  let value = 0;
  for (let i = 0; i < length; i++) {
    const digit = charCodeAt(s, i) - 48;
    if (digit < 0 || digit > 9 || (digit === 0 && i === 0 && length > 1)) return -1;
    value = value * 10 + digit;
  }
  return value <= MAX_ARRAY_INDEX ? value : -1;
}

function raw(bytes) {
  const length = typedArrayLength(bytes);
  reserve(length);
  typedArraySet(out, bytes, pos);
  pos += length;
}

/** A property key: canonical array-index strings are written as numbers, as V8 does. */
function key(s) {
  const index = arrayIndex(s);
  if (index < 0) string(s);
  else number(index);
}

// What serialize()'s own writer (serializer.js) writes between the op-stream fragments.
export { number as writeNumber, string as writeString, key as writeKey, checkRegExpFlags };

/** A tag. */
export function writeTag(t) {
  reserve(1);
  out[pos++] = t;
}

/** A tag and an unsigned integer (below 2^32). */
export function writeTagVarint(t, n) {
  reserve(6);
  out[pos++] = t;
  varint(n);
}

/** A tag and two unsigned integers (below 2^32): an array's End. */
export function writeTagVarints(t, n, m) {
  reserve(11);
  out[pos++] = t;
  varint(n);
  varint(m);
}

/** A RegExp (its flags checked first). */
export function writeRegExp(source, flags) {
  reserve(1);
  out[pos++] = REGEXP;
  string(source);
  reserve(5);
  varint(flags);
}

/** A BigInt (or BigInt object's) tag and digits: `magnitude` little-endian, the op at `at`. */
export function writeBigInt(t, negative, magnitude, at) {
  // V8 writes whole 64-bit digits, without leading zero digits; zero has no sign.
  let significant = typedArrayLength(magnitude);
  while (significant > 0 && magnitude[significant - 1] === 0) significant--;
  const byteLength = Math.ceil(significant / 8) * 8;
  if (byteLength > BIGINT_MAX_BYTE_LENGTH) throw writeFailure(at, 'BigInt is too large to serialize');
  reserve(6 + byteLength);
  out[pos++] = t;
  varint(byteLength * 2 + (negative && significant > 0 ? 1 : 0));
  typedArraySet(out, typedArraySubarray(magnitude, 0, significant), pos);
  pos += significant;
  for (let i = significant; i < byteLength; i++) out[pos++] = 0;
}

/** A tag and a double. */
export function writeTagDouble(t, d) {
  reserve(9);
  out[pos++] = t;
  double(d);
}

/** The DataCloneError of a failed write, at the op of index `at` in the whole stream. */
export const writeFailure = (at, message) => I.dataCloneError(`cannot serialize (op at code index ${at}): ${message}`);

/**
 * Whether writing an op stream fragment may leave out a view's buffer (Node's host form) that
 * a later BackRef could name: then what follows must be in the same writeOps call. (A Node
 * Buffer's private buffer copy is named by no BackRef.)
 */
export function mayElide(code) {
  for (let ci = 0; ci < code.length; ci += 1 + op.OPERANDS[code[ci]]) {
    if (code[ci] !== op.VIEW) continue;
    const kind = code[ci + 1];
    if (kind !== FLOAT16_KIND && kind !== op.NODE_BUFFER_KIND && code[ci + 2] === 0 && code[ci + 4] === 0 && code[ci + 5] === op.ARRAY_BUFFER) {
      return true;
    }
  }
  return false;
}

// Frames (the innermost open construct), the same kinds for writing and reading (only the
// writer has views: a view's buffer is written inside it).
const F_OBJECT = 0;
const F_DENSE = 1;
const F_SPARSE = 2;
const F_MAP = 3;
const F_SET = 4;
const F_ERROR = 5;
const F_VIEW = 6;
const F_SERIALIZABLE = 7;
/** The writer's frames serialize()'s own writer hands over (wireFrame). */
export const WIRE_FRAMES = { __proto__: null, OBJECT: F_OBJECT, DENSE: F_DENSE, SPARSE: F_SPARSE, MAP: F_MAP, SET: F_SET };

/**
 * Counts a complete value (written or read) in `frame`; false for the frames whose completion
 * is the caller's: a serializable object's data, a view's buffer.
 */
function countValue(frame) {
  switch (frame.t) {
    case F_DENSE:
      if (frame.remaining > 0) {
        frame.remaining--;
        return true;
      }
    // falls through
    case F_OBJECT:
    case F_SPARSE:
      frame.count++;
      frame.awaiting = false;
      return true;
    case F_MAP:
    case F_SET:
      frame.count++;
      return true;
    case F_ERROR:
      frame.awaiting = false;
      return true;
    default:
      return false;
  }
}
// A back-reference target's state, by op id: its wire id when usable, else one of these.
const PENDING = -1;
const ELIDED = -2;

/** What one serialization's fragments share: op ids to wire ids, buffers, the next wire id. */
export function newWireState(forStorage) {
  // (Not a null-prototype literal, which V8 makes a dictionary: every property is its own.)
  return {
    forStorage,
    /** By op id: its wire id, PENDING or ELIDED. */
    entries: I.newList(),
    /** By op id, for buffers: [byteLength (-1 unknown), resizable (1, 0, -1 unknown)]. */
    buffers: I.newList(),
    nextWire: 0,
  };
}

/** An open construct of the writer (see writeOps' `frames`). */
export const wireFrame = (t, length, remaining, count, awaiting) => ({
  t, count, length, remaining, awaiting, opId: 0, wireId: 0, kind: 0, byteOffset: 0, byteLength: 0, flags: 0,
});

const NO_FRAMES = I.newList();
/** writeOps' stack of open constructs, reused (see its `depth`). */
const writeStack = I.newList();

/**
 * Serializes the walker's op stream (`code`, `values`: see ops.js, with `forBytes`) to V8
 * wire-format bytes, views in Node's host form where that loses nothing (docs/structured-clone.md,
 * "Wire-format choices"). Throws a DataCloneError for what V8 cannot represent and, when
 * `forStorage`, for SharedArrayBuffers and transfers.
 */
export function writeWire(code, values, forStorage) {
  const saved = beginWire();
  try {
    writeOps(code, values, newWireState(forStorage), NO_FRAMES, 0, 0);
  } catch (error) {
    abandonWire(saved);
    throw error;
  }
  return finishWire(saved);
}

/**
 * Writes an op stream, or a fragment of one, at the current position (writeWire's steps). A
 * fragment's ops continue a serialization that `state` describes: its first object takes op id
 * `firstId`, its first op stood at index `base` of the whole stream, and it is written inside
 * the open constructs `frames` (wireFrame, outermost first), which its ops may close.
 */
export function writeOps(code, values, state, frames, firstId, base) {
  const length = code.length;
  // Room for the buffers' bytes up front: a large one is then copied once, not once per
  // doubling, into a buffer about the size of the result, which it then becomes (finishWire).
  let room = 16;
  for (let i = 0; i < values.length; i++) if (typeof values[i] === 'object') room += byteLengthOf(values[i]);
  if (pos + room > RETAIN_LIMIT) {
    if (pos + room + 4 * length > capacity) grow(pos + room + 4 * length + 4096);
  } else {
    reserve(room);
  }
  const { entries, buffers, forStorage } = state;
  /** By op id − firstId: whether a BackRef names it (a view's buffer must then stay an object of its own). */
  let referenced;
  let nextWire = state.nextWire;
  // (No call inside another: nothing in here calls code outside weft.)
  const stack = writeStack;
  let top;
  let ci = 0;
  let vi = 0;

  const fail = (at, message) => {
    throw writeFailure(at + base, message);
  };

  let depth = 0;
  for (; depth < frames.length; depth++) stack[depth] = frames[depth];
  top = depth > 0 ? stack[depth - 1] : undefined;
  const push = (t, length) => {
    top = wireFrame(t, length, length, 0, false);
    stack[depth++] = top;
  };

  /** A complete value was written in the innermost construct. */
  const completed = () => {
    for (;;) {
      // (A view is completed by viewBuffer.)
      if (top === undefined || countValue(top) || top.t === F_VIEW) return;
      // A serializable object's data is complete: so is the object.
      reserve(2);
      out[pos++] = END_JS_OBJECT;
      out[pos++] = 2;
      entries[top.opId] = top.wireId;
      pop();
    }
  };

  // (The stack is not shortened: V8 is slow at setting an Array's length.)
  const pop = () => {
    depth--;
    top = depth > 0 ? stack[depth - 1] : undefined;
  };

  const end = () => {
    reserve(11);
    switch (top.t) {
      case F_OBJECT:
        out[pos++] = END_JS_OBJECT;
        varint(top.count);
        break;
      case F_DENSE:
        out[pos++] = END_DENSE_JS_ARRAY;
        varint(top.count);
        varint(top.length);
        break;
      case F_SPARSE:
        out[pos++] = END_SPARSE_JS_ARRAY;
        varint(top.count);
        varint(top.length);
        break;
      case F_MAP:
        out[pos++] = END_JS_MAP;
        varint(top.count);
        break;
      default: // F_SET
        out[pos++] = END_JS_SET;
        varint(top.count);
    }
    pop();
    completed();
  };

  const ready = () => {
    entries[entries.length] = nextWire++;
  };

  /** `WriteJSArrayBuffer` (and the shared and transferred cases) of the op at `at`. */
  const arrayBuffer = (at) => {
    const opcode = code[at];
    let byteLength = -1;
    let resizable = 0;
    reserve(11);
    if (opcode === op.ARRAY_BUFFER) {
      const data = values[vi++];
      byteLength = byteLengthOf(data);
      out[pos++] = ARRAY_BUFFER;
      varint(byteLength);
      raw(bytesOf(data));
    } else if (opcode === op.RESIZABLE_ARRAY_BUFFER) {
      const data = values[vi++];
      const maxByteLength = code[at + 2];
      byteLength = byteLengthOf(data);
      if (byteLength > maxByteLength) {
        fail(at, `resizable ArrayBuffer's byte length ${byteLength} exceeds its maxByteLength ${maxByteLength}`);
      }
      out[pos++] = RESIZABLE_ARRAY_BUFFER;
      varint(byteLength);
      varint(maxByteLength);
      raw(bytesOf(data));
      resizable = 1;
    } else if (opcode === op.SHARED_ARRAY_BUFFER) {
      // StructuredSerializeInternal: "If forStorage is true, then throw".
      if (forStorage) fail(at, 'a SharedArrayBuffer cannot be serialized for storage');
      out[pos++] = SHARED_ARRAY_BUFFER;
      varint(code[at + 1]);
    } else {
      if (forStorage) fail(at, 'an ArrayBuffer cannot be transferred when serializing for storage');
      out[pos++] = ARRAY_BUFFER_TRANSFER;
      varint(code[at + 1]);
      resizable = -1;
    }
    ci = at + 1 + op.OPERANDS[opcode];
    buffers[entries.length] = [byteLength, resizable];
    ready();
  };

  /** The first op of a view: Node's host form when it loses nothing, else V8's (buffer first). */
  const view = (at) => {
    const opId = entries.length;
    const kind = code[at + 1];
    const byteOffset = code[at + 2];
    const byteLength = code[at + 3];
    const flags = code[at + 4];
    ci = at + 5;
    if (kind !== FLOAT16_KIND && byteOffset === 0 && flags === 0 && code[ci] === op.ARRAY_BUFFER) {
      referenced ??= backReferenced(code, firstId);
      const data = values[vi];
      if (referenced[opId + 1 - firstId] === false && byteLengthOf(data) === byteLength) {
        const size = ELEMENT_SIZES[kind];
        if (byteLength % size !== 0) {
          fail(at, `${op.VIEW_KIND_NAMES[kind]} byte length ${byteLength} is not a multiple of ${size}`);
        }
        // Node's DefaultSerializer._writeHostObject: type index, byte length, bytes.
        vi++;
        ci += 2;
        ready();
        entries[entries.length] = ELIDED;
        reserve(11);
        out[pos++] = HOST_OBJECT;
        varint(kind);
        varint(byteLength);
        raw(bytesOf(data));
        completed();
        return;
      }
    }
    entries[entries.length] = PENDING;
    push(F_VIEW, 0);
    top.opId = opId;
    top.kind = kind;
    top.byteOffset = byteOffset;
    top.byteLength = byteLength;
    top.flags = flags;
  };

  /** The buffer of the innermost view, then the view itself (`WriteJSArrayBufferView`). */
  const viewBuffer = (at) => {
    let info;
    if (code[at] === op.BACK_REF) {
      const id = code[at + 1];
      info = buffers[id];
      if (info === undefined) fail(at, `a View's BackRef must name an ArrayBuffer, and object ${id} is not one`);
      reserve(6);
      out[pos++] = OBJECT_REFERENCE;
      varint(entries[id]);
      ci = at + 2;
    } else {
      const id = entries.length;
      arrayBuffer(at);
      info = buffers[id];
    }
    const { opId, kind, byteOffset, byteLength: viewLength, flags } = top;
    pop();
    const lengthTracking = (flags & op.VIEW_LENGTH_TRACKING) !== 0;
    // V8 writes the raw byte_length field, which is 0 for a length-tracking view.
    const byteLength = lengthTracking ? 0 : viewLength;
    const problem = checkView(kind, byteOffset, byteLength, flags, info[0], info[1]);
    if (problem !== undefined) fail(at, problem);
    reserve(17);
    out[pos++] = ARRAY_BUFFER_VIEW;
    out[pos++] = VIEW_SUBTAGS[kind];
    varint(byteOffset);
    varint(byteLength);
    // The op stream's flag bits are V8's.
    varint(flags & (op.VIEW_LENGTH_TRACKING | op.VIEW_BACKED_BY_RESIZABLE));
    entries[opId] = nextWire++;
    completed();
  };

  /** A property key, or the End of the innermost object or array. */
  const propertyKey = (at) => {
    if (code[at] === op.STRING) {
      key(values[vi++]);
      ci = at + 2;
    } else if (code[at] === op.NUMBER) {
      const n = values[vi++];
      if (!(n >= 0 && n <= MAX_ARRAY_INDEX && n === floor(n))) {
        // (An integer is printed exactly, other numbers are not printed.)
        fail(
          at,
          n === floor(n) && n > -(2 ** 53) && n < 2 ** 53
            ? `a Number property key must be an array index, not ${n}; pass other keys as Strings`
            : 'a Number property key must be an array index, not a fraction, infinity or NaN; pass other keys as Strings',
        );
      }
      number(n);
      ci = at + 1;
    } else {
      ci = at + 1;
      end();
      return;
    }
    top.awaiting = true;
  };

  /** One field of an Error: message, stack, cause (its value follows) or End. */
  const errorField = (at) => {
    reserve(1);
    switch (code[at]) {
      case op.ERROR_MESSAGE:
        out[pos++] = ERROR_MESSAGE;
        string(values[vi++]);
        ci = at + 2;
        return;
      case op.ERROR_STACK:
        out[pos++] = ERROR_STACK;
        string(values[vi++]);
        ci = at + 2;
        return;
      case op.ERROR_CAUSE:
        out[pos++] = ERROR_CAUSE;
        top.awaiting = true;
        ci = at + 1;
        return;
      default: // End
        out[pos++] = ERROR_END;
        entries[top.opId] = top.wireId;
        ci = at + 1;
        pop();
        completed();
    }
  };

  /** One value op (not a key, not an Error field). */
  const value = (at) => {
    const opcode = code[at];
    ci = at + 1 + op.OPERANDS[opcode];
    reserve(11);
    switch (opcode) {
      case op.UNDEFINED:
        out[pos++] = UNDEFINED;
        break;
      case op.NULL:
        out[pos++] = NULL;
        break;
      case op.TRUE:
        out[pos++] = TRUE;
        break;
      case op.FALSE:
        out[pos++] = FALSE;
        break;
      case op.NUMBER:
        number(values[vi++]);
        break;
      case op.STRING:
        string(values[vi++]);
        break;
      case op.BIGINT:
        writeBigInt(BIGINT, code[at + 1] === 1, values[vi++], at + base);
        break;
      case op.HOLE:
        out[pos++] = THE_HOLE;
        break;
      case op.BACK_REF: {
        const id = code[at + 1];
        const wire = entries[id];
        if (wire === PENDING) {
          fail(at, `back-reference to object ${id} inside its own serialization (an Error's cause or a serializable object's data cannot contain the object itself)`);
        }
        if (wire === undefined || wire === ELIDED) fail(at, `back-reference to object ${id}, which has not been serialized`);
        out[pos++] = OBJECT_REFERENCE;
        varint(wire);
        break;
      }
      case op.BEGIN_OBJECT:
        ready();
        out[pos++] = BEGIN_JS_OBJECT;
        push(F_OBJECT, 0);
        return;
      case op.BEGIN_DENSE_ARRAY:
        ready();
        out[pos++] = BEGIN_DENSE_JS_ARRAY;
        varint(code[at + 1]);
        push(F_DENSE, code[at + 1]);
        return;
      case op.BEGIN_SPARSE_ARRAY:
        ready();
        out[pos++] = BEGIN_SPARSE_JS_ARRAY;
        varint(code[at + 1]);
        push(F_SPARSE, code[at + 1]);
        return;
      case op.BEGIN_MAP:
        ready();
        out[pos++] = BEGIN_JS_MAP;
        push(F_MAP, 0);
        return;
      case op.BEGIN_SET:
        ready();
        out[pos++] = BEGIN_JS_SET;
        push(F_SET, 0);
        return;
      case op.END:
        end();
        return;
      case op.DATE:
        ready();
        out[pos++] = DATE;
        double(values[vi++]);
        break;
      case op.REGEXP: {
        const flags = code[at + 1];
        const problem = checkRegExpFlags(flags);
        if (problem !== undefined) fail(at, problem);
        ready();
        writeRegExp(values[vi++], flags);
        break;
      }
      case op.BOOLEAN_OBJECT:
        ready();
        out[pos++] = code[at + 1] !== 0 ? TRUE_OBJECT : FALSE_OBJECT;
        break;
      case op.NUMBER_OBJECT:
        ready();
        out[pos++] = NUMBER_OBJECT;
        double(values[vi++]);
        break;
      case op.BIGINT_OBJECT:
        ready();
        writeBigInt(BIGINT_OBJECT, code[at + 1] === 1, values[vi++], at + base);
        break;
      case op.STRING_OBJECT:
        ready();
        out[pos++] = STRING_OBJECT;
        string(values[vi++]);
        break;
      case op.ARRAY_BUFFER:
      case op.RESIZABLE_ARRAY_BUFFER:
      case op.SHARED_ARRAY_BUFFER:
      case op.TRANSFERRED_ARRAY_BUFFER:
        arrayBuffer(at);
        break;
      case op.VIEW:
        view(at);
        return;
      case op.ERROR: {
        const wireId = nextWire++;
        const opId = entries.length;
        entries[opId] = PENDING;
        out[pos++] = ERROR;
        // Error is the default prototype on the deserializing side.
        const prototype = code[at + 1];
        if (prototype !== 0) out[pos++] = ERROR_PROTOTYPE_TAGS[prototype];
        push(F_ERROR, 0);
        top.opId = opId;
        top.wireId = wireId;
        return;
      }
      default: {
        // op.SERIALIZABLE: an ordinary object whose first key is the number NaN, which neither
        // V8 nor weft ever writes as a key: { NaN: name, value: data }.
        const wireId = nextWire++;
        const opId = entries.length;
        entries[opId] = PENDING;
        out[pos++] = BEGIN_JS_OBJECT;
        out[pos++] = DOUBLE;
        double(NaN);
        string(values[vi++]);
        string('value');
        push(F_SERIALIZABLE, 0);
        top.opId = opId;
        top.wireId = wireId;
        return;
      }
    }
    completed();
  };

  while (ci < length) {
    const at = ci;
    if (top !== undefined) {
      const t = top.t;
      if ((t === F_OBJECT || t === F_SPARSE || (t === F_DENSE && top.remaining === 0)) && !top.awaiting) {
        propertyKey(at);
        continue;
      }
      if (t === F_ERROR && !top.awaiting) {
        errorField(at);
        continue;
      }
      if (t === F_VIEW) {
        viewBuffer(at);
        continue;
      }
    }
    value(at);
  }
  state.nextWire = nextWire;
}

/** Op ids (− firstId) that some BackRef names (→ true; every other op id that creates an object → false). */
function backReferenced(code, firstId) {
  const referenced = I.newList();
  const targets = I.newList();
  const length = code.length;
  for (let ci = 0; ci < length; ci += 1 + op.OPERANDS[code[ci]]) {
    const opcode = code[ci];
    if (opcode === op.BACK_REF) targets[targets.length] = code[ci + 1];
    else if (CREATES_OBJECT[opcode]) referenced[referenced.length] = false;
  }
  for (let i = 0; i < targets.length; i++) {
    const target = targets[i] - firstId;
    if (target >= 0 && target < referenced.length) referenced[target] = true;
  }
  return referenced;
}

/** The ops marked * in the op stream's table: each takes the next op id. */
const CREATES_OBJECT = new Uint8ArrayCtor(op.OPERANDS.length);
for (const opcode of [
  op.BEGIN_OBJECT, op.BEGIN_DENSE_ARRAY, op.BEGIN_SPARSE_ARRAY, op.BEGIN_MAP, op.BEGIN_SET, op.DATE, op.REGEXP,
  op.BOOLEAN_OBJECT, op.NUMBER_OBJECT, op.BIGINT_OBJECT, op.STRING_OBJECT, op.ARRAY_BUFFER, op.RESIZABLE_ARRAY_BUFFER,
  op.SHARED_ARRAY_BUFFER, op.TRANSFERRED_ARRAY_BUFFER, op.VIEW, op.ERROR, op.SERIALIZABLE,
]) {
  CREATES_OBJECT[opcode] = 1;
}

// ---------------------------------------------------------------------------------------------
// Reading: one loop with its state in locals (measured 3× faster than the same steps in
// closures over shared variables); the helpers below take a position and leave where their
// read ended in `after`. Nothing is shared between calls but caches of strings (a page's
// TextDecoder, used for the rare UTF-8 strings, could call deserialize() again).

// A wire object's state.
const READY = 0;
const WAITING = 1; // an Error or serializable object still being read: V8 registers it when complete
const BUFFER = 2;
// Buffer values (bufferThenView's cases).
const NO_BUFFER = 0;
const NEW_FIXED = 1;
const NEW_RESIZABLE = 2;
const NEW_TRANSFERRED = 3;
const NEW_SHARED = 4;
const BUFFER_REFERENCE = 5;

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
const HostTextDecoder = latin1Slice === undefined && typeof globalThis.TextDecoder === 'function' ? globalThis.TextDecoder : undefined;
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
  for (let i = start; i < end; i += 0x2000) s += functionApply(fromCharCode, null, typedArraySubarray(data, i, i + 0x2000 < end ? i + 0x2000 : end));
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
  for (let shift = 0; ; ) {
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
  const slot = (length * 0x9e5 + data[pos] * 0x3b + data[pos + (length >> 1)] * 0x7 + data[pos + length - 1]) & (KEY_CACHE_SIZE - 1);
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
  const flags = version >= FIRST_VERSION_WITH_VIEW_FLAGS ? varintAt(data, after, end) & (op.VIEW_LENGTH_TRACKING | op.VIEW_BACKED_BY_RESIZABLE) : 0;
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

// What reader.js (deserialize()'s direct reader) shares with readWire below; serializer.js
// (serialize()'s own writer) takes its tags from here too.
export {
  after, doubleAt, oneByte, oneByteKeyAt, stringAt, valueTagAt, varintAt, bigintAt,
  VERSION, PADDING, VERIFY_OBJECT_COUNT, THE_HOLE, UNDEFINED, NULL, TRUE, FALSE, INT32, UINT32, DOUBLE, BIGINT,
  UTF8_STRING, ONE_BYTE_STRING, TWO_BYTE_STRING, OBJECT_REFERENCE, BEGIN_JS_OBJECT, END_JS_OBJECT,
  BEGIN_SPARSE_JS_ARRAY, END_SPARSE_JS_ARRAY, BEGIN_DENSE_JS_ARRAY, END_DENSE_JS_ARRAY, DATE, TRUE_OBJECT,
  FALSE_OBJECT, NUMBER_OBJECT, BIGINT_OBJECT, STRING_OBJECT, REGEXP, BEGIN_JS_MAP, END_JS_MAP, BEGIN_JS_SET,
  END_JS_SET, LATEST_VERSION, OLDEST_READABLE_VERSION, viewHeaderAt, viewKind, viewOffset, viewLength, viewFlags,
  ARRAY_BUFFER, ARRAY_BUFFER_VIEW, HOST_OBJECT, ELEMENT_SIZES, LAST_NODE_HOST_INDEX, ERROR, ERROR_MESSAGE, ERROR_CAUSE,
  ERROR_STACK, ERROR_END, ERROR_FIELD_PROTOTYPES,
};

function newFrame(t, length, wireId, at) {
  return { t, count: 0, length, remaining: length, awaiting: false, wireId, at };
}

/** A complete value was read in `frame`. */
function complete(frame) {
  // Else a serializable object: its data is done.
  if (!countValue(frame)) frame.awaiting = true;
}

/**
 * Deserializes V8 wire-format bytes (versions 13-15) into an op stream `{code, values}` for the
 * builder, validating everything V8 validates,
 * plus trailing bytes, varints over 32 bits, WebAssembly and shared objects and host objects
 * other than Node's views. `transferred` and `shared`: how many out-of-band buffers the caller
 * holds. Throws a DataCloneError naming the byte offset and the problem.
 */
export function readWire(data, transferred, shared) {
  const end = typedArrayLength(data);
  if (end > 0xffffffff) throw I.dataCloneError('serialized data larger than 4 GiB');
  // ReadHeader.
  if (end === 0) throw truncated(0);
  if (data[0] !== VERSION) throw invalid(0, 'missing the 0xFF version header');
  const version = varintAt(data, 1, end);
  if (version > LATEST_VERSION) throw invalid(1, `format version ${version} is newer than the newest weft reads (${LATEST_VERSION})`);
  if (version < OLDEST_READABLE_VERSION) {
    throw invalid(1, `format version ${version} is older than the oldest weft reads (${OLDEST_READABLE_VERSION})`);
  }
  let pos = after;
  // (A typed array: no write barrier, no elements-kind changes; one step writes at most 8 words.)
  let code = new Uint32ArrayCtor(end < 1 << 13 ? 4096 : end < 1 << 20 ? end >> 1 : 1 << 19);
  let codeCapacity = typedArrayLength(code);
  let cn = 0;
  const values = I.newList();
  let vn = 0;
  /** By wire id: the op id, the state, and for buffers [byteLength (-1 unknown), resizable (1, 0, -1)]. */
  const wireOps = I.newList();
  const wireStates = I.newList();
  const wireBuffers = I.newList();
  let wn = 0;
  /** The ArrayBuffers to make once the whole input is valid: [value index, start, length, maxByteLength (-1: fixed)]. */
  const buffers = I.newList();
  // The stack is not shortened (V8 is slow at setting an Array's length): `depth` frames are open.
  const stack = I.newList();
  let depth = 0;
  let top;
  let done = false;
  let nextOpId = 0;
  windowData = undefined;
  try {
    while (!done) {
      if (cn + 8 > codeCapacity) {
        const grown = new Uint32ArrayCtor(codeCapacity * 2);
        typedArraySet(grown, code);
        code = grown;
        codeCapacity *= 2;
      }
      let isKey = false;
      if (top !== undefined) {
        const t = top.t;
        if (t === F_OBJECT || t === F_SPARSE || t === F_DENSE) {
          if (t === F_DENSE && top.remaining > 0) {
            while (pos < end && data[pos] === PADDING) pos++;
            if (pos >= end) throw truncated(pos);
            if (data[pos] === THE_HOLE) {
              pos++;
              code[cn++] = op.HOLE;
              complete(top);
              continue;
            }
          } else if (!top.awaiting) {
            // `ReadJSObjectProperties`' loop: the end tag, or the next key.
            const endTag = t === F_OBJECT ? END_JS_OBJECT : t === F_DENSE ? END_DENSE_JS_ARRAY : END_SPARSE_JS_ARRAY;
            while (pos < end && data[pos] === PADDING) pos++;
            if (pos >= end) throw truncated(pos);
            if (data[pos] !== endTag) {
              isKey = true;
            } else {
              const at = pos;
              const count = varintAt(data, pos + 1, end);
              pos = after;
              if (t === F_OBJECT) {
                if (count !== top.count) throw invalid(at, `object ends claiming ${count} properties but has ${top.count}`);
              } else {
                const expectedLength = varintAt(data, pos, end);
                pos = after;
                if (count !== top.count || expectedLength !== top.length) {
                  throw invalid(at, `array ends claiming ${count} properties and length ${expectedLength} but has ${top.count} and ${top.length}`);
                }
              }
              code[cn++] = op.END;
              depth--;
              top = depth > 0 ? stack[depth - 1] : undefined;
              if (top === undefined) done = true;
              else complete(top);
              continue;
            }
          }
        } else if (t === F_MAP || t === F_SET) {
          // `ReadJSMap` / `ReadJSSet`: the end tag, or the next value (a Map's key and value
          // are read together: no end tag between them).
          if (t === F_SET || top.count % 2 === 0) {
            while (pos < end && data[pos] === PADDING) pos++;
            if (pos >= end) throw truncated(pos);
            if (data[pos] === (t === F_MAP ? END_JS_MAP : END_JS_SET)) {
              const at = pos;
              const count = varintAt(data, pos + 1, end);
              pos = after;
              if (count !== top.count) throw invalid(at, `Map or Set ends claiming ${count} values but has ${top.count}`);
              code[cn++] = op.END;
              depth--;
              top = depth > 0 ? stack[depth - 1] : undefined;
              if (top === undefined) done = true;
              else complete(top);
              continue;
            }
          }
        } else if (t === F_ERROR) {
          if (!top.awaiting) {
            // One field of `ReadJSError`'s loop.
            const at = pos;
            const field = varintAt(data, pos, end);
            pos = after;
            if (field === ERROR_MESSAGE || field === ERROR_STACK) {
              const s = readStringAt(data, pos, end, field === ERROR_MESSAGE ? "an Error's message" : "an Error's stack");
              pos = after;
              code[cn++] = field === ERROR_MESSAGE ? op.ERROR_MESSAGE : op.ERROR_STACK;
              code[cn++] = s.length;
              values[vn++] = s;
            } else if (field === ERROR_CAUSE) {
              code[cn++] = op.ERROR_CAUSE;
              top.awaiting = true;
            } else if (field === ERROR_END) {
              wireStates[top.wireId] = READY;
              code[cn++] = op.END;
              depth--;
              top = depth > 0 ? stack[depth - 1] : undefined;
              if (top === undefined) done = true;
              else complete(top);
            } else {
              const prototype = field < 0x80 ? ERROR_FIELD_PROTOTYPES[field] : -1;
              if (prototype < 0) throw invalid(at, `unknown Error field tag ${field}`);
              code[top.at] = prototype;
            }
            continue;
          }
        } else if (top.awaiting) {
          // A serializable object's data is done: its end.
          const at = pos;
          while (pos < end && data[pos] === PADDING) pos++;
          if (pos >= end) throw truncated(pos);
          const message = 'a serializable object (NaN-keyed) must have exactly the properties NaN and "value"';
          if (data[pos++] !== END_JS_OBJECT) throw invalid(at, message);
          if (varintAt(data, pos, end) !== 2) throw invalid(at, message);
          pos = after;
          wireStates[top.wireId] = READY;
          depth--;
          top = depth > 0 ? stack[depth - 1] : undefined;
          if (top === undefined) done = true;
          else complete(top);
          continue;
        }
      }
      const at = pos;
      let t = data[pos];
      if (t !== PADDING && t !== VERIFY_OBJECT_COUNT && pos < end) {
        pos++;
      } else {
        t = valueTagAt(data, pos, end);
        pos = after;
      }
      if (isKey) {
        // A property key: V8 accepts strings and numbers (`IsValidObjectKey`).
        if (t === ONE_BYTE_STRING || t === TWO_BYTE_STRING || t === UTF8_STRING) {
          const s = t === ONE_BYTE_STRING ? oneByteKeyAt(data, pos, end) : stringAt(data, pos, end, t);
          pos = after;
          code[cn++] = op.STRING;
          code[cn++] = s.length;
          values[vn++] = s;
        } else {
          let n;
          if (t === INT32) {
            const v = varintAt(data, pos, end);
            n = (v >>> 1) ^ -(v & 1);
          } else if (t === UINT32) {
            n = varintAt(data, pos, end);
          } else if (t === DOUBLE) {
            n = doubleAt(data, pos, end);
          } else {
            throw invalid(at, `a property key must be a string or a number, found tag ${describeTag(t)}`);
          }
          pos = after;
          code[cn++] = op.NUMBER;
          values[vn++] = n;
        }
        top.awaiting = true;
        continue;
      }
      // `ReadObject`: one complete value, or the opening of a container.
      let buffer = NO_BUFFER;
      let bufferLength = -1;
      let bufferResizable = 0;
      let bufferStart = 0;
      let bufferMax = 0; // or the index of a transferred or shared buffer, or the referenced wire id
      switch (t) {
        case ONE_BYTE_STRING: {
          let length = data[pos];
          if (length < 0x80) {
            pos++;
          } else {
            length = varintAt(data, pos, end);
            pos = after;
          }
          checkRemaining(length, pos, end);
          const s = oneByte(data, pos, length, end);
          pos += length;
          code[cn++] = op.STRING;
          code[cn++] = length;
          values[vn++] = s;
          break;
        }
        case TWO_BYTE_STRING:
        case UTF8_STRING: {
          const s = stringAt(data, pos, end, t);
          pos = after;
          code[cn++] = op.STRING;
          code[cn++] = s.length;
          values[vn++] = s;
          break;
        }
        case UNDEFINED:
          code[cn++] = op.UNDEFINED;
          break;
        case NULL:
          code[cn++] = op.NULL;
          break;
        case TRUE:
          code[cn++] = op.TRUE;
          break;
        case FALSE:
          code[cn++] = op.FALSE;
          break;
        case INT32: {
          let v = data[pos];
          if (v < 0x80) {
            pos++;
          } else {
            v = varintAt(data, pos, end);
            pos = after;
          }
          code[cn++] = op.NUMBER;
          values[vn++] = (v >>> 1) ^ -(v & 1);
          break;
        }
        case UINT32:
          code[cn++] = op.NUMBER;
          values[vn++] = varintAt(data, pos, end);
          pos = after;
          break;
        case DOUBLE:
          code[cn++] = op.NUMBER;
          values[vn++] = doubleAt(data, pos, end);
          pos = after;
          break;
        case BIGINT:
        case BIGINT_OBJECT: {
          const value = bigintAt(data, pos, end);
          pos = after;
          if (t === BIGINT_OBJECT) {
            wireOps[wn] = nextOpId++;
            wireStates[wn++] = READY;
          }
          code[cn++] = t === BIGINT ? op.BIGINT : op.BIGINT_OBJECT;
          code[cn++] = bigintNegative ? 1 : 0;
          code[cn++] = bigintLength;
          values[vn++] = value;
          break;
        }
        case OBJECT_REFERENCE: {
          const id = varintAt(data, pos, end);
          pos = after;
          if (id >= wn) throw invalid(at, `reference to object ${id}, which has not been read`);
          const state = wireStates[id];
          if (state === WAITING) throw invalid(at, `reference to object ${id} before its deserialization finished`);
          if (state === BUFFER) {
            buffer = BUFFER_REFERENCE;
            bufferLength = wireBuffers[id][0];
            bufferResizable = wireBuffers[id][1];
            bufferMax = id;
          } else {
            code[cn++] = op.BACK_REF;
            code[cn++] = wireOps[id];
          }
          break;
        }
        case BEGIN_JS_OBJECT: {
          // An ordinary object, or weft's serializable-object encoding `{ NaN: name, value }`.
          let p = pos;
          while (p < end && data[p] === PADDING) p++;
          if (p < end && data[p] === DOUBLE && end - p > 8 && isNaNValue(doubleAt(data, p + 1, end))) {
            const wireId = wn;
            wireOps[wn] = nextOpId;
            wireStates[wn++] = WAITING;
            const name = readStringAt(data, p + 9, end, "a serializable object's class name");
            const keyAt = after;
            if (readStringAt(data, keyAt, end, "a serializable object's second key") !== 'value') {
              throw invalid(keyAt, 'a serializable object\'s second key must be "value"');
            }
            pos = after;
            nextOpId++;
            code[cn++] = op.SERIALIZABLE;
            code[cn++] = name.length;
            values[vn++] = name;
            top = newFrame(F_SERIALIZABLE, 0, wireId, 0);
          } else {
            wireOps[wn] = nextOpId++;
            wireStates[wn++] = READY;
            code[cn++] = op.BEGIN_OBJECT;
            top = newFrame(F_OBJECT, 0, 0, 0);
          }
          stack[depth++] = top;
          continue;
        }
        case BEGIN_DENSE_JS_ARRAY:
        case BEGIN_SPARSE_JS_ARRAY: {
          const length = varintAt(data, pos, end);
          pos = after;
          // As V8: every element takes at least one byte.
          if (t === BEGIN_DENSE_JS_ARRAY && length > end - pos) {
            throw invalid(at, `dense array length ${length} exceeds the ${end - pos} bytes that remain`);
          }
          wireOps[wn] = nextOpId++;
          wireStates[wn++] = READY;
          code[cn++] = t === BEGIN_DENSE_JS_ARRAY ? op.BEGIN_DENSE_ARRAY : op.BEGIN_SPARSE_ARRAY;
          code[cn++] = length;
          top = newFrame(t === BEGIN_DENSE_JS_ARRAY ? F_DENSE : F_SPARSE, length, 0, 0);
          stack[depth++] = top;
          continue;
        }
        case BEGIN_JS_MAP:
        case BEGIN_JS_SET:
          wireOps[wn] = nextOpId++;
          wireStates[wn++] = READY;
          code[cn++] = t === BEGIN_JS_MAP ? op.BEGIN_MAP : op.BEGIN_SET;
          top = newFrame(t === BEGIN_JS_MAP ? F_MAP : F_SET, 0, 0, 0);
          stack[depth++] = top;
          continue;
        case DATE:
        case NUMBER_OBJECT: {
          const n = doubleAt(data, pos, end);
          pos = after;
          wireOps[wn] = nextOpId++;
          wireStates[wn++] = READY;
          code[cn++] = t === DATE ? op.DATE : op.NUMBER_OBJECT;
          values[vn++] = n;
          break;
        }
        case TRUE_OBJECT:
        case FALSE_OBJECT:
          wireOps[wn] = nextOpId++;
          wireStates[wn++] = READY;
          code[cn++] = op.BOOLEAN_OBJECT;
          code[cn++] = t === TRUE_OBJECT ? 1 : 0;
          break;
        case STRING_OBJECT: {
          const s = readStringAt(data, pos, end, "a String object's value");
          pos = after;
          wireOps[wn] = nextOpId++;
          wireStates[wn++] = READY;
          code[cn++] = op.STRING_OBJECT;
          code[cn++] = s.length;
          values[vn++] = s;
          break;
        }
        case REGEXP: {
          const source = readStringAt(data, pos, end, "a RegExp's source");
          const flags = varintAt(data, after, end);
          pos = after;
          const problem = checkRegExpFlags(flags);
          if (problem !== undefined) throw invalid(at, problem);
          wireOps[wn] = nextOpId++;
          wireStates[wn++] = READY;
          code[cn++] = op.REGEXP;
          code[cn++] = flags;
          code[cn++] = source.length;
          values[vn++] = source;
          break;
        }
        case ARRAY_BUFFER:
          bufferLength = varintAt(data, pos, end);
          pos = after;
          checkRemaining(bufferLength, pos, end);
          bufferStart = pos;
          pos += bufferLength;
          buffer = NEW_FIXED;
          break;
        case RESIZABLE_ARRAY_BUFFER:
          bufferLength = varintAt(data, pos, end);
          bufferMax = varintAt(data, after, end);
          pos = after;
          if (bufferLength > bufferMax) {
            throw invalid(at, `resizable ArrayBuffer byte length ${bufferLength} exceeds its maxByteLength ${bufferMax}`);
          }
          checkRemaining(bufferLength, pos, end);
          bufferStart = pos;
          pos += bufferLength;
          bufferResizable = 1;
          buffer = NEW_RESIZABLE;
          break;
        case ARRAY_BUFFER_TRANSFER:
          bufferMax = varintAt(data, pos, end);
          pos = after;
          if (bufferMax >= transferred) {
            throw invalid(at, `transferred ArrayBuffer ${bufferMax} is not in the transfer list of ${transferred}`);
          }
          bufferResizable = -1;
          buffer = NEW_TRANSFERRED;
          break;
        case SHARED_ARRAY_BUFFER:
          bufferMax = varintAt(data, pos, end);
          pos = after;
          if (bufferMax >= shared) throw invalid(at, `SharedArrayBuffer ${bufferMax} is not among the ${shared} shared buffers`);
          buffer = NEW_SHARED;
          break;
        case ERROR: {
          const wireId = wn;
          wireOps[wn] = nextOpId++;
          wireStates[wn++] = WAITING;
          code[cn++] = op.ERROR;
          code[cn++] = 0; // Error, unless a prototype tag follows
          top = newFrame(F_ERROR, 0, wireId, cn - 1);
          stack[depth++] = top;
          continue;
        }
        case HOST_OBJECT: {
          // Node's `DefaultDeserializer._readHostObject`: type index, byte length, bytes.
          const index = varintAt(data, pos, end);
          pos = after;
          if (index > LAST_NODE_HOST_INDEX) throw invalid(at, `unknown host object (not a Node ArrayBufferView type index: ${index})`);
          const byteLength = varintAt(data, pos, end);
          pos = after;
          const size = ELEMENT_SIZES[index];
          if (byteLength % size !== 0) {
            throw invalid(at, `${op.VIEW_KIND_NAMES[index]} byte length ${byteLength} is not a multiple of ${size}`);
          }
          checkRemaining(byteLength, pos, end);
          wireOps[wn] = nextOpId;
          wireStates[wn++] = READY;
          code[cn++] = op.VIEW;
          code[cn++] = index;
          code[cn++] = 0;
          code[cn++] = byteLength;
          code[cn++] = 0;
          code[cn++] = op.ARRAY_BUFFER;
          code[cn++] = byteLength;
          buffers[buffers.length] = [vn, pos, byteLength, -1];
          values[vn++] = undefined;
          nextOpId += 2;
          pos += byteLength;
          break;
        }
        case THE_HOLE:
          throw invalid(at, 'a hole outside a dense array');
        case ARRAY_BUFFER_VIEW:
          throw invalid(at, 'an ArrayBufferView that does not follow an ArrayBuffer');
        case SHARED_OBJECT:
          throw invalid(at, 'shared objects (shared structs) are not supported');
        case WASM_MODULE_TRANSFER:
        case WASM_MEMORY_TRANSFER:
        case LEGACY_WASM_MODULE:
          throw invalid(at, 'WebAssembly modules and memories are not supported');
        default:
          throw invalid(at, `unexpected tag ${describeTag(t)} where a value should start`);
      }
      if (buffer !== NO_BUFFER) {
        // A buffer value, and the view over it if 'V' follows (V8's `ReadObject` peeks so after
        // any ArrayBuffer). The buffer's wire id comes first; its op id is decided below.
        const bufferWire = buffer === BUFFER_REFERENCE ? bufferMax : wn;
        if (buffer !== BUFFER_REFERENCE) {
          wireOps[wn] = 0;
          wireStates[wn] = BUFFER;
          wireBuffers[wn++] = [bufferLength, bufferResizable];
        }
        while (pos < end && data[pos] === PADDING) pos++;
        if (pos < end && data[pos] === ARRAY_BUFFER_VIEW) {
          viewHeaderAt(data, pos, end, version, bufferLength, bufferResizable);
          pos = after;
          wireOps[wn] = nextOpId++;
          wireStates[wn++] = READY;
          code[cn++] = op.VIEW;
          code[cn++] = viewKind;
          code[cn++] = viewOffset;
          code[cn++] = viewLength;
          code[cn++] = viewFlags;
        }
        if (buffer === BUFFER_REFERENCE) {
          code[cn++] = op.BACK_REF;
          code[cn++] = wireOps[bufferWire];
        } else {
          wireOps[bufferWire] = nextOpId++;
          if (buffer === NEW_FIXED || buffer === NEW_RESIZABLE) {
            code[cn++] = buffer === NEW_FIXED ? op.ARRAY_BUFFER : op.RESIZABLE_ARRAY_BUFFER;
            code[cn++] = bufferLength;
            if (buffer === NEW_RESIZABLE) code[cn++] = bufferMax;
            buffers[buffers.length] = [vn, bufferStart, bufferLength, buffer === NEW_FIXED ? -1 : bufferMax];
            values[vn++] = undefined;
          } else {
            code[cn++] = buffer === NEW_TRANSFERRED ? op.TRANSFERRED_ARRAY_BUFFER : op.SHARED_ARRAY_BUFFER;
            code[cn++] = bufferMax;
          }
        }
      }
      if (top === undefined) done = true;
      else complete(top);
    }
  } finally {
    windowData = undefined;
  }
  // V8 ignores what follows the value; weft takes it as corruption.
  while (pos < end) {
    if (data[pos++] !== PADDING) throw invalid(pos - 1, 'unexpected bytes after the complete value');
  }
  for (let i = 0; i < buffers.length; i++) {
    const record = buffers[i];
    const at = record[0];
    const start = record[1];
    const length = record[2];
    const maxByteLength = record[3];
    let buffer;
    try {
      buffer = maxByteLength < 0 ? new I.ArrayBufferCtor(length) : new I.ArrayBufferCtor(length, { __proto__: null, maxByteLength });
    } catch (error) {
      throw I.dataCloneError(`The serialized data has an ArrayBuffer this host cannot allocate (${error.message}).`);
    }
    typedArraySet(new Uint8ArrayCtor(buffer), typedArraySubarray(data, start, start + length));
    values[at] = buffer;
  }
  return { code: typedArraySubarray(code, 0, cn), values };
}
