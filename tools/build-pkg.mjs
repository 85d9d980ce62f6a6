#!/usr/bin/env node
// Builds pkg/ — the npm package — from the crate, js/ and pkg-template/ (docs/build.md):
//   1. every unit (a cargo feature set) for two targets (tools/build/units.mjs): wasm, and the
//      same Rust translated to JavaScript for hosts without WebAssembly;
//   2. the units' files: UNIT.wasm (Workers import it), UNIT-wasm.js (the wasm inline, for every
//      other host with WebAssembly), UNIT-asm.js (the translation);
//   3. each area's file in every flavour (tools/build/bundle.mjs FLAVOURS), its polyfill modules,
//      `.`/`./lite`, which re-export the areas, and the classic scripts polyfill.js and
//      polyfill.no-wasm.js;
//   4. package.json, README and one .d.ts per subpath from pkg-template/.
// Usage: node tools/build-pkg.mjs [--out pkg] [--debug] [--features a,b] [--no-lite]
// (--features adds cargo features to every unit; with testing-hooks only the inline files are built.)
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { FLAVOURS, SHARED, bundle, js, wiring } from './build/bundle.mjs';
import { zopfliDeflate } from './build/deflate.mjs';
import { buildUnit } from './build/units.mjs';
import { root, sizes } from './wasm.mjs';

const args = process.argv.slice(2);
const outDir = resolve(root, args.includes('--out') ? args[args.indexOf('--out') + 1] : 'pkg');
const debug = args.includes('--debug');
const features = args.includes('--features') ? args[args.indexOf('--features') + 1] : '';
const testing = features.split(',').includes('testing-hooks');
const lite = !args.includes('--no-lite');

/** Each unit: its cargo features, and the subpath a user imports it through. */
const UNITS = {
  url: { features: 'url', subpath: 'webweft/url' },
  // The Public Suffix List alone, for publicSuffix and registrableDomain (js/public-suffix.js):
  // the url unit parses the host, this looks the domain up.
  'public-suffix': { features: 'public-suffix-list', subpath: 'webweft/url' },
  encoding: { features: 'encoding-legacy', subpath: 'webweft/encoding' },
  'encoding-lite': { features: 'encoding', subpath: 'webweft/encoding-lite' },
  // The microsyntaxes only: js/html.js encoding-parses URLs and resolves the meta charset's
  // label through the url and encoding areas.
  html: { features: 'html', subpath: 'webweft/html' },
  // The URL Standard's record-level algorithms with the url unit's (webweft/whatwg-url, a
  // drop-in for the whatwg-url package: js/whatwg-url/).
  'whatwg-url': { features: 'url-records', subpath: 'webweft/whatwg-url' },
  // The MIME Sniffing Standard (webweft/mimesniff, and the whatwg-mimetype drop-in over it).
  mimesniff: { features: 'mime-type-records,data-url', subpath: 'webweft/mimesniff' },
  // HTML's encoding sniffing with the encoding labels (webweft/html-encoding-sniffer).
  'html-encoding-sniffer': { features: 'html-encoding-sniffing', subpath: 'webweft/html-encoding-sniffer' },
  // URLPattern (js/urlpattern.js) with the URL parser it canonicalizes through.
  urlpattern: { features: 'urlpattern-class', subpath: 'webweft/urlpattern' },
  // Everything in one unit, for polyfill.js (one script, so one copy of the URL parser and the
  // encoders instead of one per area).
  full: { features: 'full,urlpattern-class', subpath: 'webweft/polyfill' },
};

/**
 * Opt-levels other than Cargo.toml's 3, per target (gzip and speed measured against 3; see
 * docs/size.md). wasm: encoding-lite (its budget is tight and its hot paths are the host's) and
 * html's microsyntaxes at "s"; url stays at 3 ("s" -5.9 KB, "z" -10.1 KB, but its parse is the
 * speed that matters), so do encoding and public-suffix. js: every unit at "s", as the
 * translation's size budgets ask.
 */
const OPT_LEVELS = {
  wasm: { 'encoding-lite': 's', html: 's' },
  js: {
    url: 's',
    urlpattern: 's',
    'public-suffix': 's',
    encoding: 's',
    'encoding-lite': 's',
    html: 's',
    'whatwg-url': 's',
    mimesniff: 's',
    full: 's',
  },
};

/**
 * Each area (subpath): its entry in js/entries/, its unit (its own name if not given), the
 * globals its polyfill installs (`polyfill: false`: no polyfill) or the namespace it adds to
 * `webweft` (`subpath: false`: a file that other areas import, no subpath of its own). Listed after the areas it imports (url: encoding, public-suffix; html: url and
 * encoding), which are built first.
 */
const AREAS = {
  // Not a subpath: the part of `url` with the Public Suffix List's unit, a file of its own that
  // url's files import, so that a bundler drops it (its `sideEffects` are false) when unused.
  'public-suffix': { entry: 'public-suffix.js', globals: [], polyfill: false, subpath: false },
  // No unit (js/base64.js).
  base64: { entry: 'base64.js', unit: null, globals: ['atob', 'btoa', 'DOMException'] },
  encoding: { entry: 'encoding.js', globals: ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'] },
  url: { entry: 'url.js', globals: ['URL', 'URLSearchParams'] },
  urlpattern: { entry: 'urlpattern.js', globals: ['URLPattern'] },
  'encoding-lite': { entry: 'encoding.js', globals: [], polyfill: false },
  // No unit (js/structured-clone/).
  'structured-clone': { entry: 'structured-clone.js', unit: null, globals: ['structuredClone', 'DOMException'] },
  html: { entry: 'html.js', globals: [], namespace: 'html', polyfill: false },
  // MIME Sniffing and Fetch's data: URL processor.
  mimesniff: { entry: 'mimesniff.js', globals: [], polyfill: false },
  // whatwg-mimetype's API, re-exported from the mimesniff area's file (one instance for both).
  'whatwg-mimetype': { entry: 'whatwg-mimetype.js', unit: 'mimesniff', globals: [], polyfill: false },
  // Not a subpath: what `whatwg-url` and `whatwg-url-webidl2js-wrapper` (the subpaths
  // `./whatwg-url` and `./whatwg-url/webidl2js-wrapper`) re-export, so that they share one wasm
  // instance and one set of interfaces.
  'whatwg-url-core': { entry: 'whatwg-url-core.js', unit: 'whatwg-url', globals: [], polyfill: false, subpath: false },
  'whatwg-url': { entry: 'whatwg-url.js', globals: [], polyfill: false },
  'whatwg-url-webidl2js-wrapper': { entry: 'whatwg-url-webidl2js-wrapper.js', unit: 'whatwg-url', globals: [], polyfill: false },
  // data-urls' API over whatwg-url-core's parser and records and mimesniff's data: URL processor.
  'data-urls': { entry: 'data-urls.js', unit: 'mimesniff', globals: [], polyfill: false },
  'html-encoding-sniffer': { entry: 'html-encoding-sniffer.js', globals: [], polyfill: false },
};
// polyfill.js: every area over the one `full` unit (js/entries/full.js), installing every global.
const FULL = {
  entry: 'full.js',
  globals: [
    'atob',
    'btoa',
    'DOMException',
    'TextDecoder',
    'TextEncoder',
    'TextDecoderStream',
    'TextEncoderStream',
    'structuredClone',
    'URL',
    'URLSearchParams',
    'URLPattern',
  ],
};

/** The module flavours built: the inline files alone for the tests' testing build. */
const moduleFlavours = testing ? ['inline'] : ['inline', 'workerd', 'no-wasm'];

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

// 1. The units.
const glueRoot = join(root, 'target', 'wasm-bindgen', basename(outDir));
const glueDir = (unit, target) => join(glueRoot, target === 'js' ? `${unit}-js` : unit);
const built = {};
for (const [unit, { features: unitFeatures }] of Object.entries(UNITS)) {
  if ((unit === 'encoding-lite' && !lite) || (unit === 'full' && testing)) continue;
  built[unit] = {};
  for (const target of testing ? ['wasm'] : ['wasm', 'js']) {
    built[unit][target] = await buildUnit({
      unit,
      target,
      features: [unitFeatures, features].filter(Boolean).join(','),
      dir: glueDir(unit, target),
      debug,
      optLevel: OPT_LEVELS[target][unit],
    });
  }
}

// 2. The units' files. (The full unit is only ever inside polyfill.js and polyfill.no-wasm.js.)
const inlineText = {};
const wasmSizes = [];
for (const [unit, { wasm, js: translation }] of Object.entries(built)) {
  const bytes = readFileSync(wasm.wasm);
  inlineText[unit] = { text: (await zopfliDeflate(bytes, debug)).toString('base64'), length: bytes.length };
  if (unit === 'full') continue;
  writeFileSync(
    join(outDir, `${unit}-wasm.js`),
    `// ${unit}.wasm, inline: base64 of a raw DEFLATE stream (tools/build-pkg.mjs).\nexport default ${JSON.stringify(inlineText[unit].text)};\n`,
  );
  if (testing) continue;
  const wasmFile = join(outDir, `${unit}.wasm`);
  writeFileSync(wasmFile, bytes);
  wasmSizes.push([wasmFile, sizes(wasmFile)]);
  // Minified: it is machine-made either way, and a third of its size.
  await bundle({
    entry: translation.asm,
    outfile: join(outDir, `${unit}-asm.js`),
    flavour: 'no-wasm',
    minify: !debug,
    plugins: [plugin({ flavour: 'no-wasm' })],
  });
}

/** The wiring plugin for one bundle (see tools/build/bundle.mjs `wiring`). */
function plugin({ area, flavour, externalAreas, areaApi, noWasmBuild }) {
  return wiring({
    area,
    flavour,
    externalAreas,
    areaApi,
    noWasmBuild,
    units: Object.fromEntries(Object.entries(AREAS).map(([name, { unit }]) => [name, unit === undefined ? name : unit])),
    glueDir,
    inline: (unit) => inlineText[unit],
    subpath: (unit) => UNITS[unit].subpath,
    testing,
  });
}

// 3. The bundles. Each ES module for bundlers starts with `export * from './UNIT-wasm.js'` for
// every unit it can reach (see wasmModulesFirst).
const reachableWasms = new Map();
for (const [source, name] of Object.entries(SHARED)) {
  await bundle({
    entry: join(js, source),
    outfile: join(outDir, `${name}.js`),
    flavour: 'inline',
    plugins: [plugin({ flavour: 'inline' })],
  });
}
for (const [area, { entry, polyfill = true }] of Object.entries(AREAS)) {
  if (area === 'encoding-lite' && !lite) continue;
  const source = join(js, 'entries', entry);
  for (const flavour of moduleFlavours) {
    // An area with no unit is the same in every flavour: its inline file serves.
    if (AREAS[area].unit === null && (flavour === 'workerd' || flavour === 'no-wasm')) continue;
    const outfile = join(outDir, `${area}${FLAVOURS[flavour].suffix}`);
    const metafile = await bundle({ entry: source, outfile, flavour, debug, plugins: [plugin({ area, flavour })] });
    if (flavour === 'inline') wasmModulesFirst(outfile, metafile);
  }
  if (polyfill && !testing) await polyfills(area, AREAS[area]);
}

/**
 * An area's polyfill modules, one per module flavour (`url.polyfill.js`, `url.workerd.polyfill.js`,
 * `url.no-wasm.polyfill.js`; an area with no unit has the first only), each over that flavour's
 * file of the area.
 */
async function polyfills(area, { globals, namespace = '' }) {
  for (const flavour of moduleFlavours) {
    if (AREAS[area].unit === null && flavour !== 'inline') continue;
    await polyfill({
      outfile: `${area}${FLAVOURS[flavour].suffix.replace(/\.js$/, '')}.polyfill.js`,
      flavour: `polyfill-${flavour}`,
      areaApi: { path: `./${area}${FLAVOURS[flavour].suffix}`, external: true },
      globals,
      namespace,
      // (What the warning names where WebAssembly is refused.)
      noWasmScript: AREAS[area].unit === null ? null : `${area}.no-wasm.polyfill.js`,
    });
  }
}

/** One polyfill: js/entries/polyfill.js over `areaApi`, installing `globals`. */
async function polyfill({ outfile, flavour, areaApi, globals, namespace = '', noWasmScript, area }) {
  const globalsModule = `export const globals = ${JSON.stringify(globals)};\nexport const namespaceName = ${JSON.stringify(namespace)};\nexport const noWasmScript = ${JSON.stringify(noWasmScript)};`;
  await bundle({
    entry: join(js, 'entries', 'polyfill.js'),
    outfile: join(outDir, outfile),
    flavour,
    debug,
    plugins: [areaGlobals(globalsModule), plugin({ area, flavour, areaApi })],
  });
}

/** `#area-globals`: the globals a polyfill installs, for js/entries/polyfill.js. */
function areaGlobals(contents) {
  return {
    name: 'weft-area-globals',
    setup(build) {
      build.onResolve({ filter: /^#area-globals$/ }, () => ({ path: 'area-globals', namespace: 'weft-area-globals' }));
      build.onLoad({ filter: /.*/, namespace: 'weft-area-globals' }, () => ({ contents, loader: 'js' }));
    },
  };
}

// `.` and `./lite` (lite: encoding-lite for encoding) re-export the areas and their installer.
const wholes = [['index', 'install', {}]];
if (lite) wholes.push(['lite', 'lite-install', { encoding: 'encoding-lite', install: 'lite-install' }]);
for (const [name, install, externalAreas] of wholes) {
  for (const [entry, out] of [
    ['install.js', install],
    ['index.js', name],
  ]) {
    for (const flavour of moduleFlavours) {
      const outfile = join(outDir, `${out}${FLAVOURS[flavour].suffix}`);
      const areaApi = { path: join(js, 'api.js') };
      const noWasmBuild = JSON.stringify(`'webweft${name === 'lite' ? '/lite' : ''}/no-wasm'`);
      const metafile = await bundle({
        entry: join(js, 'entries', entry),
        outfile,
        flavour,
        debug,
        plugins: [plugin({ flavour, externalAreas, areaApi, noWasmBuild })],
      });
      if (flavour === 'inline') wasmModulesFirst(outfile, metafile);
    }
  }
}
if (testing) {
  await bundle({
    entry: join(js, 'entries', 'testing.js'),
    outfile: join(outDir, 'testing.js'),
    flavour: 'inline',
    debug,
    plugins: [plugin({ flavour: 'inline' })],
  });
} else {
  // The classic scripts (every area over the one full unit, js/entries/full.js), and the Workers'
  // polyfill, a module over `.`'s workerd file.
  const full = { globals: FULL.globals, noWasmScript: 'polyfill.no-wasm.js' };
  for (const flavour of ['script', 'script-no-wasm']) {
    const areaApi = { path: join(js, 'entries', FULL.entry) };
    await polyfill({ ...full, outfile: FLAVOURS[flavour].file, flavour, areaApi, area: 'full' });
  }
  const areaApi = { path: './index.workerd.js', external: true };
  await polyfill({ ...full, outfile: 'polyfill.workerd.js', flavour: 'polyfill-workerd', areaApi });
}

/**
 * Starts the ES module `file` with `export * from './UNIT-wasm.js'` for every unit it can reach
 * (its own, and those of the area files it imports, built before it), so that they come first in
 * the order modules evaluate, and so in an app's bundle: gzip's 32 KB window then holds the
 * areas' similar glue and facades together instead of a unit's text between each two (the `.`
 * app: -10 KB gzip). They export only a default, which `export *` leaves out: no name is added,
 * and a bundler still drops each one the app does not use (`sideEffects`).
 */
function wasmModulesFirst(file, metafile) {
  const units = new Set();
  for (const { path } of Object.values(metafile.outputs).flatMap(({ imports }) => imports)) {
    const own = /^\.\/(.+)-wasm\.js$/.exec(path);
    if (own) units.add(own[1]);
    for (const unit of reachableWasms.get(path) ?? []) units.add(unit);
  }
  reachableWasms.set(`./${basename(file)}`, units);
  if (units.size === 0) return;
  const lines = [...units].map((unit) => `export * from './${unit}-wasm.js';\n`);
  writeFileSync(file, lines.join('') + readFileSync(file, 'utf8'));
}

// 4. Template: package.json and README; the types, one self-contained .d.ts per subpath
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
  base64: () => types('base64.d.ts') + types('dom-exception.d.ts'),
  url: () => types('url.d.ts'),
  urlpattern: () => types('urlpattern.d.ts'),
  encoding: () => types('encoding.d.ts'),
  'encoding-lite': () => types('encoding.d.ts'),
  'structured-clone': () => types('structured-clone.d.ts') + types('dom-exception.d.ts'),
  html: htmlTopLevel,
  'whatwg-url': () => types('whatwg-url.d.ts'),
  'whatwg-url-webidl2js-wrapper': () => types('whatwg-url-webidl2js-wrapper.d.ts'),
  mimesniff: () => types('mimesniff.d.ts'),
  'whatwg-mimetype': () => types('whatwg-mimetype.d.ts'),
  'data-urls': () => types('data-urls.d.ts'),
  'html-encoding-sniffer': () => types('html-encoding-sniffer.d.ts'),
  index: () =>
    ['base64', 'dom-exception', 'encoding', 'html', 'install-polyfill', 'structured-clone', 'url', 'urlpattern']
      .map((name) => types(`${name}.d.ts`))
      .join('\n'),
  // Every polyfill subpath: the globals `webweft` and `webweftPolyfillOptions`.
  polyfill: () => types('polyfill.d.ts'),
};
declarations.lite = declarations.index;
for (const [name, text] of Object.entries(declarations)) {
  writeFileSync(
    join(outDir, `${name}.d.ts`),
    `// webweft: type declarations (assembled by tools/build-pkg.mjs from pkg-template/types/)\n\n${text()}`,
  );
}

// The drop-ins (pkg-template/NAME-package/): packages of their own beside this one (pkg-NAME/ for
// pkg/) that re-export `webweft/NAME` in NAME's export shape, for npm `overrides`.
const DROP_INS = ['whatwg-url', 'whatwg-mimetype', 'data-urls', 'html-encoding-sniffer'];
const { version } = JSON.parse(readFileSync(join(root, 'pkg-template', 'package.json'), 'utf8'));
for (const name of DROP_INS) {
  const dropIn = `${outDir}-${name}`;
  rmSync(dropIn, { recursive: true, force: true });
  cpSync(join(root, 'pkg-template', `${name}-package`), dropIn, { recursive: true });
  const dropInManifest = JSON.parse(readFileSync(join(dropIn, 'package.json'), 'utf8'));
  Object.assign(dropInManifest, { version, dependencies: { webweft: version } });
  writeFileSync(join(dropIn, 'package.json'), `${JSON.stringify(dropInManifest, null, 2)}\n`);
}

for (const [file, { raw, gzip, brotli }] of wasmSizes) console.log(`${file}: ${raw} bytes raw, ${gzip} gzip, ${brotli} brotli`);
