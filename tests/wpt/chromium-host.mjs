// Runs WPT files in headless Chromium (Debian's, driven by playwright-core): each file gets the
// page WPT would generate for a .any.js test, with weft's polyfill forced over the native
// globals before testharness.js runs the test file.
import { chromium } from 'playwright-core';
import { startServer } from '../../tools/serve.mjs';
import { driversDir, normalizeResults, pkgDir, readMeta, wptDir } from './lib.mjs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const FILE_TIMEOUT_MS = 180_000;

export function launchChromium() {
  return chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** The .any.html page for a .any.js file (WPT serves such a wrapper beside every .any.js). */
function testPage(relativePath) {
  const { scripts, title } = readMeta(relativePath);
  const sources = [...scripts.map((s) => `/wpt/${s}`), `/wpt/${relativePath}`];
  return `<!doctype html>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>${title ?? relativePath}</title>
<script>self.GLOBAL = { isWindow: () => true, isWorker: () => false, isShadowRealm: () => false };</script>
<script src="/wpt/resources/testharness.js"></script>
<script>
  setup({ explicit_done: true, output: false });
  add_completion_callback((tests, status) => {
    window.__wptResults = {
      tests: tests.map((t) => ({ name: t.name, status: t.status, message: t.message })),
      status: { status: status.status, message: status.message },
    };
  });
</script>
<script src="/pkg/polyfill.js" data-force></script>
<script>
  const load = (src) => new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = resolve;
    script.onerror = () => reject(new Error('failed to load ' + src));
    document.head.append(script);
  });
  webweft.ready
    .then(async (installed) => {
      if (!installed.includes('atob')) throw new Error("weft's globals were not installed: " + installed); for (const src of ${JSON.stringify(sources)}) await load(src); })
    .catch((error) => { window.__setupError = String(error); })
    .finally(() => done());
</script>
`;
}

export async function runFiles(files) {
  const server = await startServer({
    mounts: [
      ['/pkg/', pkgDir],
      ['/wpt/', driversDir],
      ['/wpt/', wptDir],
    ],
    dynamic: (pathname) =>
      pathname.endsWith('.any.html')
        ? { type: 'text/html; charset=utf-8', body: testPage(pathname.slice('/wpt/'.length, -'.html'.length) + '.js') }
        : null,
  });
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await launchChromium();
  const fileResults = [];
  try {
    for (const file of files) {
      const page = await browser.newPage();
      const pageErrors = [];
      page.on('pageerror', (error) => pageErrors.push(String(error)));
      let results;
      try {
        await page.goto(`${origin}/wpt/${file.replace(/\.js$/, '.html')}`);
        await page.waitForFunction(() => window.__wptResults, null, { timeout: FILE_TIMEOUT_MS, polling: 100 });
        const { tests, status } = await page.evaluate(() => window.__wptResults);
        const setupError = await page.evaluate(() => window.__setupError);
        results = normalizeResults(tests, setupError ? { status: 1, message: setupError } : status);
      } catch (error) {
        results = [{ name: '(harness)', status: 'TIMEOUT', message: `${error.message}; page errors: ${pageErrors.join('; ')}` }];
      }
      fileResults.push({ file, results });
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return fileResults;
}
