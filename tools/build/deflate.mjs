// Raw DEFLATE streams for the bytes the package carries inline (a wasm as text, a translated
// unit's data segments), inflated on first use by js/inflate.js.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import zopfli from '@gfx/zopfli';
import { root } from '../wasm.mjs';

const cache = join(root, 'target', 'deflate-cache');

/**
 * `bytes` as a raw DEFLATE stream: Zopfli's (4-7 % smaller than zlib's level 9, but seconds per
 * wasm, so each stream is kept in target/deflate-cache under its input's hash); zlib's level 9
 * in debug builds.
 */
export async function zopfliDeflate(bytes, debug = false) {
  if (debug) return deflateRawSync(bytes, { level: 9 });
  mkdirSync(cache, { recursive: true });
  const file = join(cache, `${createHash('sha256').update(bytes).digest('hex')}.bin`);
  if (existsSync(file)) return readFileSync(file);
  const stream = Buffer.from(await zopfli.deflateAsync(bytes, { numiterations: 15 }));
  writeFileSync(file, stream);
  return stream;
}
