// forgiving-base64's host paths (js/base64.js): Buffer's base64 and Latin1 primitives in Node
// and Bun, the TC39 Uint8Array.fromBase64/toBase64, the host's atob/btoa, each used only if it
// passes the load-time probes; js/base64.js's own codec otherwise and for every error. Each test
// loads a fresh copy of the web build with the host's globals arranged so that one path is taken
// (spies prove it) and checks it against a copy that has only that codec, which is itself checked
// against the Infra algorithm written out below.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';

// The ES module that browsers, bundlers and Deno load.
const webUrl = new URL('base64.js', import.meta.resolve('webweft/package.json')).href;
const bufferMethods = ['base64Slice', 'base64Write', 'latin1Slice', 'latin1Write'];

/** A fresh instance of the web build, loaded while `arrange()` has changed the host's globals. */
async function loadWith(tag, arrange) {
  const saved = ['Buffer', 'atob', 'btoa'].map((name) => [globalThis, name, Object.getOwnPropertyDescriptor(globalThis, name)]);
  saved.push([Uint8Array, 'fromBase64', Object.getOwnPropertyDescriptor(Uint8Array, 'fromBase64')]);
  saved.push([Uint8Array.prototype, 'toBase64', Object.getOwnPropertyDescriptor(Uint8Array.prototype, 'toBase64')]);
  for (const name of bufferMethods) saved.push([Buffer.prototype, name, Object.getOwnPropertyDescriptor(Buffer.prototype, name)]);
  try {
    arrange();
    return await import(`${webUrl}?base64-${tag}`);
  } finally {
    for (const [target, name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(target, name, descriptor);
      else delete target[name];
    }
  }
}

// Node loads fetch's implementation when the glue first looks at Response; it needs Buffer.
void globalThis.Response;
const removeHostBase64 = () => {
  delete globalThis.Buffer;
  delete globalThis.atob;
  delete globalThis.btoa;
  delete Uint8Array.fromBase64;
  delete Uint8Array.prototype.toBase64;
};
const codecOnly = await loadWith('codec-only', removeHostBase64);

const outcome = (fn) => {
  try {
    return { value: fn() };
  } catch (error) {
    return { error: `${error.name}: ${error.message}` };
  }
};

/** All four functions agree with the codec-only build on generated input, errors included. */
function assertSameAsCodec(weft) {
  const base64ish = fc.string({
    unit: fc.constantFrom(...'AQZaz09+/=== \t\n\f\r\v-_*.\u00a0\u00ff\u0141\uD800\0'.split('')),
    maxLength: 24,
  });
  fc.assert(
    fc.property(fc.oneof(base64ish, fc.string({ unit: 'binary', maxLength: 20 })), (input) => {
      for (const name of ['atob', 'btoa', 'base64Decode']) {
        assert.deepEqual(
          outcome(() => weft[name](input)),
          outcome(() => codecOnly[name](input)),
          `${name}(${JSON.stringify(input)})`,
        );
      }
    }),
    { numRuns: 3000 },
  );
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
      const encoded = weft.base64Encode(bytes);
      assert.equal(encoded, codecOnly.base64Encode(bytes));
      assert.deepEqual(weft.base64Decode(encoded), bytes);
      assert.equal(weft.atob(encoded), String.fromCharCode(...bytes));
    }),
    { numRuns: 1000 },
  );
  // A detached buffer has no bytes; a long input with line breaks is decoded whole.
  const view = new Uint8Array(4);
  structuredClone(view.buffer, { transfer: [view.buffer] });
  assert.equal(weft.base64Encode(view), '');
  const long = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 2654435761) >>> 24);
  const wrapped = Buffer.from(long).toString('base64').replace(/.{76}/g, '$&\r\n');
  assert.deepEqual(weft.base64Decode(wrapped), long);
}

/** Infra forgiving-base64 decode, step by step: bytes, or null for failure. */
function infraDecode(data) {
  data = data.replace(/[\t\n\f\r ]/g, ''); // 1
  if (data.length % 4 === 0) data = data.replace(/==?$/, ''); // 2
  if (data.length % 4 === 1 || /[^+/0-9A-Za-z]/.test(data)) return null; // 3, 4
  const bytes = [];
  let buffer = 0;
  let bits = 0;
  for (const char of data) {
    buffer = (buffer << 6) | 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return bytes;
}

test('the codec without any host path is the Infra and HTML algorithms, errors included', () => {
  const base64ish = fc.string({
    unit: fc.constantFrom(...'AQZaz09+/=== \t\n\f\r\v-_*.\u00a0\u00ff\u0141\uD800\0'.split('')),
    maxLength: 24,
  });
  fc.assert(
    fc.property(fc.oneof(base64ish, fc.string({ unit: 'binary', maxLength: 20 })), (input) => {
      const expected = infraDecode(input);
      const invalid = { name: 'InvalidCharacterError', constructor: DOMException };
      if (expected === null) {
        assert.throws(() => codecOnly.atob(input), { ...invalid, message: 'atob: the string is not valid base64' });
        assert.throws(() => codecOnly.base64Decode(input), {
          ...invalid,
          message: 'base64Decode: the string is not valid base64',
        });
      } else {
        assert.equal(codecOnly.atob(input), String.fromCharCode(...expected));
        assert.deepEqual([...codecOnly.base64Decode(input)], expected);
      }
      if (/[^\0-\xff]/.test(input)) {
        assert.throws(() => codecOnly.btoa(input), {
          ...invalid,
          message: 'btoa: the string contains a character outside the Latin1 range (above U+00FF)',
        });
      } else {
        assert.equal(codecOnly.btoa(input), Buffer.from(input, 'latin1').toString('base64'));
      }
    }),
    { numRuns: 5000 },
  );
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) =>
      assert.equal(codecOnly.base64Encode(bytes), Buffer.from(bytes).toString('base64')),
    ),
    { numRuns: 2000 },
  );
});

function spyOn(target, names, calls) {
  for (const name of names) {
    const original = target[name];
    calls[name] = 0;
    target[name] = function (...args) {
      calls[name]++;
      return original.apply(this, args);
    };
  }
}

test('Node and Bun: Buffer base64Write/base64Slice/latin1Slice/latin1Write', async () => {
  const calls = {};
  const weft = await loadWith('buffer', () => spyOn(Buffer.prototype, bufferMethods, calls));
  const before = { ...calls };
  assert.equal(weft.atob('QUJD'), 'ABC');
  assert.equal(weft.btoa('\xffA'), '/0E=');
  assert.deepEqual([...weft.base64Decode(' QU\nJD ')], [65, 66, 67]);
  assert.equal(weft.base64Encode(new Uint8Array([1, 2, 3])), 'AQID');
  const used = Object.fromEntries(bufferMethods.map((name) => [name, calls[name] - before[name]]));
  // base64Decode with whitespace: a first try, then without the whitespace.
  assert.deepEqual(used, { base64Slice: 2, base64Write: 3, latin1Slice: 1, latin1Write: 1 });
  // Decoded into memory that is not zeroed first (Buffer.allocUnsafeSlow's), all of it written:
  // a plain Uint8Array over an ArrayBuffer of exactly its bytes.
  for (const [input, length] of [
    ['QUJD', 3],
    ['QUI', 2],
    [Buffer.alloc(5000, 7).toString('base64'), 5000],
  ]) {
    const decoded = weft.base64Decode(input);
    assert.equal(Object.getPrototypeOf(decoded), Uint8Array.prototype);
    assert.deepEqual([decoded.byteOffset, decoded.length, decoded.buffer.byteLength], [0, length, length]);
  }
  assertSameAsCodec(weft);
});

test('a Buffer.allocUnsafeSlow that hands out part of a larger buffer is not used', async () => {
  const allocUnsafeSlow = Object.getOwnPropertyDescriptor(Buffer, 'allocUnsafeSlow');
  let weft;
  try {
    // A pool's slice: the rest of its ArrayBuffer holds other bytes.
    Buffer.allocUnsafeSlow = (size) => Buffer.from(new Uint8Array(size + 64).fill(0xaa).buffer, 32, size);
    weft = await loadWith('pooled', () => {});
  } finally {
    Object.defineProperty(Buffer, 'allocUnsafeSlow', allocUnsafeSlow);
  }
  const decoded = weft.base64Decode('QUJD');
  assert.deepEqual([...decoded], [65, 66, 67]);
  assert.equal(decoded.buffer.byteLength, 3);
  assertSameAsCodec(weft);
});

test('without Buffer: the host atob/btoa where they pass the probes (Chromium tests Uint8Array.fromBase64/toBase64)', async () => {
  const calls = { atob: 0, btoa: 0 };
  const hostAtob = globalThis.atob;
  const hostBtoa = globalThis.btoa;
  const weft = await loadWith('host', () => {
    delete globalThis.Buffer;
    globalThis.atob = (data) => (calls.atob++, hostAtob(data));
    globalThis.btoa = (data) => (calls.btoa++, hostBtoa(data));
  });
  const before = { ...calls };
  assert.equal(weft.atob(' QUJD'), 'ABC');
  assert.equal(weft.btoa('\xff'), '/w==');
  assert.deepEqual([calls.atob - before.atob, calls.btoa - before.btoa], [1, 1]);
  assertSameAsCodec(weft);
});

test('host codecs that fail a probe are never used', async () => {
  const calls = { fromBase64: 0, toBase64: 0, atob: 0, btoa: 0, base64Write: 0 };
  const hostAtob = globalThis.atob;
  const weft = await loadWith('broken', () => {
    // Decodes base64url's '-' and '_' and ignores what it does not know, like Buffer.from.
    Uint8Array.fromBase64 = (data) => (calls.fromBase64++, new Uint8Array(Buffer.from(data, 'base64')));
    Uint8Array.prototype.toBase64 = function () {
      calls.toBase64++;
      return Buffer.from(this).toString('base64url');
    };
    // Accepts "QQ=" (a length that is not a multiple of four with padding).
    globalThis.atob = (data) => (calls.atob++, hostAtob(data.replace(/=+$/, '')));
    globalThis.btoa = (data) => (calls.btoa++, Buffer.from(data, 'latin1').toString('base64'));
    // A decoder that takes '*' for 'A'.
    const { base64Write } = Buffer.prototype;
    Buffer.prototype.base64Write = function (string, ...rest) {
      calls.base64Write++;
      return base64Write.call(this, string.replaceAll('*', 'A'), ...rest);
    };
  });
  const before = { ...calls };
  assert.equal(weft.atob('QUJD'), 'ABC');
  assert.equal(weft.btoa('A'), 'QQ==');
  assert.deepEqual([...weft.base64Decode('QUJD')], [65, 66, 67]);
  assert.equal(weft.base64Encode(new Uint8Array([0xfb, 0xff])), '+/8=');
  assert.deepEqual(Object.fromEntries(Object.keys(calls).map((name) => [name, calls[name] - before[name]])), {
    fromBase64: 0,
    toBase64: 0,
    atob: 0,
    btoa: 0,
    base64Write: 0,
  });
  assertSameAsCodec(weft);
});
