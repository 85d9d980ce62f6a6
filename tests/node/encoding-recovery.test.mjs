// A TextDecoder's state lives in the JS object, not in wasm, so it survives the fresh instance
// that replaces one after a panic (the test-only build panics on purpose): a stream cut by a
// panic decodes on as if nothing happened, on every crossing path (bytes passed as arguments,
// the fixed small area, the general buffers).
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('a streaming TextDecoder keeps its state across a panic and a fresh instance', async (t) => {
  const weft = await import('../../target/pkg-testing/testing.js');
  t.mock.method(console, 'error', () => {});
  const a = Uint8Array.of(0x82, 0xa0); // あ in Shift_JIS
  for (const length of [1, 10, 300]) {
    const decoder = new weft.TextDecoder('shift_jis');
    const bytes = new Uint8Array(length * 2).map((_, i) => a[i % 2]);
    assert.equal(decoder.decode(bytes.subarray(0, 1), { stream: true }), '');
    assert.throws(() => weft.panicForTesting(), WebAssembly.RuntimeError);
    assert.equal(decoder.decode(bytes.subarray(1)), '\u3042'.repeat(length), `${length} characters`);
    assert.equal(new weft.TextDecoder('euc-kr').decode(Uint8Array.of(0xb0, 0xa1)), '\uAC00');
  }
});
