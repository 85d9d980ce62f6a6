// Encoding: decode real legacy-encoded pages and UTF-8 Wikipedia texts, and encode them back:
// weft vs Node's native TextDecoder/TextEncoder vs @exodus/bytes vs iconv-lite, side by side;
// and the many-small-calls case. Data from BENCH_DATA_DIR; see its SOURCES.md.
// WEFT_BEFORE=path/to/another/pkg adds that build as a candidate (before/after comparisons);
// BENCH_ENCODING=small runs only the small-call workloads.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import * as exodus from '@exodus/bytes/encoding.js';
import iconv from 'iconv-lite';
import * as weft from 'webweft';
import { legacyWorkloads } from '../shared/workloads.mjs';
import { compare } from './harness.mjs';
import { folderBytes, wikipediaBytes } from './data.mjs';

const before = process.env.WEFT_BEFORE
  ? await import(
      resolve(process.env.WEFT_BEFORE, existsSync(resolve(process.env.WEFT_BEFORE, 'index.mjs')) ? 'index.mjs' : 'index.js')
    )
  : undefined;
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
  // The summary's small-call rows are the Japanese UTF-8 case (two-byte output).
  const row = (name) => (what === 'Japanese' ? { [name]: ['weft TextDecoder', 'native TextDecoder'] } : {});
  compare(
    `new TextDecoder('${label}').decode(3 bytes, ${what})`,
    candidates((Decoder) => () => new Decoder(label).decode(bytes)),
    {
      summary: row('new TextDecoder().decode(3 bytes) / native'),
    },
  );
  compare(
    `reused TextDecoder('${label}').decode(3 bytes, ${what})`,
    candidates((Decoder) => {
      const decoder = new Decoder(label);
      return () => decoder.decode(bytes);
    }),
    { summary: row('reused TextDecoder, decode(3 bytes) / native') },
  );
}

for (const [folder, label, row] of onlySmall ? [] : legacyWorkloads) {
  const bytes = folderBytes(folder);
  const native = new TextDecoder(label);
  const ours = new weft.TextDecoder(label);
  const oursBefore = before && new before.TextDecoder(label);
  const theirs = new exodus.TextDecoder(label);
  compare(
    `decode ${folder} pages (${(bytes.length / 1024).toFixed(0)} KiB) as ${label}`,
    {
      'weft TextDecoder': () => ours.decode(bytes),
      'native TextDecoder': () => native.decode(bytes),
      ...(before ? { 'weft before': () => oursBefore.decode(bytes) } : {}),
      '@exodus/bytes': () => theirs.decode(bytes),
      'iconv-lite': () => iconv.decode(bytes, label),
    },
    { bytes: bytes.length, summary: { [row]: ['weft TextDecoder', 'native TextDecoder'] } },
  );
}

for (const name of onlySmall ? [] : ['en.txt', 'ja.txt', 'ru.txt', 'zh_cn.txt']) {
  const bytes = wikipediaBytes(name);
  const text = new TextDecoder().decode(bytes);
  const ours = new weft.TextDecoder();
  const oursBefore = before && new before.TextDecoder();
  const native = new TextDecoder();
  const theirs = new exodus.TextDecoder();
  const row = `UTF-8 decode, Wikipedia ${name.slice(0, -4)} / native`;
  compare(
    `UTF-8 decode ${name} (${(bytes.length / 1024).toFixed(0)} KiB)`,
    {
      'weft TextDecoder': () => ours.decode(bytes),
      'native TextDecoder': () => native.decode(bytes),
      ...(before ? { 'weft before': () => oursBefore.decode(bytes) } : {}),
      '@exodus/bytes': () => theirs.decode(bytes),
      'iconv-lite': () => iconv.decode(bytes, 'utf-8'),
    },
    { bytes: bytes.length, summary: { [row]: ['weft TextDecoder', 'native TextDecoder'] } },
  );
  const weftEncoder = new weft.TextEncoder();
  const nativeEncoder = new TextEncoder();
  const exodusEncoder = new exodus.TextEncoder();
  compare(
    `UTF-8 encode ${name}`,
    {
      'weft TextEncoder': () => weftEncoder.encode(text),
      'native TextEncoder': () => nativeEncoder.encode(text),
      '@exodus/bytes': () => exodusEncoder.encode(text),
      'iconv-lite': () => iconv.encode(text, 'utf-8'),
    },
    { bytes: bytes.length },
  );
}

// Legacy encoders: the Shift_JIS and GBK pages' text encoded back.
for (const [folder, label, row] of onlySmall
  ? []
  : [
      ['SHIFT_JIS', 'shift_jis', 'legacy encode Shift_JIS, html mode / iconv-lite'],
      ['GB2312', 'gbk', 'legacy encode GBK, html mode / iconv-lite'],
    ]) {
  const text = new TextDecoder(label).decode(folderBytes(folder)).replaceAll('\uFFFD', '?');
  compare(
    `encode ${folder} text back to ${label} (html mode)`,
    {
      'weft.encode': () => weft.encode(text, label, { mode: 'html' }),
      'iconv-lite': () => iconv.encode(text, label),
    },
    { bytes: text.length, summary: { [row]: ['weft.encode', 'iconv-lite'] } },
  );
}
