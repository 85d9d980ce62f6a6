// `make bench`, the Node half: every workload, weft side by side with native and npm peers.
// BENCH_ONLY=url,encoding runs a subset; BENCH_SUMMARY=file.json writes the summary rows there
// (benches/summary.mjs prints them as one table).
import { writeFileSync } from 'node:fs';
import { summary } from './harness.mjs';

const workloads = ['base64', 'encoding', 'structured-clone', 'url', 'whatwg-url', 'data-layer', 'cold'];
const only = process.env.BENCH_ONLY?.split(',');
console.log(`Node ${process.version}; medians of ${process.env.BENCH_ROUNDS ?? 7} interleaved rounds`);
for (const name of workloads) {
  if (!only || only.includes(name)) await import(`./${name}.mjs`);
}
if (process.env.BENCH_SUMMARY) {
  writeFileSync(process.env.BENCH_SUMMARY, JSON.stringify({ host: `Node ${process.version}`, summary }, null, 1));
}
