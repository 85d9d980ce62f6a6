// Runs a WPT file in Node: a fresh vm context (its own realm, so `instanceof` and error
// constructors behave as on the web), weft's CommonJS build (index.cjs and the area files it
// requires; with `--host whatwg-url`, the whatwg-url drop-in's files) evaluated inside it, weft's
// implementations installed as the context's globals (never the host's), then the real
// testharness.js, the META scripts and the test file.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import vm from 'node:vm';
import { locate, normalizeResults, pkgDir, readMeta, wptDir } from './lib.mjs';

// The package's CommonJS files by path, read once.
const sources = new Map();
const source = (file) => sources.get(file) ?? sources.set(file, readFileSync(file, 'utf8')).get(file);
const hostRequire = createRequire(join(pkgDir, 'index.cjs'));

/** A `require` that evaluates the package's own files (`./NAME.cjs`) in the context's realm. */
function contextRequire(run) {
  const modules = new Map();
  const require = (specifier) => {
    if (!specifier.startsWith('./')) return hostRequire(specifier);
    const file = join(pkgDir, specifier);
    if (!modules.has(file)) {
      const module = { exports: {} };
      modules.set(file, module);
      run(`(function (exports, require, module, __filename, __dirname) {${source(file)}\n})`, file)(
        module.exports,
        require,
        module,
        file,
        pkgDir,
      );
    }
    return modules.get(file).exports;
  };
  return require;
}
const testharnessSource = readFileSync(join(wptDir, 'resources', 'testharness.js'), 'utf8');
const FILE_TIMEOUT_MS = 120_000;

/** Host facilities a test page has but weft does not provide. */
export function hostGlobals() {
  return {
    console,
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    queueMicrotask,
    DOMException,
    MessageChannel,
    ReadableStream,
    WritableStream,
    TransformStream,
    // Fetch, which url/ tests use beside URLSearchParams (formData(), new URLSearchParams(formData)).
    Request,
    Response,
    FormData,
    // The host's UTF-8 coders, which the generated bindings use (captured at load; weft's replace
    // the globals after).
    TextEncoder,
    TextDecoder,
    // Platform objects the structured clone tests clone or transfer (Response and MessageChannel
    // too, above), and the host's own structuredClone, which weft uses for them (weft's replaces
    // the global).
    Blob,
    File,
    MessagePort,
    structuredClone,
  };
}

function readWptFile(url) {
  return readFileSync(locate(decodeURIComponent(new URL(url).pathname).slice(1)));
}

/**
 * `--host whatwg-url`: webweft's whatwg-url drop-in (whatwg-url-webidl2js-wrapper.cjs and the
 * files it requires, evaluated in the context's realm) installs its URL and URLSearchParams
 * interfaces on the context's global as jsdom installs them on a window; the percent-encoding
 * driver's `webweft.parseURL(input, base, {encoding})` is the drop-in's parseURL with that
 * encoding, its record serialized into a URL object.
 */
function installWhatwgURL(global, run) {
  const require = contextRequire(run);
  const wrapper = require('./whatwg-url-webidl2js-wrapper.cjs');
  wrapper.URL.install(global, ['Window']);
  wrapper.URLSearchParams.install(global, ['Window']);
  const { parseURL, serializeURL } = require('./whatwg-url.cjs');
  global.webweft = {
    parseURL(input, base, { encoding } = {}) {
      const record = parseURL(input, { baseURL: parseURL(base), encoding });
      return { url: record === null ? null : new global.URL(serializeURL(record)) };
    },
  };
}

export async function runFile(relativePath, host) {
  const { source, scripts, title } = readMeta(relativePath);
  const context = vm.createContext(hostGlobals());
  const run = (code, filename) => vm.runInContext(code, context, { filename });
  const global = run('globalThis', 'setup');
  global.self = global;
  global.location = { href: `http://wpt.invalid/${relativePath}`, pathname: `/${relativePath}`, search: '' };
  global.GLOBAL = { isWindow: () => false, isWorker: () => false, isShadowRealm: () => false };
  if (title) global.META_TITLE = title;

  if (host === 'whatwg-url') {
    installWhatwgURL(global, run);
  } else {
    // weft, evaluated in the context's realm, then installed over every global it provides.
    const module = { exports: contextRequire(run)('./index.cjs') };
    const installed = module.exports.installPolyfill({ force: true });
    // weft's whole API, for drivers that test more than the globals (as the polyfill's `weft`).
    global.webweft = module.exports;
    if (!installed.includes('atob')) throw new Error(`weft's globals were not installed: ${installed}`);
  }

  // fetch() of WPT resources, relative to the test file, with JSON parsed in the context realm.
  global.__readWptFile = (url) => readWptFile(url).toString('utf8');
  global.__HostURL = URL;
  run(
    `globalThis.fetch = async (input) => {
       const text = __readWptFile(new __HostURL(String(input), ${JSON.stringify(`http://wpt.invalid/${relativePath}`)}).href);
       return { ok: true, status: 200, text: async () => text, json: async () => JSON.parse(text) };
     };`,
    'fetch-shim',
  );

  run(testharnessSource, join(wptDir, 'resources', 'testharness.js'));
  const done = new Promise((resolve) => {
    global.add_completion_callback((tests, status) => resolve(normalizeResults(tests, status)));
  });
  try {
    for (const script of scripts) run(readFileSync(locate(script), 'utf8'), locate(script));
    run(source, locate(relativePath));
  } catch (error) {
    // An exception at the top level is a harness error in a browser; testharness reports it via
    // its error handler there. Here, report it the same way.
    return [{ name: '(harness)', status: 'FAIL', message: `uncaught: ${error?.stack ?? error}` }];
  }
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(() => resolve([{ name: '(harness)', status: 'TIMEOUT', message: 'file timed out' }]), FILE_TIMEOUT_MS);
  });
  const results = await Promise.race([done, timeout]);
  clearTimeout(timer);
  return results;
}

export async function runFiles(files, host) {
  const fileResults = [];
  for (const file of files) fileResults.push({ file, results: await runFile(file, host) });
  return fileResults;
}
