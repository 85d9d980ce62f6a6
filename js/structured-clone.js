// HTML §2.9 structured serialization: structuredClone() (WindowOrWorkerGlobalScope), and
// serialize()/deserialize() to and from V8's wire format (what Node's v8.serialize writes).
//
// structuredClone runs in JavaScript with no bytes and no wasm call: the walker
// (structured-clone-walker.js) makes each copy as it reaches the original, or, with a transfer
// list or registered classes, emits an op stream that the builder (structured-clone-builder.js)
// turns into the copy after the transfer. Both measured faster than a round trip through the
// Rust codec (see the README). serialize() hands the walker's op stream to the Rust codec in
// one call; deserialize() gets the validated op stream back in one call and builds from it.
import * as glue from '#glue';
import { readBytes, writeBytes } from './io.js';
import { wasm } from './runtime.js';
import { structuredDeserialize as build } from './structured-clone-builder.js';
import * as I from './structured-clone-intrinsics.js';
import * as op from './structured-clone-ops.js';
import { cloneDirect, isDetached, serializeInternal } from './structured-clone-walker.js';
import { requireArguments, toUint8Array } from './webidl.js';

/** Platform interfaces with transfer steps (their objects have a [[Detached]] slot). */
const TRANSFERABLE_INTERFACES = new Set([
  'MessagePort', 'ImageBitmap', 'OffscreenCanvas', 'ReadableStream', 'WritableStream', 'TransformStream',
  'VideoFrame', 'AudioData', 'MediaStreamTrack', 'RTCDataChannel', 'MediaSourceHandle', 'MIDIAccess',
  'WebTransportReceiveStream', 'WebTransportSendStream', 'RTCRtpScriptTransform',
]);

/** WebIDL `sequence<object>` from an iterable. */
function toObjectSequence(value, where) {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) {
    throw new TypeError(`${where}: the value is not a sequence.`);
  }
  const method = value[Symbol.iterator];
  if (typeof method !== 'function') throw new TypeError(`${where}: the value is not iterable.`);
  const iterator = method.call(value);
  const next = iterator.next;
  const list = [];
  for (;;) {
    const step = next.call(iterator);
    if (step === null || (typeof step !== 'object' && typeof step !== 'function')) {
      throw new TypeError(`${where}: the iterator result is not an object.`);
    }
    if (step.done) return list;
    const item = step.value;
    if (item === null || (typeof item !== 'object' && typeof item !== 'function')) {
      throw new TypeError(`${where}[${list.length}] is not an object.`);
    }
    list.push(item);
  }
}

/** A dictionary argument: undefined and null are {}, other non-objects a TypeError. */
function toDictionary(options, where) {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' && typeof options !== 'function') {
    throw new TypeError(`${where}: the options argument is not an object.`);
  }
  return options;
}

/** The interface of a platform object with transfer steps, else undefined. */
function transferableInterface(value) {
  for (let p = I.getPrototypeOf(value); p !== null; p = I.getPrototypeOf(p)) {
    if (I.isProxy !== undefined && I.isProxy(p)) return undefined;
    const name = I.platformInterfaceName(p);
    if (name !== undefined) return TRANSFERABLE_INTERFACES.has(name) ? name : undefined;
  }
  return undefined;
}

/** StructuredSerializeWithTransfer step 2: checks the transfer list before serializing. */
function checkTransferList(list) {
  const seen = new Set();
  const isBuffer = [];
  for (let i = 0; i < list.length; i++) {
    const transferable = list[i];
    if (I.isArrayBuffer(transferable)) {
      isBuffer.push(true);
    } else if (I.isSharedArrayBuffer(transferable)) {
      throw I.dataCloneError(`transfer[${i}] is a SharedArrayBuffer, which cannot be transferred.`);
    } else if (I.hostStructuredClone !== undefined && transferableInterface(transferable) !== undefined) {
      isBuffer.push(false);
    } else {
      throw I.dataCloneError(`transfer[${i}] is not a transferable object.`);
    }
    if (seen.has(transferable)) throw I.dataCloneError(`transfer[${i}] appears twice in the transfer list.`);
    seen.add(transferable);
  }
  return isBuffer;
}

/** A copy of an ArrayBuffer (resizable ones stay resizable) in this realm. */
function copyBuffer(source) {
  const length = I.arrayBufferByteLength(source);
  const copy = I.arrayBufferResizable?.(source)
    ? new I.ArrayBufferCtor(length, { maxByteLength: I.arrayBufferMaxByteLength(source) })
    : new I.ArrayBufferCtor(length);
  I.typedArraySet(new I.Uint8ArrayCtor(copy), new I.Uint8ArrayCtor(source));
  return copy;
}

/**
 * DetachArrayBuffer, returning a new ArrayBuffer that owns the data: ArrayBuffer.prototype.transfer
 * where the host has it (no copy); else the host's own structuredClone with a transfer list
 * (Node before 21), copied into this realm if the host's is another.
 */
function detach(buffer) {
  if (I.arrayBufferTransfer !== undefined) return I.arrayBufferTransfer(buffer);
  if (I.hostStructuredClone === undefined) {
    throw I.dataCloneError('This host cannot detach ArrayBuffers (it has neither ArrayBuffer.prototype.transfer nor structuredClone).');
  }
  const moved = I.hostStructuredClone(buffer, { transfer: [buffer] });
  if (!isDetached(buffer)) throw new TypeError('This ArrayBuffer cannot be detached.');
  return I.getPrototypeOf(moved) === I.ArrayBufferCtor.prototype ? moved : copyBuffer(moved);
}

/** StructuredSerializeWithTransfer step 5: detaches (transfers) every transferable, in order. */
function transferAll(list, isBuffer) {
  const received = [];
  for (let i = 0; i < list.length; i++) {
    const transferable = list[i];
    if (isBuffer[i]) {
      if (isDetached(transferable)) throw I.dataCloneError(`transfer[${i}] is a detached ArrayBuffer.`);
      received.push(detach(transferable));
    } else {
      try {
        received.push(I.hostStructuredClone(transferable, { transfer: [transferable] }));
      } catch (error) {
        if (I.isDataCloneError(error)) throw I.dataCloneError(`transfer[${i}] could not be transferred: ${error.message}`);
        throw error;
      }
    }
  }
  return received;
}

/**
 * HTML `structuredClone(value, {transfer})`: StructuredSerializeWithTransfer then
 * StructuredDeserializeWithTransfer into this realm. Throws a DataCloneError DOMException for
 * what cannot be cloned or transferred.
 */
export function structuredClone(value, options = undefined) {
  requireArguments(arguments.length, 1, 'structuredClone');
  const transfer = toDictionary(options, 'structuredClone').transfer;
  const transferList = transfer === undefined ? [] : toObjectSequence(transfer, 'structuredClone: options.transfer');
  const transferIsBuffer = checkTransferList(transferList);
  if (transferList.length === 0 && op.registry.byName.size === 0) {
    return cloneDirect(value);
  }
  const { code, values, shared, hosts } = serializeInternal(value, { transferList, transferIsBuffer });
  const transferred = transferList.length > 0 ? transferAll(transferList, transferIsBuffer) : [];
  return build(code, values, { transferred, shared, hosts });
}
Object.defineProperty(structuredClone, Symbol.for('weft.implementation'), { value: true });

/**
 * What a serialization refers to out of band, by the Uint8Array serialize() returned:
 * SharedArrayBuffers, transferred objects (received at most once) and platform objects.
 */
const outOfBand = new WeakMap();

/** Node and Bun copy UTF-16 code units between strings and memory in one native call. */
const ucs2Write = globalThis.Buffer?.prototype?.ucs2Write;
const ucs2Slice = globalThis.Buffer?.prototype?.ucs2Slice;
const LONG_STRING = 64;
const SHORT_STRING = 13;

function writeUnits(units, bytes, at, string) {
  const length = string.length;
  if (ucs2Write !== undefined && length > LONG_STRING) {
    ucs2Write.call(bytes, string, units.byteOffset + at * 2, length * 2);
    return;
  }
  for (let i = 0; i < length; i++) units[at + i] = string.charCodeAt(i);
}

function readUnits(units, bytes, at, length) {
  if (ucs2Slice !== undefined) return ucs2Slice.call(bytes, units.byteOffset + at * 2, units.byteOffset + (at + length) * 2);
  let string = '';
  for (let i = at; i < at + length; i += 0x2000) {
    string += I.fromCharCode.apply(null, units.subarray(i, Math.min(i + 0x2000, at + length)));
  }
  return string;
}

function readBigInt(bytes, at, length, negative) {
  let hex = '';
  for (let i = at + length - 1; i >= at; i--) hex += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
  const magnitude = length === 0 ? 0n : I.BigIntCtor(`0x${hex}`);
  return negative ? -magnitude : magnitude;
}

/** The op stream layout record the bindings return: [address, length] × 4 streams. */
function streams(address) {
  const buffer = wasm().memory.buffer;
  const [code, codeLength, numbers, numbersLength, units, unitsLength, bytes, bytesLength] = new Uint32Array(buffer, address, 8);
  return {
    code: new Uint32Array(buffer, code, codeLength),
    numbers: new Float64Array(buffer, numbers, numbersLength),
    units: new Uint16Array(buffer, units, unitsLength),
    bytes: new Uint8Array(buffer, bytes, bytesLength),
    memory: new Uint8Array(buffer),
  };
}

/** Strings longer than this are written one by one rather than joined first (V8's string limit). */
const JOIN_LIMIT = 1 << 26;

/** Writes the walker's op stream into the codec's four input streams in wasm memory. */
function lower(code, values) {
  let numberCount = 0;
  let unitCount = 0;
  let byteCount = 0;
  // Joining the strings first lets one native copy write all their code units.
  let text = '';
  for (const value of values) {
    if (typeof value === 'number') {
      numberCount++;
    } else if (typeof value === 'string') {
      unitCount += value.length;
      if (unitCount <= JOIN_LIMIT) text += value;
    } else {
      byteCount += value.byteLength; // an ArrayBuffer copy or a BigInt's magnitude
    }
  }
  const out = streams(glue.cloneOpsInput(code.length, numberCount, unitCount, byteCount));
  out.code.set(code);
  const joined = unitCount <= JOIN_LIMIT;
  if (joined) writeUnits(out.units, out.memory, 0, text);
  let n = 0;
  let u = 0;
  let b = 0;
  for (const value of values) {
    if (typeof value === 'number') {
      out.numbers[n++] = value;
    } else if (typeof value === 'string') {
      if (!joined) writeUnits(out.units, out.memory, u, value);
      u += value.length;
    } else {
      out.bytes.set(I.isView(value) ? value : new I.Uint8ArrayCtor(value), b);
      b += value.byteLength;
    }
  }
}

/**
 * Reads the codec's output streams into an op stream and payload values (copies). Short
 * strings are cut from one decoding of all the code units (V8 copies substrings under 13
 * characters, so they do not keep the whole alive); longer ones are decoded on their own.
 */
function lift(address) {
  const input = streams(address);
  const code = input.code.slice();
  const values = [];
  const { numbers, units, bytes, memory } = input;
  let text;
  let n = 0;
  let u = 0;
  let b = 0;
  for (let ci = 0; ci < code.length; ci += 1 + op.OPERANDS[code[ci]]) {
    switch (code[ci]) {
      case op.NUMBER:
      case op.DATE:
      case op.NUMBER_OBJECT:
        values.push(numbers[n++]);
        break;
      case op.STRING:
      case op.STRING_OBJECT:
      case op.ERROR_MESSAGE:
      case op.ERROR_STACK:
      case op.SERIALIZABLE:
      case op.REGEXP: {
        const length = code[ci + op.OPERANDS[code[ci]]];
        if (length < SHORT_STRING) {
          text ??= readUnits(units, memory, 0, units.length);
          values.push(text.slice(u, u + length));
        } else {
          values.push(readUnits(units, memory, u, length));
        }
        u += length;
        break;
      }
      case op.BIGINT:
      case op.BIGINT_OBJECT: {
        const length = code[ci + 2];
        values.push(readBigInt(bytes, b, length, code[ci + 1] === 1));
        b += length;
        break;
      }
      case op.ARRAY_BUFFER:
      case op.RESIZABLE_ARRAY_BUFFER: {
        const length = code[ci + 1];
        let buffer;
        try {
          buffer =
            code[ci] === op.ARRAY_BUFFER
              ? new I.ArrayBufferCtor(length)
              : new I.ArrayBufferCtor(length, { maxByteLength: code[ci + 2] });
        } catch (error) {
          throw I.dataCloneError(`The serialized data has an ArrayBuffer this host cannot allocate (${error.message}).`);
        }
        new I.Uint8ArrayCtor(buffer).set(bytes.subarray(b, b + length));
        values.push(buffer);
        b += length;
        break;
      }
      default:
    }
  }
  return { code, values };
}

function serializeOptions(options) {
  const dictionary = toDictionary(options, 'serialize');
  const forStorage = Boolean(dictionary.forStorage);
  const transfer = dictionary.transfer;
  const transferList = transfer === undefined ? [] : toObjectSequence(transfer, 'serialize: options.transfer');
  if (forStorage && transferList.length > 0) {
    throw new TypeError('serialize: a serialization for storage cannot transfer objects.');
  }
  return { forStorage, transferList };
}

/**
 * StructuredSerialize (StructuredSerializeForStorage with `forStorage`, or
 * StructuredSerializeWithTransfer with `transfer`) of `value`, as V8 wire-format bytes
 * (version 15) that Node's `v8.deserialize` reads. SharedArrayBuffers, transferred objects and
 * platform objects only the host can clone are referred to out of band: such bytes deserialize
 * only in this process, from this same Uint8Array.
 */
export function serialize(value, options = undefined) {
  requireArguments(arguments.length, 1, 'serialize');
  const { forStorage, transferList } = serializeOptions(options);
  const transferIsBuffer = checkTransferList(transferList);
  const { code, values, shared, hosts } = serializeInternal(value, { forStorage, forBytes: true, transferList, transferIsBuffer });
  lower(code, values);
  const bytes = readBytes(glue.cloneSerialize(forStorage, false));
  if (transferList.length > 0 || shared.length > 0 || hosts.length > 0) {
    const transferred = transferList.length > 0 ? transferAll(transferList, transferIsBuffer) : [];
    outOfBand.set(bytes, { transferred, shared, hosts, consumed: false });
  }
  return bytes;
}

/**
 * StructuredDeserialize of V8 wire-format bytes (versions 13–15; what `v8.serialize` and
 * weft's serialize() write) into this realm. Throws a DataCloneError DOMException, naming the
 * byte offset and the problem, for bytes that are not a valid serialization.
 */
export function deserialize(bytes) {
  requireArguments(arguments.length, 1, 'deserialize');
  const data = toUint8Array(bytes, 'deserialize');
  const references = outOfBand.get(bytes);
  if (references?.consumed) throw I.dataCloneError('The objects transferred with this serialization were already received.');
  const transferred = references?.transferred ?? [];
  const shared = references?.shared ?? [];
  const address = glue.cloneDeserialize(writeBytes(data), transferred.length, shared.length);
  let lifted;
  try {
    lifted = lift(address);
  } finally {
    glue.cloneRelease();
  }
  if (transferred.length > 0) references.consumed = true;
  return build(lifted.code, lifted.values, { transferred, shared, hosts: references?.hosts ?? [], cloneHosts: true });
}

/**
 * Makes instances of `constructor` (and its subclasses) serializable: `serialize(instance)`
 * returns the data to serialize in its place (any serializable value), `deserialize(data)`
 * makes the instance back; `name` identifies the class in serialized bytes.
 */
export function registerSerializable(constructor, options) {
  requireArguments(arguments.length, 2, 'registerSerializable');
  const prototype = typeof constructor === 'function' ? constructor.prototype : undefined;
  if (prototype === null || typeof prototype !== 'object') {
    throw new TypeError('registerSerializable: the first argument is not a class.');
  }
  const { name, serialize: save, deserialize: restore } = toDictionary(options, 'registerSerializable');
  if (typeof name !== 'string' || name === '') throw new TypeError('registerSerializable: options.name must be a non-empty string.');
  if (typeof save !== 'function' || typeof restore !== 'function') {
    throw new TypeError('registerSerializable: options.serialize and options.deserialize must be functions.');
  }
  if (name === op.DOM_EXCEPTION_NAME || name.startsWith('weft:')) {
    throw new TypeError(`registerSerializable: the name "${name}" is reserved.`);
  }
  const existing = op.registry.byName.get(name);
  if (existing !== undefined && existing.prototype !== prototype) {
    throw new TypeError(`registerSerializable: another class is already registered as "${name}".`);
  }
  const previous = op.registry.byPrototype.get(prototype);
  if (previous !== undefined) op.registry.byName.delete(previous.name);
  const entry = { name, prototype, serialize: (instance) => save.call(options, instance), deserialize: (data) => restore.call(options, data) };
  op.registry.byPrototype.set(prototype, entry);
  op.registry.byName.set(name, entry);
}

