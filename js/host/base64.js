// The host's own base64 code that js/base64.js delegates to (docs/speed.md, "Host paths"):
// Buffer's base64 and Latin1 primitives (Node, Bun, Deno), the TC39 Uint8Array.fromBase64/toBase64
// (Chromium, newer V8 and JavaScriptCore), the host's atob/btoa (browsers, Deno, Bun). Each is
// used only if it passed the probes below when this module loaded (captured then, so a page
// replacing built-ins later changes nothing), and each function here answers only for input it
// has proven valid: undefined otherwise, errors included, and the facade then runs the codec of
// js/fallback/base64.js, which gives the exact result or the exact error.
import { ALPHABET } from '../fallback/base64.js';
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
    return toBase64.call(bytes);
  } else if (bufferIsGood) {
    return base64Slice.call(bytes, 0, bytes.length);
  }
  return undefined;
}

/** Forgiving-base64 decode by the host, for valid input; else undefined. */
export function hostBase64Decode(data) {
  if (uint8ArrayIsGood) {
    try {
      return fromBase64.call(Uint8Array, data);
    } catch {
      // the codec throws weft's error
    }
  } else if (bufferIsGood) {
    const bytes = bufferForgivingDecode(data);
    if (bytes) return bytes;
  }
  return undefined;
}
