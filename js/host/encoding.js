// The host's own Encoding implementations that js/encoding.js delegates to where they are both
// correct and faster (docs/encoding.md, "Host paths"). Each is checked on a probe when this module
// loads (a single-byte encoding's decoders on that encoding's first large decode) and used only
// if it gets the probe right; each function answers undefined (or null) where the host has no
// such path or cannot vouch for the input, and the facade then runs weft's own code. The host's
// built-ins are captured here at load and called uncurried: a page may replace them later.
import { arrayBufferByteLength } from '../webidl.js';

const uncurry = Function.prototype.bind.bind(Function.prototype.call);
const typedArraySubarray = uncurry(Object.getPrototypeOf(Uint8Array.prototype).subarray);
const arrayBufferByteLengthOf = uncurry(arrayBufferByteLength);

// Each host path is checked at load time on a probe with a BOM, a surrogate pair and a lone
// surrogate (which must pass through untouched), and used only if it gets them right.
const probeString = '\uFEFFa\u{1F600}\uD800';
const probeBytes = [0xff, 0xfe, 0x61, 0x00, 0x3d, 0xd8, 0x00, 0xde, 0x00, 0xd8];

function verified(make) {
  try {
    return make();
  } catch {
    return undefined;
  }
}

// --- strings from UTF-16 in wasm memory ---

// Node and Bun: Buffer's UTF-16LE methods copy once between a string and any Uint8Array.
const bufferPrototype = globalThis.Buffer?.prototype;
const ucs2Slice = /* @__PURE__ */ verified(() => {
  const slice = bufferPrototype.ucs2Slice;
  return slice.call(Uint8Array.from(probeBytes), 0, probeBytes.length) === probeString ? slice : undefined;
});
// Elsewhere the host's UTF-16LE decoder makes a string in one call (the host's, captured before
// any polyfill: this module's TextDecoder shadows the name).
const utf16Decoder = /* @__PURE__ */ verified(() => {
  const decoder = new globalThis.TextDecoder('utf-16le', { ignoreBOM: true });
  return decoder.decode(Uint8Array.from(probeBytes)) === probeString.slice(0, -1) + '\uFFFD' ? decoder : undefined;
});

// Called uncurried: a page may replace the prototypes' methods after load.
const sliceUcs2 = ucs2Slice && uncurry(ucs2Slice);
const utf16Decode = utf16Decoder && uncurry(Object.getPrototypeOf(utf16Decoder).decode);

/** The string of the UTF-16LE code units in `bytes[start, end)`, made in one native step; undefined where the host has no way. */
export function hostUtf16(bytes, start, end) {
  if (sliceUcs2) return sliceUcs2(bytes, start, end);
  if (utf16Decoder) return utf16Decode(utf16Decoder, typedArraySubarray(bytes, start, end));
  return undefined;
}

// --- TextEncoder ---

// TextEncoder's encode and encodeInto delegate to the host's encoder when it gets the probe
// right (lone surrogates become U+FFFD, pairs one code point, encodeInto never splits a code
// point): one native call, no copy through wasm.
const hostTextEncoder = /* @__PURE__ */ verified(() => {
  const encoder = new globalThis.TextEncoder();
  const expected = [0xef, 0xbb, 0xbf, 0x61, 0xf0, 0x9f, 0x98, 0x80, 0xef, 0xbf, 0xbd];
  const same = (bytes, length = expected.length) =>
    bytes instanceof Uint8Array && bytes.length === length && bytes.every((byte, i) => byte === expected[i]);
  const into = new Uint8Array(expected.length + 1);
  const whole = encoder.encodeInto(probeString, into);
  const short = encoder.encodeInto(probeString, new Uint8Array(6));
  const good =
    same(encoder.encode(probeString)) &&
    encoder.encode('').length === 0 &&
    whole.read === 5 &&
    whole.written === 11 &&
    same(into.subarray(0, 11), 11) &&
    into[11] === 0 &&
    short.read === 2 &&
    short.written === 4;
  return good ? encoder : undefined;
});
// Called uncurried, as the decoders' methods above. Pure, with the probe: a bundle that never
// encodes drops both.
const hostEncode = /* @__PURE__ */ uncurriedMethod(hostTextEncoder, 'encode');
const hostEncodeInto = /* @__PURE__ */ uncurriedMethod(hostTextEncoder, 'encodeInto');

/** `object`'s prototype method `name`, uncurried; undefined without `object`. */
function uncurriedMethod(object, name) {
  return object && uncurry(Object.getPrototypeOf(object)[name]);
}

/** UTF-8 bytes of `string` (lone surrogates as U+FFFD) by the host's encoder; undefined without it. */
export function hostEncodeUtf8(string) {
  return hostTextEncoder ? hostEncode(hostTextEncoder, string) : undefined;
}

/**
 * encodeInto(string, destination) by the host's encoder; undefined without it, or where it
 * refuses the destination.
 */
export function hostEncodeUtf8Into(string, destination) {
  if (hostTextEncoder) {
    try {
      return hostEncodeInto(hostTextEncoder, string, destination);
    } catch {
      // Hosts that refuse a shared destination (Chromium) throw before writing: weft's own
      // encoder takes it, as the standard's [AllowShared] does.
    }
  }
  return undefined;
}

// --- TextDecoder ---

// UTF-8 decoding of large inputs goes to the host's decoder where it is both correct (checked
// below on a BOM, every class of malformed sequence, surrogates, fatal mode and a shared
// buffer) and faster than weft's wasm decoder. Faster, as measured with benches/node/encoding.mjs
// and benches/browser (docs/encoding.md, "Host paths"): Node 24's (SIMD, simdutf) and
// Chromium's. Node before 24 (ICU) decodes slower than weft, so there weft keeps its own; hosts
// that are not Node are taken to be like the browsers measured (the probe still decides whether
// the host's is used at all).
const nodeVersion = globalThis.process?.versions?.node;
const hostHasFastUtf8 = typeof nodeVersion !== 'string' || Number(nodeVersion.split('.')[0]) >= 24;

// [bytes, what the standard's UTF-8 decoder gives (with the BOM kept), whether it is well-formed]
const utf8Probes = [
  [[0xef, 0xbb, 0xbf, 0x61], '\uFEFFa', true],
  [[0x41, 0xc2, 0x80, 0xe0, 0xa0, 0x80, 0xf0, 0x90, 0x80, 0x80, 0xf4, 0x8f, 0xbf, 0xbf], 'A\x80\u0800\u{10000}\u{10FFFF}', true],
  [[0x80], '\uFFFD', false],
  [[0xc0, 0x80], '\uFFFD\uFFFD', false],
  [[0xc2], '\uFFFD', false],
  [[0xc2, 0x41], '\uFFFDA', false],
  [[0xe0, 0x80, 0x80], '\uFFFD\uFFFD\uFFFD', false],
  [[0xe0, 0xa0], '\uFFFD', false],
  [[0xe1, 0x80, 0x41], '\uFFFDA', false],
  [[0xed, 0xa0, 0x80], '\uFFFD\uFFFD\uFFFD', false],
  [[0xed, 0xbf], '\uFFFD\uFFFD', false],
  [[0xf0, 0x80, 0x80, 0x80], '\uFFFD\uFFFD\uFFFD\uFFFD', false],
  [[0xf0, 0x90, 0x80], '\uFFFD', false],
  [[0xf1, 0x80, 0x80, 0x41], '\uFFFDA', false],
  [[0xf4, 0x90, 0x80, 0x80], '\uFFFD\uFFFD\uFFFD\uFFFD', false],
  [[0xf5, 0xff, 0xfe], '\uFFFD\uFFFD\uFFFD', false],
  [[0xf0, 0xc3, 0x80, 0x2a], '\uFFFD\xC0*', false],
];

/**
 * UTF-8 decode(bytes) by the host's decoder, `fatal` or not, where it passed the probes: a
 * string, or undefined for a shared buffer the host refuses; a TypeError of this realm for
 * malformed input in fatal mode. Undefined where the host's is not used at all.
 */
export const hostUtf8 = /* @__PURE__ */ verified(() => {
  if (!hostHasFastUtf8) return undefined;
  const Host = globalThis.TextDecoder;
  const decode = uncurry(Host.prototype.decode);
  const loose = new Host('utf-8', { ignoreBOM: true });
  const strict = new Host('utf-8', { fatal: true, ignoreBOM: true });
  const padding = Array.from({ length: 70 }, (_, i) => 0x20 + (i % 90));
  const throws = (bytes) => {
    try {
      decode(strict, bytes);
      return false;
    } catch (error) {
      return error instanceof globalThis.TypeError || error?.name === 'TypeError';
    }
  };
  const agrees = (bytes, expected, wellFormed) =>
    decode(loose, bytes) === expected && (wellFormed ? decode(strict, bytes) === expected : throws(bytes));
  let allBytes = [];
  let allText = '';
  for (const [bytes, expected, wellFormed] of utf8Probes) {
    // Each alone, and after and before long ASCII runs (where SIMD paths start).
    const padded = [...padding, ...bytes, ...padding];
    const paddedText = String.fromCharCode(...padding) + expected + String.fromCharCode(...padding);
    if (!agrees(Uint8Array.from(bytes), expected, wellFormed)) return undefined;
    if (!agrees(Uint8Array.from(padded), paddedText, wellFormed)) return undefined;
    allBytes = allBytes.concat(bytes);
    allText += expected;
  }
  if (decode(loose, Uint8Array.from(allBytes)) !== allText || decode(loose, new Uint8Array(0)) !== '') return undefined;
  // Chromium's decoder refuses views of a SharedArrayBuffer (cross-origin isolated pages have
  // them): it then takes every other view, and shared ones go to weft's decoder.
  let takesShared = true;
  if (typeof SharedArrayBuffer === 'function') {
    const shared = new Uint8Array(new SharedArrayBuffer(allBytes.length));
    shared.set(allBytes);
    try {
      if (decode(loose, shared) !== allText) return undefined;
    } catch {
      takesShared = false;
    }
  }
  const viewedBuffer = uncurry(Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), 'buffer').get);
  // The host's TypeError may come from another realm: fatal mode throws this module's.
  return (bytes, fatal) => {
    if (!takesShared && isSharedBuffer(viewedBuffer(bytes))) return undefined;
    if (!fatal) return decode(loose, bytes);
    try {
      return decode(strict, bytes);
    } catch {
      throw new TypeError("Failed to execute 'decode' on 'TextDecoder': The encoded data was not valid.");
    }
  };
});

/**
 * Where the host has no usable TextDecoder (QuickJS, Hermes): ECMAScript's decodeURIComponent is
 * a native UTF-8 decoder that throws a URIError on exactly the byte sequences that are not
 * well-formed UTF-8 (ECMA-262 Decode), so the bytes as %XX escapes (`escape` of their Latin-1
 * string) decode to the standard's result when they are well-formed. Measured on the UTF-8
 * texts of benches/engines: 1.7-5x faster than js/fallback/utf8.js in Hermes 0.12, 1.4-3x in
 * QuickJS (docs/speed.md). `hostUtf8Uri(bytes, length)` gives the string, or undefined for
 * malformed input (which goes on to weft's own decoder) and for inputs over URI_INPUT_LIMIT
 * (escape makes a string up to three times as long). Checked on the UTF-8 probes: each
 * well-formed one must decode to its text, each malformed one must be refused.
 */
export const hostUtf8Uri = /* @__PURE__ */ verified(() => {
  const { escape, decodeURIComponent } = globalThis;
  if (typeof escape !== 'function' || typeof decodeURIComponent !== 'function') return undefined;
  const URI_INPUT_LIMIT = 1 << 24;
  const LATIN1_CHUNK = 8192;
  const { fromCharCode } = String;
  const { apply } = Reflect;
  const decode = (bytes, length) => {
    if (length > URI_INPUT_LIMIT) return undefined;
    // The ASCII prefix needs no escaping: most text on the web starts with a long one.
    let ascii = 0;
    while (ascii < length && bytes[ascii] < 0x80) ascii++;
    const prefix = latin1(bytes, 0, ascii);
    if (ascii === length) return prefix;
    try {
      return prefix + decodeURIComponent(escape(latin1(bytes, ascii, length)));
    } catch {
      return undefined;
    }
  };
  // One code unit per byte, in chunks that stay below every engine's argument limit.
  const latin1 = (bytes, start, end) => {
    let string = '';
    for (let at = start; at < end; at += LATIN1_CHUNK) {
      string += apply(fromCharCode, null, typedArraySubarray(bytes, at, Math.min(end, at + LATIN1_CHUNK)));
    }
    return string;
  };
  for (const [bytes, expected, wellFormed] of utf8Probes) {
    if (decode(Uint8Array.from(bytes), bytes.length) !== (wellFormed ? expected : undefined)) return undefined;
  }
  return decode;
});

/** Whether `buffer` (an ArrayBuffer or SharedArrayBuffer from any realm) is shared. */
function isSharedBuffer(buffer) {
  try {
    arrayBufferByteLengthOf(buffer);
    return false;
  } catch {
    return true;
  }
}

// Single-byte encodings: see hostSingleByte.
const HostTextDecoder = globalThis.TextDecoder;
/** The host decoders' `decode`, uncurried. */
export const hostDecode = /* @__PURE__ */ verified(() => uncurry(HostTextDecoder.prototype.decode));
const allBytes = Uint8Array.from({ length: 256 }, (_, byte) => byte);

/**
 * [non-fatal, fatal] host decoders of the single-byte encoding `name` that decode as weft does
 * (`weftDecode(bytes)`: weft's own decoding), or null. Checked on all 256 bytes (non-fatal), and
 * in fatal mode every mapped byte together and each unmapped byte alone (which must throw).
 */
export function hostSingleByte(name, weftDecode) {
  return (
    verified(() => {
      const expected = weftDecode(allBytes);
      const loose = new HostTextDecoder(name);
      const strict = new HostTextDecoder(name, { fatal: true });
      if (expected.length !== 256 || hostDecode(loose, allBytes) !== expected) return null;
      const mapped = allBytes.filter((byte) => expected.charCodeAt(byte) !== 0xfffd);
      if (hostDecode(strict, mapped) !== String.fromCharCode(...[...mapped].map((byte) => expected.charCodeAt(byte))))
        return null;
      for (let byte = 0; byte < 256; byte++) {
        if (expected.charCodeAt(byte) !== 0xfffd) continue;
        try {
          hostDecode(strict, Uint8Array.of(byte));
          return null;
        } catch {
          // unmapped: an error, as it must be
        }
      }
      return [loose, strict];
    }) ?? null
  );
}
