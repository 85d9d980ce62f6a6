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
          v instanceof Map || v instanceof Set
            ? [...v]
            : ArrayBuffer.isView(v)
              ? [...new Uint8Array(v.buffer)]
              : tag === '[object ArrayBuffer]' || tag === '[object SharedArrayBuffer]'
                ? [...new Uint8Array(v)]
                : typeof v.valueOf() === 'bigint'
                  ? String(v.valueOf())
                  : v instanceof Date
                    ? v.getTime()
                    : v;
        return `${key}: ${tag} ${JSON.stringify(contents)}`;
      });
    const copies = { weft: weft.structuredClone(value), native: structuredClone(value) };
    new Int16Array(shared)[1] = 9; // visible through both copies' shared views
    // Bytes with one-byte strings of every byte value, short and long (the host's windows-1252
    // decoder makes them), read back once as they are and once with the built-ins that path
    // and the kind checks use replaced by the page.
    const strings = Array.from({ length: 600 }, (_, i) =>
      String.fromCharCode(...Array.from({ length: i % 90 }, (_, j) => (i * 31 + j * 7) % 256)),
    );
    const keyed = Object.fromEntries(strings.slice(0, 200).map((s, i) => [`${i}:${s}`, s]));
    const bytes = weft.serialize({ strings, keyed, empty: {}, map: hidden(new Map([[1, 2]])) });
    const read = () => {
      const copy = weft.deserialize(bytes);
      const again = weft.structuredClone({ empty: {}, map: hidden(new Map([[1, 2]])) });
      return JSON.stringify([
        copy.strings,
        copy.keyed,
        copy.empty,
        [...copy.map],
        Object.getPrototypeOf(again.empty) === Object.prototype,
        [...again.map],
      ]);
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

test('TextDecoderStream and TextEncoderStream in the same page: their own decoder and encoder, under built-ins replaced after load', async () => {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  const result = await page.evaluate(async () => {
    const weft = await import('/pkg/encoding.js');
    // Input split inside characters, the last chunks past the short paths; a DataView among them.
    const utf8 = new TextEncoder().encode('é'.repeat(150));
    const last = new Uint8Array(1 + utf8.length);
    last.set([0xac]);
    last.set(utf8, 1);
    const bytes = [Uint8Array.of(0x78, 0xc3), new DataView(Uint8Array.of(0xa9, 0xe2, 0x82).buffer), last];
    const strings = ['a\uD83D', '\uDE00b', `${'é'.repeat(100)}\uD800`];
    const ignore = () => {};
    const run = async (stream, chunks) => {
      const writer = stream.writable.getWriter();
      const reader = stream.readable.getReader();
      for (const chunk of chunks) writer.write(chunk).catch(ignore);
      writer.close().catch(ignore);
      const out = [];
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return out;
        out.push(
          typeof value === 'string'
            ? value
            : `${Object.prototype.toString.call(value)} ${Array.from(value, (b) => b.toString(16).padStart(2, '0')).join('')}`,
        );
      }
    };
    const both = async () => {
      try {
        const decoder = new weft.TextDecoderStream('utf-8', { fatal: true });
        const encoder = new weft.TextEncoderStream();
        return JSON.stringify([
          await run(decoder, bytes),
          await run(encoder, strings),
          decoder.encoding,
          decoder.fatal,
          decoder.ignoreBOM,
          encoder.encoding,
        ]);
      } catch (error) {
        return String(error);
      }
    };
    const before = await both();
    // The methods and getters the streams could reach, replaced as a page may (the stream's own
    // reader and writer are left: the page reads its streams with them).
    const thrower = () => {
      throw new Error('a replaced built-in was called');
    };
    // (Each undone before the result goes back: the test driver's own code runs in the page.)
    const undo = [];
    const replace = (object, key, descriptor) => {
      const original = Object.getOwnPropertyDescriptor(object, key);
      Object.defineProperty(object, key, { configurable: true, ...descriptor });
      undo.push(() => (original ? Object.defineProperty(object, key, original) : delete object[key]));
    };
    const method = (object, key, value = thrower) => replace(object, key, { value, writable: true });
    const getter = (object, key) => replace(object, key, { get: thrower });
    const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
    method(weft.TextDecoder.prototype, 'decode', () => 'HIJACKED');
    for (const key of ['encoding', 'fatal', 'ignoreBOM']) getter(weft.TextDecoder.prototype, key);
    method(TextDecoder.prototype, 'decode');
    method(TextEncoder.prototype, 'encode');
    method(TextEncoder.prototype, 'encodeInto');
    getter(TransformStream.prototype, 'readable');
    getter(TransformStream.prototype, 'writable');
    method(TransformStreamDefaultController.prototype, 'enqueue');
    for (const key of ['start', 'transform', 'flush', 'stream']) getter(Object.prototype, key);
    for (const key of ['length', 'buffer', 'byteOffset', 'byteLength']) getter(TypedArrayPrototype, key);
    for (const key of ['buffer', 'byteOffset', 'byteLength']) getter(DataView.prototype, key);
    method(TypedArrayPrototype, 'set');
    method(TypedArrayPrototype, 'subarray');
    getter(WebAssembly.Memory.prototype, 'buffer');
    method(String.prototype, 'slice');
    method(String.prototype, 'charCodeAt');
    method(Map.prototype, 'get');
    method(Uint8Array, 'of');
    method(globalThis, 'TransformStream');
    method(globalThis, 'Uint8Array');
    let after;
    try {
      after = await both();
    } finally {
      for (let i = undo.length - 1; i >= 0; i--) undo[i]();
    }
    return { before, tampered: after === before ? 'same' : after };
  });
  await page.close();
  assert.deepEqual(problems, []);
  assert.equal(
    result.before,
    JSON.stringify([
      ['x', 'é', `€${'é'.repeat(150)}`],
      ['61', 'f09f988062', 'c3a9'.repeat(100), 'efbfbd'].map((hex) => `[object Uint8Array] ${hex}`),
      'utf-8',
      true,
      false,
      'utf-8',
    ]),
  );
  assert.equal(result.tampered, 'same', 'built-ins replaced after load change nothing');
});
