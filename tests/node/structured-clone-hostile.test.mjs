// deserialize() on truncated, corrupted and hostile bytes: either a value or a DataCloneError
// DOMException — never another exception, a crash or a hang — and the module keeps working.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import v8 from 'node:v8';
import fc from 'fast-check';
import * as weft from 'webweft';

const seeds = [
  { a: 1, b: 'text', c: [1, , 3], d: new Map([[1, new Set(['x'])]]), e: new Date(5), f: /re/g },
  [new Uint8Array([1, 2, 3]), new DataView(new ArrayBuffer(8), 2), new ArrayBuffer(4, { maxByteLength: 8 })],
  new RangeError('message', { cause: [new Error('inner')] }),
  { big: -(2n ** 70n), wrapped: [Object(1n), new Number(2), new String('s'), new Boolean(false)] },
  new DOMException('m', 'AbortError'),
  (() => {
    const o = { name: 'cycle' };
    o.self = [o, o];
    return o;
  })(),
].flatMap((value) => [weft.serialize(value), new Uint8Array(v8.serialize(value))]);

/** Deserializes, requiring a value or a DataCloneError; returns whether it threw. */
function outcome(bytes) {
  try {
    weft.deserialize(bytes);
    return false;
  } catch (error) {
    assert.ok(error instanceof DOMException, `not a DOMException: ${error?.stack ?? error}`);
    assert.equal(error.name, 'DataCloneError');
    return true;
  }
}

function assertStillWorks() {
  assert.deepEqual(weft.deserialize(weft.serialize({ still: ['working'] })), { still: ['working'] });
}

test('every proper prefix of a serialization is rejected', () => {
  let cases = 0;
  for (const bytes of seeds) {
    for (let end = 0; end < bytes.length; end++) {
      assert.ok(outcome(bytes.slice(0, end)), `prefix of length ${end} accepted`);
      cases++;
    }
  }
  assertStillWorks();
  assert.ok(cases > 500);
});

test('every single-byte corruption is a value or a DataCloneError', () => {
  let rejected = 0;
  let accepted = 0;
  for (const bytes of seeds) {
    for (let at = 0; at < bytes.length; at++) {
      for (const replacement of [0x00, 0x01, 0x7f, 0x80, 0xff, bytes[at] ^ 0x20, bytes[at] + 1]) {
        const corrupt = bytes.slice();
        corrupt[at] = replacement;
        if (outcome(corrupt)) rejected++;
        else accepted++;
      }
    }
  }
  assertStillWorks();
  assert.ok(rejected > 1000 && accepted > 100, `${rejected} rejected, ${accepted} accepted`);
});

test('random bytes after a valid header are a value or a DataCloneError', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 64 }), fc.constantFrom(13, 14, 15), (tail, version) => {
      outcome(new Uint8Array([0xff, version, ...tail]));
    }),
    { numRuns: 20_000 },
  );
  assertStillWorks();
});

test('hostile lengths, counts and nesting are rejected quickly or read in linear time', () => {
  const header = [0xff, 0x0f];
  const varint = (n) => {
    const out = [];
    for (; n >= 0x80; n = Math.floor(n / 128)) out.push((n % 128) | 0x80);
    return [...out, n];
  };
  const hostile = [
    // a string, an ArrayBuffer and a BigInt claiming 4 GiB
    [...header, 0x22, ...varint(2 ** 32 - 1)],
    [...header, 0x42, ...varint(2 ** 32 - 1)],
    [...header, 0x5a, ...varint(2 ** 31)],
    // a varint of 10 bytes
    [...header, 0x22, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01],
    // an array claiming 2^32 - 1 elements, a dense one too
    [...header, 0x61, ...varint(2 ** 32 - 1), 0x40, 0, ...varint(2 ** 32 - 1)],
    [...header, 0x41, ...varint(2 ** 32 - 1)],
    // a resizable buffer whose maximum is below its length, and one of 4 GiB
    [...header, 0x7e, ...varint(8), ...varint(4), 1, 2, 3, 4, 5, 6, 7, 8],
    [...header, 0x7e, ...varint(0), ...varint(2 ** 32 - 1)],
    // a back-reference to nothing, to itself, a view over nothing
    [...header, 0x5e, 0],
    [...header, 0x6f, 0x22, 1, 0x61, 0x5e, 0, 0x7b, 1],
    [...header, 0x56, 0x42, 0, 8],
    // an array whose own "length" is a named property
    [...header, 0x61, 2, 0x22, 6, ...Buffer.from('length'), 0x49, 2, 0x40, 1, 2],
    // a serializable object of an unknown class, and weft's in-process references
    [...header, 0x6f, 0x4e, 0, 0, 0, 0, 0, 0, 0xf8, 0x7f, 0x22, 1, 0x58, 0x22, 5, ...Buffer.from('value'), 0x30, 0x7b, 2],
  ].map((bytes) => new Uint8Array(bytes));
  for (const bytes of hostile) {
    const start = performance.now();
    outcome(bytes);
    assert.ok(performance.now() - start < 1000, `slow on ${Buffer.from(bytes).toString('hex')}`);
  }
  // A million nested arrays: read without recursion, in linear time.
  const depth = 1_000_000;
  const nested = new Uint8Array(2 + depth * 2 + 1 + depth * 3);
  nested.set(header);
  let at = 2;
  for (let i = 0; i < depth; i++) {
    nested[at++] = 0x41; // dense array
    nested[at++] = 1; // of one element
  }
  nested[at++] = 0x5f; // undefined
  for (let i = 0; i < depth; i++) {
    nested[at++] = 0x24; // end of dense array
    nested[at++] = 0; // no properties
    nested[at++] = 1; // length 1
  }
  const start = performance.now();
  let value = weft.deserialize(nested.subarray(0, at));
  let levels = 0;
  while (Array.isArray(value)) {
    value = value[0];
    levels++;
  }
  assert.equal(levels, depth);
  assert.ok(performance.now() - start < 30_000, 'a million levels in well under 30 s');
  assertStillWorks();
});
