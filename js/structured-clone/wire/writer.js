// The wire writer: an op stream (or a fragment of one, for serializer.js) to V8 wire-format bytes
// in one reused output buffer, and the primitives serializer.js writes between the fragments.
import * as I from '../intrinsics.js';
import * as op from '../ops.js';
import {
  ARRAY_BUFFER,
  ARRAY_BUFFER_TRANSFER,
  ARRAY_BUFFER_VIEW,
  BEGIN_DENSE_JS_ARRAY,
  BEGIN_JS_MAP,
  BEGIN_JS_OBJECT,
  BEGIN_JS_SET,
  BEGIN_SPARSE_JS_ARRAY,
  BIGINT,
  BIGINT_MAX_BYTE_LENGTH,
  BIGINT_OBJECT,
  CANONICAL_NAN,
  DATE,
  DOUBLE,
  ELEMENT_SIZES,
  END_DENSE_JS_ARRAY,
  END_JS_MAP,
  END_JS_OBJECT,
  END_JS_SET,
  END_SPARSE_JS_ARRAY,
  ERROR,
  ERROR_CAUSE,
  ERROR_END,
  ERROR_MESSAGE,
  ERROR_PROTOTYPE_TAGS,
  ERROR_STACK,
  FALSE,
  FALSE_OBJECT,
  FLOAT16_KIND,
  F_DENSE,
  F_ERROR,
  F_MAP,
  F_OBJECT,
  F_SERIALIZABLE,
  F_SET,
  F_SPARSE,
  F_VIEW,
  HOST_OBJECT,
  INT32,
  LATEST_VERSION,
  LITTLE_ENDIAN,
  LONG_STRING,
  MAX_ARRAY_INDEX,
  NULL,
  NUMBER_OBJECT,
  OBJECT_REFERENCE,
  ONE_BYTE_STRING,
  PADDING,
  REGEXP,
  RESIZABLE_ARRAY_BUFFER,
  SHARED_ARRAY_BUFFER,
  STRING_OBJECT,
  THE_HOLE,
  TRUE,
  TRUE_OBJECT,
  TWO_BYTE_STRING,
  UNDEFINED,
  Uint8ArrayCtor,
  VERSION,
  VIEW_SUBTAGS,
  charCodeAt,
  checkRegExpFlags,
  checkView,
  countValue,
  floor,
  functionApply,
  scratch,
  scratchBytes,
  typedArrayLength,
  typedArraySet,
  typedArraySlice,
  typedArraySubarray,
  ucs2Write,
} from './format.js';

const byteLengthOf = (value) => (I.isView(value) ? I.typedArrayByteLength(value) : I.arrayBufferByteLength(value));
const bytesOf = (value) => (I.isView(value) ? value : new Uint8ArrayCtor(value));

// One output buffer, reused across calls; the result is a copy of what was written.
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
export { number as writeNumber, string as writeString, key as writeKey };

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
    if (
      kind !== FLOAT16_KIND &&
      kind !== op.NODE_BUFFER_KIND &&
      code[ci + 2] === 0 &&
      code[ci + 4] === 0 &&
      code[ci + 5] === op.ARRAY_BUFFER
    ) {
      return true;
    }
  }
  return false;
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
  t,
  count,
  length,
  remaining,
  awaiting,
  opId: 0,
  wireId: 0,
  kind: 0,
  byteOffset: 0,
  byteLength: 0,
  flags: 0,
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
          fail(
            at,
            `back-reference to object ${id} inside its own serialization (an Error's cause or a serializable object's data cannot contain the object itself)`,
          );
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
  op.BEGIN_OBJECT,
  op.BEGIN_DENSE_ARRAY,
  op.BEGIN_SPARSE_ARRAY,
  op.BEGIN_MAP,
  op.BEGIN_SET,
  op.DATE,
  op.REGEXP,
  op.BOOLEAN_OBJECT,
  op.NUMBER_OBJECT,
  op.BIGINT_OBJECT,
  op.STRING_OBJECT,
  op.ARRAY_BUFFER,
  op.RESIZABLE_ARRAY_BUFFER,
  op.SHARED_ARRAY_BUFFER,
  op.TRANSFERRED_ARRAY_BUFFER,
  op.VIEW,
  op.ERROR,
  op.SERIALIZABLE,
]) {
  CREATES_OBJECT[opcode] = 1;
}
