// The base64 and hex codecs in JavaScript: Infra's forgiving-base64 encode and decode and
// isomorphic encode and decode (the second copy of src/infra/base64.rs), and ECMA-262's
// FromBase64 and FromHex with the base64 and hex encoders of Uint8Array's methods. One decoder
// serves both standards: Infra's forgiving-base64 decode is FromBase64 with the "base64"
// alphabet, "loose" last-chunk handling and no length limit (the same outcome for every input:
// tests/node/uint8array-base64.test.mjs checks it against Infra's steps). They are JavaScript,
// not a wasm, because a wasm codec and the glue, io and inflater around it measured 13.7 KB gzip
// for the `atob` app against 2.0 KB with this (docs/size.md, "Design choices and their measured
// reasons"), for speed on the fallback path only: valid input reaches it only on hosts with none
// of the fast paths (js/host/base64.js), where it runs at 0.2–0.6× a wasm codec's speed
// (docs/speed.md, "Host paths"). tests/js_fallbacks.rs checks it against the Rust codec.
export const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
// RFC 4648 §5's "URL and filename safe" alphabet (ECMA-262's "base64url").
const URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

// A decoder's table: each code unit's six-bit value, PADDING for '=', WHITESPACE for ASCII
// whitespace (tab, LF, FF, CR, space), INVALID for the rest.
const PADDING = 64;
const WHITESPACE = 65;
const INVALID = 255;

function decodingTable(alphabet) {
  const table = new Uint8Array(256).fill(INVALID);
  for (let i = 0; i < 64; i++) table[alphabet.charCodeAt(i)] = i;
  table[0x3d] = PADDING;
  for (const whitespace of [0x09, 0x0a, 0x0c, 0x0d, 0x20]) table[whitespace] = WHITESPACE;
  return table;
}

/** The two alphabets: each a decoding table and the character codes the encoder writes. */
export const BASE64 = { decode: decodingTable(ALPHABET), encode: Uint8Array.from(ALPHABET, (char) => char.charCodeAt(0)) };
export const BASE64URL = {
  decode: decodingTable(URL_ALPHABET),
  encode: Uint8Array.from(URL_ALPHABET, (char) => char.charCodeAt(0)),
};
// The largest maxLength (2^53 - 1): no limit.
export const NO_LIMIT = Number.MAX_SAFE_INTEGER;
const HEX_DIGITS = Uint8Array.from('0123456789abcdef', (char) => char.charCodeAt(0));
// Each code unit's value as a hex digit (either case), 255 for the rest.
const HEX_VALUE = new Uint8Array(256).fill(INVALID);
for (let i = 0; i < 16; i++) HEX_VALUE[HEX_DIGITS[i]] = HEX_VALUE['0123456789ABCDEF'.charCodeAt(i)] = i;
const { fromCharCode } = String;
const NativeUint8Array = Uint8Array;
const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
const bufferOf = Object.getOwnPropertyDescriptor(TypedArrayPrototype, 'buffer').get;
const byteOffsetOf = Object.getOwnPropertyDescriptor(TypedArrayPrototype, 'byteOffset').get;

/**
 * Infra isomorphic decode of `codes[0..length)`: the string of those code units, made in chunks
 * (an argument list has a limit).
 */
export function isomorphicDecode(codes, length = codes.length) {
  const buffer = bufferOf.call(codes);
  const offset = byteOffsetOf.call(codes);
  let out = '';
  for (let i = 0; i < length; i += 8192) {
    out += fromCharCode.apply(null, new NativeUint8Array(buffer, offset + i, Math.min(8192, length - i)));
  }
  return out;
}

/** The most bytes the base64 in a string of `length` code units can decode to. */
export function decodedLengthLimit(length) {
  return Math.ceil(length / 4) * 3;
}

/**
 * ECMA-262 FromBase64(string, alphabet, lastChunkHandling, maxLength), writing the bytes into
 * `into` (a Uint8Array that has room for maxLength of them, or for all if there is no limit)
 * from its index 0 as it goes: FromBase64 runs no user code, so nobody can tell. Returns
 * `{read, written, error}`, where `error` says what makes the string not base64 (a message for
 * the SyntaxError the caller throws) or is undefined.
 * @param {string} string
 * @param {{decode: Uint8Array}} alphabet BASE64 or BASE64URL
 * @param {'loose' | 'strict' | 'stop-before-partial'} lastChunkHandling
 * @param {Uint8Array} into
 * @param {number} maxLength
 */
export function decodeBase64(string, alphabet, lastChunkHandling, into, maxLength) {
  const table = alphabet.decode;
  const value = (index) => {
    const code = string.charCodeAt(index);
    return code < 256 ? table[code] : INVALID;
  };
  const result = (read, written, error) => ({ read, written, error });
  // 3. Nothing fits.
  if (maxLength === 0) return result(0, 0);
  // 4-9. (`chunk` holds the chunk's six-bit values as bits, the first one highest.)
  let read = 0;
  let written = 0;
  let chunk = 0;
  let chunkLength = 0;
  let index = 0;
  const length = string.length;
  // 10. Repeat,
  for (;;) {
    // Whole chunks of four alphabet characters that fit, the common case, in one step each:
    // steps a-l for them do exactly this.
    while (chunkLength === 0 && index + 4 <= length && maxLength - written >= 3) {
      const a = value(index);
      const b = value(index + 1);
      const c = value(index + 2);
      const d = value(index + 3);
      if ((a | b | c | d) > 63) break;
      const bits = (a << 18) | (b << 12) | (c << 6) | d;
      into[written] = bits >> 16;
      into[written + 1] = (bits >> 8) & 0xff;
      into[written + 2] = bits & 0xff;
      written += 3;
      index += 4;
      read = index;
      if (written === maxLength) return result(read, written);
    }
    // a. SkipAsciiWhitespace.
    let char = WHITESPACE;
    while (index < length && (char = value(index)) === WHITESPACE) index++;
    // b. The end of the string.
    if (index === length) {
      if (chunkLength > 0) {
        if (lastChunkHandling === 'stop-before-partial') return result(read, written);
        if (lastChunkHandling === 'strict') return result(read, written, 'the last chunk is not padded to four characters');
        // loose:
        if (chunkLength === 1) return result(read, written, 'the last chunk has a single character');
        written = writeChunk(into, written, chunk, chunkLength);
      }
      return result(length, written);
    }
    // c-d.
    index++;
    // e. Padding: it ends the string.
    if (char === PADDING) {
      if (chunkLength < 2) return result(read, written, "an '=' where a chunk has fewer than two characters");
      index = skipAsciiWhitespace(string, index);
      if (chunkLength === 2) {
        if (index === length) {
          if (lastChunkHandling === 'stop-before-partial') return result(read, written);
          return result(read, written, "a chunk of two characters has one '=' only");
        }
        if (string.charCodeAt(index) === 0x3d) index = skipAsciiWhitespace(string, index + 1);
      }
      if (index < length) return result(read, written, 'a character after the padding');
      // DecodeBase64Chunk(chunk, throwOnExtraBits): the bits past the last whole byte.
      const extraBits = chunk & (chunkLength === 2 ? 0xf : 0x3);
      if (lastChunkHandling === 'strict' && extraBits !== 0) {
        return result(read, written, 'the last chunk has bits set past its last byte');
      }
      return result(length, writeChunk(into, written, chunk, chunkLength));
    }
    // f-g. Not in the alphabet ('+' and '/' are not in base64url's, '-' and '_' not in base64's).
    if (char > 63)
      return result(read, written, `${describe(string, index - 1)} is not in the ${alphabetName(alphabet)} alphabet`);
    // h-i. The bytes of the chunk so far fill what is left.
    const remaining = maxLength - written;
    if ((remaining === 1 && chunkLength === 2) || (remaining === 2 && chunkLength === 3)) return result(read, written);
    // j-k.
    chunk = (chunk << 6) | char;
    chunkLength++;
    // l.
    if (chunkLength === 4) {
      written = writeChunk(into, written, chunk, 4);
      chunk = 0;
      chunkLength = 0;
      read = index;
      if (written === maxLength) return result(read, written);
    }
  }
}

/** SkipAsciiWhitespace(string, index). */
function skipAsciiWhitespace(string, index) {
  while (index < string.length && BASE64.decode[string.charCodeAt(index)] === WHITESPACE) index++;
  return index;
}

/** DecodeBase64Chunk's bytes for a chunk of 2, 3 or 4 six-bit values (extra bits dropped). */
function writeChunk(into, written, chunk, chunkLength) {
  const bits = chunk << (6 * (4 - chunkLength));
  into[written++] = bits >> 16;
  if (chunkLength > 2) into[written++] = (bits >> 8) & 0xff;
  if (chunkLength > 3) into[written++] = bits & 0xff;
  return written;
}

function alphabetName(alphabet) {
  return alphabet === BASE64URL ? 'base64url' : 'base64';
}

/** The code unit at `index`, quoted, for an error message. */
function describe(string, index) {
  const code = string.charCodeAt(index);
  const hex = code.toString(16).toUpperCase().padStart(4, '0');
  return code >= 0x20 && code < 0x7f ? `'${string[index]}' (U+${hex}) at index ${index}` : `U+${hex} at index ${index}`;
}

/**
 * RFC 4648 base64 (§4) or base64url (§5) of `bytes[0..length)`, with padding or without: the
 * encoding of Uint8Array.prototype.toBase64 and Infra's forgiving-base64 encode.
 */
export function encodeBase64(bytes, alphabet = BASE64, padding = true, length = bytes.length) {
  const table = alphabet.encode;
  const codes = new NativeUint8Array(Math.ceil(length / 3) * 4);
  let j = 0;
  let i = 0;
  for (; i + 2 < length; i += 3) {
    const bits = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    codes[j++] = table[bits >> 18];
    codes[j++] = table[(bits >> 12) & 63];
    codes[j++] = table[(bits >> 6) & 63];
    codes[j++] = table[bits & 63];
  }
  if (i < length) {
    const bits = (bytes[i] << 16) | (i + 1 < length ? bytes[i + 1] << 8 : 0);
    codes[j++] = table[bits >> 18];
    codes[j++] = table[(bits >> 12) & 63];
    if (i + 1 < length) codes[j++] = table[(bits >> 6) & 63];
    else if (padding) codes[j++] = 0x3d;
    if (padding) codes[j++] = 0x3d;
  }
  return isomorphicDecode(codes, j);
}

/** Infra forgiving-base64 decode of `data`: its bytes, or undefined for failure. */
export function forgivingDecode(data) {
  // FromBase64(data, "base64", "loose") fails exactly where forgiving-base64 decode does.
  const into = new NativeUint8Array(decodedLengthLimit(data.length));
  const { written, error } = decodeBase64(data, BASE64, 'loose', into, NO_LIMIT);
  if (error !== undefined) return undefined;
  return written === into.length ? into : exactCopy(into, written);
}

/** Infra forgiving-base64 encode (RFC 4648 base64 with padding) of `bytes`. */
export function forgivingEncode(bytes) {
  return encodeBase64(bytes);
}

/** A new Uint8Array of `bytes[0..length)`, over a buffer of that length (no species lookup). */
export function exactCopy(bytes, length) {
  return new NativeUint8Array(new NativeUint8Array(bufferOf.call(bytes), byteOffsetOf.call(bytes), length));
}

/**
 * ECMA-262 FromHex(string, maxLength), writing the bytes into `into` from its index 0 (as
 * decodeBase64 above). Returns `{read, written, error}`.
 */
export function decodeHex(string, into, maxLength) {
  // 2-4.
  const length = string.length;
  let read = 0;
  let written = 0;
  // 5. An odd length is an error before anything is read.
  if (length % 2 !== 0) return { read, written, error: 'the string has an odd number of characters' };
  // 6. Repeat, while read < length and the length of bytes < maxLength,
  while (read < length && written < maxLength) {
    const highCode = string.charCodeAt(read);
    const lowCode = string.charCodeAt(read + 1);
    const high = highCode < 256 ? HEX_VALUE[highCode] : INVALID;
    const low = lowCode < 256 ? HEX_VALUE[lowCode] : INVALID;
    // a-b.
    if ((high | low) > 15) return { read, written, error: `${describe(string, high > 15 ? read : read + 1)} is not a hex digit` };
    // c-e.
    read += 2;
    into[written++] = (high << 4) | low;
  }
  return { read, written, error: undefined };
}

/** The lowercase hex of `bytes[0..length)` (Uint8Array.prototype.toHex's steps 3-5). */
export function encodeHex(bytes, length = bytes.length) {
  const codes = new NativeUint8Array(length * 2);
  for (let i = 0; i < length; i++) {
    const byte = bytes[i];
    codes[2 * i] = HEX_DIGITS[byte >> 4];
    codes[2 * i + 1] = HEX_DIGITS[byte & 15];
  }
  return isomorphicDecode(codes);
}

/** Infra isomorphic encode of `data`, or undefined if a code unit is above U+00FF. */
export function isomorphicEncode(data) {
  const bytes = new NativeUint8Array(data.length);
  for (let i = 0; i < data.length; i++) {
    const code = data.charCodeAt(i);
    if (code > 0xff) return undefined;
    bytes[i] = code;
  }
  return bytes;
}
