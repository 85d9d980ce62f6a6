// Infra's forgiving-base64 encode and decode, and isomorphic encode and decode, in JavaScript: the second copy of src/infra/base64.rs, for js/base64.js when no
// host path (js/host/base64.js) can answer, and for every error. It is JavaScript, not a wasm,
// because a wasm codec and the glue, io and inflater around it measured 13.7 KB gzip for the
// `atob` app against 2.0 KB with this (docs/size.md, "Design choices and their measured
// reasons"), for speed on the fallback path only: valid input reaches it only on hosts with none
// of the fast paths, where it runs at 0.2–0.6× a wasm codec's speed (docs/speed.md, "Host
// paths"). tests/js_fallbacks.rs checks it against the Rust codec.
export const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

// The codec's table: each code unit's six-bit value, 64 for '=', 65 for ASCII whitespace,
// 255 for the rest.
const SEXTET = new Uint8Array(256).fill(255);
for (let i = 0; i < 64; i++) SEXTET[ALPHABET.charCodeAt(i)] = i;
SEXTET[0x3d] = 64;
for (const whitespace of [0x09, 0x0a, 0x0c, 0x0d, 0x20]) SEXTET[whitespace] = 65;
const ALPHABET_CODES = Uint8Array.from(ALPHABET, (char) => char.charCodeAt(0));
const { fromCharCode } = String;

/**
 * Infra isomorphic decode of `codes[0..length)`: the string of those code units, made in chunks
 * (an argument list has a limit).
 */
export function isomorphicDecode(codes, length = codes.length) {
  let out = '';
  for (let i = 0; i < length; i += 8192) out += fromCharCode.apply(null, codes.subarray(i, Math.min(i + 8192, length)));
  return out;
}

/** Infra forgiving-base64 decode of `data`; undefined for failure. */
export function forgivingDecode(data) {
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
export function forgivingEncode(bytes) {
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
  return isomorphicDecode(codes, j);
}

/** Infra isomorphic encode of `data`, or undefined if a code unit is above U+00FF. */
export function isomorphicEncode(data) {
  const bytes = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) {
    const code = data.charCodeAt(i);
    if (code > 0xff) return undefined;
    bytes[i] = code;
  }
  return bytes;
}
