// The playground's base64 panel, driven like a person would.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { usePlayground } from './helpers.mjs';

const openPanel = usePlayground();

test('base64 panel encodes as you type, decodes back, and shows errors', async () => {
  const page = await openPanel('base64');
  await page.fill('#b64-text', 'weft ✓');
  assert.equal(await page.inputValue('#b64-encoded'), Buffer.from('weft ✓').toString('base64'));

  await page.fill('#b64-encoded', ' aGVs bG8 ');
  assert.equal(await page.inputValue('#b64-text'), 'hello');

  await page.selectOption('#b64-mode', 'latin1');
  await page.fill('#b64-text', 'Ā');
  assert.match(await page.textContent('#b64-error'), /^InvalidCharacterError: /);

  await page.fill('#b64-encoded', 'a');
  assert.match(await page.textContent('#b64-error'), /^InvalidCharacterError: /);
  await page.fill('#b64-encoded', '/w==');
  assert.equal(await page.inputValue('#b64-text'), '\u00ff');
  assert.equal(await page.textContent('#b64-error'), '');
});

test("in Chromium, forgiving-base64 takes Uint8Array.fromBase64/toBase64 and atob/btoa, and agrees with Chromium's own atob/btoa", async () => {
  const page = await openPanel('base64');
  const result = await page.evaluate(async () => {
    const calls = { fromBase64: 0, toBase64: 0, atob: 0, btoa: 0 };
    const [nativeAtob, nativeBtoa] = [atob, btoa];
    const originals = { fromBase64: Uint8Array.fromBase64, toBase64: Uint8Array.prototype.toBase64 };
    // weft captures the host's codecs at load: a fresh instance, loaded with spies in place.
    Uint8Array.fromBase64 = function (...args) {
      calls.fromBase64++;
      return originals.fromBase64.apply(this, args);
    };
    Uint8Array.prototype.toBase64 = function (...args) {
      calls.toBase64++;
      return originals.toBase64.apply(this, args);
    };
    globalThis.atob = (data) => (calls.atob++, nativeAtob(data));
    globalThis.btoa = (data) => (calls.btoa++, nativeBtoa(data));
    const spied = await import('/pkg/base64.js?spied');
    Object.assign(globalThis, { atob: nativeAtob, btoa: nativeBtoa });
    Uint8Array.fromBase64 = originals.fromBase64;
    Uint8Array.prototype.toBase64 = originals.toBase64;
    const before = { ...calls };
    spied.base64Decode(' QUJD');
    spied.base64Encode(new Uint8Array([1]));
    spied.atob('QQ');
    spied.btoa('A');
    const used = Object.fromEntries(Object.keys(calls).map((name) => [name, calls[name] - before[name]]));
    // Against Chromium's atob on inputs of base64's characters, whitespace and others.
    const outcome = (fn) => {
      try {
        const value = fn();
        return `value ${typeof value === 'string' ? value : String.fromCharCode(...value)}`;
      } catch (error) {
        return `error ${error.name}`;
      }
    };
    const units = 'AQZaz09+/=== \t\n\f\r\v-_*\u00a0\u00ff\u0141\uD800';
    let seed = 7;
    const mismatches = [];
    for (let run = 0; run < 20000; run++) {
      let input = '';
      for (let n = (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 13; n > 0; n--) {
        input += units[(seed = (seed * 1103515245 + 12345) & 0x7fffffff) % units.length];
      }
      const expected = outcome(() => nativeAtob(input));
      if (outcome(() => spied.atob(input)) !== expected || outcome(() => spied.base64Decode(input)) !== expected)
        mismatches.push(input);
      if (expected.startsWith('value ')) {
        const decoded = expected.slice(6);
        const raw = Uint8Array.from(decoded, (c) => c.charCodeAt(0));
        if (spied.base64Encode(raw) !== nativeBtoa(decoded) || spied.btoa(decoded) !== nativeBtoa(decoded))
          mismatches.push(`encode ${input}`);
      }
      if (outcome(() => spied.btoa(input)) !== outcome(() => nativeBtoa(input))) mismatches.push(`btoa ${input}`);
    }
    return { used, mismatches: mismatches.slice(0, 5), error: outcome(() => spied.base64Decode('QQ=')) };
  });
  assert.deepEqual(result.used, { fromBase64: 1, toBase64: 1, atob: 1, btoa: 1 }, JSON.stringify(result));
  assert.deepEqual(result.mismatches, []);
  assert.equal(result.error, 'error InvalidCharacterError');
});

test("in Chromium, ES2026's fromBase64, toBase64, setFromBase64 and the hex ones take Chromium's methods and agree with them", async () => {
  const page = await openPanel('base64');
  const result = await page.evaluate(async () => {
    const names = ['fromBase64', 'fromHex', 'toBase64', 'toHex', 'setFromBase64', 'setFromHex'];
    const statics = new Set(['fromBase64', 'fromHex']);
    const calls = Object.fromEntries(names.map((name) => [name, 0]));
    const originals = Object.fromEntries(
      names.map((name) => [name, (statics.has(name) ? Uint8Array : Uint8Array.prototype)[name]]),
    );
    // weft captures the host's methods at load: a fresh instance, loaded with spies in place.
    for (const name of names) {
      (statics.has(name) ? Uint8Array : Uint8Array.prototype)[name] = function (...args) {
        calls[name]++;
        return originals[name].apply(this, args);
      };
    }
    const spied = await import('/pkg/base64.js?es2026-spied');
    for (const name of names) (statics.has(name) ? Uint8Array : Uint8Array.prototype)[name] = originals[name];
    const before = { ...calls };
    spied.fromBase64('QUJD');
    spied.fromHex('00');
    spied.toBase64(new Uint8Array(1));
    spied.toHex(new Uint8Array(1));
    spied.setFromBase64(new Uint8Array(3), 'QUJD');
    spied.setFromHex(new Uint8Array(1), '00');
    const used = Object.fromEntries(names.map((name) => [name, calls[name] - before[name]]));
    // Against Chromium's own methods, on generated input, every option and short targets.
    const outcome = (fn) => {
      try {
        return JSON.stringify(fn());
      } catch (error) {
        return `error ${error.name}`;
      }
    };
    const units = 'AQZaz09+/-_=== \t\n\f\r\v*\u00a0\u0141\uD800';
    const hexUnits = '0aF9fg \u0130';
    let seed = 11;
    const random = (n) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
    const mismatches = [];
    for (let run = 0; run < 20000; run++) {
      let input = '';
      for (let n = random(14); n > 0; n--) input += units[random(units.length)];
      const options = {
        alphabet: ['base64', 'base64url', undefined][random(3)],
        lastChunkHandling: ['loose', 'strict', 'stop-before-partial', undefined][random(4)],
      };
      if (outcome(() => [...spied.fromBase64(input, options)]) !== outcome(() => [...Uint8Array.fromBase64(input, options)]))
        mismatches.push(`fromBase64 ${JSON.stringify([input, options])}`);
      const length = random(8);
      const [ours, theirs] = [new Uint8Array(length).fill(7), new Uint8Array(length).fill(7)];
      const set = [outcome(() => spied.setFromBase64(ours, input, options)), outcome(() => theirs.setFromBase64(input, options))];
      if (set[0] !== set[1] || ours.join() !== theirs.join())
        mismatches.push(`setFromBase64 ${JSON.stringify([length, input, options])}`);
      let hex = '';
      for (let n = random(8); n > 0; n--) hex += hexUnits[random(hexUnits.length)];
      if (outcome(() => [...spied.fromHex(hex)]) !== outcome(() => [...Uint8Array.fromHex(hex)]))
        mismatches.push(`fromHex ${hex}`);
      const [oursHex, theirsHex] = [new Uint8Array(length).fill(7), new Uint8Array(length).fill(7)];
      if (
        outcome(() => spied.setFromHex(oursHex, hex)) !== outcome(() => theirsHex.setFromHex(hex)) ||
        oursHex.join() !== theirsHex.join()
      )
        mismatches.push(`setFromHex ${JSON.stringify([length, hex])}`);
      const bytes = Uint8Array.from({ length: random(10) }, () => random(256));
      const encodeOptions = { alphabet: options.alphabet, omitPadding: random(2) === 1 };
      if (spied.toBase64(bytes, encodeOptions) !== bytes.toBase64(encodeOptions) || spied.toHex(bytes) !== bytes.toHex())
        mismatches.push(`encode ${bytes.join()}`);
    }
    return { used, mismatches: mismatches.slice(0, 5) };
  });
  assert.deepEqual(
    result.used,
    { fromBase64: 1, fromHex: 1, toBase64: 1, toHex: 1, setFromBase64: 1, setFromHex: 1 },
    JSON.stringify(result),
  );
  assert.deepEqual(result.mismatches, []);
});
