// js/fallback/multi-byte.js, the JavaScript runs of the CJK decoders in the build without
// WebAssembly, against the Rust decoders (src/encoding/) through encoding.wasm:
//  - each run alone, over an index rebuilt here from Rust's decoding of every pointer's bytes
//    (the pointer's bytes written out as the standard's encoders write them): every index entry
//    decodes as Rust decodes it, every lead and trail byte pair stops where Rust would not give
//    exactly one code point, and all entries in one input go through the run to the end;
//  - the build without WebAssembly (encoding.no-wasm.js, where TextDecoder runs them before the
//    translated Rust) against the wasm build on random, truncated and streamed input, loose and
//    fatal.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { TextDecoder as WasmTextDecoder, decode, encode } from 'webweft/encoding';
import { decodedState, decodedString, multiByteRun } from '../../js/fallback/multi-byte.js';

const noWasm = await import(new URL('encoding.no-wasm.js', import.meta.resolve('webweft/package.json')).href);

// Each index: how many pointers, the bytes of a pointer (the standard's encoder steps), and
// what goes before them (ISO-2022-JP's escape to its lead byte state).
const ESCAPE_TO_JIS0208 = [0x1b, 0x24, 0x42];
const INDEXES = {
  shift_jis: {
    pointers: 60 * 188,
    bytes: (pointer) => {
      const lead = Math.floor(pointer / 188);
      const trail = pointer % 188;
      return [lead + (lead < 0x1f ? 0x81 : 0xc1), trail + (trail < 0x3f ? 0x40 : 0x41)];
    },
  },
  'euc-jp': { pointers: 94 * 94, bytes: (pointer) => [0xa1 + Math.floor(pointer / 94), 0xa1 + (pointer % 94)] },
  'iso-2022-jp': {
    pointers: 94 * 94,
    before: ESCAPE_TO_JIS0208,
    bytes: (pointer) => [0x21 + Math.floor(pointer / 94), 0x21 + (pointer % 94)],
  },
  gb18030: {
    pointers: 126 * 190,
    bytes: (pointer) => [0x81 + Math.floor(pointer / 190), (pointer % 190) + (pointer % 190 < 0x3f ? 0x40 : 0x41)],
  },
  big5: {
    pointers: 126 * 157,
    bytes: (pointer) => [0x81 + Math.floor(pointer / 157), (pointer % 157) + (pointer % 157 < 0x3f ? 0x40 : 0x62)],
  },
  'euc-kr': { pointers: 126 * 190, bytes: (pointer) => [0x81 + Math.floor(pointer / 190), 0x41 + (pointer % 190)] },
};
INDEXES.gbk = INDEXES.gb18030;

/** Rust's decoding (encoding.wasm), or null where fatal decoding fails. */
function rust(bytes, label, fatal = false) {
  try {
    return decode(Uint8Array.from(bytes), label, { bom: false, fatal });
  } catch (error) {
    assert.ok(fatal && error instanceof TypeError, String(error));
    return null;
  }
}

/** The one code point Rust decodes `bytes` to, or 0 (an error, none, or more than one). */
function oneCodePoint(bytes, label) {
  const decoded = rust(bytes, label, true);
  if (decoded === null) return 0;
  const codePoint = decoded.codePointAt(0);
  return decoded.length === (codePoint > 0xffff ? 2 : 1) ? codePoint : 0;
}

/** The index as the run gets it from Rust, rebuilt from Rust's decoding of every pointer. */
function indexOf(label) {
  const { pointers, before = [], bytes } = INDEXES[label];
  return Uint32Array.from({ length: pointers }, (_, pointer) => oneCodePoint([...before, ...bytes(pointer)], label));
}

/** The run over `bytes`: what it read and decoded, and the state it stopped in. */
function runOver(run, bytes) {
  const input = Uint8Array.from(bytes);
  const read = run(input, input.length);
  return { read, decoded: decodedString(), state: decodedState() };
}

for (const label of Object.keys(INDEXES)) {
  test(`${label}: the run decodes every index entry as Rust does, and stops on what it does not decode`, () => {
    const { pointers, before = [], bytes } = INDEXES[label];
    const index = indexOf(label);
    let asked = 0;
    const run = multiByteRun(label, () => {
      asked++;
      return index;
    });
    let decoded = 0;
    for (let pointer = 0; pointer < pointers; pointer++) {
      const input = [...before, ...bytes(pointer)];
      const result = runOver(run, input);
      if (index[pointer] !== 0) {
        assert.equal(result.read, input.length, `pointer ${pointer}: the run stopped`);
        assert.equal(result.decoded, String.fromCodePoint(index[pointer]), `pointer ${pointer}`);
        decoded++;
      } else {
        assert.equal(result.read, before.length, `pointer ${pointer}: Rust gives no single code point`);
      }
    }
    assert.ok(decoded > pointers / 2, `${decoded} of ${pointers} entries decoded`);
    assert.equal(asked, 1, 'the index is asked for once');

    // Every pair of a byte from 0x80 on (any byte after ISO-2022-JP's escape) and any byte: the
    // run decodes a prefix of Rust's output and stops before whatever Rust does not decode so.
    for (let lead = before.length === 0 ? 0x80 : 0; lead <= 0xff; lead++) {
      for (let trail = 0; trail <= 0xff; trail++) {
        const input = [...before, lead, trail];
        const result = runOver(run, input);
        const expected = rust(input, label);
        assert.ok(expected.startsWith(result.decoded), `${lead.toString(16)} ${trail.toString(16)}`);
        if (result.read === input.length) assert.equal(result.decoded, expected);
      }
    }

    // Every entry in one input, with ASCII between them (not after ISO-2022-JP's escape, where
    // a line feed goes back to ASCII): the run reads it all.
    const all = [...before];
    for (let pointer = 0; pointer < pointers; pointer++) {
      if (index[pointer] !== 0) all.push(...bytes(pointer), ...(pointer % 7 === 0 && before.length === 0 ? [0x0a] : []));
    }
    const whole = runOver(run, all);
    assert.equal(whole.read, all.length);
    assert.equal(whole.decoded, rust(all, label));
  });
}

/** What `run()` gives, or the name of the error it throws. */
function outcome(run) {
  try {
    return run();
  } catch (error) {
    return error.name;
  }
}

/** The decoder's outputs (or errors) for `chunks` streamed then flushed, then `chunks` whole. */
function streamed(TextDecoder, label, fatal, chunks) {
  const decoder = new TextDecoder(label, { fatal });
  const out = chunks.map((chunk) => outcome(() => decoder.decode(chunk, { stream: true })));
  out.push(outcome(() => decoder.decode()));
  // A decoder that streamed (or failed) decodes afresh.
  for (const chunk of chunks) out.push(outcome(() => decoder.decode(chunk)));
  return out;
}

// Bytes that mix every class each decoder tells apart: ASCII (with Shift_JIS's 0x5C and 0x7E),
// lead and trail bytes of each range, ISO-2022-JP's escapes (complete, cut, unknown, repeated),
// and real encoded text.
const SPECIAL = [
  0x00, 0x0a, 0x0e, 0x0f, 0x1b, 0x21, 0x24, 0x28, 0x30, 0x39, 0x40, 0x41, 0x42, 0x49, 0x4a, 0x5c, 0x5f, 0x7e, 0x7f, 0x80, 0x81,
  0x8e, 0x8f, 0x9f, 0xa0, 0xa1, 0xc6, 0xdf, 0xe0, 0xfc, 0xfd, 0xfe, 0xff,
];
const ESCAPES = [
  [0x1b, 0x28, 0x42],
  [0x1b, 0x28, 0x4a],
  [0x1b, 0x28, 0x49],
  [0x1b, 0x24, 0x40],
  [0x1b, 0x24, 0x42],
  [0x1b, 0x24],
  [0x1b, 0x28, 0x41],
];
const TEXT = 'ascii and 日本語のテキスト, 中文文本, 한국어 텍스트, ｶﾀｶﾅ ¥‾ €\n';
const LABELS = Object.keys(INDEXES);

const bytesFor = (label) =>
  fc
    .array(
      fc.oneof(
        fc.integer({ min: 0, max: 0xff }).map((byte) => [byte]),
        fc.constantFrom(...SPECIAL).map((byte) => [byte]),
        fc.constantFrom(...ESCAPES),
        fc.nat({ max: INDEXES[label].pointers - 1 }).map((pointer) => INDEXES[label].bytes(pointer)),
        fc
          .string({ unit: fc.constantFrom(...TEXT), minLength: 1, maxLength: 30 })
          .map((string) => [...encode(string, label, { mode: 'html' })]),
      ),
      { maxLength: 60 },
    )
    .map((parts) => Uint8Array.from(parts.flat()));

const splits = (bytes, cuts) => {
  const at = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  return [...at, bytes.length].map((end, i) => bytes.subarray(i === 0 ? 0 : at[i - 1], end));
};

test('each run on random input: a prefix of what Rust decodes, all of it where the run reads to the end', () => {
  const runs = Object.fromEntries(LABELS.map((label) => [label, multiByteRun(label, () => indexOf(label))]));
  fc.assert(
    fc.property(
      fc.constantFrom(...LABELS).chain((label) => fc.tuple(fc.constant(label), bytesFor(label))),
      ([label, bytes]) => {
        const result = runOver(runs[label], bytes);
        const expected = rust(bytes, label);
        assert.ok(expected.startsWith(result.decoded));
        if (result.read === bytes.length) assert.equal(result.decoded, expected);
        // Only ISO-2022-JP's decoder stops in a state other than the initial one.
        if (label !== 'iso-2022-jp') assert.equal(result.state, 0);
      },
    ),
    { numRuns: 5000 },
  );
});

test('without WebAssembly, TextDecoder decodes the CJK encodings as the wasm build does: whole, truncated, streamed', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...LABELS).chain((label) => fc.tuple(fc.constant(label), bytesFor(label))),
      fc.boolean(),
      fc.array(fc.nat(), { maxLength: 4 }),
      fc.nat(),
      ([label, bytes], fatal, cuts, truncation) => {
        const truncated = bytes.subarray(0, truncation % (bytes.length + 1));
        for (const input of [bytes, truncated]) {
          assert.deepEqual(streamed(noWasm.TextDecoder, label, fatal, [input]), streamed(WasmTextDecoder, label, fatal, [input]));
        }
        const chunks = splits(bytes, cuts);
        assert.deepEqual(streamed(noWasm.TextDecoder, label, fatal, chunks), streamed(WasmTextDecoder, label, fatal, chunks));
      },
    ),
    { numRuns: 3000 },
  );
});

test('without WebAssembly, long CJK inputs (beyond the runs’ kept output) decode as in the wasm build', () => {
  for (const label of LABELS) {
    const unit = encode(TEXT, label, { mode: 'html' });
    const bytes = new Uint8Array(unit.length * Math.ceil((1 << 21) / unit.length));
    for (let i = 0; i < bytes.length; i += unit.length) bytes.set(unit, i);
    bytes[bytes.length - 1] = 0xff;
    for (const fatal of [false, true]) {
      assert.deepEqual(
        streamed(noWasm.TextDecoder, label, fatal, [bytes]),
        streamed(WasmTextDecoder, label, fatal, [bytes]),
        label,
      );
    }
  }
});
