// Cold paths: the first call after load, each in a fresh process (weft's import timed apart),
// against the host's native first call in a fresh process too. Medians of BENCH_ROUNDS
// interleaved spawns (at least 5). The summary row is wall time; the call's CPU time (all
// threads) is printed beside it, but it is not the row: background threads still finishing the
// import's work (JS compilation, GC) land in it at random (0.7-10 ms for the same JS-only call).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { formatTime, median, record } from './harness.mjs';

const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 7));
const child = fileURLToPath(new URL('./cold-child.mjs', import.meta.url));
const workloads = [
  ['url', 'cold: first new URL after load / native'],
  ['decoder', 'cold: first TextDecoder + decode after load / native'],
  ['clone', 'cold: first structuredClone after load / native'],
];

const spawn = (impl, op) => JSON.parse(execFileSync(process.execPath, [child, impl, op], { encoding: 'utf8' }));

console.log('\ncold paths (fresh process each; import and first call timed apart)');
for (const [op, row] of workloads) {
  const samples = { weft: [], native: [] };
  const cpus = { weft: [], native: [] };
  const loads = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const impl of ['weft', 'native']) {
      const { load, first, firstCpu } = spawn(impl, op);
      samples[impl].push(first);
      cpus[impl].push(firstCpu);
      if (impl === 'weft') loads.push(load);
    }
  }
  const [ours, theirs] = [median(samples.weft), median(samples.native)];
  console.log(
    `  ${op.padEnd(8)} weft first call ${formatTime(ours).padStart(10)} (CPU ${formatTime(median(cpus.weft))})` +
      ` (import ${formatTime(median(loads))}); native ${formatTime(theirs).padStart(10)} (CPU ${formatTime(median(cpus.native))})` +
      `   ${(theirs / ours).toFixed(2)}× the speed of native`,
  );
  record(row, theirs / ours);
}
