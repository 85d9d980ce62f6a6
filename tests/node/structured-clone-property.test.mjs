// Property test: random object graphs — every type, holes, shared references and cycles — cloned
// by weft's three paths equal Node's native structuredClone, deep structure and identity
// structure alike.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import * as weft from 'webweft';
import { graph, key, value } from './structured-clone-arbitraries.mjs';
import { assertSameClone } from './structured-clone-compare.mjs';

const paths = {
  direct: (v) => weft.structuredClone(v),
  'op stream': (v) => weft.structuredClone(v, { transfer: [new ArrayBuffer(1)] }),
  bytes: (v) => weft.deserialize(weft.serialize(v)),
};

test('random graphs cloned by weft equal Node’s structuredClone', () => {
  let cyclic = 0;
  fc.assert(
    fc.property(graph, (root) => {
      const expected = structuredClone(root);
      for (const [name, clone] of Object.entries(paths)) {
        try {
          assertSameClone(clone(root), expected);
        } catch (error) {
          error.message = `${name}: ${error.message}`;
          throw error;
        }
      }
      if (typeof root === 'object' && root !== null) cyclic++;
    }),
    { numRuns: 600 },
  );
  assert.ok(cyclic > 100, 'enough object graphs were generated');
});

test('values Node refuses, weft refuses too', () => {
  const uncloneable = fc.constantFrom(() => {}, Symbol('s'), new WeakMap(), Promise.resolve(), new Proxy({}, {}));
  fc.assert(
    fc.property(value, uncloneable, key, (root, bad, k) => {
      const holder = { [k]: bad, root };
      assert.throws(() => structuredClone(holder), { name: 'DataCloneError' });
      for (const clone of Object.values(paths)) assert.throws(() => clone(holder), { name: 'DataCloneError' });
    }),
    { numRuns: 200 },
  );
});
