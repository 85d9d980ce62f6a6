// Load test: many serialize/deserialize calls, some failing, some large, leave the memory they
// need as it was (the JavaScript codec keeps one output buffer between calls, and drops it
// after a large one).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';

const child = `
const web = await import('webweft');
const value = { list: Array.from({ length: 200 }, (_, i) => ({ i, s: 'item ' + i, m: new Map([[i, [i]]]) })), bytes: new Uint8Array(4096) };
const large = new Uint8Array(8 << 20); // above the retained size: the codec's buffer is dropped
const round = () => {
  for (let i = 0; i < 1000; i++) {
    if (web.deserialize(web.serialize(value)).list[199].s !== 'item 199') throw new Error('wrong clone');
    try { web.deserialize(new Uint8Array([0xff, 0x0f, 0x6f, 0x22, 0x05])); throw new Error('no error'); } catch (e) { if (e.name !== 'DataCloneError') throw e; }
    try { web.serialize({ f() {} }); throw new Error('no error'); } catch (e) { if (e.name !== 'DataCloneError') throw e; }
  }
  if (web.deserialize(web.serialize(large)).length !== large.length) throw new Error('wrong large clone');
};
const used = () => { gc(); gc(); const m = process.memoryUsage(); return m.heapUsed + m.arrayBuffers; };
round(); // reach the steady state
const before = used();
for (let i = 0; i < 9; i++) round();
console.log(JSON.stringify({ before, after: used() }));
`;

test('10,000 serialize/deserialize calls with errors and 8 MiB values leave memory flat', () => {
  const run = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', child], {
    encoding: 'utf8',
    cwd: import.meta.dirname,
  });
  assert.equal(run.status, 0, run.stderr);
  const { before, after } = JSON.parse(run.stdout);
  // The 8 MiB value alone would show as 8-24 MiB if its buffers stayed.
  assert.ok(after - before < 4 << 20, `grew by ${((after - before) / 2 ** 20).toFixed(1)} MiB`);
});
