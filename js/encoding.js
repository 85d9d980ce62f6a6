// The Encoding Standard's API (§8): TextDecoder, TextEncoder, TextDecoderStream,
// TextEncoderStream, plus weft's encode/decode/labelToEncoding/sniffBOM over every encoding.
// Decoder state lives in a wasm TextDecoderCore (freed by the glue's FinalizationRegistry);
// bytes cross with one copy (io.js), decoded UTF-16 comes back as one string.
import * as glue from '#glue';
import { memoryBytes, readBytes, writeBytes, writeString } from './io.js';
import { wasm } from './runtime.js';
import { markPlatformObject } from './structured-clone-platform.js';
import { requireArguments, toDOMString, toUSVString } from './webidl.js';

// --- strings to and from UTF-16 in wasm memory ---
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

// Node and Bun: Buffer's UTF-16LE methods copy once between a string and any Uint8Array.
const bufferPrototype = globalThis.Buffer?.prototype;
const ucs2Slice = verified(() => {
  const slice = bufferPrototype.ucs2Slice;
  return slice.call(Uint8Array.from(probeBytes), 0, probeBytes.length) === probeString ? slice : undefined;
});
const ucs2Write = verified(() => {
  const write = bufferPrototype.ucs2Write;
  const bytes = new Uint8Array(probeBytes.length);
  const written = write.call(bytes, probeString, 0, bytes.length);
  return written === probeBytes.length && bytes.every((byte, i) => byte === probeBytes[i]) ? write : undefined;
});
// Elsewhere the host's UTF-16LE decoder makes a string in one call (the host's, captured before
// any polyfill: this module's TextDecoder shadows the name).
const utf16Decoder = verified(() => {
  const decoder = new globalThis.TextDecoder('utf-16le', { ignoreBOM: true });
  return decoder.decode(Uint8Array.from(probeBytes)) === probeString.slice(0, -1) + '\uFFFD' ? decoder : undefined;
});

function readUtf16(units) {
  if (units === 0) return '';
  const address = glue.encodingUtf16Output();
  if (ucs2Slice) return ucs2Slice.call(memoryBytes(), address, address + units * 2);
  if (utf16Decoder) return utf16Decoder.decode(memoryBytes().subarray(address, address + units * 2));
  const view = new Uint16Array(wasm().memory.buffer, address, units);
  let string = '';
  for (let i = 0; i < units; i += 0x2000) {
    string += String.fromCharCode.apply(null, view.subarray(i, Math.min(i + 0x2000, units)));
  }
  return string;
}

/** Writes a string's UTF-16 code units into wasm memory; returns their count. */
function writeUtf16(string) {
  const length = string.length;
  const address = glue.encodingUtf16Input(length);
  if (ucs2Write) {
    ucs2Write.call(memoryBytes(), string, address, length * 2);
    return length;
  }
  const view = new Uint16Array(wasm().memory.buffer, address, length);
  for (let i = 0; i < length; i++) view[i] = string.charCodeAt(i);
  return length;
}

// TextEncoder's encode and encodeInto delegate to the host's encoder when it gets the probe
// right (lone surrogates become U+FFFD, pairs one code point, encodeInto never splits a code
// point): one native call, no copy through wasm.
const hostTextEncoder = verified(() => {
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
    whole.read === 5 && whole.written === 11 && same(into.subarray(0, 11), 11) && into[11] === 0 &&
    short.read === 2 && short.written === 4;
  return good ? encoder : undefined;
});

// --- WebIDL helpers ---

/** A WebIDL dictionary argument: undefined/null are empty, other non-objects a TypeError. */
function toDictionary(value, where) {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' && typeof value !== 'function') {
    throw new TypeError(`${where}: the options argument is not an object.`);
  }
  return value;
}

/** WebIDL BufferSource bytes, offsets respected; a detached buffer (byteLength 0) holds none. */
function bufferSourceBytes(value, where) {
  if (ArrayBuffer.isView(value)) {
    if (value.byteLength === 0) return new Uint8Array(0);
    return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  }
  const length = bufferByteLength(value);
  if (length === undefined) {
    throw new TypeError(`${where}: the argument is not an ArrayBuffer, SharedArrayBuffer or ArrayBufferView.`);
  }
  return length === 0 ? new Uint8Array(0) : new Uint8Array(value);
}

const arrayBufferByteLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength').get;
// Pages that are not cross-origin isolated have no SharedArrayBuffer global, yet shared wasm
// memory still hands them SharedArrayBuffers; reach the prototype through one.
const sharedByteLength = (() => {
  try {
    const prototype =
      typeof SharedArrayBuffer === 'function'
        ? SharedArrayBuffer.prototype
        : Object.getPrototypeOf(new WebAssembly.Memory({ initial: 0, maximum: 0, shared: true }).buffer);
    return Object.getOwnPropertyDescriptor(prototype, 'byteLength').get;
  } catch {
    return undefined;
  }
})();

/** The byteLength of an ArrayBuffer or SharedArrayBuffer from any realm; else undefined. */
function bufferByteLength(value) {
  for (const getter of [arrayBufferByteLength, sharedByteLength]) {
    if (!getter) continue;
    try {
      return getter.call(value);
    } catch {
      // not this kind of buffer
    }
  }
  return undefined;
}

/** Gives a class WebIDL's shape: enumerable members and a toStringTag. */
function webidlInterface(constructor, name) {
  const prototype = constructor.prototype;
  for (const key of Object.getOwnPropertyNames(prototype)) {
    if (key === 'constructor') continue;
    const descriptor = Object.getOwnPropertyDescriptor(prototype, key);
    descriptor.enumerable = true;
    Object.defineProperty(prototype, key, descriptor);
  }
  Object.defineProperty(prototype, Symbol.toStringTag, { value: name, configurable: true });
  // The bundler may rename the class (this module's names shadow the host's globals).
  Object.defineProperty(constructor, 'name', { value: name, configurable: true });
}

// The %TypedArray%.prototype[@@toStringTag] getter: the kind of a typed array from any realm.
const typedArrayTag = Object.getOwnPropertyDescriptor(
  Object.getPrototypeOf(Uint8Array.prototype),
  Symbol.toStringTag,
).get;

// --- TextDecoder ---

/** `new TextDecoder(label = "utf-8", {fatal, ignoreBOM})` (§8.2). */
export class TextDecoder {
  #core;
  #fatal;
  #ignoreBOM;

  constructor(label = undefined, options = undefined) {
    markPlatformObject(this, 'TextDecoder');
    label = label === undefined ? 'utf-8' : toDOMString(label);
    const dictionary = toDictionary(options, "Failed to construct 'TextDecoder'");
    const fatal = Boolean(dictionary.fatal);
    const ignoreBOM = Boolean(dictionary.ignoreBOM);
    this.#core = new glue.TextDecoderCore(label, fatal, ignoreBOM);
    this.#fatal = fatal;
    this.#ignoreBOM = ignoreBOM;
  }

  get encoding() {
    return this.#core.encoding;
  }

  get fatal() {
    return this.#fatal;
  }

  get ignoreBOM() {
    return this.#ignoreBOM;
  }

  decode(input = undefined, options = undefined) {
    const core = this.#core;
    const bytes = input === undefined ? new Uint8Array(0) : bufferSourceBytes(input, "Failed to execute 'decode' on 'TextDecoder'");
    const stream = Boolean(toDictionary(options, "Failed to execute 'decode' on 'TextDecoder'").stream);
    return readUtf16(core.decode(writeBytes(bytes), stream));
  }
}
webidlInterface(TextDecoder, 'TextDecoder');

// --- TextEncoder ---

/** `new TextEncoder()` (§8.4): UTF-8 only. */
export class TextEncoder {
  #brand = true;
  constructor() { markPlatformObject(this, 'TextEncoder'); }

  get encoding() {
    void this.#brand;
    return 'utf-8';
  }

  encode(input = '') {
    void this.#brand;
    const string = toDOMString(input);
    if (hostTextEncoder) return hostTextEncoder.encode(string);
    // The encoder turns lone surrogates into U+FFFD, which is the USVString conversion.
    return readBytes(glue.textEncoderEncode(writeUtf16(string)));
  }

  encodeInto(source, destination) {
    void this.#brand;
    requireArguments(arguments.length, 2, "Failed to execute 'encodeInto' on 'TextEncoder'");
    // USVString conversion happens in the encoder (lone surrogates become U+FFFD there).
    const string = toDOMString(source);
    if (typedArrayTag.call(destination) !== 'Uint8Array') {
      throw new TypeError("Failed to execute 'encodeInto' on 'TextEncoder': parameter 2 is not of type 'Uint8Array'.");
    }
    if (hostTextEncoder) {
      try {
        return hostTextEncoder.encodeInto(string, destination);
      } catch {
        // Hosts that refuse a shared destination (Chromium) throw before writing: weft's own
        // encoder below takes it, as the standard's [AllowShared] does.
      }
    }
    // Rust packs (read, written) as read · 2^32 + written: both fit in 32 bits.
    const packed = glue.textEncoderEncodeInto(writeUtf16(string), destination.length);
    const written = packed % 0x100000000;
    const read = (packed - written) / 0x100000000;
    const bytes = readBytes(written);
    if (written !== 0) destination.set(bytes); // a detached destination has length 0
    return { read, written };
  }
}
webidlInterface(TextEncoder, 'TextEncoder');

// --- TextDecoderStream and TextEncoderStream (§8.3, §8.5), on the host's TransformStream ---

/** `new TextDecoderStream(label = "utf-8", {fatal, ignoreBOM})`. */
export class TextDecoderStream {
  #decoder;
  #transform;

  constructor(label = undefined, options = undefined) {
    markPlatformObject(this, 'TextDecoderStream');
    const decoder = new TextDecoder(label, options);
    this.#decoder = decoder;
    this.#transform = new TransformStream({
      transform(chunk, controller) {
        const bytes = bufferSourceBytes(chunk, 'TextDecoderStream');
        const output = decoder.decode(bytes, { stream: true });
        if (output !== '') controller.enqueue(output);
      },
      flush(controller) {
        const output = decoder.decode();
        if (output !== '') controller.enqueue(output);
      },
    });
  }

  get encoding() {
    return this.#decoder.encoding;
  }

  get fatal() {
    return this.#decoder.fatal;
  }

  get ignoreBOM() {
    return this.#decoder.ignoreBOM;
  }

  get readable() {
    return this.#transform.readable;
  }

  get writable() {
    return this.#transform.writable;
  }
}
webidlInterface(TextDecoderStream, 'TextDecoderStream');

/** `new TextEncoderStream()`: UTF-8, with surrogate pairs split across chunks joined. */
export class TextEncoderStream {
  #transform;

  constructor() {
    markPlatformObject(this, 'TextEncoderStream');
    const core = new glue.TextEncoderStreamCore();
    this.#transform = new TransformStream({
      transform(chunk, controller) {
        const length = core.encodeChunk(writeUtf16(toDOMString(chunk)));
        const bytes = readBytes(length);
        if (length !== 0) controller.enqueue(bytes);
      },
      flush(controller) {
        const length = core.flush();
        const bytes = readBytes(length);
        if (length !== 0) controller.enqueue(bytes);
      },
    });
  }

  get encoding() {
    void this.#transform;
    return 'utf-8';
  }

  get readable() {
    return this.#transform.readable;
  }

  get writable() {
    return this.#transform.writable;
  }
}
webidlInterface(TextEncoderStream, 'TextEncoderStream');

// --- weft's own entry points to every encoding ---

/**
 * Encodes `string` (a USVString) in the output encoding of `label`; `mode` "fatal" (a
 * TypeError for an unencodable character) or "html" (numeric character references).
 */
export function encode(string, label = 'utf-8', options = undefined) {
  requireArguments(arguments.length, 1, 'encode');
  const mode = toDictionary(options, 'encode').mode ?? 'fatal';
  if (mode !== 'fatal' && mode !== 'html') throw new TypeError(`encode: mode must be "fatal" or "html", not ${String(mode)}.`);
  const length = writeString(toUSVString(string));
  return readBytes(glue.encodingEncode(length, toDOMString(label), mode === 'html'));
}

/**
 * Decodes bytes in the encoding `label` names (replacement included). With `bom` (default
 * true) a byte order mark overrides the label and is removed, as the standard's "decode" hook
 * does; with `fatal` malformed input is a TypeError instead of U+FFFD.
 */
export function decode(bytes, label = 'utf-8', options = undefined) {
  requireArguments(arguments.length, 1, 'decode');
  const input = bufferSourceBytes(bytes, 'decode');
  label = toDOMString(label);
  const dictionary = toDictionary(options, 'decode');
  const fatal = Boolean(dictionary.fatal);
  const bom = dictionary.bom === undefined ? true : Boolean(dictionary.bom);
  return readUtf16(glue.encodingDecode(writeBytes(input), label, fatal, bom));
}

/** Get an encoding: the canonical name of the encoding `label` names, or null. */
export function labelToEncoding(label) {
  requireArguments(arguments.length, 1, 'labelToEncoding');
  return glue.labelToEncoding(toDOMString(label)) ?? null;
}

/** BOM sniff: "UTF-8", "UTF-16BE" or "UTF-16LE" for a byte order mark at the start, or null. */
export function sniffBOM(bytes) {
  requireArguments(arguments.length, 1, 'sniffBOM');
  const input = bufferSourceBytes(bytes, 'sniffBOM');
  return glue.encodingSniffBom(writeBytes(input.subarray(0, 3))) ?? null;
}
