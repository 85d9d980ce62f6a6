// The classic-script polyfills in a Node `vm` context: each loads and installs in a realm that
// has none of the globals it provides (nor TextEncoder/TextDecoder, DOMException, Blob, fetch,
// location, document: only ECMAScript's built-ins and WebAssembly), in one that has some of them,
// and the installer keeps what the host alone can do when it replaces an interface.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import vm from 'node:vm';

const require = createRequire(import.meta.url);
const AREAS = {
  // Where the host has no DOMException, the polyfills whose errors are DOMExceptions install webweft's.
  'webweft/base64/polyfill': ['atob', 'btoa', 'DOMException'],
  'webweft/url/polyfill': ['URL', 'URLSearchParams'],
  'webweft/urlpattern/polyfill': ['URLPattern'],
  // A bare realm has no TransformStream, so the streams are not installed.
  'webweft/encoding/polyfill': ['TextDecoder', 'TextEncoder'],
  'webweft/structured-clone/polyfill': ['structuredClone', 'DOMException'],
};
AREAS['webweft/polyfill'] = [...new Set(Object.values(AREAS).flat())];
const PROVIDED = [
  'atob',
  'btoa',
  'DOMException',
  'URL',
  'URLSearchParams',
  'URLPattern',
  'TextDecoder',
  'TextEncoder',
  'TextDecoderStream',
  'TextEncoderStream',
  'structuredClone',
];
const source = (specifier) => readFileSync(require.resolve(specifier), 'utf8');

/** A fresh realm whose global object has only `globals` beyond ECMAScript's; runs `code` there. */
function realm(globals = {}) {
  const context = vm.createContext({ ...globals });
  const run = (code) => vm.runInContext(code, context);
  // Arrays made there have that realm's prototype: compare copies made here.
  return { run, list: (code) => [...run(code)].sort() };
}

/** What each area's globals do once installed, evaluated in the realm. */
const EXERCISE = {
  atob: "atob(' Y Q = = ') === 'a' && btoa('\\xff') === '/w=='",
  btoa: "(() => { try { btoa('\\u0100'); return false; } catch (error) { return error.name === 'InvalidCharacterError' && error instanceof DOMException && error.code === 5; } })()",
  URL: "new URL('HTTP://0x7F.1:80/a b/../c').href === 'http://127.0.0.1/c' && URL.parse('nope') === null && new URL('http://ü.test/').host === 'xn--tda.test'",
  URLSearchParams:
    "new URLSearchParams('a=1&a=2&b=%E2%9C%93').getAll('a').join() === '1,2' && new URLSearchParams({ b: '✓' }).toString() === 'b=%E2%9C%93'",
  TextDecoder:
    "new TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0])) === '\\u3042' && new TextDecoder().decode(new Uint8Array([0xef, 0xbb, 0xbf, 0xe2, 0x9c, 0x93])) === '✓'",
  TextEncoder: "new TextEncoder().encode('a\\u{1F600}\\uD800').join() === '97,240,159,152,128,239,191,189'",
  DOMException:
    "(() => { const e = new DOMException('m', 'DataCloneError'); return e.code === 25 && e.name === 'DataCloneError' && e.message === 'm' && Object.getPrototypeOf(DOMException.prototype) === Error.prototype && DOMException.DATA_CLONE_ERR === 25 && Object.prototype.toString.call(e) === '[object DOMException]'; })()",
  URLPattern:
    "(() => { const p = new URLPattern('https://*.test/:id(\\\\d+)'); return p.exec('https://a.test/42').pathname.groups.id === '42' && !p.test('https://a.test/x'); })()",
  structuredClone:
    "(() => { const m = new Map([[1, { d: new Date(0) }]]); m.set('self', m); const c = structuredClone(m); return c !== m && c.get('self') === c && c.get(1).d.getTime() === 0; })()",
};

for (const [specifier, names] of Object.entries(AREAS)) {
  test(`${specifier} loads and installs in a realm without any of its globals`, () => {
    const { run, list } = realm();
    for (const name of [...PROVIDED, 'TransformStream', 'document', 'location', 'self']) {
      assert.equal(run(`typeof ${name}`), 'undefined', `the bare realm has no ${name}`);
    }
    run(source(specifier));
    assert.deepEqual(list('webweft.installed'), names.slice().sort());
    for (const name of names) {
      assert.equal(run(`typeof ${name}`), 'function', name);
      assert.equal(run(EXERCISE[name]), true, `${name} works`);
    }
    for (const name of PROVIDED.filter((name) => !names.includes(name))) {
      assert.equal(run(`typeof ${name}`), 'undefined', `${specifier} leaves ${name} alone`);
    }
  });
}

test('a polyfill keeps the host globals that pass its feature tests and fills in the rest', () => {
  // Node's own classes, as an engine that has some of them would: TextEncoder and atob pass.
  const { run, list } = realm({ TextEncoder, atob, btoa });
  run(source('webweft/polyfill'));
  assert.equal(run('TextEncoder') === TextEncoder, true, "the host's TextEncoder stays");
  assert.equal(run('atob') === atob, true, "the host's atob stays");
  assert.deepEqual(list('webweft.installed'), [
    'DOMException',
    'TextDecoder',
    'URL',
    'URLPattern',
    'URLSearchParams',
    'structuredClone',
  ]);
  assert.equal(run(EXERCISE.TextDecoder), true);
  assert.equal(run(EXERCISE.URL), true);
});

test('webweftPolyfillOptions: force replaces good host globals, only limits the names', () => {
  const { run, list } = realm({
    TextEncoder,
    atob,
    btoa,
    webweftPolyfillOptions: { force: true, only: ['atob', 'TextEncoder'] },
  });
  run(source('webweft/polyfill'));
  assert.deepEqual(list('webweft.installed'), ['TextEncoder', 'atob']);
  assert.notEqual(run('atob'), atob);
  assert.equal(run('btoa'), btoa);
  assert.equal(run(EXERCISE.atob), true);
  const descriptor = run("Object.getOwnPropertyDescriptor(globalThis, 'atob')");
  assert.deepEqual([descriptor.writable, descriptor.enumerable, descriptor.configurable], [true, false, true]);
});

test('replacing a host interface keeps its extra statics and instanceof for its objects', () => {
  // A host URL that fails the feature test, with a static webweft's URL does not have.
  const { run, list } = realm();
  run(`
    globalThis.HostURL = class URL {
      constructor(href) { this.href = String(href); }
      static createObjectURL(blob) { return 'blob:host/' + blob; }
      static revokeObjectURL() {}
    };
    globalThis.URL = HostURL;
    globalThis.before = new HostURL('http://a b/');
  `);
  run(source('webweft/url/polyfill'));
  assert.deepEqual(list('webweft.installed'), ['URL', 'URLSearchParams']);
  assert.equal(run('URL !== HostURL'), true, 'replaced');
  assert.equal(run('URL.createObjectURL === HostURL.createObjectURL && URL.revokeObjectURL === HostURL.revokeObjectURL'), true);
  assert.equal(run("URL.createObjectURL('x')"), 'blob:host/x');
  assert.equal(run("URL.parse('https://a/').href"), 'https://a/', "webweft's own statics stay");
  assert.equal(run('before instanceof URL'), true, "the host's objects are still instances");
  assert.equal(run("new URL('https://a/') instanceof URL"), true);
  // weft's objects are instances of the host's class too, so host APIs that check its prototype take them.
  assert.equal(run("new URL('https://a/') instanceof HostURL"), true);
  assert.equal(run('Object.getPrototypeOf(URL.prototype) === HostURL.prototype'), true);
  assert.equal(run("new URL('https://a/').href"), 'https://a/', "weft's members shadow the host's");
  assert.equal(run('({}) instanceof URL || Object.create(HostURL.prototype) instanceof URLSearchParams'), false);
  assert.equal(run('class Sub extends URL {}; before instanceof Sub'), false, 'subclasses keep the ordinary instanceof');
  assert.equal(run("new (class extends URL {})('https://a/') instanceof URL"), true);
  assert.equal(
    run(
      "try { Object.getOwnPropertyDescriptor(URL.prototype, 'href').get.call(before); false } catch (error) { error instanceof TypeError }",
    ),
    true,
    "webweft's members still brand-check: a TypeError for the host's object",
  );
  assert.equal(run('URL[Symbol.hasInstance].name'), '[Symbol.hasInstance]');
  // Installing again (forced) replaces webweft's with itself: nothing changes.
  assert.deepEqual(list("webweft.install({ force: true, only: ['URL'] })"), ['URL']);
  assert.equal(run('before instanceof URL'), true);
});
