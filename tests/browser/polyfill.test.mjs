// The polyfills in each engine ($WEFT_BROWSERS: Chromium, Firefox ESR, WebKitGTK): loaded by a
// <script> tag on a page whose globals were deleted first (polyfill.js a classic script, the
// per-area ones ES modules over the area files beside them), in a worker that lives in another
// folder (importScripts, or a module worker's import), and over the engine's own URL: blob URLs
// and instanceof keep working.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CONSOLE_RECORDER, launchEngine, selectedEngines } from '../wpt/engines.mjs';

const require = createRequire(import.meta.url);
const SCRIPTS = {
  'polyfill.js': 'webweft/polyfill',
  'url.polyfill.js': 'webweft/url/polyfill',
  'encoding.polyfill.js': 'webweft/encoding/polyfill',
  'structured-clone.polyfill.js': 'webweft/structured-clone/polyfill',
  'base64.polyfill.js': 'webweft/base64/polyfill',
};
const GLOBALS = {
  'polyfill.js': [
    'atob',
    'btoa',
    'TextDecoder',
    'TextEncoder',
    'TextDecoderStream',
    'TextEncoderStream',
    'structuredClone',
    'URL',
    'URLSearchParams',
  ],
  'url.polyfill.js': ['URL', 'URLSearchParams'],
  'encoding.polyfill.js': ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'],
  'structured-clone.polyfill.js': ['structuredClone'],
  'base64.polyfill.js': ['atob', 'btoa'],
};
const ALL = GLOBALS['polyfill.js'];
/** Whether `file` is a classic script (polyfill.js) rather than an ES module. */
const classic = (file) => file === 'polyfill.js';

// Run in the page (or worker) after the script loaded: each installed global does its job.
const EXERCISE = `(async () => {
  const checks = {
    atob: () => atob(' Y Q = = ') === 'a',
    btoa: () => btoa('\\xff') === '/w==',
    URL: () => new URL('HTTP://0x7F.1:80/a b/../c').href === 'http://127.0.0.1/c' && !URL.canParse('http://a b/'),
    URLSearchParams: () => new URLSearchParams('a=1&a=2').getAll('a').join() === '1,2',
    TextDecoder: () => new TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0])) === '\\u3042',
    TextEncoder: () => new TextEncoder().encode('\\uD800').join() === '239,191,189',
    TextDecoderStream: async () => {
      const reader = new Blob([new Uint8Array([0x82, 0xa0])]).stream().pipeThrough(new TextDecoderStream('sjis')).getReader();
      let text = '';
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += chunk.value;
      return text === '\\u3042';
    },
    TextEncoderStream: async () => {
      const stream = new Blob(['\\u2713']).stream().pipeThrough(new TextDecoderStream()).pipeThrough(new TextEncoderStream());
      return new Uint8Array(await new Response(stream).arrayBuffer()).join() === '226,156,147';
    },
    structuredClone: () => {
      const m = new Map();
      m.set('self', m);
      const c = structuredClone(m);
      return c !== m && c.get('self') === c;
    },
  };
  const results = {};
  for (const name of webweft.installed) results[name] = await checks[name]();
  return { installed: [...webweft.installed].sort(), results };
})()`;

// Where the members live depends on the global (a worker's atob is on its prototype chain).
const DELETE_GLOBALS = `for (const name of ${JSON.stringify(ALL)}) {
  for (let o = globalThis; o !== null; o = Object.getPrototypeOf(o)) delete o[name];
  if (typeof globalThis[name] !== 'undefined') throw new Error('could not delete ' + name);
}`;

let server;
let origin;
const pages = {};

before(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname;
    // (The polyfill's file by its subpath; the files it imports beside it.)
    const file = path.startsWith('/vendor/webweft/') ? path.slice('/vendor/webweft/'.length) : undefined;
    const shipped = file && /^[\w.-]+\.js$/.test(file) ? join(dirname(require.resolve('webweft/package.json')), file) : undefined;
    const body =
      file in SCRIPTS
        ? readFileSync(require.resolve(SCRIPTS[file]))
        : shipped && existsSync(shipped)
          ? readFileSync(shipped)
          : pages[path];
    if (path === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    if (body === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': path.endsWith('.html') ? 'text/html' : 'text/javascript' }).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
});
after(() => server?.close());

for (const engine of selectedEngines()) {
  describe(engine, () => {
    let browser;
    before(async () => {
      browser = await launchEngine(engine);
    });
    after(() => browser?.close());

    /** Opens `html` at `path` (per engine), recording its console first. */
    async function open(path, html) {
      const enginePath = path.replace(/^\/app\//, `/app/${engine}/`);
      pages[enginePath] = html.replace('<!doctype html>', `<!doctype html>\n<script>${CONSOLE_RECORDER}</script>`);
      const page = await browser.newPage();
      await page.goto(origin + enginePath);
      // (WebKit's driver may return before a page's module scripts ran.)
      if (html.includes('type="module"')) await page.waitFor(() => typeof webweft !== 'undefined', { timeout: 20_000 });
      return page;
    }
    /** Console errors and uncaught errors of `page`, which then closes. */
    async function problemsOf(page) {
      const { errors } = await page.messages();
      await page.close();
      return errors;
    }
    registerTests(engine, open, problemsOf);
  });
}

function registerTests(engine, open, problemsOf) {
  for (const [file, names] of Object.entries(GLOBALS)) {
    test(`${file} installs from a <script> tag on a page without any of its globals`, async () => {
      const page = await open(
        `/app/${file}.html`,
        `<!doctype html>
<script>${DELETE_GLOBALS}</script>
<script${classic(file) ? '' : ' type="module"'} src="/vendor/webweft/${file}"></script>`,
      );
      const { installed, results } = await page.evaluate(EXERCISE);
      assert.deepEqual(installed, names.slice().sort());
      for (const name of names) assert.equal(results[name], true, `${name} works`);
      assert.deepEqual(await problemsOf(page), []);
    });

    test(`${file} installs in a worker in another folder`, async () => {
      // (A module worker's imports run before its own code: the globals are deleted in one before.)
      pages[`/app/deep/workers/delete-globals.js`] = DELETE_GLOBALS;
      pages[`/app/deep/workers/${file}.worker.js`] =
        `${classic(file) ? `${DELETE_GLOBALS}\nimportScripts('../../../vendor/webweft/${file}');` : `import './delete-globals.js';\nimport '../../../vendor/webweft/${file}';`}
(${EXERCISE}).then((result) => postMessage(result), (error) => postMessage(String(error)));`;
      const page = await open(`/app/${file}.worker.html`, '<!doctype html><title>worker</title>');
      const result = await page.evaluate(
        ([url, classic]) =>
          new Promise((resolve) => {
            const worker = new Worker(url, { type: classic ? 'classic' : 'module' });
            worker.onmessage = (event) => resolve(event.data);
            worker.onerror = (event) => resolve(`worker error: ${event.message}`);
          }),
        [`/app/deep/workers/${file}.worker.js`, classic(file)],
      );
      assert.equal(typeof result, 'object', String(result));
      assert.deepEqual(result.installed, names.slice().sort());
      for (const name of names) assert.equal(result.results[name], true, `${name} works in the worker`);
      assert.deepEqual(await problemsOf(page), []);
    });
  }

  // Chromium's URL fails weft's feature test, so the script replaces it unforced; Firefox's and
  // WebKit's may pass it, so there the module is forced (webweftPolyfillOptions) to test the same replacement.
  test(`over ${engine}'s own URL: blob URLs round-trip and earlier URLs are still instanceof URL`, async () => {
    const page = await open(
      '/app/native.html',
      `<!doctype html>
<script>
  window.NativeURL = URL;
  window.NativeParams = URLSearchParams;
  window.nativeCreate = URL.createObjectURL;
  window.before = new URL('https://example.com/?a=1');
</script>
${engine === 'chromium' ? '' : '<script>window.webweftPolyfillOptions = { force: true };</script>\n'}<script type="module" src="/vendor/webweft/url.polyfill.js"></script>`,
    );
    const result = await page.evaluate(async () => {
      const blobURL = URL.createObjectURL(new Blob(['weft ✓'], { type: 'text/plain' }));
      const text = await (await fetch(blobURL)).text();
      URL.revokeObjectURL(blobURL);
      return {
        installed: webweft.installed,
        replaced: URL !== NativeURL,
        blobProtocol: new URL(blobURL).protocol,
        text,
        sameStatics: URL.createObjectURL === nativeCreate && URL.revokeObjectURL === NativeURL.revokeObjectURL,
        beforeIsURL: before instanceof URL,
        beforeParamsAreParams: before.searchParams instanceof URLSearchParams,
        newIsURL: new URL('https://a/') instanceof URL,
        newIsNative: new URL('https://a/') instanceof NativeURL,
        plainIsURL: {} instanceof URL,
        beforeHref: before.href,
        canParse: URL.canParse('http://a b/'),
      };
    });
    assert.ok(result.installed.includes('URL'), 'the URL global is replaced');
    assert.deepEqual(result, {
      ...result,
      replaced: true,
      blobProtocol: 'blob:',
      text: 'weft ✓',
      sameStatics: true,
      beforeIsURL: true,
      beforeParamsAreParams: true,
      newIsURL: true,
      // webweft's URL.prototype inherits from the host's (docs/hosts.md, interop), so host code
      // that checks the prototype chain takes webweft's URLs; webweft's own members shadow the host's.
      newIsNative: true,
      plainIsURL: false,
      beforeHref: 'https://example.com/?a=1',
      canParse: false,
    });
    assert.deepEqual(await problemsOf(page), []);
  });

  test('webweftPolyfillOptions.force replaces globals that pass the feature tests', async () => {
    const page = await open(
      '/app/force.html',
      `<!doctype html>
<script>window.nativeAtob = atob; window.webweftPolyfillOptions = { force: true };</script>
<script type="module" src="/vendor/webweft/base64.polyfill.js"></script>`,
    );
    // (Forced, it replaces ES2026's Uint8Array base64 and hex methods too.)
    const uint8ArrayMethods = ['fromBase64', 'fromHex']
      .map((name) => `Uint8Array.${name}`)
      .concat(['setFromBase64', 'setFromHex', 'toBase64', 'toHex'].map((name) => `Uint8Array.prototype.${name}`));
    assert.deepEqual(await page.evaluate(() => [[...webweft.installed].sort(), atob !== nativeAtob, atob('YQ==')]), [
      [...uint8ArrayMethods, 'atob', 'btoa'].sort(),
      true,
      'a',
    ]);
    assert.deepEqual(await problemsOf(page), []);
  });
}
