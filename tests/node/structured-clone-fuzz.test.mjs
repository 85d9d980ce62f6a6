// A short fixed-seed run of the structured-clone fuzzer (tests/fuzz/structured-clone.mjs; `make
// fuzz` runs it longer from a random seed): random graphs cloned by weft under replaced
// built-ins equal Node's native clones.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fuzz } from '../fuzz/structured-clone.mjs';

test('structured-clone fuzzer: 3 seconds from seed 1 find no difference from the native clone', () => {
  const { executions, failure } = fuzz({ seconds: 3, seed: 1 });
  assert.equal(failure, null, failure && `${failure.failure}\ntamper: ${failure.tamper}\nrecipe: ${JSON.stringify(failure.recipe)}`);
  assert.ok(executions >= 200, `only ${executions} executions`);
});
