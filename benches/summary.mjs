// The end of `make bench`: one table of every summary ratio (benches/shared/rows.mjs) across the
// hosts' result files (BENCH_SUMMARY of benches/node/run.mjs and benches/browser/run.mjs),
// printed and written to docs/results/bench.md (BENCH_RESULTS=path to write elsewhere, or '' not
// to). Nothing is written when none of the result files exists.
// Usage: node benches/summary.mjs node20.json node24.json chromium.json
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROWS } from './shared/rows.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const hosts = process.argv
  .slice(2)
  .filter((file) => existsSync(file))
  .map((file) => JSON.parse(readFileSync(file, 'utf8')));
if (hosts.length === 0) {
  console.log('benches/summary.mjs: no result files (run `make bench`)');
  process.exit();
}
const cell = (host, row) => {
  const ratios = host.summary.filter((entry) => entry.row === row).map((entry) => entry.ratio);
  if (!ratios.length) return '—';
  // (JSON has no Infinity: a time under the timer's resolution comes back as null.)
  return typeof ratios[0] === 'number' && Number.isFinite(ratios[0]) ? `${ratios[0].toFixed(2)}×` : 'n/a';
};
const extra = hosts.flatMap((host) => host.summary.map((entry) => entry.row)).filter((row) => !ROWS.includes(row));
// Rows no host measured (a BENCH_ONLY run) are left out.
const measured = new Set(hosts.flatMap((host) => host.summary.map((entry) => entry.row)));
const rows = [...ROWS, ...new Set(extra)].filter((row) => measured.has(row));
const width = Math.max(...rows.map((row) => row.length));
const columns = hosts.map((host) => host.host);
const legend =
  "weft's speed ÷ the other's (> 1 is faster; — = not measured on that host; n/a = weft's time under the timer's resolution)";
const table = [
  `| ${'workload'.padEnd(width)} | ${columns.join(' | ')} |`,
  `|${'-'.repeat(width + 2)}|${columns.map((c) => `${'-'.repeat(c.length + 1)}:`).join('|')}|`,
  ...rows.map(
    (row) => `| ${row.padEnd(width)} | ${hosts.map((host, i) => cell(host, row).padStart(columns[i].length)).join(' | ')} |`,
  ),
];
console.log(`\nSummary: ${legend}\n`);
for (const line of table) console.log(line);

const resultsFile = process.env.BENCH_RESULTS ?? join(root, 'docs', 'results', 'bench.md');
if (resultsFile) {
  const settings = ['BENCH_ROUNDS', 'BENCH_ROUND_MS', 'BENCH_ONLY']
    .filter((key) => process.env[key])
    .map((key) => `${key}=${process.env[key]}`);
  const text = [
    '# Benchmark summary',
    '',
    `Written by \`${process.env.BENCH_TARGET ?? 'make bench'}\` (benches/summary.mjs); do not edit by hand. docs/speed.md explains the`,
    `workloads and the method. ${new Date().toISOString().slice(0, 10)}${settings.length ? `, ${settings.join(' ')}` : ''}.`,
    '',
    `${legend[0].toUpperCase()}${legend.slice(1)}:`,
    '',
    ...table,
    '',
  ].join('\n');
  mkdirSync(dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, text);
  console.log(`\n(written to ${resultsFile})`);
}
