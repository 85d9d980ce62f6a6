// `make bench`, the Node half: every workload, weft side by side with native and npm peers.
// BENCH_ONLY=url,encoding runs a subset.
const workloads = ['base64', 'encoding', 'structured-clone', 'url'];
const only = process.env.BENCH_ONLY?.split(',');
console.log(`Node ${process.version}; medians of ${process.env.BENCH_ROUNDS ?? 7} interleaved rounds`);
for (const name of workloads) {
  if (!only || only.includes(name)) await import(`./${name}.mjs`);
}
