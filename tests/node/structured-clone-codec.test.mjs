// The package's JavaScript wire-format codec (js/structured-clone/wire.js) against V8 (node:v8):
// weft writes V8's very bytes for values V8 writes from the value alone, V8 reads what weft
// writes and weft reads what V8 writes as V8 reads it, and on malformed bytes weft either reads
// what V8 reads or refuses them with a DataCloneError naming the byte offset and the problem —
// where V8 refuses them too, but for the documented checks weft makes and V8 does not (STRICTER).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import v8 from 'node:v8';
import fc from 'fast-check';
import * as weft from 'webweft';
import { structuredDeserialize } from '../../js/structured-clone/builder.js';
import { serializeInternal } from '../../js/structured-clone/walker.js';
import { readWire, writeWire } from '../../js/structured-clone/wire.js';
import { graph, key } from './structured-clone-arbitraries.mjs';
import { assertSameClone } from './structured-clone-compare.mjs';
import { fromHex, jsonToOps, opsToJson, toHex } from './structured-clone-ops-json.mjs';

const opsOf = (value, forStorage = false) => serializeInternal(value, { __proto__: null, forBytes: true, forStorage });
const v8Major = Number(process.versions.v8.split('.')[0]);

/** What a call gave: { value }, or { error } (the exception). */
function outcome(run) {
  try {
    return { value: run() };
  } catch (error) {
    return { error };
  }
}

/** weft's reading of `bytes` with `transferred` transferred buffers (3 bytes each): the package's deserialize() when there are none. */
function weftRead(bytes, transferred = 0) {
  if (transferred === 0) return outcome(() => weft.deserialize(bytes));
  return outcome(() => {
    const { code, values } = readWire(bytes, transferred, 0);
    return structuredDeserialize(code, values, {
      __proto__: null,
      transferred: Array.from({ length: transferred }, () => new ArrayBuffer(3)),
    });
  });
}

/** V8's reading of `bytes` (Node's DefaultDeserializer, as v8.deserialize) with the same transferred buffers. */
function v8Read(bytes, transferred = 0) {
  return outcome(() => {
    const deserializer = new v8.DefaultDeserializer(Buffer.from(bytes));
    deserializer.readHeader();
    for (let id = 0; id < transferred; id++) deserializer.transferArrayBuffer(id, new ArrayBuffer(3));
    return deserializer.readValue();
  });
}

/**
 * The checks weft's reader makes and V8's does not, by weft's message: bytes V8 reads that weft
 * refuses. (HTML leaves the serialized form to the implementation; weft takes these as
 * corruption, where V8 tolerates them.)
 */
const STRICTER = [
  [/unexpected bytes after the complete value$/, 'V8 ignores what follows the value'],
  [/varint is longer than 5 bytes$/, 'V8 reads the bytes of a varint past the fifth and drops their bits'],
  [/varint does not fit in 32 bits$/, 'V8 drops the bits past 32'],
  [
    /unknown Error field tag (25[6-9]|2[6-9]\d|[3-9]\d\d|\d{4,})$/,
    'V8 reads an Error field tag as a varint of 8 bits, dropping the bits past them',
  ],
  [
    /Array byte length \d+ is not a multiple of \d+$/,
    "Node's DefaultDeserializer makes a view of the whole elements of an odd host-object length",
  ],
  [
    /No serializable class is registered as "/,
    "weft's serializable-object form { NaN: name, value: data }, which V8 reads as an ordinary object",
  ],
  ...(v8Major < 12
    ? [
        [
          /a RegExp cannot have both the 'u' and 'v' flags$/,
          'V8 11 (Node 20) makes a RegExp with both flags, which its constructor refuses',
        ],
      ]
    : []),
  ...(v8Major >= 13
    ? [
        [
          /unknown host object \(not a Node ArrayBufferView type index: 13\)$/,
          'Node 24 writes a Float16Array as host type index 13; weft reads Node 20’s indices 0–12',
        ],
      ]
    : []),
];

/** Why V8 reads bytes weft refuses with `error`, or undefined. */
const stricter = (error) => STRICTER.find(([pattern]) => pattern.test(error.message))?.[1];

/**
 * An op list with each Error's fields as V8 12 and later read them: a message, a stack, a cause,
 * each at most once and in that order (the prototype, an operand of the Error op, is written
 * first anyway). Those V8s refuse any other order and repeated fields, which V8 11 read (the
 * last of each counting, as weft reads them too). Null when an Error has two causes: the first
 * cause's objects would have to go, and the back-references after them be renumbered.
 */
function inV8Order(list) {
  const out = [];
  let i = 0;
  let twoCauses = false;
  const value = () => {
    const op = list[i++];
    out.push(op);
    const [name] = op;
    if (name === 'View' || name === 'Serializable') {
      value();
    } else if (name.startsWith('Begin')) {
      while (list[i][0] !== 'End') value();
      out.push(list[i++]);
    } else if (name === 'Error') {
      const fields = { ErrorMessage: [], ErrorStack: [], ErrorCause: [] };
      while (list[i][0] !== 'End') {
        const start = out.length;
        const field = list[i++];
        out.push(field);
        if (field[0] === 'ErrorCause') value();
        if (fields.ErrorCause.length > 0 && field[0] === 'ErrorCause') twoCauses = true;
        fields[field[0]] = out.splice(start);
      }
      out.push(...fields.ErrorMessage, ...fields.ErrorStack, ...fields.ErrorCause, list[i++]);
    }
  };
  while (i < list.length) value();
  return twoCauses ? null : out;
}

/**
 * Whether an object or array of the op list has a property key twice (an element's index
 * counting as a key): V8 refuses such bytes; weft reads them, the last value winning.
 */
function hasRepeatedKey(list) {
  let i = 0;
  let repeated = false;
  const keyOf = (operand) =>
    typeof operand === 'string' ? operand : Array.isArray(operand) ? String.fromCharCode(...operand) : String(operand);
  const value = () => {
    const [name, operand] = list[i++];
    if (name === 'View' || name === 'Serializable') {
      value();
    } else if (name === 'Error') {
      while (list[i][0] !== 'End') if (list[i++][0] === 'ErrorCause') value();
      i++;
    } else if (name === 'BeginMap' || name === 'BeginSet') {
      while (list[i][0] !== 'End') value();
      i++;
    } else if (name === 'BeginObject' || name === 'BeginSparseArray' || name === 'BeginDenseArray') {
      const keys = new Set();
      for (let index = 0; name === 'BeginDenseArray' && index < operand; index++) {
        if (list[i][0] !== 'Hole') keys.add(String(index));
        value();
      }
      while (list[i][0] !== 'End') {
        const key = keyOf(list[i++][1]);
        if (keys.has(key)) repeated = true;
        keys.add(key);
        value();
      }
      i++;
    }
  };
  while (i < list.length) value();
  return repeated;
}

/**
 * Why weft reads bytes V8 refuses, or undefined: a BigInt of no digits with the sign bit set
 * (-0n, which V8 refuses and weft reads as 0n); a property key given twice (V8 refuses it, weft
 * takes the last value); or (V8 12 and later) an Error's fields in another order than V8's or
 * repeated, which V8 11 read: V8 then reads the same value, its fields in its own order, as
 * weft read it.
 */
function looser(bytes, transferred, reading) {
  const ops = opsToJson(readWire(bytes, transferred, 0));
  const rewritten = (list) => {
    const { code, values } = jsonToOps(list);
    return v8Read(writeWire(code, values, false), transferred);
  };
  // (The op stream has no sign for 0n: the bytes tell. The tag, then a bitfield of 1: no
  // digits, negative.)
  if (
    /^(..)*?(5a|7a)01/.test(toHex(bytes)) &&
    ops.some(([name, , magnitude]) => (name === 'BigInt' || name === 'BigIntObject') && magnitude === '')
  ) {
    assertSameClone(reading, rewritten(ops).value, { viewsByContent: true });
    return 'V8 refuses -0n, which weft reads as 0n';
  }
  if (hasRepeatedKey(ops)) return 'V8 refuses a property key given twice, which weft reads, the last value winning';
  if (v8Major >= 12 && ops.some(([name]) => name === 'Error')) {
    const ordered = inV8Order(ops);
    if (ordered === null) return 'V8 12 refuses an Error with two causes, which V8 11 read';
    const reading12 = rewritten(ordered);
    if ('value' in reading12) {
      assertSameClone(reading, reading12.value, { viewsByContent: true });
      return 'V8 12 reads an Error’s fields in its own order only, once each';
    }
  }
  return undefined;
}

/**
 * weft and V8 read `bytes` alike: the same clone, or both refuse them (weft with a
 * DataCloneError), but for the documented differences. Returns weft's outcome.
 */
function assertReadAsV8(bytes, transferred = 0) {
  const hex = toHex(bytes);
  const ours = weftRead(bytes, transferred);
  const theirs = v8Read(bytes, transferred);
  if ('error' in ours) {
    assert.ok(
      ours.error instanceof DOMException && ours.error.name === 'DataCloneError',
      `${hex}: ${ours.error?.stack ?? ours.error}`,
    );
    if ('value' in theirs) assert.ok(stricter(ours.error), `${hex}: V8 reads what weft refuses with "${ours.error.message}"`);
  } else if ('error' in theirs) {
    assert.ok(looser(bytes, transferred, ours.value), `${hex}: weft reads what V8 refuses (${theirs.error.message})`);
  } else {
    try {
      // (Node reads a view over its copy of the input: views are compared by content.)
      assertSameClone(ours.value, theirs.value, { viewsByContent: true });
    } catch (error) {
      error.message = `${hex}: ${error.message}`;
      throw error;
    }
  }
  return ours;
}

// ---- values whose bytes V8 decides from the value alone ----
// V8 writes some values by how it holds them: an integral number as Int32 only when it is a Smi
// (not a heap number), the elements of a double array as doubles, a holey array as sparse, a
// Latin-1 string held two-byte as two-byte, a field of double representation as a double. These
// values are made so that V8 holds them the one way weft writes them (integers of int32 range as
// Smis, arrays and properties that are never unboxed doubles, no holes, strings made fresh), and
// views over whole buffers of their own (Node's host form).

const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u));
const text = fc.oneof(fc.string({ maxLength: 8 }), fc.string({ unit: codeUnit, maxLength: 8 }));
/**
 * A number of int32 range as a Smi, from JSON.parse (arithmetic may not make one: optimized code
 * was seen to return `n | 0` boxed), given as it goes into its container: a number that passed
 * through an array of doubles on its way (fast-check keeps values in arrays) comes out boxed.
 */
const smi = (v) => (typeof v === 'number' && v === (v | 0) && !Object.is(v, -0) ? JSON.parse(`${v}`) : v);
const number = fc.oneof(fc.integer(), fc.double());
/**
 * Stored first in each property: the property then holds any value as it is, never as an unboxed
 * double. The value itself is then assigned (a descriptor's `value` field could hold it unboxed);
 * the own property takes it, "__proto__" too.
 */
const PLACEHOLDER = {};
const define = (object, k, v, enumerable = true) => {
  Object.defineProperty(object, k, { value: PLACEHOLDER, enumerable, writable: true, configurable: true });
  object[k] = smi(v);
  return object;
};
const VIEWS = [
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
  DataView,
];
const ERRORS = [Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError];
const canonicalLeaf = fc.oneof(
  fc.constantFrom(undefined, null, true, false, -0, NaN, Infinity, -Infinity, 2 ** 31, -(2 ** 31) - 1, 2 ** 53),
  number,
  text,
  fc.bigInt(),
  number.map((t) => new Date(t)),
  fc
    .tuple(
      fc.constantFrom('a+', '[x-z]*', '\\d{2,}', '(?<n>.)\\k<n>', '/', 'é€'),
      fc.subarray(['d', 'g', 'i', 'm', 's', 'u', 'y']),
    )
    .map(([source, flags]) => new RegExp(source, flags.join(''))),
  fc.oneof(fc.boolean(), fc.double(), text, fc.bigInt()).map((v) => Object(v)),
  fc.uint8Array({ maxLength: 24 }).map((bytes) => bytes.slice().buffer),
  fc.tuple(fc.constantFrom(...VIEWS), fc.uint8Array({ maxLength: 3 })).map(([View, seed]) => {
    const buffer = new ArrayBuffer(seed.length * (View.BYTES_PER_ELEMENT ?? 1));
    new Uint8Array(buffer).fill(seed[0] ?? 0);
    return new View(buffer);
  }),
);
const { value: canonical } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, canonicalLeaf, tie('array'), tie('object'), tie('map'), tie('set'), tie('error')),
  // (An array whose first element was an object holds any value as it is, never as a double.)
  array: fc.array(tie('value'), { maxLength: 6 }).map((items) => {
    const array = [PLACEHOLDER];
    array.pop();
    for (const item of items) array.push(smi(item));
    return array;
  }),
  object: fc.array(fc.tuple(key, tie('value')), { maxLength: 6 }).map((entries) => {
    const object = {};
    for (const [k, v] of entries) define(object, k, v);
    return object;
  }),
  map: fc.array(fc.tuple(tie('value'), tie('value')), { maxLength: 4 }).map((entries) => {
    const map = new Map();
    for (const [k, v] of entries) map.set(smi(k), smi(v));
    return map;
  }),
  set: fc.array(tie('value'), { maxLength: 4 }).map((items) => {
    const set = new Set();
    for (const item of items) set.add(smi(item));
    return set;
  }),
  error: fc
    .tuple(fc.constantFrom(...ERRORS), fc.option(text), fc.option(tie('value')), fc.option(text))
    .map(([E, message, cause, name]) => {
      const error = message === null ? new E() : new E(message);
      if (cause !== null) define(error, 'cause', cause, false);
      if (name !== null) define(error, 'name', name);
      return error;
    }),
}));

test('values V8 writes from the value alone: weft writes V8’s very bytes, and reads them as V8 does', () => {
  fc.assert(
    fc.property(canonical, (generated) => {
      const root = smi(generated);
      const native = new Uint8Array(v8.serialize(root));
      assert.equal(toHex(weft.serialize(root)), toHex(native));
      const { code, values } = opsOf(root);
      assert.equal(toHex(writeWire(code, values, false)), toHex(native), 'the op-stream path');
      assertReadAsV8(native);
    }),
    { numRuns: 1000 },
  );
});

test('random graphs: V8 reads weft’s bytes and weft reads V8’s as V8 reads its own', () => {
  fc.assert(
    fc.property(graph, (root) => {
      const native = v8.serialize(root);
      const expected = v8.deserialize(native);
      // (Node writes every view as a copy of its bytes, and reads one over its input buffer:
      // views are compared by content.)
      assertSameClone(v8.deserialize(weft.serialize(root)), expected, { viewsByContent: true });
      assertSameClone(weft.deserialize(native), expected, { viewsByContent: true });
      assertReadAsV8(weft.serialize(root));
    }),
    { numRuns: 300 },
  );
});

test('mutated and truncated bytes: read as V8 reads them, or a DataCloneError where V8 refuses them too', () => {
  const mutation = fc.record({
    kind: fc.constantFrom('set', 'insert', 'delete', 'truncate'),
    at: fc.nat(),
    byte: fc.oneof(fc.nat(255), fc.constantFrom(0x00, 0x80, 0xff, 0x7b, 0x24, 0x40, 0x3a, 0x2c, 0x56, 0x5e, 0x3f, 0x2d, 0x2e)),
  });
  let failures = 0;
  fc.assert(
    fc.property(
      graph,
      fc.array(mutation, { minLength: 1, maxLength: 3 }),
      fc.nat(2),
      fc.boolean(),
      (root, mutations, transferred, fromWeft) => {
        let bytes = Array.from(fromWeft ? weft.serialize(root) : v8.serialize(root));
        for (const { kind, at, byte } of mutations) {
          const i = at % (bytes.length + 1);
          if (kind === 'set' && i < bytes.length) bytes[i] = byte;
          else if (kind === 'insert') bytes.splice(i, 0, byte);
          else if (kind === 'delete') bytes.splice(i, 1);
          else bytes = bytes.slice(0, i);
        }
        if ('error' in assertReadAsV8(new Uint8Array(bytes), transferred)) failures++;
      },
    ),
    { numRuns: 1500 },
  );
  assert.ok(failures > 500, `${failures} mutated inputs were rejected`);
});

// One input for each way the reader refuses bytes (and a few it reads), with the exact
// DataCloneError message (null: read).
const HOSTILE = [
  ['', 'invalid serialized data at byte 0: unexpected end of data'],
  ['00', 'invalid serialized data at byte 0: missing the 0xFF version header'],
  ['ff10', 'invalid serialized data at byte 1: format version 16 is newer than the newest weft reads (15)'],
  ['ff0c', 'invalid serialized data at byte 1: format version 12 is older than the oldest weft reads (13)'],
  ['ff', 'invalid serialized data at byte 1: unexpected end of data'],
  ['ff0f', 'invalid serialized data at byte 2: unexpected end of data'],
  ['ff0f49', 'invalid serialized data at byte 3: unexpected end of data'],
  ['ff0f49808080808001', 'invalid serialized data at byte 3: varint is longer than 5 bytes'],
  ['ff0f55ffffffff1f', 'invalid serialized data at byte 3: varint does not fit in 32 bits'],
  ['ff0f220561', 'invalid serialized data at byte 4: length 5 exceeds the 1 bytes that remain'],
  ['ff0f6303000000', 'invalid serialized data at byte 4: two-byte string has an odd byte length 3'],
  ['ff0f6f5f', "invalid serialized data at byte 3: a property key must be a string or a number, found tag '_' (0x5f)"],
  ['ff0f6f7b01', 'invalid serialized data at byte 3: object ends claiming 1 properties but has 0'],
  ['ff0f410024000001', 'invalid serialized data at byte 7: unexpected bytes after the complete value'],
  ['ff0f4100240100', 'invalid serialized data at byte 4: array ends claiming 1 properties and length 0 but has 0 and 0'],
  ['ff0f610124000001', "invalid serialized data at byte 4: a property key must be a string or a number, found tag '$' (0x24)"],
  ['ff0f6101400002', 'invalid serialized data at byte 4: array ends claiming 0 properties and length 2 but has 0 and 1'],
  ['ff0f4110', 'invalid serialized data at byte 2: dense array length 16 exceeds the 0 bytes that remain'],
  ['ff0f3b3a01', 'invalid serialized data at byte 3: Map or Set ends claiming 1 values but has 0'],
  ['ff0f3b49023a01', "invalid serialized data at byte 5: unexpected tag ':' (0x3a) where a value should start"],
  ['ff0f272c01', 'invalid serialized data at byte 3: Map or Set ends claiming 1 values but has 0'],
  ['ff0f7201', 'invalid serialized data at byte 3: unknown Error field tag 1'],
  ['ff0f72808001', 'invalid serialized data at byte 3: unknown Error field tag 16384'],
  ['ff0f72ae08', 'invalid serialized data at byte 3: unknown Error field tag 1070'],
  ['ff0f726d4902', "invalid serialized data at byte 4: an Error's message must be a string, found tag 'I' (0x49)"],
  ['ff0f7273490200', "invalid serialized data at byte 4: an Error's stack must be a string, found tag 'I' (0x49)"],
  ['ff0f72635e00', 'invalid serialized data at byte 4: reference to object 0 before its deserialization finished'],
  ['ff0f72542e', null],
  ['ff0f72526d22016163492e', 'invalid serialized data at byte 11: unexpected end of data'],
  ['ff0f5e05', 'invalid serialized data at byte 2: reference to object 5, which has not been read'],
  ['ff0f2d', 'invalid serialized data at byte 2: a hole outside a dense array'],
  [
    'ff0f410149022d24000002',
    "invalid serialized data at byte 6: a property key must be a string or a number, found tag '-' (0x2d)",
  ],
  ['ff0f41022d4902240002', null],
  ['ff0f56', 'invalid serialized data at byte 2: an ArrayBufferView that does not follow an ArrayBuffer'],
  ['ff0f70', 'invalid serialized data at byte 2: shared objects (shared structs) are not supported'],
  ['ff0f77', 'invalid serialized data at byte 2: WebAssembly modules and memories are not supported'],
  ['ff0f6d', 'invalid serialized data at byte 2: WebAssembly modules and memories are not supported'],
  ['ff0f57', 'invalid serialized data at byte 2: WebAssembly modules and memories are not supported'],
  ['ff0f01', 'invalid serialized data at byte 2: unexpected tag 0x01 where a value should start'],
  ['ff0f7e0501', 'invalid serialized data at byte 2: resizable ArrayBuffer byte length 5 exceeds its maxByteLength 1'],
  ['ff0f7e02040000', null],
  ['ff0f740000', 'invalid serialized data at byte 2: transferred ArrayBuffer 0 is not in the transfer list of 0'],
  ['ff0f7500', 'invalid serialized data at byte 2: SharedArrayBuffer 0 is not among the 0 shared buffers'],
  ['ff0f5c0d', 'invalid serialized data at byte 2: unknown host object (not a Node ArrayBufferView type index: 13)'],
  ['ff0f5c030100', 'invalid serialized data at byte 2: Int16Array byte length 1 is not a multiple of 2'],
  ['ff0f5c01020102', null],
  ['ff0f5c0a020102', null],
  ['ff0f5c010501', 'invalid serialized data at byte 5: length 5 exceeds the 1 bytes that remain'],
  ['ff0f420000560100', 'invalid serialized data at byte 5: unknown ArrayBufferView subtag 0x01'],
  [
    'ff0f42020000564200040000',
    'invalid serialized data at byte 6: Uint8Array (offset 0, length 4) lies outside its 2-byte buffer',
  ],
  ['ff0f420400000000567701020000', 'invalid serialized data at byte 8: Int16Array offset 1 and length 2 must be multiples of 2'],
  [
    'ff0f7e020400005642000200',
    'invalid serialized data at byte 7: a view of a resizable ArrayBuffer must have the backed-by-resizable flag',
  ],
  ['ff0f7e020400005642000002', null],
  [
    'ff0f4202000056420002020000',
    'invalid serialized data at byte 6: the backed-by-resizable flag is set but the buffer is not resizable',
  ],
  ['ff0f420200005642000201', 'invalid serialized data at byte 6: a length-tracking view needs a resizable buffer'],
  ['ff0d420200005642000200', null],
  ['ff0f4202000056', 'invalid serialized data at byte 7: unexpected end of data'],
  ['ff0f42020000003f5e00', 'invalid serialized data at byte 7: unexpected bytes after the complete value'],
  ['ff0f6f2201614202000056420002007b01', null],
  [
    'ff0f6f220161420200002201625e01563f00017b02',
    'invalid serialized data at byte 15: the backed-by-resizable flag is set but the buffer is not resizable',
  ],
  ['ff0f6f220161420200002201625e01563f0000007b02', null],
  ['ff0f52220161', 'invalid serialized data at byte 6: unexpected end of data'],
  ['ff0f5222016140', "invalid serialized data at byte 2: the RegExp 'l' (linear) flag is not supported"],
  ['ff0f522201619002', "invalid serialized data at byte 2: a RegExp cannot have both the 'u' and 'v' flags"],
  ['ff0f5222016180040', 'invalid serialized data at byte 2: unknown RegExp flag bits 0x200'],
  ['ff0f52490001', "invalid serialized data at byte 3: a RegExp's source must be a string, found tag 'I' (0x49)"],
  ['ff0f734900', "invalid serialized data at byte 3: a String object's value must be a string, found tag 'I' (0x49)"],
  ['ff0f73220161', null],
  ['ff0f5f5f', 'invalid serialized data at byte 3: unexpected bytes after the complete value'],
  ['ff0f5f0000', null],
  ['ff0f3f015f', null],
  ['ff0f3f', 'invalid serialized data at byte 3: unexpected end of data'],
  ['ff0f5302c3a9', null],
  ['ff0f5303c3a9ff', null],
  ['ff0f5a10ffffffffffffffff', null],
  ['ff0f5a110100000000000000', null],
  ['ff0f5a0100', null],
  ['ff0f5a09', 'invalid serialized data at byte 4: length 4 exceeds the 0 bytes that remain'],
  ['ff0f7a1001000000000000ff', null],
  ['ff0f44000000000000f87f', null],
  ['ff0f4400000000', 'invalid serialized data at byte 3: length 8 exceeds the 4 bytes that remain'],
  ['ff0f6e0000000000000000', null],
  ['ff0f79', null],
  ['ff0f78', null],
  ['ff0f00630200e9', null],
  ['ff0f6f4e000000000000f87f220141220576616c75655f7b02', null],
  [
    'ff0f6f4e000000000000f87f220141220576616c7566',
    'invalid serialized data at byte 15: a serializable object\'s second key must be "value"',
  ],
  [
    'ff0f6f4e000000000000f87f220141220576616c75655f7b03',
    'invalid serialized data at byte 23: a serializable object (NaN-keyed) must have exactly the properties NaN and "value"',
  ],
  [
    'ff0f6f4e000000000000f87f220141220576616c75655f5f',
    'invalid serialized data at byte 23: a serializable object (NaN-keyed) must have exactly the properties NaN and "value"',
  ],
  [
    'ff0f6f4e000000000000f87f220141220576616c75655e00',
    'invalid serialized data at byte 22: reference to object 0 before its deserialization finished',
  ],
  [
    'ff0f6f4e000000000000f87f4902',
    "invalid serialized data at byte 12: a serializable object's class name must be a string, found tag 'I' (0x49)",
  ],
  ['ff0f6f4e000000000000f87f', 'invalid serialized data at byte 12: unexpected end of data'],
  [
    'ff0f6f4e0000000000000000490149027b01',
    "invalid serialized data at byte 16: unexpected tag '{' (0x7b) where a value should start",
  ],
  ['ff0f6f4e0000000000000000', 'invalid serialized data at byte 12: unexpected end of data'],
  ['ff0f6f4e000000', 'invalid serialized data at byte 4: length 8 exceeds the 3 bytes that remain'],
  ['ff0f6f55ffffffff0f5f7b01', null],
  ['ff0f3b5f5f3a02', null],
  ['ff0f275f2c01', null],
  ['ff0f6f2201615e007b01', null],
];

test('every way of refusing bytes: its DataCloneError, at its byte, where V8 refuses them too', () => {
  const messages = new Set();
  const refusals = [];
  for (const [hex, message] of HOSTILE) {
    const bytes = fromHex(hex);
    refusals.push(weftRead(bytes).error?.message ?? '');
    const reading = outcome(() => readWire(bytes, 0, 0));
    if (message === null) {
      assert.ok('value' in reading, `${hex} is read (${reading.error?.message})`);
    } else {
      assert.equal(reading.error?.name, 'DataCloneError', hex);
      assert.equal(reading.error.message, message, hex);
      messages.add(message.replace(/^invalid serialized data at byte \d+: /, '').replace(/\d+/g, 'N'));
      // Through the package too: the same error.
      assert.equal(weftRead(bytes).error?.message, message, `${hex} through the package`);
    }
    assertReadAsV8(bytes);
  }
  assert.ok(messages.size >= 40, `${messages.size} distinct problems reached`);
  // Each documented difference is met by one of these inputs (through the package).
  for (const [pattern] of STRICTER)
    assert.ok(
      refusals.some((message) => pattern.test(message)),
      `${pattern} is exercised`,
    );
});

test('out-of-band references: counts bound transferred and shared buffer indices alike', () => {
  const cases = [
    ['ff0f7400', ['invalid serialized data at byte 2: transferred ArrayBuffer 0 is not in the transfer list of 0', null, null]],
    [
      'ff0f7401',
      [
        'invalid serialized data at byte 2: transferred ArrayBuffer 1 is not in the transfer list of 0',
        'invalid serialized data at byte 2: transferred ArrayBuffer 1 is not in the transfer list of 1',
        null,
      ],
    ],
    ['ff0f7500', ['invalid serialized data at byte 2: SharedArrayBuffer 0 is not among the 0 shared buffers', null, null]],
    [
      'ff0f7501',
      [
        'invalid serialized data at byte 2: SharedArrayBuffer 1 is not among the 0 shared buffers',
        'invalid serialized data at byte 2: SharedArrayBuffer 1 is not among the 1 shared buffers',
        null,
      ],
    ],
    [
      'ff0f74005642000000',
      ['invalid serialized data at byte 2: transferred ArrayBuffer 0 is not in the transfer list of 0', null, null],
    ],
    [
      'ff0f75005644000400',
      ['invalid serialized data at byte 2: SharedArrayBuffer 0 is not among the 0 shared buffers', null, null],
    ],
  ];
  for (const [hex, byCount] of cases) {
    byCount.forEach((message, count) => {
      const reading = outcome(() => readWire(fromHex(hex), count, count));
      assert.equal(reading.error?.message ?? null, message, `${hex} with ${count}`);
      // V8 reads transferred buffers it is handed (Node's deserializer has no SharedArrayBuffer hook).
      if (hex.startsWith('ff0f74')) assertReadAsV8(fromHex(hex), count);
    });
  }
});

test('serializing for storage, and values V8 cannot write: weft’s DataCloneError, and bytes V8 reads', () => {
  const cases = [
    // A transferred buffer (TransferredArrayBuffer 0, as the walker emits it with a transfer
    // list), a Uint8Array View over one, and a SharedArrayBuffer, each for storage.
    [
      [24, 0],
      'cannot serialize (op at code index 0): an ArrayBuffer cannot be transferred when serializing for storage',
      'ff0f7400',
    ],
    [
      [25, 1, 0, 2, 0, 24, 0],
      'cannot serialize (op at code index 5): an ArrayBuffer cannot be transferred when serializing for storage',
      'ff0f74005642000200',
    ],
    [[23, 0], 'cannot serialize (op at code index 0): a SharedArrayBuffer cannot be serialized for storage', 'ff0f7500'],
  ];
  for (const [code, message, hex] of cases) {
    const forStorage = outcome(() => writeWire(code, [], true));
    assert.equal(forStorage.error?.name, 'DataCloneError');
    assert.equal(forStorage.error.message, message);
    assert.equal(toHex(writeWire(code, [], false)), hex);
  }
  // V8 reads the transferred ones (a view over a transferred 3-byte buffer: its first 2 bytes).
  assert.deepEqual(v8Read(fromHex('ff0f74005642000200'), 1).value, new Uint8Array(2));
  // An Error whose cause is the Error itself.
  const error = new Error('e');
  error.cause = error;
  const { code, values } = opsOf(error);
  // (Where V8 writes an Error's stack before its cause, from V8 12 on, so does the walker: the
  // back-reference comes two words later.)
  assert.equal(
    outcome(() => writeWire(code, values, false)).error?.message,
    `cannot serialize (op at code index ${v8Major >= 12 ? 7 : 5}): back-reference to object 0 inside its own serialization (an Error's cause or a serializable object's data cannot contain the object itself)`,
  );
  // BigInts and strings of every width, keys that are array indices: V8's bytes.
  const plain = {
    4294967294: 1,
    4294967295: 2,
    '01': 3,
    '': [-(2n ** 200n), 0n, 'é', '€', 'a'.repeat(70), '€'.repeat(70), 'é'.repeat(70)],
  };
  const ops = opsOf(plain);
  assert.equal(toHex(writeWire(ops.code, ops.values, false)), v8.serialize(plain).toString('hex'));
  // With views over a shared buffer, which Node cannot write or read: V8's form of each view
  // (an Int32Array at 4 over SharedArrayBuffer 0, a Uint8Array over a back-reference to it)
  // before the same elements.
  const shared = new SharedArrayBuffer(8);
  const rich = { ...plain, '': [new Int32Array(shared, 4, 1), new Uint8Array(shared), ...plain['']] };
  const richOps = opsOf(rich);
  const richBytes = writeWire(richOps.code, richOps.values, false);
  const views = '7500' + '5664040400' + '5e02' + '5642000800';
  assert.equal(
    toHex(richBytes),
    v8.serialize(plain).toString('hex').replace('22004107', `22004109${views}`).replace('2400077b04', '2400097b04'),
  );
  assert.equal(
    outcome(() => writeWire(richOps.code, richOps.values, true)).error?.message,
    'cannot serialize (op at code index 19): a SharedArrayBuffer cannot be serialized for storage',
  );
  const read = readWire(richBytes, 0, 1);
  const [int32, uint8] = structuredDeserialize(read.code, read.values, { __proto__: null, shared: [shared] })[''];
  assert.deepEqual([int32.byteOffset, int32.length, uint8.length], [4, 1, 8]);
  // Both over the shared memory.
  int32[0] = -1;
  uint8[0] = 7;
  assert.deepEqual([...new Uint8Array(shared)], [7, 0, 0, 0, 255, 255, 255, 255]);
});

test('large values (the writer’s own buffer becomes the result): V8’s bytes, and no sharing between calls', () => {
  const big = { a: new Float64Array(300_000).map((_, i) => i / 7), s: 'x'.repeat(5000), b: new Uint8Array(1_500_000).fill(7) };
  const { code, values } = opsOf(big);
  const first = writeWire(code, values, false);
  assert.ok(Buffer.from(first).equals(v8.serialize(big)));
  const copy = first.slice();
  const second = weft.serialize({ other: new Uint8Array(3_000_000).fill(9) });
  assert.deepEqual(first, copy);
  assert.equal(second.length > 3_000_000, true);
  assertSameClone(weft.deserialize(first), structuredClone(big));
  assertReadAsV8(first);
});

test('without Node’s Buffer (browsers): the same bytes and the same readings', async () => {
  const { spawnSync } = await import('node:child_process');
  const script = `
    const { readWire, writeWire } = await import(${JSON.stringify(new URL('../../js/structured-clone/wire.js', import.meta.url).href)});
    const { serializeInternal } = await import(${JSON.stringify(new URL('../../js/structured-clone/walker.js', import.meta.url).href)});
    const { corpus } = await import(${JSON.stringify(new URL('./structured-clone-codec.test.mjs', import.meta.url).href.replace('codec.test', 'arbitraries'))});
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256');
    let count = 0;
    for (const value of corpus()) {
      count++;
      const ops = serializeInternal(value, { __proto__: null, forBytes: true });
      const bytes = writeWire(ops.code, ops.values, false);
      const read = readWire(bytes, 0, 0);
      hash.update(JSON.stringify([Array.from(bytes), Array.from(read.code), Array.from(read.values, (v) => (typeof v === 'object' ? Array.from(new Uint8Array(v)) : typeof v === 'bigint' ? String(v) + 'n' : Object.is(v, -0) ? '-0' : v))]));
    }
    console.log(count, hash.digest('hex'));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', `delete globalThis.Buffer; ${script}`], {
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  const withBuffer = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(withBuffer.status, 0, withBuffer.stderr);
  assert.equal(run.stdout, withBuffer.stdout);
  assert.ok(Number(run.stdout.split(' ')[0]) >= 200, run.stdout);
});
