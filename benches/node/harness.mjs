// A small side-by-side benchmark harness: every candidate of a workload runs in this one
// process, interleaved round by round so that machine noise hits them alike; the median time
// per operation is reported with its ratio to the first (reference) candidate.

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 300);

function timeOnce(fn) {
  // Calibrate a batch size that takes at least ~10 ms, then time batches for ROUND_MS.
  let batch = 1;
  for (;;) {
    const start = performance.now();
    for (let i = 0; i < batch; i++) fn();
    const elapsed = performance.now() - start;
    if (elapsed >= 10 || batch >= 1 << 24) break;
    batch *= 2;
  }
  let ops = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ROUND_MS) {
    for (let i = 0; i < batch; i++) fn();
    ops += batch;
    elapsed = performance.now() - start;
  }
  return elapsed / ops;
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

function formatTime(ms) {
  if (ms >= 1) return `${ms.toFixed(2)} ms`;
  if (ms >= 1e-3) return `${(ms * 1e3).toFixed(2)} µs`;
  return `${(ms * 1e6).toFixed(1)} ns`;
}

/**
 * Runs a workload. `candidates` maps names to functions (the first is the reference); `bytes`
 * (optional) is the amount of data one call processes, for a throughput column.
 */
export function compare(title, candidates, { bytes } = {}) {
  const names = Object.keys(candidates);
  for (const name of names) candidates[name](); // warm up, and fail early if one throws
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of names) samples[name].push(timeOnce(candidates[name]));
  }
  const reference = median(samples[names[0]]);
  console.log(`\n${title}`);
  for (const name of names) {
    const time = median(samples[name]);
    const throughput = bytes ? `  ${((bytes / (time / 1e3)) / 1e9).toFixed(2)} GB/s` : '';
    const ratio = name === names[0] ? 'reference' : `${(reference / time).toFixed(2)}× the speed of ${names[0]}`;
    console.log(`  ${name.padEnd(34)} ${formatTime(time).padStart(11)}/op${throughput}   ${ratio}`);
  }
}
