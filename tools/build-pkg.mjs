#!/usr/bin/env node
// Builds pkg/ — the npm package — from the crate, js/ and pkg-template/:
//   1. the wasm, with LTO (`cargo rustc --crate-type cdylib`, since LTO is ignored for a
//      cdylib+rlib build), 2. wasm-bindgen's `web` glue (one glue serves every host: each entry
//      point only differs in how it obtains the wasm bytes), 3. wasm-opt from npm `binaryen`,
//   4. esbuild bundles one file per host from js/entries/, 5. the template files.
// Steps 1-4 run twice: for `weft` and for `weft/lite` (no legacy multi-byte encodings).
// Usage: node tools/build-pkg.mjs [--out pkg] [--debug] [--features a,b] [--no-lite]
import { appendFileSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { bindgen, compileWasm, optimize, root, sizes } from './wasm.mjs';

const args = process.argv.slice(2);
const outDir = resolve(root, args.includes('--out') ? args[args.indexOf('--out') + 1] : 'pkg');
const debug = args.includes('--debug');
const features = args.includes('--features') ? args[args.indexOf('--features') + 1] : '';

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

/**
 * One variant of the package: its wasm (cargo feature set `cargoFeatures`), its glue
 * (`${name}.js`, whose wasm is `${name}_bg.wasm`) and its bundles (`${prefix}.mjs`, ...).
 * Returns the optimized wasm's path.
 */
async function buildVariant({ name, prefix, cargoFeatures, polyfill, testing }) {
  // 1. The wasm; 2. the glue.
  const rawWasm = compileWasm({ features: features ? `${cargoFeatures},${features}` : cargoFeatures, debug });
  const glueDir = join(root, 'target', 'wasm-bindgen', basename(outDir), name);
  rmSync(glueDir, { recursive: true, force: true });
  bindgen(rawWasm, glueDir, name);
  // The facade reads wasm memory directly (js/io.js); it must always see the current instance,
  // which changes when the glue resets it, so the glue gets an accessor for it.
  appendFileSync(join(glueDir, `${name}.js`), '\n// Added by tools/build-pkg.mjs for js/runtime.js.\nexport function __weftExports() { return wasm; }\n');

  // 3. Optimize (the debug build skips it).
  const wasmFile = `${name}_bg.wasm`;
  const wasmOut = join(outDir, wasmFile);
  if (debug) {
    cpSync(join(glueDir, wasmFile), wasmOut);
  } else {
    optimize(join(glueDir, wasmFile), wasmOut);
  }

  // 4. One bundle per host. `#glue` is this variant's glue; `#wasm-file` names its wasm for
  // the entries that load it themselves.
  const variant = {
    name: 'weft-variant',
    setup(build) {
      build.onResolve({ filter: /^#glue$/ }, () => ({ path: join(glueDir, `${name}.js`) }));
      build.onResolve({ filter: /^#wasm-file$/ }, () => ({ path: 'wasm-file', namespace: 'weft-variant' }));
      build.onLoad({ filter: /.*/, namespace: 'weft-variant' }, () => ({
        contents: `export const wasmFile = ${JSON.stringify(wasmFile)};`,
        loader: 'js',
      }));
    },
  };
  const bundles = [
    { entry: 'node.mjs', out: `${prefix}.mjs`, format: 'esm', platform: 'node' },
    { entry: 'node.cjs.js', out: `${prefix}.cjs`, format: 'cjs', platform: 'node' },
    { entry: 'deno.js', out: `${prefix}.deno.js`, format: 'esm', platform: 'neutral' },
    { entry: 'web.js', out: `${prefix}.web.js`, format: 'esm', platform: 'browser', minify: !debug },
  ];
  if (polyfill) {
    bundles.push({ entry: 'polyfill.js', out: `${prefix}.polyfill.js`, format: 'iife', platform: 'browser', minify: !debug, globalName: 'webweft' });
  }
  if (testing) {
    bundles.push({ entry: 'testing.mjs', out: `${prefix}.testing.mjs`, format: 'esm', platform: 'node' });
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
      plugins: [variant],
      legalComments: 'none',
      // The glue's default wasm URL (import.meta.url) is never used by these entries.
      logOverride: { 'empty-import-meta': 'silent' },
      logLevel: 'warning',
    });
  }
  return wasmOut;
}

// `weft` has every cargo feature (`full`); `weft/lite` (`lite`) leaves out the legacy multi-byte
// encodings and the Public Suffix List (see Cargo.toml); --no-lite skips it.
const variants = [
  { name: 'weft', prefix: 'weft', cargoFeatures: 'full', polyfill: true, testing: features.includes('testing-hooks') },
];
if (!args.includes('--no-lite')) variants.push({ name: 'weft_lite', prefix: 'weft-lite', cargoFeatures: 'lite' });
const wasmFiles = [];
for (const variant of variants) wasmFiles.push(await buildVariant(variant));

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

for (const file of wasmFiles) {
  const { raw, gzip, brotli } = sizes(file);
  console.log(`${file}: ${raw} bytes raw, ${gzip} gzip, ${brotli} brotli`);
}
