// URL parsing over every URL of the benchmark corpus (BENCH_DATA_DIR/urls, ~109,000 real URLs):
// weft vs Node's native URL (Ada, C++) vs the npm whatwg-url (the reference implementation in
// JS); URL.canParse; and a URLSearchParams build/serialize workload (benches/shared/).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as weft from 'webweft';
import * as whatwgURL from 'whatwg-url';
import { canParseAll, parseAll, queriesOf, searchParamsWorkload, urlsOf } from '../shared/workloads.mjs';
import { compare } from './harness.mjs';
import { dataDir } from './data.mjs';

const urlDir = join(dataDir, 'urls');
function* textFiles(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* textFiles(path);
    else if (name.endsWith('.txt')) yield path;
  }
}
const urls = urlsOf([...textFiles(urlDir)].map((file) => readFileSync(file, 'utf8')));
const bytes = urls.reduce((sum, url) => sum + url.length, 0);
console.log(`\nURL corpus: ${urls.length} URLs, ${(bytes / 1e6).toFixed(1)} MB from ${urlDir}`);

// Every candidate must agree before the timing means anything.
const results = [globalThis.URL, weft.URL, whatwgURL.URL].map((URLClass) => parseAll(URLClass, urls)());
if (new Set(results).size !== 1) console.log(`  note: the parsers disagree on some inputs (checksums ${results.join(', ')})`);

compare(
  `new URL(x) + href + pathname, all ${urls.length} URLs`,
  {
    'native URL (Node)': parseAll(globalThis.URL, urls),
    'weft.URL': parseAll(weft.URL, urls),
    'whatwg-url': parseAll(whatwgURL.URL, urls),
  },
  { bytes, summary: { 'new URL + href + pathname, 109k URLs / native': ['weft.URL', 'native URL (Node)'] } },
);

compare(
  `URL.canParse(x), all ${urls.length} URLs`,
  {
    'native URL.canParse': canParseAll(globalThis.URL, urls),
    'weft.URL.canParse': canParseAll(weft.URL, urls),
    'whatwg-url canParse': canParseAll(whatwgURL.URL, urls),
  },
  { bytes, summary: { 'URL.canParse, 109k URLs / native': ['weft.URL.canParse', 'native URL.canParse'] } },
);

const queries = queriesOf(urls);
compare(
  `URLSearchParams: parse + append + set + toString of ${queries.length} queries, build 100 pairs`,
  {
    'native URLSearchParams': searchParamsWorkload(globalThis.URLSearchParams, queries),
    'weft.URLSearchParams': searchParamsWorkload(weft.URLSearchParams, queries),
    'whatwg-url URLSearchParams': searchParamsWorkload(whatwgURL.URLSearchParams, queries),
  },
  { summary: { 'URLSearchParams parse/append/set/toString / native': ['weft.URLSearchParams', 'native URLSearchParams'] } },
);
