// HTML §2.9.6 StructuredDeserialize: builds the value an op stream (ops.js)
// describes, in the realm weft runs in. One pass with an explicit stack (no recursion); each
// object is stored under its op id when created, so back-references and cycles resolve;
// properties are defined as CreateDataProperty does, never through setters ("__proto__" is an
// ordinary key).
// (Functions in parentheses: compiled with the script, see walker.js.)
import * as I from './intrinsics.js';
import * as op from './ops.js';

const B_OBJECT = 0; // key, value, key, value, ... End
const B_ARRAY = 1; // a sparse Array, or a dense one after its elements: key, value, ... End
const B_DENSE = 2; // `remaining` elements (values or Holes), then as B_ARRAY
const B_MAP = 3; // key, value, ... End
const B_SET = 4; // value, ... End
const B_ERROR = 5; // ErrorMessage? then ErrorStack? and ErrorCause value? in either order; End
const B_VIEW = 6; // one buffer
const B_SERIALIZABLE = 7; // one value: the data

const NO_KEY = Symbol('no key');
const VIEW_CONSTRUCTORS = op.VIEW_KIND_NAMES.map((name) => (name === 'Buffer' ? undefined : globalThis[name]));
const BufferCtor = globalThis.Buffer;
const bufferFrom = BufferCtor?.from;
const REGEXP_FLAGS = [...I.regexpFlagGetters].sort((a, b) => (a[2] < b[2] ? -1 : 1)); // "dgimsuvy"
const ELEMENT_SIZES = [1, 1, 1, 2, 2, 4, 4, 4, 8, 1, 1, 8, 8, 2];
// Null prototypes: an inherited `get` or `set` would make these accessor descriptors.
const descriptor = { __proto__: null, value: undefined, writable: true, enumerable: true, configurable: true };
const hidden = { __proto__: null, value: undefined, writable: true, enumerable: false, configurable: true };

/**
 * CreateDataProperty(object, key, value) for a new ordinary object or Array (`isArray`):
 * assignment where no object on its prototype chain has the key (then no inherited setter or
 * read-only property can intercept it: fast), a definition otherwise. (An object's chain is
 * just Object.prototype, whose own prototype cannot change; HasOwnProperty measured faster
 * than `in` there. An Array's goes on from Array.prototype, whose prototype a page may change.)
 */
// prettier-ignore
export const createDataProperty = (function (object, key, value, isArray) {
  if (isArray ? key in I.ArrayPrototype : I.hasOwn(I.ObjectPrototype, key)) {
    descriptor.value = value;
    try {
      I.defineProperty(object, key, descriptor);
    } catch {
      // Only bytes can ask for this: an Array's own "length" as an ordinary property.
      throw invalid(`an Array cannot have a property "${key}"`);
    } finally {
      descriptor.value = undefined;
    }
  } else {
    object[key] = value;
  }
});

/** CreateDataProperty(array, index, value) for a new Array (see createDataProperty). */
// prettier-ignore
export const defineElement = (function (array, index, value) {
  if (index in I.ArrayPrototype) {
    descriptor.value = value;
    I.defineProperty(array, index, descriptor);
    descriptor.value = undefined;
  } else {
    array[index] = value;
  }
});

export function defineHidden(object, key, value) {
  hidden.value = value;
  I.defineProperty(object, key, hidden);
  hidden.value = undefined;
}

const isIndex = (data, list) => typeof data === 'number' && Number.isInteger(data) && data >= 0 && data < list.length;

const fail = (message) => {
  throw I.dataCloneError(message);
};

const invalid = (what) => I.dataCloneError(`The serialized data is invalid: ${what}.`);

// prettier-ignore
export const makeView = (function (kind, buffer, byteOffset, byteLength, flags) {
  const tracking = (flags & op.VIEW_LENGTH_TRACKING) !== 0;
  try {
    if (kind === op.NODE_BUFFER_KIND && bufferFrom !== undefined) {
      return I.functionApply(bufferFrom, BufferCtor, [buffer, byteOffset, byteLength]);
    }
    const constructor = VIEW_CONSTRUCTORS[kind === op.NODE_BUFFER_KIND ? 1 : kind];
    if (constructor === undefined) throw invalid(`this host has no ${op.VIEW_KIND_NAMES[kind]}`);
    if (tracking) return new constructor(buffer, byteOffset);
    const elementSize = ELEMENT_SIZES[kind === op.NODE_BUFFER_KIND ? 1 : kind];
    return new constructor(buffer, byteOffset, byteLength / elementSize);
  } catch (error) {
    if (I.isDataCloneError(error)) throw error;
    throw invalid(`a ${op.VIEW_KIND_NAMES[kind]} does not fit its buffer (${error.message})`);
  }
});

export function makeRegExp(flags, source) {
  let flagString = '';
  for (let i = 0; i < REGEXP_FLAGS.length; i++) if (flags & REGEXP_FLAGS[i][1]) flagString += REGEXP_FLAGS[i][2];
  try {
    return new I.RegExpCtor(source, flagString);
  } catch (error) {
    throw invalid(`a RegExp does not compile (${error.message})`);
  }
}

/** DOMException's deserialization steps. */
export function makeDOMException(name, message, stack) {
  const exception = new I.DOMExceptionCtor(message, name);
  if (typeof stack === 'string') defineHidden(exception, 'stack', stack);
  return exception;
}

function domExceptionFromData(data) {
  const own = (key) => (I.hasOwn(data, key) ? data[key] : undefined);
  if (data === null || typeof data !== 'object' || typeof own('name') !== 'string' || typeof own('message') !== 'string') {
    throw invalid('a DOMException without a string name and message');
  }
  return makeDOMException(data.name, data.message, I.hasOwn(data, 'stack') ? data.stack : undefined);
}

/**
 * Builds the value of the op stream `code` (a JS array or Uint32Array) whose payloads are in
 * `values`. `context`: what the stream refers to out of band — `transferred` (the received
 * transfer data: ArrayBuffers and platform objects, by transfer-list index), `shared`
 * (SharedArrayBuffers), `hosts` (the host's clones of platform objects) and `cloneHosts` (true
 * when those may be used more than once, so each use gets a fresh clone).
 */
export function structuredDeserialize(code, values, context = {}) {
  const { transferred = [], shared = [], hosts = [], cloneHosts = false } = context;
  const length = I.isView(code) ? I.typedArrayLength(code) : code.length;
  const objects = I.newList();
  const stack = I.newList();
  let ci = 0;
  let vi = 0;
  let result;
  let done = false;

  /** Hands a complete value to the innermost open construct. */
  const deliver = (value) => {
    for (;;) {
      const frame = stack[stack.length - 1];
      if (frame === undefined) {
        result = value;
        done = true;
        return;
      }
      switch (frame.t) {
        case B_DENSE:
          defineElement(frame.obj, frame.index++, value);
          if (--frame.remaining === 0) frame.t = B_ARRAY;
          return;
        case B_OBJECT:
        case B_ARRAY:
        case B_MAP:
          if (frame.key === NO_KEY) {
            frame.key = value;
          } else if (frame.t === B_MAP) {
            I.mapSet(frame.obj, frame.key, value);
            frame.key = NO_KEY;
          } else {
            createDataProperty(frame.obj, frame.key, value, frame.t !== B_OBJECT);
            frame.key = NO_KEY;
          }
          return;
        case B_SET:
          I.setAdd(frame.obj, value);
          return;
        case B_ERROR:
          defineHidden(frame.obj, 'cause', value);
          return;
        case B_VIEW: {
          stack.pop();
          const view = makeView(frame.index, value, frame.remaining, frame.key, frame.flags);
          objects[frame.id] = view;
          value = view;
          break;
        }
        default: {
          stack.pop();
          const made = serializable(frame.key, value);
          objects[frame.id] = made;
          value = made;
        }
      }
    }
  };

  const serializable = (name, data) => {
    switch (name) {
      case op.DOM_EXCEPTION_NAME:
        return domExceptionFromData(data);
      case op.PLATFORM_OBJECT_NAME:
        if (!isIndex(data, hosts)) throw I.dataCloneError('The serialized data refers to a platform object it was not given.');
        if (!cloneHosts) return hosts[data].object;
        return (
          I.clonePlatformObject(hosts[data].object, hosts[data].name) ?? fail('The platform object could not be cloned again.')
        );
      case op.TRANSFERRED_OBJECT_NAME:
        if (!isIndex(data, transferred))
          throw I.dataCloneError('The serialized data refers to a transferred object it was not given.');
        return transferred[data];
      default: {
        const entry = op.registry.byName.get(name);
        if (entry === undefined) throw I.dataCloneError(`No serializable class is registered as "${name}".`);
        return entry.deserialize(data);
      }
    }
  };

  const open = (frame) => {
    stack[stack.length] = frame;
  };

  while (ci < length) {
    const opcode = code[ci++];
    switch (opcode) {
      case op.UNDEFINED:
        deliver(undefined);
        break;
      case op.NULL:
        deliver(null);
        break;
      case op.TRUE:
        deliver(true);
        break;
      case op.FALSE:
        deliver(false);
        break;
      case op.NUMBER:
        deliver(values[vi++]);
        break;
      case op.STRING:
        ci += 1;
        deliver(values[vi++]);
        break;
      case op.BIGINT:
        ci += 2;
        deliver(values[vi++]);
        break;
      case op.HOLE: {
        const frame = stack[stack.length - 1];
        if (frame === undefined || frame.t !== B_DENSE || frame.remaining === 0) throw invalid('a hole outside an array');
        frame.index++;
        if (--frame.remaining === 0) frame.t = B_ARRAY;
        break;
      }
      case op.BACK_REF: {
        const id = code[ci++];
        const object = objects[id];
        if (object === undefined) throw invalid(`a reference to object ${id} before it is complete`);
        deliver(object);
        break;
      }
      case op.BEGIN_OBJECT: {
        const object = {};
        objects[objects.length] = object;
        open({ t: B_OBJECT, obj: object, key: NO_KEY, index: 0, remaining: 0, id: 0, flags: 0 });
        break;
      }
      case op.BEGIN_DENSE_ARRAY:
      case op.BEGIN_SPARSE_ARRAY: {
        const arrayLength = code[ci++];
        const array = new I.ArrayCtor(arrayLength);
        objects[objects.length] = array;
        const dense = opcode === op.BEGIN_DENSE_ARRAY && arrayLength > 0;
        open({
          t: dense ? B_DENSE : B_ARRAY,
          obj: array,
          key: NO_KEY,
          index: 0,
          remaining: dense ? arrayLength : 0,
          id: 0,
          flags: 0,
        });
        break;
      }
      case op.BEGIN_MAP: {
        const map = new I.MapCtor();
        objects[objects.length] = map;
        open({ t: B_MAP, obj: map, key: NO_KEY, index: 0, remaining: 0, id: 0, flags: 0 });
        break;
      }
      case op.BEGIN_SET: {
        const set = new I.SetCtor();
        objects[objects.length] = set;
        open({ t: B_SET, obj: set, key: NO_KEY, index: 0, remaining: 0, id: 0, flags: 0 });
        break;
      }
      case op.END: {
        const frame = stack.pop();
        if (frame === undefined || frame.t === B_VIEW || frame.t === B_SERIALIZABLE) throw invalid('an unmatched End');
        deliver(frame.obj);
        break;
      }
      case op.DATE: {
        const date = new I.DateCtor(values[vi++]);
        objects[objects.length] = date;
        deliver(date);
        break;
      }
      case op.REGEXP: {
        const flags = code[ci++];
        ci += 1;
        const regexp = makeRegExp(flags, values[vi++]);
        objects[objects.length] = regexp;
        deliver(regexp);
        break;
      }
      case op.BOOLEAN_OBJECT: {
        const wrapper = I.ObjectCtor(code[ci++] !== 0);
        objects[objects.length] = wrapper;
        deliver(wrapper);
        break;
      }
      case op.NUMBER_OBJECT:
      case op.BIGINT_OBJECT:
      case op.STRING_OBJECT: {
        ci += op.OPERANDS[opcode];
        const wrapper = I.ObjectCtor(values[vi++]);
        objects[objects.length] = wrapper;
        deliver(wrapper);
        break;
      }
      case op.ARRAY_BUFFER:
      case op.RESIZABLE_ARRAY_BUFFER: {
        ci += op.OPERANDS[opcode];
        const buffer = values[vi++];
        objects[objects.length] = buffer;
        deliver(buffer);
        break;
      }
      case op.SHARED_ARRAY_BUFFER: {
        const sab = shared[code[ci++]];
        if (sab === undefined) throw invalid('a SharedArrayBuffer it was not given');
        // A new SharedArrayBuffer object over the same memory, where the host can make one.
        const object = I.hostStructuredClone !== undefined ? I.hostStructuredClone(sab) : sab;
        objects[objects.length] = object;
        deliver(object);
        break;
      }
      case op.TRANSFERRED_ARRAY_BUFFER: {
        const buffer = transferred[code[ci++]];
        if (buffer === undefined) throw invalid('a transferred ArrayBuffer it was not given');
        objects[objects.length] = buffer;
        deliver(buffer);
        break;
      }
      case op.VIEW: {
        const id = objects.length;
        objects[objects.length] = undefined; // stored once its buffer is read
        open({ t: B_VIEW, obj: undefined, index: code[ci], remaining: code[ci + 1], key: code[ci + 2], flags: code[ci + 3], id });
        ci += 4;
        break;
      }
      case op.ERROR: {
        const constructor = I.ErrorConstructors[code[ci++]];
        if (constructor === undefined) throw invalid('an unknown Error prototype');
        // With [[ErrorData]]; message, cause and stack follow (see END when the stack does not)
        // (V8 11 writes the cause before the stack, V8 13 after it).
        const error = I.newErrorWithoutStack(constructor);
        objects[objects.length] = error;
        open({ t: B_ERROR, obj: error, key: NO_KEY, index: 0, remaining: 0, id: 0, flags: 0 });
        break;
      }
      case op.ERROR_MESSAGE:
      case op.ERROR_STACK: {
        ci += 1;
        const frame = stack[stack.length - 1];
        if (frame?.t !== B_ERROR) throw invalid('an Error field outside an Error');
        if (opcode === op.ERROR_MESSAGE) defineHidden(frame.obj, 'message', values[vi++]);
        else I.setErrorStack(frame.obj, values[vi++]);
        if (opcode === op.ERROR_STACK) frame.flags = 1;
        break;
      }
      case op.ERROR_CAUSE:
        // The next value is the cause: the Error's frame receives it.
        break;
      case op.SERIALIZABLE: {
        ci += 1;
        const id = objects.length;
        objects[objects.length] = undefined; // stored once its data is read
        open({ t: B_SERIALIZABLE, obj: undefined, key: values[vi++], index: 0, remaining: 0, id, flags: 0 });
        break;
      }
      default:
        throw invalid(`unknown op ${opcode}`);
    }
  }
  if (!done || stack.length > 0) throw invalid('the op stream ends inside a value');
  return result;
}
