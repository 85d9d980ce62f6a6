// deserialize()'s direct reader (js/structured-clone/reader.js) against the path it shortcuts
// (readWire's op stream, then the builder: deserializeThroughOps): for every input, valid or
// not, the same value (structure and identity) or the same DataCloneError (name and message).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import v8 from 'node:v8';
import fc from 'fast-check';
import { deserialize, deserializeThroughOps, serialize } from '../../js/structured-clone/index.js';
import { NOT_READ, readDirect } from '../../js/structured-clone/reader.js';
import { graph, key } from './structured-clone-arbitraries.mjs';
import { assertSameClone } from './structured-clone-compare.mjs';

/** What deserializing `bytes` gives: { value } or { error } ("name: message", or the exception). */
function outcome(read, bytes) {
  try {
    return { value: read(bytes) };
  } catch (error) {
    return { error: error instanceof DOMException ? `${error.name}: ${error.message}` : error };
  }
}

/** Asserts deserialize(bytes) and deserializeThroughOps(bytes) agree; returns whether the direct reader read them. */
function assertSameOutcome(bytes, label = '') {
  const direct = readDirect(bytes) !== NOT_READ;
  const fused = outcome(deserialize, bytes);
  const old = outcome(deserializeThroughOps, bytes);
  const where = `${label} bytes ${Buffer.from(bytes).toString('hex')}`;
  if ('error' in old) {
    assert.ok('error' in fused, `${where}: the ops path throws ${old.error}, deserialize() returned a value`);
    assert.equal(fused.error, old.error, where);
    assert.ok(!direct, `${where}: the direct reader read bytes the ops path rejects`);
  } else {
    assert.ok('value' in fused, `${where}: deserialize() throws ${fused.error}, the ops path returned a value`);
    try {
      assertSameClone(fused.value, old.value);
    } catch (error) {
      error.message = `${where}: ${error.message}`;
      throw error;
    }
  }
  return direct;
}

const bytesOf = (value) => [new Uint8Array(v8.serialize(value)), serialize(value)];

// Graphs of what the direct reader reads (no buffers, views, Errors or UTF-8 strings).
const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 60, maxLength: 80 }),
);
const leaf = fc.oneof(
  fc.constantFrom(undefined, null, true, false, 0, -0, NaN, Infinity, 2 ** 31, -(2 ** 31), 2 ** 32 - 1, 2 ** 32),
  fc.integer(),
  fc.double(),
  fc.bigInt(),
  text,
  fc.oneof(fc.integer(), fc.constant(NaN), fc.constant(8.64e15 + 1)).map((t) => new Date(t)),
  fc
    .tuple(
      fc.constantFrom('a+', '(?<x>b)', '[\\u{1F600}]', '\\p{L}', 'é/', '\n'),
      fc.subarray(['d', 'g', 'i', 'm', 's', 'u', 'y']),
    )
    .map(([source, flags]) => new RegExp(source, flags.join(''))),
  fc.oneof(fc.boolean(), fc.double(), text, fc.bigInt()).map((v) => Object(v)),
);
const { plain } = fc.letrec((tie) => ({
  plain: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object'), tie('map'), tie('set')),
  array: fc
    .tuple(
      fc.array(tie('plain'), { maxLength: 6 }),
      fc.array(fc.nat(8), { maxLength: 2 }),
      fc.option(tie('plain')),
      fc.option(fc.nat(40)),
    )
    .map(([items, holes, extra, sparse]) => {
      for (const hole of holes) delete items[hole];
      if (extra !== null) items.named = extra;
      if (sparse !== null) items.length = items.length + sparse;
      return items;
    }),
  object: fc.array(fc.tuple(key, tie('plain')), { maxLength: 6 }).map((entries) => {
    const object = {};
    for (const [k, v] of entries)
      Object.defineProperty(object, k, { value: v, enumerable: true, writable: true, configurable: true });
    return object;
  }),
  map: fc.array(fc.tuple(tie('plain'), tie('plain')), { maxLength: 4 }).map((entries) => new Map(entries)),
  set: fc.array(tie('plain'), { maxLength: 4 }).map((items) => new Set(items)),
}));
/** `plain` with shared references and cycles (and a Map or Set containing itself). */
const plainGraph = fc.tuple(plain, fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 6 })).map(([root, links]) => {
  const containers = [];
  const work = [root];
  const seen = new Set();
  while (work.length > 0) {
    const v = work.pop();
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (Array.isArray(v) || v instanceof Map || v instanceof Set || Object.getPrototypeOf(v) === Object.prototype)
      containers.push(v);
    if (v instanceof Map) for (const [k, x] of v) work.push(k, x);
    else if (v instanceof Set) for (const x of v) work.push(x);
    else if (Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype) work.push(...Object.values(v));
  }
  links.forEach(([from, to], i) => {
    if (containers.length === 0) return;
    const source = containers[from % containers.length];
    const target = containers[to % containers.length];
    if (source instanceof Map) source.set(source.size % 2 ? target : `link${i}`, target);
    else if (source instanceof Set) source.add(target);
    else source[`link${i}`] = target;
  });
  return root;
});

test('random graphs: deserialize() equals the ops path on v8.serialize and weft.serialize bytes', () => {
  let direct = 0;
  let total = 0;
  fc.assert(
    fc.property(fc.oneof(plainGraph, graph), (root) => {
      for (const bytes of bytesOf(root)) {
        if (assertSameOutcome(bytes)) direct++;
        total++;
      }
    }),
    { numRuns: 1500, seed: 15 },
  );
  assert.ok(direct > total / 2, `the direct reader read only ${direct} of ${total}`);
});

test('every plain graph is read by the direct reader', () => {
  fc.assert(
    fc.property(plainGraph, (root) => {
      for (const bytes of bytesOf(root)) {
        assert.notEqual(readDirect(bytes), NOT_READ, Buffer.from(bytes).toString('hex'));
      }
    }),
    { numRuns: 500, seed: 16 },
  );
});

test('keys: runs of distinct keys (the key cache stands aside) between shared ones, each read right', () => {
  const value = [];
  for (let run = 0; run < 6; run++) {
    // A run of distinct keys long enough to pass the key cache by, then objects sharing keys
    // (some of them keys of the run before), short and long, one-byte and not.
    const distinct = {};
    for (let i = 0; i < 40 + run * 100; i++) distinct[`k${run}_${i}${'x'.repeat(i % 30)}`] = i;
    value.push(distinct);
    for (let i = 0; i < 50; i++) value.push({ id: i, name: `n${i}`, [`k${run}_${i}`]: i, ['\u00e9t\u00e9']: run, ['\u4e2d']: 1 });
  }
  for (const bytes of [serialize(value), new Uint8Array(v8.serialize(value))]) {
    assertSameOutcome(bytes, 'distinct keys');
    assertSameClone(deserialize(bytes), value);
  }
});

test('mutated, truncated and extended bytes: deserialize() equals the ops path', () => {
  let direct = 0;
  let total = 0;
  const mutation = fc.record({
    at: fc.nat(),
    kind: fc.constantFrom('set', 'truncate', 'insert', 'delete', 'append'),
    byte: fc.oneof(
      fc.integer({ min: 0, max: 255 }),
      fc.constantFrom(0x00, 0x3f, 0x5e, 0x2d, 0x7b, 0x24, 0x40, 0x3a, 0x2c, 0x80, 0xff),
    ),
  });
  fc.assert(
    fc.property(
      fc.oneof(plainGraph, plainGraph, graph),
      fc.array(mutation, { minLength: 1, maxLength: 3 }),
      fc.boolean(),
      (root, mutations, v8Bytes) => {
        let bytes = [...bytesOf(root)[v8Bytes ? 0 : 1]];
        for (const { at, kind, byte } of mutations) {
          const i = bytes.length === 0 ? 0 : at % bytes.length;
          if (kind === 'set') bytes[i] = byte;
          else if (kind === 'truncate') bytes = bytes.slice(0, i);
          else if (kind === 'insert') bytes.splice(i, 0, byte);
          else if (kind === 'delete') bytes.splice(i, 1);
          else bytes.push(byte);
        }
        if (assertSameOutcome(new Uint8Array(bytes))) direct++;
        total++;
      },
    ),
    { numRuns: 6000, seed: 17 },
  );
  assert.ok(direct > 200, `the direct reader read ${direct} of ${total} mutated inputs`);
});

test('every prefix and single-byte corruption of plain data: deserialize() equals the ops path', () => {
  const seeds = [
    { a: 1, b: 'text', c: [1, , 3], d: new Map([[1, new Set(['x'])]]), e: new Date(5), f: /re/g, g: -(2n ** 70n), h: 'é€' },
    [Object(1n), new Number(2), new String('s'), new Boolean(false), new Boolean(true), 2 ** 32 - 1, 0.5, -1],
    (() => {
      const o = { name: 'cycle', __proto__: null };
      o.self = [o, o];
      const sparse = [];
      sparse[10] = o;
      sparse.x = 1;
      return { o, sparse, m: new Map([[o, o]]) };
    })(),
  ].flatMap(bytesOf);
  let cases = 0;
  for (const bytes of seeds) {
    assert.ok(assertSameOutcome(bytes));
    for (let end = 0; end < bytes.length; end++) {
      assertSameOutcome(bytes.slice(0, end));
      cases++;
    }
    for (let at = 0; at < bytes.length; at++) {
      for (const replacement of [0x00, 0x01, 0x3f, 0x7f, 0x80, 0xff, bytes[at] ^ 0x20, bytes[at] + 1, bytes[at] - 1]) {
        const corrupt = bytes.slice();
        corrupt[at] = replacement;
        assertSameOutcome(corrupt);
        cases++;
      }
    }
  }
  assert.ok(cases > 1000);
});

test('random bytes after a header: deserialize() equals the ops path', () => {
  const tag = fc.constantFrom(
    0x00,
    0x3f,
    0x5f,
    0x30,
    0x54,
    0x46,
    0x49,
    0x55,
    0x4e,
    0x5a,
    0x53,
    0x22,
    0x63,
    0x5e,
    0x6f,
    0x7b,
    0x61,
    0x40,
    0x41,
    0x24,
    0x44,
    0x79,
    0x78,
    0x6e,
    0x7a,
    0x73,
    0x52,
    0x3b,
    0x3a,
    0x27,
    0x2c,
    0x2d,
    0x01,
    0x02,
    0x03,
  );
  fc.assert(
    fc.property(
      fc.array(fc.oneof(tag, fc.integer({ min: 0, max: 255 })), { maxLength: 48 }),
      fc.constantFrom(12, 13, 14, 15, 16),
      (tail, version) => {
        assertSameOutcome(new Uint8Array([0xff, version, ...tail]));
      },
    ),
    { numRuns: 20_000, seed: 18 },
  );
});

// Hand-written bytes: the header, then `body`.
const wire = (...body) => new Uint8Array([0xff, 0x0f, ...body.flat()]);
const str = (s) => [0x22, s.length, ...Buffer.from(s, 'latin1')];
const utf16 = (s) => [0x63, s.length * 2, ...Buffer.from(s, 'utf16le')];
const zigzag = (n) => [0x49, (n << 1) ^ (n >> 31)];
const double = (n) => {
  const b = Buffer.alloc(8);
  b.writeDoubleLE(n);
  return [...b];
};

test('hand cases: every tag the direct reader reads, and what it leaves mid-structure', () => {
  const read = [
    // Primitives, padding, verify-object-count, versions 13-15.
    wire(0x5f),
    wire(0x30),
    wire(0x54),
    wire(0x46),
    wire(zigzag(-3)),
    wire(0x49, 0xfe, 0xff, 0xff, 0xff, 0x0f),
    wire(0x55, 0xff, 0xff, 0xff, 0xff, 0x0f),
    wire(0x4e, double(0.1)),
    wire(0x4e, double(NaN)),
    wire(0x5a, 0x10, 1, 0, 0, 0, 0, 0, 0, 0x80),
    wire(0x5a, 0x00),
    wire(0x5a, 0x11, 0, 0, 0, 0, 0, 0, 0, 0),
    wire(str('')),
    wire(str('x'.repeat(13))),
    wire(0x22, 0x80, 0x01, ...Array(128).fill(0x41)),
    wire(utf16('é€')),
    wire(0x00, 0x00, utf16('€')),
    wire(0x3f, 0x05, 0x00, 0x30),
    wire(0x30, 0x00, 0x00),
    new Uint8Array([0xff, 13, 0x30]),
    new Uint8Array([0xff, 14, 0x30]),
    // Objects: string and number keys, __proto__, duplicate keys, numeric-like keys, back-references.
    wire(0x6f, str('__proto__'), zigzag(1), str('a'), zigzag(1), str('a'), zigzag(2), 0x7b, 3),
    wire(
      0x6f,
      zigzag(-1),
      0x30,
      0x55,
      0x05,
      0x30,
      0x4e,
      double(1.5),
      0x30,
      0x4e,
      double(-0),
      0x30,
      0x4e,
      double(Infinity),
      0x30,
      0x7b,
      5,
    ),
    wire(0x6f, 0x00, str('self'), 0x5e, 0x00, 0x00, 0x7b, 0x01),
    wire(0x6f, str('1'), 0x6f, 0x7b, 0, str('2'), 0x5e, 0x01, 0x7b, 2),
    wire(0x6f, 0x3f, 0x01, str('k'), 0x30, 0x7b, 1),
    wire(0x6f, utf16('ключ'), 0x30, 0x7b, 1),
    // Arrays: dense with holes, padding and trailing keys, sparse with length beyond the elements.
    wire(0x41, 3, zigzag(1), 0x2d, 0x00, 0x5e, 0x00, 0x24, 0, 3),
    wire(0x41, 1, 0x30, str('x'), 0x30, zigzag(7), 0x30, 0x24, 2, 1),
    wire(0x41, 0, 0x24, 0, 0),
    wire(0x61, 100, zigzag(3), 0x30, str('y'), 0x5e, 0x00, 0x40, 2, 100),
    wire(0x61, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x40, 0, 0xff, 0xff, 0xff, 0xff, 0x0f),
    wire(0x61, 2, 0x55, 0x00, 0x54, 0x40, 1, 2),
    // Maps and Sets containing themselves.
    wire(0x3b, 0x5e, 0x00, 0x5e, 0x00, str('k'), 0x30, 0x3a, 4),
    wire(0x27, 0x5e, 0x00, 0x30, 0x00, 0x2c, 2),
    wire(0x3b, 0x3a, 0),
    wire(0x27, 0x2c, 0),
    // Dates, RegExps, wrappers and their ids.
    wire(0x41, 4, 0x44, double(5), 0x52, str('a.b'), 0x13, 0x79, 0x5e, 0x01, 0x24, 0, 4),
    wire(
      0x41,
      6,
      0x78,
      0x6e,
      double(2),
      0x7a,
      0x10,
      1,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0x73,
      str('s'),
      0x73,
      utf16('€'),
      0x5e,
      0x04,
      0x24,
      0,
      6,
    ),
    wire(0x52, utf16('\\p{L}+'), 0x10),
    wire(0x52, str('x'), 0x80, 0x02),
    wire(0x44, double(NaN)),
    // Errors: fields in any order, repeated, a cause referring to what was read before.
    wire(0x72, 0x2e),
    wire(0x72, 0x52, 0x6d, str('m'), 0x73, str('at x'), 0x63, 0x30, 0x2e),
    wire(0x72, 0x63, 0x6f, 0x7b, 0, 0x6d, utf16('é€'), 0x55, 0x2e),
    wire(0x41, 2, 0x6f, 0x7b, 0, 0x72, 0x63, 0x5e, 0x01, 0x73, str('s'), 0x6d, str('1'), 0x6d, str('2'), 0x2e, 0x24, 0, 2),
    wire(0x41, 2, 0x72, 0x54, 0x2e, 0x5e, 0x01, 0x24, 0, 2),
    wire(0x72, 0x45, 0x46, 0x63, 0x72, 0x53, 0x2e, 0x2e),
    // ArrayBuffers, views over them (ids: the buffer's, then the view's), Node's host-object views,
    // references to a buffer (then the buffer, or a new view over it).
    wire(0x41, 2, 0x42, 4, 1, 2, 3, 4, 0x56, 0x62, 0, 4, 0, 0x5e, 0x01, 0x56, 0x62, 0, 2, 0, 0x24, 0, 2),
    wire(0x41, 3, 0x42, 4, 1, 2, 3, 4, 0x5e, 0x01, 0x00, 0x56, 0x77, 2, 2, 0, 0x5e, 0x02, 0x24, 0, 3),
    wire(0x41, 2, 0x42, 0, 0x5e, 0x01, 0x24, 0, 2),
    wire(0x42, 2, 1, 2),
    wire(0x42, 0),
    wire(0x42, 4, 1, 2, 3, 4, 0x56, 0x62, 0, 4, 0),
    new Uint8Array([0xff, 13, 0x42, 2, 1, 2, 0x56, 0x42, 1, 1]),
    wire(0x41, 3, 0x42, 8, 1, 2, 3, 4, 5, 6, 7, 8, 0x00, 0x56, 0x64, 4, 4, 0, 0x5e, 0x02, 0x5e, 0x00, 0x24, 0, 3),
    wire(0x41, 2, 0x42, 2, 1, 2, 0x30, 0x24, 0, 2),
    wire(0x42, 8, 1, 2, 3, 4, 5, 6, 7, 8, 0x56, 0x3f, 2, 6, 0),
    wire(0x42, 8, 1, 2, 3, 4, 5, 6, 7, 8, 0x56, 0x51, 0, 8, 0),
    wire(0x41, 2, 0x5c, 1, 3, 7, 8, 9, 0x5e, 0x01, 0x24, 0, 2),
    wire(0x5c, 8, 8, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f),
    wire(0x5c, 9, 2, 1, 2),
    wire(0x5c, 0, 0),
  ];
  for (const bytes of read) {
    assert.ok(assertSameOutcome(bytes, 'read'), `left: ${Buffer.from(bytes).toString('hex')}`);
  }
  const left = [
    // Tags the direct reader leaves (the ops path reads or rejects them).
    wire(0x53, 2, 0xc3, 0xa9),
    wire(0x6f, 0x53, 1, 0x61, 0x30, 0x7b, 1),
    wire(0x7e, 2, 4, 1, 2),
    wire(0x42, 2, 1, 2, 0x5e, 0x00),
    wire(0x41, 2, 0x42, 4, 1, 2, 3, 4, 0x56, 0x62, 0, 4, 0, 0x5e, 0x01, 0x56, 0x62, 2, 4, 0, 0x24, 0, 2),
    wire(0x5c, 10, 2, 1, 2),
    wire(0x41, 2, 0x42, 4, 1, 2, 3, 4, 0x5e, 0x01, 0x56, 0x64, 0, 8, 0, 0x24, 0, 2),
    wire(0x41, 2, 0x42, 4, 1, 2, 3, 4, 0x5e, 0x01, 0x56, 0x64, 0, 4, 1, 0x24, 0, 2),
    wire(0x72, 0x63, 0x5e, 0x00, 0x2e),
    wire(0x72, 0x6d, 0x53, 1, 0x61, 0x2e),
    wire(0x72, 0x01, 0x2e),
    wire(0x72, 0x80, 0x01, 0x2e),
    wire(0x72, 0x6d, 0x30, 0x2e),
    wire(0x72, 0x63),
    wire(0x72, 0x45),
    wire(0x6f, 0x4e, double(NaN), str('x'), str('value'), 0x30, 0x7b, 2),
    wire(0x74, 0),
    wire(0x75, 0),
    wire(0x42, 4, 1, 2, 3, 4, 0x56, 0x77, 1, 2, 0),
    wire(0x42, 4, 1, 2, 3, 4, 0x56, 0x62, 2, 4, 0),
    wire(0x42, 4, 1, 2, 3, 4, 0x56, 0x62, 0, 0, 1),
    wire(0x42, 4, 1, 2, 3, 4, 0x56, 0x62, 0, 4, 2),
    wire(0x42, 4, 1, 2, 3, 4, 0x56, 0x01, 0, 4, 0),
    wire(0x42, 5, 1, 2),
    wire(0x56, 0x62, 0, 0, 0),
    wire(0x5c, 3, 3, 1, 2, 3),
    wire(0x5c, 13, 0),
    wire(0x5c, 1, 5, 1),
    wire(0x42, 1, 1, 0x56, 0x68, 0, 2, 0),
    // Malformed in the middle of a structure: each a DataCloneError from the ops path.
    wire(0x6f, str('a'), 0x6f, str('b'), 0x30, 0x7b, 2, 0x7b, 1),
    wire(0x41, 2, 0x30, 0x24, 0, 2),
    wire(0x41, 2, 0x30, 0x30, 0x24, 0, 3),
    wire(0x41, 2, 0x30, 0x30, 0x24, 1, 2),
    wire(0x61, 2, 0x40, 0, 3),
    wire(0x3b, 0x30, 0x3a, 1),
    wire(0x3b, 0x30, 0x30, 0x3a, 1),
    wire(0x27, 0x30, 0x2c, 2),
    wire(0x6f, 0x54, 0x30, 0x7b, 1),
    wire(0x6f, 0x3f, 0x01, 0x7b, 0),
    wire(0x41, 1, 0x3f, 0x00, 0x2d, 0x24, 0, 1),
    wire(0x2d),
    wire(0x5e, 0x00),
    wire(0x6f, str('a'), 0x5e, 0x01, 0x7b, 1),
    wire(0x61, 1, str('length'), zigzag(3), 0x40, 1, 1),
    wire(0x41, 0, str('length'), 0x30, 0x24, 1, 0),
    wire(0x52, str('('), 0x00),
    wire(0x52, str('x'), 0x40),
    wire(0x52, str('x'), 0x80, 0x04),
    wire(0x52, str('x'), 0x90, 0x02),
    wire(0x52, 0x30, 0x00),
    wire(0x73, 0x30),
    wire(0x30, 0x30),
    wire(0x41, 5, 0x30),
    wire(0x22, 5, 0x61),
    wire(0x63, 3, 0x61, 0, 0),
    wire(0x49, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01),
    wire(0x55, 0xff, 0xff, 0xff, 0xff, 0x1f),
    wire(0x4e, 1, 2, 3),
    wire(0x5a, 0x10, 1),
    wire(0x44),
    wire(0x6f, 0x7b),
    wire(0x6f, str('a'), 0x30, 0x3a, 1),
    new Uint8Array([0xff, 12, 0x30]),
    new Uint8Array([0xff, 16, 0x30]),
    new Uint8Array([0xfe, 15, 0x30]),
    new Uint8Array([0xff]),
    new Uint8Array([]),
    wire(),
    wire(0x00),
    wire(0x3f),
    wire(0x6f, 0x00),
    wire(0x41, 1),
    wire(0x6f, str('a')),
    wire(0x3b, 0x30),
  ];
  for (const bytes of left) {
    assert.ok(!assertSameOutcome(bytes, 'left'), `read: ${Buffer.from(bytes).toString('hex')}`);
  }
});

test('nesting deeper than the direct reader goes is read by the ops path', () => {
  for (const depth of [1000, 1100, 20_000]) {
    const bytes = wire(Array(depth).fill([0x41, 1]).flat(), 0x30, Array(depth).fill([0x24, 0, 1]).flat());
    assert.equal(assertSameOutcome(bytes, `depth ${depth}`), depth <= 1023);
    let value = deserialize(bytes);
    for (let i = 0; i < depth; i++) value = value[0];
    assert.equal(value, null);
  }
});

test('under replaced built-ins and setters, deserialize() equals the ops path and calls nothing', () => {
  const value = { a: 1, 0: [2, 3], x: { x: 1 }, m: new Map([[1, new Set([2])]]), r: /x/g, __proto__: null };
  value.arr = [1, 2];
  value.arr.x = 'named';
  value.views = [new Uint8Array([1, 2, 3]), new DataView(new ArrayBuffer(4), 1), new Float64Array([0.5])];
  const inputs = bytesOf(value);
  let calls = 0;
  const restore = [];
  const replace = (object, key, descriptor) => {
    const previous = Object.getOwnPropertyDescriptor(object, key);
    Object.defineProperty(object, key, { configurable: true, ...descriptor });
    restore.push(() => (previous ? Object.defineProperty(object, key, previous) : delete object[key]));
  };
  const trap = { get: () => calls++, set: () => calls++ };
  // (Not an Array: the setter on Array.prototype would intercept its elements.)
  const results = { __proto__: null, length: 0 };
  try {
    replace(Object.prototype, 'a', trap);
    replace(Object.prototype, '0', trap);
    replace(Array.prototype, '0', trap);
    replace(Array.prototype, 'x', trap);
    replace(Map.prototype, 'set', { value: () => calls++ });
    replace(Set.prototype, 'add', { value: () => calls++ });
    replace(RegExp.prototype, 'flags', { get: () => calls++ });
    replace(ArrayBuffer.prototype, 'byteLength', { get: () => calls++ });
    replace(Object.getPrototypeOf(Uint8Array.prototype), 'buffer', { get: () => calls++ });
    replace(Object.getPrototypeOf(Uint8Array.prototype), 'length', { get: () => calls++ });
    replace(Object.getPrototypeOf(Uint8Array.prototype), 'set', { value: () => calls++ });
    replace(Object.getPrototypeOf(Uint8Array.prototype), 'subarray', { value: () => calls++ });
    for (const bytes of inputs) {
      assert.notEqual(readDirect(bytes), NOT_READ);
      results[results.length++] = { __proto__: null, read: deserialize(bytes), old: deserializeThroughOps(bytes) };
    }
  } finally {
    for (const undo of restore.reverse()) undo();
  }
  assert.equal(calls, 0);
  for (const { read, old } of Array.from(results)) {
    assertSameClone(read, old);
    assertSameClone(read, structuredClone(value), { viewsByContent: true });
    assert.deepEqual(Object.getOwnPropertyDescriptor(read, 'a'), {
      value: 1,
      writable: true,
      enumerable: true,
      configurable: true,
    });
    assert.deepEqual(Object.getOwnPropertyDescriptor(read[0], '0'), {
      value: 2,
      writable: true,
      enumerable: true,
      configurable: true,
    });
    assert.equal(Object.getOwnPropertyDescriptor(read.arr, 'x').value, 'named');
  }
});

test("with a Proxy on Array.prototype's chain the ops path reads the bytes, once", () => {
  const original = Object.getPrototypeOf(Array.prototype);
  let traps = 0;
  Object.setPrototypeOf(Array.prototype, new Proxy(original, { has: (target, k) => (traps++, Reflect.has(target, k)) }));
  try {
    const bytes = serialize([1, [2], { a: [3] }]);
    assert.equal(readDirect(bytes), NOT_READ);
    traps = 0;
    deserialize(bytes);
    const once = traps;
    traps = 0;
    deserializeThroughOps(bytes);
    assert.equal(once, traps);
  } finally {
    Object.setPrototypeOf(Array.prototype, original);
  }
});

test('out-of-band serializations go through the ops path', () => {
  const sab = new SharedArrayBuffer(4);
  const bytes = serialize({ sab, a: [1] });
  const read = deserialize(bytes);
  assert.deepEqual(read.a, [1]);
  assert.ok(read.sab instanceof SharedArrayBuffer);
  const buffer = new ArrayBuffer(2);
  const moved = serialize({ buffer }, { transfer: [buffer] });
  assert.equal(deserialize(moved).buffer.byteLength, 2);
  assert.throws(() => deserialize(moved), { name: 'DataCloneError', message: /already received/ });
});

test("without Buffer (browsers), one-byte strings come from the host's windows-1252 decoder, exact for every byte", () => {
  // A fresh process without latin1Slice, counting the host decoder's windows-1252 calls: strings
  // of every byte value, short ones cut from windows that hold bytes 0x80–0x9F in numbers only,
  // in strings, or nowhere, and long ones. Node's decoder gives those bytes their Latin-1 code
  // points; browsers' (the standard's) map 27 of them above U+00FF, as the stand-in does.
  const standIn = `
    const HIGH = [0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
      0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178];
    decodeAs1252 = (view) => {
      let s = '';
      for (const byte of view) s += String.fromCharCode(byte >= 0x80 && byte <= 0x9f ? HIGH[byte - 0x80] : byte);
      return s;
    };
  `;
  // A decoder that throws once past its first checks is not used after that.
  const thrower = `
    decodeAs1252 = (view) => {
      if (hostCalls > 10) throw new TypeError('a host decoder that fails');
      return String.fromCharCode(...view);
    };
  `;
  for (const decoder of ["Node's", 'the standard windows-1252', 'a failing one']) {
    const script = `
      import v8 from 'node:v8';
      delete globalThis.Buffer; // (as in browsers; Node's own decoders use their own Buffer)
      let hostCalls = 0;
      let decodeAs1252;
      ${decoder === "Node's" ? '' : decoder === 'a failing one' ? thrower : standIn}
      const { decode } = TextDecoder.prototype;
      TextDecoder.prototype.decode = function (input, options) {
        if (this.encoding !== 'windows-1252') return decode.call(this, input, options);
        hostCalls++;
        return decodeAs1252 ? decodeAs1252(new Uint8Array(input.buffer, input.byteOffset, input.byteLength)) : decode.call(this, input, options);
      };
      const weft = await import('webweft');
      let seed = 7;
      const random = (n) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
      const text = (length, bytes) => String.fromCharCode(...Array.from({ length }, () => bytes[random(bytes.length)]));
      const ascii = Array.from({ length: 95 }, (_, i) => 32 + i);
      const every = Array.from({ length: 256 }, (_, i) => i);
      const value = [];
      for (let i = 0; i < 3000; i++) {
        const bytes = i % 3 === 0 ? every : ascii;
        value.push({ [text(1 + random(12), bytes)]: text(random(90), bytes), n: random(2) ? random(1e9) / 7 : i });
      }
      value.push(every.map((b) => String.fromCharCode(b)), String.fromCharCode(...every).repeat(40));
      const same = (copy) => JSON.stringify(copy) === JSON.stringify(value);
      process.stdout.write([same(weft.deserialize(weft.serialize(value))), same(weft.deserialize(v8.serialize(value))), hostCalls > ${decoder === 'a failing one' ? 10 : 50}].join(' '));
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      cwd: new URL('.', import.meta.url),
    });
    assert.equal(run.stderr, '', decoder);
    assert.equal(run.stdout, 'true true true', decoder);
  }
});
