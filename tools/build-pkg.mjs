#!/usr/bin/env node
// Builds pkg/ — the npm package — from the crate, js/ and pkg-template/:
//   1. the wasm, with LTO (`cargo rustc --crate-type cdylib`, since LTO is ignored for a
//      cdylib+rlib build), 2. wasm-bindgen's `web` glue (one glue serves every host: each entry
//      point only differs in how it obtains the wasm bytes), 3. wasm-opt from npm `binaryen`,
//   4. esbuild bundles one file per host from js/entries/, 5. the template files.
// Usage: node tools/build-pkg.mjs [--out pkg] [--debug] [--features a,b]
import { appendFileSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { bindgen, compileWasm, optimize, root, sizes } from './wasm.mjs';

const args = process.argv.slice(2);
const outDir = resolve(root, args.includes('--out') ? args[args.indexOf('--out') + 1] : 'pkg');
const debug = args.includes('--debug');
const features = args.includes('--features') ? args[args.indexOf('--features') + 1] : '';

// 1. The wasm; 2. the glue.
// The `npm` feature set: everything but the Public Suffix List (see Cargo.toml).
const rawWasm = compileWasm({ features: features ? `npm,${features}` : 'npm', debug });
const glueDir = join(root, 'target', 'wasm-bindgen', basename(outDir));
rmSync(glueDir, { recursive: true, force: true });
bindgen(rawWasm, glueDir);
// The facade reads wasm memory directly (js/io.js); it must always see the current instance,
// which changes when the glue resets it, so the glue gets an accessor for it.
appendFileSync(join(glueDir, 'weft.js'), '\n// Added by tools/build-pkg.mjs for js/runtime.js.\nexport function __weftExports() { return wasm; }\n');

// 3. Optimize (the debug build skips it).
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const wasmOut = join(outDir, 'weft_bg.wasm');
if (debug) {
  cpSync(join(glueDir, 'weft_bg.wasm'), wasmOut);
} else {
  optimize(join(glueDir, 'weft_bg.wasm'), wasmOut);
}

// 4. One bundle per host.
const glue = {
  name: 'weft-glue',
  setup(build) {
    build.onResolve({ filter: /^#glue$/ }, () => ({ path: join(glueDir, 'weft.js') }));
  },
};
const bundles = [
  { entry: 'node.mjs', out: 'weft.mjs', format: 'esm', platform: 'node' },
  { entry: 'node.cjs.js', out: 'weft.cjs', format: 'cjs', platform: 'node' },
  { entry: 'deno.js', out: 'weft.deno.js', format: 'esm', platform: 'neutral' },
  { entry: 'web.js', out: 'weft.web.js', format: 'esm', platform: 'browser', minify: !debug },
  { entry: 'polyfill.js', out: 'weft.polyfill.js', format: 'iife', platform: 'browser', minify: !debug, globalName: 'weft' },
];
if (features.includes('testing-hooks')) {
  bundles.push({ entry: 'testing.mjs', out: 'weft.testing.mjs', format: 'esm', platform: 'node' });
}
for (const bundle of bundles) {
  await esbuild.build({
    entryPoints: [join(root, 'js', 'entries', bundle.entry)],
    outfile: join(outDir, bundle.out),
    bundle: true,
    format: bundle.format,
    platform: bundle.platform,
    globalName: bundle.globalName,
    minify: bundle.minify ?? false,
    target: 'es2022',
    external: ['node:*'],
    plugins: [glue],
    legalComments: 'none',
    // The glue's default wasm URL (import.meta.url) is never used by these entries.
    logOverride: { 'empty-import-meta': 'silent' },
    logLevel: 'warning',
  });
}

// 5. Template: package.json and README; the types, one self-contained .d.ts per entry (relative
// imports between .d.ts files resolve differently in tsc, Deno and bundlers).
for (const file of ['package.json', 'README.md']) cpSync(join(root, 'pkg-template', file), join(outDir, file));
const declarations = (dir) =>
  readdirSync(join(root, 'pkg-template', dir))
    .sort()
    .map((file) => readFileSync(join(root, 'pkg-template', dir, file), 'utf8'))
    .join('\n');
const header = '// weft: type declarations (assembled by tools/build-pkg.mjs from pkg-template/types*/)\n\n';
writeFileSync(join(outDir, 'weft.d.ts'), header + declarations('types'));
writeFileSync(join(outDir, 'weft.web.d.ts'), header + declarations('types') + '\n' + declarations('types-web'));

const wasmSizes = sizes(wasmOut);
writeFileSync(join(root, 'target', 'wasm-sizes.json'), `${JSON.stringify(wasmSizes, null, 2)}\n`);
console.log(`${wasmOut}: ${wasmSizes.raw} bytes raw, ${wasmSizes.gzip} gzip, ${wasmSizes.brotli} brotli`);
