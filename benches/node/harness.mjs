// A small side-by-side benchmark harness: every candidate of a workload runs in this one
// process (or page), interleaved round by round so that machine noise hits them alike; the
// median time per operation is reported with its ratio to the first (reference) candidate.
// It runs in Node and in the browser page of benches/browser/ (settings from `benchSettings`).

const env = globalThis.process?.env ?? globalThis.benchSettings ?? {};
const ROUNDS = Number(env.BENCH_ROUNDS ?? 7);
const ROUND_MS = Number(env.BENCH_ROUND_MS ?? 300);

/** The summary rows this run measured: {row, ratio} with ratio = weft's speed ÷ the other's. */
export const summary = [];

/** Adds a ratio to the summary table that `make bench` prints at the end. */
export function record(row, ratio) {
  summary.push({ row, ratio });
}

// In Node, the process's CPU time (user + system, all threads, so GC and compiler threads
// count): on a shared machine, time spent descheduled is not the code's. Browsers: wall time.
const cpuUsage = globalThis.process?.cpuUsage;
const now = cpuUsage
  ? () => {
      const { user, system } = cpuUsage();
      return (user + system) / 1000;
    }
  : () => performance.now();

function timeOnce(fn) {
  // Calibrate a batch size that takes at least ~10 ms, then time batches for ROUND_MS.
  let batch = 1;
  for (;;) {
    const start = now();
    for (let i = 0; i < batch; i++) fn();
    const elapsed = now() - start;
    if (elapsed >= 10 || batch >= 1 << 24) break;
    batch *= 2;
  }
  let ops = 0;
  const start = now();
  let elapsed = 0;
  while (elapsed < ROUND_MS) {
    for (let i = 0; i < batch; i++) fn();
    ops += batch;
    elapsed = now() - start;
  }
  return elapsed / ops;
}

export const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

export function formatTime(ms) {
  if (ms >= 1) return `${ms.toFixed(2)} ms`;
  if (ms >= 1e-3) return `${(ms * 1e3).toFixed(2)} µs`;
  return `${(ms * 1e6).toFixed(1)} ns`;
}

/**
 * Runs a workload. `candidates` maps names to functions (the first is the reference); `bytes`
 * (optional) is the amount of data one call processes, for a throughput column; `summary`
 * (optional) maps summary rows to [weft's candidate, the other candidate].
 */
export function compare(title, candidates, { bytes, summary: rows = {} } = {}) {
  const names = Object.keys(candidates);
  for (const name of names) candidates[name](); // warm up, and fail early if one throws
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of names) samples[name].push(timeOnce(candidates[name]));
  }
  const times = Object.fromEntries(names.map((n) => [n, median(samples[n])]));
  const reference = times[names[0]];
  console.log(`\n${title}`);
  for (const name of names) {
    const time = times[name];
    const throughput = bytes ? `  ${(bytes / (time / 1e3) / 1e9).toFixed(2)} GB/s` : '';
    const ratio = name === names[0] ? 'reference' : `${(reference / time).toFixed(2)}× the speed of ${names[0]}`;
    console.log(`  ${name.padEnd(34)} ${formatTime(time).padStart(11)}/op${throughput}   ${ratio}`);
  }
  for (const [row, [ours, theirs]] of Object.entries(rows)) record(row, times[theirs] / times[ours]);
  return times;
}
