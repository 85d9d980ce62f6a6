// The cases of upstream WPT encoding/textdecoder-mistakes.any.js (merged after our copy of WPT
// was taken), through weft's TextDecoder and TextDecoderStream, plus what a fatal error leaves
// behind in every encoding: the failed call's unread bytes never surface in a later call. The
// short inputs here take the JS fast paths (ASCII, short UTF-8) as well as the wasm decoders.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as weft from 'webweft';

const { TextDecoder, TextDecoderStream } = weft;
const u = (...bytes) => Uint8Array.of(...bytes);
const decodes = (decoder, bytes, options) => decoder.decode(Uint8Array.from(bytes), options);
const throwsType = (fn) => assert.throws(fn, TypeError);

test('after a fatal error the failed call leaves nothing behind', () => {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  throwsType(() => utf8.decode(u(0xff, 0x41), { stream: true }));
  assert.equal(utf8.decode(), '');

  const gb18030 = new TextDecoder('gb18030', { fatal: true });
  assert.equal(gb18030.decode(u(0x80), { stream: true }), '€');
  throwsType(() => gb18030.decode(u(0x81, 0x30, 0x21, 0x21, 0x21), { stream: true }));
  assert.equal(gb18030.decode(u(0x80)), '€');

  const iso2022jp = new TextDecoder('iso-2022-jp', { fatal: true });
  throwsType(() => iso2022jp.decode(u(0x1b, 0x21, 0x22), { stream: true }));
  assert.equal(iso2022jp.decode(u(0x42)), 'B');
});

// An error followed by bytes that would decode to something if they stayed queued.
const errorThenMore = {
  'utf-8': [0xe2, 0x41, 0x42],
  'utf-16le': [0x00, 0xd8, 0x41, 0x00],
  'utf-16be': [0xd8, 0x00, 0x00, 0x41],
  gbk: [0x81, 0x30, 0x81, 0x41],
  gb18030: [0x81, 0x30, 0x21, 0x21],
  big5: [0x81, 0x41, 0x42],
  'euc-jp': [0xa1, 0x41, 0x42],
  shift_jis: [0x81, 0x20, 0x42],
  'euc-kr': [0x81, 0x20, 0x42],
  'iso-2022-jp': [0x1b, 0x24, 0x41, 0x42],
  'windows-1253': [0xaa, 0x41],
  'iso-8859-8': [0xa1, 0x41],
  'windows-874': [0xdb, 0x41],
};

test('every encoding: the unread rest of a failed call never surfaces, in TextDecoder and TextDecoderStream', async () => {
  for (const [label, bytes] of Object.entries(errorThenMore)) {
    for (const stream of [false, true]) {
      const decoder = new TextDecoder(label, { fatal: true });
      throwsType(() => decodes(decoder, bytes, { stream }));
      assert.equal(decoder.decode(), '', label);
      const at = label === 'utf-16le' ? [0x40, 0] : label === 'utf-16be' ? [0, 0x40] : [0x40];
      assert.equal(decodes(decoder, at), '@', label);
    }
    // The stream errors on the chunk; nothing of it (or after it) is ever enqueued.
    const stream = new TextDecoderStream(label, { fatal: true });
    const writer = stream.writable.getWriter();
    const reader = stream.readable.getReader();
    writer.write(Uint8Array.from(bytes)).catch(() => {});
    await assert.rejects(reader.read(), TypeError, label);
    await assert.rejects(writer.close(), TypeError, label);
  }
  // x-user-defined and replacement-free single-byte encodings never fail.
  assert.equal(new TextDecoder('x-user-defined', { fatal: true }).decode(u(0x80, 0xff)), '\uF780\uF7FF');
});

test('fatal stream: utf-8, utf-16le, utf-16be, iso-2022-jp', () => {
  const d = new TextDecoder('utf-8', { fatal: true });
  throwsType(() => d.decode(u(0xc0), { stream: true }));
  throwsType(() => d.decode(u(0xff), { stream: true }));
  assert.equal(d.decode(), '');
  const loose = new TextDecoder('utf-8');
  assert.equal(loose.decode(u(0xfd, 0xef), { stream: true }), '\uFFFD');
  assert.equal(loose.decode(), '\uFFFD');
  const fatal = new TextDecoder('utf-8', { fatal: true });
  throwsType(() => fatal.decode(u(0xfd, 0xef), { stream: true }));
  assert.equal(fatal.decode(), '');

  for (const label of ['utf-16le', 'utf-16be']) {
    const d16 = new TextDecoder(label, { fatal: true });
    assert.equal(d16.decode(u(0x00), { stream: true }), '');
    throwsType(() => d16.decode());
    assert.equal(d16.decode(), '');
  }

  // ISO-2022-JP's mode is the one state an error does not reset.
  const roman = new TextDecoder('iso-2022-jp', { fatal: true });
  assert.equal(roman.decode(u(0x7e)), '~');
  throwsType(() => roman.decode(u(0x1b, 0x28, 0x4a, 0xff), { stream: true }));
  assert.equal(roman.decode(u(0x7e)), '\u203E');
  const katakana = new TextDecoder('iso-2022-jp', { fatal: true });
  assert.equal(katakana.decode(u(0x42)), 'B');
  throwsType(() => katakana.decode(u(0x1b, 0x28, 0x49, 0xff), { stream: true }));
  assert.equal(katakana.decode(u(0x42)), '\uFF82');
});

test('sticky multibyte state: a call never affects the next one', () => {
  const vectors = {
    'iso-2022-jp': [
      [[0x1b], '\uFFFD'],
      [[0x1b, 0x28], '\uFFFD('],
      [[0x1b, 0x28, 0x49], ''],
    ],
    gb18030: [
      [[0xfe], '\uFFFD'],
      [[0xfe, 0x39], '\uFFFD'],
      [[0xfe, 0x39, 0xfe], '\uFFFD'],
      [[0xfe, 0x39, 0xfe, 0x39], '\uFFFD'],
      [[0xff], '\uFFFD'],
      [[0xfe, 0xff], '\uFFFD'],
      [[0xfe, 0x39, 0xff], '\uFFFD9\uFFFD'],
      [[0xfe, 0x39, 0xfe, 0x40], '\uFFFD9\uFA0C'],
      [[0x81], '\uFFFD'],
      [[0x81, 0x3a], '\uFFFD:'],
      [[0x81, 0x3a, 0x81], '\uFFFD:\uFFFD'],
    ],
    big5: [
      [[0x87, 0x3a], '\uFFFD:'],
      [[0x87, 0x3a, 0x87], '\uFFFD:\uFFFD'],
    ],
    shift_jis: [
      [[0x81, 0x3a], '\uFFFD:'],
      [[0x81, 0x3a, 0x81], '\uFFFD:\uFFFD'],
    ],
    'euc-kr': [
      [[0x81, 0x3a], '\uFFFD:'],
      [[0x81, 0x3a, 0x81], '\uFFFD:\uFFFD'],
    ],
  };
  vectors.gbk = vectors.gb18030;
  for (const [label, list] of Object.entries(vectors)) {
    for (const fatal of [false, true]) {
      for (const [bytes, text] of list) {
        const d = new TextDecoder(label, { fatal });
        assert.equal(d.decode(u(0x40)), '@');
        if (fatal && text.includes('\uFFFD')) throwsType(() => decodes(d, bytes));
        else assert.equal(decodes(d, bytes), text, `${label} ${bytes}`);
        assert.equal(d.decode(u(0x40)), '@', label);
        assert.equal(d.decode(u(0x2a)), '*', label);
        assert.equal(d.decode(u(0x42)), 'B', label);
      }
    }
  }
  for (const fatal of [false, true]) {
    const d = new TextDecoder('euc-jp', { fatal });
    assert.equal(d.decode(u(0xa1, 0xa1)), '\u3000');
    if (fatal) throwsType(() => d.decode(u(0x8f, 0xa1)));
    else assert.equal(d.decode(u(0x8f, 0xa1)), '\uFFFD');
    assert.equal(d.decode(u(0xa1, 0xa1)), '\u3000');
  }
});

test('sticky fatal BOM: utf-8, utf-16le, utf-16be', () => {
  for (const [label, bom, at] of [
    ['utf-8', [0xef, 0xbb, 0xbf], [0x40]],
    ['utf-16le', [0xff, 0xfe], [0x40, 0x00]],
    ['utf-16be', [0xfe, 0xff], [0x00, 0x40]],
  ]) {
    const d = new TextDecoder(label, { fatal: true });
    throwsType(() => d.decode(u(0xff)));
    assert.equal(decodes(d, bom), '');
    throwsType(() => d.decode(u(0xff)));
    assert.equal(decodes(d, [...bom, ...at]), '@');
    throwsType(() => d.decode(u(0xff)));
    assert.equal(decodes(d, [...bom, ...bom]), '\uFEFF');
  }
});

test('BOM splitting and repeats', () => {
  const check = (d, bytes, options, text) => assert.equal(decodes(d, bytes, options), text, `${bytes}`);
  const d = new TextDecoder();
  check(d, [0x01, 0x02], { stream: true }, '\x01\x02');
  check(d, [0x03], {}, '\x03');
  check(d, [0xef, 0xbb], { stream: true }, '');
  check(d, [0xbf], { stream: true }, '');
  check(d, [0xef, 0xbb], { stream: true }, '');
  check(d, [0xbf], { stream: true }, '\uFEFF');
  check(d, [0x42], {}, 'B');
  for (const byte of [0xef, 0xbb, 0xbf, 0xef, 0xbb]) check(d, [byte], { stream: true }, '');
  check(d, [0xbf], { stream: true }, '\uFEFF');
  check(d, [0xef, 0xbb, 0xbf], { stream: true }, '\uFEFF');
  check(d, [0x41], {}, 'A');
  check(d, [], { stream: true }, '');
  check(d, [0xef, 0xbb], { stream: true }, '');
  check(d, [0xbf, 0x43], {}, 'C');
  check(d, [0xef], { stream: true }, '');
  check(d, [0xbb, 0xbf, 42, 43], {}, '*+');
  const zeros = new TextDecoder();
  check(zeros, [0, 0], { stream: true }, '\0\0');
  check(zeros, [0], {}, '\0');
  check(zeros, [0xef, 0xbb], { stream: true }, '');
  check(zeros, [0xbf], {}, '');

  for (const [label, bom, three] of [
    ['utf-16le', [0xff, 0xfe], [0x03, 0x00]],
    ['utf-16be', [0xfe, 0xff], [0x00, 0x03]],
  ]) {
    const d16 = new TextDecoder(label);
    check(d16, bom, { stream: true }, '');
    check(d16, three, {}, '\x03');
    check(d16, bom.slice(0, 1), { stream: true }, '');
    check(d16, [...bom.slice(1), ...three], {}, '\x03');
    check(d16, bom, { stream: true }, '');
    check(d16, [...bom, ...three], {}, '\uFEFF\x03');
    check(d16, bom.slice(0, 1), { stream: true }, '');
    check(d16, [...bom.slice(1), ...bom, ...three], {}, '\uFEFF\x03');
  }
});

test('stream: any split gives the one-shot result', () => {
  const utf8 = u(0xf0, 0xc3, 0x80, 42, 42);
  assert.equal(new TextDecoder().decode(utf8), '\uFFFD\xC0**');
  const d = new TextDecoder();
  const parts = [d.decode(utf8.subarray(0, 1), { stream: true }), d.decode(utf8.subarray(1), { stream: true }), d.decode()];
  assert.equal(parts.join(''), '\uFFFD\xC0**');
  assert.equal(new TextDecoder().decode(u(0xc0), { stream: true }), '\uFFFD');
  assert.equal(new TextDecoder().decode(u(0xff), { stream: true }), '\uFFFD');
  assert.equal(new TextDecoder().decode(u(0xed, 0xbf), { stream: true }), '\uFFFD\uFFFD');

  const vectors = {
    gbk: [
      [[0x81, 0x82], '\u4E97'],
      [[0xa0, 0x30, 0x2b], '\uFFFD0+'],
    ],
    gb18030: [
      [[0x81, 0x82], '\u4E97'],
      [[0xa0, 0x30, 0x2b], '\uFFFD0+'],
    ],
    big5: [[[0xfe, 0x40], '\u9442']],
    shift_jis: [[[0x81, 0x87], '\u221E']],
    'euc-kr': [[[0x81, 0x41], '\uAC02']],
    'euc-jp': [[[0xb0, 0xb0], '\u65ED']],
    'iso-2022-jp': [[[0x2a, 0x1b], '*\uFFFD']],
  };
  for (const [label, list] of Object.entries(vectors)) {
    for (const [list8, text] of list) {
      const bytes = Uint8Array.from(list8);
      assert.equal(new TextDecoder(label).decode(bytes), text);
      const patterns = [
        (d) => [d.decode(bytes.subarray(0, 1), { stream: true }), d.decode(bytes.subarray(1))],
        (d) => [d.decode(bytes.subarray(0, 1), { stream: true }), d.decode(bytes.subarray(1), { stream: true }), d.decode()],
        (d) => [
          d.decode(bytes.subarray(0, 1), { stream: true }),
          d.decode(u(), { stream: true }),
          d.decode(bytes.subarray(1), { stream: true }),
          d.decode(),
        ],
        (d) => [d.decode(bytes.subarray(0, 2), { stream: true }), d.decode(bytes.subarray(2), { stream: true }), d.decode()],
      ];
      for (const [i, pattern] of patterns.entries()) {
        assert.equal(pattern(new TextDecoder(label)).join(''), text, `${label} ${list8} pattern ${i}`);
      }
    }
  }
});

test('replacement pushes back ASCII; multi-byte encodings are ASCII supersets', () => {
  const vectors = {
    big5: [
      [[0x80], '\uFFFD'],
      [[0x81, 0x40], '\uFFFD@'],
      [[0x83, 0x5c], '\uFFFD\x5C'],
      [[0x87, 0x87, 0x40], '\uFFFD@'],
      [[0x81, 0x81], '\uFFFD'],
    ],
    'iso-2022-jp': [
      [[0x1b, 0x24], '\uFFFD$'],
      [[0x1b, 0x24, 0x40, 0x1b, 0x24], '\uFFFD\uFFFD'],
    ],
    gb18030: [
      [[0xa0, 0x30, 0x2b], '\uFFFD0+'],
      [[0x81, 0x31], '\uFFFD'],
    ],
    'euc-jp': [
      [[0x80], '\uFFFD'],
      [[0x8d, 0x8d], '\uFFFD\uFFFD'],
      [[0x8e, 0x8e], '\uFFFD'],
    ],
    'euc-kr': [
      [[0x80], '\uFFFD'],
      [[0xad, 0xad], '\uFFFD'],
      [[0x41, 0xc7, 0x41], 'A\uFFFDA'],
    ],
    shift_jis: [[[0x85, 0x85], '\uFFFD']],
  };
  vectors.gbk = vectors.gb18030;
  for (const [label, list] of Object.entries(vectors)) {
    for (const [bytes, text] of list) {
      assert.equal(decodes(new TextDecoder(label), bytes), text, `${label} ${bytes}`);
      throwsType(() => decodes(new TextDecoder(label, { fatal: true }), bytes));
    }
  }
  for (const label of ['gbk', 'gb18030', 'big5', 'euc-jp', 'shift_jis', 'euc-kr', 'windows-1252', 'ibm866']) {
    for (const fatal of [false, true]) {
      const d = new TextDecoder(label, { fatal });
      for (const byte of [0x00, 0x1a, 0x1c, 0x42, 0x7f]) assert.equal(d.decode(u(byte)), String.fromCharCode(byte), label);
    }
  }
  // Concatenating two ISO-2022-JP outputs is not always valid.
  const roman = [0x1b, 0x28, 0x4a, 0x5c, 0x1b, 0x28, 0x42];
  assert.equal(decodes(new TextDecoder('iso-2022-jp', { fatal: true }), roman), '\xA5');
  throwsType(() => decodes(new TextDecoder('iso-2022-jp', { fatal: true }), [...roman, ...roman]));
  assert.equal(decodes(new TextDecoder('iso-2022-jp'), [...roman, ...roman]), '\xA5\uFFFD\xA5');
});

test('invalid Unicode is replaced; UTF-16 never produces more than was truncated', () => {
  const d = new TextDecoder();
  assert.equal(d.decode(u(0, 254, 255)), '\0\uFFFD\uFFFD');
  assert.equal(d.decode(u(0x80)), '\uFFFD');
  assert.equal(d.decode(u(0xf0, 0x90, 0x80)), '\uFFFD');
  assert.equal(d.decode(u(0xf0, 0x80, 0x80)), '\uFFFD\uFFFD\uFFFD');
  const le = new TextDecoder('utf-16le');
  assert.equal(le.decode(u(0, 0, 0)), '\0\uFFFD');
  assert.equal(le.decode(u(42, 0, 0)), '*\uFFFD');
  assert.equal(le.decode(u(0, 0xd8, 0)), '\uFFFD');
  assert.equal(le.decode(u(0, 0xd8, 0xd8)), '\uFFFD');
  const be = new TextDecoder('utf-16be');
  assert.equal(be.decode(u(0, 0, 0)), '\0\uFFFD');
  assert.equal(be.decode(u(0, 42, 0)), '*\uFFFD');
  assert.equal(be.decode(u(0xd8, 0, 0)), '\uFFFD');
  assert.equal(be.decode(u(0xd8, 0, 0xd8)), '\uFFFD');
  for (const label of ['windows-874', 'windows-1250', 'windows-1252', 'windows-1253', 'latin1', 'ascii']) {
    for (const fatal of [false, true]) {
      const dl = new TextDecoder(label, { fatal });
      for (let i = 1; i <= 33; i++) {
        const bytes = new Uint8Array(i);
        bytes[i - 1] = 0x80;
        assert.equal(dl.decode(bytes)[i - 1], '€', `${label} ${i}`);
      }
    }
  }
  assert.throws(() => new TextDecoder('\u212Aoi8-r'), RangeError);
  assert.equal(new TextDecoder('UTF-8').encoding, 'utf-8');
});

test('the JS fast paths give what the wasm decoders give', () => {
  // Short inputs of every kind: ASCII, well-formed and malformed UTF-8, BOMs, every split.
  const samples = [
    [],
    [0x61],
    [0x61, 0x62, 0x63],
    [0xe3, 0x81, 0x82],
    [0xef, 0xbb, 0xbf],
    [0xef, 0xbb, 0xbf, 0x61],
    [0xf0, 0x9f, 0x98, 0x80],
    [0xf4, 0x8f, 0xbf, 0xbf],
    [0xed, 0x9f, 0xbf],
    [0xed, 0xa0, 0x80],
    [0xc2, 0x80],
    [0xc1, 0xbf],
    [0xe0, 0x9f, 0x80],
    [0xf0, 0x8f, 0x80, 0x80],
    [0xf4, 0x90, 0x80, 0x80],
    [0xe3, 0x81],
    Array.from({ length: 64 }, (_, i) => 0x20 + i),
    [...Array(61).fill(0x61), 0xe3, 0x81, 0x82],
    [...Array(62).fill(0x61), 0xe3, 0x81],
  ];
  for (const label of ['utf-8', 'shift_jis', 'windows-1252', 'gb18030', 'x-user-defined']) {
    for (const bytes of samples) {
      for (const fatal of [false, true]) {
        let whole;
        try {
          whole = weft.decode(Uint8Array.from(bytes), label, { bom: false, fatal });
          if (label === 'utf-8' && whole.charCodeAt(0) === 0xfeff) whole = whole.slice(1);
        } catch (error) {
          whole = error.constructor;
        }
        let ours;
        try {
          ours = decodes(new TextDecoder(label, { fatal }), bytes);
        } catch (error) {
          ours = error.constructor;
        }
        assert.equal(ours, whole, `${label} ${bytes}`);
      }
    }
  }
});
