// A short fixed-seed, fixed-count run of the structured-clone fuzzer
// (tests/fuzz/structured-clone.mjs; `make fuzz` runs it longer from a random seed): random
// graphs cloned by weft under replaced built-ins equal Node's native clones.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fuzz } from '../fuzz/structured-clone.mjs';

test('structured-clone fuzzer: 5,000 cases from seed 1 find no difference from the native clone', () => {
  const { executions, failure } = fuzz({ runs: 5000, seed: 1 });
  assert.equal(
    failure,
    null,
    failure && `${failure.failure}\ntamper: ${failure.tamper}\nrecipe: ${JSON.stringify(failure.recipe)}`,
  );
  assert.equal(executions, 5000);
});

test("structured-clone fuzzer without node:util (the browsers' code path): 2,000 cases from seed 2", () => {
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'data:text/javascript,delete process.getBuiltinModule',
      new URL('../fuzz/structured-clone.mjs', import.meta.url).pathname,
    ],
    { encoding: 'utf8', env: { ...process.env, FUZZ_RUNS: '2000', FUZZ_SEED: '2' } },
  );
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.equal(Number(/(\d+) executions/.exec(run.stdout)[1]), 2000, run.stdout);
});
