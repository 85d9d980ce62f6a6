// Encoding: decode real legacy-encoded pages and UTF-8 Wikipedia texts, and encode them back:
// weft vs Node's native TextDecoder/TextEncoder vs @exodus/bytes vs iconv-lite, side by side.
// Data from BENCH_DATA_DIR (default ../shared/bench-data); see its SOURCES.md.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as exodus from '@exodus/bytes/encoding.js';
import iconv from 'iconv-lite';
import * as weft from 'webweft';
import { compare } from './harness.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
// WEFT_BEFORE=path/to/another/pkg adds that build as a candidate (before/after comparisons);
// BENCH_ENCODING=small runs only the small-call workloads.
const before = process.env.WEFT_BEFORE ? await import(resolve(process.env.WEFT_BEFORE, 'weft.mjs')) : undefined;
const onlySmall = process.env.BENCH_ENCODING === 'small';

// Many small calls: a new decoder per 3-byte decode, and one decoder reused.
const small = [
  ['ASCII', 'utf-8', [0x61, 0x62, 0x63]],
  ['Japanese', 'utf-8', [0xe3, 0x81, 0x82]],
  ['Shift_JIS', 'shift_jis', [0x82, 0xa0, 0x41]],
];
for (const [what, label, list] of small) {
  const bytes = Uint8Array.from(list);
  const candidates = (make) => {
    const entries = [
      ['weft TextDecoder', make(weft.TextDecoder)],
      ['native TextDecoder', make(TextDecoder)],
    ];
    if (before) entries.push(['weft before', make(before.TextDecoder)]);
    entries.push(['@exodus/bytes', make(exodus.TextDecoder)]);
    return Object.fromEntries(entries);
  };
  compare(`new TextDecoder('${label}').decode(3 bytes, ${what})`, candidates((Decoder) => () => new Decoder(label).decode(bytes)));
  compare(`reused TextDecoder('${label}').decode(3 bytes, ${what})`, candidates((Decoder) => {
    const decoder = new Decoder(label);
    return () => decoder.decode(bytes);
  }));
}
const dataDir = resolve(process.env.BENCH_DATA_DIR ?? join(root, '..', 'shared', 'bench-data'));

/** Every file of a folder, concatenated (pages are a few KB each; one call decodes them all). */
function folderBytes(folder) {
  const dir = join(dataDir, 'legacy-encoded', 'chardet-tests', folder);
  const files = readdirSync(dir).sort().map((name) => readFileSync(join(dir, name)));
  return new Uint8Array(Buffer.concat(files));
}

// Folder → WHATWG label (SOURCES.md's table).
const legacy = [
  ['SHIFT_JIS', 'shift_jis'],
  ['EUC-JP', 'euc-jp'],
  ['EUC-KR', 'euc-kr'],
  ['GB2312', 'gbk'],
  ['Big5', 'big5'],
  ['KOI8-R', 'koi8-r'],
];

for (const [folder, label] of onlySmall ? [] : legacy) {
  const bytes = folderBytes(folder);
  const native = new TextDecoder(label);
  const ours = new weft.TextDecoder(label);
  const oursBefore = before && new before.TextDecoder(label);
  const theirs = new exodus.TextDecoder(label);
  compare(`decode ${folder} pages (${(bytes.length / 1024).toFixed(0)} KiB) as ${label}`, {
    'weft TextDecoder': () => ours.decode(bytes),
    'native TextDecoder': () => native.decode(bytes),
    ...(before ? { 'weft before': () => oursBefore.decode(bytes) } : {}),
    '@exodus/bytes': () => theirs.decode(bytes),
    'iconv-lite': () => iconv.decode(bytes, label),
  }, { bytes: bytes.length });
}

const wikipedia = join(dataDir, 'utf8-text', 'encoding_bench-wikipedia');
for (const name of onlySmall ? [] : ['en.txt', 'ja.txt', 'ru.txt', 'zh_cn.txt']) {
  const bytes = new Uint8Array(readFileSync(join(wikipedia, name)));
  const text = new TextDecoder().decode(bytes);
  const ours = new weft.TextDecoder();
  const oursBefore = before && new before.TextDecoder();
  const native = new TextDecoder();
  const theirs = new exodus.TextDecoder();
  compare(`UTF-8 decode ${name} (${(bytes.length / 1024).toFixed(0)} KiB)`, {
    'weft TextDecoder': () => ours.decode(bytes),
    'native TextDecoder': () => native.decode(bytes),
    ...(before ? { 'weft before': () => oursBefore.decode(bytes) } : {}),
    '@exodus/bytes': () => theirs.decode(bytes),
    'iconv-lite': () => iconv.decode(bytes, 'utf-8'),
  }, { bytes: bytes.length });
  const weftEncoder = new weft.TextEncoder();
  const nativeEncoder = new TextEncoder();
  const exodusEncoder = new exodus.TextEncoder();
  compare(`UTF-8 encode ${name}`, {
    'weft TextEncoder': () => weftEncoder.encode(text),
    'native TextEncoder': () => nativeEncoder.encode(text),
    '@exodus/bytes': () => exodusEncoder.encode(text),
    'iconv-lite': () => iconv.encode(text, 'utf-8'),
  }, { bytes: bytes.length });
}

// Legacy encoders: the Shift_JIS and GBK pages' text encoded back.
for (const [folder, label] of onlySmall ? [] : [['SHIFT_JIS', 'shift_jis'], ['GB2312', 'gbk']]) {
  const text = new TextDecoder(label).decode(folderBytes(folder)).replaceAll('\uFFFD', '?');
  compare(`encode ${folder} text back to ${label} (html mode)`, {
    'weft.encode': () => weft.encode(text, label, { mode: 'html' }),
    'iconv-lite': () => iconv.encode(text, label),
  }, { bytes: text.length });
}
