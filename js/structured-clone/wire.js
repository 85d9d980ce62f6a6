// The structured clone's wire codec: V8's ValueSerializer wire format (version 15) in
// JavaScript, the op stream of the walker (ops.js) to bytes and bytes back to an op stream for
// the builder, with V8's checks and DataCloneError messages that name the byte offset and the
// problem. The package's only wire-format codec: why it is JavaScript, the op stream's format and
// the wire-format choices are in docs/structured-clone.md. This file is its interface; the codec
// is in wire/:
//   format.js      the tags, versions and limits, the checks V8 makes, the frames;
//   writer.js      writeWire/writeOps and the primitives serializer.js writes with;
//   primitives.js  reading varints, doubles, strings, keys, BigInts and view headers;
//   validator.js   readWire: bytes to a validated op stream.
export {
  ARRAY_BUFFER, ARRAY_BUFFER_VIEW, BEGIN_DENSE_JS_ARRAY, BEGIN_JS_MAP, BEGIN_JS_OBJECT,
  BEGIN_JS_SET, BEGIN_SPARSE_JS_ARRAY, BIGINT, BIGINT_OBJECT, DATE, DOUBLE, ELEMENT_SIZES,
  END_DENSE_JS_ARRAY, END_JS_MAP, END_JS_OBJECT, END_JS_SET, END_SPARSE_JS_ARRAY, ERROR,
  ERROR_CAUSE, ERROR_END, ERROR_FIELD_PROTOTYPES, ERROR_MESSAGE, ERROR_STACK, FALSE, FALSE_OBJECT,
  HOST_OBJECT, INT32, LAST_NODE_HOST_INDEX, LATEST_VERSION, NULL, NUMBER_OBJECT, OBJECT_REFERENCE,
  OLDEST_READABLE_VERSION, ONE_BYTE_STRING, PADDING, REGEXP, STRING_OBJECT, THE_HOLE, TRUE,
  TRUE_OBJECT, TWO_BYTE_STRING, UINT32, UNDEFINED, UTF8_STRING, VERIFY_OBJECT_COUNT, VERSION,
  WIRE_FRAMES, checkRegExpFlags,
} from './wire/format.js';
export {
  abandonWire, beginWire, finishWire, mayElide, newWireState, wireFrame, writeBigInt, writeFailure,
  writeKey, writeNumber, writeOps, writeRegExp, writeString, writeTag, writeTagDouble, writeTagVarint,
  writeTagVarints, writeWire,
} from './wire/writer.js';
export {
  after, bigintAt, doubleAt, forgetWindow, oneByte, oneByteKeyAt, stringAt, valueTagAt, varintAt,
  viewFlags, viewHeaderAt, viewKind, viewLength, viewOffset,
} from './wire/primitives.js';
export {
  readWire,
} from './wire/validator.js';
