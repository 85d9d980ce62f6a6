// structuredClone, serialize and deserialize: the HTML Standard's StructuredSerializeInternal
// and StructuredDeserialize through each of weft's three paths, compared with Node's native
// structuredClone where Node follows the standard, and with the standard where it does not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import vm from 'node:vm';
import * as weft from 'webweft';
import { assertSameClone } from './structured-clone-compare.mjs';

/**
 * The three ways weft clones: copies made during the walk; an op stream built after the walk
 * (what a transfer list selects; here an unrelated buffer); V8 wire-format bytes (serialize, then
 * deserialize).
 */
const paths = {
  direct: (value) => weft.structuredClone(value),
  'op stream': (value) => weft.structuredClone(value, { transfer: [new ArrayBuffer(1)] }),
  bytes: (value) => weft.deserialize(weft.serialize(value)),
};

const eachPath = (fn) => {
  for (const [name, clone] of Object.entries(paths)) fn(clone, name);
};

const isDataCloneError = (pattern) => (error) => {
  assert.ok(error instanceof DOMException, `not a DOMException: ${error}`);
  assert.equal(error.name, 'DataCloneError');
  assert.equal(error.code, 25);
  if (pattern) assert.match(error.message, pattern);
  return true;
};

test('every ECMAScript type the standard serializes, as Node clones it', () => {
  const shared = { shared: true };
  const buffer = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]).buffer;
  const value = {
    primitives: [
      undefined,
      null,
      true,
      false,
      0,
      -0,
      NaN,
      Infinity,
      -1.5,
      2 ** 53,
      '',
      'é',
      '\u{1F600}',
      '\uD800',
      0n,
      -(2n ** 100n),
    ],
    wrappers: [new Boolean(false), new Number(-0), new String('ab'), Object(7n)],
    dates: [new Date(0), new Date(NaN), new Date(8.64e15)],
    regexps: [/a+/dgimsy, /[\p{L}--\p{Ll}]/v, /b/u, new RegExp('/', 'g')],
    arrays: [[1, , 3], new Array(5), Object.assign([1, 2], { extra: 'x', 10: 'far' })],
    objects: [{ 1: 'one', b: 2, a: 1, 0: 'zero' }, Object.create(null), JSON.parse('{"__proto__": 1, "constructor": 2}')],
    collections: [
      new Map([
        [shared, new Set([shared, 1])],
        ['k', shared],
      ]),
      new Set(),
    ],
    buffers: [buffer, new Uint8Array(buffer, 2, 3), new DataView(buffer, 1), new ArrayBuffer(4, { maxByteLength: 16 })],
    views: [
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
    ].map((View) => new View(new ArrayBuffer(16), View.BYTES_PER_ELEMENT, 1)),
    errors: [
      new Error('e'),
      new EvalError('ev'),
      new RangeError('r', { cause: shared }),
      new ReferenceError(),
      new SyntaxError('s'),
      new TypeError('t'),
      new URIError('u'),
    ],
    shared,
  };
  value.self = value;
  const expected = structuredClone(value);
  eachPath((clone, name) => {
    assertSameClone(clone(value), expected);
    assert.ok(name);
  });
});

test('getters run once each, in property order, depth first', () => {
  const log = [];
  const make = (name, inner) => {
    const o = {};
    for (const key of ['a', 'b']) {
      Object.defineProperty(o, key, {
        enumerable: true,
        get() {
          log.push(`${name}.${key}`);
          return key === 'a' && inner ? inner : key;
        },
      });
    }
    return o;
  };
  const value = make('outer', make('inner'));
  structuredClone(value);
  const expected = log.splice(0);
  assert.deepEqual(expected, ['outer.a', 'inner.a', 'inner.b', 'outer.b']);
  eachPath((clone) => {
    clone(value);
    assert.deepEqual(log.splice(0), expected);
  });
});

test('keys are taken first; a key deleted by an earlier getter is skipped, one added is not visited', () => {
  eachPath((clone) => {
    const value = {
      get a() {
        delete this.b;
        this.c = 'added';
        return 1;
      },
      b: 2,
    };
    Object.setPrototypeOf(value, { b: 'inherited' });
    const copy = clone(value);
    assert.deepEqual(Object.keys(copy), ['a']);
    const array = [1, 2, 3];
    Object.defineProperty(array, 0, {
      enumerable: true,
      get() {
        array.pop();
        return 'x';
      },
    });
    const arrayCopy = clone(array);
    assert.equal(arrayCopy.length, 3);
    assert.deepEqual(Object.keys(arrayCopy), ['0', '1']);
  });
});

test('a getter that throws propagates its exception unchanged', () => {
  const exception = new Error('from the getter');
  eachPath((clone) => {
    assert.throws(
      () =>
        clone({
          get x() {
            throw exception;
          },
        }),
      (e) => e === exception,
    );
  });
});

test('non-enumerable, symbol-keyed and inherited properties are not cloned; attributes are reset', () => {
  const value = Object.create({ inherited: 1 });
  Object.defineProperty(value, 'hidden', { value: 1, enumerable: false });
  Object.defineProperty(value, 'frozen', { value: 2, enumerable: true, writable: false, configurable: false });
  value[Symbol('s')] = 3;
  eachPath((clone) => {
    const copy = clone(value);
    assert.equal(Object.getPrototypeOf(copy), Object.prototype);
    assert.deepEqual(Reflect.ownKeys(copy), ['frozen']);
    assert.deepEqual(Object.getOwnPropertyDescriptor(copy, 'frozen'), {
      value: 2,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  });
});

test('"__proto__" and keys shadowing Object.prototype are own data properties of the copy', () => {
  const value = JSON.parse('{"__proto__": {"polluted": true}, "toString": 1, "hasOwnProperty": 2}');
  const array = [];
  Object.defineProperty(array, '__proto__', { value: 3, enumerable: true, writable: true, configurable: true });
  array.push = 4;
  eachPath((clone) => {
    const copy = clone(value);
    assert.equal(Object.getPrototypeOf(copy), Object.prototype);
    assert.deepEqual(Object.keys(copy), ['__proto__', 'toString', 'hasOwnProperty']);
    assert.deepEqual(copy.__proto__, { polluted: true });
    assert.equal({}.polluted, undefined);
    const arrayCopy = clone(array);
    assert.equal(Object.getPrototypeOf(arrayCopy), Array.prototype);
    assert.deepEqual(Object.getOwnPropertyDescriptor(arrayCopy, '__proto__').value, 3);
    assert.equal(arrayCopy.push, 4);
  });
});

test('shared references and cycles keep their identity structure', () => {
  const node = { name: 'n' };
  const map = new Map();
  map.set(map, map);
  const value = { a: node, b: [node, node], map, set: new Set([node]) };
  value.self = value;
  node.parent = value;
  eachPath((clone) => {
    const copy = clone(value);
    assert.equal(copy.self, copy);
    assert.equal(copy.a, copy.b[0]);
    assert.equal(copy.b[1], copy.a);
    assert.equal(copy.a.parent, copy);
    assert.equal(copy.map.get(copy.map), copy.map);
    assert.ok(copy.set.has(copy.a));
  });
});

test('100,000-deep arrays, objects, Maps and Error causes clone without recursion', () => {
  const depth = 100_000;
  let array = [];
  let object = {};
  let map = new Map();
  // Errors without stack frames: reading a captured stack (formatting it) costs ~0.1 ms each.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  let error = new Error('bottom');
  for (let i = 0; i < depth; i++) {
    array = [array];
    object = { o: object };
    map = new Map([[i, map]]);
    error = new Error(String(i), { cause: error });
  }
  Error.stackTraceLimit = stackTraceLimit;
  eachPath((clone) => {
    let a = clone(array);
    let n = 0;
    while (a.length === 1) {
      a = a[0];
      n++;
    }
    assert.equal(n, depth);
    let o = clone(object);
    for (n = 0; o.o; n++) o = o.o;
    assert.equal(n, depth);
    let m = clone(map);
    for (n = 0; m.size; n++) m = m.values().next().value;
    assert.equal(n, depth);
    let e = clone(error);
    for (n = 0; e.cause; n++) e = e.cause;
    assert.equal(e.message, 'bottom');
    assert.equal(n, depth);
  });
});

test('deep mixed nesting keeps identity and reports the whole path on both sides of the recursion budget', () => {
  // The direct clone copies the first levels by recursion and hands deeper ones to the walker.
  const shared = { shared: true };
  const levels = 300;
  let value = { shared, leaf: 1 };
  let path = '';
  for (let i = 0; i < levels; i++) {
    if (i % 3 === 0) {
      value = { k: value, shared };
      path = `.k${path}`;
    } else if (i % 3 === 1) {
      value = [shared, value];
      path = `[1]${path}`;
    } else {
      value = new Map([[shared, value]]);
      path = `.<entry 1>${path}`;
    }
  }
  eachPath((clone) => {
    let copy = clone(value);
    const copies = new Set();
    for (let i = levels - 1; i >= 0; i--) {
      if (i % 3 === 0) {
        copies.add(copy.shared);
        copy = copy.k;
      } else if (i % 3 === 1) {
        copies.add(copy[0]);
        copy = copy[1];
      } else {
        const [[key, next]] = copy;
        copies.add(key);
        copy = next;
      }
    }
    copies.add(copy.shared);
    assert.equal(copy.leaf, 1);
    assert.equal(copies.size, 1, 'one copy of the shared object');
    assert.deepEqual([...copies][0], shared);
    assert.notEqual([...copies][0], shared);
  });
  let bottom = value;
  for (let i = levels - 1; i > 0; i--) bottom = i % 3 === 0 ? bottom.k : i % 3 === 1 ? bottom[1] : bottom.values().next().value;
  bottom.k.fn = function fn() {};
  const escaped = path.replace(/[.[\]<>]/g, '\\$&');
  eachPath((clone) => {
    assert.throws(
      () => clone(value),
      isDataCloneError(new RegExp(`A function \\(fn\\) could not be cloned \\(at value${escaped}\\.fn\\)\\.`)),
    );
  });
});

test('Errors: the standard name list, an own data message, and what V8 keeps (cause, stack)', () => {
  class MyError extends TypeError {
    constructor() {
      super('mine');
      this.name = 'MyError';
      this.extra = 1;
    }
  }
  const renamed = new RangeError('r');
  renamed.name = 'SyntaxError';
  const nonString = new TypeError('t');
  nonString.name = { toString: () => 'TypeError' };
  const accessor = new Error();
  Object.defineProperty(accessor, 'message', { get: () => 'computed' });
  const numberMessage = new Error();
  numberMessage.message = 42;
  const selfCause = new Error('self');
  selfCause.cause = selfCause;
  eachPath((clone, path) => {
    const mine = clone(new MyError());
    assert.equal(mine.constructor, Error, 'not a standard name: Error');
    assert.equal(mine.message, 'mine');
    assert.equal(mine.extra, undefined);
    assert.equal(clone(renamed).constructor, SyntaxError);
    // The standard takes Get(value, "name") as it is (V8 converts it to a string first).
    assert.equal(clone(nonString).constructor, Error);
    assert.equal(Object.hasOwn(clone(accessor), 'message'), false);
    assert.equal(clone(numberMessage).message, '42');
    const withCause = clone(new Error('outer', { cause: [1, { x: 2 }] }));
    assert.deepEqual(withCause.cause, [1, { x: 2 }]);
    assert.deepEqual(Object.getOwnPropertyDescriptor(withCause, 'cause').enumerable, false);
    const stacked = new Error('s');
    assert.equal(clone(stacked).stack, stacked.stack);
    if (path !== 'bytes') {
      // In process, an Error can be its own cause; V8's wire format (and Node 20's reader)
      // registers an Error only once complete, so the bytes path rejects it.
      const copy = clone(selfCause);
      assert.equal(copy.cause, copy);
    } else {
      assert.throws(() => clone(selfCause), isDataCloneError());
    }
  });
});

test('DOMException is serializable: name, message and stack', () => {
  const exception = new DOMException('gone', 'NotFoundError');
  eachPath((clone) => {
    const copy = clone({ exception });
    assert.ok(copy.exception instanceof DOMException);
    assert.equal(copy.exception.name, 'NotFoundError');
    assert.equal(copy.exception.code, 8);
    assert.equal(copy.exception.message, 'gone');
    assert.equal(copy.exception.stack, exception.stack);
  });
});

test('ArrayBuffers: copies, resizable ones stay resizable, shared buffers between views', () => {
  const resizable = new ArrayBuffer(8, { maxByteLength: 64 });
  new Uint8Array(resizable).set([1, 2, 3, 4, 5, 6, 7, 8]);
  const tracking = new Uint16Array(resizable, 2);
  const fixed = new Uint16Array(resizable, 2, 3);
  const dataView = new DataView(resizable);
  eachPath((clone) => {
    const [buffer, t, f, d] = clone([resizable, tracking, fixed, dataView]);
    assert.notEqual(buffer, resizable);
    assert.equal(buffer.resizable, true);
    assert.equal(buffer.maxByteLength, 64);
    assert.equal(t.buffer, buffer);
    assert.equal(f.buffer, buffer);
    assert.equal(d.buffer, buffer);
    assert.deepEqual([...t], [...tracking]);
    buffer.resize(16);
    assert.equal(t.length, 7, 'the length-tracking view grew');
    assert.equal(f.length, 3, 'the fixed view did not');
    assert.equal(d.byteLength, 16, 'the length-tracking DataView grew');
    assert.equal(resizable.byteLength, 8, 'the original is untouched by the probes');
    assert.deepEqual(new Uint8Array(resizable), new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]));
  });
});

test('typed arrays over fixed-length buffers (structuredClone copies them without the walker): one buffer copy per original, offsets, kinds', () => {
  const buffer = new ArrayBuffer(16);
  new Uint8Array(buffer).set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
  const bytes = new Uint8Array(buffer, 1, 6);
  const words = new Uint32Array(buffer, 4, 2);
  const floats = new Float64Array(buffer, 8);
  const nodeBuffer = Buffer.from([7, 8, 9]);
  const detached = new Uint8Array(new ArrayBuffer(4));
  structuredClone(detached.buffer, { transfer: [detached.buffer] });
  eachPath((clone) => {
    const [b, w, f, again, whole, n] = clone([bytes, words, floats, bytes, buffer, nodeBuffer]);
    assert.ok(b instanceof Uint8Array && w instanceof Uint32Array && f instanceof Float64Array);
    assert.equal(again, b, 'a view met twice is one copy');
    assert.equal(w.buffer, b.buffer, 'views of one buffer share its copy');
    assert.equal(f.buffer, b.buffer);
    assert.equal(whole, b.buffer, 'and so does the buffer itself');
    assert.notEqual(whole, buffer);
    assert.deepEqual([b.byteOffset, b.length, w.byteOffset, w.length, f.byteOffset, f.length], [1, 6, 4, 2, 8, 1]);
    assert.deepEqual(new Uint8Array(whole), new Uint8Array(buffer));
    assert.deepEqual([...b], [1, 2, 3, 4, 5, 6]);
    assert.deepEqual([...n], [7, 8, 9]);
    // The buffer first, then its views: the same sharing.
    const [whole2, b2] = clone([buffer, bytes]);
    assert.equal(b2.buffer, whole2);
    // A view that is empty (here: detached) still takes the walker's path and its error.
    assert.throws(() => clone(detached), isDataCloneError());
  });
});

test('length tracking is found at the maximum size too, and the bytes are kept', () => {
  const full = new ArrayBuffer(8, { maxByteLength: 8 });
  new Uint8Array(full).set([9, 8, 7, 6, 5, 4, 3, 2]);
  const tracking = new Uint8Array(full, 4);
  const fixed = new Uint8Array(full, 4, 4);
  eachPath((clone) => {
    const [t, f] = clone([tracking, fixed]);
    t.buffer.resize(6);
    assert.equal(t.length, 2);
    assert.equal(f.length, 0, 'the fixed view is out of bounds now');
    assert.deepEqual(new Uint8Array(full), new Uint8Array([9, 8, 7, 6, 5, 4, 3, 2]));
  });
});

test('out-of-bounds views and detached buffers are DataCloneErrors', () => {
  const buffer = new ArrayBuffer(16, { maxByteLength: 32 });
  const view = new Uint8Array(buffer, 8, 4);
  const dataView = new DataView(buffer, 8);
  buffer.resize(4);
  const detached = new ArrayBuffer(8);
  const overDetached = new Uint8Array(detached);
  structuredClone(detached, { transfer: [detached] });
  eachPath((clone) => {
    assert.throws(
      () => clone({ view }),
      isDataCloneError(/out-of-bounds or detached Uint8Array could not be cloned \(at value\.view\)/),
    );
    assert.throws(() => clone(dataView), isDataCloneError(/DataView/));
    assert.throws(() => clone([detached]), isDataCloneError(/detached ArrayBuffer could not be cloned \(at value\[0\]\)/));
    assert.throws(() => clone(overDetached), isDataCloneError(/detached/));
  });
});

test('SharedArrayBuffers are shared in process; not for storage', () => {
  const sab = new SharedArrayBuffer(8, { maxByteLength: 16 });
  const view = new Int32Array(sab);
  eachPath((clone) => {
    const [copy, viewCopy] = clone([sab, view]);
    assert.notEqual(copy, sab);
    assert.equal(copy.growable, true);
    assert.equal(copy.maxByteLength, 16);
    Atomics.store(view, 0, 42);
    assert.equal(Atomics.load(new Int32Array(copy), 0), 42, 'same memory');
    assert.equal(viewCopy.length, 2);
  });
  assert.throws(
    () => weft.serialize(sab, { forStorage: true }),
    isDataCloneError(/SharedArrayBuffer \(when serializing for storage\)/),
  );
  const bytes = weft.serialize(sab);
  assert.throws(() => weft.deserialize(bytes.slice()), isDataCloneError(), 'a copy of the bytes has no shared memory');
});

test('what cannot be cloned is a DataCloneError naming the value and where it is', () => {
  const cases = [
    [function named() {}, /A function \(named\) could not be cloned\./],
    [{ a: [1, () => {}] }, /A function could not be cloned \(at value\.a\[1\]\)\./],
    [Symbol('s'), /A Symbol could not be cloned/],
    [{ 'odd key': Symbol.iterator }, /A Symbol could not be cloned \(at value\["odd key"\]\)/],
    [new WeakMap(), /A WeakMap/],
    [new WeakSet(), /A WeakSet/],
    [new WeakRef({}), /A WeakRef/],
    [new FinalizationRegistry(() => {}), /A FinalizationRegistry/],
    [Promise.resolve(), /A Promise/],
    [new Proxy({}, {}), /A Proxy/],
    [new Proxy([], {}), /A Proxy/],
    [Object(Symbol('s')), /A Symbol object/],
    [(function* () {})(), /A generator object/],
    [new Map([[1, 2]]).entries(), /A Map iterator/],
    [
      (function () {
        return arguments;
      })(),
      /An arguments object/,
    ],
    [new Intl.Collator(), /An Intl.Collator/],
    [new Map([['k', new WeakMap()]]), /at value\.<entry 1>/],
    [new Response(), /A platform object \(Response\)/],
    [new URL('https://example.com/'), /A platform object \(URL\)/],
    [new AbortController(), /A platform object \(AbortController\)/],
  ];
  eachPath((clone) => {
    for (const [value, pattern] of cases) assert.throws(() => clone(value), isDataCloneError(pattern), String(pattern));
  });
});

test('objects from another realm are classified by their internal slots', () => {
  const other = vm.runInNewContext(`({
    object: { a: [1, 2, { b: 3 }] }, map: new Map([[1, new Set([2])]]), date: new Date(5), regexp: /x/g,
    error: new RangeError('r'), buffer: new Uint8Array([1, 2]), number: new Number(3), promise: Promise.resolve(),
  })`);
  const { promise, ...cloneable } = other;
  eachPath((clone) => {
    const copy = clone(cloneable);
    assert.equal(Object.getPrototypeOf(copy.object), Object.prototype, 'created in this realm');
    assert.ok(copy.map instanceof Map && copy.map.get(1) instanceof Set);
    assert.ok(copy.date instanceof Date && copy.date.getTime() === 5);
    assert.ok(copy.regexp instanceof RegExp && copy.regexp.flags === 'g');
    assert.ok(copy.error instanceof RangeError && copy.error.message === 'r');
    assert.ok(copy.buffer instanceof Uint8Array && copy.buffer[1] === 2);
    assert.ok(copy.number instanceof Number && copy.number.valueOf() === 3);
    assert.throws(() => clone(promise), isDataCloneError(/A Promise/));
  });
});

test('objects with a built-in prototype but no internal slots are ordinary objects', () => {
  const fake = Object.create(Map.prototype, { x: { value: 1, enumerable: true } });
  const fakeError = Object.create(Error.prototype, { message: { value: 'm', enumerable: true } });
  eachPath((clone) => {
    assert.deepEqual(clone(fake), { x: 1 });
    assert.equal(Object.getPrototypeOf(clone(fakeError)), Object.prototype);
    assert.deepEqual(clone(Object.create(Array.prototype)), {});
  });
});

test('Blob and File are cloned in process; subclasses become their serializable superclass', async () => {
  class MyFile extends File {}
  const file = new MyFile(['contents'], 'name.txt', { type: 'text/plain', lastModified: 42 });
  const blob = new Blob(['abc'], { type: 'x/y' });
  for (const [name, clone] of Object.entries(paths)) {
    const [f, b] = clone([file, blob]);
    assert.equal(Object.getPrototypeOf(f), File.prototype, name);
    assert.equal(f.name, 'name.txt');
    assert.equal(f.lastModified, 42);
    assert.equal(f.type, 'text/plain');
    assert.equal(await f.text(), 'contents');
    assert.equal(Object.getPrototypeOf(b), Blob.prototype);
    assert.equal(b.type, 'x/y');
    assert.equal(await b.text(), 'abc');
  }
  assert.throws(() => weft.serialize(blob, { forStorage: true }), isDataCloneError(/Blob\) when serializing for storage/));
  assert.throws(() => weft.deserialize(weft.serialize(blob).slice()), isDataCloneError(/platform object it was not given/));
});

test('transfer: ArrayBuffers move, errors exactly as the standard orders them', () => {
  const buffer = new Uint8Array([1, 2, 3]).buffer;
  const view = new Uint8Array(buffer, 1);
  const copy = weft.structuredClone({ buffer, view }, { transfer: [buffer] });
  assert.equal(buffer.byteLength, 0, 'detached');
  assert.deepEqual([...new Uint8Array(copy.buffer)], [1, 2, 3]);
  assert.equal(copy.view.buffer, copy.buffer);

  const resizable = new ArrayBuffer(4, { maxByteLength: 8 });
  const moved = weft.structuredClone(resizable, { transfer: [resizable] });
  assert.equal(moved.resizable, true, 'a transferred resizable buffer stays resizable');
  assert.equal(moved.maxByteLength, 8);

  const other = new ArrayBuffer(1);
  assert.throws(() => weft.structuredClone(1, { transfer: [other, other] }), isDataCloneError(/appears twice/));
  assert.throws(() => weft.structuredClone(1, { transfer: [{}] }), isDataCloneError(/not a transferable object/));
  assert.throws(() => weft.structuredClone(1, { transfer: [new SharedArrayBuffer(1)] }), isDataCloneError(/SharedArrayBuffer/));
  assert.throws(() => weft.structuredClone(1, { transfer: [buffer] }), isDataCloneError(/detached ArrayBuffer/));
  assert.throws(() => weft.structuredClone(1, { transfer: [1] }), TypeError, 'WebIDL: not an object');
  assert.throws(() => weft.structuredClone(1, { transfer: 5 }), TypeError, 'WebIDL: not a sequence');
  assert.throws(() => weft.structuredClone(1, 5), TypeError, 'WebIDL: not a dictionary');
  assert.throws(() => weft.structuredClone(), TypeError, 'WebIDL: the value is required');
  assert.equal(weft.structuredClone(1, null), 1);
  assert.equal(weft.structuredClone(1, { transfer: new Set() }), 1, 'any iterable');

  // Nothing is detached when serialization fails.
  const kept = new ArrayBuffer(2);
  assert.throws(() => weft.structuredClone([kept, () => {}], { transfer: [kept] }), isDataCloneError());
  assert.equal(kept.byteLength, 2);

  // A WebAssembly memory's buffer cannot be detached: TypeError, as DetachArrayBuffer throws.
  const memory = new WebAssembly.Memory({ initial: 1 });
  assert.throws(() => weft.structuredClone(memory.buffer, { transfer: [memory.buffer] }), TypeError);
});

test('a transfer that fails detaches nothing: the list is checked before serializing, every buffer again before detaching', () => {
  // Node 20 has no ArrayBuffer.prototype.transfer: its own structuredClone detaches.
  const detach = (buffer) => structuredClone(buffer, { transfer: [buffer] });
  const kept = (...buffers) => buffers.map((buffer) => buffer.byteLength);
  for (const [name, run] of [
    ['structuredClone', (value, transfer) => weft.structuredClone(value, { transfer })],
    ['serialize', (value, transfer) => weft.serialize(value, { transfer })],
  ]) {
    // StructuredSerializeWithTransfer step 2: a detached buffer anywhere in the list throws
    // before anything is serialized (no getter runs) or detached.
    const detached = new ArrayBuffer(4);
    detach(detached);
    const first = new ArrayBuffer(8);
    let getterRan = false;
    const value = {
      get x() {
        getterRan = true;
        return 1;
      },
      first,
      detached,
    };
    assert.throws(() => run(value, [first, detached]), isDataCloneError(/^transfer\[1\] is a detached ArrayBuffer\.$/), name);
    assert.equal(getterRan, false, `${name}: nothing serialized`);
    assert.deepEqual(kept(first), [8], `${name}: transfer[0] kept`);

    // A failure part-way through serialization, after the list was accepted: an uncloneable
    // value, a getter that throws.
    const [a, b] = [new ArrayBuffer(2), new ArrayBuffer(3)];
    assert.throws(() => run([a, () => {}, b], [a, b]), isDataCloneError(), name);
    const thrown = new Error('from a getter');
    assert.throws(
      () =>
        run(
          {
            a,
            get b() {
              throw thrown;
            },
          },
          [a, b],
        ),
      (error) => error === thrown,
      name,
    );
    assert.deepEqual(kept(a, b), [2, 3], `${name}: nothing detached after a failed serialization`);

    // A getter that detaches a buffer of the list while it is serialized: the transfer throws
    // before it detaches the buffers before that one.
    const [c, d] = [new ArrayBuffer(5), new ArrayBuffer(6)];
    const detaching = {
      c,
      get d() {
        detach(d);
        return 1;
      },
    };
    assert.throws(() => run(detaching, [c, d]), isDataCloneError(/^transfer\[1\] is a detached ArrayBuffer\.$/), name);
    assert.deepEqual(kept(c), [5], `${name}: transfer[0] kept when transfer[1] was detached meanwhile`);
  }
});

test('transfer through bytes: received once, only from the same Uint8Array', () => {
  const buffer = new Uint8Array([7, 8]).buffer;
  const bytes = weft.serialize({ buffer }, { transfer: [buffer] });
  assert.equal(buffer.byteLength, 0);
  assert.throws(() => weft.deserialize(bytes.slice()), isDataCloneError(), 'a copy carries no transfer');
  assert.deepEqual([...new Uint8Array(weft.deserialize(bytes).buffer)], [7, 8]);
  assert.throws(() => weft.deserialize(bytes), isDataCloneError(/already received/));
  assert.throws(() => weft.serialize(1, { forStorage: true, transfer: [new ArrayBuffer(1)] }), TypeError);
});

test('MessagePorts transfer through the host', async () => {
  const { port1, port2 } = new MessageChannel();
  const copy = weft.structuredClone({ port: port2 }, { transfer: [port2] });
  assert.notEqual(copy.port, port2);
  const received = new Promise((resolve) => {
    port1.onmessage = (event) => resolve(event.data);
  });
  copy.port.postMessage('hello');
  assert.equal(await received, 'hello');
  port1.close();
  copy.port.close();
  assert.throws(() => weft.structuredClone(port1), isDataCloneError(/MessagePort/), 'not serializable, only transferable');
});

test('bytes: Node reads what weft writes and weft reads what Node writes', async () => {
  const v8 = await import('node:v8');
  const value = { n: 1, s: 'two', list: [3, , 5], map: new Map([[6, new Set([7])]]), bytes: new Uint8Array([8]) };
  // Node's reader makes views into its copy of the input: compare views by contents.
  assertSameClone(weft.deserialize(v8.serialize(value)), structuredClone(value), { viewsByContent: true });
  assertSameClone(v8.deserialize(weft.serialize(value)), structuredClone(value), { viewsByContent: true });
  assert.deepEqual(weft.serialize(value), new Uint8Array(v8.serialize(value)), 'the same bytes');
  const buffer = Buffer.from('a Buffer');
  assert.deepEqual(weft.serialize(buffer), new Uint8Array(v8.serialize(buffer)));
  const copy = weft.deserialize(weft.serialize(buffer));
  assert.ok(Buffer.isBuffer(copy), 'a Buffer stays a Buffer');
  assert.equal(copy.toString(), 'a Buffer');
  assert.equal(Buffer.isBuffer(weft.structuredClone(Buffer.from('x'))), false, 'as structuredClone: a Uint8Array');
});

test('the functions look like WebIDL operations', () => {
  assert.deepEqual(
    [weft.structuredClone, weft.serialize, weft.deserialize, weft.registerSerializable].map((f) => [f.name, f.length]),
    [
      ['structuredClone', 1],
      ['serialize', 1],
      ['deserialize', 1],
      ['registerSerializable', 2],
    ],
  );
});

test('deserialize: any BufferSource, bad arguments are TypeErrors, bad bytes DataCloneErrors', () => {
  const bytes = weft.serialize([1, 'a']);
  assert.deepEqual(weft.deserialize(bytes.buffer), [1, 'a']);
  assert.deepEqual(weft.deserialize(new DataView(bytes.buffer)), [1, 'a']);
  assert.throws(() => weft.deserialize('ff0f'), TypeError);
  assert.throws(() => weft.deserialize(), TypeError);
  assert.throws(() => weft.serialize(), TypeError);
  assert.throws(
    () => weft.deserialize(new Uint8Array([0xff, 0x0f, 0x49])),
    isDataCloneError(/invalid serialized data at byte 3/),
  );
  assert.throws(() => weft.deserialize(new Uint8Array([])), isDataCloneError());
});

test("the polyfill installs structuredClone where the host's does not follow the standard", () => {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'structuredClone');
  // Node 20's structuredClone does not serialize DOMException ([Serializable]); newer hosts do.
  const hostIsGood = structuredClone(new DOMException('m')) instanceof DOMException;
  try {
    assert.deepEqual(weft.installPolyfill({ only: ['structuredClone'] }), hostIsGood ? [] : ['structuredClone']);
    globalThis.structuredClone = (value) => value;
    assert.deepEqual(weft.installPolyfill({ only: ['structuredClone'] }), ['structuredClone'], 'a broken one is replaced');
    assert.equal(globalThis.structuredClone, weft.structuredClone);
  } finally {
    Object.defineProperty(globalThis, 'structuredClone', saved);
  }
});

// Last: the registry is global, and with a class registered structuredClone takes the op-stream path.
test('registered classes: serialize/deserialize hooks, subclasses, bytes, errors', () => {
  class Point {
    constructor(x, y) {
      this.x = x;
      this.y = y;
    }
  }
  class Point3 extends Point {}
  class Other {}
  weft.registerSerializable(Point, {
    name: 'Point',
    serialize: (p) => [p.x, p.y],
    deserialize: ([x, y]) => new Point(x, y),
  });
  try {
    const shared = new Point(1, 2);
    const value = { a: shared, b: shared, c: new Point3(3, 4), list: [new Point(5, { nested: true })] };
    eachPath((clone) => {
      const copy = clone(value);
      assert.ok(copy.a instanceof Point);
      assert.equal(copy.a, copy.b, 'identity kept');
      assert.deepEqual([copy.a.x, copy.a.y], [1, 2]);
      assert.equal(Object.getPrototypeOf(copy.c), Point.prototype, 'a subclass becomes the registered class');
      assert.deepEqual(copy.list[0].y, { nested: true });
    });
    const cyclic = new Point(0, 0);
    cyclic.x = cyclic;
    for (const clone of [paths.direct, paths.bytes]) {
      assert.throws(() => clone(cyclic), isDataCloneError(/refers to itself through its own data/));
    }
    assert.throws(() => weft.registerSerializable(Other, { name: 'Point', serialize() {}, deserialize() {} }), TypeError);
    assert.throws(() => weft.registerSerializable(Other, { name: 'DOMException', serialize() {}, deserialize() {} }), TypeError);
    assert.throws(() => weft.registerSerializable(Other, { name: 'weft:x', serialize() {}, deserialize() {} }), TypeError);
    assert.throws(() => weft.registerSerializable(Other, { name: 'Other' }), TypeError);
    assert.throws(() => weft.registerSerializable(() => {}, { name: 'Arrow', serialize() {}, deserialize() {} }), TypeError);
    const old = weft.serialize(new Point(1, 1));
    weft.registerSerializable(Point, { name: 'Point2', serialize: (p) => [p.x, p.y], deserialize: ([x, y]) => new Point(x, y) });
    assert.throws(() => weft.deserialize(old), isDataCloneError(/No serializable class is registered as "Point"/));
    assert.ok(weft.deserialize(weft.serialize(new Point(1, 1))) instanceof Point, 'registered again under a new name');
  } finally {
    weft.registerSerializable(Point, { name: 'Point-retired', serialize: (p) => p.x, deserialize: (x) => x });
  }
});
