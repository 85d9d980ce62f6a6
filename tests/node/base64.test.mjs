// forgiving-base64 against Node's own implementations, on generated inputs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import * as weft from 'webweft';

test('base64Encode equals Buffer for any bytes', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
      assert.equal(weft.base64Encode(bytes), Buffer.from(bytes).toString('base64'));
      assert.deepEqual(weft.base64Decode(weft.base64Encode(bytes)), bytes);
    }),
    { numRuns: 2000 },
  );
});

test('atob and btoa agree with Node on any string, including errors', () => {
  const outcome = (fn) => {
    try {
      return { value: fn() };
    } catch (error) {
      return { error: error.name };
    }
  };
  const base64ish = fc.string({ unit: fc.constantFrom(...'AZaz09+/= \t\n\f\r-_.\u00e9\u0100\uD800'.split('')), maxLength: 24 });
  fc.assert(
    fc.property(fc.oneof(base64ish, fc.string({ unit: 'binary', maxLength: 20 })), (input) => {
      assert.deepEqual(
        outcome(() => weft.atob(input)),
        outcome(() => atob(input)),
        `atob(${JSON.stringify(input)})`,
      );
      assert.deepEqual(
        outcome(() => weft.btoa(input)),
        outcome(() => btoa(input)),
        `btoa(${JSON.stringify(input)})`,
      );
    }),
    { numRuns: 5000 },
  );
});

test('a lone surrogate is not base64', () => {
  assert.throws(() => weft.atob('YQ\uD800=='), { name: 'InvalidCharacterError' });
});
