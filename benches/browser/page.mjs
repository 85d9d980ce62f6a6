// The browser half of `make bench`: the same workloads as benches/node/, weft against the
// browser's own URL, TextDecoder, structuredClone, atob/btoa and Uint8Array base64, side by
// side in one page. benches/browser/run.mjs serves it and reads window.benchResult.
import { cloneWorkloads, MiB } from '../shared/clone-data.mjs';
import {
  canParseAll,
  compareAtobBtoa,
  legacyWorkloads,
  parseAll,
  queriesOf,
  searchParamsWorkload,
  urlsOf,
} from '../shared/workloads.mjs';

const params = new URLSearchParams(location.search);
globalThis.benchSettings = Object.fromEntries(params);
const { compare, summary } = await import('../node/harness.mjs');
const only = params.get('BENCH_ONLY')?.split(',');
const runs = (name) => !only || only.includes(name);

// The package's browser build: each area's wasm is inline and instantiates on first use.
const weft = await import('/pkg/index.js');
const manifest = await (await fetch('/manifest.json')).json();
const fetchBytes = async (path) => new Uint8Array(await (await fetch(`/data/${path}`)).arrayBuffer());
const concat = (parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

if (runs('base64')) {
  const bytes = new Uint8Array(1 << 20).map((_, i) => (i * 2654435761) >>> 24);
  const latin1 = Array.from(bytes, (b) => String.fromCharCode(b)).join('');
  const encoded = btoa(latin1);
  compare(
    'base64 encode 1 MiB of bytes',
    {
      'weft.base64Encode': () => weft.base64Encode(bytes),
      'Uint8Array#toBase64': () => bytes.toBase64(),
    },
    {
      bytes: bytes.length,
      summary: { 'base64Encode 1 MiB / Buffer (Chromium: toBase64)': ['weft.base64Encode', 'Uint8Array#toBase64'] },
    },
  );
  compare(
    'base64 decode to 1 MiB of bytes',
    {
      'weft.base64Decode': () => weft.base64Decode(encoded),
      'Uint8Array.fromBase64': () => Uint8Array.fromBase64(encoded),
    },
    {
      bytes: bytes.length,
      summary: {
        'base64Decode 1 MiB / Buffer (Chromium: Uint8Array.fromBase64)': ['weft.base64Decode', 'Uint8Array.fromBase64'],
      },
    },
  );
  compareAtobBtoa(compare, weft, { latin1, encoded, bytes: bytes.length });
}

if (runs('encoding')) {
  for (const [folder, label, row] of legacyWorkloads) {
    const bytes = concat(await Promise.all(manifest.legacy[folder].map(fetchBytes)));
    const ours = new weft.TextDecoder(label);
    const native = new TextDecoder(label);
    compare(
      `decode ${folder} pages (${(bytes.length / 1024).toFixed(0)} KiB) as ${label}`,
      {
        'weft TextDecoder': () => ours.decode(bytes),
        'native TextDecoder': () => native.decode(bytes),
      },
      { bytes: bytes.length, summary: { [row]: ['weft TextDecoder', 'native TextDecoder'] } },
    );
  }
  for (const name of ['en', 'ja']) {
    const bytes = await fetchBytes(`utf8-text/encoding_bench-wikipedia/${name}.txt`);
    const ours = new weft.TextDecoder();
    const native = new TextDecoder();
    compare(
      `UTF-8 decode ${name}.txt`,
      {
        'weft TextDecoder': () => ours.decode(bytes),
        'native TextDecoder': () => native.decode(bytes),
      },
      {
        bytes: bytes.length,
        summary: { [`UTF-8 decode, Wikipedia ${name} / native`]: ['weft TextDecoder', 'native TextDecoder'] },
      },
    );
  }
  const small = new Uint8Array([0x61, 0xc3, 0xa9]);
  const reusedWeft = new weft.TextDecoder();
  const reusedNative = new TextDecoder();
  compare(
    'new TextDecoder().decode(3 bytes)',
    {
      weft: () => new weft.TextDecoder().decode(small),
      native: () => new TextDecoder().decode(small),
    },
    { summary: { 'new TextDecoder().decode(3 bytes) / native': ['weft', 'native'] } },
  );
  compare(
    'a reused TextDecoder, decode(3 bytes)',
    {
      weft: () => reusedWeft.decode(small),
      native: () => reusedNative.decode(small),
    },
    { summary: { 'reused TextDecoder, decode(3 bytes) / native': ['weft', 'native'] } },
  );
}

if (runs('structured-clone')) {
  for (const [title, value, row] of cloneWorkloads) {
    const rows = {};
    if (row) rows[row] = ['weft.deserialize(weft.serialize)', 'native structuredClone'];
    if (value === cloneWorkloads[0][1])
      rows['structuredClone 1,000 small objects / native'] = ['weft.structuredClone', 'native structuredClone'];
    if (row === null) rows['structuredClone 10 MiB typed arrays / native'] = ['weft.structuredClone', 'native structuredClone'];
    compare(
      `structured clone: ${title}`,
      {
        'native structuredClone': () => structuredClone(value),
        'weft.structuredClone': () => weft.structuredClone(value),
        'weft.deserialize(weft.serialize)': () => weft.deserialize(weft.serialize(value)),
      },
      { bytes: row === null ? 10 * MiB : undefined, summary: rows },
    );
  }
}

if (runs('url')) {
  const texts = await Promise.all(manifest.urls.map(async (path) => (await fetch(`/data/${path}`)).text()));
  const urls = urlsOf(texts);
  console.log(`\nURL corpus: ${urls.length} URLs`);
  compare(
    `new URL(x) + href + pathname, all ${urls.length} URLs`,
    {
      'native URL (Chromium)': parseAll(URL, urls),
      'weft.URL': parseAll(weft.URL, urls),
    },
    { summary: { 'new URL + href + pathname, 109k URLs / native': ['weft.URL', 'native URL (Chromium)'] } },
  );
  compare(
    `URL.canParse(x), all ${urls.length} URLs`,
    {
      'native URL.canParse': canParseAll(URL, urls),
      'weft.URL.canParse': canParseAll(weft.URL, urls),
    },
    { summary: { 'URL.canParse, 109k URLs / native': ['weft.URL.canParse', 'native URL.canParse'] } },
  );
  const queries = queriesOf(urls);
  compare(
    `URLSearchParams: parse + append + set + toString of ${queries.length} queries, build 100 pairs`,
    {
      'native URLSearchParams': searchParamsWorkload(URLSearchParams, queries),
      'weft.URLSearchParams': searchParamsWorkload(weft.URLSearchParams, queries),
    },
    { summary: { 'URLSearchParams parse/append/set/toString / native': ['weft.URLSearchParams', 'native URLSearchParams'] } },
  );
}

window.benchResult = { host: `Chromium ${navigator.userAgent.match(/Chrome\/([\d.]+)/)?.[1]}`, summary };
