// The package as users import it: the exports map and its subpaths, `require` and `import` of
// the same ES modules, lazy wasm (nothing compiled at import, only the wasm an area needs on first use), the
// inline-wasm ES modules, the classic-script polyfills, and real names in every bundle.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { inflateRawSync } from 'node:zlib';
import * as esm from 'webweft';

const require = createRequire(import.meta.url);
const pkgDir = dirname(fileURLToPath(import.meta.resolve('webweft/package.json')));
const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));

// Each subpath: its files' base name and one call that uses its wasm.
const SUBPATHS = {
  '.': { file: 'index', call: (m) => m.btoa('a') === 'YQ==' },
  './url': { file: 'url', call: (m) => new m.URL('HTTP://A.test/b/../c').href === 'http://a.test/c' },
  './urlpattern': {
    file: 'urlpattern',
    call: (m) => new m.URLPattern({ pathname: '/:id' }).exec('https://a.test/7')?.pathname.groups.id === '7',
  },
  './encoding': { file: 'encoding', call: (m) => new m.TextDecoder('sjis').decode(new Uint8Array([0x82, 0xa0])) === '\u3042' },
  './encoding-lite': {
    file: 'encoding-lite',
    call: (m) => new m.TextDecoder('koi8-r').decode(new Uint8Array([0xc1])) === '\u0430',
  },
  './structured-clone': { file: 'structured-clone', call: (m) => m.deserialize(m.serialize(new Map([[1, 2n]]))).get(1) === 2n },
  './base64': { file: 'base64', call: (m) => m.atob(' Y Q = = ') === 'a' },
  './html': { file: 'html', call: (m) => m.parseInteger(' -7px') === -7 },
  './lite': { file: 'lite', call: (m) => m.labelToEncoding('latin1') === 'windows-1252' },
  './whatwg-url': { file: 'whatwg-url', call: (m) => m.serializeURL(m.parseURL('HTTP://A.test/b/../c')) === 'http://a.test/c' },
  './whatwg-url/webidl2js-wrapper': {
    file: 'whatwg-url-webidl2js-wrapper',
    call: (m) => {
      const window = { Array, Object, Promise, String, TypeError };
      m.URL.install(window, ['Window']);
      m.URLSearchParams.install(window, ['Window']);
      return new window.URL('HTTP://A.test/b/../c').href === 'http://a.test/c';
    },
  },
  './mimesniff': { file: 'mimesniff', call: (m) => `${new m.MIMEType(' Text/HTML;A=b ')}` === 'text/html;a=b' },
  './html-encoding-sniffer': {
    file: 'html-encoding-sniffer',
    call: (m) => m.htmlEncodingSniffer(new TextEncoder().encode('<meta charset=sjis>')) === 'Shift_JIS',
  },
  './data-urls': { file: 'data-urls', call: (m) => m.parseDataURL('data:,%41').body[0] === 0x41 },
  './whatwg-mimetype': {
    file: 'whatwg-mimetype',
    call: (m) => m.computedMIMEType(new Uint8Array([0x42, 0x4d])).essence === 'image/bmp',
  },
};
// Subpaths whose API is not in `webweft` (the drop-ins and MIME Sniffing's).
const OWN_APIS = ['./mimesniff', './whatwg-mimetype', './data-urls', './html-encoding-sniffer'];
const specifier = (subpath) => `webweft${subpath.slice(1)}`;

test('every subpath resolves to its ES module under import and require, one instance for both', async () => {
  for (const [subpath, { file, call }] of Object.entries(SUBPATHS)) {
    assert.ok(manifest.exports[subpath], `${subpath} in the exports map`);
    assert.equal(import.meta.resolve(specifier(subpath)), pathToFileURL(join(pkgDir, `${file}.js`)).href);
    assert.equal(require.resolve(specifier(subpath)), join(pkgDir, `${file}.js`));
    const imported = await import(specifier(subpath));
    const required = require(specifier(subpath));
    assert.deepEqual(
      Object.keys(imported).sort(),
      Object.keys(required)
        .filter((key) => key !== '__esModule')
        .sort(),
    );
    for (const key of Object.keys(imported)) assert.equal(imported[key], required[key], `${subpath} ${key}: the same object`);
    assert.ok(call(imported), `${subpath} works`);
  }
});

test('the whole package re-exports the areas: one class per API, whatever the subpath', async () => {
  const cjs = require('webweft');
  assert.equal(esm.URL, require('webweft/url').URL);
  assert.equal(esm.URLPattern, require('webweft/urlpattern').URLPattern);
  assert.equal(esm.TextDecoder, (await import('webweft/encoding')).TextDecoder);
  assert.equal(esm.structuredClone, require('webweft/structured-clone').structuredClone);
  assert.equal(esm.atob, (await import('webweft/base64')).atob);
  assert.equal(esm.html.parseInteger, require('webweft/html').parseInteger);
  // (The html area's module namespace: its members cannot be replaced.)
  assert.equal(Object.isExtensible(esm.html), false);
  assert.throws(() => {
    esm.html.parseInteger = null;
  }, TypeError);
  assert.ok(!('default' in esm.html));
  // A URL made through require passes import's brand checks.
  assert.equal(esm.hostType(new cjs.URL('https://127.0.0.1/')), 'ipv4');
  assert.equal(cjs.hostType(new esm.URL('https://[::1]/')), 'ipv6');
  // parseURL with a query encoding (the encoding area's encoder, through JS) returns this area's URL.
  const { url } = esm.parseURL('https://a.test/?\u00e9', undefined, { encoding: 'windows-1252' });
  assert.ok(url instanceof esm.URL);
  assert.equal(url.search, '?%E9');
  assert.equal(esm.parseURL.length, 1);
});

test('every file the exports map, main, types and typesVersions name exists in pkg/', () => {
  const targets = [manifest.main, manifest.types];
  const collect = (value) => (typeof value === 'string' ? targets.push(value) : Object.values(value).forEach(collect));
  collect(manifest.exports);
  collect(manifest.typesVersions);
  for (const target of targets) assert.ok(existsSync(join(pkgDir, target)), `${target} missing`);
  // Every subpath has types, and every types condition comes first.
  for (const [subpath, conditions] of Object.entries(manifest.exports)) {
    if (typeof conditions === 'string') continue;
    assert.equal(Object.keys(conditions)[0], 'types', `${subpath}: types first`);
    const name = subpath === '.' ? null : subpath.slice(2);
    if (name) assert.ok(manifest.typesVersions['*'][name], `${subpath} has typesVersions for node10 resolution`);
  }
  const files = readdirSync(pkgDir);
  for (const file of files) {
    const listed = manifest.files.some((pattern) =>
      pattern.startsWith('*') ? file.endsWith(pattern.slice(1)) : file === pattern,
    );
    if (file !== 'package.json') assert.ok(listed, `${file} is in "files"`);
  }
});

test("no shipped file has a class static block (React Native's Babel preset refuses them)", () => {
  const files = readdirSync(pkgDir).filter((file) => file.endsWith('.js'));
  assert.ok(files.length > 50);
  for (const file of files) assert.ok(!/\bstatic\s*\{/.test(readFileSync(join(pkgDir, file), 'utf8')), file);
});

/** Runs `source` in a fresh Node process (ES module) after the wasm-counting helper. */
function runNode(source) {
  const helper = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), 'wasm-instances.mjs')).href;
  return execFileSync(
    process.execPath,
    ['--input-type=module', '-e', `import { modules } from ${JSON.stringify(helper)};\n${source}`],
    {
      cwd: pkgDir,
      encoding: 'utf8',
    },
  );
}

test('nothing compiles at import; the first call compiles only the wasm its area needs, once', () => {
  // Each case: the import, calls, and for each call the wasm compiled (named by a distinctive export).
  const cases = [
    // base64 has no wasm, errors included.
    ['webweft', 'm.atob("YQ=="); m.btoa("a")', []],
    ['webweft', 'try { m.atob("a"); } catch {}', []],
    ['webweft/url', 'new m.URL("https://a.test/"); m.URL.canParse("x:")', ['urlParse']],
    // A URL already in normalized form, before url.wasm is needed, is made in JS (js/url.js).
    ['webweft/url', 'new m.URL("https://a.test/b?c#d").href', []],
    // The url wasm parses the host, the public-suffix wasm looks the domain up.
    ['webweft/url', 'm.publicSuffix("a.co.uk")', ['urlParse', 'publicSuffixOfDomain']],
    ['webweft/url', 'm.parseURL("http://a.test/")', ['urlParse']],
    // A query in another encoding than UTF-8: the encoding area's labels and encoder, through JS.
    [
      'webweft/url',
      'm.parseURL("http://a.test/?\\u00e9", undefined, { encoding: "shift_jis" })',
      ['encodingEncodeQuery', 'urlParse'],
    ],
    ['webweft/encoding', 'new m.TextDecoder("big5").decode(new Uint8Array([0x61]))', ['encodingDecode']],
    // UTF-8's usual labels resolve in JS, and short well-formed input decodes in JS: no wasm.
    [
      'webweft/encoding',
      'new m.TextDecoder().decode(new Uint8Array([0x68, 0xc3, 0xa9])); new m.TextDecoder("utf8", { fatal: true }).encoding',
      [],
    ],
    ['webweft/encoding', 'new m.TextDecoder("utf-8").decode(new Uint8Array([0xff]))', ['encodingDecode']],
    // (Streaming: a whole large UTF-8 input goes to Node 24's own decoder, which needs no wasm.)
    [
      'webweft/encoding-lite',
      'new m.TextEncoder().encodeInto("a", new Uint8Array(3)); new m.TextDecoder().decode(new Uint8Array(300), { stream: true })',
      ['encodingDecode'],
    ],
    ['webweft/structured-clone', 'm.structuredClone({ a: [1n, new Date(0)] })', []],
    // serialize/deserialize too: the wire-format codec is JavaScript (js/structured-clone/wire.js).
    ['webweft/structured-clone', 'm.deserialize(m.serialize(1))', []],
    ['webweft/base64', 'm.base64Decode(m.base64Encode(new Uint8Array(4))); try { m.base64Decode("*"); } catch {}', []],
    ['webweft/html', 'm.parseDate("2016-02-29")', ['htmlParse']],
    // Encoding-parsing a URL: the url area's parser and the encoding area's encoders, no html wasm.
    ['webweft/html', 'm.encodingParseAndSerializeURL("?\\u00e9", "big5", "http://a.test/")', ['encodingEncodeQuery', 'urlParse']],
    ['webweft/html', 'm.extractMetaCharsetEncoding("text/html; charset=sjis")', ['htmlParse', 'encodingDecode']],
  ];
  for (const [name, calls, expected] of cases) {
    const out = runNode(`import * as m from ${JSON.stringify(name)};
const atImport = modules.length;
${calls};
console.log(JSON.stringify({ atImport, compiled: modules.map((module) => WebAssembly.Module.exports(module).map((e) => e.name)) }));`);
    const { atImport, compiled } = JSON.parse(out);
    assert.equal(atImport, 0, `${name}: nothing compiled at import`);
    assert.equal(compiled.length, expected.length, `${name} ${calls}: ${expected.length} wasm compiled`);
    expected.forEach((exportName, i) =>
      assert.ok(compiled[i].includes(exportName), `${name}: compiled a wasm with ${exportName}`),
    );
  }
  // No wasm duplicates another's code: the URL wasm has no Public Suffix List or encoders, the
  // public-suffix and html ones no URL parser; base64 and structured-clone have no wasm.
  const exportsOf = (file) =>
    WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(join(pkgDir, file)))).map((e) => e.name);
  assert.ok(!existsSync(join(pkgDir, 'base64.wasm')));
  assert.ok(!existsSync(join(pkgDir, 'structured-clone.wasm')));
  assert.ok(!exportsOf('url.wasm').includes('encodingDecode'));
  assert.ok(!exportsOf('public-suffix.wasm').includes('urlParse'));
  assert.ok(!exportsOf('html.wasm').includes('urlParse'));
  assert.ok(!exportsOf('html.wasm').includes('encodingDecode'));
});

test("the shipped wasms carry no panic locations: neither source paths nor std's messages", () => {
  // The wasm's panic handler (src/bindings/mod.rs) reads nothing of the panic, so none is linked.
  // polyfill.js's full wasm is inline (base64 of raw DEFLATE).
  const wasms = readdirSync(pkgDir)
    .filter((file) => file.endsWith('.wasm'))
    .map((file) => [file, readFileSync(join(pkgDir, file))]);
  const inline = /"([A-Za-z0-9+/]{1000,}={0,2})"/.exec(readFileSync(join(pkgDir, 'polyfill.js'), 'utf8'))[1];
  wasms.push(['polyfill.js', inflateRawSync(Buffer.from(inline, 'base64'))]);
  assert.equal(wasms.length, 10);
  for (const [file, bytes] of wasms) {
    const text = bytes.toString('latin1');
    assert.deepEqual(text.match(/[\w./-]*\.rs\0/g), null, `${file}: no source paths`);
    // (A message that code can still print stays: `RefCell already borrowed` in the wasms whose
    // function table keeps core::fmt's Display methods.)
    for (const message of ['capacity overflow', 'range end index']) {
      assert.ok(!text.includes(message), `${file}: no ${JSON.stringify(message)}`);
    }
  }
});

test('require works where the host has no TextDecoder or TextEncoder, and never reads bare globals', () => {
  // (Node's own lazily loaded globals, fetch and WebSocket, need them: load those first.)
  const out = runNode(`for (const name of Object.getOwnPropertyNames(globalThis)) try { globalThis[name]; } catch {}
delete globalThis.TextDecoder; delete globalThis.TextEncoder;
const { createRequire } = await import('node:module');
const w = createRequire(${JSON.stringify(join(pkgDir, 'x.js'))})('./index.js');
console.log([new w.URL('https://\u00e9.test/\u00e9').href, w.atob('YQ=='), new w.TextDecoder().decode(new w.TextEncoder().encode('\u00e9\uD800')),
  w.html.encodingParseAndSerializeURL('?\u00e9', 'utf-8', 'http://x/'), w.domainToUnicode('xn--9ca.test')].join(' '));`);
  assert.equal(out.trim(), 'https://xn--9ca.test/%C3%A9 a \u00e9\ufffd http://x/?%C3%A9 \u00e9.test');
  assert.equal(
    execFileSync(
      process.execPath,
      ['-e', "const { TextDecoder } = require('webweft'); console.log(new TextDecoder().encoding)"],
      { cwd: pkgDir, encoding: 'utf8' },
    ).trim(),
    'utf-8',
  );
});

test('the inline-wasm ES modules (Node, Bun, Deno, browsers, bundlers) need no init and no file access', async () => {
  for (const [subpath, { file, call }] of Object.entries(SUBPATHS)) {
    assert.equal(manifest.exports[subpath].default, `./${file}.js`);
    const source = readFileSync(join(pkgDir, `${file}.js`), 'utf8');
    assert.ok(!/readFile|require\(|\.wasm\b|\bfetch\(|import\.meta/.test(source), `${file}.js reads no file`);
    const web = await import(pathToFileURL(join(pkgDir, `${file}.js`)).href);
    assert.ok(call(web), `${file}.js works`);
  }
});

test("an app's bundle has every inline wasm it uses together, ahead of the areas' code, and no other", async () => {
  const { build } = await import('esbuild');
  const wasmText = /"[A-Za-z0-9+/]{1000,}={0,2}"/g;
  for (const [app, units] of [
    ["import * as webweft from 'webweft'; console.log(webweft);", ['encoding', 'html', 'public-suffix', 'url', 'urlpattern']],
    ["import { URL } from 'webweft'; console.log(new URL('https://a.test/').host);", ['url']],
    // (webweft/url can reach the encoding area's wasm: its module starts with both.)
    [
      "import { URL } from 'webweft/url'; import { TextDecoder } from 'webweft/encoding'; console.log(new TextDecoder(), new URL('https://a.test/'));",
      ['encoding', 'url'],
    ],
    // What needs no wasm takes none, though TextDecoder beside it does work at load.
    ["import { TextEncoder } from 'webweft/encoding'; console.log(new TextEncoder().encode('a'));", []],
    ["import { TextEncoder, structuredClone } from 'webweft'; console.log(new TextEncoder(), structuredClone(1));", []],
    ["import { TextDecoder } from 'webweft'; console.log(new TextDecoder().decode(new Uint8Array(1)));", ['encoding']],
  ]) {
    const result = await build({
      stdin: { contents: app, resolveDir: pkgDir },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'error',
    });
    const code = result.outputFiles[0].text;
    const texts = [...code.matchAll(wasmText)];
    const wasmOf = (text) => units.find((unit) => readFileSync(join(pkgDir, `${unit}-wasm.js`), 'utf8').includes(text));
    assert.deepEqual(texts.map(([text]) => wasmOf(text)).sort(), units, app);
    // Between two of them, at most a declaration's few characters (`;var a=`); before the first,
    // esbuild's helpers and the namespace's list of getters, none of an area's functions or classes.
    for (let i = 1; i < texts.length; i++) assert.ok(texts[i].index - (texts[i - 1].index + texts[i - 1][0].length) < 16, app);
    if (texts.length > 0)
      assert.ok(!/\b(function|class)\b/.test(code.slice(0, texts[0].index)), `${app}: ${code.slice(0, texts[0].index)}`);
  }
});

test('the ES modules for bundlers share one copy of the modules that are not per unit', () => {
  // Each module in an (unminified) ES module of the package starts at a `// js/NAME.js` line.
  const copies = {};
  for (const file of readdirSync(pkgDir).filter(
    (name) => name.endsWith('.js') && !/polyfill|^[a-z-]+-(wasm|asm)\.js$/.test(name),
  )) {
    const sources = new Set(
      [...readFileSync(join(pkgDir, file), 'utf8').matchAll(/^\/\/ js\/(\S+\.js)$/gm)].map(([, source]) => source),
    );
    for (const source of sources) (copies[source] ??= []).push(file);
  }
  const shared = {
    'utf8.js': 'shared-utf8.js',
    'fallback/utf8.js': 'shared-utf8-fallback.js',
    'webidl.js': 'shared-webidl.js',
    'inflate.js': 'shared-inflate.js',
    'wasm-module.js': 'shared-wasm-module.js',
    'dom-exception.js': 'shared-dom-exception.js',
    'structured-clone/platform.js': 'shared-platform.js',
  };
  for (const [source, file] of Object.entries(shared)) assert.deepEqual(copies[source], [file], source);
  // js/io.js holds one unit's buffers: a copy in each module with a unit of its own, per flavour.
  const perUnit = [
    'encoding-lite',
    'encoding',
    'html',
    'html-encoding-sniffer',
    'mimesniff',
    'public-suffix',
    'url',
    'urlpattern',
    'whatwg-url-core',
  ];
  const flavours = ['.js', '.workerd.js', '.no-wasm.js'];
  assert.deepEqual(copies['io.js'].sort(), flavours.flatMap((suffix) => perUnit.map((name) => `${name}${suffix}`)).sort());
});

test('the polyfill installer replaces only missing or broken globals unless forced', () => {
  const saved = ['atob', 'btoa', 'structuredClone', 'URL', 'URLSearchParams'].map((name) => [
    name,
    Object.getOwnPropertyDescriptor(globalThis, name),
  ]);
  try {
    const only = ['atob', 'btoa'];
    assert.deepEqual(esm.installPolyfill({ only }), [], "Node's atob and btoa pass the feature tests");
    delete globalThis.atob;
    assert.deepEqual(esm.installPolyfill({ only }), ['atob']);
    assert.equal(globalThis.atob, esm.atob);
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'atob');
    assert.deepEqual([descriptor.writable, descriptor.enumerable, descriptor.configurable], [true, false, true]);
    globalThis.atob = () => 'broken';
    assert.deepEqual(esm.installPolyfill({ only: ['atob'] }), ['atob'], 'a broken atob is replaced');
    assert.deepEqual(esm.installPolyfill({ force: true, only }).sort(), ['atob', 'btoa']);
  } finally {
    for (const [name, descriptor] of saved) Object.defineProperty(globalThis, name, descriptor);
  }
});

// ES2026's Uint8Array base64 and hex, which the base64 polyfills install (Node has none).
const UINT8ARRAY_METHODS = ['fromBase64', 'fromHex']
  .map((name) => `Uint8Array.${name}`)
  .concat(['toBase64', 'toHex', 'setFromBase64', 'setFromHex'].map((name) => `Uint8Array.prototype.${name}`));
// Each polyfill subpath: its file and the globals it (alone) installs.
const POLYFILLS = {
  './polyfill': [
    'polyfill.js',
    [
      'atob',
      'btoa',
      'DOMException',
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
  ],
  './url/polyfill': ['url.polyfill.js', ['URL', 'URLSearchParams']],
  './urlpattern/polyfill': ['urlpattern.polyfill.js', ['URLPattern']],
  './encoding/polyfill': ['encoding.polyfill.js', ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream']],
  './structured-clone/polyfill': ['structured-clone.polyfill.js', ['structuredClone', 'DOMException']],
  './base64/polyfill': ['base64.polyfill.js', ['atob', 'btoa', 'DOMException', ...UINT8ARRAY_METHODS]],
};

/** `file` of pkg/ as a classic script: itself if it is one, else bundled with what it imports. */
async function classicScript(file) {
  const source = readFileSync(join(pkgDir, file), 'utf8');
  if (file === 'polyfill.js') {
    assert.ok(!/^\s*(import|export)\s/m.test(source), `${file}: no module syntax`);
    return source;
  }
  const { build } = await import('esbuild');
  const { outputFiles } = await build({ entryPoints: [join(pkgDir, file)], bundle: true, format: 'iife', write: false });
  return outputFiles[0].text;
}

test('each polyfill installs only its globals, in a context that lacks them all', async () => {
  for (const [subpath, [file, names]] of Object.entries(POLYFILLS)) {
    assert.equal(manifest.exports[subpath].default, `./${file}`);
    const source = await classicScript(file);
    // A bare context: no URL, TextDecoder, atob, structuredClone, ... (an old or embedded engine).
    const context = vm.createContext({});
    for (const name of POLYFILLS['./polyfill'][1]) assert.equal(typeof context[name], 'undefined');
    vm.runInContext(source, context, { filename: file });
    const installed = vm.runInContext('webweft.installed', context);
    // The streams need the host's TransformStream, which a bare context lacks: not installed there.
    const expected = names.filter((name) => !name.endsWith('Stream'));
    assert.deepEqual([...installed].sort(), [...expected].sort(), `${file} installs exactly its globals`);
    for (const name of expected) {
      const type = name.startsWith('Uint8Array.') ? `typeof ${name}` : `typeof globalThis[${JSON.stringify(name)}]`;
      assert.equal(vm.runInContext(type, context), 'function', `${file}: ${name}`);
    }
    assert.equal(vm.runInContext('webweft.ready instanceof Promise', context), true);
  }
  // Each part works once installed, and the parts merge into one namespace.
  const context = vm.createContext({});
  for (const file of ['base64.polyfill.js', 'url.polyfill.js']) vm.runInContext(await classicScript(file), context);
  assert.equal(
    vm.runInContext("atob('YQ==') + new URL('HTTP://A/').href + webweft.installed.join()", context),
    `ahttp://a/atob,btoa,DOMException,${UINT8ARRAY_METHODS.join()},URL,URLSearchParams`,
  );
  assert.equal(
    vm.runInContext('typeof webweft.atob + typeof webweft.URL + typeof TextDecoder', context),
    'functionfunctionundefined',
  );
});

test("import 'webweft/url/polyfill' in Node installs (forced) and defines globalThis.webweft", () => {
  for (const [subpath, [, names]] of Object.entries(POLYFILLS)) {
    const out = runNode(`globalThis.webweftPolyfillOptions = { force: true };
await import(${JSON.stringify(specifier(subpath))});
const globals = webweft.installed.filter((name) => !name.startsWith('Uint8Array.'));
console.log(JSON.stringify({ installed: webweft.installed, same: globals.every((name) => globalThis[name] === webweft[name]) }));`);
    const { installed, same } = JSON.parse(out);
    // (Node's DOMException stays, even forced: webweft's is only for hosts without one.)
    assert.deepEqual([...installed].sort(), names.filter((name) => name !== 'DOMException').sort(), subpath);
    assert.ok(same, `${subpath}: the globals are the namespace's`);
  }
});

/** Every function and class export of a module (and of its `html`), with its name and length. */
function signatures(module) {
  const entries = [];
  const add = (prefix, object) => {
    for (const [key, value] of Object.entries(object)) {
      if (typeof value === 'function') entries.push([`${prefix}${key}`, value.name, value.length]);
      else if (key === 'html') add('html.', value);
    }
  };
  add('', module);
  return entries.sort(([a], [b]) => (a < b ? -1 : 1));
}

test('every exported function and class has its real name and length in every bundle', async () => {
  const reference = signatures(esm);
  for (const [key, name] of reference) assert.equal(name, key.replace(/^html\./, ''), `${key}.name`);
  // WebIDL lengths (required arguments) of a few.
  const lengths = Object.fromEntries(reference.map(([key, , length]) => [key, length]));
  assert.deepEqual(
    [
      lengths.atob,
      lengths.btoa,
      lengths.structuredClone,
      lengths.URL,
      lengths.URLSearchParams,
      lengths.TextDecoder,
      lengths.TextEncoder,
      lengths.serialize,
      lengths.deserialize,
    ],
    [1, 1, 1, 1, 0, 0, 0, 1, 1],
  );
  const bundles = [
    ['index.js', await import(pathToFileURL(join(pkgDir, 'index.js')).href)],
    ['index.no-wasm.js', await import(pathToFileURL(join(pkgDir, 'index.no-wasm.js')).href)],
  ];
  for (const [subpath, { file }] of Object.entries(SUBPATHS)) {
    if (subpath === '.' || subpath === './lite') continue;
    const web = await import(pathToFileURL(join(pkgDir, `${file}.js`)).href);
    if (subpath.startsWith('./whatwg-url') || OWN_APIS.includes(subpath)) {
      // A package's API (whatwg-url's, ...) or MIME Sniffing's, not in the whole package: its
      // functions and classes by their own names.
      for (const [key, value] of Object.entries(web))
        if (typeof value === 'function') assert.equal(value.name, key, `${file} ${key}.name`);
      continue;
    }
    const expected = file === 'html' ? signatures({ html: esm.html }) : reference.filter(([key]) => key in web);
    const strip = (list) => (file === 'html' ? list.map(([key, ...rest]) => [`html.${key}`, ...rest]) : list);
    assert.deepEqual(strip(signatures(web)), expected, `${file}.js`);
  }
  const context = vm.createContext({});
  vm.runInContext(readFileSync(join(pkgDir, 'polyfill.js'), 'utf8'), context);
  const namespace = vm.runInContext('webweft', context);
  // The polyfill's namespace has `install` (of the parts loaded) where the module has installPolyfill.
  const withoutInstaller = reference.filter(([key]) => key !== 'installPolyfill');
  assert.deepEqual(
    signatures(Object.fromEntries(withoutInstaller.map(([key]) => key.split('.')[0]).map((key) => [key, namespace[key]]))),
    withoutInstaller,
    'polyfill.js',
  );
  assert.equal(namespace.install.name, 'install');
  for (const [file, module] of bundles) assert.deepEqual(signatures(module), reference, file);
});
