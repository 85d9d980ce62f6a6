// js/inflate.js, the inline flavour's wasm decoder: raw DEFLATE streams from zlib at every level
// and strategy, and the data inlined in pkg/ (each UNIT-wasm.js that the browser/bundler/Deno
// modules import, and each polyfill), which must inflate to exactly the .wasm the workerd flavour imports.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { constants, deflateRawSync } from 'node:zlib';
import { inflateBase64 } from '../../js/inflate.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pkgDir = dirname(fileURLToPath(import.meta.resolve('webweft/package.json')));
const wasmFiles = readdirSync(pkgDir).filter((file) => file.endsWith('.wasm'));

/** `bytes` through zlib's raw deflate with `options`, then back through inflateBase64. */
function roundTrip(bytes, options) {
  const text = deflateRawSync(bytes, options).toString('base64');
  return Buffer.from(inflateBase64(text, bytes.length));
}

const repetitive = Buffer.from('abcabcabd'.repeat(5000) + 'x'.repeat(70000) + 'the end');
const INPUTS = {
  empty: Buffer.alloc(0),
  'one byte': Buffer.from([7]),
  random: randomBytes(200_000),
  repetitive,
  // Text with a long run, then random bytes: stored and Huffman blocks in one stream.
  mixed: Buffer.concat([repetitive, randomBytes(100_000), repetitive]),
};

test('inflates zlib output at levels 0, 1, 6 and 9 and with each strategy', () => {
  const { Z_FIXED, Z_HUFFMAN_ONLY, Z_RLE, Z_FILTERED } = constants;
  const settings = [
    { level: 0 },
    { level: 1 },
    { level: 6 },
    { level: 9 },
    { strategy: Z_FIXED },
    { strategy: Z_HUFFMAN_ONLY },
    { strategy: Z_RLE },
    { strategy: Z_FILTERED },
  ];
  for (const [name, bytes] of Object.entries(INPUTS)) {
    for (const options of settings) assert.ok(roundTrip(bytes, options).equals(bytes), `${name} ${JSON.stringify(options)}`);
  }
});

test('inflates every wasm in pkg/ at levels 0, 1, 6 and 9', () => {
  assert.ok(wasmFiles.length >= 5, `wasm files in ${pkgDir}: ${wasmFiles}`);
  for (const file of wasmFiles) {
    const bytes = readFileSync(join(pkgDir, file));
    for (const level of [0, 1, 6, 9]) assert.ok(roundTrip(bytes, { level }).equals(bytes), `${file} level ${level}`);
  }
});

test('a truncated, overlong or damaged stream throws instead of giving wrong bytes', () => {
  const bytes = Buffer.from('weft '.repeat(1000));
  const deflated = deflateRawSync(bytes, { level: 9 });
  const corrupt = { message: 'webweft: the inline wasm is corrupt' };
  assert.throws(() => inflateBase64(deflated.subarray(0, deflated.length - 2).toString('base64'), bytes.length), corrupt);
  assert.throws(() => inflateBase64(deflated.toString('base64'), bytes.length - 1), corrupt);
  assert.throws(() => inflateBase64(deflated.toString('base64'), bytes.length + 1), corrupt);
  // Block type 3 is reserved.
  assert.throws(() => inflateBase64(Buffer.from([0x07]).toString('base64'), 0), corrupt);
  // A stored block whose length's complement is wrong.
  assert.throws(() => inflateBase64(Buffer.from([0x01, 0x01, 0x00, 0x00, 0x00, 0x61]).toString('base64'), 1), corrupt);
});

test('works in a realm whose typed array, Array, String and Function methods were replaced before it loaded', () => {
  const bytes = readFileSync(join(pkgDir, 'encoding-lite.wasm'));
  const context = vm.createContext({ text: deflateRawSync(bytes, { level: 9 }).toString('base64'), size: bytes.length });
  vm.runInContext(
    `const thrower = () => { throw new Error('a replaced built-in was called'); };
    const replace = (object, key) => Object.defineProperty(object, key, { get: thrower, set: thrower, configurable: true });
    const TypedArray = Object.getPrototypeOf(Uint8Array.prototype);
    const replaced = [
      [TypedArray, 'fill'], [TypedArray, 'set'], [TypedArray, 'subarray'], [TypedArray, 'slice'], [TypedArray, 'length'],
      [TypedArray, 'byteLength'], [TypedArray, Symbol.iterator], [Uint8Array, 'of'], [Uint8Array, 'from'], [Uint16Array, 'of'],
      [Array.prototype, 'push'], [Array.prototype, 'fill'], [Array.prototype, 0], [Array.prototype, 1], [Array.prototype, 2],
      [String.prototype, 'charCodeAt'], [String.prototype, 'codePointAt'], [String.prototype, 'endsWith'], [String.prototype, 'slice'],
      [String.prototype, 'at'], [Function.prototype, 'call'], [Function.prototype, 'apply'], [Function.prototype, 'bind'],
    ];
    // (Array.prototype[Symbol.iterator] last: the loop needs it.)
    for (let i = 0; i < replaced.length; i++) replace(replaced[i][0], replaced[i][1]);
    replace(Array.prototype, Symbol.iterator);`,
    context,
  );
  const source = readFileSync(join(root, 'js', 'inflate.js'), 'utf8').replace(
    'export function inflateBase64',
    'function inflateBase64',
  );
  const inflated = vm.runInContext(`${source}\ninflateBase64(text, size)`, context);
  // (Its buffer: the realm's typed array length getter throws.)
  assert.ok(Buffer.from(inflated.buffer).equals(bytes));
});

/** The wasm units polyfill.js and each UNIT-wasm.js of pkg/ carry (the ES modules import them). */
function expectedUnits(file) {
  if (file === 'polyfill.js') return ['full'];
  const carrier = /^([a-z-]+)-wasm\.js$/.exec(file);
  return carrier && wasmFiles.includes(`${carrier[1]}.wasm`) ? [carrier[1]] : [];
}

test('the wasm inline in each pkg UNIT-wasm.js and polyfill inflates to exactly UNIT.wasm', () => {
  // polyfill.js's wasm is not shipped as a file: the build's copy of it.
  const wasms = new Map(wasmFiles.map((file) => [basename(file, '.wasm'), readFileSync(join(pkgDir, file))]));
  wasms.set('full', readFileSync(join(root, 'target', 'wasm-bindgen', basename(pkgDir), 'full', 'final.wasm')));
  // (The build without WebAssembly carries translations, not wasm: its files run in tests/hosts.)
  const bundles = readdirSync(pkgDir).filter((file) => file.endsWith('.js') && !/-asm\.js$|\.no-wasm\./.test(file));
  assert.ok(bundles.includes('polyfill.js') && bundles.includes('url-wasm.js') && bundles.includes('base64.js'));
  for (const file of bundles) {
    const source = readFileSync(join(pkgDir, file), 'utf8');
    const found = [];
    if (/^[a-z-]+-wasm\.js$/.test(file)) {
      // `export default "<base64>"`; the size is in the area's module: `inflateBase64(WASM, <size>)`.
      const unit = file.slice(0, -'-wasm.js'.length);
      const [, text] = /^export default "([A-Za-z0-9+/]{1000,}={0,2})";$/m.exec(source);
      const wasm = wasms.get(unit);
      // (The area's module of the unit's name, or, for whatwg-url, the one both its subpaths
      // re-export.)
      const inflates = (name) =>
        existsSync(join(pkgDir, name)) &&
        readFileSync(join(pkgDir, name), 'utf8').includes(`inflateBase64(WASM, ${wasm.length})`);
      assert.ok(inflates(`${unit}.js`) || inflates(`${unit}-core.js`), `${unit}.js (or ${unit}-core.js) inflates ${file}`);
      assert.ok(Buffer.from(inflateBase64(text, wasm.length)).equals(wasm), file);
      found.push(unit);
    }
    // A polyfill: `WASM = "<base64>"` and, soon after, `inflateBase64(WASM, <size>)` (minified:
    // `a(b,<size>)`).
    for (const [, text, size] of source.matchAll(/"([A-Za-z0-9+/]{1000,}={0,2})"[^"]{0,120}?, ?(\d+)\)/g)) {
      const unit = [...wasms].find(([, bytes]) => bytes.length === Number(size))?.[0];
      assert.ok(unit, `${file}: an inline wasm of ${size} bytes matches no unit`);
      assert.ok(Buffer.from(inflateBase64(text, Number(size))).equals(wasms.get(unit)), `${file}: ${unit}`);
      found.push(unit);
    }
    assert.deepEqual(found.sort(), expectedUnits(file), file);
  }
});
