// The package as users import it: exports map, CommonJS and ESM, the web build, the polyfill.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import * as esm from 'webweft';

const require = createRequire(import.meta.url);
const pkgDir = dirname(fileURLToPath(import.meta.resolve('webweft/package.json')));
const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));

test('import and require resolve to the node builds with the same API', () => {
  assert.equal(import.meta.resolve('webweft'), `file://${join(pkgDir, 'weft.mjs')}`);
  assert.equal(require.resolve('webweft'), join(pkgDir, 'weft.cjs'));
  const cjs = require('webweft');
  assert.deepEqual(Object.keys(cjs).sort(), Object.keys(esm).sort());
  assert.equal(cjs.btoa('same'), esm.btoa('same'));
});

test('weft/lite resolves by the same conditions as weft, to its own builds and wasm', async () => {
  const lite = manifest.exports['./lite'];
  const full = manifest.exports['.'];
  assert.deepEqual(Object.keys(lite), Object.keys(full), 'the same conditions in the same order');
  assert.equal(lite.types, full.types, 'the same API, so the same types');
  // The conditions' targets other than types, in order.
  const targets = (value) =>
    typeof value === 'string' ? (value.endsWith('.d.ts') ? [] : [value]) : Object.values(value).flatMap(targets);
  assert.deepEqual(targets(lite), targets(full).map((target) => target.replace('./weft.', './weft-lite.')));
  assert.equal(import.meta.resolve('webweft/lite/web'), `file://${join(pkgDir, 'weft-lite.web.js')}`);
  const web = await import('webweft/lite/web');
  assert.notEqual(web.TextDecoder, (await import('webweft/web')).TextDecoder);
  web.initSync(readFileSync(join(pkgDir, 'weft_lite_bg.wasm')));
  assert.throws(() => new web.TextDecoder('euc-jp'), RangeError);
  assert.equal(new web.TextDecoder('latin1').decode(new Uint8Array([0xe9])), '\u00e9');
  for (const file of ['weft-lite.mjs', 'weft-lite.cjs', 'weft-lite.deno.js']) {
    const source = readFileSync(join(pkgDir, file), 'utf8');
    assert.match(source, /weft_lite_bg\.wasm/, `${file} loads the lite wasm`);
    assert.doesNotMatch(source, /weft_bg\.wasm/, `${file} never loads the full wasm`);
  }
});

test('every file the exports map and "files" name exists in pkg/', () => {
  const targets = [];
  const collect = (value) => (typeof value === 'string' ? targets.push(value) : Object.values(value).forEach(collect));
  collect(manifest.exports);
  for (const target of targets) assert.ok(existsSync(join(pkgDir, target)), `${target} missing`);
  for (const entry of manifest.files) {
    if (!entry.includes('*')) assert.ok(existsSync(join(pkgDir, entry)), `${entry} missing`);
  }
});

test('the web build initializes synchronously from bytes and asynchronously from a module', async () => {
  const web = await import('webweft/web');
  assert.throws(() => web.btoa('x'), 'unusable before init');
  const bytes = readFileSync(join(pkgDir, 'weft_bg.wasm'));
  await web.default(await WebAssembly.compile(bytes));
  assert.equal(web.btoa('web'), 'd2Vi');
  assert.equal(web.initSync(bytes), await web.default(), 'initializing again returns the same instance');
});

test('the polyfill installer replaces only missing or broken globals unless forced', () => {
  const saved = ['atob', 'btoa', 'structuredClone', 'URL', 'URLSearchParams'].map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]);
  try {
    const only = ['atob', 'btoa'];
    assert.deepEqual(esm.installPolyfill({ only }), [], "Node's atob and btoa pass the feature tests");
    delete globalThis.atob;
    assert.deepEqual(esm.installPolyfill({ only }), ['atob']);
    assert.equal(globalThis.atob, esm.atob);
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'atob');
    assert.deepEqual([descriptor.writable, descriptor.enumerable, descriptor.configurable], [true, false, true]);
    globalThis.atob = () => 'broken';
    assert.deepEqual(esm.installPolyfill({ only: ['atob'] }), ['atob'], 'a broken atob is replaced');
    assert.deepEqual(esm.installPolyfill({ force: true, only }).sort(), ['atob', 'btoa']);
  } finally {
    for (const [name, descriptor] of saved) Object.defineProperty(globalThis, name, descriptor);
  }
});

test('the classic-script polyfill is a self-contained script', () => {
  const source = readFileSync(join(pkgDir, 'weft.polyfill.js'), 'utf8');
  assert.doesNotMatch(source, /^\s*(import|export)\s/m, 'no module syntax');
  assert.match(source, /var webweft\s*=/, 'defines the webweft global');
});
