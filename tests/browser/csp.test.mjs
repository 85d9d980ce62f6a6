// Pages under a strict Content-Security-Policy (script-src 'self', no 'wasm-unsafe-eval'), where
// Chromium refuses to compile WebAssembly: the classic polyfills never leave a global that
// throws (a script over wasm that is still being parsed hands over to its twin without
// WebAssembly; one that cannot keeps the host's globals and says why), the build without
// WebAssembly runs, and a module app over wasm fails with an error that names the cause and the
// ways out. The same pages without the policy are the control.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startServer } from '../../tools/serve.mjs';
import { launchChromium } from '../wpt/chromium-host.mjs';
import { pkgDir, repoRoot } from '../wpt/lib.mjs';

const POLICY = "script-src 'self'";
const work = join(repoRoot, 'target', 'csp');
const bin = (name) => join(repoRoot, 'node_modules', '.bin', name);

// What each page reports in its title (an external script: the policy forbids inline ones),
// once the page has loaded (an async polyfill may run after it).
const CHECK = `addEventListener('load', () => {
const results = {};
const attempt = (name, run) => { try { results[name] = run(); } catch (error) { results[name] = 'threw ' + error.name + ': ' + error.message; } };
attempt('url', () => new URL('HTTP://EXAMPLE.com/%7efoo/../x').href);
attempt('gbk', () => new TextDecoder('gbk').decode(new Uint8Array([0xc4, 0xe3])));
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

const page = (scripts) =>
  `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>none</title>${scripts.map((script) => `<script ${script}></script>`).join('')}`;

const PAGES = {
  'classic.html': page(['src="/pkg/polyfill.js"', 'src="/check.js"']),
  'classic-forced.html': page(['src="/pkg/polyfill.js" data-force', 'src="/check.js"']),
  'classic-no-wasm.html': page(['src="/pkg/polyfill.no-wasm.js" data-force', 'src="/check.js"']),
  // The per-area polyfills are ES modules: without WebAssembly, their no-wasm files.
  'area-polyfills.html': page([
    'type="module" src="/pkg/url.no-wasm.polyfill.js"',
    'type="module" src="/pkg/encoding.no-wasm.polyfill.js"',
    'src="/check.js"',
  ]),
  // A script that is not parser-blocking cannot write its twin into the page.
  'classic-async.html': page(['src="/pkg/polyfill.js" data-force async', 'src="/check.js" defer']),
  'app-no-wasm.html': page(['type="module" src="/app/no-wasm.js"']),
  'app-wasm.html': page(['type="module" src="/app/wasm.js"']),
};

let browser;
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
        pathname === '/check.js'
          ? { type: 'text/javascript; charset=utf-8', body: CHECK }
          : PAGES[pathname.slice(1)]
            ? { type: 'text/html; charset=utf-8', body: PAGES[pathname.slice(1)] }
            : null,
    });
  servers = { strict: await serve({ 'content-security-policy': POLICY }), open: await serve({}) };
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  for (const server of Object.values(servers ?? {})) server.close();
});

/** Opens `name` on the strict or the open server; its reported results, errors and warnings. */
async function open(name, { strict = true } = {}) {
  const tab = await browser.newPage();
  const errors = [];
  const warnings = [];
  tab.on('pageerror', (error) => errors.push(String(error)));
  tab.on('console', (message) =>
    (message.type() === 'warning' ? warnings : message.type() === 'error' ? errors : []).push(message.text()),
  );
  await tab.goto(`http://127.0.0.1:${(strict ? servers.strict : servers.open).address().port}/${name}`);
  await tab.waitForFunction(() => document.title !== 'none', null, { timeout: 20_000 });
  const title = JSON.parse(await tab.title());
  const wasmRefused = await tab.evaluate(() => {
    try {
      new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
      return false;
    } catch {
      return true;
    }
  });
  await tab.close();
  // Chromium reports the policy's refusals as console errors; those are not the page's.
  return { title, errors: errors.filter((text) => !/Content Security Policy/.test(text)), warnings, wasmRefused };
}

const WORKING = { url: 'http://example.com/x', gbk: '你', clone: 'a', atob: 'a' };

test('the policy does refuse WebAssembly, and the control page allows it', async () => {
  assert.equal((await open('classic-no-wasm.html')).wasmRefused, true);
  assert.equal((await open('classic-no-wasm.html', { strict: false })).wasmRefused, false);
});

test('polyfill.js being parsed hands over to polyfill.no-wasm.js: every global works', async () => {
  for (const name of ['classic.html', 'classic-forced.html']) {
    const { title, errors } = await open(name);
    assert.deepEqual(errors, [], name);
    assert.deepEqual({ url: title.url, gbk: title.gbk, clone: title.clone, atob: title.atob }, WORKING, name);
    assert.deepEqual(title.skipped, [], `${name}: nothing skipped by the script that ran`);
  }
  const forced = (await open('classic-forced.html')).title;
  assert.ok(
    forced.weftURL && forced.installed.includes('URL') && forced.installed.includes('TextDecoder'),
    'forced: webweft over Chromium',
  );
});

test("the per-area polyfills' no-wasm modules need no 'wasm-unsafe-eval'", async () => {
  const { title, errors } = await open('area-polyfills.html');
  assert.deepEqual(errors, []);
  assert.equal(title.url, WORKING.url);
  assert.equal(title.gbk, WORKING.gbk);
  assert.ok(title.weftURL);
});

test("polyfill.no-wasm.js needs no 'wasm-unsafe-eval'", async () => {
  const { title, errors } = await open('classic-no-wasm.html');
  assert.deepEqual(errors, []);
  assert.deepEqual({ url: title.url, gbk: title.gbk, clone: title.clone, atob: title.atob }, WORKING);
  assert.ok(title.weftURL);
});

test("an async polyfill.js keeps Chromium's globals that need WebAssembly, says why, and breaks nothing", async () => {
  const { title, errors, warnings } = await open('classic-async.html');
  assert.deepEqual(errors, []);
  assert.deepEqual(
    { url: title.url, gbk: title.gbk, clone: title.clone, atob: title.atob },
    WORKING,
    "Chromium's own still work",
  );
  assert.equal(title.weftURL, false);
  assert.deepEqual(title.skipped, ['TextDecoder', 'TextDecoderStream', 'URL', 'URLSearchParams']);
  assert.ok(
    title.installed.includes('structuredClone') && title.installed.includes('atob'),
    'what needs no WebAssembly is still installed',
  );
  assert.equal(warnings.filter((text) => text.startsWith('webweft:')).length, 1, 'one warning');
  assert.match(
    warnings.find((text) => text.startsWith('webweft:')),
    /polyfill\.no-wasm\.js/,
  );
});

test('a module app bundled with the webweft-no-wasm condition works under the policy', async () => {
  const { title, errors } = await open('app-no-wasm.html');
  assert.deepEqual(errors, []);
  assert.deepEqual(title, { url: WORKING.url, gbk: WORKING.gbk });
});

test('a module app over wasm: an error that names the cause and the ways out, and it works without the policy', async () => {
  const { title } = await open('app-wasm.html');
  assert.match(title.error, /^Error: webweft\/url needs WebAssembly, and the host refused to compile it/);
  assert.match(title.error, /webweft\/url\/no-wasm/);
  assert.match(title.error, /webweft-no-wasm/);
  assert.match(title.error, /'wasm-unsafe-eval'/);
  assert.match(title.cause, /CompileError/);
  assert.deepEqual((await open('app-wasm.html', { strict: false })).title, { url: WORKING.url, gbk: WORKING.gbk });
});
