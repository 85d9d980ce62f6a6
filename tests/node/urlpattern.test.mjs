// weft.URLPattern over the built package: the WebIDL shape (overloads, conversions, brand
// checks, TypeErrors), the result dictionaries, custom regexp groups on the host's RegExp
// (captured at load), the tentative compareComponent and generate, and linear-time matching of
// patterns without custom groups. (The standard's data runs in tests/urlpattern_wpt.rs and
// through tests/wpt/run.mjs.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
// Before the package, to reach its wasm memory.
import { wasmExports } from './wasm-instances.mjs';
import { URLPattern } from 'webweft/urlpattern';
import * as weft from 'webweft';

test('URLPattern: interface shape', () => {
  assert.equal(weft.URLPattern, URLPattern);
  assert.equal(URLPattern.length, 0);
  assert.equal(URLPattern.name, 'URLPattern');
  assert.equal(Object.prototype.toString.call(new URLPattern()), '[object URLPattern]');
  for (const name of ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash', 'hasRegExpGroups']) {
    const descriptor = Object.getOwnPropertyDescriptor(URLPattern.prototype, name);
    assert.equal(typeof descriptor.get, 'function', name);
    assert.equal(descriptor.enumerable, true, name);
    assert.throws(() => descriptor.get.call({}), TypeError, name);
  }
  assert.equal(URLPattern.prototype.test.length, 0);
  assert.equal(URLPattern.prototype.exec.length, 0);
  assert.throws(() => URLPattern.prototype.exec.call({}), TypeError);
});

test('URLPattern: constructor overloads and conversions', () => {
  // (input, options): the second argument is a dictionary, null or undefined.
  assert.equal(new URLPattern({ pathname: '/A' }, { ignoreCase: true }).test({ pathname: '/a' }), true);
  assert.equal(new URLPattern({ pathname: '/A' }, null).test({ pathname: '/a' }), false);
  assert.equal(new URLPattern({ pathname: '/A' }, undefined).pathname, '/A');
  // (input, baseURL, options): any other second argument is the base URL, as a string.
  assert.equal(new URLPattern('../x', 'https://a.test/b/c').pathname, '/x');
  assert.equal(new URLPattern('/x', 'https://a.test', { ignoreCase: true }).test('https://a.test/X'), true);
  // A relative string without a base, a base beside a dictionary, a bad options value.
  assert.throws(() => new URLPattern('/x'), TypeError);
  assert.throws(() => new URLPattern({ pathname: '/x' }, 'https://a.test'), TypeError);
  assert.throws(() => new URLPattern('/x', 'https://a.test', 'yes'), TypeError);
  // Invalid patterns and regular expressions are TypeErrors.
  assert.throws(() => new URLPattern({ pathname: '/:a/:a' }), TypeError);
  assert.throws(() => new URLPattern({ pathname: '/(\\m)' }), TypeError);
  assert.throws(() => new URLPattern({ pathname: '/((a)' }), TypeError);
  // Dictionary members are read in lexicographic order, each converted to a USVString.
  const order = [];
  const init = {};
  for (const key of ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash', 'baseURL']) {
    Object.defineProperty(init, key, { enumerable: true, get: () => (order.push(key), undefined) });
  }
  new URLPattern(init);
  assert.deepEqual(order, ['baseURL', 'hash', 'hostname', 'password', 'pathname', 'port', 'protocol', 'search', 'username']);
  assert.equal(new URLPattern({ pathname: '/\uD800' }).pathname, '/%EF%BF%BD');
  assert.throws(() => new URLPattern({ pathname: Symbol('x') }), TypeError);
});

test('URLPattern: exec results', () => {
  const pattern = new URLPattern('https://:sub.example.com/:id(\\d+)/*?');
  assert.equal(pattern.hasRegExpGroups, true);
  const result = pattern.exec('https://www.example.com/42/rest');
  assert.deepEqual(Object.keys(result), [
    'hash',
    'hostname',
    'inputs',
    'password',
    'pathname',
    'port',
    'protocol',
    'search',
    'username',
  ]);
  assert.deepEqual(result.inputs, ['https://www.example.com/42/rest']);
  assert.deepEqual(result.hostname, { groups: { sub: 'www' }, input: 'www.example.com' });
  assert.deepEqual(result.pathname, { groups: { id: '42', 0: 'rest' }, input: '/42/rest' });
  assert.equal(pattern.exec('https://www.example.com/x/rest'), null);
  assert.equal(pattern.test('https://www.example.com/42'), true);
  // An optional group that did not match is undefined; a dictionary input comes back as one.
  const optional = new URLPattern({ pathname: '/a/:b?' });
  const matched = optional.exec({ pathname: '/a' });
  assert.ok('b' in matched.pathname.groups);
  assert.equal(matched.pathname.groups.b, undefined);
  assert.deepEqual(matched.inputs, [{ pathname: '/a' }]);
  // With a base URL, it is the second input; a bad base is no match, a base beside a dictionary a TypeError.
  assert.deepEqual(optional.exec('/a/c', 'https://x.test').inputs, ['/a/c', 'https://x.test']);
  assert.equal(optional.exec('/a/c', 'not a url'), null);
  assert.throws(() => optional.exec({ pathname: '/a' }, 'https://x.test'), TypeError);
  assert.throws(() => optional.test({ pathname: '/a' }, 'https://x.test'), TypeError);
  // Groups are data properties, whatever Object.prototype has.
  Object.defineProperty(Object.prototype, 'b', {
    set() {
      throw new Error('setter ran');
    },
    configurable: true,
  });
  try {
    assert.equal(optional.exec({ pathname: '/a/z' }).pathname.groups.b, 'z');
  } finally {
    delete Object.prototype.b;
  }
});

test('URLPattern: custom groups use the RegExp captured at load', () => {
  const pattern = new URLPattern({ pathname: '/:year(\\d{4})/:rest([\\p{L}--[a-z]]+)' });
  const { exec } = RegExp.prototype;
  RegExp.prototype.exec = () => {
    throw new Error('replaced exec ran');
  };
  try {
    assert.deepEqual(pattern.exec({ pathname: '/2024/ABC' }).pathname.groups, { year: '2024', rest: 'ABC' });
    assert.equal(pattern.test({ pathname: '/2024/abc' }), false);
  } finally {
    RegExp.prototype.exec = exec;
  }
});

test('URLPattern: compareComponent and generate (tentative)', () => {
  const a = new URLPattern({ pathname: '/foo/:bar' });
  const b = new URLPattern({ pathname: '/foo/*' });
  assert.equal(URLPattern.compareComponent('pathname', a, b), 1);
  assert.equal(URLPattern.compareComponent('pathname', b, a), -1);
  assert.equal(URLPattern.compareComponent('hash', a, b), 0);
  assert.throws(() => URLPattern.compareComponent('path', a, b), TypeError);
  assert.throws(() => URLPattern.compareComponent('pathname', a, {}), TypeError);
  assert.equal(a.generate('pathname', { bar: 'b z' }), '/foo/b%20z');
  assert.throws(() => a.generate('pathname', {}), TypeError);
  assert.throws(() => a.generate('pathname', { bar: 'x/y' }), TypeError);
  assert.throws(() => b.generate('pathname', {}), TypeError);
});

test('URLPattern: a bounded cache of compiled patterns; evicted ones compile again', () => {
  const make = (i) => new URLPattern({ pathname: `/p${i}/:id`, search: 'q=(\\d+)' });
  const patterns = [];
  for (let i = 0; i < 200; i++) patterns.push(make(i));
  const exports = wasmExports('urlPatternNew');
  const before = exports.memory.buffer.byteLength;
  // 800 more live patterns, far past the cache's 64 slots: the wasm memory does not grow.
  for (let i = 200; i < 1000; i++) patterns.push(make(i));
  assert.equal(exports.memory.buffer.byteLength, before);
  // The first ones lost their slots long ago: each use compiles again from the kept fields.
  for (let i = 0; i < 1000; i += 37) {
    const pattern = patterns[i];
    assert.equal(pattern.pathname, `/p${i}/:id`);
    assert.equal(pattern.test({ pathname: `/p${i}/42`, search: 'q=1' }), true);
    assert.equal(pattern.test({ pathname: `/p${i + 1}/42`, search: 'q=1' }), false);
    assert.equal(pattern.exec({ pathname: `/p${i}/7`, search: 'q=1' }).pathname.groups.id, '7');
    assert.equal(pattern.generate('pathname', { id: '5' }), `/p${i}/5`);
  }
  assert.equal(exports.memory.buffer.byteLength, before);
});

test('URLPattern: compareComponent across evicted patterns', () => {
  const a = new URLPattern({ pathname: '/foo/:bar' });
  const b = new URLPattern({ pathname: '/foo/*' });
  const evictAll = () => {
    for (let i = 0; i < 100; i++) new URLPattern({ pathname: `/filler/${i}` });
  };
  evictAll();
  assert.equal(URLPattern.compareComponent('pathname', a, b), 1);
  evictAll();
  assert.equal(URLPattern.compareComponent('pathname', b, a), -1);
  assert.equal(URLPattern.compareComponent('pathname', a, a), 0);
  evictAll();
  assert.equal(a.generate('pathname', { bar: 'x' }), '/foo/x');
});

test('URLPattern: patterns made during an argument conversion do not break the call', () => {
  const pattern = new URLPattern({ pathname: '/v/:id' });
  const input = {
    get pathname() {
      for (let i = 0; i < 100; i++) new URLPattern({ pathname: `/x${i}/:y` });
      return '/v/7';
    },
  };
  assert.equal(pattern.exec(input).pathname.groups.id, '7');
  assert.equal(pattern.test(input), true);
  const groups = {
    get id() {
      for (let i = 0; i < 100; i++) new URLPattern({ pathname: `/z${i}` });
      return '9';
    },
  };
  assert.equal(pattern.generate('pathname', groups), '/v/9');
});

test('URLPattern: matching without custom groups is linear in the input', () => {
  // A pattern whose generated expression backtracks badly: ([^/]+?)(?:-([^/]+?))*... on a long non-match.
  const pattern = new URLPattern({ pathname: '/:a-:b-:c-:d-:e-:f-*-x' });
  assert.equal(pattern.hasRegExpGroups, false);
  const input = `/${'a-'.repeat(2000)}`;
  assert.equal(pattern.test({ pathname: input }), false);
});
