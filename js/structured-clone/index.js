// HTML §2.9 structured serialization: structuredClone() (WindowOrWorkerGlobalScope), and
// serialize()/deserialize() to and from V8's wire format (what Node's v8.serialize writes).
//
// structuredClone runs in JavaScript with no bytes and no wasm call: the walker
// (walker.js) makes each copy as it reaches the original, or, with a transfer
// list or registered classes, emits an op stream that the builder (builder.js)
// turns into the copy after the transfer. Both measured faster than a round trip through
// bytes (docs/structured-clone.md, "The paths"). serialize() writes V8 wire-format bytes as it walks
// (serializer.js, with the walker's op stream for the uncommon values), and deserialize()
// makes ordinary data's objects as it reads the bytes (reader.js), leaving everything else to
// a validated op stream read from the bytes and built from, all in JavaScript (wire.js; why:
// docs/structured-clone.md, "Why one codec, in JavaScript").
// (Functions in parentheses: compiled with the script, see walker.js.)
import { structuredDeserialize as build } from './builder.js';
import * as I from './intrinsics.js';
import * as op from './ops.js';
import { cloneDirect, copyBuffer, isDetached, serializeInternal } from './walker.js';
import { NOT_READ, readDirect } from './reader.js';
import { serializeToWire } from './serializer.js';
import { readWire } from './wire.js';
import { requireArguments } from '../webidl.js';

// Captured at load, like everything in intrinsics.js.
const TypeErrorCtor = TypeError;
const implementationKey = Symbol.for('weft.implementation');
/** The transfer list of a call without one (only ever read). */
const NO_TRANSFER = I.newList();

/** Platform interfaces with transfer steps (their objects have a [[Detached]] slot). */
const TRANSFERABLE_INTERFACES = I.ownMap(
  [
    'MessagePort',
    'ImageBitmap',
    'OffscreenCanvas',
    'ReadableStream',
    'WritableStream',
    'TransformStream',
    'VideoFrame',
    'AudioData',
    'MediaStreamTrack',
    'RTCDataChannel',
    'MediaSourceHandle',
    'MIDIAccess',
    'WebTransportReceiveStream',
    'WebTransportSendStream',
    'RTCRtpScriptTransform',
  ].map((name) => [name, true]),
);

/** WebIDL `sequence<object>` from an iterable. */
function toObjectSequence(value, where) {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) {
    throw new TypeError(`${where}: the value is not a sequence.`);
  }
  const method = value[Symbol.iterator];
  if (typeof method !== 'function') throw new TypeError(`${where}: the value is not iterable.`);
  const iterator = I.functionApply(method, value, []);
  const next = iterator.next;
  const list = I.newList();
  for (;;) {
    const step = I.functionApply(next, iterator, []);
    if (step === null || (typeof step !== 'object' && typeof step !== 'function')) {
      throw new TypeError(`${where}: the iterator result is not an object.`);
    }
    if (step.done) return list;
    const item = step.value;
    if (item === null || (typeof item !== 'object' && typeof item !== 'function')) {
      throw new TypeError(`${where}[${list.length}] is not an object.`);
    }
    list[list.length] = item;
  }
}

/** A dictionary argument: undefined and null are {}, other non-objects a TypeError. */
// prettier-ignore
const toDictionary = (function (options, where) {
  // (Nothing is read from an absent dictionary, not even what Object.prototype has.)
  if (options === undefined || options === null) return { __proto__: null };
  if (typeof options !== 'object' && typeof options !== 'function') {
    throw new TypeError(`${where}: the options argument is not an object.`);
  }
  return options;
});

/** The interface of a platform object with transfer steps, else undefined. */
function transferableInterface(value) {
  for (let p = I.getPrototypeOf(value); p !== null; p = I.getPrototypeOf(p)) {
    if (I.isProxy !== undefined && I.isProxy(p)) return undefined;
    const name = I.platformInterfaceName(p);
    if (name !== undefined) return TRANSFERABLE_INTERFACES.has(name) ? name : undefined;
  }
  return undefined;
}

const detachedError = (i) => I.dataCloneError(`transfer[${i}] is a detached ArrayBuffer.`);

/**
 * StructuredSerializeWithTransfer step 2: checks every transferable before anything is
 * serialized or detached (a detached buffer too: nothing runs before this throws).
 */
// prettier-ignore
const checkTransferList = (function (list) {
  const seen = I.ownMap();
  const isBuffer = I.newList();
  for (let i = 0; i < list.length; i++) {
    const transferable = list[i];
    if (I.isArrayBuffer(transferable)) {
      if (isDetached(transferable)) throw detachedError(i);
      isBuffer[isBuffer.length] = true;
    } else if (I.isSharedArrayBuffer(transferable)) {
      throw I.dataCloneError(`transfer[${i}] is a SharedArrayBuffer, which cannot be transferred.`);
    } else if (I.hostStructuredClone !== undefined && transferableInterface(transferable) !== undefined) {
      isBuffer[isBuffer.length] = false;
    } else {
      throw I.dataCloneError(`transfer[${i}] is not a transferable object.`);
    }
    if (seen.has(transferable)) throw I.dataCloneError(`transfer[${i}] appears twice in the transfer list.`);
    seen.set(transferable, true);
  }
  return isBuffer;
});

/**
 * DetachArrayBuffer, returning a new ArrayBuffer that owns the data: ArrayBuffer.prototype.transfer
 * where the host has it (no copy); else the host's own structuredClone with a transfer list
 * (Node before 21), copied into this realm if the host's is another.
 */
function detach(buffer) {
  if (I.arrayBufferTransfer !== undefined) return I.arrayBufferTransfer(buffer);
  if (I.hostStructuredClone === undefined) {
    throw I.dataCloneError(
      'This host cannot detach ArrayBuffers (it has neither ArrayBuffer.prototype.transfer nor structuredClone).',
    );
  }
  const moved = I.hostStructuredClone(buffer, { __proto__: null, transfer: I.iterableOf(buffer) });
  if (!isDetached(buffer)) throw new TypeError('This ArrayBuffer cannot be detached.');
  return I.getPrototypeOf(moved) === I.ArrayBufferCtor.prototype ? moved : copyBuffer(moved);
}

/**
 * StructuredSerializeWithTransfer step 5: detaches (transfers) every transferable, in order.
 * A getter the serialization ran may have detached a buffer of the list since step 2: each is
 * checked again before any is detached, so that a call that throws has detached nothing.
 */
function transferAll(list, isBuffer) {
  for (let i = 0; i < list.length; i++) {
    if (isBuffer[i] && isDetached(list[i])) throw detachedError(i);
  }
  const received = I.newList();
  for (let i = 0; i < list.length; i++) {
    const transferable = list[i];
    if (isBuffer[i]) {
      received[received.length] = detach(transferable);
    } else {
      try {
        received[received.length] = I.hostStructuredClone(transferable, {
          __proto__: null,
          transfer: I.iterableOf(transferable),
        });
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
// prettier-ignore
export const structuredClone = (function (value, options = undefined) {
  requireArguments(arguments.length, 1, 'structuredClone');
  const transfer = toDictionary(options, 'structuredClone').transfer;
  const transferList = transfer === undefined ? NO_TRANSFER : toObjectSequence(transfer, 'structuredClone: options.transfer');
  // No transfer list (so none to check) and no registered class: the copy is made directly.
  if (transferList.length === 0 && I.mapSize(op.registry.byName) === 0) return cloneDirect(value);
  const transferIsBuffer = checkTransferList(transferList);
  const { code, values, shared, hosts } = serializeInternal(value, { __proto__: null, transferList, transferIsBuffer });
  const transferred = transferList.length > 0 ? transferAll(transferList, transferIsBuffer) : I.newList();
  return build(code, values, { __proto__: null, transferred, shared, hosts, cloneHosts: false });
});
Object.defineProperty(structuredClone, implementationKey, { value: true });

/**
 * What a serialization refers to out of band, by the Uint8Array serialize() returned:
 * SharedArrayBuffers, transferred objects (received at most once) and platform objects.
 */
const outOfBand = I.ownWeakMap();

function serializeOptions(options) {
  const dictionary = toDictionary(options, 'serialize');
  const forStorage = Boolean(dictionary.forStorage);
  const transfer = dictionary.transfer;
  const transferList = transfer === undefined ? NO_TRANSFER : toObjectSequence(transfer, 'serialize: options.transfer');
  if (forStorage && transferList.length > 0) {
    throw new TypeErrorCtor('serialize: a serialization for storage cannot transfer objects.');
  }
  return { __proto__: null, forStorage, transferList };
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
  const { bytes, shared, hosts } = serializeToWire(value, forStorage, transferList, transferIsBuffer);
  if (transferList.length > 0 || shared.length > 0 || hosts.length > 0) {
    const transferred = transferList.length > 0 ? transferAll(transferList, transferIsBuffer) : I.newList();
    outOfBand.set(bytes, { __proto__: null, transferred, shared, hosts, consumed: false });
  }
  return bytes;
}

/** WebIDL BufferSource: a Uint8Array over an ArrayBuffer's, SharedArrayBuffer's or view's bytes. */
function bufferSourceBytes(value, where) {
  if (I.isView(value)) {
    if (I.typedArrayName(value) === undefined) {
      return new I.Uint8ArrayCtor(I.dataViewBuffer(value), I.dataViewByteOffset(value), I.dataViewByteLength(value));
    }
    return new I.Uint8ArrayCtor(I.typedArrayBuffer(value), I.typedArrayByteOffset(value), I.typedArrayByteLength(value));
  }
  if (I.isArrayBuffer(value) || I.isSharedArrayBuffer(value)) return new I.Uint8ArrayCtor(value);
  throw new TypeErrorCtor(`${where}: the argument is not an ArrayBuffer, SharedArrayBuffer or ArrayBufferView.`);
}

/**
 * StructuredDeserialize of V8 wire-format bytes (versions 13–15; what `v8.serialize` and
 * weft's serialize() write) into this realm. Throws a DataCloneError DOMException, naming the
 * byte offset and the problem, for bytes that are not a valid serialization.
 */
export function deserialize(bytes) {
  requireArguments(arguments.length, 1, 'deserialize');
  const data = bufferSourceBytes(bytes, 'deserialize');
  const references = outOfBand.get(bytes);
  if (references === undefined) {
    const value = readDirect(data);
    if (value !== NOT_READ) return value;
  }
  return readThroughOps(data, references);
}

/**
 * deserialize() without the direct reader (reader.js): readWire's op stream, then the builder.
 * What deserialize() does for the bytes the direct reader leaves; the tests' reference for it.
 */
export function deserializeThroughOps(bytes) {
  requireArguments(arguments.length, 1, 'deserialize');
  const data = bufferSourceBytes(bytes, 'deserialize');
  return readThroughOps(data, outOfBand.get(bytes));
}

function readThroughOps(data, references) {
  if (references?.consumed) throw I.dataCloneError('The objects transferred with this serialization were already received.');
  const transferred = references?.transferred ?? I.newList();
  const shared = references?.shared ?? I.newList();
  const lifted = readWire(data, transferred.length, shared.length);
  if (transferred.length > 0) references.consumed = true;
  const hosts = references?.hosts ?? I.newList();
  return build(lifted.code, lifted.values, { __proto__: null, transferred, shared, hosts, cloneHosts: true });
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
  if (typeof name !== 'string' || name === '')
    throw new TypeError('registerSerializable: options.name must be a non-empty string.');
  if (typeof save !== 'function' || typeof restore !== 'function') {
    throw new TypeError('registerSerializable: options.serialize and options.deserialize must be functions.');
  }
  if (name === op.DOM_EXCEPTION_NAME || I.stringSlice(name, 0, 5) === 'weft:') {
    throw new TypeError(`registerSerializable: the name "${name}" is reserved.`);
  }
  const existing = op.registry.byName.get(name);
  if (existing !== undefined && existing.prototype !== prototype) {
    throw new TypeError(`registerSerializable: another class is already registered as "${name}".`);
  }
  const previous = op.registry.byPrototype.get(prototype);
  if (previous !== undefined) op.registry.byName.delete(previous.name);
  const entry = {
    __proto__: null,
    name,
    prototype,
    serialize: (instance) => I.functionApply(save, options, [instance]),
    deserialize: (data) => I.functionApply(restore, options, [data]),
  };
  op.registry.byPrototype.set(prototype, entry);
  op.registry.byName.set(name, entry);
}
