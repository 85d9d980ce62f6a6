// The host's own base64 code that js/base64.js delegates to (docs/speed.md, "Host paths"):
// Buffer's base64 and Latin1 primitives (Node, Bun, Deno), the TC39 Uint8Array.fromBase64/toBase64
// (Chromium, newer V8 and JavaScriptCore), the host's atob/btoa (browsers, Deno, Bun). Each is
// used only if it passed the probes below when this module loaded (captured then, so a page
// replacing built-ins later changes nothing), and each function here answers only for input it
// has proven valid: undefined otherwise, errors included, and the facade then runs the codec of
// js/fallback/base64.js, which gives the exact result or the exact error.
import { ALPHABET, BASE64, BASE64URL } from '../fallback/base64.js';
import { arrayBufferByteLength } from '../webidl.js';

// The bytes whose base64 is ALPHABET: every six-bit value once, in order.
const ALPHABET_BYTES = Uint8Array.of(
  0x00,
  0x10,
  0x83,
  0x10,
  0x51,
  0x87,
  0x20,
  0x92,
  0x8b,
  0x30,
  0xd3,
  0x8f,
  0x41,
  0x14,
  0x93,
  0x51,
  0x55,
  0x97,
  0x61,
  0x96,
  0x9b,
  0x71,
  0xd7,
  0x9f,
  0x82,
  0x18,
  0xa3,
  0x92,
  0x59,
  0xa7,
  0xa2,
  0x9a,
  0xab,
  0xb2,
  0xdb,
  0xaf,
  0xc3,
  0x1c,
  0xb3,
  0xd3,
  0x5d,
  0xb7,
  0xe3,
  0x9e,
  0xbb,
  0xf3,
  0xdf,
  0xbf,
);
const ALPHABET_LATIN1 = String.fromCharCode(...ALPHABET_BYTES);
// Inputs that forgiving-base64 must reject, each next to a valid one that differs only there.
const INVALID = [
  'QQ=',
  'Q',
  'QQ===',
  'QQ=A',
  '=QQ=',
  'QUJ-',
  'QUJ_',
  'QU*D',
  'QU.D',
  'QQ\v',
  'QQ\u00a0',
  '\u00ffQUJ',
  'QUJ\u0141',
  'QUJ\0',
];

const sameBytes = (a, b) => a.length === b.length && a.every((byte, i) => byte === b[i]);
const throws = (fn) => {
  try {
    fn();
    return false;
  } catch {
    return true;
  }
};

// Node and Bun: Buffer's base64 and Latin1 primitives, called on plain Uint8Arrays.
const { base64Slice, base64Write, latin1Slice, latin1Write, base64urlSlice, hexSlice, hexWrite } =
  globalThis.Buffer?.prototype ?? {};
const allocUnsafeSlow = globalThis.Buffer?.allocUnsafeSlow;
const bufferOf = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), 'buffer').get;
const NOT_LATIN1 = /[^\0-\xFF]/;
const ASCII_WHITESPACE = /[\t\n\f\r ]/g;

/**
 * Forgiving-base64 decode with Buffer's decoder (in `alphabet`: base64url's for
 * Uint8Array.fromBase64's option); undefined where that cannot tell.
 */
function bufferForgivingDecode(data, alphabet = BASE64) {
  // Infra: ASCII whitespace is removed first; the rest of the algorithm runs on what is left.
  return (
    bufferDecode(data, alphabet) ?? (hasWhitespace(data) ? bufferDecode(data.replace(ASCII_WHITESPACE, ''), alphabet) : undefined)
  );
}

function hasWhitespace(data) {
  ASCII_WHITESPACE.lastIndex = 0;
  return ASCII_WHITESPACE.test(data);
}

/**
 * Decodes `data` with Buffer's base64 if it is forgiving-base64 without ASCII whitespace;
 * undefined otherwise. Buffer's decoder skips what is not in its alphabet (its alphabet adds
 * '-' and '_', which are looked for first) and stops at '=', writing floor(6k / 8) bytes for
 * the k characters it took; so it wrote as many bytes as the length promises only if it took
 * every character (the probes check this).
 */
function bufferDecode(data, alphabet = BASE64) {
  let length = data.length;
  if (data.charCodeAt(length - 1) === 0x3d) length -= data.charCodeAt(length - 2) === 0x3d ? 2 : 1;
  // Infra: with padding the length is a multiple of four; without, the remainder is never one.
  if (length === data.length ? length % 4 === 1 : data.length % 4 !== 0) return undefined;
  if (NOT_LATIN1.test(data)) return undefined;
  // The characters of the other alphabet, which Buffer takes too.
  if (alphabet === BASE64 ? data.includes('-') || data.includes('_') : data.includes('+') || data.includes('/')) {
    return undefined;
  }
  const bytes = bytesToOverwrite((length * 3) >> 2);
  // (Returned only when every byte was written: see bytesToOverwrite.)
  return base64Write.call(bytes, data, 0, bytes.length) === bytes.length ? bytes : undefined;
}

/**
 * A new Uint8Array of `length` bytes that the caller overwrites entirely before anyone sees it:
 * over Buffer.allocUnsafeSlow's memory (its own ArrayBuffer, not filled with zeros first, which
 * costs as much as the decoding) where Node, Deno and Bun have it. A buffer that holds more than
 * those bytes (a pool's) is not used: its `buffer` would show the rest.
 */
function bytesToOverwrite(length) {
  if (typeof allocUnsafeSlow !== 'function' || length === 0) return new Uint8Array(length);
  const buffer = bufferOf.call(allocUnsafeSlow(length));
  return arrayBufferByteLength.call(buffer) === length ? new Uint8Array(buffer, 0, length) : new Uint8Array(length);
}

const bufferIsGood =
  typeof base64Slice === 'function' &&
  typeof base64Write === 'function' &&
  typeof latin1Slice === 'function' &&
  typeof latin1Write === 'function' &&
  !throws(() => {
    const probe = (bytes, expected) => {
      if (base64Slice.call(bytes, 0, bytes.length) !== expected) throw new Error();
      if (!sameBytes(bufferDecode(expected), bytes)) throw new Error();
    };
    probe(ALPHABET_BYTES, ALPHABET);
    probe(Uint8Array.of(0x41), 'QQ==');
    probe(Uint8Array.of(0x41, 0x42), 'QUI=');
    probe(new Uint8Array(0), '');
    if (!sameBytes(bufferDecode('QR'), [0x41]) || !sameBytes(bufferDecode('QUJ'), [0x41, 0x42])) throw new Error();
    if (INVALID.some((input) => bufferDecode(input) !== undefined)) throw new Error();
    const latin1 = new Uint8Array(2);
    if (latin1Write.call(latin1, '\0\xff', 0, 2) !== 2 || latin1Slice.call(latin1, 0, 2) !== '\0\xff') throw new Error();
  });

// TC39 Uint8Array.fromBase64 / toBase64 (Chromium, newer V8 and JavaScriptCore): with the default
// options ('base64', lastChunkHandling 'loose') fromBase64 is forgiving-base64 decode.
const nativeFromBase64 = Uint8Array.fromBase64;
const nativeToBase64 = Uint8Array.prototype.toBase64;
const uint8ArrayIsGood =
  typeof nativeFromBase64 === 'function' &&
  typeof nativeToBase64 === 'function' &&
  !throws(() => {
    const decode = (string) => nativeFromBase64.call(Uint8Array, string);
    if (nativeToBase64.call(ALPHABET_BYTES) !== ALPHABET || !sameBytes(decode(ALPHABET), ALPHABET_BYTES)) throw new Error();
    if (nativeToBase64.call(Uint8Array.of(0x41)) !== 'QQ==' || !sameBytes(decode(' Q\tQ\n=\f=\r'), [0x41])) throw new Error();
    if (!sameBytes(decode('QR'), [0x41]) || !sameBytes(decode('QUJ'), [0x41, 0x42])) throw new Error();
    if (!INVALID.every((input) => throws(() => decode(input)))) throw new Error();
  });

// The host's atob and btoa (browsers, Deno), used where there is no Buffer.
const hostAtobFunction = globalThis.atob;
const hostBtoaFunction = globalThis.btoa;
const hostAtobIsGood =
  typeof hostAtobFunction === 'function' &&
  !throws(() => {
    if (hostAtobFunction(ALPHABET) !== ALPHABET_LATIN1 || hostAtobFunction(' Q\tQ\n=\f=\r') !== 'A') throw new Error();
    if (hostAtobFunction('QR') !== 'A' || hostAtobFunction('QUJ') !== 'AB') throw new Error();
    if (!INVALID.every((input) => throws(() => hostAtobFunction(input)))) throw new Error();
  });
const hostBtoaIsGood =
  typeof hostBtoaFunction === 'function' &&
  !throws(() => {
    if (hostBtoaFunction(ALPHABET_LATIN1) !== ALPHABET || hostBtoaFunction('\xff') !== '/w==' || hostBtoaFunction('') !== '')
      throw new Error();
    if (!throws(() => hostBtoaFunction('\u0100')) || !throws(() => hostBtoaFunction('\uD800'))) throw new Error();
  });

// Which goes first where both Buffer and a verified host atob/btoa exist: Buffer in Node, whose
// own atob and btoa are JavaScript loops (1 MiB: btoa 0.88 ms against Buffer's 0.17, Node 24);
// the host's in Bun and Deno, which look like Node but whose atob and btoa are native and whose
// Buffer path is slower (1 MiB, btoa / atob: Bun 0.75 / 1.14 ms against 0.06 / 0.06, where
// JavaScriptCore's regexp scan of the string alone takes 0.8 ms; Deno 3.3 / 0.16 against
// 0.33 / 0.12, its Buffer being JavaScript). Measured with Bun 1.4.5 and Deno 2.9.6.
const versions = globalThis.process?.versions;
const nodeItself = typeof versions?.node === 'string' && versions.bun === undefined && versions.deno === undefined;
const btoaByBuffer = bufferIsGood && (nodeItself || !hostBtoaIsGood);
const atobByBuffer = bufferIsGood && (nodeItself || !hostAtobIsGood);

/** btoa(data) by the host, for a string of code units ≤ U+00FF; else undefined. */
export function hostBtoa(data) {
  if (btoaByBuffer) {
    if (!NOT_LATIN1.test(data)) {
      const bytes = new Uint8Array(data.length);
      latin1Write.call(bytes, data, 0, bytes.length);
      return base64Slice.call(bytes, 0, bytes.length);
    }
  } else if (hostBtoaIsGood) {
    try {
      return hostBtoaFunction(data);
    } catch {
      // the codec throws weft's error
    }
  }
  return undefined;
}

/** atob(data) by the host, for valid forgiving-base64; else undefined. */
export function hostAtob(data) {
  if (atobByBuffer) {
    const bytes = bufferForgivingDecode(data);
    if (bytes) return latin1Slice.call(bytes, 0, bytes.length);
  } else if (hostAtobIsGood) {
    try {
      return hostAtobFunction(data);
    } catch {
      // the codec throws weft's error
    }
  }
  return undefined;
}

/** Forgiving-base64 encode of non-empty bytes (a Uint8Array) by the host; undefined without a path. */
export function hostBase64Encode(bytes) {
  if (uint8ArrayIsGood) {
    return nativeToBase64.call(bytes);
  } else if (bufferIsGood) {
    return base64Slice.call(bytes, 0, bytes.length);
  }
  return undefined;
}

/** Forgiving-base64 decode by the host, for valid input; else undefined. */
export function hostBase64Decode(data) {
  if (uint8ArrayIsGood) {
    try {
      return nativeFromBase64.call(Uint8Array, data);
    } catch {
      // the codec throws weft's error
    }
  } else if (bufferIsGood) {
    const bytes = bufferForgivingDecode(data);
    if (bytes) return bytes;
  }
  return undefined;
}

// ES2026 Uint8Array base64 and hex (js/base64.js's fromBase64, toBase64, ...): the host's own
// methods where they pass the probes below (Chromium, Firefox, Safari, Node 25), else Buffer's
// primitives for the input they can vouch for. The facade has read and checked the arguments
// and options, so these see only a Uint8Array in bounds, a string and the option values; each
// answers undefined where it cannot, and js/fallback/base64.js then gives the exact result or
// error (and, for setFrom*, the exact partial write).
const nativeFromHex = Uint8Array.fromHex;
const nativeToHex = Uint8Array.prototype.toHex;
const nativeSetFromBase64 = Uint8Array.prototype.setFromBase64;
const nativeSetFromHex = Uint8Array.prototype.setFromHex;
const typedArraySet = Object.getPrototypeOf(Uint8Array.prototype).set;
const createObject = Object.create;

/** The options object the host's methods get: no prototype, so no getter of a page's runs. */
function nativeOptions(alphabet, lastChunkHandling, omitPadding) {
  const options = createObject(null);
  options.alphabet = alphabet;
  if (lastChunkHandling !== undefined) options.lastChunkHandling = lastChunkHandling;
  if (omitPadding !== undefined) options.omitPadding = omitPadding;
  return options;
}

// Bugs of early implementations, after core-js's feature tests: WebKit decoded a lone final
// character; options `null` must be a TypeError; a setFromBase64 that fails writes the chunks
// before the error and no more; toHex of eight 0xff bytes (core-js's test of an early toHex);
// setFromHex threw on a length-tracking view (https://issues.chromium.org/issues/454630441).
const nativeBase64IsGood =
  uint8ArrayIsGood &&
  typeof nativeSetFromBase64 === 'function' &&
  !throws(() => {
    const url = (string, lastChunkHandling) =>
      nativeFromBase64.call(Uint8Array, string, nativeOptions('base64url', lastChunkHandling));
    if (!throws(() => nativeFromBase64.call(Uint8Array, 'a')) || !throws(() => nativeFromBase64.call(Uint8Array, '', null)))
      throw new Error();
    if (!throws(() => nativeToBase64.call(new Uint8Array(1), null))) throw new Error();
    if (!sameBytes(url('-_8'), [0xfb, 0xff]) || !throws(() => url('+/8')) || !throws(() => url('QR==', 'strict')))
      throw new Error();
    if (url('QQ', 'stop-before-partial').length !== 0 || !sameBytes(url('QUJD QQ', 'stop-before-partial'), [0x41, 0x42, 0x43]))
      throw new Error();
    if (nativeToBase64.call(Uint8Array.of(0xfb, 0xff), nativeOptions('base64url', undefined, true)) !== '-_8') throw new Error();
    const target = Uint8Array.of(255, 255, 255, 255, 255);
    if (!throws(() => nativeSetFromBase64.call(target, 'MjYyZg==='))) throw new Error();
    if (!sameBytes(target, [50, 54, 50, 255, 255])) throw new Error();
    const result = nativeSetFromBase64.call(new Uint8Array(4), 'QUJD QUJD', nativeOptions('base64'));
    if (result.read !== 4 || result.written !== 3) throw new Error();
  });
const nativeHexIsGood =
  typeof nativeFromHex === 'function' &&
  typeof nativeToHex === 'function' &&
  !throws(() => {
    if (nativeToHex.call(new Uint8Array(64).fill(255)) !== 'ff'.repeat(64)) throw new Error();
    if (nativeToHex.call(ALPHABET_BYTES.subarray(0, 4)) !== '00108310') throw new Error();
    if (!sameBytes(nativeFromHex.call(Uint8Array, '0aFf'), [10, 255]) || !throws(() => nativeFromHex.call(Uint8Array, 'a')))
      throw new Error();
    if (!throws(() => nativeFromHex.call(Uint8Array, '0g')) || !throws(() => nativeFromHex.call(Uint8Array, '\u0130\u0130')))
      throw new Error();
  });
const nativeSetFromHexIsGood =
  nativeHexIsGood &&
  typeof nativeSetFromHex === 'function' &&
  !throws(() => {
    const target = Uint8Array.of(255, 255, 255);
    if (!throws(() => nativeSetFromHex.call(target, '0102zz')) || !sameBytes(target, [1, 2, 255])) throw new Error();
    if (typeof ArrayBuffer.prototype.resize === 'function') {
      const result = nativeSetFromHex.call(new Uint8Array(new ArrayBuffer(4, { maxByteLength: 8 })), 'cafed00d');
      if (result.read !== 8 || result.written !== 4) throw new Error();
    }
  });
// Buffer's hex primitives: hexWrite writes the pairs of hex digits up to the first pair that is
// not one, and returns how many (so a count short of the pairs means an invalid digit).
const bufferHexIsGood =
  typeof hexSlice === 'function' &&
  typeof hexWrite === 'function' &&
  !throws(() => {
    if (hexSlice.call(ALPHABET_BYTES, 0, 4) !== '00108310' || hexSlice.call(new Uint8Array(0), 0, 0) !== '') throw new Error();
    const bytes = Uint8Array.of(7, 7, 7);
    if (hexWrite.call(bytes, '0aFf', 0, 3) !== 2 || !sameBytes(bytes, [10, 255, 7])) throw new Error();
    if (hexWrite.call(bytes, '01g1', 0, 3) !== 1 || !sameBytes(bytes, [1, 255, 7])) throw new Error();
    if (
      hexWrite.call(bytes, '0x', 0, 3) !== 0 ||
      hexWrite.call(bytes, ' 0', 0, 3) !== 0 ||
      hexWrite.call(bytes, '0 ', 0, 3) !== 0
    )
      throw new Error();
    if (hexWrite.call(bytes, '\u00b0\u00b0', 0, 3) !== 0 || !sameBytes(bytes, [1, 255, 7])) throw new Error();
  });
const bufferBase64urlIsGood =
  bufferIsGood &&
  typeof base64urlSlice === 'function' &&
  !throws(() => {
    if (base64urlSlice.call(Uint8Array.of(0xfb, 0xff), 0, 2) !== '-_8') throw new Error();
    if (!sameBytes(bufferDecode('-_8', BASE64URL), [0xfb, 0xff]) || bufferDecode('+/8', BASE64URL) !== undefined)
      throw new Error();
  });

/** Uint8Array.prototype.toBase64's encoding of `bytes` (a Uint8Array in bounds) by the host; else undefined. */
export function hostToBase64(bytes, length, alphabet, omitPadding) {
  if (nativeBase64IsGood) return nativeToBase64.call(bytes, nativeOptions(alphabet, undefined, omitPadding));
  if (!bufferIsGood || length === 0) return length === 0 ? '' : undefined;
  if (alphabet === 'base64') {
    const encoded = base64Slice.call(bytes, 0, length);
    return omitPadding && length % 3 !== 0 ? encoded.slice(0, length % 3 === 1 ? -2 : -1) : encoded;
  }
  if (!bufferBase64urlIsGood) return undefined;
  // Buffer's base64url has no padding.
  const encoded = base64urlSlice.call(bytes, 0, length);
  return omitPadding || length % 3 === 0 ? encoded : encoded + (length % 3 === 1 ? '==' : '=');
}

/** Uint8Array.prototype.toHex of `bytes` (a Uint8Array in bounds) by the host; else undefined. */
export function hostToHex(bytes, length) {
  if (nativeHexIsGood) return nativeToHex.call(bytes);
  if (bufferHexIsGood) return hexSlice.call(bytes, 0, length);
  return undefined;
}

/**
 * Buffer's decoding of base64 `data` that FromBase64 with no length limit and "loose" or
 * "strict" last-chunk handling decodes completely, without error; else undefined.
 */
function bufferFromBase64(data, alphabet, lastChunkHandling) {
  if (lastChunkHandling === 'stop-before-partial' || (alphabet === 'base64url' && !bufferBase64urlIsGood)) return undefined;
  const table = alphabet === 'base64' ? BASE64 : BASE64URL;
  const bytes = bufferForgivingDecode(data, table);
  if (bytes === undefined || lastChunkHandling === 'loose') return bytes;
  // "strict": the last chunk is padded, and the bits past its last byte are zero.
  return strictLastChunk(hasWhitespace(data) ? data.replace(ASCII_WHITESPACE, '') : data, table) ? bytes : undefined;
}

/** Uint8Array.fromBase64(data, options) by the host, for input it decodes without error; else undefined. */
export function hostFromBase64(data, alphabet, lastChunkHandling) {
  if (nativeBase64IsGood) {
    try {
      return nativeFromBase64.call(Uint8Array, data, nativeOptions(alphabet, lastChunkHandling));
    } catch {
      return undefined; // the codec throws weft's error
    }
  }
  return bufferIsGood ? bufferFromBase64(data, alphabet, lastChunkHandling) : undefined;
}

/**
 * Uint8Array.prototype.setFromBase64 on `into` (a Uint8Array in bounds, `length` bytes) by the
 * host, for input it decodes without error: `{read, written}`; else undefined, having written
 * nothing the codec would not (the host's own writes what the codec does before an error).
 */
export function hostSetFromBase64(into, length, data, alphabet, lastChunkHandling) {
  if (nativeBase64IsGood) {
    try {
      return nativeSetFromBase64.call(into, data, nativeOptions(alphabet, lastChunkHandling));
    } catch {
      return undefined;
    }
  }
  if (!bufferIsGood || lastChunkHandling === 'stop-before-partial' || (alphabet === 'base64url' && !bufferBase64urlIsGood)) {
    return undefined;
  }
  // (Whitespace makes the pieces' lengths promise too much: it is looked for only then, its
  // regular-expression scan taking longer than the decoding.)
  const result = bufferSetFromBase64(into, length, data, alphabet === 'base64' ? BASE64 : BASE64URL, lastChunkHandling);
  if (result !== undefined || !hasWhitespace(data)) return result;
  const bytes = bufferFromBase64(data, alphabet, lastChunkHandling);
  // What fits with room to spare is all read. (When the bytes fill `into` exactly, FromBase64
  // stops reading after the last whole chunk, before any whitespace that follows: the codec.)
  if (bytes === undefined || bytes.length > length || (bytes.length === length && endsInWhitespace(data))) return undefined;
  typedArraySet.call(into, bytes);
  return { read: data.length, written: bytes.length };
}

// setFromBase64 of base64 without whitespace decodes a piece of the string at a time into one
// reused scratch buffer and copies each piece into the target once Buffer proved it valid (it
// wrote as many bytes as the piece's length promises): Buffer's decoder skips what it does not
// know, so decoding straight into the target could write past an error, where FromBase64 leaves
// the bytes alone. (The pieces copied before one that fails are whole chunks before any error
// or whitespace: bytes FromBase64 writes too.) A new buffer for the whole and one copy ran at
// 0.29× Buffer#write over 1 MiB (Node 20), mostly allocation and its garbage collection.
const PIECE_CHARACTERS = 1 << 16;
let scratch;

function bufferSetFromBase64(into, length, data, table, lastChunkHandling) {
  if (NOT_LATIN1.test(data)) return undefined;
  if (table === BASE64 ? data.includes('-') || data.includes('_') : data.includes('+') || data.includes('/')) return undefined;
  // The significant characters, before the padding: never a remainder of one.
  let end = data.length;
  if (data.charCodeAt(end - 1) === 0x3d) end -= data.charCodeAt(end - 2) === 0x3d ? 2 : 1;
  if (end === data.length ? end % 4 === 1 : data.length % 4 !== 0) return undefined;
  if (lastChunkHandling === 'strict' && !strictLastChunk(data, table)) return undefined;
  const total = (end * 3) >> 2;
  if (total > length) return undefined;
  scratch ??= new Uint8Array((PIECE_CHARACTERS / 4) * 3);
  for (let start = 0; start < data.length; start += PIECE_CHARACTERS) {
    const stop = Math.min(start + PIECE_CHARACTERS, data.length);
    // Each piece but the last is whole chunks: one character short (skipped, or an '=' where
    // Buffer stops) writes at least one byte less.
    const expected = ((Math.min(stop, end) - start) * 3) >> 2;
    const piece = start === 0 && stop === data.length ? data : data.slice(start, stop);
    if (base64Write.call(scratch, piece, 0, expected) !== expected) return undefined;
    typedArraySet.call(into, new Uint8Array(bufferOf.call(scratch), 0, expected), (start >> 2) * 3);
  }
  return { read: data.length, written: total };
}

/** "strict": the string (without whitespace) ends in a padded chunk whose padding bits are zero, or in a whole chunk. */
function strictLastChunk(significant, table) {
  const length = significant.length;
  if (length % 4 !== 0) return false;
  const last = significant.charCodeAt(length - 1) !== 0x3d ? 0 : significant.charCodeAt(length - 2) === 0x3d ? 0xf : 0x3;
  return last === 0 || (table.decode[significant.charCodeAt(length - (last === 0xf ? 3 : 2))] & last) === 0;
}

function endsInWhitespace(data) {
  const last = data.charCodeAt(data.length - 1);
  return last === 0x20 || last === 0x09 || last === 0x0a || last === 0x0c || last === 0x0d;
}

/** Uint8Array.fromHex(data) by the host, for valid hex; else undefined. */
export function hostFromHex(data) {
  if (nativeHexIsGood) {
    try {
      return nativeFromHex.call(Uint8Array, data);
    } catch {
      return undefined;
    }
  }
  if (!bufferHexIsGood || data.length % 2 !== 0 || NOT_LATIN1.test(data)) return undefined;
  const bytes = bytesToOverwrite(data.length / 2);
  return hexWrite.call(bytes, data, 0, bytes.length) === bytes.length ? bytes : undefined;
}

/**
 * Uint8Array.prototype.setFromHex on `into` (a Uint8Array in bounds, `length` bytes) by the
 * host: `{read, written}` where every pair it reads is hex; else undefined, having written only
 * the pairs before the first that is not (as FromHex does).
 */
export function hostSetFromHex(into, length, data) {
  if (nativeSetFromHexIsGood) {
    try {
      return nativeSetFromHex.call(into, data);
    } catch {
      return undefined;
    }
  }
  if (!bufferHexIsGood || data.length % 2 !== 0 || NOT_LATIN1.test(data)) return undefined;
  const pairs = Math.min(length, data.length / 2);
  const written = hexWrite.call(into, data, 0, pairs);
  return written === pairs ? { read: 2 * written, written } : undefined;
}
