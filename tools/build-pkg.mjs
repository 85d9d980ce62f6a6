#!/usr/bin/env node
// Builds pkg/ — the npm package — from the crate, js/ and pkg-template/:
//   1. the wasm, with LTO (`cargo rustc --crate-type cdylib`, since LTO is ignored for a
//      cdylib+rlib build), 2. wasm-bindgen's `web` glue (one glue serves every host: each entry
//      point only differs in how it obtains the wasm bytes), 3. wasm-opt from npm `binaryen`,
//   4. esbuild bundles one file per host from js/entries/, 5. the template files.
// Usage: node tools/build-pkg.mjs [--out pkg] [--debug] [--features a,b]
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const outDir = resolve(root, args.includes('--out') ? args[args.indexOf('--out') + 1] : 'pkg');
const debug = args.includes('--debug');
const features = args.includes('--features') ? ['--features', args[args.indexOf('--features') + 1]] : [];

const target = 'wasm32-unknown-unknown';
const profile = debug ? 'debug' : 'release';

function run(command, commandArgs, options = {}) {
  execFileSync(command, commandArgs, { cwd: root, stdio: 'inherit', ...options });
}

// 1. The wasm.
run('cargo', ['rustc', '--lib', '--target', target, '--crate-type', 'cdylib', ...features, ...(debug ? [] : ['--release'])]);
const rawWasm = join(root, 'target', target, profile, 'weft.wasm');

// 2. The glue. --weak-refs: exported Rust objects are freed by a FinalizationRegistry.
// --experimental-reset-state-function: after a panic (which traps), the next call gets a fresh
// instance (see src/bindings/mod.rs).
const glueDir = join(root, 'target', 'wasm-bindgen', basename(outDir));
rmSync(glueDir, { recursive: true, force: true });
run('wasm-bindgen', [
  '--target', 'web', '--weak-refs', '--experimental-reset-state-function',
  '--out-dir', glueDir, '--out-name', 'weft', rawWasm,
]);

// The facade reads wasm memory directly (js/io.js); it must always see the current instance,
// which changes when the glue resets it, so the glue gets an accessor for it.
appendFileSync(join(glueDir, 'weft.js'), '\n// Added by tools/build-pkg.mjs for js/runtime.js.\nexport function __weftExports() { return wasm; }\n');

// 3. Optimize. The features are those rustc enables by default for wasm32 (wasm-bindgen drops
// the target-features section wasm-opt would otherwise read).
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const wasmOut = join(outDir, 'weft_bg.wasm');
if (debug) {
  cpSync(join(glueDir, 'weft_bg.wasm'), wasmOut);
} else {
  run(join(root, 'node_modules', '.bin', 'wasm-opt'), [
    '-O3',
    '--enable-bulk-memory',
    '--enable-nontrapping-float-to-int',
    '--enable-sign-ext',
    '--enable-mutable-globals',
    '--enable-reference-types',
    '--enable-multivalue',
    join(glueDir, 'weft_bg.wasm'),
    '-o',
    wasmOut,
  ]);
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
if (features.join().includes('testing-hooks')) {
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

const wasm = readFileSync(wasmOut);
const sizes = {
  raw: statSync(wasmOut).size,
  gzip: gzipSync(wasm, { level: 9 }).length,
  brotli: brotliCompressSync(wasm).length,
};
writeFileSync(join(root, 'target', 'wasm-sizes.json'), `${JSON.stringify(sizes, null, 2)}\n`);
console.log(`${wasmOut}: ${sizes.raw} bytes raw, ${sizes.gzip} gzip, ${sizes.brotli} brotli`);
