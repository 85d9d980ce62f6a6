// 1 MiB of base64, encode and decode: weft vs Node's native atob/btoa and Buffer.
import * as weft from 'webweft';
import { compare } from './harness.mjs';

const bytes = new Uint8Array(1 << 20).map((_, i) => (i * 2654435761) >>> 24);
const latin1 = Buffer.from(bytes).toString('latin1');
const encoded = Buffer.from(bytes).toString('base64');

compare('base64 encode 1 MiB of bytes', {
  'weft.base64Encode': () => weft.base64Encode(bytes),
  'Buffer.toString("base64")': () => Buffer.from(bytes.buffer, 0, bytes.length).toString('base64'),
}, { bytes: bytes.length });
compare('base64 decode to 1 MiB of bytes', {
  'weft.base64Decode': () => weft.base64Decode(encoded),
  'Buffer.from(s, "base64")': () => Buffer.from(encoded, 'base64'),
}, { bytes: bytes.length });
compare('btoa of a 1 MiB Latin1 string', {
  'weft.btoa': () => weft.btoa(latin1),
  'native btoa': () => btoa(latin1),
}, { bytes: bytes.length });
compare('atob to a 1 MiB Latin1 string', {
  'weft.atob': () => weft.atob(encoded),
  'native atob': () => atob(encoded),
}, { bytes: bytes.length });
