// The package's wire-format codec (js/structured-clone/wire.js) against bytes Node's own V8 wrote
// (tests/fixtures/clone/v8-fixtures.json, made by gen.mjs, which derives each fixture's op stream
// from the value, not from the bytes): reading gives the fixture's op stream, writing that op
// stream gives Node's bytes (or the documented `weftHex`), weft reads its own bytes back to the
// same op stream, and V8 reads weft's bytes as it reads its own.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import v8 from 'node:v8';
import * as weft from 'webweft';
import { readWire, writeWire } from '../../js/structured-clone/wire.js';
import { assertSameClone } from './structured-clone-compare.mjs';
import { fromHex, jsonToOps, opsToJson, toHex } from './structured-clone-ops-json.mjs';

const { fixtures } = JSON.parse(readFileSync(new URL('../fixtures/clone/v8-fixtures.json', import.meta.url), 'utf8'));

/**
 * The "v8" fixtures (V8's own view form, from v8.Serializer) whose view weft writes as Node's
 * host object: the package's writer has only Node's view encoding (DefaultSerializer's), which
 * it uses whenever that loses nothing — a view of a whole fixed-length buffer that nothing else
 * refers to. The bytes are what Node's v8.serialize writes for the same value (a Uint8Array:
 * host type index 1, then the byte length and the bytes); V8 reads them to the same value
 * (checked below with every fixture).
 */
const HOST_FORM = {
  'empty Uint8Array (v8)': 'ff0f5c0100',
  'whole-buffer Uint8Array (v8)': 'ff0f5c01080102030405060708',
  // The second element refers back to the view (wire id 1: the host object).
  'same view twice (v8)': 'ff0f41025c0101055e01240002',
  // v8.Serializer writes a Buffer as the Uint8Array it is to V8.
  'Buffer (unpooled) (v8)': 'ff0f5c0103070707',
};

test('V8 fixtures: Node’s bytes read as the fixture’s op stream, which writes Node’s bytes back', () => {
  const failures = [];
  let byteIdentical = 0;
  const hostForm = new Set();
  for (const fixture of fixtures) {
    const { name, hex, ops } = fixture;
    // 1. Node's bytes read as the expected op stream.
    try {
      assert.deepEqual(opsToJson(readWire(fromHex(hex), 0, 0)), ops);
    } catch (error) {
      failures.push(`${name}: read: ${error.message}`);
    }
    // 2. The op stream writes Node's bytes, or weft's documented representation.
    const want = fixture.weftHex ?? HOST_FORM[name] ?? hex;
    if (HOST_FORM[name] !== undefined) hostForm.add(name);
    let bytes;
    try {
      const { code, values } = jsonToOps(ops);
      bytes = writeWire(code, values, false);
    } catch (error) {
      failures.push(`${name}: write failed: ${error.message}`);
      continue;
    }
    if (toHex(bytes) !== want) {
      failures.push(`${name}: wrote\n  got      ${toHex(bytes)}\n  expected ${want}`);
      continue;
    }
    if (toHex(bytes) === hex) byteIdentical++;
    // 3. weft reads its own bytes back to the same op stream.
    try {
      assert.deepEqual(opsToJson(readWire(bytes, 0, 0)), ops);
    } catch (error) {
      failures.push(`${name}: round trip: ${error.message}`);
    }
  }
  assert.deepEqual(failures, []);
  assert.deepEqual([...hostForm].sort(), Object.keys(HOST_FORM).sort(), 'every HOST_FORM entry names a fixture');
  assert.ok(fixtures.length > 100, `${fixtures.length} fixtures`);
  // Every fixture but the documented ones: Node's very bytes.
  assert.equal(byteIdentical, fixtures.length - 2 - Object.keys(HOST_FORM).length);
  assert.ok(
    fixtures.filter((f) => f.weftHex !== undefined).every((f) => typeof f.weftReason === 'string'),
    'each weftHex says why',
  );
});

/** What V8 (the running Node's) makes of `bytes`: { value } or { error }. */
function v8Reading(bytes) {
  try {
    return { value: v8.deserialize(bytes) };
  } catch (error) {
    return { error: error.message };
  }
}

test('V8 fixtures: Node reads what weft writes as it reads its own bytes, and weft reads Node’s bytes as Node does', () => {
  const unreadable = [];
  for (const { name, hex, ops } of fixtures) {
    const { code, values } = jsonToOps(ops);
    const fromWeft = v8Reading(writeWire(code, values, false));
    const fromNode = v8Reading(Buffer.from(hex, 'hex'));
    if (fromNode.error !== undefined) {
      // V8 12 and later (Node 22 on) read an Error's stack only before its cause, as they
      // write it (weft's walker does too on those hosts: intrinsics.js STACK_BEFORE_CAUSE); the
      // fixtures come from Node 20, whose V8 wrote the cause first. Such a V8 refuses weft's
      // bytes for the same op stream alike, and weft reads both orders (the test above).
      assert.equal(fromWeft.error, fromNode.error, name);
      unreadable.push(name);
      continue;
    }
    try {
      // (Node reads a view over its copy of the input: views are compared by content.)
      assert.equal(fromWeft.error, undefined, 'V8 refuses weft’s bytes');
      assertSameClone(fromWeft.value, fromNode.value, { viewsByContent: true });
      assertSameClone(weft.deserialize(fromHex(hex)), v8.deserialize(Buffer.from(hex, 'hex')), { viewsByContent: true });
    } catch (error) {
      error.message = `${name}: ${error.message}`;
      throw error;
    }
  }
  const causeBeforeStack = fixtures
    .filter(({ ops }) => ops.some(([name], i) => name === 'ErrorCause' && ops.slice(i).some(([later]) => later === 'ErrorStack')))
    .map(({ name }) => name);
  assert.ok(causeBeforeStack.length >= 2);
  if (unreadable.length > 0)
    assert.deepEqual(unreadable, causeBeforeStack, 'V8 refuses only the bytes with an Error’s cause before its stack');
});
