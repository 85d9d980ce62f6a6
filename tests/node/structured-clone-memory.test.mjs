// Load test: many serialize/deserialize calls, some failing, some large, leave the wasm heap
// the size it was.
import assert from 'node:assert/strict';
import { wasmExports } from './wasm-instances.mjs';
import { test } from 'node:test';

test('10,000 serialize/deserialize calls with errors do not grow wasm memory', async () => {
  const web = await import('webweft');
  web.serialize(0);
  const exports = wasmExports('cloneSerialize');
  const value = { list: Array.from({ length: 200 }, (_, i) => ({ i, s: `item ${i}`, m: new Map([[i, [i]]]) })), bytes: new Uint8Array(4096) };
  const large = new Uint8Array(8 << 20); // above the retained size: its buffers are released
  const round = () => {
    for (let i = 0; i < 1_000; i++) {
      assert.equal(web.deserialize(web.serialize(value)).list[199].s, 'item 199');
      assert.throws(() => web.deserialize(new Uint8Array([0xff, 0x0f, 0x6f, 0x22, 0x05])), { name: 'DataCloneError' });
      assert.throws(() => web.serialize({ f() {} }), { name: 'DataCloneError' });
    }
    assert.equal(web.deserialize(web.serialize(large)).length, large.length);
  };
  round(); // reach the steady state (the allocator's free lists)
  const before = exports.memory.buffer.byteLength;
  for (let i = 0; i < 9; i++) round();
  assert.equal(exports.memory.buffer.byteLength, before);
});
