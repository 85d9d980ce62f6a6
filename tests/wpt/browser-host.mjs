// Runs WPT files in a headless browser (chromium, firefox or webkit: engines.mjs): each file
// gets the page WPT would generate for a .any.js test, with weft's polyfill forced over the
// native globals before testharness.js runs the test file.
import { startServer } from '../../tools/serve.mjs';
import { launchEngine } from './engines.mjs';
import { driversDir, normalizeResults, pkgDir, readMeta, wptDir } from './lib.mjs';

const FILE_TIMEOUT_MS = 180_000;

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

export async function runFiles(files, engine) {
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
  const browser = await launchEngine(engine);
  const fileResults = [];
  try {
    for (const file of files) {
      const page = await browser.newPage();
      let results;
      try {
        await page.goto(`${origin}/wpt/${file.replace(/\.js$/, '.html')}`);
        const { tests, status, setupError } = await page.waitFor(
          () => window.__wptResults && { ...window.__wptResults, setupError: window.__setupError },
          { timeout: FILE_TIMEOUT_MS },
        );
        results = normalizeResults(tests, setupError ? { status: 1, message: setupError } : status);
      } catch (error) {
        const { errors } = await page.messages().catch(() => ({ errors: [] }));
        results = [{ name: '(harness)', status: 'TIMEOUT', message: `${error.message}; page errors: ${errors.join('; ')}` }];
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
