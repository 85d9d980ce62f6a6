// The package's JavaScript wire-format codec (js/structured-clone/wire.js) against the Rust codec it
// replaced in the package (src/html/structured_clone, through the testing build) and against V8:
// the same bytes for the same op stream, the same op stream for the same bytes, and the same
// DataCloneError message (byte offset and problem) for every malformed input.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import v8 from 'node:v8';
import fc from 'fast-check';
import * as weft from 'webweft';
import { serializeInternal } from '../../js/structured-clone/walker.js';
import { readWire, writeWire } from '../../js/structured-clone/wire.js';
import { graph } from './structured-clone-arbitraries.mjs';
import { assertSameClone } from './structured-clone-compare.mjs';
import { rustDeserialize, rustSerialize } from './structured-clone-rust.mjs';

const opsOf = (value, forStorage = false) => serializeInternal(value, { __proto__: null, forBytes: true, forStorage });

/** What a codec call gave: its result, or its error's name and message. */
function outcome(run) {
  try {
    return { ok: run() };
  } catch (error) {
    return { name: error.name, message: error.message };
  }
}

/** The two readings agree: both the same error, or the same ops and payloads. */
function assertSameReading(bytes, transferred = 0, shared = 0) {
  const js = outcome(() => readWire(bytes, transferred, shared));
  const rust = outcome(() => rustDeserialize(bytes, transferred, shared));
  const hex = Buffer.from(bytes).toString('hex');
  if (!js.ok || !rust.ok) {
    assert.deepEqual({ name: js.name, message: js.message }, { name: rust.name, message: rust.message }, hex);
    assert.equal(js.name, 'DataCloneError', hex);
    return js;
  }
  assert.deepEqual(Array.from(js.ok.code), Array.from(rust.ok.code), hex);
  assert.equal(js.ok.values.length, rust.ok.values.length, hex);
  Array.from(js.ok.values).forEach((value, i) => {
    const expected = rust.ok.values[i];
    if (value instanceof ArrayBuffer) {
      assert.ok(expected instanceof ArrayBuffer, hex);
      assert.deepEqual(new Uint8Array(value), new Uint8Array(expected), hex);
    } else {
      assert.ok(Object.is(value, expected), `${hex}: value ${i}: ${String(value)} vs ${String(expected)}`);
    }
  });
  return js;
}

test('random graphs: the JS codec writes the Rust codec’s bytes, and both read them alike', () => {
  fc.assert(
    fc.property(graph, (root) => {
      const { code, values } = opsOf(root);
      const bytes = writeWire(code, values, false);
      assert.deepEqual(bytes, rustSerialize(code, values, false));
      assert.deepEqual(weft.serialize(root), bytes);
      assertSameReading(bytes);
    }),
    { numRuns: 400 },
  );
});

test('random graphs: V8 reads weft’s bytes and weft reads V8’s as V8 reads its own', () => {
  fc.assert(
    fc.property(graph, (root) => {
      const native = v8.serialize(root);
      const expected = v8.deserialize(native);
      // (Node writes every view as a copy of its bytes, and reads one over its input buffer:
      // views are compared by content.)
      assertSameClone(v8.deserialize(weft.serialize(root)), expected, { viewsByContent: true });
      assertSameReading(native);
      assertSameClone(weft.deserialize(native), expected, { viewsByContent: true });
    }),
    { numRuns: 300 },
  );
});

test('mutated and truncated bytes: the same op stream or the same DataCloneError as the Rust codec', () => {
  const mutation = fc.record({
    kind: fc.constantFrom('set', 'insert', 'delete', 'truncate'),
    at: fc.nat(),
    byte: fc.oneof(fc.nat(255), fc.constantFrom(0x00, 0x80, 0xff, 0x7b, 0x24, 0x40, 0x3a, 0x2c, 0x56, 0x5e, 0x3f, 0x2d, 0x2e)),
  });
  let failures = 0;
  fc.assert(
    fc.property(graph, fc.array(mutation, { minLength: 1, maxLength: 3 }), fc.nat(2), (root, mutations, counts) => {
      let bytes = Array.from(Math.random() < 0.5 ? weft.serialize(root) : v8.serialize(root));
      for (const { kind, at, byte } of mutations) {
        const i = at % (bytes.length + 1);
        if (kind === 'set' && i < bytes.length) bytes[i] = byte;
        else if (kind === 'insert') bytes.splice(i, 0, byte);
        else if (kind === 'delete') bytes.splice(i, 1);
        else bytes = bytes.slice(0, i);
      }
      if (!assertSameReading(new Uint8Array(bytes), counts, counts).ok) failures++;
    }),
    { numRuns: 1500 },
  );
  assert.ok(failures > 500, `${failures} mutated inputs were rejected`);
});

// One input for each way the reader rejects bytes (and a few it accepts), as [hex, message
// fragment]: the fragment says which check the input reaches.
const HOSTILE = [
  ['', 'byte 0: unexpected end of data'],
  ['00', 'missing the 0xFF version header'],
  ['ff10', 'format version 16 is newer'],
  ['ff0c', 'format version 12 is older'],
  ['ff', 'byte 1: unexpected end of data'],
  ['ff0f', 'byte 2: unexpected end of data'],
  ['ff0f49', 'byte 3: unexpected end of data'],
  ['ff0f49808080808001', 'varint is longer than 5 bytes'],
  ['ff0f55ffffffff1f', 'varint does not fit in 32 bits'],
  ['ff0f220561', 'length 5 exceeds the 1 bytes that remain'],
  ['ff0f6303000000', 'two-byte string has an odd byte length 3'],
  ['ff0f6f5f', 'a property key must be a string or a number'],
  ['ff0f6f7b01', 'object ends claiming 1 properties but has 0'],
  ['ff0f410024000001', 'unexpected bytes after the complete value'],
  ['ff0f4100240100', 'array ends claiming 1 properties and length 0 but has 0 and 0'],
  ['ff0f610124000001', "a property key must be a string or a number, found tag '$' (0x24)"],
  ['ff0f6101400002', 'array ends claiming 0 properties and length 2 but has 0 and 1'],
  ['ff0f4110', 'dense array length 16 exceeds'],
  ['ff0f3b3a01', 'Map or Set ends claiming 1 values but has 0'],
  ['ff0f3b49023a01', "unexpected tag ':' (0x3a)"],
  ['ff0f272c01', 'Map or Set ends claiming 1 values but has 0'],
  ['ff0f7201', 'unknown Error field tag 1'],
  ['ff0f72808001', 'unknown Error field tag 16384'],
  ['ff0f726d4902', "an Error's message must be a string, found tag 'I' (0x49)"],
  ['ff0f7273490200', "an Error's stack must be a string"],
  ['ff0f72635e00', 'reference to object 0 before its deserialization finished'],
  ['ff0f72542e', null],
  ['ff0f72526d22016163492e', 'byte 11: unexpected end of data'],
  ['ff0f5e05', 'reference to object 5, which has not been read'],
  ['ff0f2d', 'a hole outside a dense array'],
  ['ff0f410149022d24000002', "a property key must be a string or a number, found tag '-' (0x2d)"],
  ['ff0f41022d4902240002', null],
  ['ff0f56', 'an ArrayBufferView that does not follow an ArrayBuffer'],
  ['ff0f70', 'shared objects (shared structs) are not supported'],
  ['ff0f77', 'WebAssembly modules and memories are not supported'],
  ['ff0f6d', 'WebAssembly modules and memories are not supported'],
  ['ff0f57', 'WebAssembly modules and memories are not supported'],
  ['ff0f01', 'unexpected tag 0x01 where a value should start'],
  ['ff0f7e0501', 'resizable ArrayBuffer byte length 5 exceeds its maxByteLength 1'],
  ['ff0f7e02040000', null],
  ['ff0f740000', 'transferred ArrayBuffer 0 is not in the transfer list of 0'],
  ['ff0f7500', 'SharedArrayBuffer 0 is not among the 0 shared buffers'],
  ['ff0f5c0d', 'unknown host object (not a Node ArrayBufferView type index: 13)'],
  ['ff0f5c030100', 'Int16Array byte length 1 is not a multiple of 2'],
  ['ff0f5c01020102', null],
  ['ff0f5c0a020102', null],
  ['ff0f5c010501', 'length 5 exceeds the 1 bytes that remain'],
  ['ff0f420000560100', "unknown ArrayBufferView subtag 0x01"],
  ['ff0f42020000564200040000', 'Uint8Array (offset 0, length 4) lies outside its 2-byte buffer'],
  ['ff0f420400000000567701020000', 'Int16Array offset 1 and length 2 must be multiples of 2'],
  ['ff0f7e020400005642000200', 'a view of a resizable ArrayBuffer must have the backed-by-resizable flag'],
  ['ff0f7e020400005642000002', null],
  ['ff0f4202000056420002020000', 'the backed-by-resizable flag is set but the buffer is not resizable'],
  ['ff0f420200005642000201', 'a length-tracking view needs a resizable buffer'],
  ['ff0d420200005642000200', null],
  ['ff0f4202000056', 'byte 7: unexpected end of data'],
  ['ff0f42020000003f5e00', 'byte 7: unexpected bytes after the complete value'],
  ['ff0f6f2201614202000056420002007b01', null],
  ['ff0f6f220161420200002201625e01563f00017b02', 'the backed-by-resizable flag is set but the buffer is not resizable'],
  ['ff0f6f220161420200002201625e01563f0000007b02', null],
  ['ff0f52220161', 'byte 6: unexpected end of data'],
  ['ff0f5222016140', "the RegExp 'l' (linear) flag is not supported"],
  ['ff0f522201619002', "a RegExp cannot have both the 'u' and 'v' flags"],
  ['ff0f5222016180040', 'unknown RegExp flag bits 0x200'],
  ['ff0f52490001', "a RegExp's source must be a string"],
  ['ff0f734900', "a String object's value must be a string"],
  ['ff0f73220161', null],
  ['ff0f5f5f', 'byte 3: unexpected bytes after the complete value'],
  ['ff0f5f0000', null],
  ['ff0f3f015f', null],
  ['ff0f3f', 'byte 3: unexpected end of data'],
  ['ff0f5302c3a9', null],
  ['ff0f5303c3a9ff', null],
  ['ff0f5a10ffffffffffffffff', null],
  ['ff0f5a110100000000000000', null],
  ['ff0f5a0100', null],
  ['ff0f5a09', 'length 4 exceeds the 0 bytes that remain'],
  ['ff0f7a1001000000000000ff', null],
  ['ff0f44000000000000f87f', null],
  ['ff0f4400000000', 'length 8 exceeds the 4 bytes that remain'],
  ['ff0f6e0000000000000000', null],
  ['ff0f79', null],
  ['ff0f78', null],
  ['ff0f00630200e9', null],
  ['ff0f6f4e000000000000f87f220141220576616c75655f7b02', null],
  ['ff0f6f4e000000000000f87f220141220576616c7566', "a serializable object's second key must be \"value\""],
  ['ff0f6f4e000000000000f87f220141220576616c75655f7b03', 'a serializable object (NaN-keyed) must have exactly'],
  ['ff0f6f4e000000000000f87f220141220576616c75655f5f', 'a serializable object (NaN-keyed) must have exactly'],
  ['ff0f6f4e000000000000f87f220141220576616c75655e00', 'reference to object 0 before its deserialization finished'],
  ['ff0f6f4e000000000000f87f4902', "a serializable object's class name must be a string"],
  ['ff0f6f4e000000000000f87f', 'unexpected end of data'],
  ['ff0f6f4e0000000000000000490149027b01', "unexpected tag '{' (0x7b) where a value should start"],
  ['ff0f6f4e0000000000000000', 'byte 12: unexpected end of data'],
  ['ff0f6f4e000000', 'length 8 exceeds the 3 bytes that remain'],
  ['ff0f6f55ffffffff0f5f7b01', null],
  ['ff0f3b5f5f3a02', null],
  ['ff0f275f2c01', null],
  ['ff0f6f2201615e007b01', null],
];

test('every way of rejecting bytes: the Rust codec’s DataCloneError, at the same byte', () => {
  const messages = new Set();
  for (const [hex, fragment] of HOSTILE) {
    const clean = hex.replace(/[^0-9a-f]/g, '');
    const bytes = Uint8Array.from(clean.match(/../g) ?? [], (pair) => parseInt(pair, 16));
    const result = assertSameReading(bytes);
    if (fragment === null) {
      assert.ok(result.ok, `${clean} is accepted (${result.message})`);
    } else if (result.ok) {
      assert.fail(`${clean} should be rejected with "${fragment}"`);
    } else {
      assert.ok(result.message.includes(fragment), `${clean}: "${result.message}" should say "${fragment}"`);
      messages.add(result.message.replace(/^invalid serialized data at byte \d+: /, '').replace(/\d+/g, 'N'));
    }
    // Through the package too: the same error, or the value the op stream describes.
    const packaged = outcome(() => weft.deserialize(bytes));
    if (!result.ok) assert.equal(packaged.message, result.message, clean);
  }
  assert.ok(messages.size >= 40, `${messages.size} distinct problems reached`);
});

test('out-of-band references: counts bound transferred and shared buffer indices alike', () => {
  for (const hex of ['ff0f7400', 'ff0f7401', 'ff0f7500', 'ff0f7501', 'ff0f74005642000000', 'ff0f75005644000400']) {
    const bytes = Uint8Array.from(hex.match(/../g), (pair) => parseInt(pair, 16));
    for (const count of [0, 1, 2]) assertSameReading(bytes, count, count);
  }
});

test('serializing for storage, and values V8 cannot write: the Rust codec’s DataCloneError', () => {
  const cases = [
    // A transferred buffer (TransferredArrayBuffer 0, as the walker emits it with a transfer
    // list), a Uint8Array View over one, and a SharedArrayBuffer, each for storage.
    [[24, 0], []],
    [[25, 1, 0, 2, 0, 24, 0], []],
    [[23, 0], []],
  ];
  for (const [code, values] of cases) {
    const js = outcome(() => writeWire(code, values, true));
    const rust = outcome(() => rustSerialize(code, values, true));
    assert.deepEqual(js, rust);
    assert.equal(js.name, 'DataCloneError');
    assert.deepEqual(outcome(() => writeWire(code, values, false)).ok, rustSerialize(code, values, false));
  }
  // An Error whose cause is the Error itself.
  const error = new Error('e');
  error.cause = error;
  const { code, values } = opsOf(error);
  assert.deepEqual(outcome(() => writeWire(code, values, false)), outcome(() => rustSerialize(code, values, false)));
  // Views over shared buffers, BigInts and strings of every width, keys that are array indices.
  const shared = new SharedArrayBuffer(8);
  const rich = {
    4294967294: 1,
    4294967295: 2,
    '01': 3,
    '': [new Int32Array(shared, 4, 1), new Uint8Array(shared), -(2n ** 200n), 0n, 'é', '€', 'a'.repeat(70), '€'.repeat(70), 'é'.repeat(70)],
  };
  const ops = serializeInternal(rich, { __proto__: null, forBytes: true, forStorage: false });
  assert.deepEqual(writeWire(ops.code, ops.values, false), rustSerialize(ops.code, ops.values, false));
  assert.deepEqual(outcome(() => writeWire(ops.code, ops.values, true)), outcome(() => rustSerialize(ops.code, ops.values, true)));
});

test('large values (the writer’s own buffer becomes the result): the Rust codec’s bytes, and no sharing between calls', () => {
  const big = { a: new Float64Array(300_000).map((_, i) => i / 7), s: 'x'.repeat(5000), b: new Uint8Array(1_500_000).fill(7) };
  const { code, values } = opsOf(big);
  const first = writeWire(code, values, false);
  assert.deepEqual(first, rustSerialize(code, values, false));
  const copy = first.slice();
  const second = weft.serialize({ other: new Uint8Array(3_000_000).fill(9) });
  assert.deepEqual(first, copy);
  assert.equal(second.length > 3_000_000, true);
  assertSameClone(weft.deserialize(first), structuredClone(big));
  assertSameReading(first);
});

test('without Node’s Buffer (browsers): the same bytes and the same readings', async () => {
  const { spawnSync } = await import('node:child_process');
  const script = `
    const { readWire, writeWire } = await import(${JSON.stringify(new URL('../../js/structured-clone/wire.js', import.meta.url).href)});
    const { serializeInternal } = await import(${JSON.stringify(new URL('../../js/structured-clone/walker.js', import.meta.url).href)});
    const { corpus } = await import(${JSON.stringify(new URL('./structured-clone-codec.test.mjs', import.meta.url).href.replace('codec.test', 'arbitraries'))});
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256');
    let count = 0;
    for (const value of corpus()) {
      count++;
      const ops = serializeInternal(value, { __proto__: null, forBytes: true });
      const bytes = writeWire(ops.code, ops.values, false);
      const read = readWire(bytes, 0, 0);
      hash.update(JSON.stringify([Array.from(bytes), Array.from(read.code), Array.from(read.values, (v) => (typeof v === 'object' ? Array.from(new Uint8Array(v)) : typeof v === 'bigint' ? String(v) + 'n' : Object.is(v, -0) ? '-0' : v))]));
    }
    console.log(count, hash.digest('hex'));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', `delete globalThis.Buffer; ${script}`], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const withBuffer = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(withBuffer.status, 0, withBuffer.stderr);
  assert.equal(run.stdout, withBuffer.stdout);
  assert.ok(Number(run.stdout.split(' ')[0]) >= 200, run.stdout);
});
