// The Encoding Standard's API (§8): TextDecoder, TextEncoder, TextDecoderStream,
// TextEncoderStream, plus weft's encode/decode/labelToEncoding/sniffBOM over every encoding.
// No wasm object per JS object: a decoder's state is a word kept in the TextDecoder; bytes cross
// with one copy (io.js), decoded UTF-16 comes back as one string.
import * as glue from '#glue';
import { memoryBytes, readBytes, writeBytes, writeString } from './io.js';
import { decodedState, decodedString, hostUtf8Uri, multiByteRun, translatedUnits } from '#flavour';
import {
  ASCII,
  STRICT,
  decodeUtf8,
  decodeUtf8Fatal,
  decodeUtf8Into,
  encodeIntoLoop,
  encodeLoop,
  units,
} from './fallback/utf8.js';
import { hostDecode, hostEncodeUtf8, hostEncodeUtf8Into, hostSingleByte, hostUtf16, hostUtf8 } from './host/encoding.js';
import { markPlatformObject } from './structured-clone/platform.js';
import { arrayBufferByteLength, requireArguments, toDOMString, webidlInterface } from './webidl.js';

// Built-ins the hot paths and the streams call, captured at load (a page may replace them later).
const uncurry = Function.prototype.bind.bind(Function.prototype.call);
const getterOf = (prototype, key) => uncurry(Object.getOwnPropertyDescriptor(prototype, key).get);
const isView = ArrayBuffer.isView;
const Uint8ArrayCtor = Uint8Array;
const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
// The %TypedArray%.prototype[@@toStringTag] getter: the kind of a typed array from any realm.
const typedArrayTag = getterOf(TypedArrayPrototype, Symbol.toStringTag);
const typedArrayLength = getterOf(TypedArrayPrototype, 'length');
const typedArrayBuffer = getterOf(TypedArrayPrototype, 'buffer');
const typedArrayByteOffset = getterOf(TypedArrayPrototype, 'byteOffset');
const typedArrayByteLength = getterOf(TypedArrayPrototype, 'byteLength');
const typedArraySet = uncurry(TypedArrayPrototype.set);
const typedArraySubarray = uncurry(TypedArrayPrototype.subarray);
const dataViewBuffer = getterOf(DataView.prototype, 'buffer');
const dataViewByteOffset = getterOf(DataView.prototype, 'byteOffset');
const dataViewByteLength = getterOf(DataView.prototype, 'byteLength');
const stringCharCodeAt = uncurry(String.prototype.charCodeAt);
const stringSlice = uncurry(String.prototype.slice);
const mapGet = uncurry(Map.prototype.get);
const mapSet = uncurry(Map.prototype.set);
const mapSize = getterOf(Map.prototype, 'size');
const setHas = uncurry(Set.prototype.has);
const { apply } = Reflect;

function readUtf16(units) {
  return units === 0 ? '' : readUtf16At(glue.encodingUtf16Output(), units);
}

/** The string of `units` UTF-16 code units at `address` in wasm memory. */
function readUtf16At(address, units) {
  const memory = memoryBytes();
  const string = hostUtf16(memory, address, address + units * 2);
  if (string !== undefined) return string;
  // The last resort, on hosts with no such path: String.fromCharCode as the page has it now (the
  // one built-in of these paths not captured; tests/node/encoding-host-paths.test.mjs watches
  // this path through it).
  const view = new Uint16Array(typedArrayBuffer(memory), address, units);
  let result = '';
  for (let i = 0; i < units; i += 0x2000) {
    result += apply(String.fromCharCode, null, typedArraySubarray(view, i, Math.min(i + 0x2000, units)));
  }
  return result;
}

// --- WebIDL helpers ---

/** A WebIDL dictionary argument: undefined/null are empty, other non-objects a TypeError. */
// prettier-ignore
const toDictionary = (function (value, where) {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' && typeof value !== 'function') {
    throw new TypeError(`${where}: the options argument is not an object.`);
  }
  return value;
});

const emptyBytes = new Uint8ArrayCtor(0);

/** WebIDL BufferSource bytes, offsets respected; a detached buffer (byteLength 0) holds none. */
// prettier-ignore
const bufferSourceBytes = (function (value, where) {
  if (isView(value)) {
    const kind = typedArrayTag(value);
    // A Uint8Array is its own bytes (a detached one has length 0).
    if (kind === 'Uint8Array') return value;
    // (A DataView has no [[TypedArrayName]]: its own getters.)
    const byteLength = kind === undefined ? dataViewByteLength(value) : typedArrayByteLength(value);
    if (byteLength === 0) return new Uint8ArrayCtor(0);
    return kind === undefined
      ? new Uint8ArrayCtor(dataViewBuffer(value), dataViewByteOffset(value), byteLength)
      : new Uint8ArrayCtor(typedArrayBuffer(value), typedArrayByteOffset(value), byteLength);
  }
  const length = bufferByteLength(value);
  if (length === undefined) {
    throw new TypeError(`${where}: the argument is not an ArrayBuffer, SharedArrayBuffer or ArrayBufferView.`);
  }
  return length === 0 ? new Uint8ArrayCtor(0) : new Uint8ArrayCtor(value);
});

const arrayBufferByteLengthOf = uncurry(arrayBufferByteLength);
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

const sharedByteLengthOf = sharedByteLength && uncurry(sharedByteLength);

/** The byteLength of an ArrayBuffer or SharedArrayBuffer from any realm; else undefined. */
function bufferByteLength(value) {
  try {
    return arrayBufferByteLengthOf(value);
  } catch {
    // not an ArrayBuffer
  }
  if (sharedByteLengthOf === undefined) return undefined;
  try {
    return sharedByteLengthOf(value);
  } catch {
    return undefined; // not a SharedArrayBuffer either
  }
}

// --- TextDecoder ---
// No wasm object per TextDecoder: its whole state (the decoder's, BOM seen, do not flush) is
// one 32-bit word kept here and passed with each call (src/bindings/encoding.rs), so memory
// stays flat however many decoders a program makes and drops.

const FATAL = 1;
const IGNORE_BOM = 2;
const STREAM = 4;
// The state word's bits (src/encoding/text_decoder.rs TextDecoder::state).
const DECODER_STATE = 0x3fffffff;
const BOM_SEEN = 0x40000000;
const DO_NOT_FLUSH = 0x80000000;

// Get an encoding, cached by label: each entry is the encoding's number for Rust, its name,
// and what the fast paths below need. Bounded (labels padded with whitespace are valid, and may
// be long), so that distinct labels cannot grow it forever.
const encodings = new Map();
const ENCODINGS_CACHED = 256;
const LABEL_CACHED = 64;

// UTF-8's usual labels resolve without wasm, its number for Rust asked on the first call that
// crosses (encodingIndex): a first `new TextDecoder().decode(short UTF-8)` then runs no wasm at
// all, so it costs no compile or instantiation (the cold first call).
const UTF8_ENTRY = { index: undefined, name: 'utf-8', utf8: true, ascii: true, host: undefined, run: undefined };
encodings.set('utf-8', UTF8_ENTRY);
encodings.set('utf8', UTF8_ENTRY);

/** The encoding's number for Rust (src/bindings/encoding.rs textDecoderEncoding). */
function encodingIndex(entry) {
  return (entry.index ??= glue.textDecoderEncoding(entry.name));
}

// prettier-ignore
const encodingForLabel = (function (label) {
  let entry = mapGet(encodings, label);
  if (entry === undefined) {
    const index = glue.textDecoderEncoding(label); // a RangeError for a bad label
    const name = glue.encodingLowercaseName(index);
    entry = {
      index,
      name,
      utf8: name === 'utf-8',
      // ASCII bytes decode to themselves from a decoder's initial state.
      ascii: !setHas(NOT_ASCII_COMPATIBLE, name),
      // The host's decoders of a single-byte encoding, once verified (see hostSingleByte).
      host: setHas(SINGLE_BYTE, name) ? UNCHECKED : undefined,
      // Where the units are translated: the CJK decoder's well-formed runs in JavaScript.
      run: multiByteRun && multiByteRun(name, () => glue.encodingDecoderIndex(index)),
    };
    if (mapSize(encodings) < ENCODINGS_CACHED && label.length <= LABEL_CACHED) mapSet(encodings, label, entry);
  }
  return entry;
});
// The encodings whose decoders do not decode ASCII bytes to themselves from their initial state.
const NOT_ASCII_COMPATIBLE = new Set(['utf-16be', 'utf-16le', 'iso-2022-jp', 'replacement']);

// Single-byte encodings (§9) go to the host's TextDecoder for inputs over SMALL_AREA bytes where
// it decodes every byte exactly as weft does: it makes the string in one native step, where weft
// decodes in wasm and then makes the string from UTF-16 (Buffer#ucs2Slice alone took 55-70 % of
// weft's time, as long as the native's whole decode; measured in benches/node/encoding.mjs).
// Checked on first use of each encoding (js/host/encoding.js hostSingleByte).
const SINGLE_BYTE = new Set([
  'ibm866',
  'iso-8859-2',
  'iso-8859-3',
  'iso-8859-4',
  'iso-8859-5',
  'iso-8859-6',
  'iso-8859-7',
  'iso-8859-8',
  'iso-8859-8-i',
  'iso-8859-10',
  'iso-8859-13',
  'iso-8859-14',
  'iso-8859-15',
  'iso-8859-16',
  'koi8-r',
  'koi8-u',
  'macintosh',
  'windows-874',
  'windows-1250',
  'windows-1251',
  'windows-1252',
  'windows-1253',
  'windows-1254',
  'windows-1255',
  'windows-1256',
  'windows-1257',
  'windows-1258',
  'x-mac-cyrillic',
]);
const UNCHECKED = 0;

/** weft's own decoding of bytes in a single-byte `encoding`, for hostSingleByte's check. */
const weftDecoding = (encoding) => (bytes) => readUtf16(glue.textDecoderDecode(writeBytes(bytes), encoding.index, 0, 0));

// Inputs up to this many bytes are decoded in JS where they can be (ASCII in any
// ASCII-compatible encoding, well-formed UTF-8: js/fallback/utf8.js): less than crossing into
// wasm costs.
const SHORT_INPUT = 64;
const fromCharCode = String.fromCharCode;

/** The string of the first `count` units decodeUtf8Into wrote (measured: arguments beat apply). */
// prettier-ignore
const shortString = (function (count) {
  const a = units;
  switch (count) {
    case 0:
      return '';
    case 1:
      return fromCharCode(a[0]);
    case 2:
      return fromCharCode(a[0], a[1]);
    case 3:
      return fromCharCode(a[0], a[1], a[2]);
    case 4:
      return fromCharCode(a[0], a[1], a[2], a[3]);
  }
  let string = '';
  for (let i = 0; i < count; i++) string += fromCharCode(a[i]);
  return string;
});

// Where the unit is translated to JavaScript (the build without WebAssembly), UTF-8 of any length
// is decoded by the host's URI decoder where it is well-formed (hostUtf8Uri), else by
// js/fallback/utf8.js (unless the host's TextDecoder is used): an interpreter such as QuickJS or
// Hermes runs either faster than the translated Rust decoder (benches/engines, docs/speed.md).
// Fatal mode's malformed input goes on to the unit, which throws the TypeError.
const jsUtf8 = translatedUnits
  ? (bytes, length, fatal) =>
      (hostUtf8Uri && hostUtf8Uri(bytes, length)) ?? (fatal ? decodeUtf8Fatal(bytes, length) : decodeUtf8(bytes, length))
  : undefined;

// Inputs up to this many bytes cross through a fixed area of wasm memory (src/bindings/
// encoding.rs SmallArea), whose second part holds the UTF-16 output.
const SMALL_AREA = 256;
const PACKED = 2 ** 48;
let smallOutput = 0;

// TextDecoderStream includes TextDecoderCommon as TextDecoder does: its decoder is a TextDecoder
// of its own, never exposed, driven through these functions of TextDecoder's static block (not
// through TextDecoder.prototype, whose methods and getters a page may replace).
/** decoder.decode(bytes, {stream}) of a Uint8Array `bytes` (undefined: flush). */
let decodeChunk;
/** The decoder's encoding's name, and its fatal and ignore BOM flags. */
let decoderEncoding;
let decoderFatal;
let decoderIgnoreBOM;
/** The dictionary of decode's options that a stream passes: own, so nothing is inherited. */
const STREAM_CHUNK = Object.freeze({ __proto__: null, stream: true });

/**
 * `new TextDecoder(label = "utf-8", {fatal, ignoreBOM})` (§8.2). Made in a pure function: the
 * class's static block and its load-time decode are side effects to a bundler, which would
 * otherwise keep the class (and the wasm) in an app that never uses it.
 */
export const TextDecoder = /* @__PURE__ */ (() => {
  let constructDecoder;
  let decodeWith;
  return webidlInterface(
    class TextDecoder {
      #encoding;
      #options;
      #state = 0;

      constructor(label = undefined, options = undefined) {
        constructDecoder(this, label, options);
      }

      // The constructor's and decode's work, in functions in parentheses: V8 compiles those with the
      // script, where it compiles a class's methods on their first call (docs/speed.md, "Cold first
      // calls"); the methods themselves stay one call long.
      static {
        // prettier-ignore
        constructDecoder = (function (decoder, label, options) {
        markPlatformObject(decoder, 'TextDecoder');
        label = label === undefined ? 'utf-8' : toDOMString(label);
        let flags = 0;
        if (options !== undefined && options !== null) {
          // The dictionary's members in WebIDL's (lexicographic) order.
          const dictionary = toDictionary(options, "Failed to construct 'TextDecoder'");
          if (dictionary.fatal) flags |= FATAL;
          if (dictionary.ignoreBOM) flags |= IGNORE_BOM;
        }
        decoder.#encoding = encodingForLabel(label);
        decoder.#options = flags;
      });
        // prettier-ignore
        decodeWith = (function (decoder, input, options) {
        const encoding = decoder.#encoding;
        const where = "Failed to execute 'decode' on 'TextDecoder'";
        let bytes = input === undefined ? emptyBytes : bufferSourceBytes(input, where);
        const stream = options === undefined ? false : Boolean(toDictionary(options, where).stream);
        // 1. Unless do not flush, a new decoder and BOM seen false.
        let state = decoder.#state;
        if (state < DO_NOT_FLUSH) state = 0;
        const flags = decoder.#options | (stream ? STREAM : 0);
        let length = typedArrayLength(bytes);
        if ((state & DECODER_STATE) === 0) {
          let string;
          if (length <= SHORT_INPUT && encoding.ascii) {
            const count = decodeUtf8Into(bytes, 0, length, encoding.utf8 ? STRICT : ASCII);
            if (count >= 0) string = shortString(count);
          } else if (encoding.utf8 && !stream) {
            if (hostUtf8) string = hostUtf8(bytes, flags & FATAL);
            else if (jsUtf8) string = jsUtf8(bytes, length, flags & FATAL);
          }
          if (string !== undefined) {
            // Serialize I/O queue: UTF-8's first scalar value sets BOM seen and goes if it is a BOM.
            if (encoding.utf8 && (flags & IGNORE_BOM) === 0 && (state & BOM_SEEN) === 0 && string !== '') {
              state |= BOM_SEEN;
              if (stringCharCodeAt(string, 0) === 0xfeff) string = stringSlice(string, 1);
            }
            decoder.#state = stream ? (state | DO_NOT_FLUSH) >>> 0 : 0;
            return string;
          }
        }
        if (length > SMALL_AREA && encoding.host !== undefined) {
          if (encoding.host === UNCHECKED) encoding.host = hostSingleByte(encoding.name, weftDecoding(encoding));
          const host = encoding.host;
          if (host !== null) {
            try {
              const string = hostDecode(host[flags & FATAL], bytes);
              decoder.#state = stream ? (state | DO_NOT_FLUSH) >>> 0 : 0;
              return string;
            } catch {
              // Fatal mode's error, or a host that refuses a shared buffer (Chromium): weft's decoder
              // below gives the result or the error.
            }
          }
        }
        // Where the units are translated, a CJK decoder's well-formed run from its initial state is
        // decoded in JavaScript (js/fallback/multi-byte.js); Rust decodes what follows it.
        let prefix = '';
        if (encoding.run !== undefined && (state & DECODER_STATE) === 0 && length !== 0) {
          const read = encoding.run(bytes, length);
          if (read !== 0) {
            prefix = decodedString();
            // The state the run stopped in (only ISO-2022-JP's modes are not initial), as a
            // stream's state: a decoder that is not flushed first.
            const stopped = decodedState() === 0 ? state : (state | decodedState() | DO_NOT_FLUSH) >>> 0;
            if (read === length) {
              decoder.#state = stream ? (stopped | DO_NOT_FLUSH) >>> 0 : 0;
              return prefix;
            }
            state = stopped;
            bytes = typedArraySubarray(bytes, read);
            length -= read;
          }
        }
        try {
          if (length > SMALL_AREA) return prefix + readUtf16(glue.textDecoderDecode(writeBytes(bytes), encodingIndex(encoding), flags, state));
          let low = 0;
          let high = 0;
          if (length <= 8) {
            // Up to 8 bytes cross as two arguments: one call, nothing written to memory first.
            for (let i = 0; i < length; i++) {
              if (i < 4) low |= bytes[i] << (8 * i);
              else high |= bytes[i] << (8 * (i - 4));
            }
          } else {
            // Asked each time: a call lets the glue replace a panicked instance before the write.
            const address = glue.textDecoderSmallArea();
            typedArraySet(memoryBytes(), bytes, address);
          }
          const units = glue.textDecoderDecodeSmall(length, encodingIndex(encoding), flags, state, low, high);
          if (units < 0) {
            if (units === -1) throw new TypeError("Failed to execute 'decode' on 'TextDecoder': The encoded data was not valid.");
            throw new RangeError(`The encoding ${encoding.name} is not included in this build.`);
          }
          if (units >= PACKED) {
            // Up to three code units in the result itself (see textDecoderDecodeSmall).
            // Integer bit operations, not float division: ToUint32 keeps the low 32 bits.
            const low32 = units >>> 0;
            const high = (units - low32) / 0x100000000;
            const count = high >>> 16;
            if (count === 1) return prefix + fromCharCode(low32 & 0xffff);
            if (count === 2) return prefix + fromCharCode(low32 & 0xffff, low32 >>> 16);
            return prefix + fromCharCode(low32 & 0xffff, low32 >>> 16, high & 0xffff);
          }
          if (units === 0) return prefix;
          // A static's address, the same in every instance of the module.
          smallOutput ||= glue.textDecoderSmallArea() + SMALL_AREA;
          return prefix + readUtf16At(smallOutput, units);
        } finally {
          // After a fatal error too: the state the error left (the I/O queue emptied).
          decoder.#state = stream ? glue.textDecoderState() : 0;
        }
      });
        decodeChunk = (decoder, bytes) => decodeWith(decoder, bytes, bytes === undefined ? undefined : STREAM_CHUNK);
        decoderEncoding = (decoder) => decoder.#encoding.name;
        decoderFatal = (decoder) => (decoder.#options & FATAL) !== 0;
        decoderIgnoreBOM = (decoder) => (decoder.#options & IGNORE_BOM) !== 0;
        // The constructor and decode, compiled now rather than on the first call: V8 compiles a
        // class's members on their first run, and no hint reaches them. Short UTF-8 needs no wasm.
        new this().decode(new Uint8Array(1));
      }

      get encoding() {
        return this.#encoding.name;
      }

      get fatal() {
        return (this.#options & FATAL) !== 0;
      }

      get ignoreBOM() {
        return (this.#options & IGNORE_BOM) !== 0;
      }

      decode(input = undefined, options = undefined) {
        return decodeWith(this, input, options);
      }
    },
    'TextDecoder',
  );
})();

// --- TextEncoder ---

/** UTF-8 bytes of a string, lone surrogates as U+FFFD (the USVString conversion). */
function encodeUtf8(string) {
  return hostEncodeUtf8(string) ?? encodeLoop(string);
}

/** `new TextEncoder()` (§8.4): UTF-8 only. */
export const TextEncoder = /* @__PURE__ */ webidlInterface(
  class TextEncoder {
    #brand = true;
    constructor() {
      markPlatformObject(this, 'TextEncoder');
    }

    get encoding() {
      void this.#brand;
      return 'utf-8';
    }

    encode(input = '') {
      void this.#brand;
      return encodeUtf8(toDOMString(input));
    }

    encodeInto(source, destination) {
      void this.#brand;
      requireArguments(arguments.length, 2, "Failed to execute 'encodeInto' on 'TextEncoder'");
      // USVString conversion happens in the encoder (lone surrogates become U+FFFD there).
      const string = toDOMString(source);
      if (typedArrayTag(destination) !== 'Uint8Array') {
        throw new TypeError("Failed to execute 'encodeInto' on 'TextEncoder': parameter 2 is not of type 'Uint8Array'.");
      }
      // The host's, else the encoder's loop, which writes byte by byte, into a shared buffer too.
      return hostEncodeUtf8Into(string, destination) ?? encodeIntoLoop(string, destination);
    }
  },
  'TextEncoder',
);

// --- TextDecoderStream and TextEncoderStream (§8.3, §8.5), on the host's TransformStream ---
// Made, fed and read through the host's stream built-ins as captured once, not as a page may
// have replaced them since. Captured when the first stream is made, not at load: Node defines
// TransformStream on globalThis so that reading it (its descriptor too, on Node 24) loads its
// streams, which importing weft must not cost (tests/node/startup.test.mjs). A page that
// replaces TransformStream, its getters or its controller's enqueue before making its first
// stream has those used.

const { getPrototypeOf } = Object;
let streamBuiltins;

function hostStreamBuiltins() {
  if (streamBuiltins === undefined) {
    const HostTransformStream = globalThis.TransformStream;
    let controllerPrototype;
    new HostTransformStream({ __proto__: null, start: (controller) => void (controllerPrototype = getPrototypeOf(controller)) });
    streamBuiltins = {
      __proto__: null,
      HostTransformStream,
      readable: getterOf(HostTransformStream.prototype, 'readable'),
      writable: getterOf(HostTransformStream.prototype, 'writable'),
      enqueue: uncurry(controllerPrototype.enqueue),
    };
  }
  return streamBuiltins;
}

/**
 * A TransformStream with the steps `transform` and `flush`, given as a dictionary of its own
 * (nothing looked up on Object.prototype), each handed an enqueue of the stream's controller.
 */
function transformStream(transform, flush) {
  const { HostTransformStream, enqueue } = hostStreamBuiltins();
  return new HostTransformStream({
    __proto__: null,
    transform: (chunk, controller) => transform(chunk, (output) => enqueue(controller, output)),
    flush: (controller) => flush((output) => enqueue(controller, output)),
  });
}

const transformReadable = (transform) => streamBuiltins.readable(transform);
const transformWritable = (transform) => streamBuiltins.writable(transform);

/** `new TextDecoderStream(label = "utf-8", {fatal, ignoreBOM})`. */
export const TextDecoderStream = /* @__PURE__ */ webidlInterface(
  class TextDecoderStream {
    #decoder;
    #transform;

    constructor(label = undefined, options = undefined) {
      markPlatformObject(this, 'TextDecoderStream');
      const decoder = new TextDecoder(label, options);
      this.#decoder = decoder;
      this.#transform = transformStream(
        // Decode and enqueue a chunk.
        (chunk, push) => {
          const output = decodeChunk(decoder, bufferSourceBytes(chunk, 'TextDecoderStream'));
          if (output !== '') push(output);
        },
        // Flush and enqueue.
        (push) => {
          const output = decodeChunk(decoder, undefined);
          if (output !== '') push(output);
        },
      );
    }

    get encoding() {
      return decoderEncoding(this.#decoder);
    }

    get fatal() {
      return decoderFatal(this.#decoder);
    }

    get ignoreBOM() {
      return decoderIgnoreBOM(this.#decoder);
    }

    get readable() {
      return transformReadable(this.#transform);
    }

    get writable() {
      return transformWritable(this.#transform);
    }
  },
  'TextDecoderStream',
);

/** `new TextEncoderStream()`: UTF-8, with surrogate pairs split across chunks joined. */
export const TextEncoderStream = /* @__PURE__ */ webidlInterface(
  class TextEncoderStream {
    #transform;

    constructor() {
      markPlatformObject(this, 'TextEncoderStream');
      // The encoder's leading surrogate (§8.5), kept here: a chunk's last code unit when it is
      // a leading surrogate waits for the next chunk, which may begin with its pair.
      let leading = '';
      this.#transform = transformStream(
        // Encode and enqueue a chunk.
        (chunk, push) => {
          let string = leading + toDOMString(chunk);
          const last = stringCharCodeAt(string, string.length - 1);
          leading = last >= 0xd800 && last <= 0xdbff ? stringSlice(string, -1) : '';
          if (leading !== '') string = stringSlice(string, 0, -1);
          // Lone surrogates left inside become U+FFFD, as the encoder's conversion makes them.
          if (string !== '') push(encodeUtf8(string));
        },
        // Encode and flush: a leading surrogate left alone is U+FFFD.
        (push) => {
          if (leading === '') return;
          const replacement = new Uint8ArrayCtor(3);
          replacement[0] = 0xef;
          replacement[1] = 0xbf;
          replacement[2] = 0xbd;
          push(replacement);
        },
      );
    }

    get encoding() {
      void this.#transform;
      return 'utf-8';
    }

    get readable() {
      return transformReadable(this.#transform);
    }

    get writable() {
      return transformWritable(this.#transform);
    }
  },
  'TextEncoderStream',
);

// --- weft's own entry points to every encoding ---

/**
 * Encodes `string` (a USVString) in the output encoding of `label`; `mode` "fatal" (a
 * TypeError for an unencodable character) or "html" (numeric character references).
 */
export function encode(string, label = 'utf-8', options = undefined) {
  requireArguments(arguments.length, 1, 'encode');
  const mode = toDictionary(options, 'encode').mode ?? 'fatal';
  if (mode !== 'fatal' && mode !== 'html') throw new TypeError(`encode: mode must be "fatal" or "html", not ${String(mode)}.`);
  // The argument is a USVString; writeString's UTF-8 encoding makes lone surrogates U+FFFD as
  // that conversion would, so the string is not scanned for them first.
  const length = writeString(toDOMString(string));
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
export const labelToEncoding = /* @__PURE__ */ withQueryEncoder(function labelToEncoding(label) {
  requireArguments(arguments.length, 1, 'labelToEncoding');
  return glue.labelToEncoding(toDOMString(label)) ?? null;
});

// The url area's query encoder (js/url.js, js/query-encoder.js): a property of labelToEncoding,
// which that area imports from this file's bundle, and not API. (name, string) -> Uint32Array.
// Only webweft/encoding's wasm has encodingEncodeQuery (the url area imports that area).
// Returns `labelToEncoding`, so that a bundle that never uses it drops both; its name is set
// here as the classes' are (a bundler renames a function expression that shadows its binding).
function withQueryEncoder(labelToEncoding) {
  Object.defineProperty(labelToEncoding, 'name', { value: 'labelToEncoding', configurable: true });
  return Object.defineProperty(labelToEncoding, '__webweftEncodeQuery', {
    value: function encodeQuery(name, string) {
      return glue.encodingEncodeQuery(writeString(string), name);
    },
  });
}

/** BOM sniff: "UTF-8", "UTF-16BE" or "UTF-16LE" for a byte order mark at the start, or null. */
export function sniffBOM(bytes) {
  requireArguments(arguments.length, 1, 'sniffBOM');
  const input = bufferSourceBytes(bytes, 'sniffBOM');
  return glue.encodingSniffBom(writeBytes(input.subarray(0, 3))) ?? null;
}
