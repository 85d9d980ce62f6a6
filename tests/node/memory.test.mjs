// Load test: many calls, half of them failing, leave the wasm heap the size it was.
import assert from 'node:assert/strict';
import { wasmExports } from './wasm-instances.mjs';
import { test } from 'node:test';

test('100,000 calls with errors do not grow wasm memory', async () => {
  const web = await import('webweft');
  web.atob('');
  const exports = wasmExports('atobInput');
  const payload = 'x'.repeat(3000);
  const round = () => {
    for (let i = 0; i < 10_000; i++) {
      web.atob(web.btoa(payload));
      assert.throws(() => web.atob('a'));
      web.base64Decode(web.base64Encode(new Uint8Array(100)));
    }
  };
  round(); // reach the steady state (the allocator's free lists)
  const before = exports.memory.buffer.byteLength;
  for (let i = 0; i < 10; i++) round();
  assert.equal(exports.memory.buffer.byteLength, before);
});
