// Pages under a strict Content-Security-Policy (script-src 'self', no 'wasm-unsafe-eval'), in
// each engine ($WEFT_BROWSERS: Chromium, Firefox ESR, WebKitGTK), where the engine refuses to
// run WebAssembly (Chromium and Firefox refuse to compile it; WebKit compiles it and refuses to
// instantiate it): the classic polyfills never leave a global that throws (a script over
// wasm that is still being parsed hands over to its twin without WebAssembly; one that cannot
// keeps the host's globals and says why), the build without WebAssembly runs, and a module app
// over wasm fails with an error that names the cause and the ways out. The same pages without
// the policy are the control.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startServer } from '../../tools/serve.mjs';
import { CONSOLE_RECORDER, launchEngine, selectedEngines } from '../wpt/engines.mjs';
import { pkgDir, repoRoot } from '../wpt/lib.mjs';

const POLICY = "script-src 'self'";
const work = join(repoRoot, 'target', 'csp');
const bin = (name) => join(repoRoot, 'node_modules', '.bin', name);
const require = createRequire(import.meta.url);
/** The server path of the package's file for `specifier` (its exports decide the file). */
const served = (specifier) => `/pkg/${relative(pkgDir, require.resolve(specifier))}`;
const GLOBALS = [
  'atob',
  'btoa',
  'TextDecoder',
  'TextEncoder',
  'TextDecoderStream',
  'TextEncoderStream',
  'structuredClone',
  'URL',
  'URLSearchParams',
];
// A host without the globals (an external script: the policy forbids inline ones).
const DELETE_GLOBALS = `for (const name of ${JSON.stringify(GLOBALS)}) {
  for (let o = globalThis; o !== null; o = Object.getPrototypeOf(o)) delete o[name];
  if (typeof globalThis[name] !== 'undefined') throw new Error('could not delete ' + name);
}`;

// What each page reports in its title (an external script: the policy forbids inline ones),
// once the page has loaded (an async polyfill may run after it).
const CHECK = `addEventListener('load', () => {
const results = {};
const attempt = (name, run) => { try { results[name] = run(); } catch (error) { results[name] = 'threw ' + error.name + ': ' + error.message; } };
attempt('url', () => new URL('HTTP://EXAMPLE.com/%7efoo/../x').href);
attempt('gbk', () => new TextDecoder('gbk').decode(new Uint8Array([0xc4, 0xe3])));
attempt('stream', () => new TextDecoderStream('gbk').encoding);
attempt('clone', () => structuredClone(new Map([[1, 'a']])).get(1));
attempt('atob', () => atob('YQ=='));
results.installed = globalThis.webweft ? [...webweft.installed].sort() : null;
results.skipped = globalThis.webweft && webweft.skipped ? webweft.skipped.map(({ name }) => name).sort() : null;
results.weftURL = globalThis.webweft ? URL === webweft.URL : false;
document.title = JSON.stringify(results);
});
`;

const APP = `import { URL } from 'webweft/url';
import { TextDecoder } from 'webweft/encoding';
let result;
try {
  result = { url: new URL('HTTP://EXAMPLE.com/%7efoo/../x').href, gbk: new TextDecoder('gbk').decode(new Uint8Array([0xc4, 0xe3])) };
} catch (error) {
  result = { error: error.name + ': ' + error.message, cause: String(error.cause) };
}
document.title = JSON.stringify(result);
`;

// Every page records its console first (WebKit's driver reports none).
const page = (scripts) =>
  `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>none</title>${['src="/console.js"', ...scripts].map((script) => `<script ${script}></script>`).join('')}`;

const POLYFILL = served('webweft/polyfill');
const PAGES = {
  'classic.html': page([`src="${POLYFILL}"`, 'src="/check.js"']),
  'classic-forced.html': page([`src="${POLYFILL}" data-force`, 'src="/check.js"']),
  'classic-bare.html': page(['src="/delete-globals.js"', `src="${POLYFILL}"`, 'src="/check.js"']),
  'classic-no-wasm.html': page([`src="${served('webweft/polyfill/no-wasm')}" data-force`, 'src="/check.js"']),
  // The per-area polyfills are ES modules: without WebAssembly, their no-wasm files.
  // Forced: Firefox's and WebKit's own URL may pass weft's feature test.
  'area-polyfills.html': page([
    'src="/force.js"',
    `type="module" src="${served('webweft/url/polyfill/no-wasm')}"`,
    `type="module" src="${served('webweft/encoding/polyfill/no-wasm')}"`,
    // (A module too, so that it runs after them, as modules run in order after parsing.)
    'type="module" src="/check.js"',
  ]),
  // A script that is not parser-blocking cannot write its twin into the page.
  'classic-async.html': page([`src="${POLYFILL}" data-force async`, 'src="/check.js" defer']),
  'app-no-wasm.html': page(['type="module" src="/app/no-wasm.js"']),
  'app-wasm.html': page(['type="module" src="/app/wasm.js"']),
};

const SCRIPTS = {
  '/check.js': CHECK,
  '/console.js': CONSOLE_RECORDER,
  '/delete-globals.js': DELETE_GLOBALS,
  // (No inline script under the policy: a module polyfill's force, from a file.)
  '/force.js': 'window.webweftPolyfillOptions = { force: true };',
};
let servers;
before(async () => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(join(work, 'app', 'node_modules'), { recursive: true });
  writeFileSync(join(work, 'app', 'app.js'), APP);
  execFileSync('ln', ['-sfn', pkgDir, join(work, 'app', 'node_modules', 'webweft')]);
  // The documented choice for such pages: the "webweft-no-wasm" export condition.
  for (const [name, conditions] of [
    ['no-wasm', ['--conditions=webweft-no-wasm']],
    ['wasm', []],
  ]) {
    execFileSync(
      bin('esbuild'),
      ['app.js', '--bundle', '--format=esm', '--minify', ...conditions, `--outfile=${join(work, 'dist', `${name}.js`)}`],
      {
        cwd: join(work, 'app'),
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
  }
  const serve = (headers) =>
    startServer({
      headers,
      mounts: [
        ['/pkg/', pkgDir],
        ['/app/', join(work, 'dist')],
      ],
      dynamic: (pathname) =>
        SCRIPTS[pathname]
          ? { type: 'text/javascript; charset=utf-8', body: SCRIPTS[pathname] }
          : PAGES[pathname.slice(1)]
            ? { type: 'text/html; charset=utf-8', body: PAGES[pathname.slice(1)] }
            : null,
    });
  servers = { strict: await serve({ 'content-security-policy': POLICY }), open: await serve({}) };
});
after(async () => {
  for (const server of Object.values(servers ?? {})) server.close();
});

// (module (func (export "answer") (result i32) i32.const 42)), compiled, instantiated and
// called: WebKit compiles any module under the policy and refuses only to instantiate it.
const MODULE_WITH_CODE = [
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 127, 3, 2, 1, 0, 7, 10, 1, 6, 97, 110, 115, 119, 101, 114, 0, 0, 10, 6, 1, 4, 0,
  65, 42, 11,
];

const WORKING = { url: 'http://example.com/x', gbk: '你', stream: 'gbk', clone: 'a', atob: 'a' };
const working = (title) => ({ url: title.url, gbk: title.gbk, stream: title.stream, clone: title.clone, atob: title.atob });

for (const engine of selectedEngines()) {
  describe(engine, () => {
    let browser;
    before(async () => {
      browser = await launchEngine(engine);
    });
    after(() => browser?.close());

    /** Opens `name` on the strict or the open server; its reported results, errors and warnings. */
    async function open(name, { strict = true } = {}) {
      const tab = await browser.newPage();
      try {
        await tab.goto(`http://127.0.0.1:${(strict ? servers.strict : servers.open).address().port}/${name}`);
        await tab.waitFor(() => document.title !== 'none', { timeout: 20_000 });
        const title = JSON.parse(await tab.title());
        const wasmRefused = await tab.evaluate((bytes) => {
          try {
            return new WebAssembly.Instance(new WebAssembly.Module(new Uint8Array(bytes))).exports.answer() !== 42;
          } catch {
            return true;
          }
        }, MODULE_WITH_CODE);
        return { title, ...(await tab.messages()), wasmRefused };
      } finally {
        await tab.close();
      }
    }

    test('the policy does refuse WebAssembly, and the control page allows it', async () => {
      assert.equal((await open('classic-no-wasm.html')).wasmRefused, true);
      assert.equal((await open('classic-no-wasm.html', { strict: false })).wasmRefused, false);
    });

    test('polyfill.js being parsed hands over to polyfill.no-wasm.js: every global works', async () => {
      for (const name of ['classic.html', 'classic-forced.html', 'classic-bare.html']) {
        const { title, errors } = await open(name);
        assert.deepEqual(errors, [], name);
        assert.deepEqual(working(title), WORKING, name);
        assert.deepEqual(title.skipped, [], `${name}: nothing skipped by the script that ran`);
      }
      for (const name of ['classic-forced.html', 'classic-bare.html']) {
        const { title } = await open(name);
        assert.ok(
          title.weftURL && ['URL', 'TextDecoder', 'TextDecoderStream'].every((global) => title.installed.includes(global)),
          `${name}: webweft's globals, from the build without WebAssembly`,
        );
      }
    });

    test('on a page without the globals and without the policy, polyfill.js runs over wasm', async () => {
      const { title, errors } = await open('classic-bare.html', { strict: false });
      assert.deepEqual(errors, []);
      assert.deepEqual(working(title), WORKING);
      assert.ok(title.weftURL);
      assert.deepEqual(title.skipped, []);
    });

    test("the per-area polyfills' no-wasm modules need no 'wasm-unsafe-eval'", async () => {
      const { title, errors } = await open('area-polyfills.html');
      assert.deepEqual(errors, []);
      assert.equal(title.url, WORKING.url);
      assert.equal(title.gbk, WORKING.gbk);
      assert.equal(title.stream, WORKING.stream);
      assert.ok(title.weftURL);
    });

    test("polyfill.no-wasm.js needs no 'wasm-unsafe-eval'", async () => {
      const { title, errors } = await open('classic-no-wasm.html');
      assert.deepEqual(errors, []);
      assert.deepEqual(working(title), WORKING);
      assert.ok(title.weftURL);
    });

    test("an async polyfill.js keeps the engine's globals that need WebAssembly, says why, and breaks nothing", async () => {
      const { title, errors, warnings } = await open('classic-async.html');
      assert.deepEqual(errors, []);
      assert.deepEqual(working(title), WORKING, "the engine's own still work");
      assert.equal(title.weftURL, false);
      // (URLPattern too where the engine's own fails weft's feature test, as Chromium's does.)
      assert.deepEqual(
        title.skipped.filter((name) => name !== 'URLPattern'),
        ['TextDecoder', 'TextDecoderStream', 'URL', 'URLSearchParams'],
      );
      assert.ok(
        title.installed.includes('structuredClone') && title.installed.includes('atob'),
        'what needs no WebAssembly is still installed',
      );
      const own = warnings.filter((text) => text.startsWith('webweft:'));
      assert.equal(own.length, 1, 'one warning');
      assert.match(own[0], /polyfill\.no-wasm\.js/);
    });

    test('a module app bundled with the webweft-no-wasm condition works under the policy', async () => {
      const { title, errors } = await open('app-no-wasm.html');
      assert.deepEqual(errors, []);
      assert.deepEqual(title, { url: WORKING.url, gbk: WORKING.gbk });
    });

    test('a module app over wasm: an error that names the cause and the ways out, and it works without the policy', async () => {
      const { title } = await open('app-wasm.html');
      assert.match(title.error, /^Error: webweft\/url needs WebAssembly, and the host refused to (compile|run) it/);
      assert.match(title.error, /webweft\/url\/no-wasm/);
      assert.match(title.error, /webweft-no-wasm/);
      assert.match(title.error, /'wasm-unsafe-eval'/);
      assert.match(title.cause, /CompileError/);
      assert.deepEqual((await open('app-wasm.html', { strict: false })).title, { url: WORKING.url, gbk: WORKING.gbk });
    });
  });
}
