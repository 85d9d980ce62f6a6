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

// The two-byte decoders share one loop over two tables built from Rust's index on first use:
// `single`, the one unit of each byte that is a character alone (0: none), and `pairs`, the
// unit of each lead and trail byte pair (lead << 8 | trail; 0: none, so that the loop stops
// there). One lookup per character instead of the range checks and pointer arithmetic: the loop
// is what the time goes to in an interpreter. A pair's trail past the end reads undefined, as
// trail byte 0, which no decoder takes.
const TWO_CODE_POINTS = 0xffff; // in `pairs`: Big5 above U+FFFF, looked up in its index instead

/**
 * Decodes while each byte is ASCII, a byte of `single` or the lead of a pair of `pairs`. Returns
 * the bytes read (`length` is the array's length). At most one unit per byte.
 */
function twoByte(bytes, length, { single, pairs, big5 }) {
  const units = outputFor(length);
  let i = 0;
  let o = 0;
  let byte = 0;
  let unit = 0;
  while (i < length) {
    byte = bytes[i];
    if (byte < 0x80) {
      units[o++] = byte;
      i++;
    } else if ((unit = single[byte]) !== 0) {
      units[o++] = unit;
      i++;
    } else {
      unit = pairs[(byte << 8) | bytes[i + 1]];
      if (unit === 0) break;
      if (unit === TWO_CODE_POINTS) {
        // Big5 above U+FFFF, as a surrogate pair.
        const codePoint = big5[(byte - 0x81) * 157 + bytes[i + 1] - (bytes[i + 1] < 0x7f ? 0x40 : 0x62)];
        units[o++] = 0xd7c0 + (codePoint >> 10);
        unit = 0xdc00 | (codePoint & 0x3ff);
      }
      units[o++] = unit;
      i += 2;
    }
  }
  written = o;
  return i;
}

/** The bytes from `from` to `to` and, when given, from `from2` to `to2`. */
function bytesIn(from, to, from2 = 1, to2 = 0) {
  const bytes = [];
  for (let byte = from; byte <= to; byte++) bytes[bytes.length] = byte;
  for (let byte = from2; byte <= to2; byte++) bytes[bytes.length] = byte;
  return bytes;
}

/**
 * The tables of a two-byte decoder: `singles` (byte → unit), and each lead and trail byte pair
 * the standard's decoder steps turn into a pointer (`pointer(lead, trail)`), whose code point in
 * `index` goes in `pairs` (`unit(pointer)` for the units that are not the index's).
 */
function tables(index, { singles = [], leads, trails, pointer, unit = () => undefined }) {
  const single = new Uint16ArrayCtor(256);
  // Index loops, not for-of: a page may have replaced the array iterator by the first decode.
  for (let i = 0; i < singles.length; i++) single[singles[i][0]] = singles[i][1];
  const pairs = new Uint16ArrayCtor(0x10000);
  let aboveBmp = false;
  const leadBytes = leads();
  for (let l = 0; l < leadBytes.length; l++) {
    const lead = leadBytes[l];
    const trailBytes = trails(lead);
    for (let t = 0; t < trailBytes.length; t++) {
      const trail = trailBytes[t];
      const at = pointer(lead, trail);
      const value = unit(at) ?? index[at] ?? 0;
      aboveBmp ||= value > 0xffff;
      pairs[(lead << 8) | trail] = value > 0xffff ? TWO_CODE_POINTS : value;
    }
  }
  // Rust's index is kept only where `pairs` points into it.
  return { single, pairs, big5: aboveBmp ? index : undefined };
}

// The decoder steps of §10.2.1 (gb18030), §11.1.1 (Big5), §12.1.1 (EUC-JP), §12.3.1
// (Shift_JIS), §13.1.1 (EUC-KR) for the characters the loop decodes.
const GB18030 = {
  singles: [[0x80, 0x20ac]],
  leads: () => bytesIn(0x81, 0xfe),
  trails: () => bytesIn(0x40, 0x7e, 0x80, 0xfe),
  pointer: (lead, trail) => (lead - 0x81) * 190 + trail - (trail < 0x7f ? 0x40 : 0x41),
};
const TWO_BYTE = {
  shift_jis: {
    singles: [[0x80, 0x80], ...bytesIn(0xa1, 0xdf).map((byte) => [byte, 0xff61 - 0xa1 + byte])],
    leads: () => bytesIn(0x81, 0x9f, 0xe0, 0xfc),
    trails: () => bytesIn(0x40, 0x7e, 0x80, 0xfc),
    pointer: (lead, trail) => (lead - (lead < 0xa0 ? 0x81 : 0xc1)) * 188 + trail - (trail < 0x7f ? 0x40 : 0x41),
    unit: (pointer) => (pointer >= 8836 && pointer <= 10715 ? 0xe000 - 8836 + pointer : undefined),
  },
  'euc-jp': {
    leads: () => bytesIn(0x8e, 0x8e, 0xa1, 0xfe),
    trails: (lead) => (lead === 0x8e ? bytesIn(0xa1, 0xdf) : bytesIn(0xa1, 0xfe)),
    // 0x8E's halfwidth katakana as negative pointers.
    pointer: (lead, trail) => (lead === 0x8e ? -trail : (lead - 0xa1) * 94 + trail - 0xa1),
    unit: (pointer) => (pointer < 0 ? 0xff61 - 0xa1 - pointer : undefined),
  },
  gbk: GB18030,
  gb18030: GB18030,
  big5: {
    leads: () => bytesIn(0x81, 0xfe),
    trails: () => bytesIn(0x40, 0x7e, 0xa1, 0xfe),
    pointer: (lead, trail) => (lead - 0x81) * 157 + trail - (trail < 0x7f ? 0x40 : 0x62),
    // The four pointers of two code points are left to Rust.
    unit: (pointer) => (pointer === 1133 || pointer === 1135 || pointer === 1164 || pointer === 1166 ? 0 : undefined),
  },
  'euc-kr': {
    leads: () => bytesIn(0x81, 0xfe),
    trails: () => bytesIn(0x41, 0xfe),
    pointer: (lead, trail) => (lead - 0x81) * 190 + trail - 0x41,
  },
};

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
  let byte = 0,
    trail = 0,
    unit = 0,
    lead = 0,
    next = 0;
  let state = ASCII_STATE;
  // The ISO-2022-JP output flag: set by an escape sequence, unset by each code point output.
  let escaped = false;
  while (i < length) {
    byte = bytes[i];
    if (byte === 0x1b) {
      if (escaped || i + 2 >= length) break;
      lead = bytes[i + 1];
      next = bytes[i + 2];
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
      trail = bytes[i + 1];
      if (trail < 0x21 || trail > 0x7e) break;
      unit = index[(byte - 0x21) * 94 + trail - 0x21];
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

/**
 * The run of the encoding `name` (its lowercase name), or undefined for the encodings without
 * one: `(bytes, length) => read`, decoding `bytes` (`length` is its length) as far as described
 * above (decodedString() is what they decode to, decodedState() the state they stopped in).
 * `index()` gives the decoder's index from Rust (a Uint32Array: pointer → code point, 0 for
 * null), asked on the first run.
 */
export function multiByteRun(name, index) {
  const twoByteSteps = TWO_BYTE[name];
  if (twoByteSteps === undefined && name !== 'iso-2022-jp') return undefined;
  let table;
  return (bytes, length) => {
    stoppedState = 0;
    if (twoByteSteps === undefined) {
      table ??= new Uint16ArrayCtor(index());
      return iso2022Jp(bytes, length, table);
    }
    table ??= tables(index(), twoByteSteps);
    return twoByte(bytes, length, table);
  };
}
