// Moving data through wasm memory (see src/bindings/io.rs): strings are written with
// TextEncoder.encodeInto into the module's reusable input buffer, results are read from its
// output buffer with the fastest string maker the host has. `#glue` is the glue of the area
// this copy is bundled into (tools/build/bundle.mjs): each area has its own wasm and memory.
import { ioInput, ioOutput, ioRelease } from '#glue';
import { memoryBuffer, memoryStale, wasm } from './runtime.js';
import { utf8Decoder as makeUtf8Decoder, utf8Encoder } from './utf8.js';

// Pure calls: a bundle that never moves strings through memory drops them.
const encoder = /* @__PURE__ */ utf8Encoder();
const utf8Decoder = /* @__PURE__ */ makeUtf8Decoder();
// Node and Bun make a one-byte string from Latin1 bytes in a single native copy.
const latin1Slice = /* @__PURE__ */ (() => globalThis.Buffer?.prototype?.latin1Slice)();

// What memoryBytes and writeBytes call, captured at load: a page may replace the built-ins later
// (the encoding area's streams, for one, move every chunk through here).
const uncurry = Function.prototype.bind.bind(Function.prototype.call);
const Uint8ArrayCtor = Uint8Array;
const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
const viewedBuffer = uncurry(Object.getOwnPropertyDescriptor(TypedArrayPrototype, 'buffer').get);
const typedArrayLength = uncurry(Object.getOwnPropertyDescriptor(TypedArrayPrototype, 'length').get);
const typedArraySet = uncurry(TypedArrayPrototype.set);
// (For loneSurrogateOffsets, in pure calls that a bundle without it drops.)
const Uint32ArrayCtor = Uint32Array;
const stringCharCodeAt = /* @__PURE__ */ uncurry(String.prototype.charCodeAt);
const stringIsWellFormed = /* @__PURE__ */ (() => String.prototype.isWellFormed && uncurry(String.prototype.isWellFormed))();
// Without isWellFormed: any surrogate, paired or not, sends the string to the exact scan.
const regExpTest = /* @__PURE__ */ uncurry(RegExp.prototype.test);
const SURROGATE = /[\uD800-\uDFFF]/;

let memoryView = new Uint8ArrayCtor(0);

/** A Uint8Array over the module's memory, renewed when memory grows (which detaches the old). */
export function memoryBytes() {
  const buffer = memoryBuffer(wasm().memory);
  if (viewedBuffer(memoryView) !== buffer) memoryView = new Uint8ArrayCtor(buffer);
  return memoryView;
}

// Strings up to this length are written with one encodeInto into a buffer sized for the
// worst case (3 bytes per UTF-16 code unit); longer ones first assume ASCII.
const SHORT_STRING = 1 << 16;
// src/bindings/io.rs RETAIN_LIMIT: Rust drops an input buffer this large after use.
const RETAIN_LIMIT = 1 << 22;
// The input buffer's length as JS last set it, and a view over it. Short writes keep the
// buffer at its largest size so that the view stays valid and is reused: making a view costs
// more than encoding a short string.
let inputLength = 0;
let inputView = /* @__PURE__ */ new Uint8Array(0);
let inputExports = null;

/** A view over the input buffer, at least `capacity` bytes long. */
function inputBytes(capacity) {
  const length = Math.max(capacity, inputLength);
  // Always asked (a cheap call): the glue replaces a panicked instance on its next call.
  const address = ioInput(length);
  inputLength = length > RETAIN_LIMIT ? 0 : length;
  // A new view when the buffer moved, memory grew or the instance was replaced; comparing these
  // is cheaper than reading memory.buffer (except in the translated unit, see memoryStale).
  const exports = wasm();
  if (inputView.byteOffset !== address || inputView.length !== length || inputExports !== exports || memoryStale(inputView)) {
    inputView = memoryBytes().subarray(address, address + length);
    inputExports = exports;
  }
  return inputView;
}

/**
 * Writes a string's UTF-8 form into the input buffer at byte `offset` (after what the same
 * operation wrote there first); returns its length in bytes. Lone surrogates become U+FFFD.
 */
export function writeString(string, offset = 0) {
  const length = string.length;
  if (length <= SHORT_STRING) {
    const view = inputBytes(offset + 3 * length);
    return encoder.encodeInto(string, offset === 0 ? view : view.subarray(offset)).written;
  }
  // First assume ASCII (one byte per code unit); grow to the UTF-8 worst case only if needed.
  let view = inputBytes(offset + length);
  let { read, written } = encoder.encodeInto(string, view.subarray(offset, offset + length));
  if (read < length) {
    const capacity = offset + written + (length - read) * 3;
    view = inputBytes(capacity);
    written += encoder.encodeInto(string.slice(read), view.subarray(offset + written, capacity)).written;
  }
  return written;
}

/**
 * The byte offsets at which writeString(string, offset) writes the U+FFFD of each of the
 * string's lone surrogates, ascending: none, after one native check, for well-formed UTF-16.
 */
export function loneSurrogateOffsets(string, offset = 0) {
  const offsets = [];
  if (stringIsWellFormed ? stringIsWellFormed(string) : !regExpTest(SURROGATE, string)) return offsets;
  const length = string.length;
  for (let i = 0, at = offset; i < length; i++) {
    const unit = stringCharCodeAt(string, i);
    if (unit < 0x80) at += 1;
    else if (unit < 0x800) at += 2;
    else if (unit < 0xd800 || unit > 0xdfff) at += 3;
    else if (unit < 0xdc00 && i + 1 < length && (stringCharCodeAt(string, i + 1) & 0xfc00) === 0xdc00) {
      at += 4;
      i++;
    } else {
      offsets.push(at);
      at += 3;
    }
  }
  return offsets;
}

/** Writes `values` as u32s at `address` in the module's memory (a Rust Vec<u32>'s, so aligned). */
export function writeU32s(address, values) {
  typedArraySet(new Uint32ArrayCtor(memoryBuffer(wasm().memory), address, values.length), values);
}

/** Copies bytes (a Uint8Array) into the input buffer; returns their length. */
export function writeBytes(bytes) {
  const length = typedArrayLength(bytes);
  const address = ioInput(length);
  typedArraySet(memoryBytes(), bytes, address);
  return length;
}

function outputRange(length) {
  const address = ioOutput();
  return [address, address + length];
}

/** The output buffer's first `length` bytes as a new Uint8Array. */
export function readBytes(length) {
  const bytes = memoryBytes().slice(...outputRange(length));
  ioRelease();
  return bytes;
}

/** The output buffer's first `length` bytes, which are ASCII, as a string. */
export function readAscii(length) {
  if (latin1Slice) return readLatin1(length);
  // ASCII is UTF-8: no check needed.
  const string = utf8Decoder.decode(memoryBytes().subarray(...outputRange(length)));
  ioRelease();
  return string;
}

/** The output buffer's first `length` bytes as a string of the code points U+0000..U+00FF. */
export function readLatin1(length) {
  const [start, end] = outputRange(length);
  const view = memoryBytes();
  let string;
  if (latin1Slice) {
    string = latin1Slice.call(view, start, end);
  } else if (view.subarray(start, end).every((byte) => byte < 0x80)) {
    string = utf8Decoder.decode(view.subarray(start, end));
  } else {
    string = '';
    for (let i = start; i < end; i += 0x2000) {
      string += String.fromCharCode.apply(null, view.subarray(i, Math.min(i + 0x2000, end)));
    }
  }
  ioRelease();
  return string;
}
