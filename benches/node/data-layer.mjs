// jsdom's data layer besides whatwg-url (benches/node/whatwg-url.mjs): webweft/whatwg-mimetype,
// webweft/data-urls and webweft/html-encoding-sniffer against whatwg-mimetype 5, data-urls 8 and
// html-encoding-sniffer 7 — MIME types parsed and serialized over WPT's MIME type inputs,
// data: URLs over WPT's data-urls inputs and one 1 MB base64 data: URL, and the encoding sniffed
// from the real pages of BENCH_DATA_DIR/legacy-encoded.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDataURL } from 'webweft/data-urls';
import { htmlEncodingSniffer } from 'webweft/html-encoding-sniffer';
import * as webweftMIMEType from 'webweft/whatwg-mimetype';
import { compare } from './harness.mjs';
import { dataDir } from './data.mjs';

const root = resolve(fileURLToPath(import.meta.url), '..', '..', '..');
const require = createRequire(import.meta.url);
const wptDir = resolve(process.env.WPT_DIR ?? join(root, '..', 'shared', 'wpt'));
const readJSON = (...path) => JSON.parse(readFileSync(join(wptDir, ...path), 'utf8'));

const MIME_PACKAGES = { 'whatwg-mimetype 5': require('whatwg-mimetype'), 'webweft/whatwg-mimetype': webweftMIMEType };
const DATA_URLS = { 'data-urls 8': require('data-urls'), 'webweft/data-urls': parseDataURL };
const SNIFFERS = {
  'html-encoding-sniffer 7': require('html-encoding-sniffer'),
  'webweft/html-encoding-sniffer': htmlEncodingSniffer,
};

/** Every candidate's result of `run` must be the same before the timing means anything. */
function agree(what, candidates, run) {
  const [[firstName, first], ...rest] = Object.entries(candidates).map(([name, api]) => [name, JSON.stringify(run(api))]);
  for (const [name, result] of rest) {
    if (result !== first) throw new Error(`${what}: ${name} disagrees with ${firstName}`);
  }
}

// MIME types: every input of WPT's two MIME type files, parsed (null on failure) and serialized.
const mimeInputs = ['mime-types.json', 'generated-mime-types.json'].flatMap((file) =>
  readJSON('mimesniff', 'mime-types', 'resources', file)
    .filter((entry) => typeof entry === 'object')
    .map((entry) => entry.input),
);
const parseAndSerializeMIMETypes =
  ({ MIMEType }) =>
  () => {
    let length = 0;
    for (const input of mimeInputs) {
      const mimeType = MIMEType.parse(input);
      length += mimeType === null ? 1 : mimeType.toString().length;
    }
    return length;
  };
agree('MIMEType.parse + toString', MIME_PACKAGES, (api) =>
  mimeInputs.map((input) => api.MIMEType.parse(input)?.toString() ?? null),
);

// data: URLs: WPT's inputs (data-urls.json and base64.json as data: URLs), and 1 MB of base64.
const dataURLInputs = [
  ...readJSON('fetch', 'data-urls', 'resources', 'data-urls.json').map(([input]) => input),
  ...readJSON('fetch', 'data-urls', 'resources', 'base64.json').map(([input]) => `data:;base64,${input}`),
];
const megabyte = Buffer.alloc(1 << 20);
for (let i = 0; i < megabyte.length; i++) megabyte[i] = (i * 2654435761) >>> 24;
const bigDataURL = `data:application/octet-stream;base64,${megabyte.toString('base64')}`;
const parseDataURLs = (inputs) => (parse) => () => {
  let length = 0;
  for (const input of inputs) {
    const result = parse(input);
    length += result === null ? 1 : result.body.length + result.mimeType.essence.length;
  }
  return length;
};
const describeDataURL = (parse) => (input) => {
  const result = parse(input);
  return result === null ? null : [result.mimeType.toString(), Buffer.from(result.body).toString('base64')];
};
agree('parseDataURL, WPT inputs', DATA_URLS, (parse) => dataURLInputs.map(describeDataURL(parse)));
agree('parseDataURL, 1 MB', DATA_URLS, (parse) => describeDataURL(parse)(bigDataURL));

// Encoding sniffing: every page of the legacy-encoded corpus, as jsdom sniffs a document from
// bytes (HTML, no transport-layer label; XML files as XML).
function* files(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}
const pages = [...files(join(dataDir, 'legacy-encoded'))]
  .filter((path) => /\.(?:html?|xml|txt)$/.test(path))
  .map((path) => ({ bytes: new Uint8Array(readFileSync(path)), options: { xml: path.endsWith('.xml') } }));
const sniffPages = (sniff) => () => {
  let length = 0;
  for (const { bytes, options } of pages) length += sniff(bytes, options).length;
  return length;
};
agree('sniffHTMLEncoding', SNIFFERS, (sniff) => pages.map(({ bytes, options }) => sniff(bytes, options)));

const candidates = (packages, make) => Object.fromEntries(Object.entries(packages).map(([name, api]) => [name, make(api)]));

compare(
  `whatwg-mimetype API: MIMEType.parse + toString over WPT's ${mimeInputs.length} MIME type inputs`,
  candidates(MIME_PACKAGES, parseAndSerializeMIMETypes),
  {
    summary: {
      'whatwg-mimetype drop-in: MIMEType.parse + toString, WPT inputs / whatwg-mimetype': [
        'webweft/whatwg-mimetype',
        'whatwg-mimetype 5',
      ],
    },
  },
);
compare(
  `data-urls API: parseDataURL over WPT's ${dataURLInputs.length} data: URL inputs`,
  candidates(DATA_URLS, parseDataURLs(dataURLInputs)),
  {
    summary: { 'data-urls drop-in: parseDataURL, WPT inputs / data-urls': ['webweft/data-urls', 'data-urls 8'] },
  },
);
compare('data-urls API: parseDataURL of a 1 MB base64 data: URL', candidates(DATA_URLS, parseDataURLs([bigDataURL])), {
  bytes: bigDataURL.length,
  summary: { 'data-urls drop-in: parseDataURL, 1 MB base64 / data-urls': ['webweft/data-urls', 'data-urls 8'] },
});
compare(`html-encoding-sniffer API: the encoding of ${pages.length} real pages`, candidates(SNIFFERS, sniffPages), {
  summary: {
    'html-encoding-sniffer drop-in: real pages / html-encoding-sniffer': [
      'webweft/html-encoding-sniffer',
      'html-encoding-sniffer 7',
    ],
  },
});
