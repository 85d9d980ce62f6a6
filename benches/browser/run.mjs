// `make bench-browser`: benches/browser/page.mjs in headless Chromium (playwright-core), the
// same workloads as benches/node/ against Chromium's own natives; then the cold paths, each in
// a fresh page. Settings (BENCH_ROUNDS, BENCH_ROUND_MS, BENCH_ONLY) pass through the page URL;
// BENCH_SUMMARY=file.json writes the summary rows there.
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../tools/serve.mjs';
import { launchChromium } from '../../tests/wpt/chromium-host.mjs';

const root = resolve(fileURLToPath(import.meta.url), '..', '..', '..');
const dataDir = resolve(process.env.BENCH_DATA_DIR ?? join(root, '..', 'shared', 'bench-data'));
const files = (dir) =>
  readdirSync(dir)
    .sort()
    .flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
const legacyDir = join(dataDir, 'legacy-encoded', 'chardet-tests');
const manifest = {
  urls: files(join(dataDir, 'urls'))
    .filter((f) => f.endsWith('.txt'))
    .map((f) => relative(dataDir, f)),
  legacy: Object.fromEntries(
    readdirSync(legacyDir).map((folder) => [
      folder,
      statSync(join(legacyDir, folder)).isDirectory() ? files(join(legacyDir, folder)).map((f) => relative(dataDir, f)) : [],
    ]),
  ),
};

const server = await startServer({
  mounts: [
    ['/pkg/', join(root, 'pkg')],
    ['/benches/', join(root, 'benches')],
    ['/data/', dataDir],
  ],
  dynamic: (pathname) => (pathname === '/manifest.json' ? { type: 'application/json', body: JSON.stringify(manifest) } : null),
  // Cross-origin isolated pages get Chromium's fine timer (5 µs steps, not 100 µs): the cold
  // first calls take tens of microseconds.
  headers: { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' },
});
const origin = `http://127.0.0.1:${server.address().port}`;
const settings = new URLSearchParams(
  Object.entries(process.env).filter(([key]) => ['BENCH_ROUNDS', 'BENCH_ROUND_MS', 'BENCH_ONLY'].includes(key)),
);
const browser = await launchChromium();
const problems = [];
const watch = (page) => {
  page.on('console', (message) => (message.type() === 'error' ? problems.push(message.text()) : console.log(message.text())));
  page.on('pageerror', (error) => problems.push(String(error)));
};
try {
  console.log(`Chromium ${browser.version()}; medians of ${process.env.BENCH_ROUNDS ?? 7} interleaved rounds`);
  const page = await browser.newPage();
  watch(page);
  await page.goto(`${origin}/benches/browser/index.html?${settings}`);
  await page.waitForFunction(() => window.benchResult || null, null, { timeout: 0, polling: 500 });
  const result = await page.evaluate(() => window.benchResult);
  await page.close();

  // Cold paths: a fresh page (and context, so nothing is cached in memory) per measurement.
  const only = process.env.BENCH_ONLY?.split(',');
  if (!only || only.includes('cold')) {
    const rounds = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 7));
    const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
    console.log('\ncold paths (fresh page each; import + init and first call timed apart)');
    for (const [op, row] of [
      ['url', 'cold: first new URL after load / native'],
      ['decoder', 'cold: first TextDecoder + decode after load / native'],
      ['clone', 'cold: first structuredClone after load / native'],
    ]) {
      const samples = { weft: [], native: [] };
      const loads = [];
      for (let round = 0; round < rounds; round++) {
        for (const impl of ['weft', 'native']) {
          const context = await browser.newContext();
          const cold = await context.newPage();
          watch(cold);
          await cold.goto(`${origin}/benches/browser/cold.html?impl=${impl}&op=${op}`);
          await cold.waitForFunction(() => window.coldResult || null, null, { polling: 50 });
          const { load, first } = await cold.evaluate(() => window.coldResult);
          samples[impl].push(first);
          if (impl === 'weft') loads.push(load);
          await context.close();
        }
      }
      const [ours, theirs] = [median(samples.weft), median(samples.native)];
      console.log(
        `  ${op.padEnd(8)} weft first call ${ours.toFixed(3)} ms (import + init ${median(loads).toFixed(1)} ms), native ${theirs.toFixed(3)} ms   ${(theirs / ours).toFixed(2)}× the speed of native`,
      );
      result.summary.push({ row, ratio: theirs / ours });
    }
  }
  if (problems.length) throw new Error(`the page reported errors:\n${problems.join('\n')}`);
  if (process.env.BENCH_SUMMARY) writeFileSync(process.env.BENCH_SUMMARY, JSON.stringify(result, null, 1));
} finally {
  await browser.close();
  server.close();
}
