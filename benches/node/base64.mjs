// 1 MiB of base64, encode and decode: weft vs Node's native atob/btoa, Buffer, and the npm
// peers: @exodus/bytes (which calls Buffer in Node) and its own JavaScript codec (what it runs
// where there is no native one; the fastest pure-JS base64 on npm we know of).
import * as exodus from '@exodus/bytes/base64.js';
import * as weft from 'webweft';
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
