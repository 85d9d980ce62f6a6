// The wire-format codec's own choices (js/structured-clone/wire.js: serializable classes,
// in-process buffers, view encoding), its validation when writing and reading, and
// 100,000-deep nesting on a small stack; V8 (node:v8) is the oracle for what both can express.
// (Ported from the Rust codec's tests/clone_ops.rs and tests/clone_node.rs: each message below
// is the one the Rust codec gave, which the JS codec was held identical to.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import * as weft from 'webweft';
import { readWire, writeWire } from '../../js/structured-clone/wire.js';
import { assertSameClone } from './structured-clone-compare.mjs';
import { fromHex, jsonToOps, opsToJson, toHex } from './structured-clone-ops-json.mjs';

/** weft's bytes for a JSON op list (Node's view encoding, the only one the package writes). */
const write = (list, forStorage = false) => {
  const { code, values } = jsonToOps(list);
  return writeWire(code, values, forStorage);
};
const read = (hex, transferred = 0, shared = 0) => opsToJson(readWire(fromHex(hex), transferred, shared));

/** The DataCloneError message of `run`. */
function failure(run) {
  try {
    run();
  } catch (error) {
    assert.equal(error.name, 'DataCloneError', error.stack);
    return error.message;
  }
  assert.fail('no error');
}

/** What V8 (Node's DefaultDeserializer) reads from `hex`: { value } or { error }. */
function v8Read(hex) {
  try {
    return { value: v8.deserialize(Buffer.from(hex, 'hex')) };
  } catch (error) {
    return { error: error.message };
  }
}

const v8Major = Number(process.versions.v8.split('.')[0]);

/** Writes `list`, expects `hex`, and reads it back to `list`. */
function roundTrip(list, hex, transferred = 0, shared = 0) {
  assert.equal(toHex(write(list)), hex);
  assert.deepEqual(read(hex, transferred, shared), list);
}

const NAN_KEYED_POINT = 'ff0f6f4e000000000000f87f2205506f696e74220576616c75656f22017849027b017b02';

test('a serializable class is an object whose first key is NaN: { NaN: name, value: data }, as Node reads it', () => {
  const list = [['Serializable', 'Point'], ['BeginObject'], ['String', 'x'], ['Number', 1], ['End']];
  roundTrip(list, NAN_KEYED_POINT);
  const { value } = v8Read(NAN_KEYED_POINT);
  assert.deepEqual(Object.keys(value), ['NaN', 'value']);
  assert.deepEqual(value, { NaN: 'Point', value: { x: 1 } });
});

test('serializable data cannot contain its object; such an object has exactly the keys NaN and "value"', () => {
  assert.equal(
    failure(() => write([['Serializable', 'C'], ['BeginDenseArray', 1], ['BackRef', 0], ['End']])),
    "cannot serialize (op at code index 4): back-reference to object 0 inside its own serialization (an Error's cause or a serializable object's data cannot contain the object itself)",
  );
  // The same on the wire: { NaN: "C", value: [ back-reference to the object ] }. (V8 reads an
  // ordinary object, which may refer to itself; weft's serializable-object form is its own.)
  const selfReferring = 'ff0f6f4e000000000000f87f220143220576616c756541015e002400017b02';
  assert.equal(
    failure(() => read(selfReferring)),
    'invalid serialized data at byte 24: reference to object 0 before its deserialization finished',
  );
  const { value: ordinary } = v8Read(selfReferring);
  assert.ok(ordinary.value[0] === ordinary);
  // { NaN: "C", xalue: 1 } and { NaN: "C", value: 1, x: 1 } (ordinary objects to V8).
  assert.equal(
    failure(() => read('ff0f6f4e000000000000f87f220143220578616c756549027b02')),
    'invalid serialized data at byte 15: a serializable object\'s second key must be "value"',
  );
  assert.equal(
    failure(() => read('ff0f6f4e000000000000f87f220143220576616c7565490222017849027b03')),
    'invalid serialized data at byte 24: a serializable object (NaN-keyed) must have exactly the properties NaN and "value"',
  );
  // A NaN key that is not first is an ordinary key, as V8 reads it.
  const laterNaN = 'ff0f6f22016149024e000000000000f87f49047b02';
  assert.deepEqual(read(laterNaN), [['BeginObject'], ['String', 'a'], ['Number', 1], ['Number', 'NaN'], ['Number', 2], ['End']]);
  assertSameClone(weft.deserialize(fromHex(laterNaN)), v8Read(laterNaN).value);
});

test('shared and transferred buffers are written by index, and not for storage', () => {
  roundTrip(
    [['BeginDenseArray', 2], ['SharedArrayBuffer', 1], ['View', 'Uint8Array', 0, 2, 0], ['TransferredArrayBuffer', 3], ['End']],
    'ff0f4102750174035642000200240002',
    4,
    4,
  );
  // V8 reads a transferred buffer the caller hands it (Node cannot hand its deserializer
  // SharedArrayBuffers: v8.Deserializer has no shared-buffer hook, so only the transfer is checked).
  const deserializer = new v8.DefaultDeserializer(Buffer.from('ff0f74035642000200', 'hex'));
  deserializer.readHeader();
  deserializer.transferArrayBuffer(3, new Uint8Array([5, 6, 7]).buffer);
  assert.deepEqual(deserializer.readValue(), new Uint8Array([5, 6]));
  assert.equal(
    failure(() => write([['SharedArrayBuffer', 0]], true)),
    'cannot serialize (op at code index 0): a SharedArrayBuffer cannot be serialized for storage',
  );
  assert.equal(
    failure(() => write([['TransferredArrayBuffer', 0]], true)),
    'cannot serialize (op at code index 0): an ArrayBuffer cannot be transferred when serializing for storage',
  );
  assert.equal(
    failure(() => read('ff0f7500')),
    'invalid serialized data at byte 2: SharedArrayBuffer 0 is not among the 0 shared buffers',
  );
  assert.equal(
    failure(() => read('ff0f7400')),
    'invalid serialized data at byte 2: transferred ArrayBuffer 0 is not in the transfer list of 0',
  );
  assert.ok(v8Read('ff0f7500').error && v8Read('ff0f7400').error);
});

test('Node’s host form for a view only when it loses nothing, else V8’s', () => {
  const view = (byteOffset, byteLength) => ['View', 'Uint8Array', byteOffset, byteLength, 0];
  // Whole buffer, unreferenced: Node's host object, as v8.serialize writes the same view.
  assert.equal(toHex(write([view(0, 4), ['ArrayBuffer', '01020304']])), 'ff0f5c010401020304');
  assert.equal(
    toHex(write([view(0, 4), ['ArrayBuffer', '01020304']])),
    v8.serialize(new Uint8Array([1, 2, 3, 4])).toString('hex'),
  );
  // Buffer kind 10 is Node's FastBuffer.
  const buffer = toHex(
    write([
      ['View', 'Buffer', 0, 1, 0],
      ['ArrayBuffer', '09'],
    ]),
  );
  assert.equal(buffer, 'ff0f5c0a0109');
  assert.equal(buffer, v8.serialize(Buffer.from([9])).toString('hex'));
  // An offset, a partial view, or a buffer referenced elsewhere: V8's form.
  roundTrip([view(1, 2), ['ArrayBuffer', '01020304']], 'ff0f4204010203045642010200');
  roundTrip(
    [['BeginDenseArray', 2], view(0, 4), ['ArrayBuffer', '01020304'], ['BackRef', 2], ['End']],
    'ff0f410242040102030456420004005e01240002',
  );
  // Float16Array: Node has no host index for it.
  assert.equal(
    toHex(
      write([
        ['View', 'Float16Array', 0, 2, 0],
        ['ArrayBuffer', '003c'],
      ]),
    ),
    'ff0f4202003c5668000200',
  );
  // Resizable buffers and length tracking keep their semantics.
  roundTrip(
    [
      ['View', 'Uint16Array', 2, 0, 3],
      ['ResizableArrayBuffer', '01020304', 8],
    ],
    'ff0f7e0408010203045657020003',
  );
});

test('Node reads the shapes only weft writes (V8-form views, resizable buffers, holes, index keys as strings, ...)', () => {
  const cases = [
    [
      'view with offset shares its buffer',
      [['BeginDenseArray', 2], ['ArrayBuffer', '01020304'], ['View', 'Uint8Array', 1, 2, 0], ['BackRef', 1], ['End']],
      (r) => r[1].buffer === r[0] && r[1].byteOffset === 1 && r[1].length === 2 && r[1][0] === 2,
    ],
    [
      'length-tracking view of a resizable buffer',
      [
        ['View', 'Uint16Array', 2, 0, 3],
        ['ResizableArrayBuffer', '01020304', 8],
      ],
      (r) => r.buffer.resizable && r.buffer.maxByteLength === 8 && r.length === 1 && (r.buffer.resize(8), r.length === 3),
    ],
    [
      'Node Buffer',
      [
        ['View', 'Buffer', 0, 4, 0],
        ['ArrayBuffer', '01020304'],
      ],
      (r) => Buffer.isBuffer(r) && r.toString('hex') === '01020304',
    ],
    [
      'TypeError with cause and stack',
      [
        ['Error', 'TypeError'],
        ['ErrorMessage', 'm'],
        ['ErrorStack', 's'],
        ['ErrorCause'],
        ['BeginObject'],
        ['String', 'x'],
        ['Number', 1],
        ['End'],
        ['End'],
      ],
      (r) => r instanceof TypeError && r.message === 'm' && r.cause.x === 1 && r.stack === 's',
    ],
    [
      'dense array with a hole',
      [['BeginDenseArray', 3], ['Number', 1], ['Hole'], ['Number', 3], ['End']],
      (r) => r.length === 3 && !(1 in r) && r[2] === 3,
    ],
    [
      'index key given as a string',
      [['BeginObject'], ['String', '5'], ['True'], ['String', 'a'], ['False'], ['End']],
      (r) => r[5] === true && r.a === false && Object.keys(r).join() === '5,a',
    ],
    [
      'lone surrogate and padded two-byte string',
      [['BeginDenseArray', 3], ['String', 'a'], ['String', [0xd800, 0x78]], ['String', 'a\u20ac'], ['End']],
      (r) => r[1] === '\ud800x' && r[2] === 'a\u20ac',
    ],
    ['big negative BigInt with high zero bytes', [['BigInt', true, '0000000000000000400000']], (r) => r === -(2n ** 70n)],
    [
      'Map and Set with shared entries',
      [['BeginMap'], ['BeginObject'], ['End'], ['BeginSet'], ['BackRef', 1], ['BackRef', 0], ['End'], ['End']],
      (r) => {
        const [[key, set]] = r;
        return set.has(key) && set.has(r);
      },
    ],
    ['RegExp with d and v flags', [['RegExp', 128 | 256 | 1, 'a']], (r) => r.flags === 'dgv' && r.source === 'a'],
    [
      'sparse array of maximum length',
      [['BeginSparseArray', 2 ** 32 - 1], ['Number', 7], ['Null'], ['End']],
      (r) => r.length === 4294967295 && r[7] === null && Object.keys(r).length === 1,
    ],
  ];
  for (const [name, list, check] of cases) {
    const hex = toHex(write(list));
    const result = v8Read(hex);
    assert.equal(result.error, undefined, `${name}: V8 refuses ${hex}`);
    // weft reads its bytes to the same value (before the check, which may resize a buffer).
    assertSameClone(weft.deserialize(fromHex(hex)), result.value, { viewsByContent: true });
    assert.ok(check(result.value), `${name}: ${hex}`);
  }
});

test('invalid views are refused when writing and reading (V8 refuses the bytes too)', () => {
  const bad = (view, buffer) => failure(() => write([view, buffer]));
  const four = ['ArrayBuffer', '00000000'];
  assert.equal(
    bad(['View', 'Uint8Array', 2, 3, 0], four),
    'cannot serialize (op at code index 5): Uint8Array (offset 2, length 3) lies outside its 4-byte buffer',
  );
  assert.equal(
    bad(['View', 'Uint16Array', 1, 2, 0], four),
    'cannot serialize (op at code index 5): Uint16Array offset 1 and length 2 must be multiples of 2',
  );
  assert.equal(
    bad(['View', 'Uint8Array', 0, 0, 1], four),
    'cannot serialize (op at code index 5): a length-tracking view needs a resizable buffer',
  );
  assert.equal(
    bad(['View', 'Uint8Array', 0, 0, 2], four),
    'cannot serialize (op at code index 5): the backed-by-resizable flag is set but the buffer is not resizable',
  );
  assert.equal(
    bad(['View', 'Uint8Array', 0, 4, 0], ['ResizableArrayBuffer', '00000000', 4]),
    'cannot serialize (op at code index 5): a view of a resizable ArrayBuffer must have the backed-by-resizable flag',
  );
  const rejected = [
    // Uint16Array at offset 1; a view past its buffer; a fixed view claiming a resizable buffer.
    ['ff0f4204000000005657010200', 'invalid serialized data at byte 8: Uint16Array offset 1 and length 2 must be multiples of 2'],
    [
      'ff0f4204000000005642000500',
      'invalid serialized data at byte 8: Uint8Array (offset 0, length 5) lies outside its 4-byte buffer',
    ],
    [
      'ff0f4204000000005642000402',
      'invalid serialized data at byte 8: the backed-by-resizable flag is set but the buffer is not resizable',
    ],
    // A view over something that is not a buffer; a view with no buffer before it.
    [
      'ff0f41026f7b005e015642000000240002',
      "invalid serialized data at byte 9: a property key must be a string or a number, found tag 'V' (0x56)",
    ],
    ['ff0f5642000000', 'invalid serialized data at byte 2: an ArrayBufferView that does not follow an ArrayBuffer'],
  ];
  for (const [hex, message] of rejected) {
    assert.equal(
      failure(() => read(hex)),
      message,
    );
    assert.ok(v8Read(hex).error, `V8 reads ${hex}`);
  }
});

test('keys that are array indices are written as numbers, as V8 writes them', () => {
  const keys = ['0', '5', '4294967294', '4294967295', '05', '-1', '1.5', ''];
  const list = [['BeginObject'], ...keys.flatMap((k) => [['String', k], ['Null']]), ['End']];
  const expected = [
    'ff0f6f',
    '490030', // 0
    '490a30', // 5
    '4e0000c0ffffffef4130', // 4294967294 (a double, as V8 writes it)
    '220a3432393439363732393530', // "4294967295"
    '2202303530', // "05"
    '22022d3130', // "-1"
    '2203312e3530', // "1.5"
    '220030', // ""
    '7b08',
  ].join('');
  assert.equal(toHex(write(list)), expected);
  assert.equal(v8.serialize(Object.fromEntries(keys.map((k) => [k, null]))).toString('hex'), expected);
  assert.equal(
    failure(() => write([['BeginObject'], ['Number', 1.5], ['Null'], ['End']])),
    'cannot serialize (op at code index 1): a Number property key must be an array index, not a fraction, infinity or NaN; pass other keys as Strings',
  );
  const key = (n) => failure(() => write([['BeginObject'], ['Number', n], ['Null'], ['End']]));
  assert.equal(
    key(-1),
    'cannot serialize (op at code index 1): a Number property key must be an array index, not -1; pass other keys as Strings',
  );
  assert.equal(
    key(4294967295),
    'cannot serialize (op at code index 1): a Number property key must be an array index, not 4294967295; pass other keys as Strings',
  );
  for (const n of [0.5, NaN, Infinity]) {
    assert.equal(
      key(n),
      'cannot serialize (op at code index 1): a Number property key must be an array index, not a fraction, infinity or NaN; pass other keys as Strings',
    );
  }
});

test('BigInts are written as V8 writes them: whole 64-bit digits, no high zero digits, no -0n', () => {
  assert.equal(toHex(write([['BigInt', true, '010000']])), 'ff0f5a110100000000000000');
  assert.equal(v8.serialize(-1n).toString('hex'), 'ff0f5a110100000000000000');
  assert.equal(toHex(write([['BigInt', true, '0000']])), 'ff0f5a00');
  assert.equal(v8.serialize(0n).toString('hex'), 'ff0f5a00');
  // Reading: a digit length that is not a multiple of 8 and high zero digits are accepted, as V8 does.
  assert.deepEqual(read('ff0f5a0b0500000000'), [['BigInt', true, '05']]);
  assert.equal(v8Read('ff0f5a0b0500000000').value, -5n);
  assert.equal(weft.deserialize(fromHex('ff0f5a0b0500000000')), -5n);
});

test('RegExp flags are checked when writing and reading', () => {
  const regexp = (flags) => failure(() => write([['RegExp', flags, 'a']]));
  assert.equal(regexp(16 | 256), "cannot serialize (op at code index 0): a RegExp cannot have both the 'u' and 'v' flags");
  assert.equal(regexp(64), "cannot serialize (op at code index 0): the RegExp 'l' (linear) flag is not supported");
  assert.equal(regexp(512), 'cannot serialize (op at code index 0): unknown RegExp flag bits 0x200');
  assert.equal(
    failure(() => read('ff0f522201618004')),
    'invalid serialized data at byte 2: unknown RegExp flag bits 0x200',
  );
  assert.ok(v8Read('ff0f522201618004').error);
});

test('Errors: fields, prototypes, and a cause that is the Error itself', () => {
  roundTrip(
    [['Error', 'TypeError'], ['ErrorMessage', 'm'], ['ErrorCause'], ['Error', 'Error'], ['End'], ['ErrorStack', 'm'], ['End']],
    'ff0f72546d22016d63722e7322016d2e',
  );
  assert.equal(
    failure(() => write([['Error', 'Error'], ['ErrorCause'], ['BackRef', 0], ['End']])),
    "cannot serialize (op at code index 3): back-reference to object 0 inside its own serialization (an Error's cause or a serializable object's data cannot contain the object itself)",
  );
  // On the wire, as V8 11 (Node 20) refuses it too. V8 12 and later (Node 22 on) read an Error
  // whose cause is the Error itself; weft, whose writer cannot write it, refuses it.
  const causeItself = 'ff0f72635e002e';
  assert.equal(
    failure(() => read(causeItself)),
    'invalid serialized data at byte 4: reference to object 0 before its deserialization finished',
  );
  const cyclic = v8Read(causeItself);
  assert.ok(v8Major < 12 ? cyclic.error !== undefined : cyclic.value.cause === cyclic.value);
  // A prototype tag after the message still sets the prototype, as V8 11 reads it (V8 12 and
  // later take the prototype tag only first, and refuse these bytes).
  const prototypeLast = 'ff0f726d22016d522e';
  assert.deepEqual(read(prototypeLast), [['Error', 'RangeError'], ['ErrorMessage', 'm'], ['End']]);
  if (v8Major < 12) assertSameClone(weft.deserialize(fromHex(prototypeLast)), v8Read(prototypeLast).value);
  else assert.ok(v8Read(prototypeLast).error);
  assert.equal(
    failure(() => read('ff0f72782e')),
    'invalid serialized data at byte 3: unknown Error field tag 120',
  );
  assert.ok(v8Read('ff0f72782e').error);
});

test('back-references the writer cannot resolve are DataCloneErrors', () => {
  // (The Rust codec also refused malformed op streams — an End where a value is expected, a
  // missing buffer after a View, ... — as its Ops API took them from anyone; the JS writer is
  // given only the walker's well-formed streams, and checks what a well-formed stream can get
  // wrong.)
  assert.equal(
    failure(() => write([['BackRef', 0]])),
    'cannot serialize (op at code index 0): back-reference to object 0, which has not been serialized',
  );
  assert.equal(
    failure(() => write([['BeginDenseArray', 1], ['BackRef', 1], ['End']])),
    'cannot serialize (op at code index 2): back-reference to object 1, which has not been serialized',
  );
  assert.equal(
    failure(() =>
      write([['BeginDenseArray', 2], ['BeginObject'], ['End'], ['View', 'Uint8Array', 0, 0, 0], ['BackRef', 1], ['End']]),
    ),
    "cannot serialize (op at code index 9): a View's BackRef must name an ArrayBuffer, and object 1 is not one",
  );
});

// [hex, weft's message, why V8 reads the bytes when it does (undefined: V8 refuses them too)]
const BAD_FRAMING = [
  ['', 'invalid serialized data at byte 0: unexpected end of data'],
  ['0f30', 'invalid serialized data at byte 0: missing the 0xFF version header'],
  ['ff0c30', 'invalid serialized data at byte 1: format version 12 is older than the oldest weft reads (13)'],
  ['ff1030', 'invalid serialized data at byte 1: format version 16 is newer than the newest weft reads (15)'],
  ['ff0f', 'invalid serialized data at byte 2: unexpected end of data'],
  [
    'ff0f3030',
    'invalid serialized data at byte 3: unexpected bytes after the complete value',
    'V8 ignores what follows the value',
  ],
  ['ff0f6f7b01', 'invalid serialized data at byte 3: object ends claiming 1 properties but has 0'],
  ['ff0f41054900', 'invalid serialized data at byte 2: dense array length 5 exceeds the 2 bytes that remain'],
  ['ff0f41014900240101', 'invalid serialized data at byte 6: array ends claiming 1 properties and length 1 but has 0 and 1'],
  ['ff0f3b490249043a01', 'invalid serialized data at byte 7: Map or Set ends claiming 1 values but has 2'],
  ['ff0f3b49023a02', "invalid serialized data at byte 5: unexpected tag ':' (0x3a) where a value should start"],
  ['ff0f630300', 'invalid serialized data at byte 4: two-byte string has an odd byte length 3'],
  ['ff0f2205616263', 'invalid serialized data at byte 4: length 5 exceeds the 3 bytes that remain'],
  ['ff0f5e00', 'invalid serialized data at byte 2: reference to object 0, which has not been read'],
  [
    'ff0f5c0d00',
    'invalid serialized data at byte 2: unknown host object (not a Node ArrayBufferView type index: 13)',
    v8Major >= 13 ? 'Node 24 has a host type index for Float16Array (13); Node 20, whose list weft reads, has none' : undefined,
  ],
  [
    'ff0f5c040100',
    'invalid serialized data at byte 2: Uint16Array byte length 1 is not a multiple of 2',
    "Node's DefaultDeserializer makes a view of the whole elements only",
  ],
  ['ff0f2d', 'invalid serialized data at byte 2: a hole outside a dense array'],
  ['ff0f6f5f497b01', "invalid serialized data at byte 3: a property key must be a string or a number, found tag '_' (0x5f)"],
  ['ff0f77', 'invalid serialized data at byte 2: WebAssembly modules and memories are not supported'],
  ['ff0f70', 'invalid serialized data at byte 2: shared objects (shared structs) are not supported'],
  ['ff0f49ffffffffff', 'invalid serialized data at byte 3: varint is longer than 5 bytes'],
  ['ff0f49ffffffff7f', 'invalid serialized data at byte 3: varint does not fit in 32 bits', 'V8 drops the bits past 32'],
  ['ff0f7e0201000000', 'invalid serialized data at byte 2: resizable ArrayBuffer byte length 2 exceeds its maxByteLength 1'],
  ['ff0f01', 'invalid serialized data at byte 2: unexpected tag 0x01 where a value should start'],
];

test('bad headers and framing: each its DataCloneError, where V8 refuses the bytes too', () => {
  for (const [hex, message, v8Reads] of BAD_FRAMING) {
    assert.equal(
      failure(() => read(hex)),
      message,
      hex,
    );
    assert.equal(
      failure(() => weft.deserialize(fromHex(hex))),
      message,
      `${hex} through the package`,
    );
    assert.equal('value' in v8Read(hex), v8Reads !== undefined, `${hex}: V8 ${v8Reads ? 'refuses' : 'reads'} it`);
  }
  // Padding and kVerifyObjectCount are skipped; a version-13 view has no flags; UTF-8 strings
  // ('S') are read with replacement of invalid sequences: as V8 reads them.
  const accepted = [
    ['ff0f00003f0130', [['Null']]],
    [
      'ff0d4201075642000100',
      [
        ['View', 'Uint8Array', 0, 1, 0],
        ['ArrayBuffer', '07'],
      ],
    ],
    ['ff0f5303e282ff', [['String', '\ufffd\ufffd']]],
  ];
  for (const [hex, list] of accepted) {
    assert.deepEqual(read(hex), list);
    assertSameClone(weft.deserialize(fromHex(hex)), v8Read(hex).value, { viewsByContent: true });
  }
});

test('every op kind through writing and reading', () => {
  const list = [
    ['BeginDenseArray', 16],
    ['Undefined'],
    ['Hole'],
    ['True'],
    ['BigInt', false, '010203040506070809'],
    ['Date', 1e12],
    ['RegExp', 0x1bf & ~16, 's\u20ac'],
    ['BooleanObject', false],
    ['NumberObject', 'NaN'],
    ['BigIntObject', true, '07'],
    ['StringObject', 's\u20ac'],
    ['BeginSet'],
    ['BackRef', 0],
    ['End'],
    ['View', 'DataView', 1, 1, 0],
    ['ArrayBuffer', '0102'],
    ['BackRef', 9],
    ['View', 'BigInt64Array', 0, 0, 3],
    ['ResizableArrayBuffer', '', 64],
    ['False'],
    ['Number', '-0'],
    ['String', 'k'],
    ['Null'],
    ['End'],
  ];
  const bytes = write(list);
  assert.deepEqual(read(toHex(bytes)), list);
  assertSameClone(weft.deserialize(bytes), v8.deserialize(bytes), { viewsByContent: true });
});

/** Runs `script` (an ES module body with `readWire`, `writeWire`, `jsonToOps` and `opsToJson` in scope) on a thread with a 1 MiB stack (recursion 100,000 deep would need many times that). */
function onSmallStack(script) {
  const modules = ['../../js/structured-clone/wire.js', './structured-clone-ops-json.mjs'].map(
    (path) => new URL(path, import.meta.url).href,
  );
  const source = `
    import { parentPort } from 'node:worker_threads';
    import { readWire, writeWire } from ${JSON.stringify(modules[0])};
    import { jsonToOps, opsToJson } from ${JSON.stringify(modules[1])};
    parentPort.postMessage(await (async () => { ${script} })());
  `;
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(source)}`), {
      resourceLimits: { stackSizeMb: 1 },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

const DEPTH = 100_000;

test('100,000-deep arrays and objects, Maps, Errors and serializable objects: written and read on a small stack', async () => {
  const result = await onSmallStack(`
    const DEPTH = ${DEPTH};
    const check = (list) => {
      const { code, values } = jsonToOps(list);
      const back = readWire(writeWire(code, values, false), 0, 0);
      return JSON.stringify(opsToJson(back)) === JSON.stringify(list);
    };
    const nested = [];
    for (let i = 0; i < DEPTH; i++) nested.push(...(i % 2 === 0 ? [['BeginDenseArray', 1]] : [['BeginObject'], ['String', 'a']]));
    nested.push(['BackRef', 0]);
    for (let i = 0; i < DEPTH; i++) nested.push(['End']);
    const mixed = [];
    for (let i = 0; i < DEPTH; i++) mixed.push(...[[['BeginMap']], [['Error', 'Error'], ['ErrorCause']], [['Serializable', 'N']]][i % 3]);
    mixed.push(['Null']);
    for (let i = DEPTH - 1; i >= 0; i--) mixed.push(...[[['Null'], ['End']], [['End']], []][i % 3]);
    return [check(nested), check(mixed)];
  `);
  assert.deepEqual(result, [true, true]);
});

test('100,000 unclosed arrays, objects and Error causes: a DataCloneError on a small stack, not a stack overflow', async () => {
  const messages = await onSmallStack(`
    return ['4101', '6f220161', '7263'].map((unit) => {
      try {
        readWire(Uint8Array.from(Buffer.from('ff0f' + unit.repeat(${DEPTH}), 'hex')), 0, 0);
        return 'read';
      } catch (error) {
        return error.name + ': ' + error.message;
      }
    });
  `);
  for (const message of messages) assert.match(message, /^DataCloneError: invalid serialized data at byte \d+: /);
});
