// The Encoding API over the built package: WebIDL details, every BufferSource kind, streaming,
// errors, and agreement with Node's own (full-ICU) TextDecoder on generated input.
import assert from 'node:assert/strict';
import { wasmExports } from './wasm-instances.mjs';
import { test } from 'node:test';
import fc from 'fast-check';
import * as weft from 'webweft';

const { TextDecoder, TextEncoder, TextDecoderStream, TextEncoderStream } = weft;

test('WebIDL shape: accessors, brand checks, toStringTag, lengths', () => {
  for (const [Class, members] of [
    [TextDecoder, ['encoding', 'fatal', 'ignoreBOM']],
    [TextEncoder, ['encoding']],
    [TextDecoderStream, ['encoding', 'fatal', 'ignoreBOM', 'readable', 'writable']],
    [TextEncoderStream, ['encoding', 'readable', 'writable']],
  ]) {
    for (const member of members) {
      const descriptor = Object.getOwnPropertyDescriptor(Class.prototype, member);
      assert.equal(typeof descriptor.get, 'function', `${Class.name}.${member}`);
      assert.equal(descriptor.enumerable, true);
      assert.throws(() => descriptor.get.call({}), TypeError);
    }
    assert.equal(Object.prototype.toString.call(Object.create(Class.prototype)), `[object ${Class.name}]`);
  }
  assert.equal(TextDecoder.length, 0);
  assert.equal(TextDecoder.prototype.decode.length, 0);
  assert.equal(TextEncoder.prototype.encode.length, 0);
  assert.equal(TextEncoder.prototype.encodeInto.length, 2);
  assert.throws(() => TextDecoder.prototype.decode.call({}, new Uint8Array(1)), TypeError);
  assert.throws(() => TextEncoder.prototype.encode.call({}, 'a'), TypeError);
  assert.throws(() => TextDecoder(), TypeError);
});

test('constructor: labels, options, RangeError', () => {
  const decoder = new TextDecoder(' \tLATIN1\n', { fatal: 1, ignoreBOM: 'yes' });
  assert.equal(decoder.encoding, 'windows-1252');
  assert.equal(decoder.fatal, true);
  assert.equal(decoder.ignoreBOM, true);
  assert.equal(new TextDecoder().encoding, 'utf-8');
  assert.equal(new TextDecoder(undefined, null).encoding, 'utf-8');
  assert.equal(new TextDecoder('sjis').encoding, 'shift_jis');
  for (const label of ['replacement', 'iso-2022-kr', 'utf-7', 'utf-32', '', 'null']) {
    assert.throws(() => new TextDecoder(label), RangeError, label);
  }
  assert.throws(() => new TextDecoder('utf-8', 5), TypeError);
  assert.throws(() => new TextDecoder(Symbol('x')), TypeError);
});

test('decode accepts every BufferSource kind, offsets respected', () => {
  const bytes = [0x78, 0xe2, 0x82, 0xac, 0x79, 0x7a, 0x7a, 0x7a];
  const buffer = new Uint8Array(bytes).buffer;
  const shared = new SharedArrayBuffer(8);
  new Uint8Array(shared).set(bytes);
  const decoder = new TextDecoder();
  assert.equal(decoder.decode(buffer), 'x€yzzz');
  assert.equal(decoder.decode(shared), 'x€yzzz');
  assert.equal(decoder.decode(new Uint8Array(buffer, 1, 3)), '€');
  assert.equal(decoder.decode(new DataView(buffer, 4, 2)), 'yz');
  assert.equal(decoder.decode(new Uint16Array(buffer, 4, 2)), 'yzzz');
  assert.equal(decoder.decode(new Int8Array(shared, 1, 4)), '€y');
  assert.equal(decoder.decode(new Float64Array(buffer)), 'x€yzzz');
  assert.equal(decoder.decode(Buffer.from(bytes)), 'x€yzzz');
  assert.equal(decoder.decode(), '');
  assert.equal(decoder.decode(undefined), '');
  for (const bad of [null, 'abc', [1, 2], {}, 3]) assert.throws(() => decoder.decode(bad), TypeError);
});

test('streaming: chunk boundaries anywhere give the one-shot result', () => {
  for (const label of ['utf-8', 'utf-16le', 'utf-16be', 'shift_jis', 'gb18030', 'big5', 'euc-kr', 'euc-jp', 'iso-2022-jp']) {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.array(fc.nat(64), { maxLength: 6 }), (bytes, cuts) => {
        const whole = new TextDecoder(label).decode(bytes);
        const decoder = new TextDecoder(label);
        const points = [...new Set(cuts.map((c) => Math.min(c, bytes.length)))].sort((a, b) => a - b);
        let output = '';
        let start = 0;
        for (const point of points) {
          output += decoder.decode(bytes.subarray(start, point), { stream: true });
          start = point;
        }
        output += decoder.decode(bytes.subarray(start));
        assert.equal(output, whole, label);
        // The decoder is reusable after the final call.
        assert.equal(decoder.decode(bytes), whole);
      }),
      { numRuns: 300 },
    );
  }
});

test('streaming: real text in every legacy encoding, cut in three at every pair of points', () => {
  // Random bytes rarely reach a two-byte character's slow path after an escape sequence: this
  // text does (ISO-2022-JP's state word after a character decoded byte by byte once lost the
  // mode, and the next chunk decoded as ASCII).
  const text = 'a\u3042\u4e9c~\u00a5 \u30ab\u30bf\u30ab\u30ca\u6f22\u5b57 b';
  for (const label of ['shift_jis', 'euc-jp', 'iso-2022-jp', 'euc-kr', 'gb18030', 'big5', 'utf-16le', 'utf-16be']) {
    const bytes = label.startsWith('utf-16') ? weft.encode(text, 'utf-8') : weft.encode(text, label, { mode: 'html' });
    const whole = new TextDecoder(label).decode(bytes);
    for (let i = 0; i <= bytes.length; i++) {
      for (let j = i; j <= bytes.length; j++) {
        const decoder = new TextDecoder(label);
        const output =
          decoder.decode(bytes.subarray(0, i), { stream: true }) +
          decoder.decode(bytes.subarray(i, j), { stream: true }) +
          decoder.decode(bytes.subarray(j));
        assert.equal(output, whole, `${label} cut at ${i} and ${j}`);
      }
    }
  }
});

// Node 20's ICU decoders differ from the standard for windows-1252 (drops 0x80..0x9F), the CJK
// encodings (errors and 0x1A/0x1C in Shift_JIS): compare only where Node is exact.
test('agrees with Node on arbitrary bytes where Node follows the standard', () => {
  const labels = ['utf-8', 'utf-16le', 'utf-16be', 'iso-8859-2', 'koi8-r'];
  for (const label of labels) {
    const native = new globalThis.TextDecoder(label);
    const ours = new TextDecoder(label);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        assert.equal(ours.decode(bytes), native.decode(bytes), label);
      }),
      { numRuns: 500 },
    );
  }
});

test('fatal mode throws TypeError, then the decoder works normally', () => {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  assert.throws(() => decoder.decode(new Uint8Array([0x61, 0xff])), TypeError);
  assert.equal(decoder.decode(new Uint8Array([0x61, 0x62])), 'ab');
  assert.throws(() => decoder.decode(new Uint8Array([0xe2, 0x82])), TypeError);
  assert.equal(decoder.decode(new Uint8Array([0xe2, 0x82]), { stream: true }), '');
  assert.equal(decoder.decode(new Uint8Array([0xac])), '€');
});

test('BOM handling', () => {
  const withBom = new Uint8Array([0xef, 0xbb, 0xbf, 0x61]);
  assert.equal(new TextDecoder().decode(withBom), 'a');
  assert.equal(new TextDecoder('utf-8', { ignoreBOM: true }).decode(withBom), '\uFEFFa');
  assert.equal(new TextDecoder('utf-16le').decode(new Uint8Array([0xff, 0xfe, 0x61, 0])), 'a');
  // A decoder's output that begins with U+FEFF keeps it when passed to the host UTF-16 reader.
  assert.equal(new TextDecoder('utf-8', { ignoreBOM: true }).decode(withBom).length, 2);
});

test('TextEncoder.encode and encodeInto agree with Node, including lone surrogates', () => {
  const native = new globalThis.TextEncoder();
  const ours = new TextEncoder();
  assert.equal(ours.encoding, 'utf-8');
  assert.deepEqual(ours.encode(), new Uint8Array(0));
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 80 }), fc.nat(200), (string, size) => {
      assert.deepEqual(ours.encode(string), native.encode(string));
      const a = new Uint8Array(size);
      const b = new Uint8Array(size);
      assert.deepEqual(ours.encodeInto(string, a), native.encodeInto(string, b));
      assert.deepEqual(a, b);
    }),
    { numRuns: 2000 },
  );
  const destination = new Uint8Array(10);
  // A pair is written whole or not at all; the view's offset is respected.
  assert.deepEqual(ours.encodeInto('a\u{1F600}b', destination.subarray(2, 6)), { read: 1, written: 1 });
  assert.deepEqual(ours.encodeInto('a\u{1F600}b', destination.subarray(2, 7)), { read: 3, written: 5 });
  assert.deepEqual([...destination], [0, 0, 0x61, 0xf0, 0x9f, 0x98, 0x80, 0, 0, 0]);
  assert.throws(() => ours.encodeInto('a', new Uint16Array(2)), TypeError);
  assert.throws(() => ours.encodeInto('a'), TypeError);
});

test('TextDecoderStream and TextEncoderStream: split characters and surrogate pairs', async () => {
  const collect = async (readable) => {
    const chunks = [];
    for await (const chunk of readable) chunks.push(chunk);
    return chunks;
  };
  const decoding = new TextDecoderStream('utf-8');
  const writer = decoding.writable.getWriter();
  const read = collect(decoding.readable);
  for (const byte of [0xf0, 0x9f, 0x98, 0x80, 0xe2]) await writer.write(new Uint8Array([byte]));
  await writer.close();
  assert.equal((await read).join(''), '\u{1F600}\uFFFD');

  const encoding = new TextEncoderStream();
  const encodeWriter = encoding.writable.getWriter();
  const encoded = collect(encoding.readable);
  for (const chunk of ['a\uD83D', '\uDE00', '\uD800']) await encodeWriter.write(chunk);
  await encodeWriter.close();
  const bytes = (await encoded).flatMap((c) => [...c]);
  assert.deepEqual(bytes, [0x61, 0xf0, 0x9f, 0x98, 0x80, 0xef, 0xbf, 0xbd]);

  const fatal = new TextDecoderStream('utf-8', { fatal: true });
  const fatalWriter = fatal.writable.getWriter();
  const fatalReader = fatal.readable.getReader();
  const written = fatalWriter.write(new Uint8Array([0xff]));
  await assert.rejects(fatalReader.read(), TypeError);
  await assert.rejects(written, TypeError);
});

test('weft.encode, decode, labelToEncoding, sniffBOM', () => {
  assert.deepEqual([...weft.encode('a€', 'windows-1252')], [0x61, 0x80]);
  assert.deepEqual([...weft.encode('\u3042', 'shift_jis')], [0x82, 0xa0]);
  assert.deepEqual([...weft.encode('a\u3042', 'latin1', { mode: 'html' })], [...Buffer.from('a&#12354;')]);
  assert.throws(() => weft.encode('\u3042', 'latin1'), TypeError);
  assert.throws(() => weft.encode('a', 'nonsense'), RangeError);
  assert.throws(() => weft.encode('a', 'utf-8', { mode: 'xml' }), TypeError);
  // UTF-16 labels encode as UTF-8 (their output encoding).
  assert.deepEqual([...weft.encode('€', 'utf-16le')], [0xe2, 0x82, 0xac]);
  // Lone surrogates become U+FFFD (USVString).
  assert.deepEqual([...weft.encode('\uD800')], [0xef, 0xbf, 0xbd]);
  assert.deepEqual(
    [...weft.encode('a\uDC00\uD83D\uDE00\uD800b', 'shift_jis', { mode: 'html' })],
    [...Buffer.from('a&#65533;&#128512;&#65533;b')],
  );
  assert.throws(() => weft.encode('a\uD800', 'windows-1252'), { name: 'TypeError', message: /windows-1252 cannot encode/ });

  assert.equal(weft.decode(new Uint8Array([0x82, 0xa0]), 'sjis'), '\u3042');
  assert.equal(weft.decode(new Uint8Array([0xff, 0xfe, 0x61, 0]), 'windows-1252'), 'a');
  assert.equal(weft.decode(new Uint8Array([0xff, 0xfe]), 'windows-1252', { bom: false }), 'ÿþ');
  assert.equal(weft.decode(new Uint8Array([0x61]), 'replacement'), '\uFFFD');
  assert.equal(weft.decode(new Uint8Array([]), 'iso-2022-kr'), '');
  assert.throws(() => weft.decode(new Uint8Array([0xff]), 'utf-8', { fatal: true }), TypeError);
  assert.throws(() => weft.decode(new Uint8Array([0x61]), 'utf-7'), RangeError);

  assert.equal(weft.labelToEncoding(' Latin1 '), 'windows-1252');
  assert.equal(weft.labelToEncoding('csiso2022kr'), 'replacement');
  assert.equal(weft.labelToEncoding('utf-32'), null);
  assert.equal(weft.sniffBOM(new Uint8Array([0xef, 0xbb, 0xbf, 0])), 'UTF-8');
  assert.equal(weft.sniffBOM(new Uint8Array([0xfe, 0xff]).buffer), 'UTF-16BE');
  assert.equal(weft.sniffBOM(new Uint8Array([0xff, 0xfe])), 'UTF-16LE');
  assert.equal(weft.sniffBOM(new Uint8Array([0xef, 0xbb])), null);
});

test('bad input never traps; normal calls work after', () => {
  const inputs = [new Uint8Array(1 << 20).fill(0xff), new Uint8Array(0), new Uint8Array([0x1b, 0x24])];
  for (const label of ['utf-8', 'iso-2022-jp', 'gb18030', 'utf-16be']) {
    for (const input of inputs) {
      assert.equal(typeof new TextDecoder(label).decode(input), 'string');
      // Three 0xFF bytes are malformed in each of these encodings.
      assert.throws(() => new TextDecoder(label, { fatal: true }).decode(new Uint8Array([0xff, 0xff, 0xff])), TypeError);
    }
  }
  assert.equal(new TextDecoder().decode(new Uint8Array([0x6f, 0x6b])), 'ok');
});

test('many decoders and streams leave wasm memory the same size, with no collection in between', async () => {
  // No wasm object per TextDecoder or stream: nothing waits for a FinalizationRegistry.
  const web = await import('webweft');
  new web.TextDecoder('shift_jis').decode(Uint8Array.of(0x82, 0xa0), { stream: true });
  const exports = wasmExports('encodingDecode');
  const payload = new Uint8Array(200).fill(0x61);
  const round = () => {
    for (let i = 0; i < 20_000; i++) {
      new web.TextDecoder('shift_jis').decode(payload, { stream: true });
      new web.TextDecoder('gb18030').decode(Uint8Array.of(0x81, 0x30), { stream: true });
      assert.throws(() => new web.TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.of(0xff, 0x41), { stream: true }));
      new web.TextDecoderStream('euc-jp');
      new web.TextEncoderStream();
      new web.TextEncoder().encode('abc');
    }
  };
  round();
  const before = exports.memory.buffer.byteLength;
  for (let i = 0; i < 5; i++) round();
  assert.equal(exports.memory.buffer.byteLength, before);
});

test('the polyfill replaces a missing or incomplete TextDecoder, and keeps a good TextEncoder', () => {
  const names = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'];
  const saved = names.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]);
  try {
    assert.deepEqual(weft.installPolyfill({ only: ['TextEncoder'] }), [], "Node's TextEncoder passes");
    // A host whose decoder lacks Shift_JIS (Node without full ICU) fails the feature test.
    const Host = globalThis.TextDecoder;
    globalThis.TextDecoder = class extends Host {
      constructor(label, options) {
        if (String(label).toLowerCase() === 'shift_jis') throw new RangeError('unsupported');
        super(label, options);
      }
    };
    assert.deepEqual(weft.installPolyfill({ only: ['TextDecoder'] }), ['TextDecoder']);
    assert.equal(globalThis.TextDecoder, weft.TextDecoder);
    delete globalThis.TextEncoder;
    assert.deepEqual(weft.installPolyfill({ only: ['TextEncoder'] }), ['TextEncoder']);
  } finally {
    for (const [name, descriptor] of saved) Object.defineProperty(globalThis, name, descriptor);
  }
});
