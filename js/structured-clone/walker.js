// HTML §2.9.3 StructuredSerializeInternal: walks a value graph and either emits its
// serialization as an op stream (ops.js) or makes each copy as it goes. One
// pass, an explicit stack (no recursion, so nesting depth is bounded by memory only), the memory
// map for shared references and cycles, every property read once and in the standard's order.
//
// The functions a usual structuredClone runs are `const f = (function () {...})`: V8 compiles a
// function expression in parentheses with the script (its eager-compilation heuristic; Node 20's
// V8 11 does so for `function` expressions only, not arrows), instead of on the first call
// (docs/speed.md, "Cold first calls").
import * as I from './intrinsics.js';
import { createDataProperty, defineElement, defineHidden, makeDOMException, makeRegExp, makeView } from './builder.js';
import * as op from './ops.js';

export const F_OBJECT = 0; // an Object or sparse Array: its keys, then End
export const F_DENSE = 1; // a dense Array: `length` elements, then its other keys as F_OBJECT
export const F_LIST = 2; // a Map's or Set's copied entries, then End
const F_ERROR = 3; // an Error's cause; its stack (unless the host writes it first) and End follow
const F_SERIALIZABLE = 4; // a registered class instance's data

const ELEMENT_SIZES = [1, 1, 1, 2, 2, 4, 4, 4, 8, 1, 1, 8, 8, 2];
const BufferPrototype = globalThis.Buffer?.prototype;

/** What kind of object `value` is (see intrinsics.js): [kind, detail]. */
// prettier-ignore
const classify = (function (value, protoCache) {
  if (I.isProxy !== undefined && I.isProxy(value)) return [I.UNCLONEABLE, 'Proxy'];
  const proto = I.getPrototypeOf(value);
  if (I.isArray(value)) return registeredOr(proto, I.ArrayPrototype, ARRAY_KIND, protoCache);
  if (I.isView(value)) return registeredOr(proto, undefined, VIEW_KIND, protoCache);
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
  switch (kind[0]) {
    case I.ORDINARY:
    case I.PLATFORM: {
      // One of weft's own platform objects (a URL, a TextDecoder, ...)?
      const weft = I.platformObjectName(value);
      return weft === undefined ? kind : [I.UNCLONEABLE, weft];
    }
    case I.REGISTERED:
      return kind;
    case I.DOM_EXCEPTION:
      return I.passes(I.domExceptionName, value) ? kind : I.slowKind(value);
    case I.ARRAY:
      return I.slowKind(value); // inherits from Array.prototype without being an Array
    default:
      return I.confirmKind(kind[1], value) ? kind : I.slowKind(value);
  }
});

const ORDINARY_KIND = [I.ORDINARY, 'Object'];
const ARRAY_KIND = [I.ARRAY, 'Array'];
const VIEW_KIND = [I.VIEW, 'view'];
const SLOW = [-1, ''];
const EMPTY = I.newList();

/**
 * Whether an object that looks ordinary by its prototype chain may be of another kind (see
 * I.hiddenKind): built-in objects have no own enumerable keys, but for a String object's
 * indices ("0" first).
 */
// prettier-ignore
const mayHideKind = (function (keys) {
  return keys.length === 0 || keys[0] === '0';
});

/** An Array or view is itself unless it is an instance of a registered subclass. */
// prettier-ignore
const registeredOr = (function (proto, usual, kind, protoCache) {
  if (I.mapSize(op.registry.byPrototype) === 0 || proto === usual) return kind;
  let cached = protoCache.get(proto);
  if (cached === undefined) {
    cached = kindOfPrototypeChain(proto);
    protoCache.set(proto, cached);
  }
  return cached[0] === I.REGISTERED ? cached : kind;
});

/**
 * What a prototype chain says about its objects: the first prototype weft knows (a registered
 * class, an intrinsic, DOMException, a platform interface) decides. SLOW when nothing does
 * (another realm's intrinsics) or a Proxy sits in the chain (walking on would run its trap).
 */
// prettier-ignore
const kindOfPrototypeChain = (function (proto) {
  for (let p = proto; p !== null; p = I.getPrototypeOf(p)) {
    if (I.isProxy !== undefined && I.isProxy(p)) return SLOW;
    const registered = op.registry.byPrototype.get(p);
    if (registered !== undefined) return [I.REGISTERED, registered];
    const intrinsic = I.intrinsicPrototypes.get(p);
    if (intrinsic !== undefined) return intrinsic;
    if (p === I.DOMExceptionCtor.prototype) return [I.DOM_EXCEPTION, 'DOMException'];
    const platform = I.platformInterfaceName(p);
    if (platform !== undefined) return platform === 'DOMException' ? [I.DOM_EXCEPTION, platform] : [I.PLATFORM, platform, p];
  }
  return SLOW;
});

/** A primitive structured clone copies as is: not a Symbol, not document.all (typeof "undefined"). */
// prettier-ignore
const isPlainPrimitive = (function (value) {
  return (typeof value === 'undefined' ? value === undefined : typeof value !== 'symbol' && typeof value !== 'function');
});

/**
 * An Error's or DOMException's stack, if it has its own: V8 reads the stack it captured (or
 * what was assigned over it), never one inherited from a prototype.
 */
const ownStack = (value) => (I.hasOwn(value, 'stack') ? value.stack : undefined);

/** ECMAScript ToString, which throws a TypeError for Symbols. */
const toString = (value) => `${value}`;

/** A copy of an ArrayBuffer (resizable ones stay resizable) in this realm. */
// prettier-ignore
export const copyBuffer = (function (source) {
  const length = I.arrayBufferByteLength(source);
  const copy = I.arrayBufferResizable?.(source)
    ? new I.ArrayBufferCtor(length, { __proto__: null, maxByteLength: I.arrayBufferMaxByteLength(source) })
    : new I.ArrayBufferCtor(length);
  I.typedArraySet(new I.Uint8ArrayCtor(copy), new I.Uint8ArrayCtor(source));
  return copy;
});

/** IsDetachedBuffer for a non-shared ArrayBuffer. */
// prettier-ignore
export const isDetached = (function (buffer) {
  if (I.arrayBufferDetached !== undefined) return I.arrayBufferDetached(buffer);
  if (I.arrayBufferByteLength(buffer) !== 0) return false;
  try {
    new I.Uint8ArrayCtor(buffer);
    return false;
  } catch {
    return true;
  }
});

/** A BigInt's little-endian magnitude, as the codec's BigInt op carries it. */
export function bigintMagnitude(value) {
  const negative = value < 0n;
  let hex = I.bigintToString(negative ? -value : value, 16);
  if (hex === '0') return new I.Uint8ArrayCtor(0);
  if (hex.length & 1) hex = `0${hex}`;
  const bytes = new I.Uint8ArrayCtor(hex.length >> 1);
  for (let i = 0, j = hex.length - 2; j >= 0; i++, j -= 2) bytes[i] = I.parseInt(I.stringSlice(hex, j, j + 2), 16);
  return bytes;
}

/**
 * Whether a view over a resizable ArrayBuffer tracks the buffer's length. No getter says; a
 * tracking view grows with its buffer, so when the answer is not evident from the view covering
 * less than the whole buffer, the buffer is resized by one element and back (invisible to
 * other code: nothing else runs meanwhile, and the bytes are restored).
 */
function tracksLength(view, isDataView, buffer, byteOffset, byteLength, elementSize) {
  const bufferLength = I.arrayBufferByteLength(buffer);
  const tracked = I.floor((bufferLength - byteOffset) / elementSize) * elementSize;
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
    // A fixed-length typed array out of bounds reads 0 too (asked before the buffer grows back).
    const outside = !isDataView && shrunk === 0 && outOfBounds(view);
    I.arrayBufferResize(buffer, bufferLength);
    I.typedArraySet(new I.Uint8ArrayCtor(buffer, bufferLength - elementSize, elementSize), tail);
    return shrunk === byteLength - elementSize && !outside;
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
 * StructuredSerializeInternal(value, forStorage, memory), with one of two outputs.
 *
 * `direct`: each object's copy is made in this realm as soon as the walk reaches it (memory maps
 * originals to copies) and the finished copy is returned: StructuredDeserialize fused into the
 * walk. structuredClone uses it (through cloneDirect, which passes `clone`: its memory map,
 * prototype cache and failure record) when there is no transfer list and no registered class,
 * so that no user code (a transfer, a class's deserialize) would run at a different time than
 * in serialize-then-deserialize order, and no copy is observable before it is complete.
 *
 * Otherwise the serialization is emitted as an op stream, and {code, values, shared, hosts} is
 * returned: the stream, the SharedArrayBuffers and the platform-object copies it refers to by
 * index. `transferList` holds objects already validated by StructuredSerializeWithTransfer,
 * each standing in memory for its transfer data holder (`transferIsBuffer[i]` tells
 * ArrayBuffers from platform objects). `forBytes`: the stream will be written as V8 wire bytes
 * (a Node Buffer keeps its kind, BigInts carry their magnitude bytes).
 *
 * `clone` (cloneDirect's, serializer.js's): the memory map and what else the walk shares with
 * its caller, which walks the rest; failures are thrown as `clone.failure` for the caller to
 * complete the path. With it, the op stream continues the caller's: its first object takes op
 * id `clone.nextId` (the next one is left there), its SharedArrayBuffers and platform objects
 * go on `clone.shared` and `clone.hosts`. `resume`: frames (outermost first) to continue after
 * `root`, already walked and emitted by the caller (root is then ignored).
 */
// prettier-ignore
export const serializeInternal = (function (root, options) {
  // (Every caller passes `options` with a null prototype: nothing inherited is read.)
  const { direct = false, forStorage = false, forBytes = false, transferList = EMPTY, transferIsBuffer = EMPTY, clone, resume } = options;
  const code = I.newList();
  const values = I.newList();
  const shared = clone?.shared ?? I.newList();
  const hosts = clone?.hosts ?? I.newList();
  /** Original → copy (direct); original → op id, or -1 - i for the i-th transferable not yet emitted. */
  const memory = clone?.memory ?? I.ownMap();
  const protoCache = clone?.protoCache ?? I.ownMap();
  // (A caller's stack is empty again when a walk completes.)
  const stack = resume ?? clone?.stack ?? I.newList();
  /** Op ids of registered class instances whose data is being serialized (→ true), once there is one. */
  let openSerializable;
  let nextId = clone?.nextId ?? 0;
  let result;
  let resuming = resume !== undefined;
  for (let i = 0; i < transferList.length; i++) memory.set(transferList[i], -1 - i);
  /** Map and Set entries copied before they are walked (shared with cloneDirect's, above its top). */
  const entries = clone?.entries ?? I.newList();
  let entriesTop = clone?.top ?? 0;

  const fail = (what) => {
    const path = I.newList();
    for (let i = 0; i < stack.length; i++) {
      const frame = stack[i];
      path[path.length] = frame.t;
      path[path.length] = frame.t === F_OBJECT ? frame.keys[frame.i - 1] : frame.i - 1 - frame.from;
    }
    if (clone === undefined) throw I.dataCloneError(failureMessage(what, path));
    // Within cloneDirect, whose recursive frames prepend their part of the path as it unwinds.
    clone.failure = { __proto__: null, what, path, outer: I.newList() };
    throw clone.failure;
  };

  /** direct: puts a copy where the walk is, in the innermost open container (or the result). */
  // prettier-ignore
  const place = (function (copy) {
    const frame = stack[stack.length - 1];
    if (frame === undefined) {
      result = copy;
      return;
    }
    switch (frame.t) {
      case F_OBJECT:
        createDataProperty(frame.dst, frame.keys[frame.i - 1], copy, frame.flag);
        break;
      case F_DENSE:
        defineElement(frame.dst, frame.i - 1, copy);
        break;
      case F_LIST:
        if (!frame.flag) {
          I.setAdd(frame.dst, copy);
        } else if (((frame.i - frame.from) & 1) === 1) {
          frame.key = copy; // a Map key; its value comes next
        } else {
          I.mapSet(frame.dst, frame.key, copy);
        }
        break;
      default: // F_ERROR
        defineHidden(frame.dst, 'cause', copy);
    }
  });

  /** Opens a container: `dst` is its copy (direct), `flag` says whether it is an Array (a Map). */
  // prettier-ignore
  const open = (function (t, obj, keys, len, dst, flag) {
    stack[stack.length] = { t, obj, keys, i: 0, len, dst, flag, key: undefined, from: 0 };
  });

  const string = (opcode, s) => {
    code[code.length] = opcode;
    code[code.length] = s.length;
    values[values.length] = s;
  };

  const bigint = (opcode, b) => {
    if (forBytes) {
      const magnitude = bigintMagnitude(b);
      code[code.length] = opcode;
      code[code.length] = b < 0n ? 1 : 0;
      code[code.length] = I.typedArrayLength(magnitude);
      values[values.length] = magnitude;
    } else {
      code[code.length] = opcode;
      code[code.length] = 0;
      code[code.length] = 0;
      values[values.length] = b;
    }
  };

  /** An object memory already holds: its copy (direct) or a back-reference; false if new. */
  // prettier-ignore
  const remembered = (function (value) {
    const entry = memory.get(value);
    if (entry === undefined) return false;
    if (direct) {
      place(entry);
      return true;
    }
    if (entry >= 0) {
      if (openSerializable?.has(entry)) {
        fail('A registered serializable object that refers to itself through its own data');
      }
      code[code.length] = op.BACK_REF;
      code[code.length] = entry;
      return true;
    }
    const index = -1 - entry;
    memory.set(value, nextId++);
    if (transferIsBuffer[index]) {
      code[code.length] = op.TRANSFERRED_ARRAY_BUFFER;
      code[code.length] = index;
    } else {
      string(op.SERIALIZABLE, op.TRANSFERRED_OBJECT_NAME);
      code[code.length] = op.NUMBER;
      values[values.length] = index;
    }
    return true;
  });

  /** An ArrayBuffer or SharedArrayBuffer new to memory: emitted, or its copy returned (direct). */
  // prettier-ignore
  const buffer = (function (value) {
    if (I.isSharedBuffer(value)) {
      if (forStorage) fail('A SharedArrayBuffer (when serializing for storage)');
      if (globalThis.crossOriginIsolated === false) fail('A SharedArrayBuffer (the page is not cross-origin isolated)');
      if (direct) {
        // A new SharedArrayBuffer object over the same memory, where the host can make one.
        const copy = I.hostStructuredClone !== undefined ? I.hostStructuredClone(value) : value;
        memory.set(value, copy);
        return copy;
      }
      memory.set(value, nextId++);
      code[code.length] = op.SHARED_ARRAY_BUFFER;
      code[code.length] = shared.length;
      shared[shared.length] = value;
      return undefined;
    }
    if (isDetached(value)) fail('A detached ArrayBuffer');
    const length = I.arrayBufferByteLength(value);
    const resizable = I.arrayBufferResizable !== undefined && I.arrayBufferResizable(value);
    const maxByteLength = resizable ? I.arrayBufferMaxByteLength(value) : length;
    // The copy is taken now: later getters may change the original.
    const copy = resizable ? new I.ArrayBufferCtor(length, { maxByteLength }) : new I.ArrayBufferCtor(length);
    if (length > 0) I.typedArraySet(new I.Uint8ArrayCtor(copy), new I.Uint8ArrayCtor(value, 0, length));
    if (direct) {
      memory.set(value, copy);
      return copy;
    }
    memory.set(value, nextId++);
    if (resizable) {
      code[code.length] = op.RESIZABLE_ARRAY_BUFFER;
      code[code.length] = length;
      code[code.length] = maxByteLength;
    } else {
      code[code.length] = op.ARRAY_BUFFER;
      code[code.length] = length;
    }
    values[values.length] = copy;
    return undefined;
  });

  // prettier-ignore
  const view = (function (value) {
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
    const kind = op.VIEW_KINDS[name ?? 'DataView'];
    if (forBytes && BufferPrototype !== undefined && kind === 1 && I.getPrototypeOf(value) === BufferPrototype) {
      // Node's v8.serialize writes a Buffer as a copy of just its bytes (it may sit in a shared
      // pool); so does weft, as a Buffer over a private ArrayBuffer.
      memory.set(value, nextId++);
      code[code.length] = op.VIEW;
      code[code.length] = op.NODE_BUFFER_KIND;
      code[code.length] = 0;
      code[code.length] = byteLength;
      code[code.length] = 0;
      code[code.length] = op.ARRAY_BUFFER;
      code[code.length] = byteLength;
      nextId++;
      const copy = new I.ArrayBufferCtor(byteLength);
      I.typedArraySet(new I.Uint8ArrayCtor(copy), new I.Uint8ArrayCtor(viewed, byteOffset, byteLength));
      values[values.length] = copy;
      return;
    }
    let flags = 0;
    if (I.isSharedBuffer(viewed)) {
      // A growable SharedArrayBuffer cannot shrink back after a probe: a view covering it to
      // the end is taken to track its length.
      if (I.sharedArrayBufferGrowable?.(viewed)) {
        const remaining = I.sharedArrayBufferByteLength(viewed) - byteOffset;
        if (byteLength === remaining - (remaining % ELEMENT_SIZES[kind])) flags = op.VIEW_LENGTH_TRACKING;
      }
    } else if (I.arrayBufferResizable?.(viewed)) {
      flags = op.VIEW_BACKED_BY_RESIZABLE;
      if (tracksLength(value, isDataView, viewed, byteOffset, byteLength, ELEMENT_SIZES[kind])) {
        flags |= op.VIEW_LENGTH_TRACKING;
      }
    }
    if (direct) {
      const copy = makeView(kind, memory.get(viewed) ?? buffer(viewed), byteOffset, byteLength, flags);
      memory.set(value, copy);
      place(copy);
      return;
    }
    memory.set(value, nextId++);
    code[code.length] = op.VIEW;
    code[code.length] = kind;
    code[code.length] = byteOffset;
    code[code.length] = byteLength;
    code[code.length] = flags;
    if (!remembered(viewed)) buffer(viewed);
  });

  let value = root;
  walk: for (;;) {
    // Emit `value` (or place its copy); a container opens a frame for its contents.
    if (resuming) resuming = false;
    else switch (typeof value) {
      case 'undefined':
        // document.all is an object whose typeof is "undefined".
        if (value !== undefined) fail('An HTMLAllCollection');
        if (direct) place(undefined);
        else code[code.length] = op.UNDEFINED;
        break;
      case 'boolean':
        if (direct) place(value);
        else code[code.length] = value ? op.TRUE : op.FALSE;
        break;
      case 'number':
        if (direct) {
          place(value);
        } else {
          code[code.length] = op.NUMBER;
          values[values.length] = value;
        }
        break;
      case 'string':
        if (direct) place(value);
        else string(op.STRING, value);
        break;
      case 'bigint':
        if (direct) place(value);
        else bigint(op.BIGINT, value);
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
          if (direct) place(null);
          else code[code.length] = op.NULL;
          break;
        }
        if (remembered(value)) break;
        let kindAndDetail = classify(value, protoCache);
        let platformCopy;
        if (kindAndDetail[0] === I.PLATFORM) {
          if (I.isPlatformInstance(value, kindAndDetail[2])) platformCopy = I.clonePlatformObject(value, kindAndDetail[1]);
          else kindAndDetail = ORDINARY_KIND;
        }
        let keys;
        if (kindAndDetail[0] === I.ORDINARY) {
          keys = I.objectKeys(value);
          if (mayHideKind(keys)) kindAndDetail = I.hiddenKind(value, keys);
        }
        const kind = kindAndDetail[0];
        const detail = kindAndDetail[1];
        switch (kind) {
          case I.ORDINARY: {
            if (direct) {
              const copy = {};
              memory.set(value, copy);
              place(copy);
              open(F_OBJECT, value, keys, 0, copy, false);
            } else {
              memory.set(value, nextId++);
              code[code.length] = op.BEGIN_OBJECT;
              open(F_OBJECT, value, keys, 0, undefined, false);
            }
            break;
          }
          case I.ARRAY: {
            // [[Length]] is an own data property of an Array exotic object.
            const length = value.length;
            const keys = I.objectKeys(value);
            // Dense when every index below length is present: then they are the first keys.
            const dense = keys.length >= length && (length === 0 || keys[length - 1] === `${length - 1}`);
            let copy;
            if (direct) {
              copy = new I.ArrayCtor(length);
              memory.set(value, copy);
              place(copy);
            } else {
              memory.set(value, nextId++);
              code[code.length] = dense ? op.BEGIN_DENSE_ARRAY : op.BEGIN_SPARSE_ARRAY;
              code[code.length] = length;
            }
            open(dense ? F_DENSE : F_OBJECT, value, keys, dense ? length : 0, copy, true);
            break;
          }
          case I.VIEW:
            view(value);
            break;
          case I.ARRAY_BUFFER:
          case I.SHARED_ARRAY_BUFFER: {
            const copy = buffer(value);
            if (direct) place(copy);
            break;
          }
          case I.MAP:
          case I.SET: {
            const isMap = kind === I.MAP;
            // Its entries go on top of `entries`, a stack shared by nested Maps and Sets.
            const start = entriesTop;
            entriesTop = copyEntries(value, isMap, entries, start);
            let copy;
            if (direct) {
              copy = isMap ? new I.MapCtor() : new I.SetCtor();
              memory.set(value, copy);
              place(copy);
            } else {
              memory.set(value, nextId++);
              code[code.length] = isMap ? op.BEGIN_MAP : op.BEGIN_SET;
            }
            open(F_LIST, value, entries, entriesTop, copy, isMap);
            stack[stack.length - 1].i = start;
            stack[stack.length - 1].from = start;
            break;
          }
          case I.DATE:
          case I.REGEXP:
          case I.BOOLEAN:
          case I.NUMBER:
          case I.BIGINT:
          case I.STRING: {
            if (direct) {
              const copy = primitiveWrapperCopy(kind, value);
              memory.set(value, copy);
              place(copy);
              break;
            }
            memory.set(value, nextId++);
            switch (kind) {
              case I.DATE:
                code[code.length] = op.DATE;
                values[values.length] = I.dateValue(value);
                break;
              case I.REGEXP: {
                const flags = regexpFlags(value);
                const source = I.regexpSource(value);
                code[code.length] = op.REGEXP;
                code[code.length] = flags;
                code[code.length] = source.length;
                values[values.length] = source;
                break;
              }
              case I.BOOLEAN:
                code[code.length] = op.BOOLEAN_OBJECT;
                code[code.length] = I.booleanValue(value) ? 1 : 0;
                break;
              case I.NUMBER:
                code[code.length] = op.NUMBER_OBJECT;
                values[values.length] = I.numberValue(value);
                break;
              case I.BIGINT:
                bigint(op.BIGINT_OBJECT, I.bigintValue(value));
                break;
              default:
                string(op.STRING_OBJECT, I.stringValue(value));
            }
            break;
          }
          case I.ERROR: {
            // The HTML Standard: [[Name]] from Get(value, "name") (not converted), [[Message]]
            // from an own data property "message"; then what V8 also keeps: an own data
            // property "cause" (serialized) and a string "stack".
            const name = value.name;
            const prototype = typeof name === 'string' ? errorPrototype(name) : 0;
            const messageDescriptor = I.getOwnPropertyDescriptor(value, 'message');
            const message =
              messageDescriptor !== undefined && 'value' in messageDescriptor ? toString(messageDescriptor.value) : undefined;
            const causeDescriptor = I.getOwnPropertyDescriptor(value, 'cause');
            const errorStack = ownStack(value);
            let stackString = typeof errorStack === 'string' ? errorStack : undefined;
            const hasCause = causeDescriptor !== undefined && 'value' in causeDescriptor;
            let copy;
            if (direct) {
              copy = I.newErrorWithoutStack(I.ErrorConstructors[prototype]);
              memory.set(value, copy);
              place(copy);
              if (message !== undefined) defineHidden(copy, 'message', message);
            } else {
              memory.set(value, nextId++);
              code[code.length] = op.ERROR;
              code[code.length] = prototype;
              if (message !== undefined) string(op.ERROR_MESSAGE, message);
            }
            if (I.STACK_BEFORE_CAUSE && stackString !== undefined) {
              if (direct) I.setErrorStack(copy, stackString);
              else string(op.ERROR_STACK, stackString);
              stackString = undefined; // not again after the cause
            }
            if (hasCause) {
              if (!direct) code[code.length] = op.ERROR_CAUSE;
              open(F_ERROR, value, stackString, 0, copy, false);
              value = causeDescriptor.value;
              continue walk;
            }
            if (direct) {
              if (stackString !== undefined) I.setErrorStack(copy, stackString);
            } else {
              if (stackString !== undefined) string(op.ERROR_STACK, stackString);
              code[code.length] = op.END;
            }
            break;
          }
          case I.DOM_EXCEPTION: {
            // WebIDL DOMException serialization steps: name and message, and the stack.
            const name = I.domExceptionName(value);
            const message = I.domExceptionMessage(value);
            const errorStack = ownStack(value);
            if (direct) {
              const copy = makeDOMException(name, message, errorStack);
              memory.set(value, copy);
              place(copy);
              break;
            }
            memory.set(value, nextId++);
            string(op.SERIALIZABLE, op.DOM_EXCEPTION_NAME);
            nextId++;
            code[code.length] = op.BEGIN_OBJECT;
            string(op.STRING, 'name');
            string(op.STRING, name);
            string(op.STRING, 'message');
            string(op.STRING, message);
            if (typeof errorStack === 'string') {
              string(op.STRING, 'stack');
              string(op.STRING, errorStack);
            }
            code[code.length] = op.END;
            break;
          }
          case I.PLATFORM: {
            if (forStorage) fail(`A platform object (${detail}) when serializing for storage`);
            const copy = platformCopy;
            if (copy === undefined) fail(`A platform object (${detail})`);
            if (direct) {
              memory.set(value, copy);
              place(copy);
              break;
            }
            memory.set(value, nextId++);
            string(op.SERIALIZABLE, op.PLATFORM_OBJECT_NAME);
            code[code.length] = op.NUMBER;
            values[values.length] = hosts.length;
            hosts[hosts.length] = { object: copy, name: detail };
            break;
          }
          case I.REGISTERED: {
            // Never direct (structuredClone checks the registry), unless a getter registered
            // a class during this walk.
            if (direct) fail(`An instance of "${detail.name}" (its class was registered during the clone)`);
            const id = nextId++;
            memory.set(value, id);
            const data = detail.serialize(value);
            string(op.SERIALIZABLE, detail.name);
            openSerializable ??= I.ownMap();
            openSerializable.set(id, true);
            open(F_SERIALIZABLE, value, undefined, 0, undefined, false);
            stack[stack.length - 1].i = id;
            value = data;
            continue walk;
          }
          default:
            fail(`${startsWithVowel(detail) ? 'An' : 'A'} ${detail}`);
        }
      }
    }
    // Find the next value, closing finished containers.
    for (;;) {
      const frame = stack[stack.length - 1];
      if (frame === undefined) break walk;
      switch (frame.t) {
        case F_DENSE: {
          const { obj, dst, len } = frame;
          while (frame.i < len) {
            const index = frame.i++;
            if (!I.hasOwn(obj, index)) {
              if (!direct) code[code.length] = op.HOLE; // deleted by a getter since the keys were taken
              continue;
            }
            value = obj[index];
            // Fast path: copy primitives in place (document.all aside, typeof tells them).
            if (direct && (typeof value !== 'object' || value === null) && isPlainPrimitive(value)) {
              defineElement(dst, index, value);
              continue;
            }
            continue walk;
          }
          frame.t = F_OBJECT; // then the keys after the indices
        }
        // falls through
        case F_OBJECT: {
          const { obj, keys, dst, flag } = frame;
          while (frame.i < keys.length) {
            const key = keys[frame.i++];
            if (!I.hasOwn(obj, key)) continue;
            if (!direct) string(op.STRING, key);
            value = obj[key];
            if (direct && (typeof value !== 'object' || value === null) && isPlainPrimitive(value)) {
              createDataProperty(dst, key, value, flag);
              continue;
            }
            continue walk;
          }
          if (!direct) code[code.length] = op.END;
          stack.pop();
          break;
        }
        case F_LIST:
          if (frame.i < frame.len) {
            value = frame.keys[frame.i++];
            continue walk;
          }
          if (!direct) code[code.length] = op.END;
          entriesTop = frame.from;
          stack.pop();
          break;
        case F_ERROR:
          if (direct) {
            if (frame.keys !== undefined) I.setErrorStack(frame.dst, frame.keys);
          } else {
            if (frame.keys !== undefined) string(op.ERROR_STACK, frame.keys);
            code[code.length] = op.END;
          }
          stack.pop();
          break;
        default: // F_SERIALIZABLE
          openSerializable.delete(frame.i);
          stack.pop();
      }
    }
  }
  if (direct) return result;
  if (clone !== undefined) clone.nextId = nextId;
  return { code, values, shared, hosts };
});

/**
 * How many nested containers the direct clone copies by recursion (V8 keeps a recursive copy's
 * state in registers: 1.1–1.4× the speed of the walker's explicit stack on
 * benches/node/structured-clone.mjs) before it hands what is deeper to serializeInternal, whose
 * depth is bounded by memory only.
 */
export const RECURSION_BUDGET = 64;

/**
 * StructuredSerializeInternal fused with StructuredDeserialize for structuredClone without a
 * transfer list or registered classes (see serializeInternal's `direct`): ordinary objects,
 * Arrays, Maps, Sets, Dates, RegExps, primitive wrappers and typed arrays over fixed-length
 * ArrayBuffers (directView) are copied here, recursively, with the same steps in the same order
 * as the walker; every other value (buffers, other views, errors, platform objects, what cannot
 * be cloned, and anything deeper than RECURSION_BUDGET) goes to serializeInternal, sharing the
 * memory map.
 */
// prettier-ignore
export const cloneDirect = (function (root) {
  const clone = { __proto__: null, memory: I.ownMap(), protoCache: I.ownMap(), failure: undefined, entries: I.newList(), top: 0, keys: undefined };
  try {
    return copyValue(root, clone, RECURSION_BUDGET);
  } catch (error) {
    if (error !== clone.failure) throw error;
    throw failureError(error);
  }
});

/** The DataCloneError for a failure (serializeInternal's `clone.failure`) that unwound to the top. */
export function failureError(failure) {
  // The recursive frames' part of the path, collected innermost first, goes first.
  const path = I.newList();
  const { outer } = failure;
  for (let i = outer.length - 2; i >= 0; i -= 2) {
    path[path.length] = outer[i];
    path[path.length] = outer[i + 1];
  }
  for (let i = 0; i < failure.path.length; i++) path[path.length] = failure.path[i];
  return I.dataCloneError(failureMessage(failure.what, path));
}

/** What a recursive frame (at `key` of a container of frame type `t`) lets unwind through it. */
export function unwinding(error, clone, t, key) {
  if (error === clone.failure) error.outer.push(t, key);
  return error;
}

// prettier-ignore
export const needsCopy = (function (value) {
  return (typeof value === 'object' ? value !== null : !isPlainPrimitive(value));
});

// prettier-ignore
const copyValue = (function (value, clone, budget) {
  if (!needsCopy(value)) return value;
  const known = clone.memory.get(value);
  if (known !== undefined) return known;
  if (budget === 0 || typeof value !== 'object') return serializeInternal(value, { __proto__: null, direct: true, clone });
  const kind = recursiveKind(value, clone);
  switch (kind) {
    case I.ORDINARY: {
      const copy = {};
      clone.memory.set(value, copy);
      return copyProperties(value, clone.keys, 0, copy, false, clone, budget - 1);
    }
    case I.ARRAY:
      return copyArray(value, clone, budget - 1);
    case I.MAP:
    case I.SET:
      return copyList(value, kind === I.MAP, clone, budget - 1);
    case I.DATE:
    case I.REGEXP:
    case I.BOOLEAN:
    case I.NUMBER:
    case I.BIGINT:
    case I.STRING: {
      const copy = primitiveWrapperCopy(kind, value);
      clone.memory.set(value, copy);
      return copy;
    }
    case I.VIEW:
      return directView(value, clone) ?? serializeInternal(value, { __proto__: null, direct: true, clone });
    default:
      return serializeInternal(value, { __proto__: null, direct: true, clone });
  }
});

/**
 * The kind of an object a recursive walk (cloneDirect's, serializer.js's) reached, the steps of
 * serializeInternal's; an ordinary object's keys are left in `walk.keys`.
 */
// prettier-ignore
export const recursiveKind = (function (value, walk) {
  const kind = classify(value, walk.protoCache)[0];
  if (kind !== I.ORDINARY) return kind;
  const keys = I.objectKeys(value);
  walk.keys = keys;
  return mayHideKind(keys) ? I.hiddenKind(value, keys)[0] : kind;
});

/**
 * The copy of a typed array over a fixed-length ArrayBuffer that it does not leave empty (so
 * neither detached nor out of bounds), as the walker's `view` and `buffer` make it in direct
 * mode (the buffer copied once, through memory); undefined for every other view, which the
 * walker takes. The usual view of a first structuredClone then runs no serializeInternal.
 */
// prettier-ignore
const directView = (function (value, clone) {
  const name = I.typedArrayName(value);
  if (name === undefined) return undefined;
  const viewed = I.typedArrayBuffer(value);
  const byteLength = I.typedArrayByteLength(value);
  if (byteLength === 0 || I.isSharedBuffer(viewed) || (I.arrayBufferResizable !== undefined && I.arrayBufferResizable(viewed))) return undefined;
  let buffer = clone.memory.get(viewed);
  if (buffer === undefined) {
    buffer = copyBuffer(viewed);
    clone.memory.set(viewed, buffer);
  }
  const copy = makeView(op.VIEW_KINDS[name], buffer, I.typedArrayByteOffset(value), byteLength, 0);
  clone.memory.set(value, copy);
  return copy;
});

/** An ordinary object's properties (an Array's from keys[from]): HasOwnProperty, Get, copy, in turn. */
// prettier-ignore
const copyProperties = (function (value, keys, from, copy, isArray, clone, budget) {
  for (let i = from; i < keys.length; i++) {
    const key = keys[i];
    if (!I.hasOwn(value, key)) continue;
    let item = value[key];
    if (needsCopy(item)) {
      try {
        item = copyValue(item, clone, budget);
      } catch (error) {
        throw unwinding(error, clone, F_OBJECT, key);
      }
    }
    createDataProperty(copy, key, item, isArray);
  }
  return copy;
});

// prettier-ignore
const copyArray = (function (value, clone, budget) {
  // [[Length]] is an own data property of an Array exotic object.
  const length = value.length;
  const keys = I.objectKeys(value);
  const copy = new I.ArrayCtor(length);
  clone.memory.set(value, copy);
  // Dense when every index below length is present: then they are the first keys.
  if (!(keys.length >= length && (length === 0 || keys[length - 1] === `${length - 1}`))) {
    return copyProperties(value, keys, 0, copy, true, clone, budget);
  }
  for (let index = 0; index < length; index++) {
    if (!I.hasOwn(value, index)) continue; // deleted by a getter since the keys were taken
    let item = value[index];
    if (needsCopy(item)) {
      try {
        item = copyValue(item, clone, budget);
      } catch (error) {
        throw unwinding(error, clone, F_DENSE, index);
      }
    }
    defineElement(copy, index, item);
  }
  return length === keys.length ? copy : copyProperties(value, keys, length, copy, true, clone, budget);
});

/** A Map's or Set's entries, copied as a list first (the standard's order). */
// prettier-ignore
const copyList = (function (value, isMap, clone, budget) {
  // The copied list goes on top of clone.entries, a stack shared by the nested Maps and Sets
  // (a new list each would cost ~10 % on Map-heavy graphs: a null-prototype Array is slow to make).
  const list = clone.entries;
  const start = clone.top;
  const end = copyEntries(value, isMap, list, start);
  clone.top = end;
  const copy = isMap ? new I.MapCtor() : new I.SetCtor();
  clone.memory.set(value, copy);
  let key;
  for (let i = start; i < end; i++) {
    let item = list[i];
    if (needsCopy(item)) {
      try {
        item = copyValue(item, clone, budget);
      } catch (error) {
        throw unwinding(error, clone, F_LIST, i - start);
      }
    }
    if (!isMap) I.setAdd(copy, item);
    else if (((i - start) & 1) === 0) key = item;
    else I.mapSet(copy, key, item);
  }
  clone.top = start;
  return copy;
});

/**
 * Copies a Map's entries (key, value, key, value, ...) or a Set's values, in order, into
 * `list` from index `start` (the standard's copied list: what the walk then runs over); returns
 * the index after the last.
 */
// prettier-ignore
export const copyEntries = (function (value, isMap, list, start) {
  let end = start;
  // The callbacks in parentheses too: an arrow would compile on the first Map's clone.
  if (isMap) {
    // prettier-ignore
    I.mapForEach(value, (function (v, k) {
      list[end++] = k;
      list[end++] = v;
    }));
  } else {
    // prettier-ignore
    I.setForEach(value, (function (v) {
      list[end++] = v;
    }));
  }
  return end;
});

/** The index of an Error's prototype in I.ErrorConstructors: by its name, else Error's. */
function errorPrototype(name) {
  for (let i = 1; i < I.ErrorNames.length; i++) if (I.ErrorNames[i] === name) return i;
  return 0;
}

export function regexpFlags(value) {
  let flags = 0;
  for (let i = 0; i < I.regexpFlagGetters.length; i++) {
    const entry = I.regexpFlagGetters[i];
    if (entry[0](value)) flags |= entry[1];
  }
  return flags;
}

const VOWELS = 'aeiouAEIOU';
function startsWithVowel(text) {
  for (let i = 0; i < VOWELS.length; i++) if (text[0] === VOWELS[i]) return true;
  return false;
}

/** A new Date, RegExp or primitive wrapper with the same internal value. */
function primitiveWrapperCopy(kind, value) {
  switch (kind) {
    case I.DATE:
      return new I.DateCtor(I.dateValue(value));
    case I.REGEXP:
      return makeRegExp(regexpFlags(value), I.regexpSource(value));
    case I.BOOLEAN:
      return I.ObjectCtor(I.booleanValue(value));
    case I.NUMBER:
      return I.ObjectCtor(I.numberValue(value));
    case I.BIGINT:
      return I.ObjectCtor(I.bigintValue(value));
    default:
      return I.ObjectCtor(I.stringValue(value));
  }
}

/**
 * The message of a DataCloneError for `what`, with its " (at value.a[2])"-style location:
 * `path` holds [frame type, key or index] pairs from the root down.
 */
function failureMessage(what, path) {
  if (path.length === 0) return `${what} could not be cloned.`;
  let location = '';
  for (let i = 0; i < path.length; i += 2) location += pathSegment(path[i], path[i + 1]);
  return `${what} could not be cloned (at value${location}).`;
}

function pathSegment(t, key) {
  switch (t) {
    case F_DENSE:
      return `[${key}]`;
    case F_OBJECT:
      return isIdentifier(key) ? `.${key}` : `[${I.jsonStringify(key)}]`;
    case F_LIST:
      return `.<entry ${key}>`;
    case F_ERROR:
      return '.cause';
    default:
      return '.<serialized data>';
  }
}

/** Whether `key` is an ASCII identifier name (then a path shows it as `.key`). */
function isIdentifier(key) {
  if (key.length === 0) return false;
  for (let i = 0; i < key.length; i++) {
    const c = I.stringCharCodeAt(key, i);
    const letter = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x24;
    if (!letter && !(i > 0 && c >= 0x30 && c <= 0x39)) return false;
  }
  return true;
}
