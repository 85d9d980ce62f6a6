#!/usr/bin/env node
// `make bench-engines`: the build without WebAssembly in the engines it is for, QuickJS (npm
// quickjs-emscripten) and Hermes (the 0.12 VM of npm hermes-engine-cli, the code lowered by
// Babel as React Native lowers an app for it), against the npm peers that run there:
//   URL (new URL(x).href over real URLs): whatwg-url, react-native-url-polyfill,
//     whatwg-url-minimum, core-js;
//   TextDecoder (UTF-8 texts, legacy-encoded pages): @exodus/bytes, text-encoding.
// Every candidate runs in the same engine instance, interleaved round by round; each row gives
// the median time and weft's speed ÷ the candidate's. Before timing, each candidate's output is
// compared with weft's (which passes the WPT files in these engines, tests/wpt): a peer that
// disagrees is marked, with how many inputs it got wrong and a first example.
// Writes docs/results/engines.md. BENCH_ROUNDS (default 5), BENCH_ENGINES=quickjs,hermes;
// BENCH_ONLY=shift_jis,big5 only the workloads whose row names one of these (the results file is
// then not written); WEFT_BEFORE=path/to/another/pkg adds that build as the candidate
// `weft-before`, to compare two builds interleaved in one engine instance.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { dataDir } from '../node/data.mjs';
import { urlsOf } from '../shared/workloads.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const work = join(root, 'target', 'bench-engines');
mkdirSync(work, { recursive: true });
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ENGINES = (process.env.BENCH_ENGINES ?? 'quickjs,hermes').split(',');
const ONLY = process.env.BENCH_ONLY?.split(',');
const BEFORE = process.env.WEFT_BEFORE && resolve(process.env.WEFT_BEFORE);

// What a peer needs from the host, given here where the engine lacks it (and said in the table):
// whatwg-url's @exodus/bytes needs TextEncoder/TextDecoder (text-encoding's, a JS peer),
// whatwg-url-minimum needs atob, react-native-url-polyfill imports react-native's NativeModules.
const SHIMS = `import * as textEncoding from 'text-encoding';
if (typeof globalThis.TextEncoder === 'undefined') { globalThis.TextEncoder = textEncoding.TextEncoder; globalThis.TextDecoder = textEncoding.TextDecoder; }
if (typeof globalThis.atob === 'undefined') {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  globalThis.atob = (text) => {
    let out = '';
    let buffer = 0;
    let bits = 0;
    for (const char of String(text).replace(/[\\t\\n\\f\\r =]/g, '')) {
      buffer = (buffer << 6) | alphabet.indexOf(char);
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        out += String.fromCharCode((buffer >> bits) & 255);
      }
    }
    return out;
  };
}
`;

/** Each candidate: the module that sets `globalThis.candidates[name]` to {URL?, TextDecoder?}. */
const CANDIDATES = {
  weft: `import { URL, TextDecoder } from 'webweft'; (globalThis.candidates ??= {}).weft = { URL, TextDecoder };`,
  'whatwg-url': `import { URL } from 'whatwg-url'; (globalThis.candidates ??= {})['whatwg-url'] = { URL };`,
  'react-native-url-polyfill': `import { URL } from 'react-native-url-polyfill/js/URL'; (globalThis.candidates ??= {})['react-native-url-polyfill'] = { URL };`,
  'whatwg-url-minimum': `import { URL } from 'whatwg-url-minimum'; (globalThis.candidates ??= {})['whatwg-url-minimum'] = { URL };`,
  'core-js': `import URL from 'core-js-pure/stable/url/index.js'; (globalThis.candidates ??= {})['core-js'] = { URL };`,
  '@exodus/bytes': `import { TextDecoder } from '@exodus/bytes/encoding.js'; (globalThis.candidates ??= {})['@exodus/bytes'] = { TextDecoder };`,
  'text-encoding': `import { TextDecoder } from 'text-encoding'; (globalThis.candidates ??= {})['text-encoding'] = { TextDecoder };`,
};
if (BEFORE) {
  // Resolved from a folder whose node_modules/webweft is that build.
  const beforeRoot = join(work, 'before');
  mkdirSync(join(beforeRoot, 'node_modules'), { recursive: true });
  rmSync(join(beforeRoot, 'node_modules', 'webweft'), { force: true });
  symlinkSync(BEFORE, join(beforeRoot, 'node_modules', 'webweft'));
  CANDIDATES['weft-before'] = {
    resolveDir: beforeRoot,
    contents: `import { URL, TextDecoder } from 'webweft'; (globalThis.candidates ??= {})['weft-before'] = { URL, TextDecoder };`,
  };
}

/**
 * One script: weft (and weft-before), the shims, then every other candidate, each bundled on its
 * own (no shared modules). weft loads before the shims: it would take text-encoding's
 * TextDecoder for the host's (it passes the probes) and delegate to it.
 */
async function script() {
  const parts = [];
  const { weft, 'weft-before': before, ...peers } = CANDIDATES;
  const wefts = before
    ? [
        ['weft', weft],
        ['weft-before', before],
      ]
    : [['weft', weft]];
  for (const [name, source] of [...wefts, ['shims', SHIMS], ...Object.entries(peers)]) {
    const { contents, resolveDir } = typeof source === 'string' ? { contents: source, resolveDir: root } : source;
    const { outputFiles } = await esbuild.build({
      stdin: { contents, resolveDir, sourcefile: `${name}.js` },
      bundle: true,
      format: 'iife',
      platform: 'neutral',
      mainFields: ['react-native', 'module', 'main'],
      conditions: ['react-native'],
      alias: { 'react-native': join(work, 'react-native-stub.js') },
      target: 'es2022',
      minify: true,
      write: false,
      logLevel: 'error',
    });
    // A candidate that cannot load in this engine is recorded, not fatal to the others.
    parts.push(
      `try {\n${outputFiles[0].text}\n} catch (error) { (globalThis.loadErrors ??= {})[${JSON.stringify(name)}] = String(error); }`,
    );
  }
  return parts.join('\n');
}
writeFileSync(join(work, 'react-native-stub.js'), 'export const NativeModules = {}; export const Platform = { OS: "ios" };\n');

// The data: real URLs, UTF-8 Wikipedia texts, legacy-encoded pages (each folder in one buffer).
function* textFiles(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* textFiles(path);
    else if (name.endsWith('.txt')) yield path;
  }
}
const urls = urlsOf([...textFiles(join(dataDir, 'urls'))].map((file) => readFileSync(file, 'utf8'))).slice(
  0,
  Number(process.env.BENCH_URLS ?? 5000),
);
const wiki = (name) => [...readFileSync(join(dataDir, 'utf8-text', 'encoding_bench-wikipedia', name))];
const folder = (name) => {
  const dir = join(dataDir, 'legacy-encoded', 'chardet-tests', name);
  return Array.from(
    Buffer.concat(
      readdirSync(dir)
        .sort()
        .map((file) => readFileSync(join(dir, file))),
    ),
  );
};
const DATA = {
  urls,
  texts: { 'UTF-8, English': wiki('en.txt'), 'UTF-8, Japanese': wiki('ja.txt'), 'UTF-8, Russian': wiki('ru.txt') },
  pages: {
    shift_jis: folder('SHIFT_JIS'),
    'euc-jp': folder('EUC-JP'),
    gbk: folder('GB2312'),
    big5: folder('Big5'),
    'euc-kr': folder('EUC-KR'),
    'iso-2022-jp': folder('iso-2022-jp'),
  },
};
if (ONLY) {
  const wanted = (row) => ONLY.some((part) => row.includes(part));
  DATA.urls = wanted('URL') ? DATA.urls : [];
  for (const group of ['texts', 'pages']) {
    for (const name of Object.keys(DATA[group])) if (!wanted(name)) delete DATA[group][name];
  }
}

// The driver, in the engine: correctness, then ROUNDS interleaved rounds of every workload (ms
// per run of the workload).
const DRIVER = `
var data = __data;
var now = typeof __hostNow === 'function' ? __hostNow : function () { return Date.now(); };
function parse(URL, list) {
  var out = [];
  for (var i = 0; i < list.length; i++) {
    try { out.push(new URL(list[i]).href); } catch (e) { out.push(null); }
  }
  return out;
}
function decode(TextDecoder, label, bytes) {
  try { return new TextDecoder(label).decode(bytes); } catch (e) { return 'threw ' + e; }
}
var workloads = [];
if (data.urls.length) workloads.push({ row: 'new URL(x).href, ' + data.urls.length + ' real URLs', key: 'URL', run: function (impl) { return parse(impl.URL, data.urls); } });
for (var name in data.texts) (function (name, bytes) {
  workloads.push({ row: 'TextDecoder, ' + name + ' (' + (bytes.length / 1000).toFixed(0) + ' KB)', key: 'TextDecoder', run: function (impl) { return decode(impl.TextDecoder, 'utf-8', bytes); } });
})(name, new Uint8Array(data.texts[name]));
for (var label in data.pages) (function (label, bytes) {
  workloads.push({ row: 'TextDecoder, ' + label + ' pages (' + (bytes.length / 1000).toFixed(0) + ' KB)', key: 'TextDecoder', run: function (impl) { return decode(impl.TextDecoder, label, bytes); } });
})(label, new Uint8Array(data.pages[label]));
var results = [];
for (var w = 0; w < workloads.length; w++) {
  var workload = workloads[w];
  var names = Object.keys(candidates).filter(function (n) { return candidates[n][workload.key]; });
  var reference = workload.run(candidates.weft);
  var entries = names.map(function (n) {
    var output = n === 'weft' ? reference : workload.run(candidates[n]);
    var wrong = 0, example = null;
    if (Array.isArray(reference)) {
      for (var i = 0; i < reference.length; i++) if (output[i] !== reference[i]) { wrong++; if (!example) example = data.urls[i] + ' -> ' + output[i] + ' (weft: ' + reference[i] + ')'; }
    } else if (output !== reference) {
      wrong = 1;
      var k = 0;
      while (k < reference.length && output[k] === reference[k]) k++;
      example = 'at ' + k + ': ' + JSON.stringify(String(output).slice(k, k + 6)) + ' (weft: ' + JSON.stringify(reference.slice(k, k + 6)) + ')';
    }
    return { name: n, wrong: wrong, example: example, times: [] };
  });
  // Each sample repeats the workload until weft's takes >= 50 ms (Hermes's clock has 1 ms steps).
  var reps = 1;
  for (;;) {
    var begin = now();
    for (var r = 0; r < reps; r++) workload.run(candidates.weft);
    if (now() - begin >= 50 || reps >= 4096) break;
    reps *= 2;
  }
  for (var round = 0; round < ${ROUNDS}; round++) {
    for (var e = 0; e < entries.length; e++) {
      var start = now();
      for (var r = 0; r < reps; r++) workload.run(candidates[entries[e].name]);
      entries[e].times.push((now() - start) / reps);
    }
  }
  results.push({ row: workload.row, total: Array.isArray(reference) ? reference.length : 1, entries: entries.map(function (entry) {
    var sorted = entry.times.slice().sort(function (a, b) { return a - b; });
    return { name: entry.name, wrong: entry.wrong, example: entry.example, ms: sorted[sorted.length >> 1] };
  }) });
}
__report(JSON.stringify({ results: results, loadErrors: globalThis.loadErrors || {} }));
`;

async function runQuickJS(code) {
  const { getQuickJS } = await import('quickjs-emscripten');
  const context = (await getQuickJS()).newContext();
  context.runtime.setMemoryLimit(1 << 30);
  context.runtime.setMaxStackSize(0);
  let report;
  context
    .newFunction('__report', (json) => {
      report = context.getString(json);
    })
    .consume((handle) => context.setProp(context.global, '__report', handle));
  context
    .newFunction('__hostNow', () => context.newNumber(performance.now()))
    .consume((handle) => context.setProp(context.global, '__hostNow', handle));
  context.unwrapResult(context.evalCode(code)).dispose();
  return JSON.parse(report);
}

function runHermes(code) {
  const babel = require('@babel/core');
  const lowered = babel.transformSync(code, {
    filename: 'bench.js',
    sourceType: 'script',
    babelrc: false,
    configFile: false,
    compact: true,
    presets: [
      [
        require.resolve('@react-native/babel-preset'),
        { enableBabelRuntime: false, disableImportExportTransform: true, unstable_transformProfile: 'default' },
      ],
    ],
  }).code;
  const file = join(work, 'bench.hermes.js');
  writeFileSync(file, `var __report = function (json) { print('__report' + json); };\n${lowered}`);
  const hermes = join(dirname(require.resolve('hermes-engine-cli/package.json')), 'linux64-bin', 'hermes');
  // -w: no compile-time warnings (each quotes the whole one-line bundle).
  const out = execFileSync(hermes, ['-w', '-Xes6-promise', '-Xmicrotask-queue', file], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(
    out
      .split('\n')
      .find((line) => line.startsWith('__report'))
      .slice('__report'.length),
  );
}

const code = `${await script()}\nvar __data = ${JSON.stringify(DATA)};\n${DRIVER}`;
const lines = [
  '# Written by `make bench-engines` (benches/engines/run.mjs); do not edit by hand.',
  `# ${new Date().toISOString().slice(0, 10)}: ms per run, medians of ${ROUNDS} interleaved rounds (each repeats a workload until weft's takes 50 ms); ratio = weft's speed ÷ the candidate's (above 1: weft is faster).`,
  '# Shims given to peers where the engine lacks them: TextEncoder/TextDecoder (text-encoding) for whatwg-url, atob for whatwg-url-minimum, a react-native stub for react-native-url-polyfill.',
  '',
];
for (const engine of ENGINES) {
  console.log(`\n${engine}`);
  const { results, loadErrors } = engine === 'quickjs' ? await runQuickJS(code) : runHermes(code);
  lines.push(
    `## ${engine === 'quickjs' ? 'QuickJS (quickjs-emscripten)' : 'Hermes 0.12 (hermes-engine-cli)'}`,
    '',
    '| workload | candidate | ms | ratio | output |',
    '|---|---|---|---|---|',
  );
  for (const { row, total, entries } of results) {
    const weft = entries.find(({ name }) => name === 'weft').ms;
    for (const { name, ms, wrong, example } of entries) {
      const ratio = name === 'weft' ? '' : `${(ms / weft).toFixed(2)}×`;
      const output =
        name === 'weft'
          ? 'reference (WPT-exact)'
          : wrong
            ? `**wrong on ${wrong}${total > 1 ? ` of ${total}` : ''}**: ${example.replace(/\|/g, '\\|').slice(0, 160)}`
            : 'same as weft';
      lines.push(`| ${row} | ${name} | ${ms.toFixed(1)} | ${ratio} | ${output} |`);
      console.log(
        `  ${row.padEnd(44)} ${name.padEnd(26)} ${ms.toFixed(1).padStart(9)} ms ${ratio.padStart(8)} ${wrong ? `wrong on ${wrong}` : ''}`,
      );
    }
  }
  for (const [name, error] of Object.entries(loadErrors)) {
    lines.push('', `${name} does not load in this engine: \`${error}\`.`);
    console.log(`  ${name} does not load: ${error}`);
  }
  lines.push('');
}
if (ONLY) process.exit(0);
const resultsFile = join(root, 'docs', 'results', 'engines.md');
mkdirSync(dirname(resultsFile), { recursive: true });
writeFileSync(resultsFile, `${lines.join('\n')}\n`);
console.log(`\n(written to ${resultsFile})`);
