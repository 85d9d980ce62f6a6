// Runs WPT files in engines without WebAssembly, through the package's build without it
// (pkg/polyfill.no-wasm.js, forced over whatever the engine has):
//   quickjs     QuickJS (npm quickjs-emscripten): no WebAssembly, URL, TextDecoder or DOMException;
//   hermes      React Native's engine (npm hermes-engine-cli, the hermes VM), the script lowered by
//               Babel with @react-native/babel-preset as Metro lowers an app;
//   vm-no-wasm  a Node vm realm with wasm code generation disallowed and no WebAssembly global.
// Each file becomes one classic script: the host facilities a test page has and the engine lacks
// (timers, streams, the test's resource files), the polyfill, testharness.js, the META scripts,
// the test file, and a completion callback that reports the results.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import vm from 'node:vm';
import { locate, normalizeResults, pkgDir, readMeta, wptDir } from './lib.mjs';
import { hostGlobals } from './node-host.mjs';

const require = createRequire(import.meta.url);
const FILE_TIMEOUT_MS = 300_000;
const REPORT = '__wptReport';

/** A classic script that defines the engine's missing streams (web-streams-polyfill). */
const streamsPolyfill = () => readFileSync(require.resolve('web-streams-polyfill/polyfill'), 'utf8');

/** Each resource a file fetches (a literal path in it or its META scripts), by that literal. */
function resources(relativePath, texts) {
  const found = {};
  for (const text of texts) {
    for (const [, path] of text.matchAll(/fetch\(\s*["']([^"']+)["']\s*\)/g)) {
      found[path] = readFileSync(locate(join(dirname(relativePath), path)), 'utf8');
    }
  }
  return found;
}

/**
 * Upstream's common/sab.js reaches SharedArrayBuffer through `new WebAssembly.Memory({shared:
 * true})` (whatwg/html#5380: where the global is hidden without cross-origin isolation). An
 * engine without WebAssembly gets the same `createBuffer` over the global SharedArrayBuffer,
 * which these engines expose where they have one.
 */
const SAB_WITHOUT_WASM = `const createBuffer = (type, length) => {
  if (type === "ArrayBuffer") return new ArrayBuffer(length);
  if (type === "SharedArrayBuffer") return new SharedArrayBuffer(length);
  throw new Error("type has to be ArrayBuffer or SharedArrayBuffer");
};`;

/**
 * For engines without Blob and File (QuickJS, Hermes): classes of those names, so that the
 * structured clone battery, which makes Blobs while it loads, can load and run its other tests.
 * They are ordinary classes, not the platform's, so the battery's Blob and File tests fail there
 * (expected-failures.json says so).
 */
const BLOB_STAND_IN = `if (typeof Blob === 'undefined') {
  globalThis.Blob = class Blob {
    constructor(parts, options) { this.parts = parts === undefined ? [] : Array.from(parts); this.type = (options && options.type) || ''; }
  };
  globalThis.File = class File extends Blob {
    constructor(parts, name, options) { super(parts, options); this.name = String(name); }
  };
}`;

/** The script that runs `relativePath`; it calls REPORT with the results as JSON. */
export function wptScript(relativePath, { withStreams }) {
  const { source, scripts, title } = readMeta(relativePath);
  const scriptTexts = scripts.map((script) =>
    script === 'common/sab.js' ? SAB_WITHOUT_WASM : readFileSync(locate(script), 'utf8'),
  );
  const prelude = `globalThis.self = globalThis;
self.GLOBAL = { isWindow: function () { return false; }, isWorker: function () { return false; }, isShadowRealm: function () { return false; } };
self.location = { href: ${JSON.stringify(`http://wpt.invalid/${relativePath}`)}, pathname: ${JSON.stringify(`/${relativePath}`)}, search: '' };
${title ? `self.META_TITLE = ${JSON.stringify(title)};` : ''}
var __resources = ${JSON.stringify(resources(relativePath, [source, ...scriptTexts]))};
self.fetch = function (input) {
  var text = __resources[String(input)];
  if (text === undefined) return Promise.reject(new TypeError('no such resource: ' + input));
  return Promise.resolve({ ok: true, status: 200, text: function () { return Promise.resolve(text); }, json: function () { return Promise.resolve(JSON.parse(text)); } });
};
self.webweftPolyfillOptions = { force: true };
`;
  const epilogue = `add_completion_callback(function (tests, status) {
  ${REPORT}(JSON.stringify({ tests: tests.map(function (t) { return { name: t.name, status: t.status, message: t.message }; }), status: { status: status.status, message: status.message } }));
});`;
  return {
    parts: [
      ['prelude', prelude],
      ...(withStreams
        ? [
            ['streams', streamsPolyfill()],
            ['blob', BLOB_STAND_IN],
          ]
        : []),
      ['polyfill', readFileSync(join(pkgDir, 'polyfill.no-wasm.js'), 'utf8')],
      [
        'check',
        "if (!webweft.installed.includes('URL') || !webweft.installed.includes('TextDecoder')) throw new Error('webweft was not installed: ' + webweft.installed);",
      ],
      ['testharness', readFileSync(join(wptDir, 'resources', 'testharness.js'), 'utf8')],
      ['setup', epilogue],
      ...scripts.map((script, i) => [script, scriptTexts[i]]),
      [relativePath, source],
    ],
  };
}

/** Results from the JSON a script reported (or a harness failure). */
function parseReport(json, problem) {
  if (json === undefined) return [{ name: '(harness)', status: 'FAIL', message: problem ?? 'no results reported' }];
  const { tests, status } = JSON.parse(json);
  return normalizeResults(tests, status);
}

// --- vm-no-wasm -------------------------------------------------------------------------------

/** A Node vm realm that cannot compile WebAssembly (and has no WebAssembly global). */
export function noWasmRealm(extra = {}) {
  const context = vm.createContext(
    { console, setTimeout, clearTimeout, queueMicrotask, ...extra },
    { codeGeneration: { strings: true, wasm: false } },
  );
  vm.runInContext('delete globalThis.WebAssembly;', context);
  return context;
}

async function runVm(relativePath) {
  let reported;
  const done = new Promise((resolve) => {
    reported = resolve;
  });
  // Node's own facilities stand in for a page's (a vm realm has none of its own): streams, fetch's
  // classes, MessageChannel, Blob (as in the vm host), but no TextEncoder or TextDecoder.
  const { TextEncoder, TextDecoder, ...facilities } = hostGlobals();
  const context = noWasmRealm({ ...facilities, [REPORT]: (json) => reported(json) });
  try {
    for (const [name, text] of wptScript(relativePath, { withStreams: false }).parts)
      vm.runInContext(text, context, { filename: name });
  } catch (error) {
    return parseReport(undefined, `uncaught: ${error?.stack ?? error}`);
  }
  return withTimeout(done.then((json) => parseReport(json)));
}

// --- QuickJS ----------------------------------------------------------------------------------

let quickjs;

async function runQuickJS(relativePath) {
  quickjs ??= await (await import('quickjs-emscripten')).getQuickJS();
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(1 << 30);
  runtime.setMaxStackSize(0);
  const context = runtime.newContext();
  const timers = new Map();
  let nextTimer = 1;
  let reported;
  let failure;
  const done = new Promise((resolve) => {
    reported = resolve;
  });
  const drain = () => {
    const result = runtime.executePendingJobs();
    // quickjs-emscripten 0.32's executePendingJobs reads the last job's context pointer through a
    // view of the emscripten heap made before the jobs ran: when a job grows that heap (a large
    // ArrayBuffer, such as the no-wasm build's memory growing), the view is detached, the pointer
    // reads undefined, and it wraps a new context that nobody disposes, so runtime.dispose()
    // aborts (list_empty(&rt->gc_obj_list); justjake/quickjs-emscripten#240, fix in PR #248). Those
    // stray contexts are disposed below (after the error, which may be a handle of one).
    if (result.error) {
      failure ??= JSON.stringify(context.dump(result.error));
      result.error.dispose();
    }
    for (const other of runtime.contextMap.values()) if (other !== context) other.dispose();
  };
  const define = (name, fn) => context.newFunction(name, fn).consume((handle) => context.setProp(context.global, name, handle));
  define(REPORT, (json) => reported(context.getString(json)));
  define('setTimeout', (callback, delay) => {
    const id = nextTimer++;
    const handle = callback.dup();
    timers.set(id, {
      handle,
      timer: setTimeout(
        () => {
          timers.delete(id);
          const result = context.callFunction(handle, context.undefined);
          handle.dispose();
          if (result.error) {
            failure ??= JSON.stringify(context.dump(result.error));
            result.error.dispose();
          } else {
            result.value.dispose();
          }
          drain();
        },
        delay === undefined ? 0 : context.getNumber(delay),
      ),
    });
    return context.newNumber(id);
  });
  define('clearTimeout', (id) => {
    const entry = timers.get(context.getNumber(id));
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.handle.dispose();
    timers.delete(context.getNumber(id));
  });
  define('print', (...args) => console.log(...args.map((arg) => context.dump(arg))));
  try {
    context
      .unwrapResult(context.evalCode('globalThis.console = { log: print, warn: print, error: print, info: print };'))
      .dispose();
    for (const [name, text] of wptScript(relativePath, { withStreams: true }).parts) {
      const result = context.evalCode(text, name);
      if (result.error) {
        const error = context.dump(result.error);
        result.error.dispose();
        return parseReport(undefined, `uncaught in ${name}: ${JSON.stringify(error)}`);
      }
      result.value.dispose();
    }
    // (Only now: testharness in a shell counts the file as loaded at its first microtask.)
    drain();
    const json = await withTimeout(done);
    return Array.isArray(json) ? json : parseReport(json, failure);
  } finally {
    for (const { handle, timer } of timers.values()) {
      clearTimeout(timer);
      handle.dispose();
    }
    context.dispose();
    runtime.dispose();
  }
}

// --- Hermes -----------------------------------------------------------------------------------

const hermesBinary = () => join(dirname(require.resolve('hermes-engine-cli/package.json')), 'linux64-bin', 'hermes');
const lowered = new Map();

/** `text` lowered by Babel as Metro lowers a React Native app for Hermes (cached per part). */
function lower(name, text) {
  if (!lowered.has(name)) {
    const babel = require('@babel/core');
    const { code } = babel.transformSync(text, {
      filename: name.endsWith('.js') ? name : `${name}.js`,
      sourceType: 'script',
      babelrc: false,
      configFile: false,
      compact: true,
      // ('default': the profile for engines before Hermes V1, such as the 0.12 VM, which lowers
      // classes; React Native's default profile, for Hermes V1, keeps them.)
      presets: [
        [
          require.resolve('@react-native/babel-preset'),
          { enableBabelRuntime: false, disableImportExportTransform: true, unstable_transformProfile: 'default' },
        ],
      ],
    });
    lowered.set(name, code);
  }
  return lowered.get(name);
}

async function runHermes(relativePath, work) {
  const { parts } = wptScript(relativePath, { withStreams: true });
  const script = [
    `var ${REPORT} = function (json) { print('${REPORT}' + json); };`,
    'globalThis.console = { log: print, warn: print, error: print, info: print };',
    // The hermes CLI's clearTimeout throws for an id that is not a number; HTML's (and React
    // Native's) takes any value and clears nothing for one that names no timer.
    'var __hostClearTimeout = clearTimeout; globalThis.clearTimeout = function (id) { if (typeof id === "number") __hostClearTimeout(id); };',
    // (Each part is lowered once: the shared ones once for every file.)
    ...parts.map(([name, text]) => lower(name === 'prelude' ? `prelude:${relativePath}` : name, text)),
  ].join('\n;\n');
  const file = join(work, 'test.js');
  writeFileSync(file, script);
  try {
    // (-lazy: functions are compiled when first called, as React Native's Hermes does.)
    const { stdout } = await promisify(execFile)(hermesBinary(), ['-lazy', '-Xes6-promise', '-Xmicrotask-queue', file], {
      maxBuffer: 1 << 28,
      timeout: FILE_TIMEOUT_MS,
    });
    const line = stdout.split('\n').find((text) => text.startsWith(REPORT));
    return parseReport(line?.slice(REPORT.length), `no results; output: ${stdout.slice(-500)}`);
  } catch (error) {
    return parseReport(
      undefined,
      `hermes failed: ${String(error.stderr ?? error.message)
        .split('\n')
        .filter((line) => !line.includes(': warning: '))
        .join('\n')
        .slice(0, 2000)}`,
    );
  }
}

function withTimeout(promise) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((resolve) => {
      timer = setTimeout(() => resolve([{ name: '(harness)', status: 'TIMEOUT', message: 'file timed out' }]), FILE_TIMEOUT_MS);
    }),
  ]);
}

export async function runFiles(files, engine) {
  const work = mkdtempSync(join(tmpdir(), 'weft-wpt-'));
  const fileResults = [];
  try {
    for (const file of files) {
      const run = { quickjs: runQuickJS, hermes: runHermes, 'vm-no-wasm': runVm }[engine];
      fileResults.push({ file, results: await run(file, work) });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return fileResults;
}
