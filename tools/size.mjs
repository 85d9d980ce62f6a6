#!/usr/bin/env node
// `make size`: the optimized wasm's size (raw / gzip / brotli) for each cargo feature set, so
// that what each area adds is visible. Builds exactly as tools/build-pkg.mjs does.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { bindgen, compileWasm, optimize, root, sizes } from './wasm.mjs';

const featureSets = {
  base64: 'base64',
  url: 'url',
  'url + public-suffix': 'public-suffix',
  encoding: 'encoding',
  'encoding + legacy CJK': 'encoding-legacy',
  html: 'html',
  'structured-clone': 'structured-clone',
  'npm package weft/lite (lite)': 'lite',
  'npm package weft (full)': 'full',
};
const metadata = JSON.parse(execFileSync('cargo', ['metadata', '--no-deps', '--format-version', '1'], { cwd: root }));
const known = new Set(Object.keys(metadata.packages[0].features));
const work = join(root, 'target', 'size');
mkdirSync(work, { recursive: true });

console.log('feature set                     raw bytes    gzip -9    brotli');
for (const [name, features] of Object.entries(featureSets)) {
  if (features && !features.split(',').every((f) => known.has(f))) continue;
  bindgen(compileWasm({ features, quiet: true }), work);
  optimize(join(work, 'weft_bg.wasm'), join(work, 'optimized.wasm'));
  const { raw, gzip, brotli } = sizes(join(work, 'optimized.wasm'));
  console.log(`${name.padEnd(30)} ${String(raw).padStart(10)} ${String(gzip).padStart(10)} ${String(brotli).padStart(9)}`);
}
