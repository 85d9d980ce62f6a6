// URL parsing over every URL of the benchmark corpus (BENCH_DATA_DIR/urls, ~109,000 real URLs):
// weft vs Node's native URL (Ada, C++) vs the npm whatwg-url (the reference implementation in
// JS); URL.canParse; and a URLSearchParams build/serialize workload. One op = one pass over
// the corpus (or the workload), so the ratios are what to read.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as weft from 'webweft';
import * as whatwgURL from 'whatwg-url';
import { compare } from './harness.mjs';

const root = resolve(fileURLToPath(import.meta.url), '..', '..', '..');
const dataDir = join(resolve(process.env.BENCH_DATA_DIR ?? join(root, '..', 'shared', 'bench-data')), 'urls');

function* textFiles(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* textFiles(path);
    else if (name.endsWith('.txt')) yield path;
  }
}

// One URL per line (the first file starts with a BOM, which the parsers strip as whitespace
// would not: drop it here, as a loader would).
const urls = [...textFiles(dataDir)].flatMap((file) =>
  readFileSync(file, 'utf8').replace(/^\uFEFF/, '').split('\n').filter((line) => line !== ''),
);
const bytes = urls.reduce((sum, url) => sum + url.length, 0);
console.log(`\nURL corpus: ${urls.length} URLs, ${(bytes / 1e6).toFixed(1)} MB from ${dataDir}`);

/** new URL(x) and read href and pathname, for every URL (failures caught and counted). */
function parseAll(URLClass) {
  return () => {
    let length = 0;
    for (const input of urls) {
      try {
        const url = new URLClass(input);
        length += url.href.length + url.pathname.length;
      } catch {
        length++;
      }
    }
    return length;
  };
}

// Every candidate must agree before the timing means anything.
const check = (fn) => fn();
const results = [check(parseAll(globalThis.URL)), check(parseAll(weft.URL)), check(parseAll(whatwgURL.URL))];
if (new Set(results).size !== 1) console.log(`  note: the parsers disagree on some inputs (checksums ${results.join(', ')})`);

compare(`new URL(x) + href + pathname, all ${urls.length} URLs`, {
  'native URL (Node)': parseAll(globalThis.URL),
  'weft.URL': parseAll(weft.URL),
  'whatwg-url': parseAll(whatwgURL.URL),
}, { bytes });

function canParseAll(URLClass) {
  return () => {
    let n = 0;
    for (const input of urls) if (URLClass.canParse(input)) n++;
    return n;
  };
}
compare(`URL.canParse(x), all ${urls.length} URLs`, {
  'native URL.canParse': canParseAll(globalThis.URL),
  'weft.URL.canParse': canParseAll(weft.URL),
  'whatwg-url canParse': canParseAll(whatwgURL.URL),
}, { bytes });

// Query strings of the corpus's URLs that have one: parse, read, modify, serialize.
const queries = urls.filter((u) => u.includes('?')).map((u) => u.slice(u.indexOf('?') + 1).split('#')[0]);
function searchParamsWorkload(Params) {
  return () => {
    let length = 0;
    for (const query of queries) {
      const params = new Params(query);
      params.append('utm_source', 'bench mark');
      params.set('page', '2');
      length += params.toString().length + params.size;
    }
    const built = new Params();
    for (let i = 0; i < 100; i++) built.append(`key${i}`, `value ${i} ü`);
    return length + built.toString().length;
  };
}
compare(`URLSearchParams: parse + append + set + toString of ${queries.length} queries, build 100 pairs`, {
  'native URLSearchParams': searchParamsWorkload(globalThis.URLSearchParams),
  'weft.URLSearchParams': searchParamsWorkload(weft.URLSearchParams),
  'whatwg-url URLSearchParams': searchParamsWorkload(whatwgURL.URLSearchParams),
});
