// Should a panic ever happen (none is known: this uses a test-only build with a deliberate one),
// the call throws, the panic is reported, and the next call runs on a fresh instance.
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('after a panic the module keeps working', async (t) => {
  const weft = await import('../../target/pkg-testing/testing.mjs');
  const reported = t.mock.method(console, 'error', () => {});
  assert.equal(weft.btoa('before'), 'YmVmb3Jl');
  assert.throws(() => weft.panicForTesting(), WebAssembly.RuntimeError);
  assert.match(reported.mock.calls[0].arguments[0], /weft: internal error[^]*deliberate panic for testing/);
  assert.equal(weft.btoa('after'), 'YWZ0ZXI=');
  assert.equal(weft.atob(weft.btoa('\u00ff'.repeat(5000))), '\u00ff'.repeat(5000));
  assert.throws(() => weft.atob('a'), { name: 'InvalidCharacterError' });
});
