// The end of `make bench`: one table of every summary ratio (benches/shared/rows.mjs) across the
// hosts' result files (BENCH_SUMMARY of benches/node/run.mjs and benches/browser/run.mjs).
// Usage: node benches/summary.mjs node20.json node24.json chromium.json
import { existsSync, readFileSync } from 'node:fs';
import { ROWS } from './shared/rows.mjs';

const hosts = process.argv
  .slice(2)
  .filter((file) => existsSync(file))
  .map((file) => JSON.parse(readFileSync(file, 'utf8')));
const cell = (host, row) => {
  const ratios = host.summary.filter((entry) => entry.row === row).map((entry) => entry.ratio);
  if (!ratios.length) return '—';
  // (JSON has no Infinity: a time under the timer's resolution comes back as null.)
  return typeof ratios[0] === 'number' && Number.isFinite(ratios[0]) ? `${ratios[0].toFixed(2)}×` : 'n/a';
};
const extra = hosts.flatMap((host) => host.summary.map((entry) => entry.row)).filter((row) => !ROWS.includes(row));
const rows = [...ROWS, ...new Set(extra)];
const width = Math.max(...rows.map((row) => row.length));
const columns = hosts.map((host) => host.host);
console.log("\nSummary: weft's speed ÷ the other's (> 1 is faster; — = not measured on that host; n/a = weft's time under the timer's resolution)\n");
console.log(`| ${'workload'.padEnd(width)} | ${columns.join(' | ')} |`);
console.log(`|${'-'.repeat(width + 2)}|${columns.map((c) => `${'-'.repeat(c.length + 1)}:`).join('|')}|`);
for (const row of rows) {
  console.log(`| ${row.padEnd(width)} | ${hosts.map((host, i) => cell(host, row).padStart(columns[i].length)).join(' | ')} |`);
}
