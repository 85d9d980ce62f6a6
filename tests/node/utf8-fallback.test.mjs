// js/fallback/utf8.js, the JavaScript copy of the Encoding Standard's UTF-8 decoder and encoder,
// against the Rust ones (src/encoding/utf8.rs) through encoding.wasm: webweft/encoding's
// `decode` and `encode` always cross into wasm. The decoder in each of its modes (REPLACE for the
// glue on hosts without a TextDecoder, STRICT and ASCII for TextDecoder's short inputs), chunk
// boundaries included; the encoder whole and into destinations of every size.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { decode, encode } from 'webweft/encoding';
import {
  ASCII,
  REPLACE,
  STRICT,
  decodeUtf8,
  decodeUtf8Into,
  decodedEnd,
  encodeIntoLoop,
  encodeLoop,
  units,
} from '../../js/fallback/utf8.js';

/** Rust's UTF-8 decoding of `bytes` (no BOM handling), or null where fatal decoding fails. */
const rust = (bytes, fatal) => {
  try {
    return decode(bytes, 'utf-8', { bom: false, fatal });
  } catch (error) {
    assert.ok(fatal && error instanceof TypeError, String(error));
    return null;
  }
};

/** decodeUtf8Into over the whole of `bytes` in `mode`: the string, or null for -1. */
function decodeInto(bytes, mode) {
  let string = '';
  for (let i = 0; i < bytes.length; i = decodedEnd) {
    const count = decodeUtf8Into(bytes, i, bytes.length, mode);
    if (count < 0) return null;
    string += String.fromCharCode(...units.subarray(0, count));
  }
  return string;
}

// Bytes that look like UTF-8: every lead and continuation byte class, boundary bytes, truncations.
const utf8ish = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 0x7f }),
      fc.constantFrom(
        0x80,
        0x8f,
        0x90,
        0x9f,
        0xa0,
        0xbf,
        0xc0,
        0xc1,
        0xc2,
        0xdf,
        0xe0,
        0xe1,
        0xec,
        0xed,
        0xee,
        0xef,
        0xf0,
        0xf1,
        0xf3,
        0xf4,
        0xf5,
        0xff,
      ),
      fc.integer({ min: 0x80, max: 0xbf }),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }).map((string) => [...new TextEncoder().encode(string)]),
    ),
    { maxLength: 80 },
  )
  .map((parts) => Uint8Array.from(parts.flat()));
const anyBytes = fc.oneof(utf8ish, fc.uint8Array({ maxLength: 80 }));

test('the decoder, REPLACE: the Rust decoder with replacement', () => {
  fc.assert(
    fc.property(anyBytes, (bytes) => {
      const expected = rust(bytes, false);
      assert.equal(decodeUtf8(bytes, bytes.length), expected);
      assert.equal(decodeInto(bytes, REPLACE), expected);
    }),
    { numRuns: 20000 },
  );
});

test('the decoder, STRICT: the Rust decoder in fatal mode, or -1 where it fails', () => {
  fc.assert(
    fc.property(anyBytes, (bytes) => {
      assert.equal(decodeInto(bytes, STRICT), rust(bytes, true));
    }),
    { numRuns: 20000 },
  );
});

test('the decoder, ASCII: the bytes themselves when all are ASCII, else -1', () => {
  fc.assert(
    fc.property(anyBytes, (bytes) => {
      const ascii = bytes.every((byte) => byte < 0x80);
      assert.equal(decodeInto(bytes, ASCII), ascii ? rust(bytes, true) : null);
    }),
    { numRuns: 5000 },
  );
});

test('the decoder over many chunks of units: the Rust decoder', () => {
  // Long inputs cross decodeUtf8Into's chunks of 8,192 units at every kind of sequence.
  fc.assert(
    fc.property(fc.array(utf8ish, { minLength: 1, maxLength: 8 }), fc.integer({ min: 8000, max: 20000 }), (pieces, length) => {
      const bytes = new Uint8Array(length);
      for (let i = 0, piece = 0; i < length; piece++) {
        const part = pieces[piece % pieces.length];
        bytes.set(part.subarray(0, length - i), i);
        i += Math.max(part.length, 1);
      }
      assert.equal(decodeUtf8(bytes, length), rust(bytes, false));
    }),
    { numRuns: 60 },
  );
});

test('the encoder: the Rust encoder, whole and into destinations of every size', () => {
  fc.assert(
    fc.property(
      fc.string({
        unit: fc.oneof(
          fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF', 'a', '\u007f', '\u0080', '\u07ff', '\u0800', '\uffff'),
          fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
        ),
        maxLength: 40,
      }),
      (string) => {
        const expected = encode(string, 'utf-8');
        assert.deepEqual(encodeLoop(string), expected);
        // encodeInto writes the longest prefix of whole code points that fits.
        const boundaries = [[0, 0]];
        for (let read = 0, written = 0; read < string.length;) {
          const code = string.codePointAt(read);
          const pair = code > 0xffff;
          written += encode(String.fromCodePoint(code >= 0xd800 && code <= 0xdfff ? 0xfffd : code), 'utf-8').length;
          read += pair ? 2 : 1;
          boundaries.push([read, written]);
        }
        for (let size = 0; size <= expected.length + 1; size++) {
          const destination = new Uint8Array(size);
          const [read, written] = boundaries.findLast(([, bytes]) => bytes <= size);
          assert.deepEqual(encodeIntoLoop(string, destination), { read, written });
          assert.deepEqual(destination.subarray(0, written), expected.subarray(0, written));
        }
      },
    ),
    { numRuns: 3000 },
  );
});
