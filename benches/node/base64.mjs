// 1 MiB of base64, encode and decode: weft vs Node's native atob/btoa, Buffer, and the npm
// peers: @exodus/bytes (which calls Buffer in Node) and its own JavaScript codec (what it runs
// where there is no native one; the fastest pure-JS base64 on npm we know of).
import { createRequire } from 'node:module';
import * as exodus from '@exodus/bytes/base64.js';
import * as weft from 'webweft';
// weft's JavaScript codec, by path (the package's builds have it inside their bundles).
import * as codec from '../../js/fallback/base64.js';
// Not in the package's exports map: loaded by path.
import * as exodusJS from '../../node_modules/@exodus/bytes/fallback/base64.js';
import { compareAtobBtoa } from '../shared/workloads.mjs';
import { compare } from './harness.mjs';

const bytes = new Uint8Array(1 << 20).map((_, i) => (i * 2654435761) >>> 24);
const latin1 = Buffer.from(bytes).toString('latin1');
const encoded = Buffer.from(bytes).toString('base64');

compare(
  'base64 encode 1 MiB of bytes',
  {
    'weft.base64Encode': () => weft.base64Encode(bytes),
    'Buffer.toString("base64")': () => Buffer.from(bytes.buffer, 0, bytes.length).toString('base64'),
    '@exodus/bytes toBase64': () => exodus.toBase64(bytes),
    '@exodus/bytes JS codec': () => exodusJS.toBase64(bytes, false, true),
  },
  {
    bytes: bytes.length,
    summary: {
      'base64Encode 1 MiB / Buffer (Chromium: toBase64)': ['weft.base64Encode', 'Buffer.toString("base64")'],
      'base64Encode 1 MiB / fastest npm JS peer': ['weft.base64Encode', '@exodus/bytes JS codec'],
    },
  },
);
compare(
  'base64 decode to 1 MiB of bytes',
  {
    'weft.base64Decode': () => weft.base64Decode(encoded),
    'Buffer.from(s, "base64")': () => Buffer.from(encoded, 'base64'),
    '@exodus/bytes fromBase64': () => exodus.fromBase64(encoded),
    '@exodus/bytes JS codec': () => exodusJS.fromBase64(encoded, false),
  },
  {
    bytes: bytes.length,
    summary: {
      'base64Decode 1 MiB / Buffer (Chromium: Uint8Array.fromBase64)': ['weft.base64Decode', 'Buffer.from(s, "base64")'],
      'base64Decode 1 MiB / fastest npm JS peer': ['weft.base64Decode', '@exodus/bytes JS codec'],
    },
  },
);
compareAtobBtoa(compare, weft, { latin1, encoded, bytes: bytes.length });

// ES2026 Uint8Array base64 and hex over 1 MiB: webweft/base64's functions (Node 20 and 24 have no
// methods of their own) against core-js (its polyfill's methods: core-js-pure has only the
// decoders, and no methods, which it cannot patch in) and Buffer. The JavaScript codec alone
// (what QuickJS, Hermes and older browsers run) is measured too.
const require = createRequire(import.meta.url);
const coreFromBase64 = require('core-js-pure/internals/uint8-from-base64');
const coreFromHex = require('core-js-pure/internals/uint8-from-hex');
// With a target, core-js's own (core-js-pure's detachment check is a stub that throws).
const coreFromBase64Into = require('core-js/internals/uint8-from-base64');
const coreFromHexInto = require('core-js/internals/uint8-from-hex');
const coreEncoders = coreJsEncoders();
const hex = Buffer.from(bytes).toString('hex');
const target = new Uint8Array(bytes.length);
const es2026 = {
  toBase64: {
    'weft.toBase64': () => weft.toBase64(bytes),
    'Buffer.toString("base64")': () => Buffer.from(bytes.buffer, 0, bytes.length).toString('base64'),
    'core-js toBase64': () => coreEncoders.toBase64.call(bytes),
    'weft JS codec': () => codec.encodeBase64(bytes, codec.BASE64, true),
  },
  toHex: {
    'weft.toHex': () => weft.toHex(bytes),
    'Buffer.toString("hex")': () => Buffer.from(bytes.buffer, 0, bytes.length).toString('hex'),
    'core-js toHex': () => coreEncoders.toHex.call(bytes),
    'weft JS codec': () => codec.encodeHex(bytes),
  },
  fromBase64: {
    'weft.fromBase64': () => weft.fromBase64(encoded),
    'Buffer.from(s, "base64")': () => Buffer.from(encoded, 'base64'),
    'core-js fromBase64': () => Uint8Array.from(coreFromBase64(encoded, undefined, null, Number.MAX_SAFE_INTEGER).bytes),
    'weft JS codec': () => codec.decodeBase64(encoded, codec.BASE64, 'loose', new Uint8Array(bytes.length), codec.NO_LIMIT),
  },
  fromHex: {
    'weft.fromHex': () => weft.fromHex(hex),
    'Buffer.from(s, "hex")': () => Buffer.from(hex, 'hex'),
    'core-js fromHex': () => coreFromHex(hex).bytes,
    'weft JS codec': () => codec.decodeHex(hex, new Uint8Array(bytes.length), codec.NO_LIMIT),
  },
  setFromBase64: {
    'weft.setFromBase64': () => weft.setFromBase64(target, encoded),
    'Buffer#write(s, "base64")': () => Buffer.from(target.buffer).write(encoded, 'base64'),
    'core-js setFromBase64': () => coreFromBase64Into(encoded, undefined, target, target.length),
    'weft JS codec': () => codec.decodeBase64(encoded, codec.BASE64, 'loose', target, target.length),
  },
  setFromHex: {
    'weft.setFromHex': () => weft.setFromHex(target, hex),
    'Buffer#write(s, "hex")': () => Buffer.from(target.buffer).write(hex, 'hex'),
    'core-js setFromHex': () => coreFromHexInto(hex, target),
    'weft JS codec': () => codec.decodeHex(hex, target, target.length),
  },
};
for (const [method, candidates] of Object.entries(es2026)) {
  const [ours, buffer, coreJs, jsCodec] = Object.keys(candidates);
  compare(`Uint8Array ${method}, 1 MiB of bytes`, candidates, {
    bytes: bytes.length,
    summary: {
      [`${method} 1 MiB / Buffer`]: [ours, buffer],
      [`${method} 1 MiB / core-js`]: [ours, coreJs],
      [`${method} 1 MiB, JS codec / core-js`]: [jsCodec, coreJs],
    },
  });
}

/**
 * core-js's toBase64 and toHex, which exist only as the methods its global build installs: loaded
 * into this process (whose Uint8Array has none) and taken off again, so that nothing after this
 * sees them. weft loaded before and captured no host methods.
 */
function coreJsEncoders() {
  const prototype = Uint8Array.prototype;
  require('core-js/actual/typed-array/to-base64');
  require('core-js/actual/typed-array/to-hex');
  const encoders = { toBase64: prototype.toBase64, toHex: prototype.toHex };
  delete prototype.toBase64;
  delete prototype.toHex;
  return encoders;
}
