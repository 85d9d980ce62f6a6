// serialize()'s StructuredSerializeInternal: the walk writes V8 wire-format bytes as it goes.
//
// The common values (primitives, ordinary objects, Arrays, Maps, Sets, Dates, RegExps and
// primitive wrappers) are written here by a recursive walk with the steps of cloneDirect's
// (walker.js), in the same order, so that getters run as when serializeInternal walks. Every
// other value (buffers, views, errors, platform objects, registered classes, transferred
// objects, what cannot be cloned, anything deeper than RECURSION_BUDGET) is walked by
// serializeInternal, sharing the memory map and op ids, and its op stream is written in place
// by wire.js's writeOps: the bytes are those of writeWire(serializeInternal(value)).
//
// Two things of the op-stream path look ahead, and are kept by handing the rest of the walk to
// serializeInternal (its explicit stack rebuilt from the recursion as it unwinds, `resume`):
// a view written in Node's host form leaves its buffer out unless a later BackRef names it
// (wire.js's view), and a write failure must not come before what the rest of the walk
// would throw, nor stop its getters (the op-stream path walks everything before writing).
import * as I from './intrinsics.js';
import {
  F_DENSE,
  F_LIST,
  F_OBJECT,
  RECURSION_BUDGET,
  bigintMagnitude,
  copyEntries,
  failureError,
  recursiveKind,
  regexpFlags,
  serializeInternal,
} from './walker.js';
import {
  WIRE_FRAMES as W,
  abandonWire,
  beginWire,
  checkRegExpFlags,
  finishWire,
  mayElide,
  newWireState,
  wireFrame,
  writeBigInt,
  writeFailure,
  writeKey,
  writeNumber,
  writeOps,
  writeRegExp,
  writeString,
  writeTag,
  writeTagDouble,
  writeTagVarint,
  writeTagVarints,
  // The tags it writes itself.
  BEGIN_DENSE_JS_ARRAY,
  BEGIN_JS_MAP,
  BEGIN_JS_OBJECT,
  BEGIN_JS_SET,
  BEGIN_SPARSE_JS_ARRAY,
  BIGINT,
  BIGINT_OBJECT,
  DATE,
  END_DENSE_JS_ARRAY,
  END_JS_MAP,
  END_JS_OBJECT,
  END_JS_SET,
  END_SPARSE_JS_ARRAY,
  FALSE,
  FALSE_OBJECT,
  NULL,
  NUMBER_OBJECT,
  OBJECT_REFERENCE,
  STRING_OBJECT,
  THE_HOLE,
  TRUE,
  TRUE_OBJECT,
  UNDEFINED,
} from './wire.js';

const NO_FRAMES = I.newList();
/** How many values are handed to serializeInternal before the proportion of them counts (see delegate). */
const DELEGATIONS = 8;
/** What nothing throws: the initial `failure` and `handover`. */
const NOTHING = { __proto__: null };

/**
 * StructuredSerializeInternal of `root` as V8 wire bytes (serialize()): {bytes, shared, hosts},
 * the SharedArrayBuffers and platform-object copies the bytes refer to by index. Transferables
 * are in memory as serializeInternal's are.
 */
export function serializeToWire(root, forStorage, transferList, transferIsBuffer) {
  // (Not a null-prototype literal, which V8 makes a dictionary: every property is its own.)
  const ctx = {
    // What serializeInternal shares (see its `clone`).
    memory: I.ownMap(),
    protoCache: I.ownMap(),
    failure: NOTHING,
    entries: I.newList(),
    top: 0,
    nextId: 0,
    shared: I.newList(),
    hosts: I.newList(),
    stack: I.newList(),
    /** An ordinary object's keys (recursiveKind). */
    keys: undefined,
    options: undefined,
    /** Op ids to wire ids, buffers: what writeOps shares. */
    wire: newWireState(forStorage),
    /** How many op-stream code words the walk emitted so far (for writeOps' failure messages). */
    words: 0,
    /** How many values were handed to serializeInternal. */
    delegated: 0,
    handover: NOTHING,
    /** The first write failure, thrown once the walk is complete. */
    writeError: undefined,
  };
  ctx.options = { __proto__: null, forStorage, forBytes: true, transferIsBuffer, clone: ctx };
  for (let i = 0; i < transferList.length; i++) ctx.memory.set(transferList[i], -1 - i);
  const saved = beginWire();
  try {
    walk(root, ctx);
  } catch (error) {
    abandonWire(saved);
    throw error === ctx.failure ? failureError(error) : error;
  }
  return { __proto__: null, bytes: finishWire(saved), shared: ctx.shared, hosts: ctx.hosts };
}

function walk(root, ctx) {
  try {
    writeValue(root, ctx, RECURSION_BUDGET);
    return;
  } catch (error) {
    if (error !== ctx.handover) throw error;
  }
  // The rest of the walk, by serializeInternal from the frames collected innermost first.
  const { handover } = ctx;
  const frames = I.newList();
  const wireFrames = I.newList();
  for (let i = handover.frames.length - 1; i >= 0; i--) {
    frames[frames.length] = handover.frames[i];
    wireFrames[wireFrames.length] = handover.wireFrames[i];
  }
  const rest = serializeInternal(undefined, { __proto__: null, ...ctx.options, resume: frames });
  if (ctx.writeError !== undefined) throw ctx.writeError;
  const { code, values } = handover;
  for (let i = 0; i < rest.code.length; i++) code[code.length] = rest.code[i];
  for (let i = 0; i < rest.values.length; i++) values[values.length] = rest.values[i];
  writeOps(code, values, ctx.wire, wireFrames, handover.firstId, handover.base);
}

/** Hands the rest of the walk over (see walk): the containers add their frames as it unwinds. */
function handOver(ctx, code, values, firstId) {
  ctx.handover = { __proto__: null, code, values, firstId, base: ctx.words, frames: I.newList(), wireFrames: I.newList() };
  return ctx.handover;
}

/**
 * What a container lets unwind through it from its item `key`: a failure gets its part of the
 * path, a handover its frames, serializeInternal's (`t`, `obj`, `keys`, `next`, `len`, `flag`,
 * `from`, see its `open`) and the writer's (wireFrame's `wireT` ... `awaiting`).
 */
function unwinding(error, ctx, t, key, obj, keys, next, len, flag, from, wireT, wireLength, remaining, count, awaiting) {
  if (error === ctx.failure) {
    error.outer.push(t, key);
  } else if (error === ctx.handover) {
    error.frames.push({ t, obj, keys, i: next, len, dst: undefined, flag, key: undefined, from });
    error.wireFrames.push(wireFrame(wireT, wireLength, remaining, count, awaiting));
  }
  return error;
}

/** A new object in memory: the next op id, and the next wire id for it. */
function remember(value, ctx) {
  const { wire } = ctx;
  const id = wire.entries.length;
  wire.entries[id] = wire.nextWire++;
  ctx.memory.set(value, id);
}

/** `value` walked by serializeInternal and written (the op stream continues the walk's). */
function delegate(value, ctx, budget) {
  const firstId = ctx.wire.entries.length;
  ctx.nextId = firstId;
  const { code, values } = serializeInternal(value, ctx.options);
  const atRoot = budget === RECURSION_BUDGET;
  // When a quarter of the op ids so far went to values handed over one by one, so does the rest,
  // at once: a serializeInternal call and its fragment cost about what two objects written here save.
  const often = ++ctx.delegated > DELEGATIONS && ctx.delegated * 4 > firstId;
  if (!atRoot && (often || mayElide(code))) throw handOver(ctx, code, values, firstId);
  const base = ctx.words;
  ctx.words += code.length;
  try {
    writeOps(code, values, ctx.wire, NO_FRAMES, firstId, base);
  } catch (error) {
    if (atRoot || !I.isDataCloneError(error)) throw error;
    ctx.writeError = error;
    throw handOver(ctx, undefined, undefined, firstId);
  }
}

// prettier-ignore
const writeValue = (function (value, ctx, budget) {
  switch (typeof value) {
    case 'number':
      ctx.words += 1;
      writeNumber(value);
      return;
    case 'string':
      ctx.words += 2;
      writeString(value);
      return;
    case 'bigint':
      // (Its one failure, a BigInt over 2^30 − 1 bytes, needs more than V8's 2^30 bits.)
      writeBigInt(BIGINT, value < 0n, bigintMagnitude(value), ctx.words);
      ctx.words += 3;
      return;
    case 'symbol':
      delegate(value, ctx, budget);
      return;
    default: {
      // (document.all is an object whose typeof is "undefined": not undefined.)
      const tag = value === undefined ? UNDEFINED : value === null ? NULL : value === true ? TRUE : value === false ? FALSE : 0;
      if (tag !== 0) {
        ctx.words += 1;
        writeTag(tag);
        return;
      }
      break;
    }
  }
  const known = ctx.memory.get(value);
  if (known !== undefined && known >= 0) {
    // (Only a fragment's Error or serializable object is PENDING, and only while it is written;
    // a view's buffer ELIDED is named by no BackRef here: see delegate.)
    ctx.words += 2;
    writeTagVarint(OBJECT_REFERENCE, ctx.wire.entries[known]);
    return;
  }
  if (known !== undefined || budget === 0 || typeof value !== 'object') {
    delegate(value, ctx, budget);
    return;
  }
  const kind = recursiveKind(value, ctx);
  switch (kind) {
    case I.ORDINARY: {
      const { keys } = ctx;
      remember(value, ctx);
      ctx.words += 1;
      writeTag(BEGIN_JS_OBJECT);
      const count = writeProperties(value, keys, 0, false, W.OBJECT, 0, ctx, budget - 1);
      ctx.words += 1;
      writeTagVarint(END_JS_OBJECT, count);
      return;
    }
    case I.ARRAY:
      writeArray(value, ctx, budget - 1);
      return;
    case I.MAP:
    case I.SET:
      writeList(value, kind === I.MAP, ctx, budget - 1);
      return;
    case I.DATE:
    case I.NUMBER:
      remember(value, ctx);
      ctx.words += 1;
      if (kind === I.DATE) writeTagDouble(DATE, I.dateValue(value));
      else writeTagDouble(NUMBER_OBJECT, I.numberValue(value));
      return;
    case I.REGEXP: {
      const flags = regexpFlags(value);
      const source = I.regexpSource(value);
      const problem = checkRegExpFlags(flags);
      if (problem !== undefined) {
        // What writeOps would throw, once the walk is complete (see delegate).
        const error = writeFailure(ctx.words, problem);
        if (budget === RECURSION_BUDGET) throw error;
        ctx.memory.set(value, ctx.wire.entries.length);
        ctx.writeError = error;
        throw handOver(ctx, undefined, undefined, 0);
      }
      remember(value, ctx);
      ctx.words += 3;
      writeRegExp(source, flags);
      return;
    }
    case I.BOOLEAN:
      remember(value, ctx);
      ctx.words += 2;
      writeTag(I.booleanValue(value) ? TRUE_OBJECT : FALSE_OBJECT);
      return;
    case I.BIGINT: {
      remember(value, ctx);
      const bigint = I.bigintValue(value);
      writeBigInt(BIGINT_OBJECT, bigint < 0n, bigintMagnitude(bigint), ctx.words);
      ctx.words += 3;
      return;
    }
    case I.STRING:
      remember(value, ctx);
      ctx.words += 2;
      writeTag(STRING_OBJECT);
      writeString(I.stringValue(value));
      return;
    default:
      delegate(value, ctx, budget);
  }
});

/**
 * An ordinary object's properties (an Array's from keys[from]): HasOwnProperty, key, Get,
 * value, in turn; returns how many. `wireT`, `wireLength`: the writer's frame of the container.
 */
// prettier-ignore
const writeProperties = (function (value, keys, from, isArray, wireT, wireLength, ctx, budget) {
  let count = 0;
  for (let i = from; i < keys.length; i++) {
    const key = keys[i];
    if (!I.hasOwn(value, key)) continue;
    ctx.words += 2;
    writeKey(key);
    try {
      writeValue(value[key], ctx, budget);
    } catch (error) {
      const remaining = wireT === W.SPARSE ? wireLength : 0;
      throw unwinding(error, ctx, F_OBJECT, key, value, keys, i + 1, 0, isArray, 0, wireT, wireLength, remaining, count, true);
    }
    count++;
  }
  return count;
});

// prettier-ignore
const writeArray = (function (value, ctx, budget) {
  // [[Length]] is an own data property of an Array exotic object.
  const length = value.length;
  const keys = I.objectKeys(value);
  remember(value, ctx);
  ctx.words += 2;
  // Dense when every index below length is present: then they are the first keys.
  if (!(keys.length >= length && (length === 0 || keys[length - 1] === `${length - 1}`))) {
    writeTagVarint(BEGIN_SPARSE_JS_ARRAY, length);
    const count = writeProperties(value, keys, 0, true, W.SPARSE, length, ctx, budget);
    ctx.words += 1;
    writeTagVarints(END_SPARSE_JS_ARRAY, count, length);
    return;
  }
  writeTagVarint(BEGIN_DENSE_JS_ARRAY, length);
  for (let index = 0; index < length; index++) {
    if (!I.hasOwn(value, index)) {
      // Deleted by a getter since the keys were taken.
      ctx.words += 1;
      writeTag(THE_HOLE);
      continue;
    }
    try {
      writeValue(value[index], ctx, budget);
    } catch (error) {
      throw unwinding(error, ctx, F_DENSE, index, value, keys, index + 1, length, true, 0, W.DENSE, length, length - index, 0, false);
    }
  }
  const count = length === keys.length ? 0 : writeProperties(value, keys, length, true, W.DENSE, length, ctx, budget);
  ctx.words += 1;
  writeTagVarints(END_DENSE_JS_ARRAY, count, length);
});

/** A Map's or Set's entries, copied as a list first (the standard's order), as cloneDirect's copyList. */
// prettier-ignore
const writeList = (function (value, isMap, ctx, budget) {
  const list = ctx.entries;
  const start = ctx.top;
  const end = copyEntries(value, isMap, list, start);
  ctx.top = end;
  remember(value, ctx);
  ctx.words += 1;
  writeTag(isMap ? BEGIN_JS_MAP : BEGIN_JS_SET);
  for (let i = start; i < end; i++) {
    try {
      writeValue(list[i], ctx, budget);
    } catch (error) {
      const wireT = isMap ? W.MAP : W.SET;
      throw unwinding(error, ctx, F_LIST, i - start, value, list, i + 1, end, isMap, start, wireT, 0, 0, i - start, false);
    }
  }
  ctx.top = start;
  ctx.words += 1;
  writeTagVarint(isMap ? END_JS_MAP : END_JS_SET, end - start);
});
