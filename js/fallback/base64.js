// HTML atob()/btoa() and Infra forgiving-base64 on bytes.
//
// Each function first tries the host's own base64 code where the host has some that passed the
// probes below at load time (captured then, so a page replacing built-ins later changes nothing),
// and uses this file's codec otherwise. A fast path only ever answers for input it has proven
// valid; anything else, errors included, goes to the codec here, which gives the exact result
// or the exact error. No wasm: a wasm codec and its glue cost 12 KB gzip of download for speed
// on the fallback path only (docs/size.md, "Design choices and their measured reasons").
import { DOMException } from './dom-exception.js';
import { arrayBufferByteLength, requireArguments, toDOMString, toUint8Array } from './webidl.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

// The codec's table: each code unit's six-bit value, 64 for '=', 65 for ASCII whitespace,
// 255 for the rest.
const SEXTET = new Uint8Array(256).fill(255);
for (let i = 0; i < 64; i++) SEXTET[ALPHABET.charCodeAt(i)] = i;
SEXTET[0x3d] = 64;
for (const whitespace of [0x09, 0x0a, 0x0c, 0x0d, 0x20]) SEXTET[whitespace] = 65;
const ALPHABET_CODES = Uint8Array.from(ALPHABET, (char) => char.charCodeAt(0));
const { fromCharCode } = String;

/** An InvalidCharacterError DOMException. */
function invalidCharacter(message) {
  return new DOMException(message, 'InvalidCharacterError');
}

/** The string of code units `codes[0..length)`, in chunks (an argument list has a limit). */
function fromCodes(codes, length) {
  let out = '';
  for (let i = 0; i < length; i += 8192) out += fromCharCode.apply(null, codes.subarray(i, Math.min(i + 8192, length)));
  return out;
}

/** Infra forgiving-base64 decode of `data`; undefined for failure. */
function forgivingDecode(data) {
  // 1. Remove ASCII whitespace (collecting the values of the rest).
  const values = new Uint8Array(data.length);
  let length = 0;
  for (let i = 0; i < data.length; i++) {
    const code = data.charCodeAt(i);
    const value = code < 256 ? SEXTET[code] : 255;
    // 4. (early) A code point outside the alphabet, '=' and whitespace.
    if (value === 255) return undefined;
    if (value !== 65) values[length++] = value;
  }
  // 2. If the length is a multiple of 4, remove one or two trailing '='.
  if (length % 4 === 0 && values[length - 1] === 64) length -= values[length - 2] === 64 ? 2 : 1;
  // 3. A remainder of 1 is failure.
  if (length % 4 === 1) return undefined;
  // 4. Any other '=' is failure.
  for (let i = 0; i < length; i++) if (values[i] === 64) return undefined;
  // 5-9. Each value gives six bits, each eight a byte; leftover bits (4 or 2) are dropped.
  const bytes = new Uint8Array((length * 3) >> 2);
  let j = 0;
  for (let i = 0; i + 3 < length; i += 4) {
    const bits = (values[i] << 18) | (values[i + 1] << 12) | (values[i + 2] << 6) | values[i + 3];
    bytes[j++] = bits >> 16;
    bytes[j++] = (bits >> 8) & 0xff;
    bytes[j++] = bits & 0xff;
  }
  const rest = length % 4;
  if (rest >= 2) {
    const bits = (values[length - rest] << 18) | (values[length - rest + 1] << 12) | (rest === 3 ? values[length - 1] << 6 : 0);
    bytes[j++] = bits >> 16;
    if (rest === 3) bytes[j] = (bits >> 8) & 0xff;
  }
  return bytes;
}

/** Infra forgiving-base64 encode (RFC 4648 base64 with padding) of `bytes`. */
function encode(bytes) {
  const length = bytes.length;
  const codes = new Uint8Array(Math.ceil(length / 3) * 4);
  let j = 0;
  let i = 0;
  for (; i + 2 < length; i += 3) {
    const bits = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    codes[j++] = ALPHABET_CODES[bits >> 18];
    codes[j++] = ALPHABET_CODES[(bits >> 12) & 63];
    codes[j++] = ALPHABET_CODES[(bits >> 6) & 63];
    codes[j++] = ALPHABET_CODES[bits & 63];
  }
  if (i < length) {
    const bits = (bytes[i] << 16) | (i + 1 < length ? bytes[i + 1] << 8 : 0);
    codes[j++] = ALPHABET_CODES[bits >> 18];
    codes[j++] = ALPHABET_CODES[(bits >> 12) & 63];
    codes[j++] = i + 1 < length ? ALPHABET_CODES[(bits >> 6) & 63] : 0x3d;
    codes[j++] = 0x3d;
  }
  return fromCodes(codes, j);
}

// The bytes whose base64 is ALPHABET: every six-bit value once, in order.
const ALPHABET_BYTES = Uint8Array.of(
  0x00, 0x10, 0x83, 0x10, 0x51, 0x87, 0x20, 0x92, 0x8b, 0x30, 0xd3, 0x8f, 0x41, 0x14, 0x93, 0x51,
  0x55, 0x97, 0x61, 0x96, 0x9b, 0x71, 0xd7, 0x9f, 0x82, 0x18, 0xa3, 0x92, 0x59, 0xa7, 0xa2, 0x9a,
  0xab, 0xb2, 0xdb, 0xaf, 0xc3, 0x1c, 0xb3, 0xd3, 0x5d, 0xb7, 0xe3, 0x9e, 0xbb, 0xf3, 0xdf, 0xbf,
);
const ALPHABET_LATIN1 = String.fromCharCode(...ALPHABET_BYTES);
// Inputs that forgiving-base64 must reject, each next to a valid one that differs only there.
const INVALID = ['QQ=', 'Q', 'QQ===', 'QQ=A', '=QQ=', 'QUJ-', 'QUJ_', 'QU*D', 'QU.D', 'QQ\v', 'QQ\u00a0', '\u00ffQUJ', 'QUJ\u0141', 'QUJ\0'];

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
const { base64Slice, base64Write, latin1Slice, latin1Write } = globalThis.Buffer?.prototype ?? {};
const allocUnsafeSlow = globalThis.Buffer?.allocUnsafeSlow;
const bufferOf = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), 'buffer').get;
const NOT_LATIN1 = /[^\0-\xFF]/;
const ASCII_WHITESPACE = /[\t\n\f\r ]/g;

/** Forgiving-base64 decode with Buffer's decoder; undefined where that cannot tell. */
function bufferForgivingDecode(data) {
  // Infra: ASCII whitespace is removed first; the rest of the algorithm runs on what is left.
  return bufferDecode(data) ?? (hasWhitespace(data) ? bufferDecode(data.replace(ASCII_WHITESPACE, '')) : undefined);
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
function bufferDecode(data) {
  let length = data.length;
  if (data.charCodeAt(length - 1) === 0x3d) length -= data.charCodeAt(length - 2) === 0x3d ? 2 : 1;
  // Infra: with padding the length is a multiple of four; without, the remainder is never one.
  if (length === data.length ? length % 4 === 1 : data.length % 4 !== 0) return undefined;
  if (NOT_LATIN1.test(data) || data.includes('-') || data.includes('_')) return undefined;
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
const fromBase64 = Uint8Array.fromBase64;
const toBase64 = Uint8Array.prototype.toBase64;
const uint8ArrayIsGood =
  typeof fromBase64 === 'function' &&
  typeof toBase64 === 'function' &&
  !throws(() => {
    const decode = (string) => fromBase64.call(Uint8Array, string);
    if (toBase64.call(ALPHABET_BYTES) !== ALPHABET || !sameBytes(decode(ALPHABET), ALPHABET_BYTES)) throw new Error();
    if (toBase64.call(Uint8Array.of(0x41)) !== 'QQ==' || !sameBytes(decode(' Q\tQ\n=\f=\r'), [0x41])) throw new Error();
    if (!sameBytes(decode('QR'), [0x41]) || !sameBytes(decode('QUJ'), [0x41, 0x42])) throw new Error();
    if (!INVALID.every((input) => throws(() => decode(input)))) throw new Error();
  });

// The host's atob and btoa (browsers, Deno), used where there is no Buffer.
const hostAtob = globalThis.atob;
const hostBtoa = globalThis.btoa;
const hostAtobIsGood =
  typeof hostAtob === 'function' &&
  !throws(() => {
    if (hostAtob(ALPHABET) !== ALPHABET_LATIN1 || hostAtob(' Q\tQ\n=\f=\r') !== 'A') throw new Error();
    if (hostAtob('QR') !== 'A' || hostAtob('QUJ') !== 'AB') throw new Error();
    if (!INVALID.every((input) => throws(() => hostAtob(input)))) throw new Error();
  });
const hostBtoaIsGood =
  typeof hostBtoa === 'function' &&
  !throws(() => {
    if (hostBtoa(ALPHABET_LATIN1) !== ALPHABET || hostBtoa('\xff') !== '/w==' || hostBtoa('') !== '') throw new Error();
    if (!throws(() => hostBtoa('\u0100')) || !throws(() => hostBtoa('\uD800'))) throw new Error();
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

/** HTML `btoa(data)`: base64 of a string of code points ≤ U+00FF. */
export function btoa(data) {
  requireArguments(arguments.length, 1, 'btoa');
  data = toDOMString(data);
  if (btoaByBuffer) {
    if (!NOT_LATIN1.test(data)) {
      const bytes = new Uint8Array(data.length);
      latin1Write.call(bytes, data, 0, bytes.length);
      return base64Slice.call(bytes, 0, bytes.length);
    }
  } else if (hostBtoaIsGood) {
    try {
      return hostBtoa(data);
    } catch {
      // the codec here throws weft's error
    }
  }
  // Isomorphic encode: every code unit must be at most U+00FF.
  const bytes = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) {
    const code = data.charCodeAt(i);
    if (code > 0xff) throw invalidCharacter('btoa: the string contains a character outside the Latin1 range (above U+00FF)');
    bytes[i] = code;
  }
  return encode(bytes);
}

/** HTML `atob(data)`: forgiving-base64 decode to a string of code points ≤ U+00FF. */
export function atob(data) {
  requireArguments(arguments.length, 1, 'atob');
  data = toDOMString(data);
  if (atobByBuffer) {
    const bytes = bufferForgivingDecode(data);
    if (bytes) return latin1Slice.call(bytes, 0, bytes.length);
  } else if (hostAtobIsGood) {
    try {
      return hostAtob(data);
    } catch {
      // the codec here throws weft's error
    }
  }
  const bytes = forgivingDecode(data);
  if (bytes === undefined) throw invalidCharacter('atob: the string is not valid base64');
  // Isomorphic decode.
  return fromCodes(bytes, bytes.length);
}

/** Forgiving-base64 encode of bytes (any BufferSource). */
export function base64Encode(bytes) {
  requireArguments(arguments.length, 1, 'base64Encode');
  bytes = toUint8Array(bytes, 'base64Encode');
  // No bytes, or a view of a detached buffer (whose copy of the bytes is empty).
  if (bytes.length === 0) return '';
  if (uint8ArrayIsGood) {
    return toBase64.call(bytes);
  } else if (bufferIsGood) {
    return base64Slice.call(bytes, 0, bytes.length);
  }
  return encode(bytes);
}

/** Forgiving-base64 decode to bytes; throws an InvalidCharacterError DOMException on failure. */
export function base64Decode(data) {
  requireArguments(arguments.length, 1, 'base64Decode');
  data = toDOMString(data);
  if (uint8ArrayIsGood) {
    try {
      return fromBase64.call(Uint8Array, data);
    } catch {
      // the codec here throws weft's error
    }
  } else if (bufferIsGood) {
    const bytes = bufferForgivingDecode(data);
    if (bytes) return bytes;
  }
  const bytes = forgivingDecode(data);
  if (bytes === undefined) throw invalidCharacter('base64Decode: the string is not valid base64');
  return bytes;
}
