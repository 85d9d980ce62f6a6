// HTML §2.9.3 StructuredSerializeInternal: walks a value graph and emits its serialization as an
// op stream (structured-clone-ops.js). One pass, an explicit stack (no recursion, so nesting
// depth is bounded by memory only), the memory map for shared references and cycles, every
// property read once and in the specification's order.
import * as I from './structured-clone-intrinsics.js';
import * as op from './structured-clone-ops.js';

const F_OBJECT = 0; // an Object or sparse Array: its keys, then End
const F_DENSE = 1; // a dense Array: `length` elements, then its other keys as F_OBJECT
const F_LIST = 2; // a Map's or Set's copied entries, then End
const F_ERROR = 3; // an Error's cause; its stack and End follow
const F_SERIALIZABLE = 4; // a registered class instance's data

const ELEMENT_SIZES = [1, 1, 1, 2, 2, 4, 4, 4, 8, 1, 1, 8, 8, 2];
const BufferPrototype = globalThis.Buffer?.prototype;

/** What kind of object `value` is (see structured-clone-intrinsics.js): [kind, detail]. */
function classify(value, protoCache) {
  if (I.isProxy !== undefined && I.isProxy(value)) return [I.UNCLONEABLE, 'Proxy'];
  const proto = I.getPrototypeOf(value);
  if (I.isArray(value)) return registeredOr(proto, I.ArrayPrototype, I.ARRAY, protoCache);
  if (I.isView(value)) return registeredOr(proto, undefined, I.VIEW, protoCache);
  if (proto === I.ObjectPrototype) {
    // Arguments objects inherit from Object.prototype but have a [[ParameterMap]].
    if (I.hasOwn(value, 'callee') && I.objectToString(value) === '[object Arguments]') {
      return [I.UNCLONEABLE, 'arguments object'];
    }
    return ORDINARY_KIND;
  }
  if (proto === null) {
    const tag = I.getOwnPropertyDescriptor(value, I.toStringTag);
    if (tag !== undefined && tag.value === 'Module') return [I.UNCLONEABLE, 'module namespace object'];
    return ORDINARY_KIND;
  }
  let kind = protoCache.get(proto);
  if (kind === undefined) {
    kind = kindOfPrototypeChain(proto);
    protoCache.set(proto, kind);
  }
  if (kind === SLOW) return I.slowKind(value);
  const [k, name] = kind;
  switch (k) {
    case I.ORDINARY:
    case I.REGISTERED:
    case I.PLATFORM:
      return kind;
    case I.DOM_EXCEPTION:
      return I.passes(I.domExceptionName, value) ? kind : I.slowKind(value);
    case I.ARRAY:
      return I.slowKind(value); // inherits from Array.prototype without being an Array
    default:
      return I.confirmKind(name, value) ? kind : I.slowKind(value);
  }
}

const ORDINARY_KIND = [I.ORDINARY, 'Object'];
const SLOW = [-1, ''];

/** An Array or view is itself unless it is an instance of a registered subclass. */
function registeredOr(proto, usual, kind, protoCache) {
  if (op.registry.byPrototype.size === 0 || proto === usual) return [kind, ''];
  let cached = protoCache.get(proto);
  if (cached === undefined) {
    cached = kindOfPrototypeChain(proto);
    protoCache.set(proto, cached);
  }
  return cached[0] === I.REGISTERED ? cached : [kind, ''];
}

/**
 * What a prototype chain says about its objects: the first prototype weft knows (a registered
 * class, an intrinsic, DOMException, a platform interface) decides. SLOW when nothing does
 * (another realm's intrinsics) or a Proxy sits in the chain (walking on would run its trap).
 */
function kindOfPrototypeChain(proto) {
  for (let p = proto; p !== null; p = I.getPrototypeOf(p)) {
    if (I.isProxy !== undefined && I.isProxy(p)) return SLOW;
    const registered = op.registry.byPrototype.get(p);
    if (registered !== undefined) return [I.REGISTERED, registered];
    const intrinsic = I.intrinsicPrototypes.get(p);
    if (intrinsic !== undefined) return intrinsic;
    if (p === I.DOMExceptionCtor?.prototype) return [I.DOM_EXCEPTION, 'DOMException'];
    const platform = I.platformInterfaceName(p);
    if (platform !== undefined) return platform === 'DOMException' ? [I.DOM_EXCEPTION, platform] : [I.PLATFORM, platform];
  }
  return SLOW;
}

/** ECMAScript ToString, which throws a TypeError for Symbols. */
const toString = (value) => `${value}`;

/** IsDetachedBuffer for a non-shared ArrayBuffer. */
export function isDetached(buffer) {
  if (I.arrayBufferDetached !== undefined) return I.arrayBufferDetached(buffer);
  if (I.arrayBufferByteLength(buffer) !== 0) return false;
  try {
    new I.Uint8ArrayCtor(buffer);
    return false;
  } catch {
    return true;
  }
}

/** A BigInt's sign and little-endian magnitude, as the codec's BigInt op carries them. */
export function bigintMagnitude(value) {
  const negative = value < 0n;
  let hex = (negative ? -value : value).toString(16);
  if (hex === '0') return [negative, new I.Uint8ArrayCtor(0)];
  if (hex.length & 1) hex = `0${hex}`;
  const bytes = new I.Uint8ArrayCtor(hex.length >> 1);
  for (let i = 0, j = hex.length - 2; j >= 0; i++, j -= 2) bytes[i] = Number.parseInt(hex.slice(j, j + 2), 16);
  return [negative, bytes];
}

/**
 * Whether a view over a resizable ArrayBuffer tracks the buffer's length. No getter says; a
 * tracking view grows with its buffer, so when the answer is not evident from the view covering
 * less than the whole buffer, the buffer is resized by one element and back (invisible to
 * other code: nothing else runs meanwhile, and the bytes are restored).
 */
function tracksLength(view, isDataView, buffer, byteOffset, byteLength, elementSize) {
  const bufferLength = I.arrayBufferByteLength(buffer);
  const tracked = Math.floor((bufferLength - byteOffset) / elementSize) * elementSize;
  if (byteLength !== tracked) return false;
  const length = () => (isDataView ? I.dataViewByteLength(view) : I.typedArrayByteLength(view));
  const max = I.arrayBufferMaxByteLength(buffer);
  try {
    if (bufferLength + elementSize <= max) {
      I.arrayBufferResize(buffer, bufferLength + elementSize);
      const grown = length();
      I.arrayBufferResize(buffer, bufferLength);
      return grown !== byteLength;
    }
    if (bufferLength - elementSize < byteOffset) return false; // tracking and fixed behave alike
    const tail = new I.Uint8ArrayCtor(elementSize);
    I.typedArraySet(tail, new I.Uint8ArrayCtor(buffer, bufferLength - elementSize, elementSize));
    I.arrayBufferResize(buffer, bufferLength - elementSize);
    let shrunk;
    try {
      shrunk = length();
    } catch {
      shrunk = -1; // a fixed-length DataView is now out of bounds
    }
    I.arrayBufferResize(buffer, bufferLength);
    I.typedArraySet(new I.Uint8ArrayCtor(buffer, bufferLength - elementSize, elementSize), tail);
    return shrunk === byteLength - elementSize && (shrunk !== 0 || isDataView || !outOfBounds(view));
  } catch {
    return false;
  }
}

function outOfBounds(typedArray) {
  try {
    I.typedArrayAt(typedArray, 0);
    return false;
  } catch {
    return true;
  }
}

/**
 * StructuredSerializeInternal(value, forStorage, memory) as an op stream.
 *
 * `transferList`: objects already validated by StructuredSerializeWithTransfer, each taking the
 * place of a memory entry (`transferIsBuffer[i]` tells ArrayBuffers from platform objects).
 * `forBytes`: the result will be written as V8 wire bytes (Node Buffers keep their kind).
 * Returns {code, values, shared, hosts}: the op stream, the SharedArrayBuffers it refers to by
 * index, and the host's clones of platform objects it refers to by index.
 */
export function serializeInternal(root, { forStorage = false, forBytes = false, transferList = [], transferIsBuffer = [] } = {}) {
  const code = [];
  const values = [];
  const shared = [];
  const hosts = [];
  /** Object → op id; -1 - i for the i-th transferable not yet emitted. */
  const memory = new Map();
  const protoCache = new Map();
  const stack = [];
  /** Op ids of registered class instances whose data is being serialized. */
  const openSerializable = new Set();
  let nextId = 0;
  for (let i = 0; i < transferList.length; i++) memory.set(transferList[i], -1 - i);

  const fail = (what) => {
    throw I.dataCloneError(`${what} could not be cloned${describePath(stack)}.`);
  };

  const string = (opcode, s) => {
    code.push(opcode, s.length);
    values.push(s);
  };

  const bigint = (opcode, b) => {
    if (forBytes) {
      const [negative, magnitude] = bigintMagnitude(b);
      code.push(opcode, negative ? 1 : 0, magnitude.length);
      values.push(magnitude);
    } else {
      code.push(opcode, 0, 0);
      values.push(b);
    }
  };

  /** Emits an object memory already holds; false if it holds nothing for `value`. */
  const remembered = (value) => {
    const id = memory.get(value);
    if (id === undefined) return false;
    if (id >= 0) {
      if (openSerializable.size > 0 && openSerializable.has(id)) {
        fail('A registered serializable object that refers to itself through its own data');
      }
      code.push(op.BACK_REF, id);
      return true;
    }
    const index = -1 - id;
    memory.set(value, nextId++);
    if (transferIsBuffer[index]) {
      code.push(op.TRANSFERRED_ARRAY_BUFFER, index);
    } else {
      string(op.SERIALIZABLE, op.TRANSFERRED_OBJECT_NAME);
      code.push(op.NUMBER);
      values.push(index);
    }
    return true;
  };

  /** An ArrayBuffer or SharedArrayBuffer, new to memory. */
  const buffer = (value) => {
    if (I.isSharedArrayBuffer(value)) {
      if (forStorage) fail('A SharedArrayBuffer (when serializing for storage)');
      if (globalThis.crossOriginIsolated === false) fail('A SharedArrayBuffer (the page is not cross-origin isolated)');
      memory.set(value, nextId++);
      code.push(op.SHARED_ARRAY_BUFFER, shared.length);
      shared.push(value);
      return;
    }
    if (isDetached(value)) fail('A detached ArrayBuffer');
    const length = I.arrayBufferByteLength(value);
    const resizable = I.arrayBufferResizable !== undefined && I.arrayBufferResizable(value);
    const maxByteLength = resizable ? I.arrayBufferMaxByteLength(value) : length;
    // The copy is taken now: later getters may change the original.
    const copy = resizable ? new I.ArrayBufferCtor(length, { maxByteLength }) : new I.ArrayBufferCtor(length);
    if (length > 0) I.typedArraySet(new I.Uint8ArrayCtor(copy), new I.Uint8ArrayCtor(value, 0, length));
    memory.set(value, nextId++);
    if (resizable) {
      code.push(op.RESIZABLE_ARRAY_BUFFER, length, maxByteLength);
    } else {
      code.push(op.ARRAY_BUFFER, length);
    }
    values.push(copy);
  };

  const view = (value) => {
    const name = I.typedArrayName(value);
    const isDataView = name === undefined;
    let viewed;
    let byteOffset;
    let byteLength;
    // IsArrayBufferViewOutOfBounds (also true when the buffer is detached): the DataView getters
    // throw, a typed array's read 0 and its methods throw.
    try {
      if (isDataView) {
        viewed = I.dataViewBuffer(value);
        byteOffset = I.dataViewByteOffset(value);
        byteLength = I.dataViewByteLength(value);
      } else {
        viewed = I.typedArrayBuffer(value);
        byteOffset = I.typedArrayByteOffset(value);
        byteLength = I.typedArrayByteLength(value);
        if (byteLength === 0) I.typedArrayAt(value, 0);
      }
    } catch {
      fail(`An out-of-bounds or detached ${name ?? 'DataView'}`);
    }
    let kind = op.VIEW_KINDS[name ?? 'DataView'];
    if (forBytes && BufferPrototype !== undefined && kind === 1 && I.getPrototypeOf(value) === BufferPrototype) {
      // Node's v8.serialize writes a Buffer as a copy of just its bytes (it may sit in a shared
      // pool); so does weft, as a Buffer over a private ArrayBuffer.
      memory.set(value, nextId++);
      code.push(op.VIEW, op.NODE_BUFFER_KIND, 0, byteLength, 0, op.ARRAY_BUFFER, byteLength);
      nextId++;
      const copy = new I.ArrayBufferCtor(byteLength);
      I.typedArraySet(new I.Uint8ArrayCtor(copy), new I.Uint8ArrayCtor(viewed, byteOffset, byteLength));
      values.push(copy);
      return;
    }
    let flags = 0;
    if (I.isSharedArrayBuffer(viewed)) {
      // A growable SharedArrayBuffer cannot shrink back after a probe: a view covering it to
      // the end is taken to track its length.
      if (I.sharedArrayBufferGrowable?.(viewed)) {
        const remaining = I.sharedArrayBufferByteLength(viewed) - byteOffset;
        const size = ELEMENT_SIZES[kind];
        if (byteLength === remaining - (remaining % size)) flags = op.VIEW_LENGTH_TRACKING;
      }
    } else if (I.arrayBufferResizable?.(viewed)) {
      flags = op.VIEW_BACKED_BY_RESIZABLE;
      if (tracksLength(value, isDataView, viewed, byteOffset, byteLength, ELEMENT_SIZES[kind])) {
        flags |= op.VIEW_LENGTH_TRACKING;
      }
    }
    memory.set(value, nextId++);
    code.push(op.VIEW, kind, byteOffset, byteLength, flags);
    if (!remembered(viewed)) buffer(viewed);
  };

  let value = root;
  walk: for (;;) {
    // Emit `value`; a container pushes a frame for its contents.
    switch (typeof value) {
      case 'undefined':
        // document.all is an object whose typeof is "undefined".
        if (value !== undefined) fail('An HTMLAllCollection');
        code.push(op.UNDEFINED);
        break;
      case 'boolean':
        code.push(value ? op.TRUE : op.FALSE);
        break;
      case 'number':
        code.push(op.NUMBER);
        values.push(value);
        break;
      case 'string':
        string(op.STRING, value);
        break;
      case 'bigint':
        bigint(op.BIGINT, value);
        break;
      case 'symbol':
        fail('A Symbol');
        break;
      case 'function': {
        if (remembered(value)) break;
        const name = I.getOwnPropertyDescriptor(value, 'name')?.value;
        fail(typeof name === 'string' && name ? `A function (${name})` : 'A function');
        break;
      }
      default: {
        if (value === null) {
          code.push(op.NULL);
          break;
        }
        if (remembered(value)) break;
        const [kind, detail] = classify(value, protoCache);
        switch (kind) {
          case I.ORDINARY:
            memory.set(value, nextId++);
            code.push(op.BEGIN_OBJECT);
            stack.push({ t: F_OBJECT, obj: value, keys: I.objectKeys(value), i: 0, len: 0 });
            break;
          case I.ARRAY: {
            // [[Length]] is an own data property of an Array exotic object.
            const length = value.length;
            const keys = I.objectKeys(value);
            memory.set(value, nextId++);
            // Dense when every index below length is present: then they are the first keys.
            if (keys.length >= length && (length === 0 || keys[length - 1] === `${length - 1}`)) {
              code.push(op.BEGIN_DENSE_ARRAY, length);
              stack.push({ t: F_DENSE, obj: value, keys, i: 0, len: length });
            } else {
              code.push(op.BEGIN_SPARSE_ARRAY, length);
              stack.push({ t: F_OBJECT, obj: value, keys, i: 0, len: 0 });
            }
            break;
          }
          case I.VIEW:
            view(value);
            break;
          case I.ARRAY_BUFFER:
          case I.SHARED_ARRAY_BUFFER:
            buffer(value);
            break;
          case I.MAP: {
            const list = [];
            I.mapForEach(value, (v, k) => {
              list.push(k, v);
            });
            memory.set(value, nextId++);
            code.push(op.BEGIN_MAP);
            stack.push({ t: F_LIST, obj: value, keys: list, i: 0, len: 0 });
            break;
          }
          case I.SET: {
            const list = [];
            I.setForEach(value, (v) => {
              list.push(v);
            });
            memory.set(value, nextId++);
            code.push(op.BEGIN_SET);
            stack.push({ t: F_LIST, obj: value, keys: list, i: 0, len: 0 });
            break;
          }
          case I.DATE:
            memory.set(value, nextId++);
            code.push(op.DATE);
            values.push(I.dateValue(value));
            break;
          case I.REGEXP: {
            let flags = 0;
            for (const [get, bit] of I.regexpFlagGetters) if (get(value)) flags |= bit;
            const source = I.regexpSource(value);
            memory.set(value, nextId++);
            code.push(op.REGEXP, flags, source.length);
            values.push(source);
            break;
          }
          case I.BOOLEAN:
            memory.set(value, nextId++);
            code.push(op.BOOLEAN_OBJECT, I.booleanValue(value) ? 1 : 0);
            break;
          case I.NUMBER:
            memory.set(value, nextId++);
            code.push(op.NUMBER_OBJECT);
            values.push(I.numberValue(value));
            break;
          case I.BIGINT:
            memory.set(value, nextId++);
            bigint(op.BIGINT_OBJECT, I.bigintValue(value));
            break;
          case I.STRING:
            memory.set(value, nextId++);
            string(op.STRING_OBJECT, I.stringValue(value));
            break;
          case I.ERROR: {
            // The HTML Standard: [[Name]] from Get(value, "name") (not converted), [[Message]]
            // from an own data property "message"; then what V8 also keeps: an own data
            // property "cause" (serialized) and a string "stack".
            const name = value.name;
            const prototype = typeof name === 'string' ? Math.max(I.ErrorNames.indexOf(name), 0) : 0;
            const messageDescriptor = I.getOwnPropertyDescriptor(value, 'message');
            const message =
              messageDescriptor !== undefined && 'value' in messageDescriptor ? toString(messageDescriptor.value) : undefined;
            const causeDescriptor = I.getOwnPropertyDescriptor(value, 'cause');
            const errorStack = value.stack;
            memory.set(value, nextId++);
            code.push(op.ERROR, prototype);
            if (message !== undefined) string(op.ERROR_MESSAGE, message);
            const stackString = typeof errorStack === 'string' ? errorStack : undefined;
            if (causeDescriptor !== undefined && 'value' in causeDescriptor) {
              code.push(op.ERROR_CAUSE);
              stack.push({ t: F_ERROR, obj: value, keys: stackString, i: 0, len: 0 });
              value = causeDescriptor.value;
              continue walk;
            }
            if (stackString !== undefined) string(op.ERROR_STACK, stackString);
            code.push(op.END);
            break;
          }
          case I.DOM_EXCEPTION: {
            // WebIDL DOMException serialization steps: name and message, and the stack.
            const name = I.domExceptionName(value);
            const message = I.domExceptionMessage(value);
            const errorStack = value.stack;
            memory.set(value, nextId++);
            string(op.SERIALIZABLE, op.DOM_EXCEPTION_NAME);
            nextId++;
            code.push(op.BEGIN_OBJECT);
            string(op.STRING, 'name');
            string(op.STRING, name);
            string(op.STRING, 'message');
            string(op.STRING, message);
            if (typeof errorStack === 'string') {
              string(op.STRING, 'stack');
              string(op.STRING, errorStack);
            }
            code.push(op.END);
            break;
          }
          case I.PLATFORM: {
            if (forStorage) fail(`A platform object (${detail}) when serializing for storage`);
            const clone = I.clonePlatformObject(value, detail);
            if (clone === undefined) fail(`A platform object (${detail})`);
            memory.set(value, nextId++);
            string(op.SERIALIZABLE, op.PLATFORM_OBJECT_NAME);
            code.push(op.NUMBER);
            values.push(hosts.length);
            hosts.push({ object: clone, name: detail });
            break;
          }
          case I.REGISTERED: {
            const id = nextId++;
            memory.set(value, id);
            const data = detail.serialize(value);
            string(op.SERIALIZABLE, detail.name);
            openSerializable.add(id);
            stack.push({ t: F_SERIALIZABLE, obj: value, keys: undefined, i: id, len: 0 });
            value = data;
            continue walk;
          }
          default:
            fail(`${/^[aeiouAEIOU]/.test(detail) ? 'An' : 'A'} ${detail}`);
        }
      }
    }
    // Find the next value to emit, closing finished containers.
    for (;;) {
      const frame = stack[stack.length - 1];
      if (frame === undefined) break walk;
      switch (frame.t) {
        case F_DENSE: {
          const array = frame.obj;
          while (frame.i < frame.len) {
            const index = frame.i++;
            if (I.hasOwn(array, index)) {
              value = array[index];
              continue walk;
            }
            code.push(op.HOLE); // deleted by a getter since the keys were taken
          }
          frame.t = F_OBJECT; // then the keys after the indices
        }
        // falls through
        case F_OBJECT: {
          const { obj, keys } = frame;
          while (frame.i < keys.length) {
            const key = keys[frame.i++];
            if (!I.hasOwn(obj, key)) continue;
            string(op.STRING, key);
            value = obj[key];
            continue walk;
          }
          code.push(op.END);
          stack.pop();
          break;
        }
        case F_LIST:
          if (frame.i < frame.keys.length) {
            value = frame.keys[frame.i++];
            continue walk;
          }
          code.push(op.END);
          stack.pop();
          break;
        case F_ERROR:
          if (frame.keys !== undefined) string(op.ERROR_STACK, frame.keys);
          code.push(op.END);
          stack.pop();
          break;
        default:
          openSerializable.delete(frame.i);
          stack.pop();
      }
    }
  }
  return { code, values, shared, hosts };
}

/** " at value.a[2]"-style location of the value being serialized, for error messages. */
function describePath(stack) {
  if (stack.length === 0) return '';
  let path = '';
  for (const frame of stack) {
    switch (frame.t) {
      case F_DENSE:
        path += frame.i <= frame.len ? `[${frame.i - 1}]` : '';
        break;
      case F_OBJECT: {
        const key = frame.keys[frame.i - 1];
        path += /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
        break;
      }
      case F_LIST:
        path += `.<entry ${frame.i - 1}>`;
        break;
      case F_ERROR:
        path += '.cause';
        break;
      default:
        path += '.<serialized data>';
    }
  }
  return ` (at value${path})`;
}
