// Should a panic ever happen (none is known: these force one), the call throws a
// WebAssembly.RuntimeError and the next call runs on a fresh instance. Every wasm's panic handler
// (src/bindings/mod.rs) asks the glue for that instance and traps.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { instances } from './wasm-instances.mjs';

test('after a panic the module keeps working', async (t) => {
  const weft = await import('../../target/pkg-testing/testing.js');
  const reported = t.mock.method(console, 'error', () => {});
  assert.equal(weft.btoa('before'), 'YmVmb3Jl');
  assert.throws(() => weft.panicForTesting(), WebAssembly.RuntimeError);
  // The trap is the report: the message and the code that would format it are not in the wasm.
  assert.equal(reported.mock.callCount(), 0);
  assert.equal(weft.btoa('after'), 'YWZ0ZXI=');
  assert.equal(weft.atob(weft.btoa('\u00ff'.repeat(5000))), '\u00ff'.repeat(5000));
  assert.throws(() => weft.atob('a'), { name: 'InvalidCharacterError' });
});

test('after a panic in the release package, each wasm is replaced by a fresh instance', () => {
  // pkg/ (`make pkg`): the wasm as shipped, after wasm-opt. An input buffer larger than the
  // address space (`ioInput`, called on the wasm's exports directly) is a panic in Vec.
  const require = createRequire(import.meta.url);
  const areas = [
    ['url.js', (area) => new area.URL('https://a.test/b/../c').href],
    ['url.js', (area) => area.publicSuffix('a.b.co.uk')],
    ['encoding.js', (area) => new area.TextDecoder('sjis').decode(Uint8Array.of(0x82, 0xa0))],
    ['encoding-lite.js', (area) => new area.TextDecoder('latin1').decode(Uint8Array.of(0xe9, 0x41))],
    ['html.js', (area) => area.parseInteger('42')],
  ];
  for (const [file, call] of areas) {
    const area = require(`../../pkg/${file}`);
    const expected = call(area);
    const instance = instances.at(-1);
    assert.throws(() => instance.exports.ioInput(-1), WebAssembly.RuntimeError, file);
    assert.deepEqual(call(area), expected, file);
    assert.notEqual(instances.at(-1), instance, `${file}: a fresh instance`);
    assert.deepEqual(call(area), expected, file);
  }
});
