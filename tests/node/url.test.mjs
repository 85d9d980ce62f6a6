// weft.URL and weft.URLSearchParams over the built package: the WebIDL shape (descriptors,
// lengths, brand checks, conversions), the live link between a URL and its searchParams,
// live iteration, errors, parseURL's validation errors, hostile inputs, reclamation, and
// differential checks against whatwg-url (the reference implementation) on the benchmark
// corpus and on generated inputs.
import assert from 'node:assert/strict';
import { wasmExports } from './wasm-instances.mjs';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import fc from 'fast-check';
import * as weft from 'webweft';
import * as whatwgURL from 'whatwg-url';

const { URL, URLSearchParams } = weft;
const GETTERS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'];
const SETTERS = GETTERS.filter((name) => name !== 'origin');

// ----- WebIDL shape

test('URL: interface object, constructor and statics', () => {
  assert.equal(typeof URL, 'function');
  assert.equal(URL.length, 1);
  assert.equal(URL.name, 'URL');
  assert.equal(Object.getPrototypeOf(URL), Function.prototype);
  assert.equal(Object.getPrototypeOf(URL.prototype), Object.prototype);
  assert.deepEqual(Object.getOwnPropertyDescriptor(URL, 'prototype'), {
    value: URL.prototype,
    writable: false,
    enumerable: false,
    configurable: false,
  });
  for (const name of ['parse', 'canParse']) {
    const descriptor = Object.getOwnPropertyDescriptor(URL, name);
    assert.deepEqual([descriptor.writable, descriptor.enumerable, descriptor.configurable], [true, true, true], name);
    assert.equal(descriptor.value.length, 1, `${name}.length`);
  }
  assert.throws(() => URL('https://a/'), TypeError, 'not callable without new');
  assert.throws(() => new URL(), { name: 'TypeError', message: /1 argument required/ });
  assert.throws(() => new URL.parse('a:b'), TypeError, 'static operations are not constructors');
});

test('URL.prototype: accessors, operations and the class string as WebIDL defines them', () => {
  const proto = URL.prototype;
  for (const name of GETTERS) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    assert.equal(typeof descriptor.get, 'function', `${name} getter`);
    assert.equal(descriptor.get.length, 0);
    assert.equal(descriptor.get.name, `get ${name}`);
    assert.equal(descriptor.enumerable, true, `${name} is enumerable`);
    assert.equal(descriptor.configurable, true);
    if (name === 'origin') {
      assert.equal(descriptor.set, undefined, 'origin is readonly');
    } else {
      assert.equal(descriptor.set.length, 1, `${name} setter length`);
      assert.equal(descriptor.set.name, `set ${name}`);
    }
  }
  const searchParams = Object.getOwnPropertyDescriptor(proto, 'searchParams');
  assert.equal(searchParams.set, undefined);
  assert.equal(searchParams.enumerable, true);
  for (const name of ['toJSON', 'toString']) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    assert.deepEqual([descriptor.writable, descriptor.enumerable, descriptor.configurable], [true, true, true], name);
    assert.equal(descriptor.value.length, 0);
  }
  assert.deepEqual(Object.getOwnPropertyDescriptor(proto, Symbol.toStringTag), {
    value: 'URL',
    writable: false,
    enumerable: false,
    configurable: true,
  });
  assert.deepEqual(Object.getOwnPropertyDescriptor(proto, 'constructor'), {
    value: URL,
    writable: true,
    enumerable: false,
    configurable: true,
  });
  const url = new URL('https://a.test/');
  assert.equal(Object.prototype.toString.call(url), '[object URL]');
  assert.deepEqual(Object.keys(url), [], 'no own properties');
  assert.deepEqual(
    Object.keys(proto).sort(),
    [...GETTERS, 'searchParams', 'toJSON', 'toString'].sort(),
    'the enumerable members, and nothing else',
  );
});

test('URLSearchParams: interface, operation lengths, iterator prototype', () => {
  assert.equal(URLSearchParams.length, 0);
  const proto = URLSearchParams.prototype;
  const lengths = {
    append: 2,
    delete: 1,
    get: 1,
    getAll: 1,
    has: 1,
    set: 2,
    sort: 0,
    entries: 0,
    keys: 0,
    values: 0,
    forEach: 1,
    toString: 0,
  };
  for (const [name, length] of Object.entries(lengths)) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    assert.deepEqual([descriptor.writable, descriptor.enumerable, descriptor.configurable], [true, true, true], name);
    assert.equal(descriptor.value.length, length, `${name}.length`);
    assert.equal(descriptor.value.name, name);
  }
  const size = Object.getOwnPropertyDescriptor(proto, 'size');
  assert.equal(typeof size.get, 'function');
  assert.equal(size.set, undefined);
  assert.equal(size.enumerable, true);
  assert.deepEqual(Object.getOwnPropertyDescriptor(proto, Symbol.iterator), {
    value: proto.entries,
    writable: true,
    enumerable: false,
    configurable: true,
  });
  assert.equal(Object.getOwnPropertyDescriptor(proto, Symbol.toStringTag).value, 'URLSearchParams');

  const iterator = new URLSearchParams('a=1').entries();
  const iteratorProto = Object.getPrototypeOf(iterator);
  assert.equal(Object.getPrototypeOf(iteratorProto), Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())));
  assert.deepEqual(Object.getOwnPropertyNames(iteratorProto), ['next']);
  const next = Object.getOwnPropertyDescriptor(iteratorProto, 'next');
  assert.deepEqual([next.writable, next.enumerable, next.configurable, next.value.length], [true, true, true, 0]);
  assert.deepEqual(Object.getOwnPropertyDescriptor(iteratorProto, Symbol.toStringTag), {
    value: 'URLSearchParams Iterator',
    writable: false,
    enumerable: false,
    configurable: true,
  });
  assert.equal(Object.prototype.toString.call(iterator), '[object URLSearchParams Iterator]');
  assert.equal(iterator[Symbol.iterator](), iterator, '%IteratorPrototype% makes it iterable');
});

test('brand checks: members called on other objects throw TypeError', () => {
  const fake = Object.create(URL.prototype);
  for (const name of GETTERS.concat('searchParams')) {
    const { get, set } = Object.getOwnPropertyDescriptor(URL.prototype, name);
    assert.throws(() => get.call(fake), TypeError, `get ${name}`);
    assert.throws(() => get.call(URL.prototype), TypeError, `get ${name} on the prototype`);
    if (set) {
      // The brand check comes before the value is converted.
      const value = { toString: () => assert.fail('converted before the brand check') };
      assert.throws(() => set.call({}, value), TypeError, `set ${name}`);
    }
  }
  assert.throws(() => URL.prototype.toJSON.call({}), TypeError);
  assert.throws(() => URL.prototype.toString.call(new URLSearchParams()), TypeError);
  const paramsFake = Object.create(URLSearchParams.prototype);
  for (const name of [
    'append',
    'delete',
    'get',
    'getAll',
    'has',
    'set',
    'sort',
    'entries',
    'keys',
    'values',
    'forEach',
    'toString',
  ]) {
    const trap = { toString: () => assert.fail('converted before the brand check') };
    assert.throws(() => URLSearchParams.prototype[name].call(paramsFake, trap, trap), TypeError, name);
  }
  assert.throws(() => Object.getOwnPropertyDescriptor(URLSearchParams.prototype, 'size').get.call(new URL('a:b')), TypeError);
  const next = Object.getPrototypeOf(new URLSearchParams().keys()).next;
  assert.throws(() => next.call({}), TypeError, 'iterator next');
  assert.throws(() => next.call(new URLSearchParams()), TypeError, 'iterator next on the params');
});

test('subclasses work, and statics make plain URL objects', () => {
  class MyURL extends URL {
    get isSecure() {
      return this.protocol === 'https:';
    }
  }
  const url = new MyURL('HTTPS://A.test');
  assert.equal(url.href, 'https://a.test/');
  assert.equal(url.isSecure, true);
  assert.ok(url instanceof URL);
  assert.equal(Object.getPrototypeOf(MyURL.parse('a:b')), URL.prototype);
});

// ----- Getters, setters, statics

test('getters slice one href: every component', () => {
  const url = new URL('HTTPS://us%65r:p@ss@EXAMPLE.com:8080/a/../b c?q=1 2#frag ment');
  assert.deepEqual(Object.fromEntries(GETTERS.map((name) => [name, url[name]])), {
    href: 'https://us%65r:p%40ss@example.com:8080/b%20c?q=1%202#frag%20ment',
    origin: 'https://example.com:8080',
    protocol: 'https:',
    username: 'us%65r',
    password: 'p%40ss',
    host: 'example.com:8080',
    hostname: 'example.com',
    port: '8080',
    pathname: '/b%20c',
    search: '?q=1%202',
    hash: '#frag%20ment',
  });
  assert.equal(String(url), url.href);
  assert.equal(url.toJSON(), url.href);
  assert.equal(JSON.stringify({ url }), `{"url":"${url.href}"}`);
  const opaque = new URL('mailto:someone@example.com?subject=hi');
  assert.deepEqual(
    [opaque.origin, opaque.host, opaque.pathname, opaque.search],
    ['null', '', 'someone@example.com', '?subject=hi'],
  );
  const empty = new URL('https://a.test/?#');
  assert.deepEqual([empty.search, empty.hash, empty.href], ['', '', 'https://a.test/?#']);
  assert.equal(new URL('blob:https://a.test:443/uuid').origin, 'https://a.test');
  assert.equal(new URL('blob:file:///x').origin, 'null');
  assert.equal(new URL('blob:ftp://a/x').origin, 'null');
  assert.equal(new URL('file:///C:/x').origin, 'null');
  assert.equal(new URL('ws://[::1]:80/').origin, 'ws://[::1]');
});

test('setters: each crosses once and keeps the spec quirks', () => {
  const url = new URL('https://a.test/p?q#h');
  url.protocol = 'http';
  url.username = 'me';
  url.password = 'p w';
  url.hostname = 'B.test';
  url.port = '81';
  url.pathname = '/x y';
  url.search = 'k=v';
  url.hash = 'z';
  assert.equal(url.href, 'http://me:p%20w@b.test:81/x%20y?k=v#z');
  url.protocol = 'file'; // credentials and a port: unchanged
  url.host = 'c.test:443';
  assert.equal(url.host, 'c.test:443');
  url.port = '';
  url.protocol = 'https';
  url.port = '443x';
  assert.equal(url.href, 'https://me:p%20w@c.test/x%20y?k=v#z', 'the default port is null');
  url.search = '';
  url.hash = '';
  assert.equal(url.href, 'https://me:p%20w@c.test/x%20y');
  url.href = 'sc:opaque path';
  url.pathname = '/ignored';
  url.host = 'ignored';
  assert.equal(url.href, 'sc:opaque path');
  assert.throws(
    () => {
      url.href = 'no scheme';
    },
    { name: 'TypeError', message: 'Invalid URL: "no scheme"' },
  );
  assert.equal(url.href, 'sc:opaque path', 'a failed href setter changes nothing');
  url.href = 'https://a.test/\uD800';
  assert.equal(url.pathname, '/%EF%BF%BD', 'USVString: a lone surrogate is U+FFFD');
});

test('URL.parse, URL.canParse and error messages', () => {
  assert.equal(URL.parse('nope'), null);
  assert.equal(URL.parse('/p', 'https://a.test/b').href, 'https://a.test/p');
  assert.notEqual(URL.parse('a:b'), URL.parse('a:b'), 'a new object each time');
  assert.equal(URL.canParse('/p'), false);
  assert.equal(URL.canParse('/p', 'https://a.test/'), true);
  assert.equal(URL.canParse('https://a.test/', 'not a base'), false, 'a bad base fails even for an absolute URL');
  assert.equal(URL.canParse(new URL('https://a.test/')), true, 'a URL stringifies');
  assert.throws(() => new URL('foo'), { name: 'TypeError', message: 'Invalid URL: "foo"' });
  assert.throws(() => new URL('foo', 'bar'), { message: 'Invalid URL: "foo" with base "bar"' });
  const long = 'x'.repeat(100_000);
  assert.throws(
    () => new URL(long),
    (error) => error.message.length < 300,
    'long inputs are cut in the message',
  );
  assert.equal(new URL('a:b', undefined).href, 'a:b', 'undefined base is no base');
  assert.throws(() => new URL('b', undefined), TypeError);
  assert.throws(() => new URL('https://a.test/', null), TypeError, 'null is the string "null", not a valid base');
  assert.equal(new URL(undefined, 'https://a.test/x/').href, 'https://a.test/x/undefined');
  assert.throws(() => new URL(Symbol('s')), TypeError);
  assert.throws(() => new URL('https://a.test/', Symbol('s')), TypeError);
  assert.equal(new URL({ toString: () => 'https://obj.test' }).host, 'obj.test');
});

// ----- The URL ⇄ searchParams link

test('searchParams is the same object and live both ways', () => {
  const url = new URL('https://a.test/?a=1&b=2#hash');
  const params = url.searchParams;
  assert.equal(url.searchParams, params, '[SameObject]');
  params.append('c', 'x y~');
  assert.equal(url.href, 'https://a.test/?a=1&b=2&c=x+y%7E#hash');
  params.delete('a');
  params.set('b', '3');
  assert.equal(url.search, '?b=3&c=x+y%7E');
  assert.equal(url.hash, '#hash', 'the fragment stays');
  url.search = '?z=9';
  assert.deepEqual([...params], [['z', '9']]);
  url.href = 'https://b.test/?m=1&m=2';
  assert.deepEqual(params.getAll('m'), ['1', '2']);
  url.hash = 'x';
  params.delete('m');
  assert.equal(url.href, 'https://b.test/#x', 'an empty list makes the query null');
  url.search = '';
  assert.equal(params.size, 0);
  url.href = 'https://b.test/';
  params.sort();
  assert.equal(url.href, 'https://b.test/', 'sorting an empty list sets a null query');
});

test('the search setter sets the list from the value, not from the encoded query', () => {
  // The query drops the tab (the URL parser removes tabs); the list is the value's parse.
  const url = new URL('https://a.test/');
  url.search = '?a=b\tc';
  assert.equal(url.search, '?a=bc');
  assert.deepEqual([...url.searchParams], [['a', 'b\tc']]);
  const later = new URL('https://a.test/?a=b\tc');
  assert.deepEqual([...later.searchParams], [['a', 'bc']], 'made from the query when the URL was parsed');
});

test('URLSearchParams objects made by the constructor have no URL', () => {
  const url = new URL('https://a.test/?a=1');
  const copy = new URLSearchParams(url.searchParams);
  copy.append('b', '2');
  assert.equal(url.href, 'https://a.test/?a=1');
  assert.equal(copy.toString(), 'a=1&b=2');
});

// ----- URLSearchParams

test('URLSearchParams constructor: string, sequence, record, other objects', () => {
  assert.equal(new URLSearchParams('?a=1&&b=%20+').toString(), 'a=1&b=++');
  assert.equal(new URLSearchParams('??a').toString(), '%3Fa=');
  assert.equal(new URLSearchParams(null).toString(), 'null=');
  assert.equal(new URLSearchParams(undefined).toString(), '');
  assert.equal(new URLSearchParams(42).toString(), '42=');
  assert.equal(new URLSearchParams([['a', 1], new Set(['b', 'c'])]).toString(), 'a=1&b=c');
  assert.equal(new URLSearchParams({ b: 'x', a: 'y', 2: 'z' }).toString(), '2=z&b=x&a=y');
  assert.equal(
    new URLSearchParams({ '\uD800': 'a', '\uDC00': 'b' }).toString(),
    '%EF%BF%BD=b',
    'record keys collapse after USVString conversion',
  );
  // An object with @@iterator is a sequence, even a function; without one, a record.
  const iterableFunction = Object.assign(() => {}, {
    [Symbol.iterator]: function* () {
      yield ['f', 'g'];
    },
  });
  assert.equal(new URLSearchParams(iterableFunction).toString(), 'f=g');
  assert.equal(new URLSearchParams(Object.assign(() => {}, { k: 'v' })).toString(), 'k=v');
  assert.equal(
    new URLSearchParams(
      Object.create({ inherited: 1 }, { own: { value: 2, enumerable: true }, hidden: { value: 3 } }),
    ).toString(),
    'own=2',
  );
  for (const bad of [
    [['a']],
    [['a', 'b', 'c']],
    [[]],
    ['ab'],
    [1],
    { [Symbol.iterator]: 1 },
    { [Symbol('k')]: 'v' },
    [new Map([['a', 'b']])],
  ]) {
    assert.throws(
      () => new URLSearchParams(bad),
      TypeError,
      JSON.stringify(bad, (_, v) => (typeof v === 'symbol' ? String(v) : v)),
    );
  }
  assert.equal(
    new URLSearchParams([
      new Map([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ]).toString(),
    'a%2Cb=c%2Cd',
    'entries are converted with ToString',
  );
});

test('sequence conversion finishes before the pair check, as WebIDL orders it', () => {
  const seen = [];
  const pairs = {
    *[Symbol.iterator]() {
      yield ['a'];
      seen.push('after the bad pair');
      yield ['b', 'c'];
    },
  };
  assert.throws(() => new URLSearchParams(pairs), TypeError);
  assert.deepEqual(seen, ['after the bad pair']);
});

test('URLSearchParams methods', () => {
  const params = new URLSearchParams('a=1&b=2&a=3&c');
  assert.equal(params.size, 4);
  assert.equal(params.get('a'), '1');
  assert.equal(params.get('zz'), null);
  assert.deepEqual(params.getAll('a'), ['1', '3']);
  assert.equal(params.has('a', '3'), true);
  assert.equal(params.has('a', '2'), false);
  assert.equal(params.has('a', undefined), true, 'undefined value is "not given"');
  params.delete('a', '1');
  assert.equal(params.toString(), 'b=2&a=3&c=');
  params.set('b', 'x');
  params.set('d', 'y');
  assert.equal(params.toString(), 'b=x&a=3&c=&d=y');
  params.append('\uD800', '\uDFFF');
  assert.equal(params.get('\uFFFD'), '\uFFFD');
  assert.throws(() => params.append('only one'), { name: 'TypeError', message: /2 arguments required/ });
  assert.throws(() => params.get(Symbol('s')), TypeError);
  const sorted = new URLSearchParams([
    ['z', '1'],
    ['\uFFFD', '2'],
    ['\u{1F600}', '3'],
    ['a', '4'],
    ['z', '5'],
    ['a', '6'],
  ]);
  sorted.sort();
  assert.deepEqual([...sorted.keys()], ['a', 'a', 'z', 'z', '\u{1F600}', '\uFFFD'], 'stable, by code units');
  assert.deepEqual([...sorted.values()], ['4', '6', '1', '5', '3', '2']);
});

test('iteration is live: the iterator index runs over the list as it is now', () => {
  const params = new URLSearchParams('a=1&b=2&c=3');
  const seen = [];
  for (const [name] of params) {
    seen.push(name);
    if (name === 'a') params.delete('a'); // the next index skips over "b"
    if (name === 'c') params.append('d', '4');
  }
  assert.deepEqual(seen, ['a', 'c', 'd']);
  const iterator = params.keys();
  assert.deepEqual([...iterator], ['b', 'c', 'd']);
  params.append('e', '5');
  assert.deepEqual(iterator.next(), { value: 'e', done: false }, 'a finished iterator sees new pairs');
  const calls = [];
  params.forEach(function (value, name, object) {
    calls.push([value, name, object === params, this]);
    if (name === 'b') params.set('c', 'changed');
  }, 'thisArg');
  assert.deepEqual(calls[1], ['changed', 'c', true, 'thisArg']);
  assert.throws(() => params.forEach(), TypeError);
  assert.throws(() => params.forEach('not callable'), TypeError);
  const url = new URL('https://a.test/?x=1');
  const entries = url.searchParams.entries();
  url.search = 'y=2&z=3';
  assert.deepEqual(
    [...entries],
    [
      ['y', '2'],
      ['z', '3'],
    ],
    'a URL setter replaces the list under a live iterator',
  );
});

// ----- weft's extras

test('parseURL: validation errors with types and UTF-16 positions', () => {
  const { url, errors } = weft.parseURL(' sc:/\u{1F600}/a\tb');
  assert.equal(url?.href, 'sc:/%F0%9F%98%80/ab');
  assert.deepEqual(errors, [
    { type: 'invalid-URL-unit', position: 0, inBase: false },
    { type: 'invalid-URL-unit', position: 9, inBase: false },
  ]);
  const special = weft.parseURL('https:\\\\user@h\u00E9.test:99999/');
  assert.equal(special.url, null);
  // The special authority (ignore) slashes states each report the backslashes; "@" gives
  // invalid-credentials; the port's error points at its start.
  assert.deepEqual(
    special.errors.map((e) => [e.type, e.position]),
    [
      ['special-scheme-missing-following-solidus', 6],
      ['special-scheme-missing-following-solidus', 6],
      ['special-scheme-missing-following-solidus', 7],
      ['invalid-credentials', 12],
      ['port-out-of-range', 21],
    ],
  );
  const based = weft.parseURL('x', 'no base');
  assert.equal(based.url, null);
  assert.deepEqual(based.errors, [{ type: 'missing-scheme-non-relative-URL', position: 0, inBase: true }]);
  assert.deepEqual(weft.parseURL('https://a.test/').errors, []);
  assert.ok(weft.parseURL('https://a.test/').url instanceof URL);
});

test('parseURL: a lone surrogate is parsed as U+FFFD, and is an invalid-URL-unit at its UTF-16 index where URL units are validated', () => {
  const errors = (input, base) => weft.parseURL(input, base).errors.map((e) => [e.type, e.position, e.inBase]);
  // Path, query, fragment and opaque path: one error per lone surrogate, at its index (after a
  // valid pair, a non-ASCII character and a removed tab).
  const { url, errors: found } = weft.parseURL('https://a.test/\uD83D\uDE00\u00e9\t\uD800?\uDC00#\uDC00\uD800');
  assert.equal(url.href, 'https://a.test/%F0%9F%98%80%C3%A9%EF%BF%BD?%EF%BF%BD#%EF%BF%BD%EF%BF%BD');
  assert.deepEqual(
    found.map((e) => [e.type, e.position]),
    [
      ['invalid-URL-unit', 18],
      ['invalid-URL-unit', 19],
      ['invalid-URL-unit', 21],
      ['invalid-URL-unit', 23],
      ['invalid-URL-unit', 24],
    ],
  );
  assert.deepEqual(errors('foo:a\uDBFF'), [['invalid-URL-unit', 5, false]]);
  // An opaque host: one error for the code points, at the first (then one for the "%").
  assert.deepEqual(errors('foo://a\uDFFF%zz\uD800/'), [
    ['invalid-URL-unit', 7, false],
    ['invalid-URL-unit', 8, false],
  ]);
  // The base's own, at indices into the base.
  assert.deepEqual(errors('\uD800', 'https://a.test/\uD800'), [
    ['invalid-URL-unit', 15, true],
    ['invalid-URL-unit', 0, false],
  ]);
  // Not in the authority, nor in a domain (which fails on U+FFFD anyway); not for a valid pair
  // or U+FFFD itself.
  assert.deepEqual(errors('https://\uD800@a.test/'), [['invalid-credentials', 9, false]]);
  assert.deepEqual(errors('https://a\uD800.test/'), [['domain-to-ASCII', 8, false]]);
  assert.deepEqual(errors('https://a.test/\uD800\uDC00\uFFFD'), []);
  // whatwg-url's parser (over the string's code points) reports the same types in the same order.
  for (const input of ['https://a.test/\uD800\\?\uDC00#\uDC00\uD800', 'foo://a\uDFFF%zz\uD800/', 'https://\uD800@a.test/']) {
    assert.deepEqual(
      weft.parseURL(input).errors.map((e) => e.type),
      whatwgURL.parseURLWithValidationErrors(input).validationErrors,
      JSON.stringify(input),
    );
  }
});

test('URL: lone surrogates become U+FFFD (USVString) before the parser sees them', () => {
  for (const [input, href] of [
    ['https://a.test/\uD800?\uDC00#\uDC00\uD800', 'https://a.test/%EF%BF%BD?%EF%BF%BD#%EF%BF%BD%EF%BF%BD'],
    ['foo://h\uD800/', 'foo://h%EF%BF%BD/'],
    ['https://a.test/\uD800\uDC00', 'https://a.test/%F0%90%80%80'],
  ]) {
    assert.equal(new URL(input).href, href);
    assert.equal(new URL(input.replace(/[\uD800-\uDFFF]/gu, '\uFFFD')).href, href);
    assert.equal(new whatwgURL.URL(input).href, href);
  }
  assert.equal(URL.canParse('https://a\uD800.test/'), false);
  const url = new URL('https://a.test/');
  url.hash = '\uD800';
  url.search = '\uDC00';
  url.pathname = '\uD800';
  assert.equal(url.href, 'https://a.test/%EF%BF%BD?%EF%BF%BD#%EF%BF%BD');
});

test("parseURL: the query is encoded with the label's encoding, the rest stays UTF-8", () => {
  const base = 'https://a.test/';
  const cases = [
    // [label, input, expected href]
    ['windows-1252', '?\u00E9\u20AC#\u00E9', 'https://a.test/?%E9%80#%C3%A9'],
    [' Latin1\n', '?\u00E9', 'https://a.test/?%E9'],
    ['ISO-8859-2', '?\u00A2', 'https://a.test/?%26%23162%3B'], // not in ISO-8859-2: &#162; percent-encoded
    ['koi8-r', '/\u0436?\u0436', 'https://a.test/%D0%B6?%D6'],
    ['shift_jis', '?\u3042', 'https://a.test/?%82%A0'],
    ['euc-kr', '?\uAC00', 'https://a.test/?%B0%A1'],
    ['big5', '?\u4E00', 'https://a.test/?%A4@'], // 0x40 is "@", not in the query set
    ['gb18030', '?\uE5E5', 'https://a.test/?%26%2358853%3B'],
    ['gbk', '?\u4E02', 'https://a.test/?%81@'],
    ['iso-2022-jp', '?\u3042a', 'https://a.test/?%1B$B$%22%1B(Ba'],
    ['euc-jp', '?\u3042', 'https://a.test/?%A4%A2'],
    ['x-user-defined', '?\uF780a', 'https://a.test/?%80a'],
  ];
  for (const [label, input, href] of cases) {
    assert.equal(weft.parseURL(input, base, { encoding: label }).url?.href, href, label);
  }
  // URL §4.4 query state: non-special URLs and ws/wss encode their query as UTF-8 regardless.
  for (const [input, href] of [
    ["sc:x?\u00E9'", "sc:x?%C3%A9'"],
    ['wss://a.test/?\u00E9', 'wss://a.test/?%C3%A9'],
    ["https://a.test/?\u00E9'", 'https://a.test/?%E9%27'],
  ]) {
    assert.equal(weft.parseURL(input, undefined, { encoding: 'windows-1252' }).url.href, href);
  }
});

test('parseURL: labels whose output encoding is UTF-8, and unknown labels', () => {
  for (const label of ['utf-8', ' UTF8 ', 'unicode-1-1-utf-8', 'utf-16le', 'UTF-16BE', 'utf-16', 'replacement', 'iso-2022-kr']) {
    assert.equal(weft.parseURL('https://a/?\u00E9', undefined, { encoding: label }).url.search, '?%C3%A9', label);
  }
  for (const label of ['nope', '', 'utf-8\0', 'latin-1', 'windows-1252 x']) {
    assert.throws(
      () => weft.parseURL('https://a/', undefined, { encoding: label }),
      (error) => error instanceof RangeError && error.message.includes(`('${label}')`) && error.message.startsWith('parseURL:'),
      JSON.stringify(label),
    );
  }
  // WebIDL conversions: undefined means no label; anything else is converted to a string first.
  assert.equal(weft.parseURL('https://a/?\u00E9', undefined, { encoding: undefined }).url.search, '?%C3%A9');
  assert.equal(weft.parseURL('https://a/?\u00E9', undefined, {}).url.search, '?%C3%A9');
  assert.equal(weft.parseURL('https://a/?\u00E9', undefined, { encoding: { toString: () => 'latin1' } }).url.search, '?%E9');
  assert.throws(() => weft.parseURL('https://a/', undefined, { encoding: null }), /\('null'\)/);
  assert.throws(() => weft.parseURL('https://a/', undefined, { encoding: Symbol('x') }), TypeError);
  // An unknown label fails even where the URL would not parse, and the module keeps working.
  assert.throws(() => weft.parseURL('not a url', undefined, { encoding: 'nope' }), RangeError);
  assert.equal(weft.parseURL('https://a/?\u00E9', 'https://b/', { encoding: 'latin1' }).url.href, 'https://a/?%E9');
});

test('parseURL: validation errors are reported with an encoding too', () => {
  const { url, errors } = weft.parseURL(' https:\\\\h.test/\u00E9?\u00E9\u3042#\u00E9', 'no base', { encoding: 'windows-1252' });
  assert.equal(url, null, 'a base that fails makes the parse fail');
  assert.deepEqual(errors, [{ type: 'missing-scheme-non-relative-URL', position: 0, inBase: true }]);
  const based = weft.parseURL(' \\\\h.test/\u00E9?\u00E9\u3042 #\u00E9', 'https://b.test/', { encoding: 'shift_jis' });
  assert.equal(based.url.href, 'https://h.test/%C3%A9?%26%23233%3B%82%A0%20#%C3%A9');
  assert.deepEqual(
    based.errors.map((e) => [e.type, e.position, e.inBase]),
    [
      ['invalid-URL-unit', 0, false],
      ['invalid-reverse-solidus', 1, false],
      ['invalid-reverse-solidus', 2, false],
      ['invalid-URL-unit', 14, false],
    ],
  );
  // Positions are UTF-16 indices whatever the query's encoding.
  const astral = weft.parseURL('https://a.test/?\u{1F600}\u00E9|', undefined, { encoding: 'euc-kr' });
  assert.equal(astral.url.search, '?%26%23128512%3B%26%23233%3B|');
  assert.deepEqual(astral.errors, [{ type: 'invalid-URL-unit', position: 19, inBase: false }]);
});

test('host helpers', () => {
  assert.equal(weft.parseHost('EXAMPLE.com'), 'example.com');
  assert.equal(weft.parseHost('0x7F.1'), '127.0.0.1');
  assert.equal(weft.parseHost('[0:0::1]'), '[::1]');
  assert.equal(weft.parseHost('a b'), null);
  assert.equal(weft.domainToASCII('Bücher.example'), 'xn--bcher-kva.example');
  assert.equal(weft.domainToASCII('xn--a.ß'), null);
  assert.equal(weft.domainToUnicode('xn--bcher-kva.example'), 'bücher.example');
  const types = ['https://a.test', 'https://1.2.3.4', 'https://[::1]', 'sc://op%20aque', 'file:///x', 'sc:path'];
  assert.deepEqual(
    types.map((u) => weft.hostType(new URL(u))),
    ['domain', 'ipv4', 'ipv6', 'opaque', 'empty', null],
  );
  assert.throws(() => weft.hostType({}), TypeError);
});

test('publicSuffix and registrableDomain (URL §3.2), with the host parsed first', () => {
  // The URL Standard's own examples (§3.2's table) and a few more.
  const cases = [
    ['com', 'com', null],
    ['example.com', 'com', 'example.com'],
    ['www.example.com', 'com', 'example.com'],
    ['sub.www.example.com', 'com', 'example.com'],
    ['EXAMPLE.COM', 'com', 'example.com'],
    ['github.io', 'github.io', null],
    ['whatwg.github.io', 'github.io', 'whatwg.github.io'],
    ['إختبار', 'xn--kgbechtv', null],
    ['example.إختبار', 'xn--kgbechtv', 'example.xn--kgbechtv'],
    ['sub.example.إختبار', 'xn--kgbechtv', 'example.xn--kgbechtv'],
    ['[2001:0db8:85a3:0000:0000:8a2e:0370:7334]', null, null],
    ['192.168.0.1', null, null],
    ['example.unknowntld', 'unknowntld', 'example.unknowntld'],
  ];
  for (const [host, suffix, registrable] of cases) {
    assert.equal(weft.publicSuffix(host), suffix, `publicSuffix(${host})`);
    assert.equal(weft.registrableDomain(host), registrable, `registrableDomain(${host})`);
  }
  assert.equal(weft.publicSuffix('a b'), null, 'a host that fails to parse');
  assert.throws(() => weft.publicSuffix(), TypeError);
});

// ----- Hostile input

test('bad inputs never trap, and the module keeps working', () => {
  const huge = `https://h.test/${'a/'.repeat(4_000_000)}?${'q'.repeat(1_000_000)}#${'\uD800'.repeat(100_000)}`;
  const url = new URL(huge);
  assert.equal(url.hash.length, 1 + 9 * 100_000, 'lone surrogates become U+FFFD, percent-encoded');
  assert.equal(url.search.length, 1_000_001);
  assert.equal(url.searchParams.size, 1);
  url.pathname = '/short';
  assert.equal(url.pathname, '/short');
  assert.equal(new URL(`https://${'x'.repeat(1_000_000)}.test`).hostname.length, 1_000_005);
  assert.equal(URL.canParse(`https://${'\u00E9'.repeat(900)}.test`), true);
  // The idna crate refuses to Punycode-encode a label over 1000 code points (a guard against
  // quadratic time); the standard sets no limit. Here it only must not trap.
  assert.equal(typeof URL.canParse(`https://${'\u00E9'.repeat(300_000)}.test`), 'boolean');
  for (const input of [
    '\0',
    '\uDFFF',
    '\uD800\uDC00',
    'https://[',
    'https://[::1',
    'https://999999999999',
    'http://a:-1',
    '\u0000\u001F  ',
    'file:\\\\?',
    'a:\uFFFF',
  ]) {
    URL.canParse(input);
    weft.parseURL(input, 'https://base.test/');
    try {
      const parsed = new URL(input, 'https://base.test/');
      for (const name of SETTERS) parsed[name] = input;
    } catch (error) {
      assert.ok(error instanceof TypeError);
    }
  }
  const params = new URLSearchParams('%'.repeat(1_000_000) + '=' + '%FF'.repeat(500_000));
  assert.equal(params.size, 1);
  assert.equal([...params.values()][0].length, 500_000);
  assert.equal(new URL('https://after.test/').href, 'https://after.test/', 'still working');
});

test('many URL and URLSearchParams objects are reclaimed, and wasm memory stays put', async () => {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  const web = await import('webweft');
  new web.URL('https://a.test/');
  const { memory } = wasmExports('urlParse');
  const round = (n) => {
    for (let i = 0; i < n; i++) {
      const url = new web.URL(`https://h${i % 100}.test/p?i=${i}&x=y z`);
      url.searchParams.append('k', String(i));
      url.hash = 'h';
      new web.URLSearchParams(url.search).toString();
    }
  };
  round(20_000); // the steady state
  const wasmBefore = memory.buffer.byteLength;
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  for (let r = 0; r < 5; r++) round(20_000);
  gc();
  const heapAfter = process.memoryUsage().heapUsed;
  assert.equal(memory.buffer.byteLength, wasmBefore, 'no wasm memory per object');
  assert.ok(heapAfter - heapBefore < 8 << 20, `JS heap grew by ${heapAfter - heapBefore} bytes after 100,000 objects`);

  // The objects themselves become unreachable: a FinalizationRegistry sees them go.
  let finalized = 0;
  const registry = new FinalizationRegistry(() => finalized++);
  const make = () => {
    for (let i = 0; i < 1000; i++) {
      const url = new web.URL(`https://r.test/${i}?a=b`);
      registry.register(url, i);
      registry.register(url.searchParams, i);
    }
  };
  make();
  round(10); // nothing of make()'s left in registers or caches
  for (let tries = 0; tries < 100 && finalized < 2000; tries++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.equal(finalized, 2000);
});

test('after a panic, the first call of each kind runs on the fresh instance', async (t) => {
  // The test-only build with a deliberate panic (see tests/node/recovery.test.mjs).
  const testing = await import('../../target/pkg-testing/testing.js');
  t.mock.method(console, 'error', () => {});
  const url = new testing.URL('https://a.test/?x=1');
  const params = url.searchParams;
  const calls = [
    () => assert.equal(new testing.URL('HTTPS://B.test/a/../b').href, 'https://b.test/b'),
    () => assert.equal(new testing.URL('https://c.test/').href, 'https://c.test/'),
    () => assert.equal(testing.URL.canParse('x', 'https://a/'), true),
    () => {
      url.pathname = '/p q';
      assert.equal(url.href, 'https://a.test/p%20q?x=1');
    },
    () => {
      params.append('y', 'z w');
      assert.equal(url.search, '?x=1&y=z+w');
    },
    () =>
      assert.deepEqual(
        [...new testing.URLSearchParams('a=%C3%A9&b=c')],
        [
          ['a', '\u00E9'],
          ['b', 'c'],
        ],
      ),
    () => assert.equal(testing.parseURL('https://a\\b').errors[0].type, 'invalid-reverse-solidus'),
    () => assert.equal(testing.domainToUnicode('xn--bcher-kva.example'), 'bücher.example'),
  ];
  for (const call of calls) {
    assert.throws(() => testing.panicForTesting(), WebAssembly.RuntimeError);
    call();
  }
});

// ----- Differential checks against whatwg-url

const root = resolve(fileURLToPath(import.meta.url), '..', '..', '..');
const corpusDir = join(resolve(process.env.BENCH_DATA_DIR ?? join(root, '..', 'shared', 'bench-data')), 'urls');

function* textFiles(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* textFiles(path);
    else if (name.endsWith('.txt')) yield path;
  }
}

function components(url) {
  return url === null ? null : Object.fromEntries(GETTERS.map((name) => [name, url[name]]));
}

function parseOrNull(URLClass, input, base) {
  try {
    return base === undefined ? new URLClass(input) : new URLClass(input, base);
  } catch {
    return null;
  }
}

test('every 10th URL of the benchmark corpus: the same components as whatwg-url', () => {
  const urls = [...textFiles(corpusDir)]
    .flatMap((file) => readFileSync(file, 'utf8').split('\n'))
    .filter((line, i) => line && i % 10 === 0);
  assert.ok(urls.length > 10_000);
  let differences = 0;
  for (const input of urls) {
    const ours = components(parseOrNull(URL, input));
    const reference = components(parseOrNull(whatwgURL.URL, input));
    if (JSON.stringify(ours) !== JSON.stringify(reference)) {
      differences++;
      if (differences < 5) assert.deepEqual(ours, reference, input);
    }
  }
  assert.equal(differences, 0);
});

test('URL.canParse without a base (answered in JS when the authority is plain) agrees with the full parser', () => {
  // parseURL always runs the full parser in wasm.
  const agrees = (input) => assert.equal(URL.canParse(input), weft.parseURL(input).url !== null, JSON.stringify(input));
  const wpt = resolve(process.env.WPT_DIR ?? join(root, '..', 'shared', 'wpt'), 'url', 'resources');
  const tests = JSON.parse(readFileSync(join(wpt, 'urltestdata.json'), 'utf8')).filter((t) => typeof t === 'object');
  const hosts = JSON.parse(readFileSync(join(wpt, 'toascii.json'), 'utf8'))
    .filter((t) => typeof t === 'object')
    .map((t) => t.input);
  const inputs = [
    ...[...textFiles(corpusDir)].flatMap((file) => readFileSync(file, 'utf8').split('\n')),
    ...tests.map((t) => t.input),
    ...hosts.flatMap((host) => [`http://${host}/`, `https://${host}:1/`, `file://${host}/x`]),
    'http://a.0x1/',
    'http://a.1/',
    'http://a.1./',
    'http://a.b1/',
    'http://a:65536/',
    'http://a:9999/',
    'http://a:/',
    'http://xn--a.b/',
    'http://a.XN--zca/',
    'file://a:1/',
    'file://localhost',
    'file://C:/x',
    ' http://a/',
    'http://a\tb/',
  ];
  for (const input of inputs) agrees(input);
  const label = fc.constantFrom(
    'a',
    'B',
    'xn--a',
    'XN--zca',
    'xn--',
    '1',
    '09',
    '0x1',
    '0X',
    '',
    '-',
    '_',
    'a-',
    '\u00E9',
    'localhost',
    '%41',
    '\t',
  );
  const input = fc.tuple(
    fc.constantFrom('http://', 'https://', 'file://', 'HTTP://', 'http:/', 'ftp://', 'http:\\\\'),
    fc.array(label, { maxLength: 4 }).map((labels) => labels.join('.')),
    fc.constantFrom('', ':', ':80', ':0080', ':99999', '@', ' '),
    fc.constantFrom('', '/', '/p?q#f', '?', '#', '\\', '/..', ' '),
  );
  fc.assert(
    fc.property(input, (parts) => agrees(parts.join(''))),
    { numRuns: 5000 },
  );
});

const urlish = fc.stringMatching(/^[a-zA-Z+.:/\\?#@%[\]0-9 \t\u00E9\u0130\uFF0E\u00DF\uD800-]{0,30}$/);

test('generated inputs: parse, searchParams and setters agree with whatwg-url', () => {
  const bases = ['https://u:p@b.test:8080/d/e?f#g', 'file:///C:/x/y', 'sc://h/p', 'sc:opaque', undefined];
  fc.assert(
    fc.property(urlish, fc.constantFrom(...bases), fc.constantFrom(...SETTERS), urlish, (input, base, setter, value) => {
      const ours = parseOrNull(URL, input, base);
      const reference = parseOrNull(whatwgURL.URL, input, base);
      assert.deepEqual(components(ours), components(reference), `parse ${JSON.stringify(input)} against ${base}`);
      if (ours === null) return;
      assert.equal(new URL(ours.href).href, ours.href, 'the href parses to itself');
      assert.deepEqual([...ours.searchParams], [...reference.searchParams]);
      let threw = false;
      try {
        ours[setter] = value;
      } catch (error) {
        assert.ok(error instanceof TypeError && setter === 'href');
        threw = true;
      }
      try {
        reference[setter] = value;
      } catch {
        assert.ok(threw, 'whatwg-url threw where weft did not');
      }
      assert.deepEqual(components(ours), components(reference), `set ${setter} = ${JSON.stringify(value)}`);
      if (setter === 'search' && /[\t\n\r]/.test(value)) {
        // The search setter's list is "the result of parsing input" (URL §6.1, as in
        // shared/specs): the value, whose tabs and newlines the query's parse removed but the
        // form parser keeps. whatwg-url 17 parses the query the setter made instead.
        const input = value.startsWith('?') ? value.slice(1) : value;
        // (The constructor removes one leading "?" of its own: given one more, it parses input.)
        assert.deepEqual([...ours.searchParams], [...new URLSearchParams(`?${input}`)], 'the list after the search setter');
        return;
      }
      assert.deepEqual([...ours.searchParams], [...reference.searchParams], 'the list after the setter');
    }),
    { numRuns: 3000 },
  );
});

test('generated lists: URLSearchParams serializes and sorts like whatwg-url', () => {
  const text = fc.stringMatching(/^[a-z=&+% \u00E9\uD800\uDC00\u{1F600}~*]{0,8}$/u);
  fc.assert(
    fc.property(fc.array(fc.tuple(text, text), { maxLength: 8 }), text, (pairs, init) => {
      const ours = new URLSearchParams(pairs);
      const reference = new whatwgURL.URLSearchParams(pairs);
      assert.equal(ours.toString(), reference.toString());
      ours.sort();
      reference.sort();
      assert.deepEqual([...ours], [...reference]);
      assert.deepEqual([...new URLSearchParams(init)], [...new whatwgURL.URLSearchParams(init)]);
      assert.deepEqual([...new URLSearchParams(ours.toString())], [...ours], 'parse(serialize(list)) is the list');
    }),
    { numRuns: 2000 },
  );
});

test('generated operations: set and delete (done in place) agree with whatwg-url, and a URL follows', () => {
  const name = fc.constantFrom('a', 'b', 'c', '\u00E9');
  const operation = fc.oneof(
    fc.tuple(fc.constant('set'), name, name),
    fc.tuple(fc.constant('delete'), name),
    fc.tuple(fc.constant('delete'), name, name),
    fc.tuple(fc.constant('append'), name, name),
  );
  fc.assert(
    fc.property(fc.array(fc.tuple(name, name), { maxLength: 8 }), fc.array(operation, { maxLength: 6 }), (pairs, operations) => {
      const url = new URL('https://example.com/#y');
      const ours = url.searchParams;
      for (const [n, v] of pairs) ours.append(n, v);
      const reference = new whatwgURL.URLSearchParams(pairs);
      const iterator = ours.keys();
      for (const [method, ...args] of operations) {
        ours[method](...args);
        reference[method](...args);
        assert.deepEqual([...ours], [...reference]);
        assert.equal(url.search, reference.size === 0 ? '' : `?${reference}`);
      }
      // The iterator reads the list as it is now.
      assert.deepEqual([...iterator], [...reference.keys()]);
    }),
    { numRuns: 1000 },
  );
});

test('form-urlencoded parse and serialize (JS, wasm for non-UTF-8 percent bytes) agree with whatwg-url', () => {
  // Every ASCII character, percent-encoded bytes that are UTF-8 or not, '+', and non-ASCII
  // text including surrogate pairs and lone surrogates.
  const ascii = Array.from({ length: 0x80 }, (_, c) => String.fromCharCode(c));
  const piece = fc.oneof(
    fc.constantFrom(...ascii, '\u00E9', '\u0800', '\uFFFF', '\u{1F600}', '\uD800', '\uDC00', '+', '=', '&'),
    fc.constantFrom(
      '%C3%A9',
      '%c3%a9',
      '%F0%9F%98%80',
      '%FF',
      '%C3',
      '%A9',
      '%ED%A0%80',
      '%EF%BB%BF',
      '%2',
      '%G1',
      '%%',
      '%2B',
      '%20',
      '%E2%82',
    ),
  );
  const text = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));
  fc.assert(
    fc.property(text, fc.array(fc.tuple(text, text), { maxLength: 4 }), (init, pairs) => {
      const ours = new URLSearchParams(init);
      const reference = new whatwgURL.URLSearchParams(init);
      assert.deepEqual([...ours], [...reference], `parse ${JSON.stringify(init)}`);
      assert.equal(ours.toString(), reference.toString(), `serialize the parse of ${JSON.stringify(init)}`);
      assert.equal(new URLSearchParams(pairs).toString(), new whatwgURL.URLSearchParams(pairs).toString());
    }),
    { numRuns: 5000 },
  );
  // decodeURIComponent would throw on these; the wasm parser decodes them with U+FFFD.
  assert.deepEqual(
    [...new URLSearchParams('a=%FF&%C3=%E2%82&b=%C3%A9')],
    [
      ['a', '\uFFFD'],
      ['\uFFFD', '\uFFFD'],
      ['b', '\u00E9'],
    ],
  );
});

test("parseURL with an encoding: an exception in the encoding area's encoder never crosses the url wasm", async () => {
  // js/query-encoder.js is the url wasm's import: it keeps the exception, returns no bytes, and
  // js/url.js rethrows it once the wasm has returned (its Rust frames cleaned up).
  const hook = await import('../../js/query-encoder.js');
  const failure = new Error('encoder failed');
  hook.setQueryEncoder(() => {
    throw failure;
  });
  assert.deepEqual([...hook.encodeQuery('Shift_JIS', 'a')], []);
  assert.throws(
    () => hook.rethrowQueryEncoderFailure(),
    (error) => error === failure,
  );
  hook.rethrowQueryEncoderFailure(); // once only
  hook.setQueryEncoder((name, input) => Uint32Array.of(name.length, input.length));
  assert.deepEqual([...hook.encodeQuery('GBK', 'ab')], [3, 2]);
});
