// The validating reader: V8 wire-format bytes (versions 13-15) to an op stream for the builder,
// checking everything V8 checks and more (docs/structured-clone.md, "Wire-format choices").
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
  BIGINT_OBJECT,
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
  ERROR_FIELD_PROTOTYPES,
  ERROR_MESSAGE,
  ERROR_STACK,
  FALSE,
  FALSE_OBJECT,
  F_DENSE,
  F_ERROR,
  F_MAP,
  F_OBJECT,
  F_SERIALIZABLE,
  F_SET,
  F_SPARSE,
  HOST_OBJECT,
  INT32,
  LAST_NODE_HOST_INDEX,
  LATEST_VERSION,
  LEGACY_WASM_MODULE,
  NULL,
  NUMBER_OBJECT,
  OBJECT_REFERENCE,
  OLDEST_READABLE_VERSION,
  ONE_BYTE_STRING,
  PADDING,
  REGEXP,
  RESIZABLE_ARRAY_BUFFER,
  SHARED_ARRAY_BUFFER,
  SHARED_OBJECT,
  STRING_OBJECT,
  THE_HOLE,
  TRUE,
  TRUE_OBJECT,
  TWO_BYTE_STRING,
  UINT32,
  UNDEFINED,
  UTF8_STRING,
  Uint32ArrayCtor,
  Uint8ArrayCtor,
  VERIFY_OBJECT_COUNT,
  VERSION,
  WASM_MEMORY_TRANSFER,
  WASM_MODULE_TRANSFER,
  checkRegExpFlags,
  countValue,
  describeTag,
  isNaNValue,
  typedArrayLength,
  typedArraySet,
  typedArraySubarray,
} from './format.js';
import {
  after,
  bigintAt,
  bigintLength,
  bigintNegative,
  checkRemaining,
  doubleAt,
  forgetWindow,
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
} from './primitives.js';

// Reading: one loop with its state in locals (measured 3× faster than the same steps in closures
// over shared variables); the helpers of primitives.js take a position and leave where their read
// ended in `after`. Nothing is shared between calls but caches of strings (a page's TextDecoder,
// used for the rare UTF-8 strings, could call deserialize() again).

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
  if (version > LATEST_VERSION)
    throw invalid(1, `format version ${version} is newer than the newest weft reads (${LATEST_VERSION})`);
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
  forgetWindow();
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
                  throw invalid(
                    at,
                    `array ends claiming ${count} properties and length ${expectedLength} but has ${top.count} and ${top.length}`,
                  );
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
          if (index > LAST_NODE_HOST_INDEX)
            throw invalid(at, `unknown host object (not a Node ArrayBufferView type index: ${index})`);
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
    forgetWindow();
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
      buffer =
        maxByteLength < 0 ? new I.ArrayBufferCtor(length) : new I.ArrayBufferCtor(length, { __proto__: null, maxByteLength });
    } catch (error) {
      throw I.dataCloneError(`The serialized data has an ArrayBuffer this host cannot allocate (${error.message}).`);
    }
    typedArraySet(new Uint8ArrayCtor(buffer), typedArraySubarray(data, start, start + length));
    values[at] = buffer;
  }
  return { code: typedArraySubarray(code, 0, cn), values };
}
