// UTF-8 in JavaScript: the Encoding Standard's UTF-8 decoder and encoder, the second copies of
// src/encoding/utf8.rs. They exist in JavaScript because:
//  - the glue and js/io.js need a UTF-8 coder on hosts without TextEncoder/TextDecoder (old and
//    embedded engines: QuickJS, Hermes): an encoder in each encoding wasm cost 1.1–1.2 KB gzip
//    for the hosts that never use it (docs/size.md, "Design choices and their measured
//    reasons"), and the glue's decoder must work before and without any wasm;
//  - a TextDecoder decodes inputs of up to 64 bytes that are ASCII or well-formed UTF-8 here,
//    for less than a crossing into wasm costs: a 3-byte decode runs 2.4–3.9× native in Node
//    with no crossing (docs/speed.md, "Where weft stands"; docs/encoding.md, "Small calls").
// tests/node/utf8-fallback.test.mjs checks both against the Rust coders through encoding.wasm.
// Built-ins captured at load (a page may replace them later).
const { fromCharCode } = String;
const { apply } = Reflect;
const Uint16ArrayCtor = Uint16Array;

/** UTF-8 encode of a string into `view`, lone surrogates as U+FFFD, stopping before a code point that does not fit. */
export function encodeIntoLoop(string, view) {
  let read = 0;
  let written = 0;
  const length = string.length;
  while (read < length) {
    let code = string.charCodeAt(read);
    let units = 1;
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = read + 1 < length ? string.charCodeAt(read + 1) : 0;
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
        units = 2;
      } else {
        code = 0xfffd;
      }
    }
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (written + size > view.length) break;
    if (size === 1) {
      view[written] = code;
    } else {
      let shift = 6 * (size - 1);
      view[written] = ((0xf00 >> size) & 0xff) | (code >> shift);
      for (let i = 1; i < size; i++) {
        shift -= 6;
        view[written + i] = 0x80 | ((code >> shift) & 0x3f);
      }
    }
    written += size;
    read += units;
  }
  return { read, written };
}

/** UTF-8 encode of a string into a new Uint8Array, lone surrogates as U+FFFD. */
export function encodeLoop(string) {
  // At most three bytes per code unit (a pair's four bytes are two units' worth).
  const view = new Uint8Array(string.length * 3);
  return view.slice(0, encodeIntoLoop(string, view).written);
}

/** decodeUtf8Into's modes. */
// The standard's decoder: each error is U+FFFD, an incomplete sequence at the end one U+FFFD.
export const REPLACE = 0;
// -1 unless the bytes are well-formed and end on a character boundary: then any UTF-8 decoder
// from its initial state gives these code units, streaming or not, fatal or not.
export const STRICT = 1;
// -1 unless every byte is ASCII: the code units every ASCII-compatible encoding's decoder gives
// such bytes from its initial state.
export const ASCII = 2;

/** What decodeUtf8Into writes: UTF-16 code units. */
export const units = new Uint16ArrayCtor(0x2000);
const unitsBuffer = units.buffer;
const CAPACITY = 0x2000;
/** The index of the first byte the last decodeUtf8Into left for the next call. */
export let decodedEnd = 0;

/**
 * The UTF-8 decoder (Encoding Standard §8.1.1, no BOM handling) over `bytes[start, length)` in
 * `mode` (REPLACE, STRICT or ASCII), into `units`: the number of code units written, or -1 where
 * STRICT or ASCII refuse. It stops early, at a character boundary (`decodedEnd`), before `units`
 * could overflow. (In parentheses: V8 compiles it with the script, not on the first decode.)
 */
// prettier-ignore
export const decodeUtf8Into = (function (bytes, start, length, mode) {
  let count = 0;
  let i = start;
  // A sequence that starts before `end` ends before `end + 3`: at most CAPACITY units.
  const end = length - start > CAPACITY ? start + CAPACITY - 3 : length;
  while (i < end) {
    const lead = bytes[i++];
    if (lead < 0x80) {
      units[count++] = lead;
      continue;
    }
    if (mode === ASCII) return -1;
    // Well-formed two- and three-byte sequences (most non-ASCII text) first, in one test each;
    // the standard's steps below give the same units, slower.
    if (lead > 0xc1 && lead < 0xe0 && i < length && (bytes[i] & 0xc0) === 0x80) {
      units[count++] = ((lead & 0x1f) << 6) | (bytes[i++] & 0x3f);
      continue;
    }
    if (lead > 0xe0 && lead < 0xf0 && lead !== 0xed && i + 1 < length && (bytes[i] & 0xc0) === 0x80 && (bytes[i + 1] & 0xc0) === 0x80) {
      units[count++] = ((lead & 0xf) << 12) | ((bytes[i] & 0x3f) << 6) | (bytes[i + 1] & 0x3f);
      i += 2;
      continue;
    }
    // The bytes needed after the lead, and the bounds of the first of them.
    const needed = lead < 0xc2 ? 0 : lead < 0xe0 ? 1 : lead < 0xf0 ? 2 : lead < 0xf5 ? 3 : 0;
    let lower = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    let upper = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    let code = lead & (0x3f >> needed);
    let seen = 0;
    for (; seen < needed && i < length; seen++) {
      const byte = bytes[i];
      // (A byte that does not continue the sequence is not consumed: it starts the next one.)
      if (byte < lower || byte > upper) break;
      lower = 0x80;
      upper = 0xbf;
      code = (code << 6) | (byte & 0x3f);
      i++;
    }
    if (needed === 0 || seen < needed) {
      if (mode !== REPLACE) return -1;
      units[count++] = 0xfffd;
    } else if (code >= 0x10000) {
      units[count++] = 0xd7c0 + (code >> 10);
      units[count++] = 0xdc00 | (code & 0x3ff);
    } else {
      units[count++] = code;
    }
  }
  decodedEnd = i;
  return count;
});

/**
 * The UTF-8 decoder over the first `length` bytes of `bytes`, as a string: REPLACE, or STRICT
 * (`fatal`: undefined where the bytes are not well-formed UTF-8 ending on a character boundary).
 */
export function decodeUtf8Fatal(bytes, length) {
  let string = '';
  for (let i = 0; i < length; i = decodedEnd) {
    const count = decodeUtf8Into(bytes, i, length, STRICT);
    if (count < 0) return undefined;
    string += apply(fromCharCode, null, new Uint16ArrayCtor(unitsBuffer, 0, count));
  }
  return string;
}

/** The UTF-8 decoder (REPLACE) over the first `length` bytes of `bytes`, as a string. */
export function decodeUtf8(bytes, length) {
  let string = '';
  for (let i = 0; i < length; i = decodedEnd) {
    string += apply(fromCharCode, null, new Uint16ArrayCtor(unitsBuffer, 0, decodeUtf8Into(bytes, i, length, REPLACE)));
  }
  return string;
}
