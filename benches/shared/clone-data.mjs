// The structured clone workloads' data, the same in Node and in the browser page: a fixed
// pseudo-random sequence, so every run clones the same values.
let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const word = () => Math.floor(random() * 36 ** 6).toString(36);

export const smallObjects = Array.from({ length: 1000 }, (_, i) => ({
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
export const largeConfig = config(6); // about 3,300 objects, 15,000 properties

export const mapsAndSets = new Map();
for (let i = 0; i < 500; i++) {
  mapsAndSets.set(`key-${i}`, new Set([i, word(), i * 1.5, `${i}`]));
  mapsAndSets.set(
    i,
    new Map([
      [word(), i],
      [i, { nested: new Set([word()]) }],
    ]),
  );
}

export const MiB = 1 << 20;
export const typedArrays = {
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
export const cyclicGraph = graph(5000);

/** [title, data, summary row of deserialize(serialize(x)), JSON-compatible] per workload. */
export const cloneWorkloads = [
  ['1,000 small JSON-like objects', smallObjects, 'de(ser(x)) 1,000 small objects / v8 de(ser) (Chromium: native clone)', true],
  ['a large nested config (3,300 objects)', largeConfig, 'de(ser(x)) nested config / v8 de(ser) (Chromium: native clone)', true],
  [
    'Maps and Sets (1,000 entries, 1,500 nested collections)',
    mapsAndSets,
    'de(ser(x)) Maps and Sets / v8 de(ser) (Chromium: native clone)',
    false,
  ],
  ['10 MiB of typed arrays', typedArrays, null, false],
  [
    'a 5,000-node graph of cycles and shared references',
    cyclicGraph,
    'de(ser(x)) cycles graph / v8 de(ser) (Chromium: native clone)',
    false,
  ],
];
