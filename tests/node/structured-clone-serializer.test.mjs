// serialize()'s own writer (js/structured-clone/serializer.js), which writes V8 wire bytes as
// it walks, against the op-stream path as the reference:
// writeWire(serializeInternal(value)). The same bytes, the same DataCloneError (name and
// message), and the same getters called in the same order with the same effects, for random
// graphs and for every value it hands to serializeInternal, mixed with what it writes itself.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import v8 from 'node:v8';
import fc from 'fast-check';
import * as weft from 'webweft';
import * as sc from '../../js/structured-clone/index.js';
import { RECURSION_BUDGET, serializeInternal } from '../../js/structured-clone/walker.js';
import { writeWire } from '../../js/structured-clone/wire.js';
import { graph, link, value as anyValue } from './structured-clone-arbitraries.mjs';

/** The op-stream path: what serialize() wrote before serializer.js. */
function reference(value, { forStorage = false, transfer = [] } = {}) {
  const transferIsBuffer = Object.setPrototypeOf(
    transfer.map(() => true),
    null,
  );
  const transferList = Object.setPrototypeOf([...transfer], null);
  const { code, values } = serializeInternal(value, {
    __proto__: null,
    forBytes: true,
    forStorage,
    transferList,
    transferIsBuffer,
  });
  return writeWire(code, values, forStorage);
}

/** What a call gave: its bytes as hex, or its error's name and message. */
function outcome(run) {
  try {
    return { bytes: Buffer.from(run()).toString('hex') };
  } catch (error) {
    return { name: error?.name, message: error?.message, error: error?.name === undefined ? error : undefined };
  }
}

/** serialize(value) and the reference agree (`make(log)` makes a fresh value each time, `log` records getters). */
function assertSame(make, options = {}, note = '') {
  const oldLog = [];
  const newLog = [];
  const expected = outcome(() => reference(make(oldLog), options));
  const actual = outcome(() => sc.serialize(make(newLog), options));
  assert.deepEqual(actual, expected, note);
  assert.deepEqual(newLog, oldLog, `${note}: getters`);
  return expected;
}

/** An error with a stack that does not depend on where it was made (each run makes its own). */
function fixed(error) {
  error.stack = `${error.name}: ${error.message}\n    at somewhere`;
  return error;
}

/** Random graphs with references from containers to any of their objects (views' buffers too). */
const linked = fc
  .tuple(anyValue, fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 8 }))
  .map(([root, links]) => link(root, links, true));

/** Wraps `value` `depth` containers deep, alternating objects, arrays and Maps. */
function nest(value, depth) {
  let v = value;
  for (let i = 0; i < depth; i++) v = i % 3 === 0 ? { v } : i % 3 === 1 ? [1, v] : new Map([['k', v]]);
  return v;
}

test('random graphs: serialize() writes the op-stream path’s bytes (and the package’s too)', () => {
  fc.assert(
    fc.property(graph, (root) => {
      const expected = assertSame(() => root);
      if (expected.bytes !== undefined) assert.equal(Buffer.from(weft.serialize(root)).toString('hex'), expected.bytes);
    }),
    { numRuns: 400 },
  );
});

test('random graphs with references to any object (views’ buffers, errors), nested and deep', () => {
  fc.assert(
    fc.property(linked, fc.nat(3), (root, shape) => {
      assertSame(() => root);
      assertSame(() => [root, root]);
      assertSame(() => ({ a: root, b: [root] }));
      assertSame(() => nest(root, shape === 3 ? RECURSION_BUDGET + 5 : shape));
      assertSame(() => root, { forStorage: true });
    }),
    { numRuns: 300 },
  );
});

test('primitives: int32 boundaries, -0, NaN, one-byte, two-byte and long strings', () => {
  const numbers = [
    0,
    -0,
    1,
    -1,
    NaN,
    Infinity,
    -Infinity,
    2 ** 31 - 1,
    -(2 ** 31),
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 32,
    0.5,
    63,
    64,
    -64,
    -65,
    2 ** 53,
  ];
  const strings = [
    '',
    'a',
    'é',
    'ÿ',
    'Ā',
    '€',
    '\ud800',
    'x'.repeat(63),
    'x'.repeat(64),
    'é'.repeat(200),
    '€'.repeat(63),
    '€'.repeat(64),
    `${'€'.repeat(5000)}x`,
    'a'.repeat(100000),
  ];
  for (const v of [...numbers, ...strings, true, false, null, undefined, 0n, -(2n ** 70n), 12345678901234567890n]) {
    assertSame(() => v, {}, String(v).slice(0, 20));
    assertSame(() => ({ v, [String(v).slice(0, 30)]: [v, v] }));
  }
  // Two-byte strings after odd and even prefixes (the padding before them).
  for (let i = 0; i < 6; i++) assertSame(() => ['x'.repeat(i), '€', { ['é'.repeat(i)]: '€€' }, new Map([['€'.repeat(i), 'ā']])]);
  // Keys that are array indices are written as numbers.
  assertSame(() => ({ 0: 1, 1: 2, 4294967294: 3, 4294967295: 4, '01': 5, '-0': 6, 1.5: 7 }));
});

test('arrays: dense, holes, sparse, non-index keys, empty, long', () => {
  const holes = [1, , 3, , 5];
  assertSame(() => [[], [1, 2], holes, Object.assign([1, 2], { x: 1, y: [2] }), Object.assign([, , 3], { 5: 1, y: 2 })]);
  assertSame(() => Object.assign(new Array(1000), { 999: 'last', name: 'sparse' }));
  assertSame(() => Array.from({ length: 3000 }, (_, i) => (i % 7 === 0 ? { i } : i % 2 ? `s${i}` : i)));
  assertSame(() => [holes, holes, [holes]]);
});

test('every value it hands to serializeInternal, among the values it writes itself', () => {
  const makers = {
    buffer: () => new Uint8Array([1, 2, 3]).buffer,
    resizable: () => new ArrayBuffer(4, { maxByteLength: 16 }),
    view: () => new Uint8Array([1, 2, 3]),
    offsetView: () => new Uint16Array(new ArrayBuffer(8), 2, 2),
    dataView: () => new DataView(new ArrayBuffer(4)),
    float64: () => new Float64Array([1.5, -0]),
    tracking: () => new Uint8Array(new ArrayBuffer(4, { maxByteLength: 8 })),
    nodeBuffer: () => Buffer.from('hello'),
    shared: () => new SharedArrayBuffer(4),
    sharedView: () => new Int32Array(new SharedArrayBuffer(8)),
    error: () => fixed(new TypeError('bad', { cause: { deep: [1, 2] } })),
    errorNoCause: () => fixed(Object.assign(new RangeError('r'), { name: 'RangeError' })),
    domException: () => fixed(new DOMException('m', 'DataCloneError')),
    bigint: () => 2n ** 100n,
    bigintObject: () => Object(-5n),
    blob: () => new Blob(['x']),
    date: () => new Date(0),
    regexp: () => /a+/giu,
  };
  for (const [name, make] of Object.entries(makers)) {
    assertSame(() => make(), {}, name);
    assertSame(() => ({ before: { a: 1 }, x: make(), after: ['€', 2] }), {}, name);
    assertSame(() => [1, make(), 'two', make()], {}, name);
    assertSame(
      () =>
        new Map([
          [make(), make()],
          ['k', new Set([make(), 3])],
        ]),
      {},
      name,
    );
    assertSame(() => nest({ x: make() }, RECURSION_BUDGET + 3), {}, name);
    assertSame(() => ({ x: make() }), { forStorage: true }, name);
    // Back-references into the delegated subtree and out of it.
    assertSame(
      () => {
        const outer = { tag: 'outer' };
        const x = make();
        const holder = { outer, x, list: [outer] };
        return { holder, again: x, outer, list: [x, holder] };
      },
      {},
      name,
    );
  }
});

test('many values handed to serializeInternal: the rest of the walk is handed over at once', () => {
  const errors = () => Array.from({ length: 40 }, (_, i) => ({ e: fixed(new Error(`e${i}`)), i }));
  assertSame(errors);
  assertSame(() => {
    const list = errors();
    return { list, again: list.map((x) => x.e), m: new Map([[list[3].e, list]]) };
  });
  assertSame(() => Array.from({ length: 40 }, (_, i) => ({ b: Buffer.from(`b${i}`), i })));
  assertSame((log) => ({
    list: errors(),
    get after() {
      log.push('after');
      return [1, { x: fixed(new Error('last')) }];
    },
  }));
  assertSame(() => ({ list: errors(), bad: [1, Symbol('late')] }));
  assertSame(() => [...errors(), nest({ x: fixed(new Error('deep')) }, RECURSION_BUDGET + 2)]);
});

test('views and their buffers: the host form only when no later reference names the buffer', () => {
  const u8 = () => new Uint8Array([1, 2, 3, 4]);
  assertSame(() => {
    const v = u8();
    return { a: v, b: v.buffer };
  });
  assertSame(() => {
    const v = u8();
    return { a: [v], b: { c: [v.buffer] } };
  });
  assertSame(() => {
    const v = u8();
    return new Map([
      [v, 1],
      [2, v.buffer],
    ]);
  });
  assertSame(() => {
    const v = u8();
    return [[v], new Set([v]), v, new Int8Array(v.buffer)];
  });
  assertSame(() => {
    const v = u8();
    return { a: v.buffer, b: v };
  });
  assertSame(() => {
    const v = u8();
    return { a: { v }, b: nest(v.buffer, RECURSION_BUDGET + 2) };
  });
  assertSame(() => {
    const v = u8();
    return { e: fixed(new Error('e', { cause: v })), b: [v.buffer] };
  });
  assertSame(() => {
    const v = u8();
    const w = u8();
    return { v, w, list: [1, 'x', { q: w.buffer }], m: new Map([[1, v]]) };
  });
  assertSame(() => ({ floats: new Float64Array(4), ints: new Int32Array(4), bytes: new Uint8Array(4) }));
  assertSame(() => ({ big: new Uint8Array(3 << 20), after: { x: 1 }, s: '€'.repeat(10) }));
});

test('transfer lists and registered classes keep working, with back-references around them', () => {
  for (const shape of [
    (b) => ({ a: b, again: [b] }),
    (b) => [new Uint8Array(b), b, { b }],
    (b) =>
      new Map([
        [1, { b }],
        [2, b],
      ]),
  ]) {
    const oldBuffer = new Uint8Array([9, 8]).buffer;
    const expected = outcome(() => reference(shape(oldBuffer), { transfer: [oldBuffer] }));
    const buffer = new Uint8Array([9, 8]).buffer;
    const bytes = sc.serialize(shape(buffer), { transfer: [buffer] });
    assert.deepEqual({ bytes: Buffer.from(bytes).toString('hex') }, expected);
    assert.equal(buffer.byteLength, 0, 'transferred');
    sc.deserialize(bytes);
  }
  class Point {
    constructor(x, y) {
      this.x = x;
      this.y = y;
    }
  }
  sc.registerSerializable(Point, {
    name: 'SerializerTestPoint',
    serialize: (p) => ({ x: p.x, y: p.y }),
    deserialize: ({ x, y }) => new Point(x, y),
  });
  const shared = { s: 1 };
  assertSame(() => {
    const p = new Point(shared, [shared]);
    return { shared, p, q: [p, new Point(1, 2)], m: new Map([[p, shared]]) };
  });
  assertSame(() => nest([new Point(1, new Uint8Array(2)), shared], RECURSION_BUDGET + 1));
  const self = new Point(0, 0);
  self.x = self;
  assertSame(() => ({ a: 1, self, b: [2] }), {}, 'a serializable object that refers to itself');
});

test('failures: the same DataCloneError, path and getters; write failures after the rest of the walk', () => {
  const symbolAt = () => ({ a: [1, { b: new Map([['k', Symbol('s')]]) }] });
  assertSame(symbolAt);
  assertSame(() => nest(symbolAt(), RECURSION_BUDGET + 4));
  assertSame(() => ({ f() {} }));
  assertSame(() => [new WeakMap()]);
  assertSame(() => ({ p: new Proxy({}, {}) }));
  assertSame(() => ({ x: new Uint8Array(new ArrayBuffer(4, { maxByteLength: 4 })) }));
  const detached = () => {
    const b = new ArrayBuffer(2);
    structuredClone(b, { transfer: [b] });
    return { ok: 1, b };
  };
  assertSame(detached);
  // An Error whose cause is itself: the writer's failure, with the op stream's code index...
  const looped = () => {
    const e = fixed(new Error('loop'));
    e.cause = { e };
    return e;
  };
  assertSame(() => ({ a: 'x', list: [1, looped(), 2] }));
  assertSame(() => nest(looped(), 5));
  // ... unless the rest of the walk fails, or throws, first; its getters run all the same.
  assertSame(() => ({ a: looped(), b: [1, Symbol('later')] }));
  assertSame((log) => ({
    a: [looped()],
    get b() {
      log.push('b');
      return { c: [1, 2] };
    },
  }));
  assertSame((log) => ({
    a: looped(),
    get b() {
      log.push('b');
      throw fixed(new RangeError('from the getter'));
    },
  }));
});

test('getters: called in the same order, with the same effects on what is walked next', () => {
  assertSame((log) => {
    const value = {
      first: 1,
      get second() {
        log.push('second');
        delete value.third;
        value.added = 'not walked';
        return new Uint8Array([1, 2]);
      },
      third: 3,
      get fourth() {
        log.push('fourth');
        return value.list;
      },
      list: [0, 1, 2],
    };
    Object.defineProperty(value.list, 1, {
      enumerable: true,
      get() {
        log.push('list[1]');
        value.list.pop(); // index 2 becomes a hole of the dense array
        return 'one';
      },
    });
    return value;
  });
  assertSame((log) => {
    const inner = {
      get x() {
        log.push('inner.x');
        return fixed(new Error('e', { cause: { y: 1 } }));
      },
    };
    return new Map([
      [
        inner,
        {
          get z() {
            log.push('z');
            return inner;
          },
        },
      ],
    ]);
  });
  assertSame((log) =>
    nest(
      {
        get deep() {
          log.push('deep');
          return [
            new Float32Array(2),
            {
              get deeper() {
                log.push('deeper');
                return 'd';
              },
            },
          ];
        },
      },
      RECURSION_BUDGET + 1,
    ),
  );
});

test('a getter that calls serialize() itself gets its own bytes, and the outer call is unchanged', () => {
  const inner = [];
  const make = (log) => ({
    a: { big: 'x'.repeat(5000) },
    get b() {
      log.push('b');
      inner.push(Buffer.from(sc.serialize({ nested: ['€', 1, new Uint8Array(3)] })).toString('hex'));
      assert.throws(() => sc.serialize({ fails: ['x'.repeat(9000), Symbol('inner')] }), { name: 'DataCloneError' });
      return [1, 2, 3];
    },
    c: 'after',
  });
  assertSame(make);
  assert.equal(inner[0], inner[1]);
  assert.deepEqual(sc.deserialize(Buffer.from(inner[1], 'hex')), { nested: ['€', 1, new Uint8Array(3)] });
});

test('where V8 writes the same bytes, serialize() does too', () => {
  const values = [
    { a: 1, b: 'x', c: [1, , 3], d: new Map([[1, new Set([2])]]) },
    [-0, NaN, 2 ** 31, '€'.repeat(100)],
    { buf: Buffer.from('hi'), u8: new Uint8Array(2) },
  ];
  for (const value of values) assert.deepEqual(sc.serialize(value), new Uint8Array(v8.serialize(value)));
});
