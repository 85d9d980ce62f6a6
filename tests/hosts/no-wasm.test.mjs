// The package's module entries where no WebAssembly runs: an app that imports `webweft` (every
// area) bundled as Metro resolves it (the "react-native" export condition: the build without
// WebAssembly) runs the portable tests in QuickJS, in Hermes 0.12 (lowered by Babel as React
// Native lowers an app for engines before Hermes V1) and in a Node vm realm that cannot compile
// wasm; Metro itself builds the same app for Hermes 0.12; current Hermes's compiler (hermesc)
// compiles the esbuild bundle as React Native lowers it for Hermes V1. In that realm the
// build over wasm never leaves a broken global: polyfill.js installs only what needs no wasm,
// and a module entry's first call explains what to use instead. (The WPT files run in the same
// engines through the no-wasm polyfill: tests/wpt/script-host.mjs.) And Node without WebAssembly
// (--jitless) imports every /no-wasm subpath.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { before, test } from 'node:test';
import vm from 'node:vm';
import * as esbuild from 'esbuild';
import { getQuickJS } from 'quickjs-emscripten';
import { pkgDir, repoRoot } from '../wpt/lib.mjs';
import { noWasmRealm } from '../wpt/script-host.mjs';

const require = createRequire(import.meta.url);
const work = join(repoRoot, 'target', 'no-wasm');
const hermesBin = join(dirname(require.resolve('hermes-engine-cli/package.json')), 'linux64-bin');
const hermesc = join(dirname(require.resolve('hermes-compiler/package.json')), 'hermesc', 'linux64-bin', 'hermesc');

/** The portable tests each engine cannot pass, with what it lacks. */
const EXPECTED_FAILURES = {
  quickjs: {
    'structured clone errors are DataCloneErrors naming the value':
      'QuickJS gives JavaScript no way to tell a Proxy from its target (V8 has node:util types.isProxy), so a Proxy is cloned as its target',
  },
  'hermes 0.12': {
    'structuredClone: 10,000-deep nesting, resizable buffers, transfer':
      'Hermes 0.12 has no resizable ArrayBuffer and no way to detach one (no ArrayBuffer.prototype.transfer or structuredClone)',
    'structured clone errors are DataCloneErrors naming the value':
      'Hermes gives JavaScript no way to tell a Proxy from its target, so a Proxy is cloned as its target',
  },
  'vm-no-wasm': {
    'structured clone errors are DataCloneErrors naming the value':
      "a vm realm has no process.getBuiltinModule, webweft's way to V8's Proxy check (node:util types.isProxy)",
  },
};

const APP = `import * as weft from 'webweft';
import { runPortableTests } from ${JSON.stringify(join(repoRoot, 'tests', 'hosts', 'portable.mjs'))};
const lines = [];
globalThis.__done = runPortableTests(weft, globalThis.__engine, undefined, (line) => lines.push(line), ${JSON.stringify(EXPECTED_FAILURES)}[globalThis.__engine]).then((passed) => ({ passed, lines }));
`;

let bundle;
let inputs;
before(async () => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const { metafile } = await esbuild.build({
    stdin: { contents: APP, resolveDir: repoRoot, sourcefile: 'app.js' },
    bundle: true,
    format: 'iife',
    platform: 'neutral',
    mainFields: ['react-native', 'module', 'main'],
    conditions: ['react-native'],
    target: 'es2022',
    outfile: join(work, 'app.js'),
    metafile: true,
    logLevel: 'warning',
  });
  bundle = readFileSync(join(work, 'app.js'), 'utf8');
  inputs = Object.keys(metafile.inputs);
});

test('the react-native condition resolves every area to the build without WebAssembly', () => {
  const shipped = inputs.filter((file) => file.startsWith('pkg/')).map((file) => file.slice(4));
  assert.ok(
    shipped.includes('index.no-wasm.js') && shipped.includes('url-asm.js') && shipped.includes('encoding-asm.js'),
    shipped.join(' '),
  );
  assert.deepEqual(
    shipped.filter((file) => /-wasm\.js$|\.wasm$|\.workerd\./.test(file) && !file.includes('no-wasm')),
    [],
    'no wasm reaches the bundle',
  );
});

test('QuickJS (no WebAssembly, URL, TextDecoder or DOMException) runs the portable tests', async () => {
  // (The context is left to the process: after the whole suite, freeing its runtime trips
  // quickjs-emscripten's leak assertion, which freeing after any one of the tests does not.)
  const context = (await getQuickJS()).newContext();
  {
    for (const name of ['WebAssembly', 'URL', 'TextDecoder', 'DOMException']) {
      const type = context.unwrapResult(context.evalCode(`typeof ${name}`));
      assert.equal(context.dump(type), 'undefined', name);
      type.dispose();
    }
    context.unwrapResult(context.evalCode("globalThis.__engine = 'quickjs';")).dispose();
    context.unwrapResult(context.evalCode(bundle, 'app.js')).dispose();
    const promise = context.unwrapResult(context.evalCode('__done'));
    context.runtime.executePendingJobs();
    const state = context.getPromiseState(promise);
    promise.dispose();
    assert.equal(state.type, 'fulfilled', 'the tests ran to the end');
    const { passed, lines } = context.dump(state.value);
    state.value.dispose();
    assert.ok(passed, lines.join('\n'));
  }
});

/**
 * The bundle lowered as React Native's Babel preset lowers an app: for Hermes V1 (its default
 * profile, `hermes-stable`), or for older engines (`default`), such as the 0.12 VM.
 */
function lowered(profile) {
  const babel = require('@babel/core');
  return babel.transformSync(bundle, {
    filename: 'app.js',
    sourceType: 'script',
    babelrc: false,
    configFile: false,
    compact: true,
    presets: [
      [
        require.resolve('@react-native/babel-preset'),
        { enableBabelRuntime: false, disableImportExportTransform: true, unstable_transformProfile: profile },
      ],
    ],
  }).code;
}

/** Runs `code` (which sets `__done`) in the Hermes 0.12 VM; the portable tests' result. */
function runInHermes(code, name) {
  const script = join(work, name);
  writeFileSync(
    script,
    `var __engine = 'hermes 0.12';\n${code}\n__done.then(function (r) { print(JSON.stringify(r)); }, function (e) { print(JSON.stringify({ passed: false, lines: [String(e && e.stack || e)] })); });\n`,
  );
  const out = execFileSync(join(hermesBin, 'hermes'), ['-lazy', '-Xes6-promise', '-Xmicrotask-queue', script], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return JSON.parse(out.trim().split('\n').pop());
}

test('Hermes 0.12, with the bundle lowered as React Native lowers an app for it, runs the portable tests', () => {
  const { passed, lines } = runInHermes(lowered('default'), 'app.hermes.js');
  assert.ok(passed, lines.join('\n'));
});

test('Metro, the React Native bundler, builds the app, and Hermes 0.12 runs it', async () => {
  // Resolved as a React Native app's Metro resolves (package exports, the "react-native"
  // condition) and transformed as it transforms (tests/hosts/metro-transformer.cjs). Metro
  // crawls only its watch folders: the app, the package, the portable tests, and the runtime
  // its bundle and Babel's helpers need, each also named as a module (the package is a symlink).
  const Metro = require('metro');
  const { getDefaultConfig, mergeConfig } = require('metro-config');
  const app = join(work, 'metro');
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, 'app.js'), APP);
  const modules = {
    webweft: realpathSync(pkgDir),
    'metro-runtime': dirname(require.resolve('metro-runtime/package.json')),
    '@babel/runtime': dirname(require.resolve('@babel/runtime/package.json')),
  };
  const config = mergeConfig(await getDefaultConfig(app), {
    projectRoot: app,
    watchFolders: [app, join(repoRoot, 'tests', 'hosts'), ...Object.values(modules)],
    resolver: {
      extraNodeModules: modules,
      unstable_enablePackageExports: true,
      unstable_conditionNames: ['require', 'react-native'],
    },
    transformer: { babelTransformerPath: join(repoRoot, 'tests', 'hosts', 'metro-transformer.cjs') },
    reporter: { update() {} },
    resetCache: true,
  });
  const out = join(app, 'bundle.js');
  await Metro.runBuild(config, { entry: 'app.js', out, platform: 'ios', minify: false, dev: false });
  const code = readFileSync(out, 'utf8');
  assert.match(code, /webweft: unreachable code reached/, 'the translated units (their trap message) are in the bundle');
  const { passed, lines } = runInHermes(code, 'metro.hermes.js');
  assert.ok(passed, lines.join('\n'));
});

test("current Hermes's compiler (npm hermes-compiler) compiles the bundle as React Native lowers it for Hermes V1", () => {
  // (Its VM is not on npm. That profile keeps the classes, private fields and static blocks the
  // 0.12 VM needs lowered, and lowers async generators, which hermesc refuses.)
  writeFileSync(join(work, 'app.hermes-v1.js'), lowered('hermes-stable'));
  execFileSync(hermesc, ['-emit-binary', '-out', join(work, 'app.hbc'), join(work, 'app.hermes-v1.js')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
});

test('a vm realm that cannot compile wasm runs the bundle', async () => {
  // (Node's structuredClone, which a realm of a host would have: webweft detaches through it.)
  const context = noWasmRealm({ __engine: 'vm-no-wasm', structuredClone });
  assert.equal(vm.runInContext('typeof WebAssembly', context), 'undefined');
  vm.runInContext(bundle, context, { filename: 'app.js' });
  const { passed, lines } = await vm.runInContext('__done', context);
  assert.ok(passed, lines.join('\n'));
});

test('in that realm the build over wasm leaves no broken global: polyfill.js installs what needs no wasm and says why', () => {
  const warnings = [];
  const context = noWasmRealm({ console: { warn: (...args) => warnings.push(args.join(' ')) } });
  vm.runInContext(readFileSync(join(pkgDir, 'polyfill.js'), 'utf8'), context, { filename: 'polyfill.js' });
  const installed = [...vm.runInContext('webweft.installed', context)].sort();
  const skipped = [...vm.runInContext('webweft.skipped', context)].map(({ name, reason }) => [name, reason]);
  const uint8ArrayMethods = ['fromBase64', 'fromHex']
    .map((name) => `Uint8Array.${name}`)
    .concat(['setFromBase64', 'setFromHex', 'toBase64', 'toHex'].map((name) => `Uint8Array.prototype.${name}`));
  assert.deepEqual(installed, ['DOMException', 'TextEncoder', ...uint8ArrayMethods, 'atob', 'btoa', 'structuredClone']);
  assert.deepEqual(skipped.map(([name]) => name).sort(), ['TextDecoder', 'URL', 'URLPattern', 'URLSearchParams']);
  assert.match(skipped[0][1], /no WebAssembly/);
  for (const name of ['URL', 'URLSearchParams', 'URLPattern', 'TextDecoder'])
    assert.equal(vm.runInContext(`typeof ${name}`, context), 'undefined', `${name} left as it was`);
  assert.equal(vm.runInContext("atob('YQ==') + structuredClone([1])[0] + new TextEncoder().encode('é').length", context), 'a12');
  assert.equal(warnings.length, 1);
  assert.match(
    warnings[0],
    /^webweft: not installed: TextDecoder, URL, URLSearchParams, URLPattern .*polyfill\.no-wasm\.js runs without WebAssembly/,
  );
});

test("in that realm a module entry's first call names the cause and the ways out", async () => {
  const context = noWasmRealm();
  // webweft/url's ES modules as they are, bundled into one script for the realm.
  const { outputFiles } = await esbuild.build({
    stdin: { contents: "export * from './url.js';", resolveDir: pkgDir },
    bundle: true,
    format: 'iife',
    globalName: 'weftURL',
    write: false,
  });
  const module = { exports: vm.runInContext(`${outputFiles[0].text}\nweftURL;`, context, { filename: 'url.js' }) };
  const error = (() => {
    try {
      new module.exports.URL('HTTP://EXAMPLE.com/%7efoo/../x?é');
    } catch (caught) {
      return caught;
    }
    return null;
  })();
  assert.ok(error, 'threw');
  assert.match(error.message, /^webweft\/url needs WebAssembly, and this JavaScript engine has no WebAssembly\. /);
  assert.match(error.message, /Import 'webweft\/url\/no-wasm'/);
  assert.match(error.message, /"webweft-no-wasm" export condition/);
});

test('Node without WebAssembly (--jitless): every /no-wasm subpath imports and works', () => {
  const subpaths = Object.keys(JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).exports).filter(
    (subpath) => subpath.endsWith('/no-wasm') && !subpath.includes('polyfill'),
  );
  // Each module's first use: a URL (with IDNA), a legacy decode, a microsyntax, a record.
  const script = `
    const results = {};
    for (const subpath of ${JSON.stringify(subpaths)}) {
      const m = await import(subpath.replace(/^\\./, 'webweft'));
      results[subpath] = m.basicURLParse ? m.serializeURL(m.basicURLParse('HTTP://ä.test/a/../b'))
        : m.URL?.install ? typeof m.URL.install
        : m.URL ? new m.URL('HTTP://ä.test/a/../b').href + (m.TextDecoder ? ' ' + new m.TextDecoder('latin1').decode(Uint8Array.of(0xe9)) : '')
        : m.TextDecoder ? new m.TextDecoder('latin1').decode(Uint8Array.of(0xe9))
        : m.URLPattern ? new m.URLPattern({ pathname: '/:id(\\\\d+)' }).exec('https://a.test/42').pathname.groups.id
        : m.MIMEType ? String(new m.MIMEType(' Text/HTML;A=b '))
        : m.parseDataURL ? m.parseDataURL('data:,%41').body[0]
        : m.htmlEncodingSniffer ? m.htmlEncodingSniffer(new TextEncoder().encode('<meta charset=sjis>'))
        : m.parseInteger(' 42');
    }
    console.log(JSON.stringify({ wasm: typeof WebAssembly, results }));`;
  const output = execFileSync(process.execPath, ['--jitless', '--input-type=module', '-e', script], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { wasm, results } = JSON.parse(output);
  assert.equal(wasm, 'undefined', '--jitless leaves no WebAssembly');
  const url = 'http://xn--4ca.test/b';
  assert.deepEqual(results, {
    './no-wasm': `${url} é`,
    './url/no-wasm': url,
    './encoding/no-wasm': 'é',
    './encoding-lite/no-wasm': 'é',
    './html/no-wasm': 42,
    './lite/no-wasm': `${url} é`,
    './whatwg-url/no-wasm': url,
    './whatwg-url/webidl2js-wrapper/no-wasm': 'function',
    './urlpattern/no-wasm': '42',
    './mimesniff/no-wasm': 'text/html;a=b',
    './whatwg-mimetype/no-wasm': 'text/html;a=b',
    './data-urls/no-wasm': 0x41,
    './html-encoding-sniffer/no-wasm': 'Shift_JIS',
  });
});
