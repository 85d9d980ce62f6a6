#!/usr/bin/env node
// Fuzzer for the structured-clone walker: random object graphs (cycles, shared references,
// holes, views sharing buffers, resizable and length-tracking buffers, Maps, Sets, Errors,
// wrappers, Dates, RegExps, objects whose prototype was replaced, values that cannot be
// cloned), each cloned by weft while a random built-in is replaced or tampered with, and
// compared with Node's native clone:
//   weft.structuredClone(x)                   with structuredClone(x)
//   weft.structuredClone(x, {transfer})       (the op stream path) with structuredClone(x)
//   weft.deserialize(weft.serialize(x))       with structuredClone(x)
//   weft.deserialize(v8.serialize(x))         with v8.deserialize(v8.serialize(x))
// Either both succeed with structurally identical clones (identity structure included) or both
// throw (weft a DataCloneError). A failing case is minimized and printed as the recipe that
// builds it.
//
// Usage: FUZZ_SECONDS=60 FUZZ_SEED=1 node tests/fuzz/structured-clone.mjs
// (tests/node/structured-clone-fuzz.test.mjs runs a short fixed-seed run in `make test`.)
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import * as weft from 'webweft';
import { assertSameClone } from '../node/structured-clone-compare.mjs';
import { TAMPERS, leaked, transferOfOne } from '../node/structured-clone-tampers.mjs';

/** mulberry32: a small seeded PRNG, so a seed replays a run exactly. */
function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return { next, int, pick: (list) => list[int(list.length)], chance: (p) => next() < p };
}

const VIEWS = [
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
  'DataView',
];
const ERRORS = ['Error', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError'];
const KEYS = [
  'a',
  'b',
  'x1',
  '__proto__',
  'constructor',
  'toString',
  '0',
  '1',
  '7',
  '4294967295',
  'length',
  'NaN',
  '',
  'é',
  '\uD800',
];
const STRINGS = ['', 'a', 'hello', '\0', '\uD800', '\uDC00x', '😀', 'x'.repeat(70), 'ü'.repeat(20)];
const NUMBERS = [0, -0, 1, -1, 0.5, NaN, Infinity, -Infinity, 2 ** 31, -(2 ** 31), 2 ** 53, 1e-300, 123456.789];
const BIGINTS = [0n, 1n, -1n, 2n ** 64n, -(2n ** 70n), 255n];
const SOURCES = ['a+', '[x-z]*', '\\d{2,}', '(?<n>.)\\k<n>', '/', '\\u{1F600}', '^$'];
const FLAGS = ['', 'g', 'i', 'm', 's', 'y', 'd', 'gimsyd', 'u', 'v'];
// Values that cannot be cloned. Without node:util (run with `--import 'data:text/javascript,delete
// process.getBuiltinModule'` to fuzz the browsers' code path) a Proxy cannot be told from its
// target, as docs/structured-clone.md says.
const BAD_KINDS = ['function', 'symbol', 'WeakMap', 'WeakSet', 'Promise', 'WeakRef', 'SymbolObject', 'generator'];
if (typeof process.getBuiltinModule === 'function') BAD_KINDS.push('Proxy');

/**
 * A recipe: a JSON-like tree that builds a value. Containers get an index in build order, so
 * that {ref: i} can refer back to one (shared references and cycles).
 */
function generateRecipe(rand, depth = 0) {
  const leafOnly = depth > 4;
  const r = rand.int(leafOnly ? 6 : 21);
  switch (r) {
    case 0:
      return { t: 'prim', v: rand.pick(['undefined', 'null', 'true', 'false']) };
    case 1:
      return { t: 'num', v: rand.pick(NUMBERS) };
    case 2:
      return { t: 'str', v: rand.pick(STRINGS) };
    case 3:
      return { t: 'big', v: String(rand.pick(BIGINTS)) };
    case 4:
      return { t: 'date', v: rand.pick([0, -1, 8.64e15, NaN, 1.5e12]) };
    case 5:
      return { t: 'regexp', source: rand.pick(SOURCES), flags: rand.pick(FLAGS) };
    case 6:
    case 7:
    case 8: {
      const n = rand.int(5);
      return { t: 'object', entries: Array.from({ length: n }, () => [rand.pick(KEYS), generateRecipe(rand, depth + 1)]) };
    }
    case 9:
    case 10: {
      const n = rand.int(6);
      const holes = Array.from({ length: rand.int(3) }, () => rand.int(n + 2));
      const extra = rand.chance(0.2) ? [[rand.pick(['named', 'x', '-1', '1.5']), generateRecipe(rand, depth + 1)]] : [];
      return { t: 'array', items: Array.from({ length: n }, () => generateRecipe(rand, depth + 1)), holes, extra };
    }
    case 11:
      return {
        t: 'map',
        entries: Array.from({ length: rand.int(4) }, () => [generateRecipe(rand, depth + 1), generateRecipe(rand, depth + 1)]),
      };
    case 12:
      return { t: 'set', items: Array.from({ length: rand.int(4) }, () => generateRecipe(rand, depth + 1)) };
    case 13:
      return {
        t: 'error',
        type: rand.pick(ERRORS),
        message: rand.chance(0.7) ? rand.pick(STRINGS) : null,
        cause: rand.chance(0.3) ? generateRecipe(rand, depth + 1) : null,
        name: rand.chance(0.2) ? rand.pick([...ERRORS, 'Other', 'DataCloneError']) : null,
        stack: rand.pick(['keep', 'keep', 'delete', 'number', 'string']),
      };
    case 14:
      return { t: 'wrapper', kind: rand.pick(['Boolean', 'Number', 'String', 'BigInt']), v: rand.int(1000) };
    case 15:
    case 16: {
      // A buffer (sometimes resizable) and views over it: views of one buffer share it.
      const size = rand.int(33);
      const views = Array.from({ length: 1 + rand.int(3) }, () => ({
        type: rand.pick(VIEWS),
        offset: rand.int(size + 1),
        length: rand.chance(0.3) ? null : rand.int(9),
      }));
      return {
        t: 'buffer',
        size,
        resizable: rand.chance(0.4),
        max: size + rand.int(17),
        views,
        seed: rand.int(256),
        keep: rand.chance(0.5),
      };
    }
    case 17:
      return {
        // A built-in object whose prototype was replaced: its internal slots decide its type.
        t: 'reproto',
        kind: rand.pick([
          'Map',
          'Set',
          'Date',
          'ArrayBuffer',
          'Error',
          'TypeError',
          'RegExp',
          'Boolean',
          'Number',
          'String',
          'BigInt',
          'Uint8Array',
          'Array',
        ]),
        proto: rand.pick(['null', 'Object']),
        inner: generateRecipe(rand, depth + 1),
      };
    case 18:
      return { t: 'ref', to: rand.int(8) };
    case 19:
      return { t: 'bad', kind: rand.pick(BAD_KINDS) };
    default:
      return { t: 'ref', to: rand.int(4) };
  }
}

/** Builds a fresh value from a recipe (the same recipe always builds the same value). */
function build(recipe) {
  const containers = [];
  const refs = [];
  const make = (r) => {
    switch (r.t) {
      case 'prim':
        return { undefined, null: null, true: true, false: false }[r.v];
      case 'num':
      case 'str':
        return r.v;
      case 'big':
        return BigInt(r.v);
      case 'date':
        return new Date(r.v);
      case 'regexp': {
        try {
          return new RegExp(r.source, r.flags);
        } catch {
          return new RegExp(r.source);
        }
      }
      case 'object': {
        const o = {};
        containers.push(o);
        for (const [k, v] of r.entries)
          Object.defineProperty(o, k, { value: make(v), enumerable: true, writable: true, configurable: true });
        return o;
      }
      case 'array': {
        const a = [];
        containers.push(a);
        r.items.forEach((item, i) => {
          a[i] = make(item);
        });
        for (const h of r.holes) delete a[h];
        for (const [k, v] of r.extra) a[k] = make(v);
        return a;
      }
      case 'map': {
        const m = new Map();
        containers.push(m);
        for (const [k, v] of r.entries) m.set(make(k), make(v));
        return m;
      }
      case 'set': {
        const s = new Set();
        containers.push(s);
        for (const v of r.items) s.add(make(v));
        return s;
      }
      case 'error': {
        const E = globalThis[r.type];
        const e = r.message === null ? new E() : r.cause === null ? new E(r.message) : new E(r.message, { cause: make(r.cause) });
        if (r.name !== null) e.name = r.name;
        if (r.stack === 'delete') delete e.stack;
        else if (r.stack === 'number') e.stack = 42;
        else if (r.stack === 'string') e.stack = 'a custom stack';
        return e;
      }
      case 'wrapper':
        return Object(r.kind === 'BigInt' ? BigInt(r.v) : globalThis[r.kind](r.v));
      case 'buffer': {
        const buffer = r.resizable ? new ArrayBuffer(r.size, { maxByteLength: r.max }) : new ArrayBuffer(r.size);
        new Uint8Array(buffer).forEach((_, i, bytes) => {
          bytes[i] = (r.seed + i * 37) & 0xff;
        });
        const views = [];
        for (const spec of r.views) {
          const View = globalThis[spec.type];
          const size = View.BYTES_PER_ELEMENT ?? 1;
          const offset = Math.min(spec.offset - (spec.offset % size), r.size - (r.size % size));
          const fit = Math.floor((r.size - offset) / size);
          if (spec.length === null && r.resizable && (r.size - offset) % size === 0) views.push(new View(buffer, offset)); // tracks the length
          else views.push(new View(buffer, offset, Math.min(spec.length ?? fit, fit)));
        }
        const holder = r.keep ? [buffer, ...views] : views;
        containers.push(holder);
        return holder;
      }
      case 'reproto': {
        const value = {
          Map: () => new Map([[1, make(r.inner)]]),
          Set: () => new Set([make(r.inner)]),
          Date: () => new Date(5),
          ArrayBuffer: () => new ArrayBuffer(3),
          Error: () => new Error('m'),
          TypeError: () => new TypeError('t', { cause: make(r.inner) }),
          RegExp: () => /r/g,
          Boolean: () => Object(false),
          Number: () => Object(2),
          String: () => Object('s'),
          BigInt: () => Object(3n),
          Uint8Array: () => new Uint8Array([1, 2]),
          Array: () => [make(r.inner)],
        }[r.kind]();
        Object.setPrototypeOf(value, r.proto === 'null' ? null : Object.prototype);
        return value;
      }
      case 'ref': {
        const ref = {};
        refs.push([ref, r.to]);
        return ref; // a placeholder object, replaced once every container exists
      }
      default:
        return {
          function: () => () => {},
          symbol: () => Symbol('s'),
          WeakMap: () => new WeakMap(),
          WeakSet: () => new WeakSet(),
          Promise: () => Promise.resolve(),
          Proxy: () => new Proxy({}, {}),
          WeakRef: () => new WeakRef({}),
          SymbolObject: () => Object(Symbol('o')),
          generator: () => (function* () {})(),
        }[r.kind]();
    }
  };
  const root = make(recipe);
  // Resolve references: each placeholder becomes a container (or stays {} without any).
  if (refs.length > 0 && containers.length > 0) {
    const targets = new Map(refs.map(([ref, to]) => [ref, containers[to % containers.length]]));
    const swap = (v) => (targets.has(v) ? targets.get(v) : v);
    for (const c of containers) {
      if (c instanceof Map) {
        const entries = [...c].map(([k, v]) => [swap(k), swap(v)]);
        c.clear();
        for (const [k, v] of entries) c.set(k, v);
      } else if (c instanceof Set) {
        const items = [...c].map(swap);
        c.clear();
        for (const v of items) c.add(v);
      } else {
        for (const k of Object.keys(c)) c[k] = swap(c[k]);
      }
    }
    return swap(root);
  }
  return root;
}

const TAMPER_NAMES = Object.keys(TAMPERS);

/** One outcome: the value, or {threw} (DataCloneError or not). */
function attempt(fn) {
  try {
    return { value: fn() };
  } catch (error) {
    return { threw: true, name: error?.name, message: String(error?.message ?? error) };
  }
}

/**
 * Runs one case: weft under `tamper` (a TAMPERS name or null), then natively. Returns a failure
 * description or null.
 */
function runCase(recipe, tamper) {
  const value = build(recipe);
  const v8Bytes = attempt(() => v8.serialize(value));
  const options = { transfer: transferOfOne() };
  const undo = tamper === null ? () => {} : TAMPERS[tamper]();
  leaked.length = 0;
  let weftDirect;
  let weftStream;
  let weftBytes;
  let weftFromV8;
  try {
    weftDirect = attempt(() => weft.structuredClone(value));
    weftStream = attempt(() => weft.structuredClone(value, options));
    weftBytes = attempt(() => weft.deserialize(weft.serialize(value)));
    weftFromV8 = v8Bytes.threw ? null : attempt(() => weft.deserialize(v8Bytes.value));
  } finally {
    undo();
  }
  if (leaked.length > 0) return `a value reached the page's indexed setter (${tamper})`;
  const native = attempt(() => structuredClone(value));
  const compare = (name, actual, expected, options) => {
    if (expected.threw) {
      if (!actual.threw) return `${name}: native threw ${expected.name} (${expected.message}), weft did not`;
      if (actual.name !== 'DataCloneError') return `${name}: weft threw ${actual.name} (${actual.message}), not a DataCloneError`;
      return null;
    }
    if (actual.threw) return `${name}: weft threw ${actual.name} (${actual.message}), native did not`;
    try {
      assertSameClone(actual.value, expected.value, options);
      return null;
    } catch (error) {
      return `${name}: ${error.message}`;
    }
  };
  const failure =
    compare('structuredClone', weftDirect, native) ??
    compare('structuredClone with a transfer list', weftStream, native) ??
    compare('deserialize(serialize())', weftBytes, native);
  if (failure !== null || weftFromV8 === null) return failure;
  return compare(
    'deserialize(v8.serialize())',
    weftFromV8,
    attempt(() => v8.deserialize(v8Bytes.value)),
    { viewsByContent: true },
  );
}

/** Smaller recipes than `recipe`: a subtree in its place, or a container with one part fewer. */
function* shrinks(recipe) {
  const children = [];
  if (recipe.t === 'object' || recipe.t === 'map') recipe.entries.forEach((e, i) => children.push([e, i]));
  if (recipe.t === 'array' || recipe.t === 'set') recipe.items.forEach((e, i) => children.push([e, i]));
  if (recipe.t === 'object') for (const [[, v]] of children) yield v;
  if (recipe.t === 'map') for (const [[k, v]] of children) yield* [k, v];
  if (recipe.t === 'array' || recipe.t === 'set') for (const [v] of children) yield v;
  if (recipe.t === 'error' && recipe.cause) yield recipe.cause;
  if (recipe.t === 'reproto') yield recipe.inner;
  const list = recipe.entries ?? recipe.items;
  if (list) {
    for (let i = 0; i < list.length; i++)
      yield { ...recipe, [recipe.entries ? 'entries' : 'items']: list.filter((_, j) => j !== i) };
    for (let i = 0; i < list.length; i++) {
      for (const smaller of shrinks(recipe.entries ? list[i][1] : list[i])) {
        const copy = [...list];
        copy[i] = recipe.entries ? [list[i][0], smaller] : smaller;
        yield { ...recipe, [recipe.entries ? 'entries' : 'items']: copy };
      }
    }
  }
  if (recipe.t === 'array' && (recipe.holes.length || recipe.extra.length)) yield { ...recipe, holes: [], extra: [] };
  if (recipe.t === 'buffer' && recipe.views.length > 1) yield { ...recipe, views: recipe.views.slice(1) };
  if (recipe.t === 'error' && recipe.cause) yield { ...recipe, cause: null };
}

/** The smallest recipe (and tamper, if still needed) found that still fails. */
export function minimize(recipe, tamper) {
  let current = recipe;
  let currentTamper = tamper;
  if (tamper !== null && runCase(current, null) !== null) currentTamper = null;
  for (let progress = true; progress;) {
    progress = false;
    for (const candidate of shrinks(current)) {
      if (runCase(candidate, currentTamper) !== null) {
        current = candidate;
        progress = true;
        break;
      }
    }
  }
  return { recipe: current, tamper: currentTamper, failure: runCase(current, currentTamper) };
}

/**
 * Runs the fuzzer from `seed` for `seconds` or `runs` executions, whichever ends first (a test
 * gives a count, so that a loaded machine runs the same cases): returns {executions, failure},
 * where failure is null or the minimized failing case.
 */
export function fuzz({ seconds = Infinity, runs = Infinity, seed }) {
  const rand = prng(seed);
  const deadline = performance.now() + seconds * 1000;
  let executions = 0;
  while (executions < runs && performance.now() < deadline) {
    for (let batch = 0; batch < 64 && executions < runs; batch++) {
      const recipe = generateRecipe(rand);
      const tamper = rand.chance(0.5) ? rand.pick(TAMPER_NAMES) : null;
      const failure = runCase(recipe, tamper);
      executions++;
      if (failure !== null) return { executions, failure: { ...minimize(recipe, tamper), original: failure } };
    }
  }
  return { executions, failure: null };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const seconds = Number(process.env.FUZZ_SECONDS ?? (process.env.FUZZ_RUNS ? Infinity : 60));
  const runs = Number(process.env.FUZZ_RUNS ?? Infinity);
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
  const start = performance.now();
  const { executions, failure } = fuzz({ seconds, runs, seed });
  const elapsed = (performance.now() - start) / 1000;
  console.log(
    `structured-clone: ${executions} executions in ${elapsed.toFixed(1)} s (${Math.round(executions / elapsed)}/s), seed ${seed}`,
  );
  if (failure !== null) {
    console.log(`FAILURE: ${failure.failure ?? failure.original}`);
    console.log(`tamper: ${failure.tamper}`);
    console.log(`recipe: ${JSON.stringify(failure.recipe)}`);
    process.exitCode = 1;
  }
}
