#!/usr/bin/env node
// Builds pkg/ — the npm package — from the crate, js/ and pkg-template/. One area per subpath
// (`webweft/url`, `webweft/encoding`, ...), each with a wasm of its own:
//   1. the wasm of each unit (cargo feature set, UNITS below), with LTO; 2. wasm-bindgen's `web`
//      glue, rewritten so that every export instantiates the wasm synchronously on first call
//      (nothing compiles at import) and host globals are read through js/utf8.js; 3. wasm-opt,
//      then the glue loses the imports the optimized wasm does not have;
//   4. esbuild, per area: NAME.cjs for Node/Bun (reads NAME.wasm beside it on first use),
//      NAME.mjs (re-exports NAME.cjs: `require` and `import` share one instance), NAME.js for
//      browsers, bundlers and Deno (ESM with the wasm inline, in UNIT-wasm.js, so no bundler needs
//      a loader or a copy and Deno needs no permission; with shared-*.js, modules every area
//      uses), NAME.polyfill.js (a classic script);
//      index.* and lite.* re-export the area files; polyfill.js is every area's polyfill in one;
//   5. the template files and one .d.ts per subpath.
// Usage: node tools/build-pkg.mjs [--out pkg] [--debug] [--features a,b] [--no-lite]
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import zopfli from '@gfx/zopfli';
import * as esbuild from 'esbuild';
import { bindgen, compileWasm, optimize, root, sizes } from './wasm.mjs';

const args = process.argv.slice(2);
const outDir = resolve(root, args.includes('--out') ? args[args.indexOf('--out') + 1] : 'pkg');
const debug = args.includes('--debug');
const features = args.includes('--features') ? args[args.indexOf('--features') + 1] : '';
const testing = features.split(',').includes('testing-hooks');
const js = join(root, 'js');

/** Each wasm: its cargo features. */
const UNITS = {
  url: 'url',
  // The Public Suffix List alone, for publicSuffix and registrableDomain (js/public-suffix.js):
  // the url wasm parses the host, this looks the domain up.
  'public-suffix': 'public-suffix-list',
  encoding: 'encoding-legacy',
  'encoding-lite': 'encoding',
  // The microsyntaxes only: js/html.js encoding-parses URLs and resolves the meta charset's
  // label through the url and encoding areas.
  html: 'html',
  // Everything in one wasm, for polyfill.js (one script, so one copy of the URL parser and the
  // encoders instead of one per area).
  full: 'full',
};

/**
 * The units built at opt-level "s" instead of Cargo.toml's 3 (gzip of the wasm, and speed in
 * Node, measured against 3): encoding-lite (its size budget is tight and its hot paths are the
 * host's: docs/size.md, -1.6 KB gzip, decode speeds within noise or host-delegated) and
 * html's microsyntaxes (-1.6 KB, calls within noise; "z" -2.7 KB but 1.5-3x slower). The url
 * wasm stays at 3 ("s" -5.9 KB, "z" -10.1 KB,
 * but its parse is the speed that matters), so do encoding ("s" -1.7) and public-suffix ("z"
 * -0.7).
 */
const OPT_LEVELS = { 'encoding-lite': 's', html: 's' };

/**
 * Each area (subpath): its entry in js/entries/, its wasm, the globals its polyfill installs
 * (`polyfill: false`: no polyfill subpath) or the namespace it adds to `webweft`.
 */
const AREAS = {
  // Not a subpath: the part of `url` with the Public Suffix List's wasm, a file of its own that
  // url.cjs/url.js import (built first, as they need it), so that a bundler drops it (its
  // `sideEffects` are false) when unused.
  'public-suffix': { entry: 'public-suffix.js', globals: [], polyfill: false },
  // No wasm (js/base64.js).
  base64: { entry: 'base64.js', globals: ['atob', 'btoa'] },
  encoding: {
    entry: 'encoding.js',
    globals: ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'],
  },
  // After the areas it imports (encoding; html: url and encoding).
  url: { entry: 'url.js', globals: ['URL', 'URLSearchParams'] },
  'encoding-lite': { entry: 'encoding.js', globals: ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'], polyfill: false },
  // No wasm (js/structured-clone/).
  'structured-clone': { entry: 'structured-clone.js', globals: ['structuredClone'] },
  html: { entry: 'html.js', globals: [], namespace: 'html', polyfill: false },
};
// polyfill.js: every area over the one `full` wasm (js/entries/full.js), installing every global.
AREAS.full = {
  entry: 'full.js',
  globals: ['atob', 'btoa', 'TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream', 'structuredClone', 'URL', 'URLSearchParams'],
};

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

// 1-3. The wasm and glue of every unit.
const glueRoot = join(root, 'target', 'wasm-bindgen', basename(outDir));
const wasmSizes = [];
// Each unit's wasm as a raw DEFLATE stream, for the inline flavour (see inlineWasm).
const deflated = new Map();
const lite = !args.includes('--no-lite');
for (const [unit, unitFeatures] of Object.entries(UNITS)) {
  if ((unit === 'encoding-lite' && !lite) || (unit === 'full' && testing)) continue;
  const rawWasm = compileWasm({ features: [unitFeatures, features].filter(Boolean).join(','), debug, optLevel: OPT_LEVELS[unit] });
  const glueDir = join(glueRoot, unit);
  // Cargo leaves the wasm as it was when nothing changed; then so are the glue and wasm-opt's
  // output, unless the glue's rewriting or wasm-opt's settings changed, or js/ moved (the glue
  // imports js/utf8.js by path).
  const key = createHash('sha256')
    .update(readFileSync(rawWasm))
    .update(lazyGlue.toString())
    .update(withoutUnusedImports.toString())
    .update(optimize.toString())
    .update(js)
    .digest('hex');
  const keyFile = join(glueDir, 'input.sha256');
  const optimized = join(glueDir, debug ? 'glue_bg.wasm' : 'optimized.wasm');
  if (!(existsSync(keyFile) && existsSync(optimized) && readFileSync(keyFile, 'utf8') === key)) {
    rmSync(glueDir, { recursive: true, force: true });
    bindgen(rawWasm, glueDir, 'glue');
    writeFileSync(join(glueDir, 'glue.js'), lazyGlue(readFileSync(join(glueDir, 'glue.js'), 'utf8'), unit));
    if (!debug) optimize(join(glueDir, 'glue_bg.wasm'), optimized);
    writeFileSync(join(glueDir, 'glue.js'), withoutUnusedImports(readFileSync(join(glueDir, 'glue.js'), 'utf8'), readFileSync(optimized), unit));
    writeFileSync(keyFile, key);
  }
  const wasmOut = join(outDir, `${unit}.wasm`);
  cpSync(optimized, wasmOut);
  wasmSizes.push([wasmOut, sizes(wasmOut)]);
  deflated.set(unit, await deflate(glueDir, readFileSync(wasmOut)));
}

/**
 * The glue, changed in five ways: (0) its asynchronous init (fetch, import.meta.url), its
 * Symbol.dispose statements and initSync's warning about its old arguments are removed; (1) every export first instantiates the wasm if it is not yet
 * (all of them call `__wbg_call_guard`, so the cost is one comparison; string arguments, copied
 * in before that call, get the allocator through the guard too), from `#wasm-bytes`;
 * (2) its UTF-8 encoder and decoder come from js/utf8.js instead of bare `TextEncoder` and
 * `TextDecoder` globals (which a bundle's own classes of those names could shadow, and which an
 * old host may lack); (3) `__weftExports` gives the facades the current instance's exports,
 * `__weftInstantiated` whether there is one yet.
 */
function lazyGlue(glue, unit) {
  // The asynchronous, fetching init goes: every flavour instantiates synchronously from #wasm-bytes.
  const asyncLoad = glue.indexOf('async function __wbg_load(');
  const asyncInit = glue.indexOf('let __wbg_init_promise;');
  const initExport = 'export { initSync, __wbg_init as default };';
  if (asyncLoad < 0 || asyncInit < 0 || !glue.includes(initExport) || glue.indexOf('function initSync(') < asyncLoad) {
    throw new Error(`${unit} glue: the init functions are not where expected (did wasm-bindgen's output change?)`);
  }
  glue = glue.slice(0, asyncLoad) + glue.slice(glue.indexOf('function initSync('), asyncInit) + glue.slice(glue.indexOf(initExport)).replace(initExport, 'export { initSync };');
  // initSync's one caller (__weftInstantiate) passes `{ module }`: no warning for the old form.
  const initArguments = `    if (module !== undefined) {
        if (Object.getPrototypeOf(module) === Object.prototype) {
            ({module} = module)
        } else {
            console.warn('using deprecated parameters for \`initSync()\`; pass a single object instead')
        }
    }
`;
  if (!glue.includes(initArguments)) throw new Error(`${unit} glue: initSync's arguments are not read as expected`);
  glue = glue.replace(initArguments, '    ({ module } = module);\n');
  const guard = 'function __wbg_call_guard() {\n';
  if (!glue.includes(guard)) throw new Error(`${unit} glue: no __wbg_call_guard (did wasm-bindgen's output change?)`);
  // A fresh instance after a panic (wasm-bindgen's reset, which would call a start function the
  // wasm does not have) is made as the first one is.
  const reset = `    wasmInstance = new WebAssembly.Instance(wasmModule, __wbg_get_imports());
    wasm = wasmInstance.exports;
    wasm.__wbindgen_start();
`;
  if (!glue.includes(reset)) throw new Error(`${unit} glue: __wbg_reset_state does not end as expected`);
  glue = glue
    .replace(reset, '    wasm = undefined;\n    __weftInstantiate();\n')
    .replace(guard, `${guard}    if (wasm === undefined) __weftInstantiate();\n`)
    .replaceAll("new TextDecoder('utf-8', { ignoreBOM: true })", '__weftUtf8Decoder()')
    .replaceAll('new TextEncoder()', '__weftUtf8Encoder()')
    // A statement that keeps a class (and so the wasm) in every bundle that includes the glue;
    // the facades never dispose of the cores with `using`.
    .replace(/^if \(Symbol\.dispose\) \w+\.prototype\[Symbol\.dispose\] = \w+\.prototype\.free;\n/gm, '')
    // Arguments are moved into wasm memory before the guard runs: through a guarded accessor.
    .replace(/, wasm\.__wbindgen_(malloc|realloc)\b/g, ', __weftGuarded().__wbindgen_$1');
  // (Doc comments, which wasm-bindgen copies from the Rust exports, may name them.)
  const code = glue.replace(/\/\*[\s\S]*?\*\//g, '').replace(/__weftUtf8(De|En)coder/g, '');
  if (/\b(TextDecoder|TextEncoder)\s*\(/.test(code)) {
    throw new Error(`${unit} glue: a bare TextDecoder/TextEncoder is left`);
  }
  // (4) Exported functions get internal names, so that none shares a name with a facade function
  // in one bundle (`labelToEncoding`): a bundler would rename the facade's, and its `name`.
  const exported = [...glue.matchAll(/^export function (\w+)\s*\(/gm)].map((match) => match[1]);
  for (const name of exported) glue = glue.replace(new RegExp(`(?<![.\\w$'"])${name}\\b`, 'g'), `__glue_${name}`);
  glue = glue.replace(/^export function (__glue_\w+)/gm, 'function $1');
  glue += `\nexport { ${exported.map((name) => `__glue_${name} as ${name}`).join(', ')} };\n`;
  return `${glue}
// Added by tools/build-pkg.mjs: lazy, synchronous instantiation (see its lazyGlue).
import { utf8Decoder as __weftUtf8Decoder, utf8Encoder as __weftUtf8Encoder } from ${JSON.stringify(join(js, 'utf8.js'))};
import { wasmBytes as __weftWasmBytes } from '#wasm-bytes';
function __weftInstantiate() {
    initSync({ module: __weftWasmBytes() });
}
export function __weftExports() {
    if (wasm === undefined) __weftInstantiate();
    return wasm;
}
// In parentheses: V8 compiles it with the script (the first new URL asks it), not on first call.
export const __weftInstantiated = (function () {
    return wasm !== undefined;
});
function __weftGuarded() {
    __wbg_call_guard();
    return wasm;
}
`;
}

/**
 * The glue without the imports its final wasm does not have: the glue is generated before
 * wasm-opt, which drops the imports that no reachable code calls.
 */
function withoutUnusedImports(glue, wasm, unit) {
  const imported = new Set(WebAssembly.Module.imports(new WebAssembly.Module(wasm)).map(({ name }) => name));
  // `__wbg_get_imports`' object: one `        name: function(…) {…},` per import (its body
  // indented further, possibly wrapped in `handleError(function (…) {…}, arguments)`).
  const entry = /^ {8}(\w+): function\(.*\n(?: {12}.*\n|\n)*? {8}\}.*,\n/gm;
  const listed = [...glue.matchAll(entry)].map((match) => match[1]);
  if (![...imported].every((name) => listed.includes(name))) throw new Error(`${unit} glue: its imports are not where expected`);
  return glue.replace(entry, (text, name) => (imported.has(name) ? text : ''));
}

/**
 * `wasm` as a raw DEFLATE stream: Zopfli's (4-7 % smaller than zlib's level 9; seconds per wasm,
 * so kept beside the unit's other build outputs until the wasm changes); zlib's in debug builds.
 */
async function deflate(glueDir, wasm) {
  if (debug) return deflateRawSync(wasm, { level: 9 });
  const key = createHash('sha256').update(wasm).digest('hex');
  const file = join(glueDir, `deflated-${key}.bin`);
  if (existsSync(file)) return readFileSync(file);
  const stream = Buffer.from(await zopfli.deflateAsync(wasm, { numiterations: 15 }));
  writeFileSync(file, stream);
  return stream;
}

/**
 * The module that gives a unit's glue its wasm's bytes in the inline flavours: base64 of its raw
 * DEFLATE stream, inflated on first use by js/inflate.js. A server's gzip of that text costs
 * about what gzip of the .wasm does (base64 of the bare wasm cost 12-31 % more). A polyfill (a
 * classic script) holds the text; an ES module for bundlers imports it from UNIT-wasm.js (see
 * writeWasmModules).
 */
function inlineWasm(unit, flavour) {
  return `import { inflateBase64 } from './inflate.js';
${flavour === 'polyfill' ? `const WASM = ${JSON.stringify(deflated.get(unit).toString('base64'))};` : `import WASM from '#wasm-data/${unit}';`}
export function wasmBytes() {
  return inflateBase64(WASM, ${readFileSync(join(outDir, `${unit}.wasm`)).length});
}`;
}

/**
 * pkg/UNIT-wasm.js: the inline text of each unit's wasm, the only thing in its module, which the
 * area's ES module imports. Every such module evaluates before any of the package's code (see
 * wasmModulesFirst), so an app's bundle has all of them together ahead of the areas' JavaScript,
 * not each between two areas' code: gzip's 32 KB window then holds the areas' similar glue and
 * facades together (the `.` app: -10 KB gzip).
 */
function writeWasmModules() {
  for (const [unit, stream] of deflated) {
    if (unit === 'full') continue; // only ever in polyfill.js
    writeFileSync(join(outDir, `${unit}-wasm.js`), `// ${unit}.wasm, inline: base64 of a raw DEFLATE stream (tools/build-pkg.mjs).\nexport default ${JSON.stringify(stream.toString('base64'))};\n`);
  }
}

/**
 * Modules that the ES modules for bundlers import from a file of their own (pkg/shared-NAME.js)
 * instead of each carrying a copy, so that an app with several areas has one: none holds state
 * tied to one wasm (js/io.js, js/runtime.js do, so each area keeps its own). platform.js's stamp
 * is then one for those areas; it still shares its list with other copies (Node, polyfills).
 */
const SHARED = {
  'utf8.js': 'shared-utf8',
  'webidl.js': 'shared-webidl',
  'inflate.js': 'shared-inflate',
  'structured-clone/platform.js': 'shared-platform',
};
/** The resolver's filter for SHARED's files, by file name (SHARED then decides by path). */
const SHARED_FILTER = new RegExp(`/(${Object.keys(SHARED).map((source) => basename(source, '.js')).join('|')})\\.js$`);

/** The namespaces of parts bundled into another area's polyfill, each over its own wasm. */
const PARTS = ['encoding', 'public-suffix'];

/**
 * The esbuild plugin that wires one bundle: `#glue` is the area's glue (`#glue` imported from
 * a part bundled into another area's polyfill, loaded in a namespace of its name, is that
 * part's); `#wasm-bytes` reads the unit's .wasm beside the bundle (`node`) or inflates it from
 * the bundle (`polyfill`) or from `#wasm-data/UNIT`, pkg/UNIT-wasm.js (`inline`, whose modules
 * import SHARED's files too); `#area/NAME` is another area's file, kept external (bundled in, in
 * its namespace, in a polyfill: one script); `#query-encoder` is the url wasm's import;
 * `#area-api`/`#area-globals` feed js/entries/polyfill.js; js/polyfill.js's `./api.js` is
 * `polyfillApi`; `#testing` adds the test-only panic in testing builds.
 */
function wiring({ area, flavour, externalAreas = {}, polyfillApi = join(js, 'api.js') }) {
  const unit = area ? AREAS[area].unit ?? area : 'structured-clone';
  const virtual = (name, contents) => ({ path: name, namespace: 'weft-virtual', pluginData: contents });
  return {
    name: 'weft-wiring',
    setup(build) {
      build.onResolve({ filter: /^#glue$/ }, ({ namespace }) => ({
        path: join(glueRoot, PARTS.includes(namespace) ? namespace : unit, 'glue.js'),
      }));
      build.onResolve({ filter: /^#wasm-bytes$/ }, ({ importer }) => {
        const wasmUnit = basename(dirname(importer));
        if (flavour === 'node') {
          return virtual(`wasm-bytes:${wasmUnit}`, `const { readFileSync } = require('node:fs');
// Joined at load: instantiation is lazy, and a page may replace Array.prototype's members after load.
const file = require('node:path').join(__dirname, ${JSON.stringify(`${wasmUnit}.wasm`)});
export function wasmBytes() {
  return readFileSync(file);
}`);
        }
        return virtual(`wasm-bytes:${wasmUnit}`, inlineWasm(wasmUnit, flavour));
      });
      build.onResolve({ filter: /^#wasm-data\// }, ({ path }) => ({ path: `./${path.slice('#wasm-data/'.length)}-wasm.js`, external: true }));
      if (flavour === 'inline') {
        build.onResolve({ filter: SHARED_FILTER }, ({ path, resolveDir, kind }) => {
          const shared = SHARED[relative(js, resolve(resolveDir, path))];
          return shared && kind !== 'entry-point' ? { path: `./${shared}.js`, external: true } : undefined;
        });
      }
      build.onResolve({ filter: /^#html$/ }, () =>
        virtual(
          'html',
          flavour === 'node'
            ? `import * as area from '#area/html';
export const html = Object.freeze(Object.fromEntries(Object.keys(area).filter((key) => key !== 'default').sort().map((key) => [key, area[key]])));`
            : "export * as html from '#area/html';",
        ),
      );
      build.onResolve({ filter: /^#area\// }, ({ path }) => {
        // polyfill.js is one script: another area is bundled in, over the same full wasm.
        if (area === 'full') return { path: join(js, 'entries', `${path.slice('#area/'.length)}.js`) };
        if (flavour === 'polyfill') return { path: join(js, `${path.slice('#area/'.length)}.js`), namespace: path.slice('#area/'.length) };
        const name = externalAreas[path.slice('#area/'.length)] ?? path.slice('#area/'.length);
        return { path: flavour === 'node' ? `./${name}.cjs` : `./${name}.js`, external: true };
      });
      build.onResolve({ filter: /^#area-api$/ }, () => ({ path: join(js, 'entries', AREAS[area].entry) }));
      build.onResolve({ filter: /^#area-globals$/ }, () =>
        virtual('area-globals', `export const globals = ${JSON.stringify(AREAS[area].globals)};
export const namespaceName = ${JSON.stringify(AREAS[area].namespace ?? '')};`),
      );
      build.onResolve({ filter: /^\.\/api\.js$/ }, ({ importer }) =>
        importer === join(js, 'polyfill.js') ? { path: polyfillApi } : undefined,
      );
      build.onResolve({ filter: /^#testing$/ }, () =>
        virtual(
          'testing',
          testing && area !== 'structured-clone' ? "export { panicForTesting } from '#glue';" : 'export {};',
        ),
      );
      build.onResolve({ filter: /^#query-encoder$/ }, () => ({ path: join(js, 'query-encoder.js') }));
      // The public-suffix part: its file (public-suffix.cjs / public-suffix.js), or in a polyfill
      // (one script) bundled in, in its namespace, with its own copies of the modules that use `#glue`.
      build.onResolve({ filter: /^#public-suffix$/ }, () =>
        area === 'full'
          ? { path: join(js, 'entries', 'public-suffix.js') }
          : flavour === 'polyfill'
          ? { path: join(js, 'public-suffix.js'), namespace: 'public-suffix' }
          : { path: flavour === 'node' ? './public-suffix.cjs' : './public-suffix.js', external: true },
      );
      build.onResolve({ filter: /^\.\.?\/(encoding|public-suffix|io|runtime)\.js$/ }, ({ path, importer, namespace }) =>
        PARTS.includes(namespace) ? { path: join(dirname(importer), path), namespace } : undefined,
      );
      build.onResolve({ filter: /^\.\.?\// }, ({ path, importer, namespace }) =>
        PARTS.includes(namespace) ? { path: join(dirname(importer), path) } : undefined,
      );
      for (const namespace of PARTS) {
        build.onLoad({ filter: /.*/, namespace }, ({ path }) => ({
          contents: readFileSync(path, 'utf8'),
          resolveDir: dirname(path),
          loader: 'js',
        }));
      }
      build.onLoad({ filter: /.*/, namespace: 'weft-virtual' }, ({ pluginData }) => ({
        contents: pluginData,
        resolveDir: js,
        loader: 'js',
      }));
    },
  };
}

/** One esbuild bundle into pkg/. */
async function bundle({ entry, out, format, platform, ...wiringOptions }) {
  // The ES modules for bundlers stay unminified and without keepNames: the app's bundler
  // minifies, and keepNames' `__name(f, "f")` statements would keep every function (and so every
  // wasm) in its output. Their names are the source's.
  const forBundlers = wiringOptions.flavour === 'inline';
  const { metafile } = await esbuild.build({
    entryPoints: [resolve(js, 'entries', entry)],
    outfile: join(outDir, out),
    bundle: true,
    format,
    platform,
    minify: !debug && !forBundlers,
    // Real function and class names (`atob.name === 'atob'`) in the minified bundles.
    keepNames: !forBundlers,
    sourcemap: true,
    target: 'es2022',
    external: ['node:*'],
    plugins: [wiring(wiringOptions)],
    legalComments: 'none',
    logOverride: {
      // js/polyfill.js's table names every area's implementation; a part's build has only its own.
      'import-is-undefined': 'silent',
    },
    logLevel: 'warning',
    metafile: forBundlers,
  });
  postProcess(join(outDir, out));
  if (forBundlers) wasmModulesFirst(join(outDir, out), Object.values(metafile.outputs).flatMap(({ imports }) => imports));
}

// Each ES module for bundlers (`./NAME.js`): the units whose UNIT-wasm.js it can reach.
const reachableWasms = new Map();

/**
 * Starts the ES module `file` with `export * from './UNIT-wasm.js'` for every wasm it can reach
 * (its own, and those of the area files it imports, built before it), so that they come first in
 * the order modules evaluate, and so in an app's bundle (see writeWasmModules). They export only
 * a default, which `export *` leaves out: no name is added, and a bundler still drops each one
 * the app does not use (`sideEffects`). The source map's lines move down with the code.
 */
function wasmModulesFirst(file, imports) {
  const units = new Set();
  for (const { path } of imports) {
    const own = /^\.\/(.+)-wasm\.js$/.exec(path);
    if (own) units.add(own[1]);
    for (const unit of reachableWasms.get(path) ?? []) units.add(unit);
  }
  reachableWasms.set(`./${basename(file)}`, units);
  if (units.size === 0) return;
  const lines = [...units].map((unit) => `export * from './${unit}-wasm.js';\n`);
  writeFileSync(file, lines.join('') + readFileSync(file, 'utf8'));
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  map.mappings = ';'.repeat(lines.length) + map.mappings;
  writeFileSync(`${file}.map`, JSON.stringify(map));
}

/**
 * Two changes to a bundle and its source map. (1) keepNames' `__name` helper runs for every
 * nested function each time one is created, with a descriptor that inherits from
 * Object.prototype (a page's `Object.prototype.get`, or a getter at `.set`, makes it throw):
 * it gets a null prototype, and the map's columns after it on its line move with it. (2) The
 * inline wasm's base64 module is no source a reader wants in a map, and would put every wasm in
 * the package a second time (pkg/ would be 12 MB).
 */
function postProcess(file) {
  const text = readFileSync(file, 'utf8');
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  const helper = /\([\w$]+,"name",\{(?=value:[\w$]+,configurable:!0\})|__defProp\(target, "name", \{ (?=value, configurable: true \}\))/.exec(text);
  if (helper) {
    const inserted = helper[0].endsWith('{ ') ? '__proto__: null, ' : '__proto__:null,';
    const at = helper.index + helper[0].length;
    writeFileSync(file, text.slice(0, at) + inserted + text.slice(at));
    const line = text.slice(0, at).split('\n').length - 1;
    const column = at - (text.lastIndexOf('\n', at - 1) + 1);
    const lines = map.mappings.split(';');
    lines[line] = shiftColumns(lines[line], column, inserted.length);
    map.mappings = lines.join(';');
  }
  map.sourcesContent = map.sources.map((source, i) => (source.startsWith('weft-virtual:wasm-bytes:') ? null : map.sourcesContent[i]));
  writeFileSync(`${file}.map`, JSON.stringify(map));
}

const VLQ = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * One line of source-map mappings with every segment at or after generated column `from`
 * moved right by `by`. Columns are deltas within a line, so only the first such segment changes.
 */
function shiftColumns(line, from, by) {
  const segments = line.split(',');
  let column = 0;
  for (let i = 0; i < segments.length; i++) {
    const fields = decodeVlq(segments[i]);
    column += fields[0];
    if (column >= from) {
      fields[0] += by;
      segments[i] = fields.map(encodeVlq).join('');
      break;
    }
  }
  return segments.join(',');
}

function decodeVlq(segment) {
  const values = [];
  for (let i = 0, value = 0, shift = 0; i < segment.length; i++) {
    const digit = VLQ.indexOf(segment[i]);
    value += (digit & 31) << shift;
    shift += 5;
    if (!(digit & 32)) {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encodeVlq(value) {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    const digit = rest & 31;
    rest >>>= 5;
    out += VLQ[rest > 0 ? digit | 32 : digit];
  } while (rest > 0);
  return out;
}

/** NAME.mjs: Node's `import` of NAME.cjs, with its export names listed. */
function esmWrapper(name) {
  const require = createRequire(join(outDir, 'x.js'));
  const names = Object.keys(require(`./${name}.cjs`)).filter((key) => key !== 'default' && key !== '__esModule');
  writeFileSync(
    join(outDir, `${name}.mjs`),
    `// Node's \`import\` of ${name}.cjs: one instance for require and import.\nimport area from './${name}.cjs';\n\nexport const { ${names.join(', ')} } = area;\n`,
  );
}

// 4. The bundles.
writeWasmModules();
for (const [source, name] of Object.entries(SHARED)) {
  await bundle({ entry: join(js, source), out: `${name}.js`, format: 'esm', platform: 'neutral', flavour: 'inline' });
}
for (const area of Object.keys(AREAS)) {
  if ((area === 'encoding-lite' && !lite) || (area === 'full' && testing)) continue;
  const { entry, polyfill = true } = AREAS[area];
  if (area !== 'full') {
    await bundle({ entry, out: `${area}.cjs`, format: 'cjs', platform: 'node', area, flavour: 'node' });
    if (area !== 'public-suffix') esmWrapper(area);
    await bundle({ entry, out: `${area}.js`, format: 'esm', platform: 'neutral', area, flavour: 'inline' });
  }
  if (polyfill) {
    const out = area === 'full' ? 'polyfill.js' : `${area}.polyfill.js`;
    await bundle({ entry: 'polyfill.js', out, format: 'iife', platform: 'browser', area, flavour: 'polyfill', polyfillApi: join(js, 'entries', AREAS[area].entry) });
  }
}
// `.` and `./lite` (lite: encoding-lite for encoding) re-export the areas and their installer.
const wholes = [['index', 'install', {}]];
if (lite) wholes.push(['lite', 'lite-install', { encoding: 'encoding-lite', install: 'lite-install' }]);
for (const [name, install, externalAreas] of wholes) {
  for (const [entry, out] of [['install.js', install], ['index.js', name]]) {
    await bundle({ entry, out: `${out}.cjs`, format: 'cjs', platform: 'node', flavour: 'node', externalAreas });
    await bundle({ entry, out: `${out}.js`, format: 'esm', platform: 'neutral', flavour: 'inline', externalAreas });
  }
  esmWrapper(name);
}
if (testing) {
  await bundle({ entry: 'testing.js', out: 'testing.cjs', format: 'cjs', platform: 'node', flavour: 'node' });
  esmWrapper('testing');
}
// The full wasm is only ever inline, in polyfill.js.
rmSync(join(outDir, 'full.wasm'), { force: true });

// 5. Template: package.json and README; the types, one self-contained .d.ts per subpath
// (relative imports between .d.ts files resolve differently in tsc, Deno and bundlers).
for (const file of ['package.json', 'README.md']) cpSync(join(root, 'pkg-template', file), join(outDir, file));
for (const file of ['LICENSE-MIT', 'LICENSE-APACHE']) cpSync(join(root, file), join(outDir, file));
const types = (file) => readFileSync(join(root, 'pkg-template', 'types', file), 'utf8');
// `webweft/html` exports the functions that `webweft` groups in its `html` namespace.
const htmlTopLevel = () =>
  types('html.d.ts')
    .replace(/^export declare namespace html \{\n/m, '')
    .replace(/\n\}\s*$/, '\n')
    .replace(/^ {2}(function|interface|type) /gm, (_, kind) => `export ${kind === 'function' ? 'declare function' : kind} `);
const declarations = {
  base64: () => types('base64.d.ts'),
  url: () => types('url.d.ts'),
  encoding: () => types('encoding.d.ts'),
  'encoding-lite': () => types('encoding.d.ts'),
  'structured-clone': () => types('structured-clone.d.ts'),
  html: htmlTopLevel,
  index: () => ['base64', 'encoding', 'html', 'install-polyfill', 'structured-clone', 'url'].map((name) => types(`${name}.d.ts`)).join('\n'),
  // Every polyfill subpath: the globals `webweft` and `webweftPolyfillOptions`.
  polyfill: () => types('polyfill.d.ts'),
};
declarations.lite = declarations.index;
for (const [name, text] of Object.entries(declarations)) {
  writeFileSync(join(outDir, `${name}.d.ts`), `// webweft: type declarations (assembled by tools/build-pkg.mjs from pkg-template/types/)\n\n${text()}`);
}

for (const [file, { raw, gzip, brotli }] of wasmSizes) console.log(`${file}: ${raw} bytes raw, ${gzip} gzip, ${brotli} brotli`);
