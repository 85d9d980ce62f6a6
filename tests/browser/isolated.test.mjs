// The package in a cross-origin isolated page (COOP + COEP: SharedArrayBuffer exists there).
// Chromium's TextDecoder refuses views of a SharedArrayBuffer; weft's UTF-8 decoding still takes
// the host's decoder for every other view, and decodes shared ones itself.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startServer } from '../../tools/serve.mjs';
import { launchChromium } from '../wpt/chromium-host.mjs';
import { pkgDir } from '../wpt/lib.mjs';

let server;
let browser;
before(async () => {
  server = await startServer({
    mounts: [['/pkg/', pkgDir]],
    dynamic: (pathname) => (pathname === '/' ? { type: 'text/html', body: '<!doctype html><title>isolated</title>' } : null),
    headers: { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' },
  });
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  server?.close();
});

test('UTF-8 decoding in a cross-origin isolated page: the host decoder for unshared views, weft for shared ones', async () => {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  // Counts the host UTF-8 decoders' calls (weft captures this wrapper when it loads; its own
  // decoder makes strings with the host's UTF-16LE one, not counted).
  await page.addInitScript(() => {
    globalThis.__hostDecodes = 0;
    const { decode } = TextDecoder.prototype;
    TextDecoder.prototype.decode = function (...args) {
      if (this.encoding === 'utf-8') globalThis.__hostDecodes++;
      return decode.apply(this, args);
    };
  });
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  const result = await page.evaluate(async () => {
    const weft = await import('/pkg/encoding.js');
    const text = 'h\u00e9llo w\u00f6rld \u2713 \u{1F600} '.repeat(2000);
    const bytes = new TextEncoder().encode(text);
    const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
    shared.set(bytes);
    const invalid = new Uint8Array(new SharedArrayBuffer(bytes.length + 1));
    invalid.set(bytes);
    invalid[bytes.length] = 0xff;
    const hostCalls = (decode) => {
      const before = globalThis.__hostDecodes;
      const value = decode();
      return { value, calls: globalThis.__hostDecodes - before };
    };
    const plain = hostCalls(() => new weft.TextDecoder().decode(bytes));
    const fromShared = hostCalls(() => new weft.TextDecoder().decode(shared));
    const fatalShared = hostCalls(() => new weft.TextDecoder('utf-8', { fatal: true }).decode(shared));
    let fatalError;
    try {
      new weft.TextDecoder('utf-8', { fatal: true }).decode(invalid);
    } catch (error) {
      fatalError = `${error.constructor === TypeError}: ${error.message}`;
    }
    return {
      isolated: globalThis.crossOriginIsolated,
      plain: { same: plain.value === text, calls: plain.calls },
      shared: { same: fromShared.value === text, calls: fromShared.calls },
      fatalShared: { same: fatalShared.value === text, calls: fatalShared.calls },
      fatalError,
    };
  });
  await page.close();
  assert.deepEqual(problems, []);
  assert.equal(result.isolated, true, 'the page is cross-origin isolated');
  assert.deepEqual(result.plain, { same: true, calls: 1 }, 'an unshared view goes to the host decoder once');
  assert.deepEqual(result.shared, { same: true, calls: 0 }, 'a shared view is decoded by weft');
  assert.deepEqual(result.fatalShared, { same: true, calls: 0 }, 'fatal mode too');
  assert.match(result.fatalError, /^true: /, 'malformed shared input is this realm’s TypeError');
});

test('structured clone in a cross-origin isolated page: views of both buffer kinds, built-ins whose prototype was replaced, one-byte strings, all under replaced built-ins', async () => {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  const result = await page.evaluate(async () => {
    const weft = await import('/pkg/structured-clone.js');
    const shared = new SharedArrayBuffer(4);
    const hidden = (value) => Object.setPrototypeOf(value, Object.prototype);
    const value = {
      empty: {},
      bare: Object.create(null),
      indices: { 0: 'a', 1: 'b' },
      plainView: new Uint8Array([1, 2, 3]),
      sharedView: new Int16Array(shared, 2, 1),
      map: hidden(new Map([[1, 2]])),
      set: hidden(new Set([3])),
      buffer: hidden(new Uint8Array([4, 5]).buffer),
      sharedBuffer: hidden(new SharedArrayBuffer(2)),
      big: hidden(Object(6n)),
      date: hidden(new Date(7)),
    };
    // What each copy is, by its prototype and contents.
    const describe = (copy) =>
      Object.entries(copy).map(([key, v]) => {
        const tag = Object.prototype.toString.call(v);
        const contents =
          v instanceof Map || v instanceof Set ? [...v] : ArrayBuffer.isView(v) ? [...new Uint8Array(v.buffer)] : tag === '[object ArrayBuffer]' || tag === '[object SharedArrayBuffer]' ? [...new Uint8Array(v)] : typeof v.valueOf() === 'bigint' ? String(v.valueOf()) : v instanceof Date ? v.getTime() : v;
        return `${key}: ${tag} ${JSON.stringify(contents)}`;
      });
    const copies = { weft: weft.structuredClone(value), native: structuredClone(value) };
    new Int16Array(shared)[1] = 9; // visible through both copies' shared views
    // Bytes with one-byte strings of every byte value, short and long (the host's windows-1252
    // decoder makes them), read back once as they are and once with the built-ins that path
    // and the kind checks use replaced by the page.
    const strings = Array.from({ length: 600 }, (_, i) => String.fromCharCode(...Array.from({ length: i % 90 }, (_, j) => (i * 31 + j * 7) % 256)));
    const keyed = Object.fromEntries(strings.slice(0, 200).map((s, i) => [`${i}:${s}`, s]));
    const bytes = weft.serialize({ strings, keyed, empty: {}, map: hidden(new Map([[1, 2]])) });
    const read = () => {
      const copy = weft.deserialize(bytes);
      const again = weft.structuredClone({ empty: {}, map: hidden(new Map([[1, 2]])) });
      return JSON.stringify([copy.strings, copy.keyed, copy.empty, [...copy.map], Object.getPrototypeOf(again.empty) === Object.prototype, [...again.map]]);
    };
    const before = read();
    const thrower = () => {
      throw new Error('a replaced built-in was called');
    };
    globalThis.structuredClone = thrower;
    TextDecoder.prototype.decode = thrower;
    RegExp.prototype.exec = thrower;
    RegExp.prototype.test = thrower;
    String.prototype.slice = thrower;
    let after;
    try {
      after = read();
    } catch (error) {
      after = String(error);
    }
    return {
      weft: describe(copies.weft),
      native: describe(copies.native),
      stringsExact: JSON.parse(before)[0].every((s, i) => s === strings[i]),
      tampered: after === before ? 'same' : after,
    };
  });
  await page.close();
  assert.deepEqual(problems, []);
  assert.deepEqual(result.weft, result.native);
  assert.ok(result.weft.includes('sharedView: [object Int16Array] [0,0,9,0]'), result.weft.join('\n'));
  assert.ok(result.weft.includes('map: [object Map] [[1,2]]'), result.weft.join('\n'));
  assert.equal(result.stringsExact, true, 'one-byte strings of every byte value read back exactly');
  assert.equal(result.tampered, 'same', 'built-ins replaced after load change nothing');
});
