// Deep structural comparison of two structured clones (not a test file): the same shape, the
// same values, the same property attributes and order, and the same identity structure (a
// one-to-one correspondence between the objects of the two graphs, so shared references and
// cycles must match too). Iterative: graphs may be deep.
import assert from 'node:assert/strict';
import { types } from 'node:util';

const tag = (value) => Object.prototype.toString.call(value);
const isView = ArrayBuffer.isView;
// node:util's checks: brand checks through getters would throw for most values (slow).
const { isArrayBuffer, isSharedArrayBuffer } = types;

/**
 * Asserts that `actual` and `expected` are structurally identical clones. `options.stack`:
 * compare Error stacks (default true); `options.viewsByContent`: compare ArrayBufferViews by
 * type and contents only (Node's v8.deserialize makes views into its copy of the input).
 */
export function assertSameClone(actual, expected, { stack = true, viewsByContent = false } = {}) {
  const forward = new Map();
  const backward = new Map();
  const work = [[actual, expected, '$']];
  while (work.length > 0) {
    const [a, b, path] = work.pop();
    const at = (what) => `${what} at ${path}`;
    if (typeof b !== 'object' || b === null) {
      if (typeof b === 'function') assert.fail(at('a function in the expected value'));
      assert.ok(Object.is(a, b), at(`${String(a)} !== ${String(b)}`));
      continue;
    }
    assert.equal(typeof a, 'object', at('type'));
    assert.notEqual(a, null, at('null'));
    if (forward.has(a) || backward.has(b)) {
      assert.equal(forward.get(a), b, at('identity structure (a shared or cyclic reference differs)'));
      assert.equal(backward.get(b), a, at('identity structure (a shared or cyclic reference differs)'));
      continue;
    }
    forward.set(a, b);
    backward.set(b, a);
    assert.equal(Object.getPrototypeOf(a), Object.getPrototypeOf(b), at('prototype'));
    assert.equal(tag(a), tag(b), at('class'));

    const push = (x, y, sub) => work.push([x, y, `${path}${sub}`]);
    let ownProperties = true;
    if (isArrayBuffer(b)) {
      assert.ok(isArrayBuffer(a), at('ArrayBuffer'));
      assert.equal(a.byteLength, b.byteLength, at('byteLength'));
      assert.equal(a.resizable, b.resizable, at('resizable'));
      assert.equal(a.maxByteLength, b.maxByteLength, at('maxByteLength'));
      assert.deepEqual(new Uint8Array(a), new Uint8Array(b), at('bytes'));
      ownProperties = false;
    } else if (isSharedArrayBuffer(b)) {
      assert.equal(a.byteLength, b.byteLength, at('byteLength'));
      assert.equal(a.growable, b.growable, at('growable'));
      assert.equal(a.maxByteLength, b.maxByteLength, at('maxByteLength'));
      ownProperties = false;
    } else if (isView(b) && viewsByContent) {
      assert.equal(a.constructor, b.constructor, at('view type'));
      assert.deepEqual(
        new Uint8Array(a.buffer, a.byteOffset, a.byteLength),
        new Uint8Array(b.buffer, b.byteOffset, b.byteLength),
        at('view contents'),
      );
      ownProperties = false;
    } else if (isView(b)) {
      assert.equal(a.constructor, b.constructor, at('view type'));
      assert.equal(a.byteOffset, b.byteOffset, at('byteOffset'));
      assert.equal(a.byteLength, b.byteLength, at('byteLength'));
      assert.equal(a.length, b.length, at('length'));
      push(a.buffer, b.buffer, '.buffer');
      ownProperties = false;
    } else if (b instanceof Map) {
      const ea = [...a];
      const eb = [...b];
      assert.equal(ea.length, eb.length, at('Map size'));
      eb.forEach(([k, v], i) => {
        push(ea[i][0], k, `.<key ${i}>`);
        push(ea[i][1], v, `.<value ${i}>`);
      });
      ownProperties = false;
    } else if (b instanceof Set) {
      const ea = [...a];
      const eb = [...b];
      assert.equal(ea.length, eb.length, at('Set size'));
      eb.forEach((v, i) => push(ea[i], v, `.<entry ${i}>`));
      ownProperties = false;
    } else if (b instanceof Date) {
      assert.ok(Object.is(a.getTime(), b.getTime()), at('time value'));
      ownProperties = false;
    } else if (b instanceof RegExp) {
      assert.equal(a.source, b.source, at('source'));
      assert.equal(a.flags, b.flags, at('flags'));
      assert.equal(a.lastIndex, 0, at('lastIndex'));
      ownProperties = false;
    } else if (['[object Boolean]', '[object Number]', '[object String]', '[object BigInt]'].includes(tag(b))) {
      assert.ok(Object.is(a.valueOf(), b.valueOf()), at('wrapped value'));
      if (tag(b) !== '[object String]') ownProperties = false;
    } else if (b instanceof Error || tag(b) === '[object Error]') {
      assert.equal(a.name, b.name, at('name'));
      assert.equal(a.constructor, b.constructor, at('constructor'));
      const keys = Reflect.ownKeys(b).filter((k) => stack || k !== 'stack');
      assert.deepEqual(
        Reflect.ownKeys(a).filter((k) => stack || k !== 'stack'),
        keys,
        at('own properties'),
      );
      for (const key of keys) {
        const da = Object.getOwnPropertyDescriptor(a, key);
        const db = Object.getOwnPropertyDescriptor(b, key);
        assert.equal(da.enumerable, db.enumerable, at(`${String(key)} enumerable`));
        push(da.value, db.value, `.${String(key)}`);
      }
      ownProperties = false;
    }
    if (ownProperties) {
      const keys = Reflect.ownKeys(b);
      assert.deepEqual(Reflect.ownKeys(a), keys, at('own property keys'));
      for (const key of keys) {
        const da = Object.getOwnPropertyDescriptor(a, key);
        const db = Object.getOwnPropertyDescriptor(b, key);
        for (const attribute of ['enumerable', 'writable', 'configurable']) {
          assert.equal(da[attribute], db[attribute], at(`${String(key)} ${attribute}`));
        }
        if ('value' in db) push(da.value, db.value, Array.isArray(b) ? `[${String(key)}]` : `.${String(key)}`);
      }
    }
  }
}
