// Structured clone: weft's structuredClone (walker → builder in JS) and weft's bytes
// (serialize → deserialize through the Rust codec) side by side with Node's native
// structuredClone, @ungap/structured-clone and v8.serialize → v8.deserialize.
// @ungap/structured-clone's default export calls the host's structuredClone wherever there is
// one (Node 17+), so its own JavaScript clone is measured through its serialize/deserialize.
import v8 from 'node:v8';
import ungapStructuredClone, { deserialize as ungapDeserialize, serialize as ungapSerialize } from '@ungap/structured-clone';
import * as weft from 'webweft';
import { compare } from './harness.mjs';

// A fixed pseudo-random sequence, so every run clones the same data.
let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const word = () => Math.floor(random() * 36 ** 6).toString(36);

const smallObjects = Array.from({ length: 1000 }, (_, i) => ({
  id: i,
  name: `user-${word()}`,
  email: `${word()}@example.com`,
  active: random() < 0.5,
  score: Math.round(random() * 1e4) / 100,
  tags: [word(), word()],
  address: { city: word(), zip: String(10000 + i) },
}));

function config(depth) {
  const node = {};
  for (let i = 0; i < 8; i++) {
    const key = `${word()}_${i}`;
    node[key] =
      depth > 0 && i < 3
        ? config(depth - 1)
        : i % 3 === 0
          ? random() * 100
          : i % 3 === 1
            ? [word(), word(), random() < 0.5]
            : `value ${word()} ${word()}`;
  }
  return node;
}
const largeConfig = config(6); // about 3,300 objects, 15,000 properties

const mapsAndSets = new Map();
for (let i = 0; i < 500; i++) {
  mapsAndSets.set(`key-${i}`, new Set([i, word(), i * 1.5, `${i}`]));
  mapsAndSets.set(i, new Map([[word(), i], [i, { nested: new Set([word()]) }]]));
}

const MiB = 1 << 20;
const typedArrays = {
  floats: new Float64Array((4 * MiB) / 8).map((_, i) => i / 3),
  ints: new Int32Array((4 * MiB) / 4).map((_, i) => i * 7),
  bytes: new Uint8Array(2 * MiB).map((_, i) => i),
};

// A tree of 5,000 nodes (four children each) whose every node also refers to its parent, the
// root and its previous sibling: most references are shared, and most close a cycle. (Shallow:
// Node's native structuredClone recurses, and overflows the stack on deep graphs.)
function graph(count) {
  const root = { name: 'root', parent: null, root: null, sibling: null, children: [] };
  root.root = root;
  const queue = [root];
  for (let i = 1; i < count; i++) {
    const parent = queue[0];
    const sibling = parent.children.at(-1) ?? null;
    const node = { name: `n${i}`, parent, root, sibling, children: [] };
    parent.children.push(node);
    queue.push(node);
    if (parent.children.length === 4) queue.shift();
  }
  return root;
}
const cyclicGraph = graph(5000);

const candidates = (value, { json = false } = {}) => ({
  'native structuredClone': () => structuredClone(value),
  'weft.structuredClone': () => weft.structuredClone(value),
  'weft.deserialize(weft.serialize)': () => weft.deserialize(weft.serialize(value)),
  'v8.deserialize(v8.serialize)': () => v8.deserialize(v8.serialize(value)),
  '@ungap default (host clone)': () => ungapStructuredClone(value),
  '@ungap serialize+deserialize': () => ungapDeserialize(ungapSerialize(value)),
  // For JSON-compatible data, V8's native JSON round trip as a yardstick.
  ...(json && { 'JSON.parse(JSON.stringify)': () => JSON.parse(JSON.stringify(value)) }),
});

compare('structured clone: 1,000 small JSON-like objects', candidates(smallObjects, { json: true }));
compare('structured clone: a large nested config (3,300 objects)', candidates(largeConfig, { json: true }));
compare('structured clone: Maps and Sets (1,000 entries, 1,500 nested collections)', candidates(mapsAndSets));
compare('structured clone: 10 MiB of typed arrays', candidates(typedArrays), { bytes: 10 * MiB });
compare('structured clone: a 5,000-node graph of cycles and shared references', candidates(cyclicGraph));
