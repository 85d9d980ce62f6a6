// weft's bytes against Node's v8.serialize/v8.deserialize, both directions, over a corpus of
// every type both support; prints the matrix. "Node reads weft" and "weft reads Node" must hold
// for every entry; the bytes themselves must be identical except where the codec documents why
// they cannot be (src/html/structured_clone/mod.rs, "Wire-format choices").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import v8 from 'node:v8';
import * as weft from 'webweft';
import { assertSameClone } from './structured-clone-compare.mjs';

const views = [
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
];
const filled = (View, length) => {
  const view = new View(length);
  for (let i = 0; i < length; i++) view[i] = View.name.startsWith('Big') ? BigInt(i * 1000 - 3) : i * 37 - 5;
  return view;
};

/** name → [value, why the bytes differ from Node's (undefined: they must not)]. */
const corpus = {
  undefined: [undefined],
  null: [null],
  true: [true],
  false: [false],
  'int32 0': [0],
  'int32 -1': [-1],
  'int32 max': [2 ** 31 - 1],
  'int32 min': [-(2 ** 31)],
  '-0': [-0],
  'double 0.5': [0.5],
  'double 2^31': [2 ** 31],
  NaN: [NaN],
  Infinity: [Infinity],
  '-Infinity': [-Infinity],
  '2^53 + 2': [2 ** 53 + 2],
  'empty string': [''],
  'ASCII string': ['structured clone'],
  'Latin-1 string': ['café ÿ'],
  'two-byte string': ['漢字 and ASCII'],
  'astral string': ['\u{1F600}\u{10FFFF}'],
  'lone surrogates': ['\uD800x\uDFFF'],
  'long string': ['xyz'.repeat(10_000)],
  '0n': [0n],
  '1n': [1n],
  '-1n': [-1n],
  '2^64n': [2n ** 64n],
  '-(2^200)n': [-(2n ** 200n)],
  'Boolean object': [new Boolean(true)],
  'Number object -0': [new Number(-0)],
  'String object': [new String('wrapped')],
  'BigInt object': [Object(-5n)],
  'Date 0': [new Date(0)],
  'Date NaN': [new Date(NaN)],
  'Date max': [new Date(8.64e15)],
  'Date fraction': [new Date(1.5)],
  RegExp: [/a+b/],
  'RegExp all flags': [/x/dgimsy],
  'RegExp unicode': [/\u{1F600}/u],
  'RegExp unicodeSets': [/[\p{L}--[a-z]]/v],
  'RegExp slash': [new RegExp('/')],
  'empty array': [[]],
  'dense array': [[1, 'two', { three: 3 }]],
  'holey array': [[1, , 3]],
  'new Array(5)': [new Array(5)],
  // V8 11 (Node 20) writes an array created holey as sparse ('a' after the header); V8 13 dense.
  'new Array(3).fill(0)': [
    new Array(3).fill(0),
    v8.serialize(new Array(3).fill(0))[2] === 0x61
      ? 'V8 writes an array created holey as sparse; a JS walker sees no holes and writes it dense'
      : undefined,
  ],
  'array with named keys': [Object.assign([1, 2], { name: 'x', 10: 'far' })],
  'empty object': [{}],
  object: [{ b: 1, a: [2], c: { d: null } }],
  'integer keys': [{ 2: 'two', 0: 'zero', b: 'b', 4294967294: 'max index', 4294967295: 'not an index' }],
  'non-index numeric keys': [{ NaN: 1, '-0': 2, '1e21': 3, '01': 4, 1.5: 5 }],
  '__proto__ key': [JSON.parse('{"__proto__": {"x": 1}}')],
  'null-prototype object': [Object.assign(Object.create(null), { a: 1 })],
  'empty Map': [new Map()],
  Map: [
    new Map([
      [1, 'one'],
      ['two', 2],
      [{}, []],
    ]),
  ],
  'empty Set': [new Set()],
  Set: [new Set([1, 'two', {}, 3n])],
  'empty ArrayBuffer': [new ArrayBuffer(0)],
  ArrayBuffer: [new Uint8Array([1, 2, 3, 250]).buffer],
  'resizable ArrayBuffer': [
    (() => {
      const buffer = new ArrayBuffer(4, { maxByteLength: 12 });
      new Uint8Array(buffer).set([9, 8, 7, 6]);
      return buffer;
    })(),
  ],
  ...Object.fromEntries(views.map((View) => [View.name, [filled(View, 5)]])),
  'empty Uint8Array': [new Uint8Array(0)],
  DataView: [new DataView(new Uint8Array([1, 2, 3, 4]).buffer)],
  Buffer: [Buffer.from('a Node Buffer')],
  'view with an offset': [
    new Uint16Array(new Uint8Array(12).buffer, 2, 3),
    "Node writes a host object with only the viewed bytes (losing the offset); weft writes V8's own form",
  ],
  'two views of one buffer': [
    (() => {
      const buffer = new ArrayBuffer(8);
      return [new Uint8Array(buffer), new DataView(buffer, 4)];
    })(),
    'Node copies each view separately; weft writes the shared buffer once',
  ],
  'length-tracking view': [
    new Uint8Array(new ArrayBuffer(4, { maxByteLength: 8 })),
    "Node writes a host copy; weft writes V8's form with the tracking flag",
  ],
  Error: [new Error('plain')],
  EvalError: [new EvalError('eval')],
  RangeError: [new RangeError('range')],
  ReferenceError: [new ReferenceError('reference')],
  SyntaxError: [new SyntaxError('syntax')],
  TypeError: [new TypeError('type')],
  URIError: [new URIError('uri')],
  'Error without message': [new Error()],
  'Error with cause': [new Error('outer', { cause: { inner: [1] } })],
  'Error with a custom name': [Object.assign(new TypeError('custom'), { name: 'Custom' })],
  'object cycle': [
    (() => {
      const o = { name: 'cycle' };
      o.self = o;
      return o;
    })(),
  ],
  'shared references': [
    (() => {
      const shared = { s: 1 };
      return { a: shared, b: [shared, shared], c: new Map([[shared, shared]]) };
    })(),
  ],
  'Map cycle': [
    (() => {
      const m = new Map();
      m.set('me', m);
      return m;
    })(),
  ],
};

const attempt = (fn) => {
  try {
    fn();
    return '✓';
  } catch (error) {
    return `✗ ${error.message.split('\n')[0]}`;
  }
};

test('interop with v8.serialize and v8.deserialize, both directions', () => {
  const rows = [];
  const failures = [];
  for (const [name, [value, differs]] of Object.entries(corpus)) {
    const node = v8.serialize(value);
    const expected = v8.deserialize(node);
    const mine = weft.serialize(value);
    const row = {
      'Node reads weft': attempt(() => assertSameClone(v8.deserialize(mine), expected, { viewsByContent: true })),
      'weft reads Node': attempt(() => assertSameClone(weft.deserialize(node), expected, { viewsByContent: true })),
      'same bytes': Buffer.compare(Buffer.from(mine), node) === 0 ? '✓' : differs ? '≠ (documented)' : '✗',
    };
    rows.push([name, row]);
    for (const [column, result] of Object.entries(row)) {
      if (result.startsWith('✗')) failures.push(`${name} / ${column}: ${result}`);
    }
    if (differs !== undefined && row['same bytes'] === '✓') failures.push(`${name}: documented as different but identical`);
  }
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`${'value'.padEnd(width)}  Node reads weft  weft reads Node  same bytes`);
  for (const [name, row] of rows) {
    console.log(
      `${name.padEnd(width)}  ${row['Node reads weft'].padEnd(15)}  ${row['weft reads Node'].padEnd(15)}  ${row['same bytes']}`,
    );
  }
  const counts = (column) => `${rows.filter(([, row]) => row[column] === '✓').length} / ${rows.length}`;
  console.log(
    `Node reads weft ${counts('Node reads weft')}, weft reads Node ${counts('weft reads Node')}, identical bytes ${counts('same bytes')}`,
  );
  assert.deepEqual(failures, []);
});
