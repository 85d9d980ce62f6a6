// deserialize()'s direct reader: one recursive pass over V8 wire-format bytes that makes the
// objects as it reads them, for the tags of the usual data (primitives, one- and two-byte
// strings, objects, dense and sparse Arrays, Maps, Sets, Dates, RegExps, primitive wrappers,
// Errors, ArrayBuffers and the views over them, Node's host-object views, back-references,
// padding and verify-object-count records). It makes exactly what readWire then the builder
// make, or nothing: at anything else — another tag (serializable objects, resizable, transferred
// or shared buffers, Node Buffers), bytes that fail a check, nesting deeper than MAX_DEPTH, an
// exception of any kind — it gives up (NOT_READ) and
// deserialize() reads the bytes again through readWire and the builder from the start, whose
// errors name the byte and the problem. Giving up is unobservable: the reader only makes fresh
// objects with the builder's own steps (createDataProperty, defineElement, makeRegExp, ...) and
// intrinsics captured at load, and calls no code a page can reach. UTF-8 strings (which neither
// V8 nor weft writes) are left to readWire: their decoder is the host's TextDecoder.
// It shares wire.js's reading helpers (varints, doubles, strings and their caches, BigInts,
// view headers); their position after a read is `after`. Objects are kept by wire id (a
// back-reference's number).
import * as I from './intrinsics.js';
import { NODE_BUFFER_KIND } from './ops.js';
import { createDataProperty, defineElement, defineHidden, makeRegExp, makeView } from './builder.js';
import {
  after,
  bigintAt,
  checkRegExpFlags,
  doubleAt,
  forgetWindow,
  oneByte,
  oneByteKeyAt,
  stringAt,
  valueTagAt,
  varintAt,
  VERSION,
  PADDING,
  VERIFY_OBJECT_COUNT,
  THE_HOLE,
  UNDEFINED,
  NULL,
  TRUE,
  FALSE,
  INT32,
  UINT32,
  DOUBLE,
  BIGINT,
  ONE_BYTE_STRING,
  TWO_BYTE_STRING,
  OBJECT_REFERENCE,
  BEGIN_JS_OBJECT,
  END_JS_OBJECT,
  BEGIN_SPARSE_JS_ARRAY,
  END_SPARSE_JS_ARRAY,
  BEGIN_DENSE_JS_ARRAY,
  END_DENSE_JS_ARRAY,
  DATE,
  TRUE_OBJECT,
  FALSE_OBJECT,
  NUMBER_OBJECT,
  BIGINT_OBJECT,
  STRING_OBJECT,
  REGEXP,
  BEGIN_JS_MAP,
  END_JS_MAP,
  BEGIN_JS_SET,
  END_JS_SET,
  LATEST_VERSION,
  OLDEST_READABLE_VERSION,
  viewHeaderAt,
  viewKind,
  viewOffset,
  viewLength,
  viewFlags,
  ARRAY_BUFFER,
  ARRAY_BUFFER_VIEW,
  HOST_OBJECT,
  ELEMENT_SIZES,
  LAST_NODE_HOST_INDEX,
  ERROR,
  ERROR_MESSAGE,
  ERROR_CAUSE,
  ERROR_STACK,
  ERROR_END,
  ERROR_FIELD_PROTOTYPES,
} from './wire.js';

// Captured at load, like everything in intrinsics.js.
const {
  ArrayCtor,
  ArrayPrototype,
  DateCtor,
  MapCtor,
  ObjectCtor,
  ObjectPrototype,
  SetCtor,
  getPrototypeOf,
  mapSet,
  setAdd,
  newList,
  typedArrayLength,
} = I;
const {
  ArrayBufferCtor,
  Uint8ArrayCtor,
  typedArraySet,
  typedArraySubarray,
  ErrorConstructors,
  newErrorWithoutStack,
  setErrorStack,
} = I;

/** What readDirect returns when it leaves the bytes to readWire and the builder. */
export const NOT_READ = Symbol('not read');
/** Thrown inside the reader to give up (any exception gives up). */
const GIVE_UP = { __proto__: null };
/** Containers nested deeper than this are left to readWire's explicit stack. */
const MAX_DEPTH = 1024;

// One read's state (nothing the reader calls can start another read).
let data;
let end = 0;
let pos = 0;
let depth = 0;
let version = 0;
/** The objects made so far, by wire id. */
let objects;
/** By wire id, the byte length of each ArrayBuffer (a view may follow a reference to one). */
let bufferLengths;

/**
 * The value that V8 wire-format bytes (a Uint8Array) hold, as deserialize() makes it from
 * readWire's op stream, or NOT_READ when readWire and the builder must read them.
 */
export function readDirect(bytes) {
  const length = typedArrayLength(bytes);
  if (length === 0 || length > 0xffffffff || bytes[0] !== VERSION) return NOT_READ;
  // An Array's CreateDataProperty asks `key in Array.prototype`: no Proxy may be on that chain.
  if (getPrototypeOf(ArrayPrototype) !== ObjectPrototype) return NOT_READ;
  data = bytes;
  end = length;
  depth = 0;
  objects = newList();
  bufferLengths = newList();
  forgetWindow();
  try {
    version = varintAt(bytes, 1, end);
    if (version > LATEST_VERSION || version < OLDEST_READABLE_VERSION) return NOT_READ;
    pos = after;
    const result = value();
    // Only padding may follow the value.
    while (pos < end) if (data[pos++] !== PADDING) return NOT_READ;
    return result;
  } catch {
    return NOT_READ;
  } finally {
    forgetWindow();
    data = undefined;
    objects = undefined;
    bufferLengths = undefined;
  }
}

/** The tag of the value at `pos` (after padding and verify-object-count records), moving past it. */
function tag() {
  const t = data[pos];
  if (t !== PADDING && t !== VERIFY_OBJECT_COUNT && pos < end) {
    pos++;
    return t;
  }
  const found = valueTagAt(data, pos, end);
  pos = after;
  return found;
}

/** Moves past padding to the next byte, which must exist. */
function skipPadding() {
  while (pos < end && data[pos] === PADDING) pos++;
  if (pos >= end) throw GIVE_UP;
}

/** A varint at `pos`, moving past it. */
function varint() {
  const v = varintAt(data, pos, end);
  pos = after;
  return v;
}

/** `ReadString`: a one- or two-byte string value. */
function stringValue() {
  const t = tag();
  if (t !== ONE_BYTE_STRING && t !== TWO_BYTE_STRING) throw GIVE_UP;
  const s = stringAt(data, pos, end, t);
  pos = after;
  return s;
}

/** A property key: a string or a number (the builder makes the property key of either). */
function key() {
  const t = tag();
  let k;
  if (t === ONE_BYTE_STRING) k = oneByteKeyAt(data, pos, end);
  else if (t === INT32) return zigzag(varint());
  else if (t === UINT32) return varint();
  else if (t === DOUBLE) k = doubleAt(data, pos, end);
  else if (t === TWO_BYTE_STRING) k = stringAt(data, pos, end, t);
  else throw GIVE_UP;
  pos = after;
  return k;
}

const zigzag = (v) => (v >>> 1) ^ -(v & 1);

/**
 * Key-value pairs into `target` (an object, or an Array: `isArray`) up to and past `endTag`;
 * returns how many.
 */
function properties(target, endTag, isArray) {
  let count = 0;
  for (;;) {
    skipPadding();
    if (data[pos] === endTag) {
      pos++;
      return count;
    }
    const k = key();
    createDataProperty(target, k, value(), isArray);
    count++;
  }
}

/**
 * `ReadJSError`: its fields in any order (a prototype tag, the message, the stack, the cause),
 * then the Error, made once its prototype is known, and given its fields in their order (as the
 * builder does). Its id is taken first; it is complete only at its end.
 */
function error() {
  if (++depth > MAX_DEPTH) throw GIVE_UP;
  const id = objects.length;
  objects[id] = undefined;
  let prototype = 0;
  const fields = newList();
  for (;;) {
    const field = varint();
    if (field === ERROR_END) break;
    if (field === ERROR_MESSAGE || field === ERROR_STACK || field === ERROR_CAUSE) {
      fields[fields.length] = field;
      fields[fields.length] = field === ERROR_CAUSE ? value() : stringValue();
    } else {
      prototype = field < 0x80 ? ERROR_FIELD_PROTOTYPES[field] : -1;
      if (prototype < 0) throw GIVE_UP;
    }
  }
  const object = newErrorWithoutStack(ErrorConstructors[prototype]);
  for (let i = 0; i < fields.length; i += 2) {
    const field = fields[i];
    if (field === ERROR_STACK) setErrorStack(object, fields[i + 1]);
    else defineHidden(object, field === ERROR_MESSAGE ? 'message' : 'cause', fields[i + 1]);
  }
  objects[id] = object;
  depth--;
  return object;
}

/**
 * After an ArrayBuffer (new or referred to) of `length` bytes, a view over it if one follows (V8's
 * `ReadObject` peeks for one after any ArrayBuffer), else the buffer.
 */
function bufferOrView(buffer, length) {
  while (pos < end && data[pos] === PADDING) pos++;
  if (pos >= end || data[pos] !== ARRAY_BUFFER_VIEW) return buffer;
  viewHeaderAt(data, pos, end, version, length, 0);
  pos = after;
  return made(makeView(viewKind, buffer, viewOffset, viewLength, viewFlags));
}

/** A new ArrayBuffer with the `length` bytes at `pos`, moving past them. */
function copy(length) {
  const buffer = new ArrayBufferCtor(length);
  typedArraySet(new Uint8ArrayCtor(buffer), typedArraySubarray(data, pos, pos + length));
  pos += length;
  return buffer;
}

/** The object `o` was made: it takes the next id. */
function made(o) {
  objects[objects.length] = o;
  return o;
}

/** `ReadObject`: one value. */
function value() {
  const t = tag();
  switch (t) {
    case ONE_BYTE_STRING: {
      let length = data[pos];
      if (length < 0x80) {
        pos++;
      } else {
        length = varint();
      }
      if (length > end - pos) throw GIVE_UP;
      const s = oneByte(data, pos, length, end);
      pos += length;
      return s;
    }
    case INT32: {
      const v = data[pos];
      if (v < 0x80) {
        pos++;
        return zigzag(v);
      }
      return zigzag(varint());
    }
    case BEGIN_JS_OBJECT: {
      // Weft's serializable-object encoding `{ NaN: name, value }` is readWire's.
      let p = pos;
      while (p < end && data[p] === PADDING) p++;
      if (p < end && data[p] === DOUBLE && end - p > 8) {
        const n = doubleAt(data, p + 1, end);
        if (n !== n) throw GIVE_UP;
      }
      if (++depth > MAX_DEPTH) throw GIVE_UP;
      const object = made({});
      const count = properties(object, END_JS_OBJECT, false);
      if (varint() !== count) throw GIVE_UP;
      depth--;
      return object;
    }
    case BEGIN_DENSE_JS_ARRAY: {
      const length = varint();
      // As readWire (and V8): every element takes at least one byte.
      if (length > end - pos || ++depth > MAX_DEPTH) throw GIVE_UP;
      const array = made(new ArrayCtor(length));
      for (let i = 0; i < length; i++) {
        skipPadding();
        if (data[pos] === THE_HOLE) pos++;
        else defineElement(array, i, value());
      }
      const count = properties(array, END_DENSE_JS_ARRAY, true);
      if (varint() !== count || varint() !== length) throw GIVE_UP;
      depth--;
      return array;
    }
    case BEGIN_SPARSE_JS_ARRAY: {
      const length = varint();
      if (++depth > MAX_DEPTH) throw GIVE_UP;
      const array = made(new ArrayCtor(length));
      const count = properties(array, END_SPARSE_JS_ARRAY, true);
      if (varint() !== count || varint() !== length) throw GIVE_UP;
      depth--;
      return array;
    }
    case BEGIN_JS_MAP: {
      if (++depth > MAX_DEPTH) throw GIVE_UP;
      const map = made(new MapCtor());
      let count = 0;
      for (;;) {
        skipPadding();
        if (data[pos] === END_JS_MAP) break;
        const k = value();
        mapSet(map, k, value());
        count += 2;
      }
      pos++;
      if (varint() !== count) throw GIVE_UP;
      depth--;
      return map;
    }
    case BEGIN_JS_SET: {
      if (++depth > MAX_DEPTH) throw GIVE_UP;
      const set = made(new SetCtor());
      let count = 0;
      for (;;) {
        skipPadding();
        if (data[pos] === END_JS_SET) break;
        setAdd(set, value());
        count++;
      }
      pos++;
      if (varint() !== count) throw GIVE_UP;
      depth--;
      return set;
    }
    case OBJECT_REFERENCE: {
      const id = varint();
      const object = objects[id]; // (undefined: an Error still being read, or no such id)
      if (id >= objects.length || object === undefined) throw GIVE_UP;
      const length = bufferLengths[id];
      return length === undefined ? object : bufferOrView(object, length);
    }
    case ERROR:
      return error();
    case ARRAY_BUFFER: {
      const length = varint();
      if (length > end - pos) throw GIVE_UP;
      const buffer = copy(length);
      bufferLengths[objects.length] = length;
      return bufferOrView(made(buffer), length);
    }
    case HOST_OBJECT: {
      // Node's `DefaultDeserializer._readHostObject` (how v8.serialize writes views): one wire id.
      // (Not a Buffer: Buffer.from reads the ArrayBuffer's byteLength through a getter a page
      // can replace.)
      const index = varint();
      if (index > LAST_NODE_HOST_INDEX || index === NODE_BUFFER_KIND) throw GIVE_UP;
      const byteLength = varint();
      if (byteLength % ELEMENT_SIZES[index] !== 0 || byteLength > end - pos) throw GIVE_UP;
      return made(makeView(index, copy(byteLength), 0, byteLength, 0));
    }
    case TWO_BYTE_STRING: {
      const s = stringAt(data, pos, end, t);
      pos = after;
      return s;
    }
    case UNDEFINED:
      return undefined;
    case NULL:
      return null;
    case TRUE:
      return true;
    case FALSE:
      return false;
    case UINT32:
      return varint();
    case DOUBLE: {
      const n = doubleAt(data, pos, end);
      pos = after;
      return n;
    }
    case BIGINT: {
      const n = bigintAt(data, pos, end);
      pos = after;
      return n;
    }
    case DATE: {
      const time = doubleAt(data, pos, end);
      pos = after;
      return made(new DateCtor(time));
    }
    case NUMBER_OBJECT: {
      const n = doubleAt(data, pos, end);
      pos = after;
      return made(ObjectCtor(n));
    }
    case BIGINT_OBJECT: {
      const n = bigintAt(data, pos, end);
      pos = after;
      return made(ObjectCtor(n));
    }
    case TRUE_OBJECT:
      return made(ObjectCtor(true));
    case FALSE_OBJECT:
      return made(ObjectCtor(false));
    case STRING_OBJECT:
      return made(ObjectCtor(stringValue()));
    case REGEXP: {
      const source = stringValue();
      const flags = varint();
      if (checkRegExpFlags(flags) !== undefined) throw GIVE_UP;
      return made(makeRegExp(flags, source));
    }
    default:
      throw GIVE_UP;
  }
}
