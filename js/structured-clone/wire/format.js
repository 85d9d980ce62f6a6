// V8's ValueSerializer wire format (version 15): the tags (V8's `SerializationTag`, `ErrorTag`,
// `ArrayBufferViewTag`), versions and limits, the checks V8 makes on a view's and a RegExp's
// fields (applied when writing too), the frames that the writer and the validating reader keep
// for the open constructs, and the built-ins both capture at load.
import * as I from '../intrinsics.js';
import * as op from '../ops.js';

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
for (let prototype = 1; prototype < ERROR_PROTOTYPE_TAGS.length; prototype++)
  ERROR_FIELD_PROTOTYPES[ERROR_PROTOTYPE_TAGS[prototype]] = prototype;

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
  if (resizable === 0 && (flags & op.VIEW_LENGTH_TRACKING) !== 0 && length >= 0)
    return 'a length-tracking view needs a resizable buffer';
  return undefined;
}

/** The flag checks of V8's `ReadJSRegExp`, applied when writing too. */
function checkRegExpFlags(flags) {
  if (flags >= 1 << REGEXP_FLAG_COUNT) return `unknown RegExp flag bits 0x${I.numberToString(flags, 16)}`;
  if (flags & REGEXP_LINEAR) return "the RegExp 'l' (linear) flag is not supported";
  if (flags & REGEXP_UNICODE && flags & REGEXP_UNICODE_SETS) return "a RegExp cannot have both the 'u' and 'v' flags";
  return undefined;
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

// For the other modules of the codec (wire.js has the interface).
export {
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
  ERROR_FIELD_PROTOTYPES,
  ERROR_MESSAGE,
  ERROR_PROTOTYPE_TAGS,
  ERROR_STACK,
  FALSE,
  FALSE_OBJECT,
  FIRST_VERSION_WITH_VIEW_FLAGS,
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
  LAST_NODE_HOST_INDEX,
  LATEST_VERSION,
  LEGACY_WASM_MODULE,
  LITTLE_ENDIAN,
  LONG_STRING,
  MAX_ARRAY_INDEX,
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
  SHORT_STRING,
  STRING_OBJECT,
  SUBTAG_KINDS,
  THE_HOLE,
  TRUE,
  TRUE_OBJECT,
  TWO_BYTE_STRING,
  UINT32,
  UNDEFINED,
  UTF8_STRING,
  Uint16ArrayCtor,
  Uint32ArrayCtor,
  Uint8ArrayCtor,
  VERIFY_OBJECT_COUNT,
  VERSION,
  VIEW_SUBTAGS,
  WASM_MEMORY_TRANSFER,
  WASM_MODULE_TRANSFER,
  WINDOW,
  WINDOW_STRING,
  charCodeAt,
  checkRegExpFlags,
  checkView,
  countValue,
  describeTag,
  floor,
  fromCharCode,
  functionApply,
  isNaNValue,
  latin1Slice,
  scratch,
  scratchBytes,
  typedArrayLength,
  typedArraySet,
  typedArraySlice,
  typedArraySubarray,
  ucs2Slice,
  ucs2Write,
};
