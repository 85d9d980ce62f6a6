// The well-formed runs of the CJK decoders (Shift_JIS, EUC-JP, ISO-2022-JP, GBK/gb18030, Big5,
// EUC-KR) in JavaScript, for the build without WebAssembly only: second copies of the decoders'
// well-formed paths in src/encoding/{shift_jis,euc_jp,iso_2022_jp,gb18030,big5,euc_kr}.rs, over
// the same indexes (unpacked by Rust, handed over once by encodingDecoderIndex). They decode
// from a decoder's initial state what the decoder decodes without error, and stop before
// anything else (an error, a byte they do not take, the end of the input in the middle of a
// character) at a character boundary: Rust decodes the rest from the state they stopped in
// (initial, but for ISO-2022-JP's modes), errors, streaming state and flush included, so the
// standard's error handling stays in Rust alone.
// Why they exist: in QuickJS and Hermes the translated Rust decoders ran at 0.40-0.44× and
// 0.21-0.27× the speed of @exodus/bytes's JavaScript decoders (benches/engines), and even a
// decode loop written by hand in wasm2js's form (typed-array views of one memory, `| 0` and
// `>> 1` on every access) measured ~0.6× a plain JavaScript loop in both interpreters, so no
// shape of the Rust could reach 1.0× there (docs/speed.md, "In engines without WebAssembly").
// tests/node/multi-byte-fallback.test.mjs checks them against the Rust decoders (every index
// entry, random and truncated input, streaming).

// Built-ins captured at load (a page may replace them later).
const { fromCharCode } = String;
const { apply } = Reflect;
const Uint16ArrayCtor = Uint16Array;
const ArrayBufferCtor = ArrayBuffer;

// The UTF-16 output: one array reused between calls, unless a call needs more than OUTPUT_KEPT
// units (that one gets an array of its own).
const OUTPUT_KEPT = 1 << 20;
let keptBuffer = new ArrayBufferCtor(0);
let kept = new Uint16ArrayCtor(keptBuffer);
// What the last run wrote: `written` units in `outputBuffer`; the decoder's state where it stopped.
let outputBuffer = keptBuffer;
let written = 0;
let stoppedState = 0;

/** An output array with room for `length` units. */
function outputFor(length) {
  if (kept.length >= length) {
    outputBuffer = keptBuffer;
    return kept;
  }
  outputBuffer = new ArrayBufferCtor(2 * length);
  const units = new Uint16ArrayCtor(outputBuffer);
  if (length <= OUTPUT_KEPT) {
    keptBuffer = outputBuffer;
    kept = units;
  }
  return units;
}

/** The string of the units the last run wrote. */
export function decodedString() {
  let string = '';
  for (let i = 0; i < written; i += 0x2000) {
    string += apply(fromCharCode, null, new Uint16ArrayCtor(outputBuffer, 2 * i, Math.min(0x2000, written - i)));
  }
  return string;
}

/**
 * The decoder's state where the last run stopped, as Rust's state word (`Handler::state`): 0,
 * the initial state, for every decoder but ISO-2022-JP's.
 */
export function decodedState() {
  return stoppedState;
}

// Each run: (bytes, length, index) → the bytes read; `written` units are in the output. At most
// one unit per byte.

/** Shift_JIS (§12.3.1): ASCII and 0x80, halfwidth katakana, EUDC, index jis0208. */
function shiftJis(bytes, length, index) {
  const units = outputFor(length);
  let i = 0;
  let o = 0;
  while (i < length) {
    const byte = bytes[i];
    if (byte <= 0x80) {
      units[o++] = byte;
      i++;
    } else if (byte >= 0xa1 && byte <= 0xdf) {
      units[o++] = 0xff61 - 0xa1 + byte;
      i++;
    } else {
      if (i + 1 === length || byte === 0xa0 || byte > 0xfc) break;
      const trail = bytes[i + 1];
      if (trail < 0x40 || trail === 0x7f || trail > 0xfc) break;
      const pointer = (byte - (byte < 0xa0 ? 0x81 : 0xc1)) * 188 + trail - (trail < 0x7f ? 0x40 : 0x41);
      let unit;
      if (pointer >= 8836 && pointer <= 10715) {
        unit = 0xe000 - 8836 + pointer;
      } else {
        unit = index[pointer];
        if (!unit) break;
      }
      units[o++] = unit;
      i += 2;
    }
  }
  written = o;
  return i;
}

/** EUC-JP (§12.1.1): ASCII, 0x8E halfwidth katakana, index jis0208 (not 0x8F's jis0212). */
function eucJp(bytes, length, index) {
  const units = outputFor(length);
  let i = 0;
  let o = 0;
  while (i < length) {
    const byte = bytes[i];
    if (byte < 0x80) {
      units[o++] = byte;
      i++;
    } else {
      if (i + 1 === length) break;
      const trail = bytes[i + 1];
      if (trail < 0xa1 || trail > 0xfe) break;
      let unit;
      if (byte === 0x8e) {
        if (trail > 0xdf) break;
        unit = 0xff61 - 0xa1 + trail;
      } else {
        if (byte < 0xa1 || byte > 0xfe) break;
        unit = index[(byte - 0xa1) * 94 + trail - 0xa1];
        if (!unit) break;
      }
      units[o++] = unit;
      i += 2;
    }
  }
  written = o;
  return i;
}

/** gb18030 and GBK (§10.2.1): ASCII, 0x80, two-byte index gb18030 (not four-byte sequences). */
function gb18030(bytes, length, index) {
  const units = outputFor(length);
  let i = 0;
  let o = 0;
  while (i < length) {
    const byte = bytes[i];
    if (byte < 0x80) {
      units[o++] = byte;
      i++;
    } else if (byte === 0x80) {
      units[o++] = 0x20ac;
      i++;
    } else {
      if (i + 1 === length || byte === 0xff) break;
      const second = bytes[i + 1];
      if (second < 0x40 || second === 0x7f || second === 0xff) break;
      const unit = index[(byte - 0x81) * 190 + second - (second < 0x7f ? 0x40 : 0x41)];
      if (!unit) break;
      units[o++] = unit;
      i += 2;
    }
  }
  written = o;
  return i;
}

/** Big5 (§11.1.1): ASCII, index Big5 (above U+FFFF too; not the four pointers of two code points). */
function big5(bytes, length, index) {
  const units = outputFor(length);
  let i = 0;
  let o = 0;
  while (i < length) {
    const byte = bytes[i];
    if (byte < 0x80) {
      units[o++] = byte;
      i++;
    } else {
      if (i + 1 === length || byte === 0x80 || byte === 0xff) break;
      const trail = bytes[i + 1];
      if (trail < 0x40 || (trail > 0x7e && trail < 0xa1) || trail === 0xff) break;
      const pointer = (byte - 0x81) * 157 + trail - (trail < 0x7f ? 0x40 : 0x62);
      if (pointer === 1133 || pointer === 1135 || pointer === 1164 || pointer === 1166) break;
      const codePoint = index[pointer];
      if (!codePoint) break;
      if (codePoint > 0xffff) {
        units[o++] = 0xd7c0 + (codePoint >> 10);
        units[o++] = 0xdc00 | (codePoint & 0x3ff);
      } else {
        units[o++] = codePoint;
      }
      i += 2;
    }
  }
  written = o;
  return i;
}

/** EUC-KR (§13.1.1): ASCII, index EUC-KR. */
function eucKr(bytes, length, index) {
  const units = outputFor(length);
  let i = 0;
  let o = 0;
  while (i < length) {
    const byte = bytes[i];
    if (byte < 0x80) {
      units[o++] = byte;
      i++;
    } else {
      if (i + 1 === length || byte === 0x80 || byte === 0xff) break;
      const trail = bytes[i + 1];
      if (trail < 0x41 || trail === 0xff) break;
      const unit = index[(byte - 0x81) * 190 + trail - 0x41];
      if (!unit) break;
      units[o++] = unit;
      i += 2;
    }
  }
  written = o;
  return i;
}

// ISO-2022-JP's decoder states, numbered as src/encoding/iso_2022_jp.rs numbers them.
const ASCII_STATE = 0;
const ROMAN = 1;
const KATAKANA = 2;
const LEADING_BYTE = 3;

/**
 * ISO-2022-JP (§12.2.1): the ASCII, Roman, katakana and lead byte states (index jis0208), and
 * the escape sequences between them; stops before a second escape sequence with no output since
 * the first (the standard's error). Sets the state word (src/encoding/iso_2022_jp.rs `state`:
 * decoder state | output state << 3 | output flag << 6) to the state it stopped in.
 */
function iso2022Jp(bytes, length, index) {
  const units = outputFor(length);
  let i = 0;
  let o = 0;
  let state = ASCII_STATE;
  // The ISO-2022-JP output flag: set by an escape sequence, unset by each code point output.
  let escaped = false;
  while (i < length) {
    const byte = bytes[i];
    if (byte === 0x1b) {
      if (escaped || i + 2 >= length) break;
      const lead = bytes[i + 1];
      const next = bytes[i + 2];
      let to = -1;
      if (lead === 0x28) to = next === 0x42 ? ASCII_STATE : next === 0x4a ? ROMAN : next === 0x49 ? KATAKANA : -1;
      else if (lead === 0x24 && (next === 0x40 || next === 0x42)) to = LEADING_BYTE;
      if (to < 0) break;
      state = to;
      escaped = true;
      i += 3;
      continue;
    }
    if (state === LEADING_BYTE) {
      if (byte < 0x21 || byte > 0x7e || i + 1 === length) break;
      const trail = bytes[i + 1];
      if (trail < 0x21 || trail > 0x7e) break;
      const unit = index[(byte - 0x21) * 94 + trail - 0x21];
      if (!unit) break;
      units[o++] = unit;
      i += 2;
    } else if (state === KATAKANA) {
      if (byte < 0x21 || byte > 0x5f) break;
      units[o++] = 0xff61 - 0x21 + byte;
      i++;
    } else {
      if (byte > 0x7f || byte === 0x0e || byte === 0x0f) break;
      units[o++] = state === ROMAN && byte === 0x5c ? 0xa5 : state === ROMAN && byte === 0x7e ? 0x203e : byte;
      i++;
    }
    escaped = false;
  }
  written = o;
  stoppedState = state | (state << 3) | (escaped ? 0x40 : 0);
  return i;
}

const RUNS = { shift_jis: shiftJis, 'euc-jp': eucJp, 'iso-2022-jp': iso2022Jp, gbk: gb18030, gb18030, big5, 'euc-kr': eucKr };

/**
 * The run of the encoding `name` (its lowercase name), or undefined for the encodings without
 * one: `(bytes, length) => read`, decoding the first `length` bytes as far as described above
 * (decodedString() is what they decode to). `index()` gives the decoder's index from Rust
 * (a Uint32Array: pointer → code point, 0 for null), asked on the first run.
 */
export function multiByteRun(name, index) {
  const run = RUNS[name];
  if (run === undefined) return undefined;
  let table;
  return (bytes, length) => {
    // Big5's has code points above U+FFFF; the others fit 16 bits, in half the memory.
    if (table === undefined) table = name === 'big5' ? index() : new Uint16ArrayCtor(index());
    stoppedState = 0;
    return run(bytes, length, table);
  };
}
