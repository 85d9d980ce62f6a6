// webweft/whatwg-url (the drop-in for the whatwg-url package) against whatwg-url 17.3: the record
// API over the ~109,000 real URLs of BENCH_DATA_DIR/urls (parseURL + serializeURL), the basic URL
// parser with the state overrides of WPT's setters data (what jsdom's <a> and location setters
// run), and a jsdom workload with and without the drop-in (Node 22 or later, which jsdom 31
// needs: tests/jsdom/jsdoms.mjs loads both jsdoms in this process).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as dropIn from 'webweft/whatwg-url';
import { urlsOf } from '../shared/workloads.mjs';
import { compare } from './harness.mjs';
import { dataDir } from './data.mjs';

const root = resolve(fileURLToPath(import.meta.url), '..', '..', '..');
const whatwgURL = createRequire(import.meta.url)('whatwg-url');
const wptDir = resolve(process.env.WPT_DIR ?? join(root, '..', 'shared', 'wpt'));

function* textFiles(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* textFiles(path);
    else if (name.endsWith('.txt')) yield path;
  }
}
const urls = urlsOf([...textFiles(join(dataDir, 'urls'))].map((file) => readFileSync(file, 'utf8')));

/** parseURL, then serializeURL of each record, over every URL. */
const parseAndSerialize = (api) => () => {
  let length = 0;
  for (const input of urls) {
    const record = api.parseURL(input);
    length += record === null ? 1 : api.serializeURL(record).length;
  }
  return length;
};

// The setters data as the URL API's setters run it (URL Standard §6.1): a state override on a
// copy of the parsed record, with the steps before it (path emptied, query or fragment "").
const STATES = {
  protocol: 'scheme start',
  host: 'host',
  hostname: 'hostname',
  port: 'port',
  pathname: 'path start',
  search: 'query',
  hash: 'fragment',
};
const setters = JSON.parse(readFileSync(join(wptDir, 'url', 'resources', 'setters_tests.json'), 'utf8'));
const setterCases = (api) =>
  Object.entries(setters)
    .filter(([setter]) => setter in STATES)
    .flatMap(([setter, list]) =>
      list.map(({ href, new_value: value }) => {
        let input = setter === 'protocol' ? `${value}:` : value;
        if ((setter === 'search' && input[0] === '?') || (setter === 'hash' && input[0] === '#')) input = input.slice(1);
        return { setter, url: api.parseURL(href), input, stateOverride: STATES[setter] };
      }),
    );
const stateOverrides = (api) => {
  const cases = setterCases(api);
  return () => {
    let parsed = 0;
    for (const { setter, url, input, stateOverride } of cases) {
      const copy = { ...url, path: typeof url.path === 'string' ? url.path : url.path.slice() };
      if (setter === 'pathname') copy.path = [];
      else if (setter === 'search') copy.query = '';
      else if (setter === 'hash') copy.fragment = '';
      if (api.basicURLParse(input, { url: copy, stateOverride }) !== null) parsed++;
    }
    return parsed;
  };
};

// The setters jsdom's pages run most, with everyday values, on every 50th URL of the corpus.
const TYPICAL = [
  ['fragment', 'section-2'],
  ['query', 'q=1&page=2'],
  ['port', '8080'],
  ['hostname', 'example.org'],
  ['scheme start', 'https:'],
];
const typicalOverrides = (api) => {
  const records = urls
    .filter((_, i) => i % 50 === 0)
    .map((input) => api.parseURL(input))
    .filter((record) => record !== null);
  return () => {
    let parsed = 0;
    for (const record of records) {
      for (const [stateOverride, value] of TYPICAL) {
        const url = { ...record };
        if (stateOverride === 'fragment') url.fragment = '';
        else if (stateOverride === 'query') url.query = '';
        if (api.basicURLParse(value, { url, stateOverride }) !== null) parsed++;
      }
    }
    return parsed;
  };
};

// Both must agree before the timing means anything.
for (const [name, make] of [
  ['parseURL + serializeURL', parseAndSerialize],
  ['state overrides', stateOverrides],
  ['typical state overrides', typicalOverrides],
]) {
  const [ours, theirs] = [make(dropIn)(), make(whatwgURL)()];
  if (ours !== theirs) throw new Error(`whatwg-url drop-in: ${name} disagrees with whatwg-url (${ours} against ${theirs})`);
}

compare(
  `whatwg-url API: parseURL + serializeURL, all ${urls.length} URLs`,
  {
    'whatwg-url 17.3': parseAndSerialize(whatwgURL),
    'webweft/whatwg-url': parseAndSerialize(dropIn),
  },
  {
    summary: { 'whatwg-url drop-in: parseURL + serializeURL, 109k URLs / whatwg-url': ['webweft/whatwg-url', 'whatwg-url 17.3'] },
  },
);

compare(
  `whatwg-url API: basicURLParse with the state overrides of WPT's ${setterCases(dropIn).length} setters cases`,
  {
    'whatwg-url 17.3': stateOverrides(whatwgURL),
    'webweft/whatwg-url': stateOverrides(dropIn),
  },
  {
    summary: {
      'whatwg-url drop-in: basicURLParse state overrides, WPT setters / whatwg-url': ['webweft/whatwg-url', 'whatwg-url 17.3'],
    },
  },
);

compare(
  'whatwg-url API: basicURLParse, everyday values of 5 setters on every 50th URL',
  {
    'whatwg-url 17.3': typicalOverrides(whatwgURL),
    'webweft/whatwg-url': typicalOverrides(dropIn),
  },
  {
    summary: {
      'whatwg-url drop-in: basicURLParse everyday setter values / whatwg-url': ['webweft/whatwg-url', 'whatwg-url 17.3'],
    },
  },
);

if (Number(process.versions.node.split('.')[0]) < 22) {
  console.log('\njsdom with and without the whatwg-url drop-in: skipped (jsdom 31 needs Node 22 or later)');
} else {
  const { dropIn: swapped, stock } = await import('../../tests/jsdom/jsdoms.mjs');
  const hrefs = urls.slice(0, 20_000);
  /** 20,000 new <a> elements: set href, read href, hostname and pathname. */
  const anchors = ({ JSDOM }) => {
    const { document } = new JSDOM('').window;
    return () => {
      let length = 0;
      for (const href of hrefs) {
        const a = document.createElement('a');
        a.href = href;
        length += a.href.length + a.hostname.length + a.pathname.length;
      }
      return length;
    };
  };
  const [ours, theirs] = [anchors(swapped.jsdom)(), anchors(stock.jsdom)()];
  if (ours !== theirs) throw new Error(`jsdom over the drop-in disagrees with stock jsdom (${ours} against ${theirs})`);
  compare(
    'jsdom 31: 20,000 <a> elements, set href, read href + hostname + pathname',
    {
      'jsdom (whatwg-url 17.3)': anchors(stock.jsdom),
      'jsdom + webweft/whatwg-url': anchors(swapped.jsdom),
    },
    {
      summary: {
        'whatwg-url drop-in: jsdom 20,000 anchors / stock jsdom': ['jsdom + webweft/whatwg-url', 'jsdom (whatwg-url 17.3)'],
      },
    },
  );
}
