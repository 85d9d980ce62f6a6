// The op stream shared by the walker (StructuredSerializeInternal), the builder
// (StructuredDeserialize) and the wire codec (wire.js); its format is specified in
// docs/structured-clone.md ("The op stream"). In JavaScript the payloads (numbers, strings, BigInts,
// ArrayBuffer copies) travel in one `values` array beside `code`, in stream order; only the
// bytes path writes them as V8's wire format (wire.js).

import { ownMap } from './intrinsics.js';

export const UNDEFINED = 0;
export const NULL = 1;
export const TRUE = 2;
export const FALSE = 3;
export const NUMBER = 4;
export const STRING = 5;
export const BIGINT = 6;
export const HOLE = 7;
export const BACK_REF = 8;
export const BEGIN_OBJECT = 9;
export const BEGIN_DENSE_ARRAY = 10;
export const BEGIN_SPARSE_ARRAY = 11;
export const BEGIN_MAP = 12;
export const BEGIN_SET = 13;
export const END = 14;
export const DATE = 15;
export const REGEXP = 16;
export const BOOLEAN_OBJECT = 17;
export const NUMBER_OBJECT = 18;
export const BIGINT_OBJECT = 19;
export const STRING_OBJECT = 20;
export const ARRAY_BUFFER = 21;
export const RESIZABLE_ARRAY_BUFFER = 22;
export const SHARED_ARRAY_BUFFER = 23;
export const TRANSFERRED_ARRAY_BUFFER = 24;
export const VIEW = 25;
export const ERROR = 26;
export const ERROR_MESSAGE = 27;
export const ERROR_CAUSE = 28;
export const ERROR_STACK = 29;
export const SERIALIZABLE = 30;

/** Operands (u32 words after the opcode) of each op. */
export const OPERANDS = [0, 0, 0, 0, 0, 1, 2, 0, 1, 0, 1, 1, 0, 0, 0, 0, 2, 1, 0, 2, 1, 1, 2, 1, 1, 4, 1, 1, 0, 1, 1];

export const VIEW_LENGTH_TRACKING = 1;
export const VIEW_BACKED_BY_RESIZABLE = 2;

/** View kind codes (the codec's ViewKind), by [[TypedArrayName]] ("DataView" for DataViews). */
export const VIEW_KINDS = {
  Int8Array: 0,
  Uint8Array: 1,
  Uint8ClampedArray: 2,
  Int16Array: 3,
  Uint16Array: 4,
  Int32Array: 5,
  Uint32Array: 6,
  Float32Array: 7,
  Float64Array: 8,
  DataView: 9,
  Buffer: 10,
  BigInt64Array: 11,
  BigUint64Array: 12,
  Float16Array: 13,
};
export const VIEW_KIND_NAMES = Object.keys(VIEW_KINDS);
export const NODE_BUFFER_KIND = 10;

/**
 * Serializable class names weft itself uses: DOMException (WebIDL [Serializable]), and the
 * in-process references to platform objects only the host can clone or transfer.
 */
export const DOM_EXCEPTION_NAME = 'DOMException';
export const PLATFORM_OBJECT_NAME = 'weft:platform';
export const TRANSFERRED_OBJECT_NAME = 'weft:transferred';

/** Registered serializable classes: by prototype (for the walker) and by name (for the builder). */
export const registry = { byPrototype: ownMap(), byName: ownMap() };
