// Structured clone in a page that has changed its built-ins after weft loaded: replaced
// methods, getters and constructors, indexed accessors on prototypes, objects whose prototype
// was replaced; and the platform objects (WebAssembly, CryptoKey, Blob look-alikes, weft's own
// URL and encoding classes). Each case is checked on structuredClone (direct and with a
// transfer list), deserialize(serialize()) and deserialize(v8.serialize()), against Node's
// native clone. The same page's TextDecoderStream and TextEncoderStream too
// (encoding-streams-tampered.mjs: the same built-ins, and the encoding classes' and streams' own).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import v8 from 'node:v8';
import * as weft from 'webweft';
import { assertSameClone } from './structured-clone-compare.mjs';
import { TAMPERS, during, indexed, leaked, method, thrower, transferOfOne } from './structured-clone-tampers.mjs';

// Run a second time by the last test with node:util out of reach, as in a browser.
const withNodeTypes = typeof process.getBuiltinModule === 'function';
const { defineProperty } = Object;

/** weft's ways to clone `make()`'s value (made before `tamper` runs), under `tamper`. */
function cloneUnder(make, tamper) {
  const value = make();
  let nativeBytes; // (Node's serializer refuses a typed array whose prototype is null)
  try {
    nativeBytes = v8.serialize(value);
  } catch {}
  const options = { transfer: transferOfOne() };
  return during(tamper, () => ({
    direct: weft.structuredClone(value),
    'op stream': weft.structuredClone(value, options),
    bytes: weft.deserialize(weft.serialize(value)),
    ...(nativeBytes && { 'from v8 bytes': weft.deserialize(nativeBytes) }),
  }));
}

function assertClonesLikeNative(make, tamper, what) {
  leaked.length = 0;
  const clones = cloneUnder(make, tamper);
  assert.deepEqual(leaked, [], `${what}: values reached the page's setter`);
  const expected = structuredClone(make());
  for (const [path, clone] of Object.entries(clones)) {
    try {
      assertSameClone(clone, expected, { viewsByContent: path === 'from v8 bytes' });
    } catch (error) {
      error.message = `${what}, ${path}: ${error.message}`;
      throw error;
    }
  }
}

/** A value with every kind the walker and builder handle, shared references and a cycle. */
function richValue() {
  const buffer = new ArrayBuffer(16, { maxByteLength: 32 });
  new Uint8Array(buffer).set([1, 2, 3, 4, 5, 6, 7, 8]);
  const shared = { s: 'shared' };
  const value = {
    array: [1, , 'three', { four: 4 }, [shared]],
    map: new Map([
      ['k', shared],
      [shared, new Set([1, 'x'])],
    ]),
    date: new Date(1e12),
    regexp: /a+b/giu,
    wrappers: [Object(1), Object('s'), Object(true), Object(5n)],
    big: [2n ** 70n, -1n],
    error: new RangeError('message', { cause: [shared] }),
    views: [new Uint16Array(buffer, 2, 3), new DataView(buffer, 4), new Float64Array(buffer)],
    buffer,
    text: 'é'.repeat(80),
    ascii: 'an ASCII string long enough for the host encoder path '.repeat(2),
    empty: {},
    0: 'index key',
    __proto__key: 1,
  };
  defineProperty(value, '__proto__', { value: 'a plain key', enumerable: true, writable: true, configurable: true });
  value.error.stack = 'RangeError: message\n    at a fixed place'; // the same in every value made
  value.self = value;
  return value;
}

test('every built-in the clone uses may be replaced after load', async (t) => {
  for (const [name, tamper] of Object.entries(TAMPERS)) {
    await t.test(name, () => assertClonesLikeNative(richValue, tamper, name));
  }
});

test('TextDecoderStream and TextEncoderStream: every built-in they use may be replaced after load', async (t) => {
  const script = new URL('./encoding-streams-tampered.mjs', import.meta.url).pathname;
  const run = spawnSync(process.execPath, [script], { encoding: 'utf8', cwd: new URL('.', import.meta.url) });
  assert.equal(run.status, 0, run.stderr);
  const results = JSON.parse(run.stdout);
  const expected = {
    decoder: 'utf-8 true false',
    decoded: ['x', 'é', `€${'é'.repeat(150)}`],
    encoder: 'utf-8',
    encoded: ['61', 'f09f988062', `${'c3a9'.repeat(100)}`, 'efbfbd'].map((hex) => `[object Uint8Array] ${hex}`),
  };
  assert.deepEqual(results['nothing replaced'].weft, expected);
  const { control } = results['nothing replaced'];
  // Where the page has broken the host's own streams, so that the control (an identity stream
  // on the same machinery) fails too: an accessor on an index of Array.prototype or
  // Object.prototype (Node's streams keep their queues in arrays), and on Node 20, whose streams
  // spread the arguments of a transformer's steps and define properties with descriptors that
  // inherit from Object.prototype, a replaced array iterator or Object.prototype.get or .set.
  const breakTheHost = [
    'Array.prototype[0] accessor',
    'Array.prototype[1] accessor',
    'Array.prototype[2] accessor',
    'Array.prototype[3] accessor',
    'Object.prototype[0] accessor',
    ...(Number(process.versions.node.split('.')[0]) < 22
      ? [
          'Object.prototype.get (descriptors)',
          'Object.prototype.set accessor',
          'Array.prototype[Symbol.iterator]',
          '%ArrayIteratorPrototype%.next',
        ]
      : []),
  ];
  for (const [name, { weft: made, control: passed }] of Object.entries(results)) {
    await t.test(name, () => {
      if (breakTheHost.includes(name)) assert.notDeepEqual(passed, control, 'the host’s own streams break');
      else assert.deepEqual([passed, made], [control, expected]);
    });
  }
  // Every tamper of the clone's list ran (the script's list may have one more: it has node:util),
  // and the 17 of the encoding classes and streams.
  assert.deepEqual(
    Object.keys(TAMPERS).filter((name) => !(name in results)),
    [],
  );
  assert.ok(Object.keys(results).filter((name) => !(name in TAMPERS)).length >= 1 + 17);
});

test('built-ins replaced after import but before the first clone (which instantiates the wasm lazily)', () => {
  // A fresh process: the area's wasm is compiled on the first call, under the page's changes;
  // nested functions are created (and named by the bundle) on every call.
  const script = `
    const weft = await import('webweft');
    const thrower = () => { throw new Error('a replaced built-in was called'); };
    Object.defineProperty(Array.prototype, 0, { get: thrower, set: thrower, configurable: true });
    Object.defineProperty(Object.prototype, 'set', { get: thrower, configurable: true });
    Object.prototype.get = () => 1;
    const value = { a: [1, 'two', new Map([[1, new Set([2])]])], e: new RangeError('r', { cause: [3] }) };
    const clones = [weft.structuredClone, (v) => weft.structuredClone(v, { transfer: [] }), (v) => weft.deserialize(weft.serialize(v))];
    let results = ''; // (not an array: Array.prototype.push would call the setter at [0])
    for (const clone of clones) {
      try { const copy = clone(value); results += copy.a[2].get(1).has(2) && copy.e.cause[0] === 3 ? ' ok' : ' wrong'; } catch (e) { results += ' ' + e.message; }
    }
    process.stdout.write(results);
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    cwd: new URL('.', import.meta.url),
  });
  assert.equal(run.stderr, '');
  assert.equal(run.stdout.trim(), 'ok ok ok');
});

test('an indexed accessor on Array.prototype neither breaks a clone nor sees its values', () => {
  during(indexed(Array.prototype, 0), () => {
    assert.equal(weft.serialize(1).length, 4);
    const secret = { secret: 1 };
    const clone = weft.structuredClone([secret]);
    assert.ok(Object.hasOwn(clone, 0));
    assert.deepEqual(Object.getOwnPropertyDescriptor(clone, 0), {
      value: { secret: 1 },
      writable: true,
      enumerable: true,
      configurable: true,
    });
  });
  assert.deepEqual(leaked, []);
});

test('a replaced getter that a failure path uses still gives a DataCloneError with the path', () => {
  for (const tamper of [method(JSON, 'stringify'), method(RegExp.prototype, 'test'), method(Array.prototype, 'push')]) {
    during(tamper, () => {
      for (const clone of [weft.structuredClone, (v) => weft.deserialize(weft.serialize(v))]) {
        assert.throws(() => clone({ 'a b': [1, () => {}] }), {
          name: 'DataCloneError',
          message: /A function could not be cloned \(at value\["a b"\]\[1\]\)/,
        });
      }
    });
  }
});

test('a built-in object whose prototype is null or Object.prototype clones as its real type', () => {
  const makers = {
    Map: () => new Map([[1, { a: 1 }]]),
    Set: () => new Set([1, 'two']),
    Date: () => new Date(5),
    ArrayBuffer: () => new Uint8Array([1, 2, 3]).buffer,
    'resizable ArrayBuffer': () => new ArrayBuffer(2, { maxByteLength: 4 }),
    Error: () => Object.assign(new Error('m'), { stack: 'a fixed stack' }),
    TypeError: () => Object.assign(new TypeError('t', { cause: 1 }), { stack: 'another' }),
    RegExp: () => /r/gi,
    Boolean: () => Object(false),
    Number: () => Object(2),
    String: () => Object('str'),
    BigInt: () => Object(3n),
    Array: () => [1, , 3],
    Uint8Array: () => new Uint8Array([1, 2]),
  };
  for (const [name, make] of Object.entries(makers)) {
    for (const proto of [null, Object.prototype]) {
      const reproto = () => Object.setPrototypeOf(make(), proto);
      assertClonesLikeNative(
        () => ({ value: reproto(), again: [reproto()] }),
        () => () => {},
        `${name} with prototype ${proto}`,
      );
    }
  }
  // Uncloneable kinds stay uncloneable without their prototype where node:util's type checks
  // exist; without them (browsers; see below) they clone as ordinary objects (docs/structured-clone.md).
  for (const make of [() => new WeakMap(), () => new WeakSet(), () => Promise.resolve(), () => Object(Symbol('s'))]) {
    const value = Object.setPrototypeOf(make(), null);
    assert.throws(() => structuredClone(value), { name: 'DataCloneError' });
    if (withNodeTypes) {
      assert.throws(() => weft.structuredClone(value), { name: 'DataCloneError' });
      assert.throws(() => weft.serialize(value), { name: 'DataCloneError' });
    } else {
      assert.deepEqual(weft.structuredClone(value), {});
    }
  }
});

test("without node:util, the host's structuredClone only speeds up the check of an empty object: a replaced one changes nothing", () => {
  // Browsers have no exception-free type checks: an object with no own keys is asked of the
  // host's structuredClone (captured at load), whose answer a brand check confirms. Each run
  // replaces it before weft loads: with a liar that says everything is a Map, one that throws,
  // one that returns a primitive, and the real one.
  const hosts = {
    real: 'structuredClone',
    'says Map': '() => new Map()',
    throws: "() => { throw new TypeError('no'); }",
    'returns null': '() => null',
  };
  for (const [name, host] of Object.entries(hosts)) {
    const script = `
      delete process.getBuiltinModule;
      const original = structuredClone;
      globalThis.structuredClone = ${host};
      const weft = await import('webweft');
      const hidden = (value) => Object.setPrototypeOf(value, Object.prototype);
      const value = { empty: {}, bare: Object.create(null), indices: { 0: 'a', 1: 'b' },
        map: hidden(new Map([[1, 2]])), set: hidden(new Set([3])), buffer: hidden(new Uint8Array([4, 5]).buffer), big: hidden(Object(6n)) };
      const kinds = (copy) => Object.values(copy).map((v) => Object.prototype.toString.call(Object.getPrototypeOf(v) ?? {}) + ':' + JSON.stringify(v instanceof Map ? [...v] : v instanceof Set ? [...v] : v instanceof ArrayBuffer ? [...new Uint8Array(v)] : typeof v === 'object' && Object.getPrototypeOf(v) === BigInt.prototype ? String(v.valueOf()) : v)).join(' ');
      const expected = kinds(original(value));
      const results = [weft.structuredClone(value), weft.structuredClone(value, { transfer: [] }), weft.deserialize(weft.serialize(value))].map(kinds);
      process.stdout.write(results.every((r) => r === expected) ? 'same' : expected + '\\n' + results.join('\\n'));
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      cwd: new URL('.', import.meta.url),
    });
    assert.equal(run.stderr, '', name);
    assert.equal(run.stdout, 'same', name);
  }
});

test('an Error without a string stack comes back without a made-up one, as natively', () => {
  const makers = {
    deleted: () => {
      const e = new Error('x', { cause: 1 });
      delete e.stack;
      return e;
    },
    'a number': () => {
      const e = new TypeError('y');
      e.stack = 5;
      return e;
    },
    'an object': () => {
      const e = new RangeError('z');
      e.stack = { toString: thrower };
      return e;
    },
  };
  for (const [what, make] of Object.entries(makers)) {
    const native = structuredClone(make());
    assert.equal(native.stack, undefined);
    const clones = {
      structuredClone: weft.structuredClone(make()),
      'with a transfer list': weft.structuredClone(make(), { transfer: [new ArrayBuffer(1)] }),
      'deserialize(serialize())': weft.deserialize(weft.serialize(make())),
      'deserialize(v8.serialize())': weft.deserialize(v8.serialize(make())),
    };
    for (const [path, clone] of Object.entries(clones)) {
      assert.equal(clone.stack, undefined, `${what}, ${path}`);
      assert.deepEqual(Reflect.ownKeys(clone), Reflect.ownKeys(native), `${what}, ${path}`);
      assert.equal(v8.deserialize(weft.serialize(make())).stack, undefined, `${what}: Node reads weft's bytes`);
    }
  }
  // A string stack is kept, exactly.
  const e = new Error('w');
  e.stack = 'custom';
  assert.equal(weft.structuredClone(e).stack, 'custom');
  assert.equal(weft.deserialize(weft.serialize(e)).stack, 'custom');
});

test('WebAssembly.Module clones through the host; Memory, Table, Global and Instance throw', () => {
  const module = new WebAssembly.Module(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
  for (const clone of [weft.structuredClone([module, module]), weft.deserialize(weft.serialize([module, module]))]) {
    assert.ok(clone[0] instanceof WebAssembly.Module);
    assert.notEqual(clone[0], module);
    assert.equal(clone[0], clone[1], 'one copy for one original');
  }
  assert.throws(() => weft.serialize(module, { forStorage: true }), { name: 'DataCloneError', message: /WebAssembly\.Module/ });
  const others = {
    Memory: new WebAssembly.Memory({ initial: 1 }),
    Table: new WebAssembly.Table({ initial: 1, element: 'anyfunc' }),
    Global: new WebAssembly.Global({ value: 'i32' }, 1),
    Instance: new WebAssembly.Instance(module),
  };
  for (const [name, value] of Object.entries(others)) {
    assert.throws(() => structuredClone(value), { name: 'DataCloneError' }, `native ${name}`);
    for (const clone of [weft.structuredClone, weft.serialize, (v) => weft.serialize(v, { forStorage: true })]) {
      assert.throws(() => clone({ at: value }), {
        name: 'DataCloneError',
        message: new RegExp(`WebAssembly\\.${name}.*at value\\.at`),
      });
    }
  }
  // A shared memory is serializable (in process).
  const shared = new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true });
  assert.ok(weft.structuredClone(shared) instanceof WebAssembly.Memory);
  assert.throws(() => weft.serialize(shared, { forStorage: true }), { name: 'DataCloneError' });
  // Objects that only inherit from these prototypes are ordinary.
  for (const proto of [WebAssembly.Module.prototype, WebAssembly.Memory.prototype, WebAssembly.Table.prototype]) {
    const value = Object.assign(Object.create(proto), { a: 1 });
    assert.deepEqual(structuredClone(value), { a: 1 });
    assert.deepEqual(weft.structuredClone(value), { a: 1 });
    assert.deepEqual(weft.deserialize(weft.serialize(value)), { a: 1 });
  }
});

test('a CryptoKey clones through the host, not for storage', async () => {
  const key = await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, true, ['sign']);
  for (const clone of [weft.structuredClone(key), weft.deserialize(weft.serialize(key))]) {
    assert.equal(Object.prototype.toString.call(clone), '[object CryptoKey]');
    assert.notEqual(clone, key);
    assert.deepEqual(await crypto.subtle.exportKey('raw', clone), await crypto.subtle.exportKey('raw', key));
  }
  assert.throws(() => weft.serialize(key, { forStorage: true }), { name: 'DataCloneError', message: /CryptoKey/ });
});

test('an object that only inherits from a platform interface is an ordinary object', () => {
  for (const proto of [Blob.prototype, File.prototype, Response.prototype, AbortController.prototype]) {
    const make = () => Object.assign(Object.create(proto), { a: [1] });
    assert.deepEqual(structuredClone(make()), { a: [1] });
    assert.deepEqual(weft.structuredClone(make()), { a: [1] });
    assert.deepEqual(weft.deserialize(weft.serialize(make())), { a: [1] });
  }
  // Real ones are platform objects: Blob and File clone, Response does not (as in browsers).
  assert.equal(weft.structuredClone(new File(['ab'], 'f.txt')).name, 'f.txt');
  assert.throws(() => weft.structuredClone(new Response()), { name: 'DataCloneError', message: /Response/ });
});

test("weft's URL, URLSearchParams and encoding objects are platform objects that cannot be cloned", () => {
  const values = {
    URL: new weft.URL('https://example.com/'),
    URLSearchParams: new weft.URLSearchParams('a=1'),
    TextDecoder: new weft.TextDecoder(),
    TextEncoder: new weft.TextEncoder(),
    TextDecoderStream: new weft.TextDecoderStream(),
    TextEncoderStream: new weft.TextEncoderStream(),
  };
  values['URL.searchParams'] = values.URL.searchParams;
  for (const [name, value] of Object.entries(values)) {
    const interfaceName = name === 'URL.searchParams' ? 'URLSearchParams' : name;
    const message = new RegExp(`An? ${interfaceName} could not be cloned \\(at value\\.a\\[1\\]\\)`);
    for (const clone of [
      weft.structuredClone,
      weft.serialize,
      (v) => weft.structuredClone(v, { transfer: [new ArrayBuffer(1)] }),
    ]) {
      assert.throws(() => clone({ a: [0, value] }), { name: 'DataCloneError', message }, name);
    }
  }
  // By internal slot: a replaced prototype does not make one ordinary; inheriting does not make one.
  const url = new weft.URL('https://example.com/');
  Object.setPrototypeOf(url, null);
  assert.throws(() => weft.structuredClone(url), { name: 'DataCloneError' });
  const pretend = Object.assign(Object.create(weft.URL.prototype), { a: 1 });
  assert.deepEqual({ ...weft.structuredClone(pretend) }, { a: 1 });
});

test('the platform-interface checks are one list per realm that cannot be replaced', () => {
  const key = Symbol.for('webweft.platformInterfaces');
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, key);
  assert.equal(descriptor.writable, false);
  assert.equal(descriptor.configurable, false);
  assert.ok(Array.isArray(descriptor.value) && descriptor.value.every((check) => typeof check === 'function'));
  // A page that holds the key first with anything but a genuine extensible Array (here a
  // writable property claiming every object, and a frozen array at the next key) is passed over.
  const script = `
    const claimAll = [() => 'URL'];
    globalThis[Symbol.for('webweft.platformInterfaces')] = claimAll;
    Object.defineProperty(globalThis, Symbol.for('webweft.platformInterfaces.1'), { value: Object.freeze([() => 'URL']) });
    const weft = await import('webweft');
    const results = [];
    try { weft.structuredClone(new weft.URL('https://a/')); results.push('cloned'); } catch (e) { results.push(e.name); }
    try { weft.structuredClone(new weft.TextDecoder()); results.push('cloned'); } catch (e) { results.push(e.name); }
    results.push(JSON.stringify(weft.structuredClone({ plain: 1 })));
    results.push(Object.getOwnPropertyDescriptor(globalThis, Symbol.for('webweft.platformInterfaces.2')).value.length > 0);
    console.log(results.join(' '));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    cwd: new URL('.', import.meta.url),
  });
  assert.equal(run.stderr, '');
  assert.equal(run.stdout.trim(), 'DataCloneError DataCloneError {"plain":1} true');
});

test("one area's platform objects are uncloneable in another area's structuredClone", async () => {
  const { structuredClone, serialize } = await import('webweft/structured-clone');
  const { URL, URLSearchParams } = await import('webweft/url');
  const { TextDecoder, TextEncoderStream } = await import('webweft/encoding');
  const lite = await import('webweft/encoding-lite');
  for (const value of [
    new URL('https://a/'),
    new URLSearchParams('a=1'),
    new TextDecoder(),
    new TextEncoderStream(),
    new lite.TextEncoder(),
  ]) {
    const name = value[Symbol.toStringTag];
    for (const clone of [structuredClone, serialize, weft.structuredClone]) {
      assert.throws(
        () => clone([value]),
        { name: 'DataCloneError', message: new RegExp(`An? ${name} could not be cloned`) },
        name,
      );
    }
  }
});

test(
  'the same without node:util (as in browsers: brand checks and Object.prototype.toString only)',
  { skip: !withNodeTypes && 'this is that run' },
  () => {
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'data:text/javascript,delete process.getBuiltinModule',
        '--test',
        '--test-reporter=tap',
        new URL(import.meta.url).pathname,
      ],
      // (Without the parent's NODE_TEST_CONTEXT, the child reports as a test run of its own.)
      { encoding: 'utf8', env: Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_TEST_CONTEXT')) },
    );
    assert.equal(
      run.status,
      0,
      run.stdout
        .split('\n')
        .filter((line) => /not ok|error:/.test(line))
        .join('\n'),
    );
    assert.match(run.stdout, /# fail 0/);
    assert.ok(Number(/# pass (\d+)/.exec(run.stdout)[1]) >= 59, 'every case ran');
  },
);
