// webweft/lite: the whole API with `webweft/encoding-lite`'s Encoding API (no legacy multi-byte
// encodings: labels still resolve; decoding or encoding with them is a RangeError that points at
// the full entry). Every other area is the same module as `webweft`'s.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import * as full from 'webweft';
import * as encodingLite from 'webweft/encoding-lite';
import * as lite from 'webweft/lite';

const require = createRequire(import.meta.url);
const pkgDir = dirname(fileURLToPath(import.meta.resolve('webweft/package.json')));

// Each legacy multi-byte encoding with one of its labels.
const legacy = [
  ['GBK', 'gb2312'],
  ['gb18030', 'gb18030'],
  ['Big5', 'big5-hkscs'],
  ['EUC-JP', 'x-euc-jp'],
  ['ISO-2022-JP', 'csiso2022jp'],
  ['Shift_JIS', 'sjis'],
  ['EUC-KR', 'windows-949'],
];

function assertNotIncluded(fn, name) {
  assert.throws(fn, (error) => {
    assert.ok(error instanceof RangeError, `${name}: ${error}`);
    assert.ok(error.message.includes(`encoding ${name} is not included`), error.message);
    assert.ok(error.message.includes('the full `weft` entry has it'), error.message);
    return true;
  });
}

test('import and require resolve to the lite ES module, with the full API', () => {
  assert.equal(import.meta.resolve('webweft/lite'), `file://${join(pkgDir, 'lite.js')}`);
  assert.equal(require.resolve('webweft/lite'), join(pkgDir, 'lite.js'));
  const cjs = require('webweft/lite');
  assert.deepEqual(Object.keys(lite).sort(), Object.keys(full).sort());
  assert.deepEqual(Object.keys(cjs).sort(), Object.keys(full).sort());
  assert.notEqual(lite.TextDecoder, full.TextDecoder, 'its own Encoding API');
  assert.equal(lite.TextDecoder, encodingLite.TextDecoder, "webweft/encoding-lite's");
  assert.equal(cjs.TextDecoder, lite.TextDecoder, 'one instance for import and require');
  assert.equal(lite.URL, full.URL, 'the other areas are the same modules');
  assert.equal(lite.structuredClone, full.structuredClone);
});

for (const [name, entry] of [
  ['import', lite],
  ['require', require('webweft/lite')],
]) {
  test(`${name}: legacy multi-byte labels resolve, but decoding and encoding with them is a RangeError`, async () => {
    for (const [encoding, label] of legacy) {
      assert.equal(entry.labelToEncoding(label), encoding);
      assertNotIncluded(() => new entry.TextDecoder(label), encoding);
      assertNotIncluded(() => new entry.TextDecoder(label, { fatal: true }), encoding);
      assertNotIncluded(() => new entry.TextDecoderStream(label), encoding);
      assertNotIncluded(() => entry.decode(new Uint8Array([0x61]), label), encoding);
      assertNotIncluded(() => entry.decode(new Uint8Array([0x61]), label, { bom: false }), encoding);
      assertNotIncluded(() => entry.encode('a', label), encoding);
      assertNotIncluded(() => entry.encode('a', label, { mode: 'html' }), encoding);
      // The html area is the full one: a document in such an encoding encodes URL queries with it.
      assert.equal(typeof entry.html.encodingParseAndSerializeURL('/?a', label, 'http://x/'), 'string');
    }
    // The "decode" hook: a BOM overrides the label, so no legacy decoder is needed.
    assert.equal(entry.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]), 'shift_jis'), 'a');
    // Unknown labels and replacement keep their own errors.
    assert.throws(() => new entry.TextDecoder('utf-7'), /label provided \('utf-7'\) is invalid/);
    assert.throws(() => new entry.TextDecoder('iso-2022-kr'), /label provided/);
    assert.equal(entry.decode(new Uint8Array([0x61]), 'iso-2022-kr'), '\uFFFD');
    // The module keeps working after the errors.
    assert.equal(new entry.TextDecoder('koi8-r').decode(new Uint8Array([0xc1])), '\u0430');
    assert.equal(entry.html.encodingParseAndSerializeURL('/?\u00e9', 'latin1', 'http://x/'), 'http://x/?%E9');
  });
}

// Every encoding the lite build includes: all but the legacy multi-byte ones and replacement.
const included = [
  'UTF-8',
  'UTF-16BE',
  'UTF-16LE',
  'IBM866',
  'ISO-8859-2',
  'ISO-8859-3',
  'ISO-8859-4',
  'ISO-8859-5',
  'ISO-8859-6',
  'ISO-8859-7',
  'ISO-8859-8',
  'ISO-8859-8-I',
  'ISO-8859-10',
  'ISO-8859-13',
  'ISO-8859-14',
  'ISO-8859-15',
  'ISO-8859-16',
  'KOI8-R',
  'KOI8-U',
  'macintosh',
  'windows-874',
  'windows-1250',
  'windows-1251',
  'windows-1252',
  'windows-1253',
  'windows-1254',
  'windows-1255',
  'windows-1256',
  'windows-1257',
  'windows-1258',
  'x-mac-cyrillic',
  'x-user-defined',
];

test('every included encoding decodes and encodes exactly as the full build does', () => {
  fc.assert(
    fc.property(fc.constantFrom(...included), fc.uint8Array({ maxLength: 64 }), fc.boolean(), (label, bytes, fatal) => {
      const outcome = (weft) => {
        try {
          const decoder = new weft.TextDecoder(label, { fatal });
          const streamed = decoder.decode(bytes.subarray(0, 7), { stream: true }) + decoder.decode(bytes.subarray(7));
          return { streamed, decoded: weft.decode(bytes, label, { fatal }) };
        } catch (error) {
          return { error: error.constructor.name };
        }
      };
      assert.deepEqual(outcome(lite), outcome(full));
    }),
    { numRuns: 2000 },
  );
  fc.assert(
    fc.property(fc.constantFrom(...included), fc.string({ unit: 'binary', maxLength: 32 }), (label, string) => {
      const encoded = (weft) => [...weft.encode(string, label, { mode: 'html' })];
      assert.deepEqual(encoded(lite), encoded(full));
      assert.deepEqual([...new lite.TextEncoder().encode(string)], [...new full.TextEncoder().encode(string)]);
    }),
    { numRuns: 1000 },
  );
  for (const label of included) assert.equal(new lite.TextDecoder(label).encoding, label.toLowerCase());
});

test('the rest of the package works in the lite build', async () => {
  assert.equal(lite.btoa('lite'), 'bGl0ZQ==');
  assert.equal(new lite.URL('HTTP://EXAMPLE.com/a/../b?c#d').href, 'http://example.com/b?c#d');
  assert.equal(lite.domainToASCII('bücher.example'), 'xn--bcher-kva.example');
  assert.equal(lite.registrableDomain('www.example.co.uk'), 'example.co.uk', 'the URL area is the full one');
  const value = { a: [1, 2n, new Map([[1, 'x']])], d: new Date(0) };
  assert.deepEqual(lite.structuredClone(value), value);
  assert.deepEqual(lite.deserialize(lite.serialize(value)), value);
  assert.equal(lite.html.parseNonNegativeInteger(' 42'), 42);
  const stream = new lite.TextDecoderStream('windows-1251');
  const writer = stream.writable.getWriter();
  writer.write(new Uint8Array([0xcf, 0xf0]));
  writer.close();
  let text = '';
  for await (const chunk of stream.readable) text += chunk;
  assert.equal(text, '\u041f\u0440');
});

test('TextEncoder without a host encoder (js/fallback/utf8.js loop): encode and encodeInto as the standard, in both builds', () => {
  // Strings with lone surrogates, pairs, and every UTF-8 length, and destinations that end inside
  // a character; expected values from Node's own TextEncoder (which gets them right).
  const strings = [
    '',
    'a',
    '\u00e9',
    '\u20ac',
    '\u{1F600}',
    '\uD800',
    '\uDC00',
    'a\uD800b',
    '\uDC00\uD800',
    'x\u{10FFFF}\u0800\u07FF\u0080',
  ];
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (string) => void strings.push(string)),
    { numRuns: 200, seed: 11 },
  );
  const native = new globalThis.TextEncoder();
  const cases = [];
  for (const string of strings) {
    const encoded = [...native.encode(string)];
    const into = [];
    for (const size of [0, 1, 2, 3, 4, 5, 7, encoded.length]) {
      const destination = new Uint8Array(size);
      const { read, written } = native.encodeInto(string, destination);
      into.push([size, read, written, [...destination]]);
    }
    cases.push([string, encoded, into]);
  }
  const script = `
delete globalThis.TextEncoder;
const { createRequire } = require('node:module');
const load = createRequire(${JSON.stringify(join(pkgDir, 'x.js'))});
const cases = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
let checked = 0;
for (const file of ['./encoding-lite.js', './encoding.js']) {
  const { TextEncoder } = load(file);
  const encoder = new TextEncoder();
  for (const [string, encoded, into] of cases) {
    if (JSON.stringify([...encoder.encode(string)]) !== JSON.stringify(encoded)) throw new Error(file + ' encode ' + JSON.stringify(string));
    for (const [size, read, written, bytes] of into) {
      for (const destination of [new Uint8Array(size), new Uint8Array(new SharedArrayBuffer(size))]) {
        const result = encoder.encodeInto(string, destination);
        if (result.read !== read || result.written !== written || JSON.stringify([...destination]) !== JSON.stringify(bytes)) {
          throw new Error(file + ' encodeInto ' + JSON.stringify([string, size, result]));
        }
        checked++;
      }
    }
  }
}
console.log(checked);`;
  const out = execFileSync(process.execPath, ['-e', script], { input: JSON.stringify(cases), encoding: 'utf8' });
  assert.equal(Number(out), 2 * 2 * cases.reduce((sum, [, , into]) => sum + into.length, 0));
});

test('a bundle that imports only TextDecoder leaves out the other classes and functions', async () => {
  const { build } = await import('esbuild');
  for (const subpath of ['webweft/encoding-lite', 'webweft/encoding']) {
    const result = await build({
      stdin: {
        contents: `import { TextDecoder } from '${subpath}'; console.log(new TextDecoder('latin1').decode(new Uint8Array([0xe9])));`,
        resolveDir: pkgDir,
      },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'error',
    });
    const code = result.outputFiles[0].text;
    assert.ok(code.includes('TextDecoder'), subpath);
    for (const name of ['TextEncoderStream', 'TextDecoderStream', '__webweftEncodeQuery', 'encodingEncode', 'encodingSniffBom']) {
      assert.ok(!code.includes(name), `${subpath}: ${name} is left out`);
    }
  }
});
