// Encoding: decode real legacy-encoded pages and UTF-8 Wikipedia texts, and encode them back:
// weft vs Node's native TextDecoder/TextEncoder vs @exodus/bytes vs iconv-lite, side by side;
// and the many-small-calls case. Data from BENCH_DATA_DIR; see its SOURCES.md.
import * as exodus from '@exodus/bytes/encoding.js';
import iconv from 'iconv-lite';
import * as weft from 'webweft';
import { legacyWorkloads } from '../shared/workloads.mjs';
import { compare } from './harness.mjs';
import { folderBytes, wikipediaBytes } from './data.mjs';

for (const [folder, label, row] of legacyWorkloads) {
  const bytes = folderBytes(folder);
  const native = new TextDecoder(label);
  const ours = new weft.TextDecoder(label);
  const theirs = new exodus.TextDecoder(label);
  compare(`decode ${folder} pages (${(bytes.length / 1024).toFixed(0)} KiB) as ${label}`, {
    'weft TextDecoder': () => ours.decode(bytes),
    'native TextDecoder': () => native.decode(bytes),
    '@exodus/bytes': () => theirs.decode(bytes),
    'iconv-lite': () => iconv.decode(bytes, label),
  }, { bytes: bytes.length, summary: { [row]: ['weft TextDecoder', 'native TextDecoder'] } });
}

for (const name of ['en.txt', 'ja.txt', 'ru.txt', 'zh_cn.txt']) {
  const bytes = wikipediaBytes(name);
  const text = new TextDecoder().decode(bytes);
  const ours = new weft.TextDecoder();
  const native = new TextDecoder();
  const theirs = new exodus.TextDecoder();
  const row = `UTF-8 decode, Wikipedia ${name.slice(0, -4)} / native`;
  compare(`UTF-8 decode ${name} (${(bytes.length / 1024).toFixed(0)} KiB)`, {
    'weft TextDecoder': () => ours.decode(bytes),
    'native TextDecoder': () => native.decode(bytes),
    '@exodus/bytes': () => theirs.decode(bytes),
    'iconv-lite': () => iconv.decode(bytes, 'utf-8'),
  }, { bytes: bytes.length, summary: { [row]: ['weft TextDecoder', 'native TextDecoder'] } });
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

// Many small calls: the per-call overhead.
const small = new Uint8Array([0x61, 0xc3, 0xa9]);
const reusedWeft = new weft.TextDecoder();
const reusedNative = new TextDecoder();
compare('new TextDecoder().decode(3 bytes)', {
  'weft': () => new weft.TextDecoder().decode(small),
  'native': () => new TextDecoder().decode(small),
}, { summary: { 'new TextDecoder().decode(3 bytes) / native': ['weft', 'native'] } });
compare('a reused TextDecoder, decode(3 bytes)', {
  'weft': () => reusedWeft.decode(small),
  'native': () => reusedNative.decode(small),
}, { summary: { 'reused TextDecoder, decode(3 bytes) / native': ['weft', 'native'] } });

// Legacy encoders: the Shift_JIS and GBK pages' text encoded back.
for (const [folder, label, row] of [
  ['SHIFT_JIS', 'shift_jis', 'legacy encode Shift_JIS, html mode / iconv-lite'],
  ['GB2312', 'gbk', 'legacy encode GBK, html mode / iconv-lite'],
]) {
  const text = new TextDecoder(label).decode(folderBytes(folder)).replaceAll('\uFFFD', '?');
  compare(`encode ${folder} text back to ${label} (html mode)`, {
    'weft.encode': () => weft.encode(text, label, { mode: 'html' }),
    'iconv-lite': () => iconv.encode(text, label),
  }, { bytes: text.length, summary: { [row]: ['weft.encode', 'iconv-lite'] } });
}
