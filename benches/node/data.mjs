// Where the benchmark corpora are: BENCH_DATA_DIR, else ../shared/bench-data beside the checkout.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const dataDir = resolve(process.env.BENCH_DATA_DIR ?? join(root, '..', 'shared', 'bench-data'));

/** Every file of a chardet folder, concatenated (pages are a few KB each; one call decodes them all). */
export function folderBytes(folder) {
  const dir = join(dataDir, 'legacy-encoded', 'chardet-tests', folder);
  const files = readdirSync(dir)
    .sort()
    .map((name) => readFileSync(join(dir, name)));
  return new Uint8Array(Buffer.concat(files));
}

/** A UTF-8 Wikipedia text of BENCH_DATA_DIR/utf8-text. */
export const wikipediaBytes = (name) =>
  new Uint8Array(readFileSync(join(dataDir, 'utf8-text', 'encoding_bench-wikipedia', name)));
