// The wire-format codec (js/structured-clone/wire.js) on hostile and random input: the reader
// ends in an op stream or a DataCloneError — never another exception — and what it reads is
// bounded by its input; what it reads, the writer writes back to bytes that are a fixed point;
// random well-formed op streams round-trip. (Ported from the Rust codec's tests/clone_hostile.rs;
// how V8 reads the same hostile bytes is structured-clone-codec.test.mjs's part.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import fc from 'fast-check';
import { readWire, writeWire } from '../../js/structured-clone/wire.js';
import { fromHex, jsonToOps, opsToJson, toHex } from './structured-clone-ops-json.mjs';

const fixtureBytes = JSON.parse(
  readFileSync(new URL('../fixtures/clone/v8-fixtures.json', import.meta.url), 'utf8'),
).fixtures.map(({ hex }) => fromHex(hex));

/**
 * What one reading may hold, by input length: linear in the input. (The Rust test counted the
 * reader's peak allocation with a counting allocator; JavaScript has no allocator hook and its
 * garbage collector makes heap deltas meaningless, so what is bounded here is what the reading
 * produces: op words plus payload sizes. The reader's only other allocations are its stacks and
 * the code array, which grow with what it produces.)
 */
const budget = (inputLength) => 32 * inputLength + 1024;

/** The size of a reading: 4 bytes per op word, 8 per number, 2 per code unit, the buffers' and BigInts' bytes. */
function sizeOf({ code, values }) {
  let size = 4 * code.length;
  // (readWire's `values` is a list without Array.prototype, so not iterable.)
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (typeof value === 'number') size += 8;
    else if (typeof value === 'string') size += 2 * value.length;
    else if (typeof value === 'bigint') size += value.toString(16).length / 2;
    else size += value.byteLength;
  }
  return size;
}

/** Reads `bytes` (with two transferred and two shared buffers): the op stream, or undefined for a DataCloneError. */
function checkedRead(bytes) {
  let reading;
  try {
    reading = readWire(bytes, 2, 2);
  } catch (error) {
    assert.equal(error?.name, 'DataCloneError', `${toHex(bytes)}: ${error?.stack ?? error}`);
    assert.match(error.message, /^invalid serialized data at byte \d+: /);
    return undefined;
  }
  assert.ok(sizeOf(reading) <= budget(bytes.length), `${sizeOf(reading)} bytes read from ${bytes.length} input bytes`);
  return reading;
}

test('every truncation of every fixture is a DataCloneError', () => {
  let count = 0;
  for (const bytes of fixtureBytes) {
    for (let end = 0; end < bytes.length; end++) {
      const reading = checkedRead(bytes.subarray(0, end));
      // A root buffer is complete without the view that may follow it.
      if (bytes[end] !== 0x56) assert.equal(reading, undefined, `${end}-byte prefix of ${toHex(bytes)} was accepted`);
      count++;
    }
    assert.notEqual(checkedRead(bytes), undefined);
  }
  assert.ok(count > 1000, `${count} truncations`);
});

test('hostile lengths and counts: rejected, or read to something no larger than linear in the input', () => {
  const huge = 'ffffffff0f'; // 2^32 - 1 as a varint
  const cases = [
    [`ff0f42${huge}`, false], // ArrayBuffer
    [`ff0f7e${huge}${huge}`, false], // resizable ArrayBuffer
    [`ff0f7e00${huge}`, true], // 0 bytes, huge maxByteLength: fine
    [`ff0f22${huge}41`, false], // one-byte string
    [`ff0f63${huge}`, false], // two-byte string
    [`ff0f53${huge}`, false], // UTF-8 string
    [`ff0f41${huge}5f`, false], // dense array
    [`ff0f61${huge}4000${huge}`, true], // sparse array of huge length: valid
    [`ff0f61${huge}40${huge}${huge}`, false], // and one whose end claims 2^32 - 1 properties
    ['ff0f5afeffffff0f', false], // BigInt of 2^30 - 1 bytes
    [`ff0f5c01${huge}`, false], // Node host view
    [`ff0f4200560100${huge}00`, false], // view past its buffer
    [`ff0f6f${'3f'.repeat(50)}7b00`, false], // repeated verify-count tags (each reads the next as its count)
  ];
  for (const [hex, accepted] of cases) {
    const start = performance.now();
    const reading = checkedRead(fromHex(hex));
    assert.equal(reading !== undefined, accepted, hex);
    assert.ok(performance.now() - start < 1000, `slow on ${hex}`);
  }
});

/**
 * Reads `bytes`; what was read is written back (unless it is not writable: a number key that is
 * not an array index, which only hand-made bytes have), and weft's bytes are a fixed point.
 */
function assertFixedPoint(bytes) {
  const reading = checkedRead(bytes);
  if (reading === undefined) return;
  const ops = jsonToOps(opsToJson(reading));
  let first;
  try {
    first = writeWire(ops.code, ops.values, false);
  } catch (error) {
    assert.equal(error?.name, 'DataCloneError', `${toHex(bytes)}: ${error?.stack ?? error}`);
    return;
  }
  const again = checkedRead(first);
  assert.notEqual(again, undefined, `weft refuses its own ${toHex(first)} (read from ${toHex(bytes)})`);
  const second = jsonToOps(opsToJson(again));
  assert.equal(toHex(writeWire(second.code, second.values, false)), toHex(first), `from ${toHex(bytes)}`);
}

test('inputs that once failed the Rust codec’s properties (its proptest regressions)', () => {
  for (const bytes of [
    [255, 15, 82, 0, 99, 239, 172, 32, 43, 0, 16],
    [
      255, 15, 138, 180, 195, 129, 100, 36, 223, 199, 209, 202, 58, 182, 137, 119, 56, 144, 187, 51, 39, 80, 76, 254, 121, 5, 81,
      89, 209, 241, 18, 24, 204, 46, 184, 131, 194, 53, 154, 75, 90, 213, 205, 198, 108, 83, 71, 66, 62, 8, 52,
    ],
    [255, 15, 65, 2, 66, 8, 1, 2, 3, 4, 5, 6, 7, 8, 94, 1, 86, 66],
    [255, 15, 92, 121, 127],
  ]) {
    assertFixedPoint(Uint8Array.from(bytes));
  }
});

test('random bytes after a header are read to a fixed point or a DataCloneError', () => {
  fc.assert(
    fc.property(fc.integer({ min: 13, max: 15 }), fc.uint8Array({ maxLength: 200 }), (version, body) => {
      assertFixedPoint(Uint8Array.of(0xff, version, ...body));
    }),
    { numRuns: 3000 },
  );
});

test('random tag soup is read to a fixed point or a DataCloneError', () => {
  const tags = [
    ...Buffer.from('_0TFIUNZS"c^o{aA$@Dyxnzs R;:\',B~tVu\\r-?', 'latin1'),
    0x00,
    0x01,
    0x02,
    0x05,
    0x7f,
    0x80,
    0xff,
    ...Buffer.from('mscE.'),
  ];
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...tags), { maxLength: 120 }), (body) => {
      assertFixedPoint(Uint8Array.of(0xff, 0x0f, ...body));
    }),
    { numRuns: 3000 },
  );
});

test('mutated fixtures are read to a fixed point or a DataCloneError', () => {
  const edit = fc.tuple(fc.nat(3), fc.nat(), fc.nat(255));
  fc.assert(
    fc.property(fc.nat(fixtureBytes.length - 1), fc.array(edit, { minLength: 1, maxLength: 5 }), (i, edits) => {
      const bytes = Array.from(fixtureBytes[i]);
      for (const [kind, at, byte] of edits) {
        const position = at % Math.max(bytes.length, 1);
        if (kind === 0 && position < bytes.length) bytes[position] = byte;
        else if (kind === 1) bytes.splice(Math.min(position, bytes.length), 0, byte);
        else if (kind === 2 && position < bytes.length) bytes.splice(position, 1);
        else bytes.length = position;
      }
      assertFixedPoint(Uint8Array.from(bytes));
    }),
    { numRuns: 3000 },
  );
});

// ---- random well-formed op streams ----

const units = fc.array(
  fc.oneof(
    fc.integer({ min: 0x20, max: 0x7e }),
    fc.integer({ min: 0, max: 0xff }),
    fc.integer({ min: 0, max: 0xffff }),
    fc.integer({ min: 0xd800, max: 0xdfff }),
  ),
  { maxLength: 6 },
);
/** A string op's operand: the string when well-formed, else its code units (opsToJson's rendering). */
const text = units.map((list) => {
  const s = String.fromCharCode(...list);
  return s.isWellFormed() ? s : list;
});
const hex = (maxLength) => fc.uint8Array({ maxLength }).map((bytes) => toHex(bytes));
const number = fc
  .oneof(fc.double(), fc.integer(), fc.constant(-0))
  .map((n) =>
    Object.is(n, -0) ? '-0' : Number.isNaN(n) ? 'NaN' : n === Infinity ? 'Infinity' : n === -Infinity ? '-Infinity' : n,
  );
const VIEW_KINDS = [
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'DataView',
  'BigInt64Array',
  'BigUint64Array',
  'Float16Array',
];
const SIZES = [1, 1, 1, 2, 2, 4, 4, 4, 8, 1, 8, 8, 2];

const view = fc
  .tuple(fc.nat(VIEW_KINDS.length - 1), fc.nat(3), fc.nat(3), fc.nat(3), fc.boolean())
  .map(([k, a, b, c, resizable]) => {
    const size = SIZES[k];
    const data = 'a5'.repeat((a + b + c) * size);
    const buffer = resizable ? ['ResizableArrayBuffer', data, (a + b + c) * size * 2] : ['ArrayBuffer', data];
    return [['View', VIEW_KINDS[k], a * size, b * size, resizable ? 2 : 0], buffer];
  });

const leaf = fc.oneof(
  fc.constantFrom([['Undefined']], [['Null']], [['True']], [['False']]),
  number.map((n) => [['Number', n]]),
  text.map((s) => [['String', s]]),
  fc.tuple(fc.boolean(), hex(20)).map(([negative, magnitude]) => {
    const trimmed = magnitude.replace(/(00)+$/, '');
    return [['BigInt', negative && trimmed !== '', trimmed]];
  }),
  number.map((t) => [['Date', t]]),
  fc
    .tuple(fc.nat(511), text)
    .filter(([flags]) => (flags & 64) === 0 && (flags & (16 | 256)) !== (16 | 256))
    .map(([flags, source]) => [['RegExp', flags, source]]),
  fc.boolean().map((b) => [['BooleanObject', b]]),
  number.map((n) => [['NumberObject', n]]),
  text.map((s) => [['StringObject', s]]),
  hex(12).map((data) => [['ArrayBuffer', data]]),
  fc.tuple(hex(12), fc.nat(20)).map(([data, extra]) => [['ResizableArrayBuffer', data, data.length / 2 + extra]]),
  view,
);

// (Keys never array indices: weft writes those as numbers, which read back as Number ops.)
const key = text.map((s) => ['String', typeof s === 'string' ? `k${s}` : [0x6b, ...s]]);
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    leaf,
    tie('object'),
    tie('dense'),
    tie('sparse'),
    tie('map'),
    tie('set'),
    tie('error'),
    tie('serializable'),
  ),
  object: fc
    .array(fc.tuple(key, tie('value')), { maxLength: 3 })
    .map((entries) => [['BeginObject'], ...entries.flatMap(([k, v]) => [k, ...v]), ['End']]),
  dense: fc
    .array(fc.option(tie('value'), { freq: 4 }), { maxLength: 4 })
    .map((elements) => [['BeginDenseArray', elements.length], ...elements.flatMap((e) => e ?? [['Hole']]), ['End']]),
  sparse: fc
    .tuple(fc.uniqueArray(fc.tuple(fc.nat(999), tie('value')), { selector: ([i]) => i, maxLength: 2 }), fc.nat(9))
    .map(([entries, extra]) => {
      entries.sort(([a], [b]) => a - b);
      const length = (entries.length > 0 ? entries[entries.length - 1][0] + 1 : 0) + extra;
      return [['BeginSparseArray', length], ...entries.flatMap(([i, v]) => [['Number', i], ...v]), ['End']];
    }),
  map: fc
    .array(fc.tuple(tie('value'), tie('value')), { maxLength: 2 })
    .map((entries) => [['BeginMap'], ...entries.flat(2), ['End']]),
  set: fc.array(tie('value'), { maxLength: 2 }).map((entries) => [['BeginSet'], ...entries.flat(), ['End']]),
  error: fc
    .tuple(
      fc.constantFrom('Error', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError'),
      fc.option(text),
      fc.option(tie('value')),
      fc.option(text),
    )
    .map(([prototype, message, cause, stack]) => [
      ['Error', prototype],
      ...(message === null ? [] : [['ErrorMessage', message]]),
      ...(cause === null ? [] : [['ErrorCause'], ...cause]),
      ...(stack === null ? [] : [['ErrorStack', stack]]),
      ['End'],
    ]),
  serializable: fc.tuple(text, tie('value')).map(([name, data]) => [['Serializable', name], ...data]),
}));

test('random well-formed op streams are written and read back to the same op stream', () => {
  fc.assert(
    fc.property(value, (v) => {
      // [value, back-reference to the array itself]
      const list = [['BeginDenseArray', 2], ...v, ['BackRef', 0], ['End']];
      const { code, values } = jsonToOps(list);
      const bytes = writeWire(code, values, false);
      assert.deepEqual(opsToJson(readWire(bytes, 0, 0)), list);
    }),
    { numRuns: 1000 },
  );
});
