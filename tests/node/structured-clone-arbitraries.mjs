// The property tests' random values: every type structured clone knows, holes, shared references
// and cycles (used by structured-clone-property.test.mjs and structured-clone-codec.test.mjs).
import fc from 'fast-check';

const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u));
const text = fc.oneof(fc.string({ maxLength: 8 }), fc.string({ unit: codeUnit, maxLength: 8 }));
export const key = fc.oneof(
  text,
  fc.constantFrom('__proto__', 'constructor', 'toString', '0', '1', '4294967295', 'length', 'NaN'),
);

const VIEWS = [
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
  DataView,
];
const ERRORS = [Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError];

const view = fc
  .record({
    View: fc.constantFrom(...VIEWS),
    bytes: fc.uint8Array({ minLength: 0, maxLength: 40 }),
    offset: fc.nat(16),
    resizable: fc.boolean(),
    tracking: fc.boolean(),
  })
  .map(({ View, bytes: raw, offset, resizable, tracking }) => {
    const size = View.BYTES_PER_ELEMENT ?? 1;
    const bytes = raw.subarray(0, raw.length - (raw.length % size));
    const byteOffset = Math.min(offset - (offset % size), bytes.length - (bytes.length % size));
    const buffer = resizable
      ? new ArrayBuffer(bytes.length, { maxByteLength: bytes.length + 16 })
      : new ArrayBuffer(bytes.length);
    new Uint8Array(buffer).set(bytes);
    if (resizable && tracking) return new View(buffer, byteOffset);
    const length = Math.floor((bytes.length - byteOffset) / size);
    return new View(buffer, byteOffset, length);
  });

const leaf = fc.oneof(
  fc.constantFrom(undefined, null, true, false, -0, NaN, Infinity, 2 ** 31, -(2 ** 31)),
  fc.double(),
  fc.integer(),
  text,
  fc.bigInt(),
  fc.double().map((t) => new Date(t)),
  fc
    .tuple(fc.constantFrom('a+', '[x-z]*', '\\d{2,}', '(?<n>.)\\k<n>', '/'), fc.subarray(['d', 'g', 'i', 'm', 's', 'u', 'y']))
    .map(([source, flags]) => new RegExp(source, flags.join(''))),
  fc.oneof(fc.boolean(), fc.double(), text, fc.bigInt()).map((v) => Object(v)),
  fc.uint8Array({ maxLength: 24 }).map((bytes) => bytes.buffer),
  view,
);

export const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    tie('array'),
    tie('object'),
    tie('map'),
    tie('set'),
    tie('error'),
  ),
  array: fc
    .tuple(fc.array(tie('value'), { maxLength: 6 }), fc.array(fc.nat(8), { maxLength: 2 }), fc.option(tie('value')))
    .map(([items, holes, extra]) => {
      for (const hole of holes) delete items[hole];
      if (extra !== null) items.named = extra;
      return items;
    }),
  object: fc.array(fc.tuple(key, tie('value')), { maxLength: 6 }).map((entries) => {
    const object = {};
    for (const [k, v] of entries)
      Object.defineProperty(object, k, { value: v, enumerable: true, writable: true, configurable: true });
    return object;
  }),
  map: fc.array(fc.tuple(tie('value'), tie('value')), { maxLength: 4 }).map((entries) => new Map(entries)),
  set: fc.array(tie('value'), { maxLength: 4 }).map((items) => new Set(items)),
  error: fc
    .tuple(fc.constantFrom(...ERRORS), fc.option(text), fc.option(tie('value')), fc.option(text))
    .map(([E, message, cause, name]) => {
      const error = message === null ? new E() : new E(message, cause === null ? undefined : { cause });
      if (name !== null) error.name = name;
      return error;
    }),
}));

/**
 * Adds references from the graph's containers to its containers (`toAny`: to any of its objects,
 * views' buffers too): shared references and cycles.
 */
export function link(root, links, toAny = false) {
  const containers = [];
  const targets = [];
  const seen = new Set();
  const work = [root];
  while (work.length > 0) {
    const v = work.pop();
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (toAny) targets.push(v);
    if (toAny && ArrayBuffer.isView(v)) targets.push(v.buffer);
    if (Array.isArray(v) || v instanceof Map || v instanceof Set || Object.getPrototypeOf(v) === Object.prototype)
      containers.push(v);
    if (v instanceof Map) for (const [k, x] of v) work.push(k, x);
    else if (v instanceof Set) for (const x of v) work.push(x);
    else if (v instanceof Error) work.push(v.cause);
    else if (Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype) work.push(...Object.values(v));
  }
  links.forEach(([from, to], i) => {
    if (containers.length === 0) return;
    const source = containers[from % containers.length];
    const target = toAny ? targets[to % targets.length] : containers[to % containers.length];
    if (source instanceof Map) source.set(`link${i}`, target);
    else if (source instanceof Set) source.add(target);
    else source[`link${i}`] = target;
  });
  return root;
}

export const graph = fc
  .tuple(value, fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 6 }))
  .map(([root, links]) => link(root, links));

/** A fixed sample of graphs without cycles through JSON (for comparing runs as text), plus strings of every width and length. */
export function corpus() {
  const strings = [
    '',
    'a',
    'é',
    '€',
    '\ud800',
    'x'.repeat(12),
    'x'.repeat(13),
    'é'.repeat(40),
    'x'.repeat(64),
    'é'.repeat(65),
    '€'.repeat(70),
    'a€'.repeat(40),
  ];
  return [...strings, { strings }, ...fc.sample(value, { numRuns: 200, seed: 7 })];
}
