// ES2026 Uint8Array base64 and hex (ECMA-262, "Uint8Array to/from base64 and hex"): webweft/base64's
// fromBase64, toBase64, setFromBase64, fromHex, toHex and setFromHex, and the same as the methods
// installPolyfill puts on Uint8Array (Node 20 and 24 have none). The cases follow the algorithms'
// steps and cover what test262's test/built-ins/Uint8Array/ tests; then differentials against
// core-js-pure's decoders and Buffer's encoders on generated input, through each of the paths
// (Buffer's primitives, the JavaScript codec alone, a host with the methods of its own).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { installPolyfill } from 'webweft';
import * as weft from 'webweft/base64';

const require = createRequire(import.meta.url);
// core-js-pure has no typed-array methods of its own (it cannot patch prototypes), but its
// decoders are its polyfill's: FromBase64 and FromHex. With a target they need core-js's own
// internals (core-js-pure's detachment check is a stub that throws); neither installs anything.
const coreFromBase64 = require('core-js-pure/internals/uint8-from-base64');
const coreFromHex = require('core-js-pure/internals/uint8-from-hex');
const coreFromBase64Into = require('core-js/internals/uint8-from-base64');
const coreFromHexInto = require('core-js/internals/uint8-from-hex');

assert.equal(typeof Uint8Array.fromBase64, 'undefined', 'this Node has no Uint8Array.fromBase64 of its own');
const installed = installPolyfill({
  only: ['Uint8Array.fromBase64', 'Uint8Array.fromHex'].concat(
    ['toBase64', 'toHex', 'setFromBase64', 'setFromHex'].map((name) => `Uint8Array.prototype.${name}`),
  ),
});

// Fresh copies of the web build, loaded while the host's globals are arranged so that one path
// is taken (as in base64-host-paths.test.mjs), before any test runs (tests start as soon as they
// are declared, and these loads take the globals away for a moment).
const webUrl = new URL('base64.js', import.meta.resolve('webweft/package.json')).href;
async function loadWith(tag, arrange) {
  const saved = ['Buffer', 'atob', 'btoa'].map((name) => [globalThis, name, Object.getOwnPropertyDescriptor(globalThis, name)]);
  for (const name of ['fromBase64', 'fromHex']) saved.push([Uint8Array, name, Object.getOwnPropertyDescriptor(Uint8Array, name)]);
  for (const name of ['toBase64', 'toHex', 'setFromBase64', 'setFromHex']) {
    saved.push([Uint8Array.prototype, name, Object.getOwnPropertyDescriptor(Uint8Array.prototype, name)]);
  }
  try {
    arrange();
    return await import(`${webUrl}?uint8array-${tag}`);
  } finally {
    for (const [target, name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(target, name, descriptor);
      else delete target[name];
    }
  }
}
void globalThis.Response;
const withoutHost = () => {
  delete globalThis.Buffer;
  delete globalThis.atob;
  delete globalThis.btoa;
  for (const name of ['fromBase64', 'fromHex']) delete Uint8Array[name];
  for (const name of ['toBase64', 'toHex', 'setFromBase64', 'setFromHex']) delete Uint8Array.prototype[name];
};
const codecOnly = await loadWith('codec-only', withoutHost);
// The installed methods (the codec alone behind them) as the host's own.
const overNative = await loadWith('native', () => {
  const methods = {};
  for (const name of ['fromBase64', 'fromHex', 'toBase64', 'toHex', 'setFromBase64', 'setFromHex'])
    methods[name] = codecOnly[name];
  withoutHost();
  Uint8Array.fromBase64 = (string, options) => methods.fromBase64(string, options);
  Uint8Array.fromHex = (string) => methods.fromHex(string);
  Uint8Array.prototype.toBase64 = function (options) {
    return methods.toBase64(this, options);
  };
  Uint8Array.prototype.toHex = function () {
    return methods.toHex(this);
  };
  Uint8Array.prototype.setFromBase64 = function (string, options) {
    return methods.setFromBase64(this, string, options);
  };
  Uint8Array.prototype.setFromHex = function (string) {
    return methods.setFromHex(this, string);
  };
});

// The two ways to call each: webweft/base64's functions, and the installed methods.
const apis = {
  functions: weft,
  methods: {
    fromBase64: (...args) => Uint8Array.fromBase64(...args),
    fromHex: (...args) => Uint8Array.fromHex(...args),
    toBase64: (bytes, ...args) => Uint8Array.prototype.toBase64.call(bytes, ...args),
    toHex: (bytes) => Uint8Array.prototype.toHex.call(bytes),
    setFromBase64: (into, ...args) => Uint8Array.prototype.setFromBase64.call(into, ...args),
    setFromHex: (into, ...args) => Uint8Array.prototype.setFromHex.call(into, ...args),
  },
};

const bytesOf = (array) => [...array];
const detachedView = () => {
  const buffer = new ArrayBuffer(8);
  const view = new Uint8Array(buffer, 2, 4);
  structuredClone(buffer, { transfer: [buffer] });
  return view;
};

test('installPolyfill installs the six methods, as built-in methods are', () => {
  assert.deepEqual([...installed].sort(), [
    'Uint8Array.fromBase64',
    'Uint8Array.fromHex',
    'Uint8Array.prototype.setFromBase64',
    'Uint8Array.prototype.setFromHex',
    'Uint8Array.prototype.toBase64',
    'Uint8Array.prototype.toHex',
  ]);
  const expected = [
    [Uint8Array, 'fromBase64', 1],
    [Uint8Array, 'fromHex', 1],
    [Uint8Array.prototype, 'toBase64', 0],
    [Uint8Array.prototype, 'toHex', 0],
    [Uint8Array.prototype, 'setFromBase64', 1],
    [Uint8Array.prototype, 'setFromHex', 1],
  ];
  for (const [target, name, length] of expected) {
    const descriptor = Object.getOwnPropertyDescriptor(target, name);
    assert.equal(descriptor.writable, true, `${name} writable`);
    assert.equal(descriptor.enumerable, false, `${name} not enumerable`);
    assert.equal(descriptor.configurable, true, `${name} configurable`);
    assert.equal(descriptor.value.name, name, `${name}.name`);
    assert.equal(descriptor.value.length, length, `${name}.length`);
    assert.throws(() => new descriptor.value(''), TypeError, `${name} is not a constructor`);
  }
  // Installed once: a second call finds them good.
  assert.deepEqual([...installPolyfill({ only: ['Uint8Array.prototype.toHex'] })], []);
});

test('the statics ignore their receiver and always make a plain Uint8Array', () => {
  class Sub extends Uint8Array {}
  for (const result of [Sub.fromBase64('Zm9v'), Uint8Array.fromBase64.call(null, 'Zm9v'), Sub.fromHex('666f6f')]) {
    assert.equal(Object.getPrototypeOf(result), Uint8Array.prototype);
    assert.equal(result.buffer.byteLength, 3, 'a buffer of exactly the bytes');
    assert.deepEqual(bytesOf(result), [0x66, 0x6f, 0x6f]);
  }
  assert.equal(weft.fromBase64('Zm9v ').buffer.byteLength, 3, 'whitespace does not leave room in the buffer');
  assert.equal(weft.fromBase64('Zg==').buffer.byteLength, 1);
});

for (const [api, call] of Object.entries(apis)) {
  describe(`through the ${api}`, () => {
    test('toBase64: RFC 4648 results, each alphabet, with and without padding', () => {
      const cases = [
        [[], '', ''],
        [[0x66], 'Zg==', 'Zg'],
        [[0x66, 0x6f], 'Zm8=', 'Zm8'],
        [[0x66, 0x6f, 0x6f], 'Zm9v', 'Zm9v'],
        [[0x66, 0x6f, 0x6f, 0x62], 'Zm9vYg==', 'Zm9vYg'],
        [[0x66, 0x6f, 0x6f, 0x62, 0x61], 'Zm9vYmE=', 'Zm9vYmE'],
        [[0x66, 0x6f, 0x6f, 0x62, 0x61, 0x72], 'Zm9vYmFy', 'Zm9vYmFy'],
      ];
      for (const [bytes, padded, unpadded] of cases) {
        const u8 = Uint8Array.from(bytes);
        assert.equal(call.toBase64(u8), padded);
        assert.equal(call.toBase64(u8, {}), padded);
        assert.equal(call.toBase64(u8, { omitPadding: false }), padded);
        assert.equal(call.toBase64(u8, { omitPadding: true }), unpadded);
        assert.equal(call.toBase64(u8, { alphabet: 'base64url', omitPadding: true }), unpadded);
      }
      const special = Uint8Array.of(0xfb, 0xff, 0xbf);
      assert.equal(call.toBase64(special), '+/+/');
      assert.equal(call.toBase64(special, { alphabet: 'base64' }), '+/+/');
      assert.equal(call.toBase64(special, { alphabet: 'base64url' }), '-_-_');
      assert.equal(call.toBase64(Uint8Array.of(0xfb), { alphabet: 'base64url' }), '-w==', 'base64url keeps its padding');
      // ToBoolean of omitPadding.
      assert.equal(call.toBase64(Uint8Array.of(0x66), { omitPadding: 'false' }), 'Zg');
      assert.equal(call.toBase64(Uint8Array.of(0x66), { omitPadding: 0 }), 'Zg==');
      // A view's own bytes only.
      assert.equal(call.toBase64(new Uint8Array(Uint8Array.of(1, 0x66, 0x6f, 2).buffer, 1, 2)), 'Zm8=');
    });

    test('toBase64: options are read once each, in order, before the bytes, and never converted', () => {
      const log = [];
      const options = {
        get alphabet() {
          log.push('alphabet');
          return 'base64url';
        },
        get omitPadding() {
          log.push('omitPadding');
          return true;
        },
      };
      assert.equal(call.toBase64(Uint8Array.of(0xfb), options), '-w');
      assert.deepEqual(log, ['alphabet', 'omitPadding']);
      // A function is an object; null and primitives are TypeErrors.
      assert.equal(
        call.toBase64(
          Uint8Array.of(0x66),
          Object.assign(() => {}, { omitPadding: true }),
        ),
        'Zg',
      );
      for (const bad of [null, 'base64', 1, true, Symbol('s')]) {
        assert.throws(() => call.toBase64(new Uint8Array(1), bad), TypeError, `options ${String(bad)}`);
      }
      let toStringCalls = 0;
      const object = { toString: () => (toStringCalls++, 'base64') };
      for (const [i, alphabet] of [object, new String('base64'), 'BASE64', 'base64 ', 'url', null].entries()) {
        assert.throws(() => call.toBase64(new Uint8Array(1), { alphabet }), TypeError, `alphabet ${i}`);
      }
      assert.equal(toStringCalls, 0);
      // The options object's prototype is read (Get), but not Object.prototype without options.
      Object.prototype.alphabet = 'base64url';
      try {
        assert.equal(call.toBase64(Uint8Array.of(0xfb), {}), '-w==');
        assert.equal(call.toBase64(Uint8Array.of(0xfb)), '+w==');
      } finally {
        delete Object.prototype.alphabet;
      }
    });

    test('toHex: lowercase pairs of every byte', () => {
      assert.equal(call.toHex(new Uint8Array(0)), '');
      const all = Uint8Array.from({ length: 256 }, (_, i) => i);
      assert.equal(call.toHex(all), [...all].map((byte) => byte.toString(16).padStart(2, '0')).join(''));
      assert.equal(call.toHex(new Uint8Array(8).fill(255)), 'ffffffffffffffff');
      assert.equal(call.toHex(new Uint8Array(Uint8Array.of(0, 0xab, 0xcd, 0).buffer, 1, 2)), 'abcd');
    });

    test('fromBase64: results, both alphabets, whitespace anywhere outside a chunk', () => {
      const cases = [
        ['', []],
        ['Zg==', [0x66]],
        ['Zm8=', [0x66, 0x6f]],
        ['Zm9v', [0x66, 0x6f, 0x6f]],
        ['Zm9vYmFy', [0x66, 0x6f, 0x6f, 0x62, 0x61, 0x72]],
        [' Z\tm\n9\fv\r ', [0x66, 0x6f, 0x6f]],
        ['Zg = =', [0x66]],
        ['Zg= =\n', [0x66]],
        ['  ', []],
      ];
      for (const [string, bytes] of cases) {
        assert.deepEqual(bytesOf(call.fromBase64(string)), bytes, JSON.stringify(string));
        assert.deepEqual(bytesOf(call.fromBase64(string, { alphabet: 'base64url' })), bytes, `${JSON.stringify(string)} url`);
      }
      assert.deepEqual(bytesOf(call.fromBase64('+/+/')), [0xfb, 0xff, 0xbf]);
      assert.deepEqual(bytesOf(call.fromBase64('-_-_', { alphabet: 'base64url' })), [0xfb, 0xff, 0xbf]);
      for (const string of ['-_-_', 'Zm9-', 'Zm9_']) assert.throws(() => call.fromBase64(string), SyntaxError, string);
      for (const string of ['+/+/', 'Zm9+', 'Zm9/']) {
        assert.throws(() => call.fromBase64(string, { alphabet: 'base64url' }), SyntaxError, string);
      }
      // Not whitespace for base64: U+000B, U+00A0, U+2028, U+FEFF.
      for (const string of ['Zg\v==', 'Zg\u00a0==', 'Zm9v\u2028', '\ufeffZm9v']) {
        assert.throws(() => call.fromBase64(string), SyntaxError, JSON.stringify(string));
      }
      // Anything else outside the alphabet, Latin1 or not, lone surrogates too.
      for (const string of ['Zm9v.', 'Zm*v', '\u00ffZm9', 'Zm9\u0100', 'Zm9\ud800', 'Zm9\0', '%%%%']) {
        assert.throws(() => call.fromBase64(string), SyntaxError, JSON.stringify(string));
      }
    });

    test('fromBase64: each lastChunkHandling on each kind of last chunk', () => {
      // [input, loose, strict, stop-before-partial]: bytes, or SyntaxError.
      const E = SyntaxError;
      const cases = [
        ['Zm9vYg==', [0x66, 0x6f, 0x6f, 0x62], [0x66, 0x6f, 0x6f, 0x62], [0x66, 0x6f, 0x6f, 0x62]],
        ['Zm9vYmE=', [0x66, 0x6f, 0x6f, 0x62, 0x61], [0x66, 0x6f, 0x6f, 0x62, 0x61], [0x66, 0x6f, 0x6f, 0x62, 0x61]],
        // Unpadded partial chunks.
        ['Zm9vYg', [0x66, 0x6f, 0x6f, 0x62], E, [0x66, 0x6f, 0x6f]],
        ['Zm9vYmE', [0x66, 0x6f, 0x6f, 0x62, 0x61], E, [0x66, 0x6f, 0x6f]],
        ['Zm9vY', E, E, [0x66, 0x6f, 0x6f]],
        ['Z', E, E, []],
        // Non-zero padding bits: only strict rejects them.
        ['Zm9vYh==', [0x66, 0x6f, 0x6f, 0x62], E, [0x66, 0x6f, 0x6f, 0x62]],
        ['Zm9vYmF=', [0x66, 0x6f, 0x6f, 0x62, 0x61], E, [0x66, 0x6f, 0x6f, 0x62, 0x61]],
        ['Zm9vYh', [0x66, 0x6f, 0x6f, 0x62], E, [0x66, 0x6f, 0x6f]],
        // One '=' after two characters: a partial padding, which stop-before-partial stops before.
        ['Zm9vYg=', E, E, [0x66, 0x6f, 0x6f]],
        ['Zg=', E, E, []],
        ['Zg= ', E, E, []],
        // '=' too early, too many, or with something after it: an error in every mode.
        ['Zm9v=', E, E, E],
        ['Zm9vY=', E, E, E],
        ['=', E, E, E],
        ['Zm9vYg===', E, E, E],
        ['Zm9vYmE==', E, E, E],
        ['Zg==Zg==', E, E, E],
        ['Zg==x', E, E, E],
        ['Zm8=x', E, E, E],
      ];
      const modes = ['loose', 'strict', 'stop-before-partial'];
      for (const [input, ...expected] of cases) {
        modes.forEach((lastChunkHandling, i) => {
          const run = () => bytesOf(call.fromBase64(input, { lastChunkHandling }));
          const message = `${input} ${lastChunkHandling}`;
          if (expected[i] === E) assert.throws(run, SyntaxError, message);
          else assert.deepEqual(run(), expected[i], message);
        });
        if (expected[0] === E) assert.throws(() => call.fromBase64(input), SyntaxError, `${input} default`);
        else assert.deepEqual(bytesOf(call.fromBase64(input)), expected[0], `${input} is loose by default`);
      }
    });

    test('fromBase64: argument and option errors are TypeErrors, checked in order', () => {
      for (const bad of [undefined, null, 1, {}, new String('Zg=='), ['Zg=='], { toString: () => 'Zg==' }]) {
        assert.throws(() => call.fromBase64(bad), TypeError);
      }
      assert.throws(() => call.fromBase64('Zg==', null), TypeError);
      assert.throws(() => call.fromBase64('Zg==', 'strict'), TypeError);
      assert.throws(() => call.fromBase64('Zg==', { lastChunkHandling: 'STRICT' }), TypeError);
      assert.throws(() => call.fromBase64('Zg==', { lastChunkHandling: new String('strict') }), TypeError);
      assert.throws(() => call.fromBase64('Zg==', { lastChunkHandling: null }), TypeError);
      // The string is checked before the options are read; alphabet before lastChunkHandling; the
      // options before the string is decoded.
      const log = [];
      const options = new Proxy(
        {},
        {
          get(_, key) {
            log.push(key);
            return key === 'alphabet' ? 'base64url' : 'strict';
          },
        },
      );
      assert.throws(() => call.fromBase64(1, options), TypeError);
      assert.deepEqual(log, []);
      assert.deepEqual(bytesOf(call.fromBase64('-w==', options)), [0xfb]);
      assert.deepEqual(log, ['alphabet', 'lastChunkHandling']);
      log.length = 0;
      assert.throws(() => call.fromBase64('*', options), SyntaxError);
      assert.deepEqual(log, ['alphabet', 'lastChunkHandling']);
      const badAlphabet = {
        alphabet: 'other',
        get lastChunkHandling() {
          throw new Error('read after a bad alphabet');
        },
      };
      assert.throws(() => call.fromBase64('*', badAlphabet), TypeError);
    });

    test('fromHex: pairs of either case; odd length, other characters are SyntaxErrors', () => {
      assert.deepEqual(bytesOf(call.fromHex('')), []);
      assert.deepEqual(bytesOf(call.fromHex('000fF0ff7a7A')), [0x00, 0x0f, 0xf0, 0xff, 0x7a, 0x7a]);
      const all = Uint8Array.from({ length: 256 }, (_, i) => i);
      assert.deepEqual(call.fromHex(call.toHex(all)), all);
      for (const bad of [
        '0',
        'abc',
        ' 00',
        '00 ',
        '0g',
        'g0',
        '0x00',
        '-1',
        '\u0660\u0660',
        '\u0130\u0130',
        '0\ud800',
        '\uff10\uff10',
      ]) {
        assert.throws(() => call.fromHex(bad), SyntaxError, JSON.stringify(bad));
      }
      for (const bad of [undefined, null, 0, { toString: () => '00' }, new String('00')]) {
        assert.throws(() => call.fromHex(bad), TypeError);
      }
    });

    test('setFromBase64: writes what fits and reports what it read', () => {
      const run = (length, string, options) => {
        const target = new Uint8Array(length).fill(0xee);
        const result = call.setFromBase64(target, string, options);
        assert.deepEqual(Object.keys(result), ['read', 'written']);
        assert.equal(Object.getPrototypeOf(result), Object.prototype);
        return [result.read, result.written, bytesOf(target)];
      };
      // Room to spare: everything is read.
      assert.deepEqual(run(8, 'Zm9vYmFy'), [8, 6, [0x66, 0x6f, 0x6f, 0x62, 0x61, 0x72, 0xee, 0xee]]);
      assert.deepEqual(run(4, 'Zg== '), [5, 1, [0x66, 0xee, 0xee, 0xee]]);
      // Exactly full after a whole chunk: it stops there, before whitespace and whatever follows.
      assert.deepEqual(run(3, 'Zm9v'), [4, 3, [0x66, 0x6f, 0x6f]]);
      assert.deepEqual(run(3, 'Zm9v  '), [4, 3, [0x66, 0x6f, 0x6f]]);
      assert.deepEqual(run(3, ' Zm9v#'), [5, 3, [0x66, 0x6f, 0x6f]]);
      assert.deepEqual(run(3, 'Zm9vYmFy'), [4, 3, [0x66, 0x6f, 0x6f]]);
      // A chunk that does not fit is not read: only whole chunks are written.
      assert.deepEqual(run(4, 'Zm9vYmFy'), [4, 3, [0x66, 0x6f, 0x6f, 0xee]]);
      assert.deepEqual(run(5, 'Zm9vYmFy'), [4, 3, [0x66, 0x6f, 0x6f, 0xee, 0xee]]);
      assert.deepEqual(run(2, 'Zm9v'), [0, 0, [0xee, 0xee]]);
      // ... but a last partial chunk that fits exactly is.
      assert.deepEqual(run(4, 'Zm9vYg=='), [8, 4, [0x66, 0x6f, 0x6f, 0x62]]);
      assert.deepEqual(run(5, 'Zm9vYmE='), [8, 5, [0x66, 0x6f, 0x6f, 0x62, 0x61]]);
      assert.deepEqual(run(4, 'Zm9vYg'), [6, 4, [0x66, 0x6f, 0x6f, 0x62]]);
      assert.deepEqual(run(4, 'Zm9vYg', { lastChunkHandling: 'stop-before-partial' }), [4, 3, [0x66, 0x6f, 0x6f, 0xee]]);
      assert.deepEqual(run(4, 'Zm9vYmE'), [4, 3, [0x66, 0x6f, 0x6f, 0xee]]);
      // Nothing fits: nothing is read, not even a bad character.
      assert.deepEqual(run(0, '*'), [0, 0, []]);
      assert.deepEqual(run(0, 'Zm9v'), [0, 0, []]);
      // A view writes at its own offset.
      const buffer = new Uint8Array(6).fill(1);
      assert.deepEqual({ ...call.setFromBase64(new Uint8Array(buffer.buffer, 2, 3), 'Zm9vYmFy') }, { read: 4, written: 3 });
      assert.deepEqual(bytesOf(buffer), [1, 1, 0x66, 0x6f, 0x6f, 1]);
      assert.deepEqual(run(3, 'x-_y', { alphabet: 'base64url' }), [4, 3, [199, 239, 242]]);
    });

    test('setFromBase64: on an error, the chunks before it are written and no more', () => {
      const run = (string, options) => {
        const target = Uint8Array.of(255, 255, 255, 255, 255);
        assert.throws(() => call.setFromBase64(target, string, options), SyntaxError, string);
        return bytesOf(target);
      };
      assert.deepEqual(run('MjYyZm.9v'), [50, 54, 50, 255, 255]);
      assert.deepEqual(run('MjYyZg', { lastChunkHandling: 'strict' }), [50, 54, 50, 255, 255]);
      assert.deepEqual(run('MjYyZg==='), [50, 54, 50, 255, 255]);
      assert.deepEqual(run('MjYyZh==', { lastChunkHandling: 'strict' }), [50, 54, 50, 255, 255]);
      assert.deepEqual(run('MjYyZ'), [50, 54, 50, 255, 255]);
      assert.deepEqual(run('*'), [255, 255, 255, 255, 255]);
      // Bad characters where a whole chunk fills the target are never reached; before, they are.
      for (const lastChunkHandling of ['loose', 'strict', 'stop-before-partial']) {
        for (const bad of ['#', 'a#', 'aa#', 'aaa#']) {
          assert.throws(() => call.setFromBase64(new Uint8Array(3), bad, { lastChunkHandling }), SyntaxError);
        }
        for (const good of ['aaaa#', 'aaaaa#', 'aaaaaaaa#']) {
          const target = new Uint8Array(3);
          assert.deepEqual({ ...call.setFromBase64(target, good, { lastChunkHandling }) }, { read: 4, written: 3 });
          assert.deepEqual(bytesOf(target), [0x69, 0xa6, 0x9a]);
        }
      }
    });

    test('setFromBase64: checks in order; detached and out-of-bounds targets are TypeErrors', () => {
      const log = [];
      const options = {
        get alphabet() {
          log.push('alphabet');
          return undefined;
        },
        get lastChunkHandling() {
          log.push('lastChunkHandling');
          return undefined;
        },
      };
      for (const notUint8Array of [
        [],
        {},
        new Uint8ClampedArray(4),
        new Int8Array(4),
        new DataView(new ArrayBuffer(4)),
        Buffer.alloc(0).buffer,
      ]) {
        assert.throws(() => call.setFromBase64(notUint8Array, 'Zg==', options), TypeError);
      }
      assert.throws(() => call.setFromBase64(new Uint8Array(4), 1, options), TypeError);
      assert.deepEqual(log, [], 'the receiver and the string are checked before the options are read');
      // A getter that detaches the buffer: the detachment is seen after the options.
      const buffer = new ArrayBuffer(4);
      const target = new Uint8Array(buffer);
      const detaching = {
        get alphabet() {
          structuredClone(buffer, { transfer: [buffer] });
          return 'base64';
        },
      };
      assert.throws(() => call.setFromBase64(target, 'Zg==', detaching), TypeError);
      assert.throws(() => call.setFromBase64(detachedView(), 'Zg=='), TypeError);
      assert.throws(() => call.setFromBase64(detachedView(), ''), TypeError, 'even with nothing to write');
      // A Buffer is a Uint8Array.
      const nodeBuffer = Buffer.alloc(3);
      assert.deepEqual({ ...call.setFromBase64(nodeBuffer, 'Zm9v') }, { read: 4, written: 3 });
      assert.equal(nodeBuffer.toString(), 'foo');
    });

    test('setFromBase64 and setFromHex on resizable buffers: length-tracking views and views out of bounds', () => {
      const buffer = new ArrayBuffer(4, { maxByteLength: 16 });
      const tracking = new Uint8Array(buffer);
      const fixed = new Uint8Array(buffer, 1, 2);
      assert.deepEqual({ ...call.setFromBase64(tracking, 'Zm9vYmFy') }, { read: 4, written: 3 });
      assert.deepEqual({ ...call.setFromHex(tracking, 'cafed00d') }, { read: 8, written: 4 });
      buffer.resize(8);
      assert.deepEqual({ ...call.setFromBase64(tracking, 'Zm9vYmFy') }, { read: 8, written: 6 });
      assert.equal(call.toHex(tracking), '666f6f6261720000');
      assert.equal(call.toBase64(fixed), 'b28=');
      buffer.resize(2);
      // The fixed view (bytes 1 to 3) is now out of bounds; the tracking view is 2 bytes long.
      assert.throws(() => call.setFromBase64(fixed, ''), TypeError);
      assert.throws(() => call.setFromHex(fixed, ''), TypeError);
      assert.throws(() => call.toBase64(fixed), TypeError);
      assert.throws(() => call.toHex(fixed), TypeError);
      assert.equal(call.toHex(tracking), '666f');
      assert.deepEqual({ ...call.setFromHex(tracking, 'aabbcc') }, { read: 4, written: 2 });
      // A length-tracking view whose offset is past the end.
      const offsetTracking = new Uint8Array(buffer, 2);
      assert.equal(call.toHex(offsetTracking), '');
      buffer.resize(1);
      assert.throws(() => call.toHex(offsetTracking), TypeError);
      // An empty view in bounds is fine.
      buffer.resize(2);
      assert.equal(call.toHex(offsetTracking), '');
      assert.deepEqual({ ...call.setFromBase64(offsetTracking, 'Zm9v') }, { read: 0, written: 0 });
      // A shrinking getter is seen before the bytes are read.
      const grow = new ArrayBuffer(6, { maxByteLength: 6 });
      const view = new Uint8Array(grow, 0, 6);
      const shrinking = {
        get omitPadding() {
          grow.resize(3);
          return false;
        },
      };
      assert.throws(() => call.toBase64(view, shrinking), TypeError);
    });

    test('toBase64 and toHex: the receiver is a Uint8Array in bounds, checked before the options', () => {
      for (const notUint8Array of [
        undefined,
        null,
        [1],
        { length: 1, 0: 1 },
        new Uint16Array(1),
        new Uint8ClampedArray(1),
        new ArrayBuffer(1),
      ]) {
        const options = {
          get alphabet() {
            throw new Error('options read before the receiver was checked');
          },
        };
        assert.throws(() => call.toBase64(notUint8Array, options), TypeError);
        assert.throws(() => call.toHex(notUint8Array), TypeError);
      }
      assert.throws(() => call.toBase64(detachedView()), TypeError);
      assert.throws(() => call.toHex(detachedView()), TypeError);
      const buffer = new ArrayBuffer(3);
      const detaching = {
        get omitPadding() {
          structuredClone(buffer, { transfer: [buffer] });
          return false;
        },
      };
      assert.throws(() => call.toBase64(new Uint8Array(buffer), detaching), TypeError);
      // Another realm's Uint8Array is a Uint8Array.
      assert.equal(call.toHex(new (require('node:vm').runInNewContext('Uint8Array'))([1, 2])), '0102');
    });

    test('setFromHex: writes what fits, and the pairs before an error', () => {
      const run = (length, string) => {
        const target = new Uint8Array(length).fill(0xee);
        const result = call.setFromHex(target, string);
        return [result.read, result.written, bytesOf(target)];
      };
      assert.deepEqual(run(4, 'cafe'), [4, 2, [0xca, 0xfe, 0xee, 0xee]]);
      assert.deepEqual(run(2, 'cafed00d'), [4, 2, [0xca, 0xfe]]);
      assert.deepEqual(run(0, 'zz'), [0, 0, []], 'nothing fits: nothing read');
      assert.deepEqual(run(2, 'cafe##'), [4, 2, [0xca, 0xfe]], 'what does not fit is not read');
      const whole = new Uint8Array(5).fill(1);
      assert.deepEqual({ ...call.setFromHex(new Uint8Array(whole.buffer, 1, 3), 'cafed00d') }, { read: 6, written: 3 });
      assert.deepEqual(bytesOf(whole), [1, 0xca, 0xfe, 0xd0, 1], 'a view writes at its own offset');
      const target = Uint8Array.of(255, 255, 255, 255);
      assert.throws(() => call.setFromHex(target, 'cafezz00'), SyntaxError);
      assert.deepEqual(bytesOf(target), [0xca, 0xfe, 255, 255]);
      assert.throws(() => call.setFromHex(target.fill(255), 'cafe0'), SyntaxError, 'odd length');
      assert.deepEqual(bytesOf(target), [255, 255, 255, 255], 'an odd length writes nothing');
      assert.throws(() => call.setFromHex(target, 0), TypeError);
      assert.throws(() => call.setFromHex(new Int8Array(2), '00'), TypeError);
      assert.throws(() => call.setFromHex(detachedView(), '00'), TypeError);
    });
  });
}

// Differentials on generated input.
const outcome = (fn) => {
  try {
    return { value: fn() };
  } catch (error) {
    return { error: error.constructor.name };
  }
};
const base64ish = fc.string({
  unit: fc.constantFrom(
    ...'AQZagz09+/-_= \t\n\f\r.\v\u00a0\u0100\ud800'.split(''),
    ...'ABCDEFGHIJKLMNOPabcdefghijklmnop'.split(''),
  ),
  maxLength: 40,
});
const hexish = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEFgG \u0130x'.split('')), maxLength: 20 });
const optionsArbitrary = fc.record(
  {
    alphabet: fc.constantFrom('base64', 'base64url'),
    lastChunkHandling: fc.constantFrom('loose', 'strict', 'stop-before-partial'),
  },
  { requiredKeys: [] },
);

/** Checks one copy of the functions against core-js-pure and Buffer. */
function differential(api, numRuns) {
  fc.assert(
    fc.property(
      fc.oneof(base64ish, fc.string({ unit: 'binary', maxLength: 16 })),
      optionsArbitrary,
      fc.nat(40),
      (string, options, length) => {
        const expected = outcome(() => Uint8Array.from(coreFromBase64(string, options, null, Number.MAX_SAFE_INTEGER).bytes));
        assert.deepEqual(
          outcome(() => api.fromBase64(string, options)),
          expected,
          `fromBase64(${JSON.stringify(string)})`,
        );
        const ours = new Uint8Array(length).fill(7);
        const theirs = new Uint8Array(length).fill(7);
        const result = outcome(() => ({ ...api.setFromBase64(ours, string, options) }));
        const coreResult = outcome(() => {
          const { read, written } = coreFromBase64Into(string, options, theirs, length);
          return { read, written };
        });
        assert.deepEqual(result, coreResult, `setFromBase64(${length}, ${JSON.stringify(string)}, ${JSON.stringify(options)})`);
        assert.deepEqual(ours, theirs, `setFromBase64's writes (${JSON.stringify(string)})`);
      },
    ),
    { numRuns },
  );
  fc.assert(
    fc.property(hexish, fc.nat(12), (string, length) => {
      assert.deepEqual(
        outcome(() => api.fromHex(string)),
        outcome(() => coreFromHex(string).bytes),
        `fromHex(${JSON.stringify(string)})`,
      );
      const ours = new Uint8Array(length).fill(7);
      const theirs = new Uint8Array(length).fill(7);
      const result = outcome(() => ({ ...api.setFromHex(ours, string) }));
      const coreResult = outcome(() => {
        const { read } = coreFromHexInto(string, theirs);
        return { read, written: read / 2 };
      });
      assert.deepEqual(result, coreResult, `setFromHex(${length}, ${JSON.stringify(string)})`);
      assert.deepEqual(ours, theirs);
    }),
    { numRuns },
  );
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 100 }), fc.boolean(), (bytes, omitPadding) => {
      const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
      const padded = buffer.toString('base64');
      assert.equal(api.toBase64(bytes, { omitPadding }), omitPadding ? padded.replace(/=+$/, '') : padded);
      const url = buffer.toString('base64url');
      assert.equal(
        api.toBase64(bytes, { alphabet: 'base64url', omitPadding }),
        omitPadding ? url : padded.replace(/\+/g, '-').replace(/\//g, '_'),
      );
      assert.equal(api.toHex(bytes), buffer.toString('hex'));
      assert.deepEqual(
        api.fromBase64(api.toBase64(bytes, { omitPadding }), { lastChunkHandling: omitPadding ? 'loose' : 'strict' }),
        bytes,
      );
      assert.deepEqual(api.fromHex(api.toHex(bytes)), bytes);
    }),
    { numRuns },
  );
}

test("with Buffer's primitives (Node's path): the same as core-js-pure and Buffer on generated input", () => {
  differential(weft, 3000);
});

test('with the JavaScript codec alone (QuickJS, Hermes): the same', () => {
  differential(codecOnly, 3000);
});

test("with a host's own methods: the same", () => {
  differential(overNative, 1000);
});

test('large inputs through each path agree', () => {
  const bytes = Uint8Array.from({ length: (1 << 16) + 1 }, (_, i) => (i * 2654435761) >>> 24);
  const encoded = Buffer.from(bytes).toString('base64');
  const spaced = encoded.replace(/.{76}/g, '$&\r\n');
  for (const api of [weft, codecOnly, overNative]) {
    assert.equal(api.toBase64(bytes), encoded);
    assert.deepEqual(api.fromBase64(encoded), bytes);
    assert.deepEqual(api.fromBase64(spaced, { lastChunkHandling: 'strict' }), bytes);
    assert.equal(api.toHex(bytes), Buffer.from(bytes).toString('hex'));
    assert.deepEqual(api.fromHex(api.toHex(bytes)), bytes);
    const target = new Uint8Array(bytes.length - 1);
    const { read } = coreFromBase64Into(spaced, undefined, new Uint8Array(target.length), target.length);
    // The last chunk holds two bytes, one more than fits: it is not read.
    assert.deepEqual({ ...api.setFromBase64(target, spaced) }, { read, written: 65535 });
    assert.deepEqual(target.subarray(0, 65535), bytes.subarray(0, 65535));
    assert.equal(target[65535], 0);
  }
});

test('setFromBase64 of long input without whitespace (decoded a piece at a time): writes, and errors in a later piece', () => {
  const bytes = Uint8Array.from({ length: 200_000 }, (_, i) => (i * 2654435761) >>> 24);
  const encoded = Buffer.from(bytes).toString('base64');
  const expectOutcome = (string, length, options) => {
    const theirs = new Uint8Array(length).fill(7);
    const expected = outcome(() => {
      const { read, written } = coreFromBase64Into(string, options, theirs, length);
      return { read, written };
    });
    for (const api of [weft, codecOnly]) {
      const ours = new Uint8Array(length).fill(7);
      assert.deepEqual(
        outcome(() => ({ ...api.setFromBase64(ours, string, options) })),
        expected,
        `${string.length} characters into ${length}`,
      );
      assert.ok(
        ours.every((byte, i) => byte === theirs[i]),
        'the same bytes written',
      );
    }
  };
  expectOutcome(encoded, bytes.length);
  expectOutcome(encoded, bytes.length + 5);
  expectOutcome(encoded, bytes.length - 1);
  expectOutcome(encoded.slice(0, -1), bytes.length, { lastChunkHandling: 'strict' });
  for (const at of [10, 65_535, 65_536, 150_000, encoded.length - 3]) {
    for (const bad of ['*', '=', '-', '\u0100']) expectOutcome(encoded.slice(0, at) + bad + encoded.slice(at + 1), bytes.length);
  }
});

test("a page's replaced built-ins after load change nothing", () => {
  const saved = {
    slice: Uint8Array.prototype.slice,
    set: Object.getPrototypeOf(Uint8Array.prototype).set,
    values: Object.getPrototypeOf(Uint8Array.prototype).values,
    create: Object.create,
    fromCharCode: String.fromCharCode,
  };
  const boom = () => {
    throw new Error('a replaced built-in was called');
  };
  try {
    Object.getPrototypeOf(Uint8Array.prototype).set = boom;
    Object.getPrototypeOf(Uint8Array.prototype).values = boom;
    Object.create = boom;
    Object.defineProperty(Uint8Array, Symbol.species, { value: boom, configurable: true });
    for (const api of [weft, codecOnly]) {
      assert.equal(api.toBase64(Uint8Array.of(1, 2, 3, 4)), 'AQIDBA==');
      assert.deepEqual(bytesOf(api.fromBase64('AQID BA==')), [1, 2, 3, 4]);
      assert.deepEqual({ ...api.setFromBase64(new Uint8Array(8), 'AQIDBA==') }, { read: 8, written: 4 });
      assert.equal(api.toHex(new Uint8Array(0)), '');
      assert.throws(() => api.toHex(detachedView()), TypeError);
    }
  } finally {
    Object.getPrototypeOf(Uint8Array.prototype).set = saved.set;
    Object.getPrototypeOf(Uint8Array.prototype).values = saved.values;
    Object.create = saved.create;
    delete Uint8Array[Symbol.species];
  }
});
