// The package in each engine ($WEFT_BROWSERS: Chromium, Firefox ESR, WebKitGTK), served as
// files (no bundler): every subpath's ES module works with no init and compiles only the wasm it
// needs, synchronously on first use; every polyfill loaded by a <script> tag (polyfill.js
// classic, the per-area ones ES modules) installs only its own globals, at load, and works.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, normalize } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CONSOLE_RECORDER, launchEngine, selectedEngines } from '../wpt/engines.mjs';
import { pkgDir } from '../wpt/lib.mjs';

// Counts wasm compiles (WebAssembly.Module and the asynchronous entry points) before any other
// script of the page runs.
const COUNT_COMPILES = `globalThis.__compiled = [];
const { Module } = WebAssembly;
WebAssembly.Module = new Proxy(Module, {
  construct(target, args, newTarget) {
    const module = Reflect.construct(target, args, newTarget);
    globalThis.__compiled.push(WebAssembly.Module.exports(module).map((e) => e.name));
    return module;
  },
});
for (const name of ['compile', 'instantiate', 'compileStreaming', 'instantiateStreaming']) {
  const original = WebAssembly[name];
  WebAssembly[name] = function (...args) {
    globalThis.__compiled.push(name);
    return original.apply(this, args);
  };
}`;
const INDEX = `<!doctype html><title>webweft</title><link rel="icon" href="data:,"><script>${CONSOLE_RECORDER}</script><script>${COUNT_COMPILES}</script>`;

let server;
let origin;
/** The .wasm files the server was asked for. */
const wasmRequests = [];
before(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname;
    if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(INDEX);
      return;
    }
    if (path.endsWith('.wasm')) wasmRequests.push(path);
    try {
      const body = readFileSync(join(pkgDir, normalize(path).replace(/^\/pkg\//, '')));
      response.writeHead(200, { 'content-type': path.endsWith('.wasm') ? 'application/wasm' : 'text/javascript' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
});
after(() => server?.close());

const SUBPATHS = [
  ['url', "new m.URL('HTTP://A.test/b/../c').href", 'http://a.test/c', ['urlParse']],
  // A URL already in normalized form, before url.wasm is needed, is made in JS (js/url.js).
  ['url', "new m.URL('https://a.test/b?c#d').pathname", '/b', []],
  // The url wasm parses the host, the public-suffix wasm looks the domain up.
  ['url', "m.registrableDomain('www.example.co.uk')", 'example.co.uk', ['urlParse', 'publicSuffixOfDomain']],
  // A query in a legacy encoding: the encoding area's labels and encoder, then the url wasm.
  [
    'url',
    "m.parseURL('https://a.test/?\u3042', undefined, { encoding: 'sjis' }).url.search",
    '?%82%A0',
    ['encodingEncodeQuery', 'urlParse'],
  ],
  ['encoding', "new m.TextDecoder('sjis').decode(new Uint8Array([0x82, 0xa0]))", '\u3042', ['encodingDecode']],
  ['encoding-lite', "new m.TextDecoder('koi8-r').decode(new Uint8Array([0xc1]))", '\u0430', ['encodingDecode']],
  ['structured-clone', 'm.structuredClone(new Map([[1, 2n]])).get(1) === 2n', true, []],
  ['structured-clone', 'm.deserialize(m.serialize([1]))[0]', 1, []],
  // An engine's own atob/btoa that pass weft's load-time probes take what they vouch for; errors
  // (and hosts without a good codec) go to js/base64.js's codec: base64 has no wasm.
  ['base64', "m.atob(' Y Q = = ')", 'a', []],
  ['base64', "(() => { try { m.atob('a'); } catch (e) { return e.name; } })()", 'InvalidCharacterError', []],
  ['html', "m.parseInteger(' -7px')", -7, ['htmlParse']],
  [
    'html',
    "m.encodingParseAndSerializeURL('?\u00e9', 'latin1', 'https://a.test/')",
    'https://a.test/?%E9',
    ['encodingEncodeQuery', 'urlParse'],
  ],
  ['index', "m.btoa('a') + new m.URL('HTTPS://a.test/').host", 'YQ==a.test', ['urlParse']],
];

// ES2026's Uint8Array base64 and hex, which a forced base64 polyfill (and polyfill.js) installs.
const UINT8ARRAY_METHODS = ['fromBase64', 'fromHex']
  .map((name) => `Uint8Array.${name}`)
  .concat(['setFromBase64', 'setFromHex', 'toBase64', 'toHex'].map((name) => `Uint8Array.prototype.${name}`));

const POLYFILLS = [
  // With the parts it imports: the encoding area and the public-suffix wasm.
  [
    'url.polyfill.js',
    ['URL', 'URLSearchParams'],
    "new URL('HTTP://A/b').href + webweft.parseURL('http://a/?\u00e9', undefined, { encoding: 'latin1' }).url.search + webweft.publicSuffix('a.co.uk')",
    'http://a/b?%E9co.uk',
  ],
  [
    'encoding.polyfill.js',
    ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'],
    "new TextDecoder('big5').decode(new Uint8Array([0xa4, 0x40]))",
    '\u4e00',
  ],
  ['structured-clone.polyfill.js', ['structuredClone'], 'structuredClone([, 1]).length', 2],
  ['base64.polyfill.js', ['atob', 'btoa', ...UINT8ARRAY_METHODS], "atob('YQ') + Uint8Array.of(255).toHex()", 'aff'],
  [
    'polyfill.js',
    [
      'atob',
      'btoa',
      'TextDecoder',
      'TextEncoder',
      'TextDecoderStream',
      'TextEncoderStream',
      'structuredClone',
      'URL',
      'URLSearchParams',
      'URLPattern',
      ...UINT8ARRAY_METHODS,
    ],
    "webweft.html.parseInteger('4') + atob('YQ==')",
    '4a',
  ],
];

for (const engine of selectedEngines()) {
  describe(engine, () => {
    let browser;
    before(async () => {
      browser = await launchEngine(engine);
    });
    after(() => browser?.close());

    /** A fresh page that counts wasm compiles; `problems()` closes it and returns its errors. */
    async function newPage() {
      const page = await browser.newPage();
      await page.goto(`${origin}/`);
      wasmRequests.length = 0;
      const problems = async () => {
        const { errors } = await page.messages();
        await page.close();
        return errors;
      };
      return { page, problems };
    }

    test('every subpath module works with no init, compiling only the wasm it needs', async () => {
      for (const [file, expression, expected, compiled] of SUBPATHS) {
        const { page, problems } = await newPage();
        const result = await page.evaluate(
          async ([file, expression]) => {
            const m = await import(`/pkg/${file}.js`);
            const atImport = globalThis.__compiled.length;
            const value = new Function('m', `return ${expression}`)(m);
            return { atImport, value, compiled: globalThis.__compiled };
          },
          [file, expression],
        );
        assert.deepEqual(await problems(), [], file);
        assert.equal(result.atImport, 0, `${file}: nothing compiled at import`);
        assert.deepEqual(result.value, expected, `${file}: ${expression}`);
        assert.equal(result.compiled.length, compiled.length, `${file} ${expression}: ${JSON.stringify(result.compiled)}`);
        compiled.forEach((name, i) =>
          assert.ok(
            Array.isArray(result.compiled[i]) && result.compiled[i].includes(name),
            `${file}: a wasm with ${name}, compiled synchronously`,
          ),
        );
        assert.deepEqual(wasmRequests, [], `${file}: no .wasm fetched`);
      }
    });

    test('each polyfill, loaded by a <script> tag and forced, installs its globals (only) at load', async () => {
      for (const [file, names, expression, expected] of POLYFILLS) {
        const { page, problems } = await newPage();
        const result = await page.evaluate(
          async ([file, expression]) => {
            const natives = Object.fromEntries(
              ['URL', 'TextDecoder', 'atob', 'structuredClone'].map((name) => [name, globalThis[name]]),
            );
            await new Promise((resolve, reject) => {
              const script = document.createElement('script');
              script.src = `/pkg/${file}`;
              // (A classic script reads its tag's data-force; a module, webweftPolyfillOptions.)
              if (file === 'polyfill.js') script.setAttribute('data-force', '');
              else script.type = 'module';
              globalThis.webweftPolyfillOptions = { force: true };
              script.onload = resolve;
              script.onerror = () => reject(new Error(`failed to load ${file}`));
              document.head.append(script);
            });
            return {
              installed: webweft.installed,
              ready: await webweft.ready,
              value: new Function(`return ${expression}`)(),
              untouched: Object.keys(natives).filter((name) => globalThis[name] === natives[name]),
            };
          },
          [file, expression],
        );
        assert.deepEqual(await problems(), [], file);
        assert.deepEqual([...result.installed].sort(), [...names].sort(), `${file} installs its globals`);
        assert.deepEqual(result.ready, result.installed);
        assert.deepEqual(result.value, expected, `${file}: ${expression}`);
        for (const name of result.untouched) assert.ok(!names.includes(name), `${file} replaced ${name}`);
        for (const name of ['URL', 'TextDecoder', 'atob', 'structuredClone']) {
          if (!names.includes(name)) assert.ok(result.untouched.includes(name), `${file} left ${name} alone`);
        }
      }
    });
  });
}
