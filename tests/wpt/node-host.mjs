// Runs a WPT file in Node: a fresh vm context (its own realm, so `instanceof` and error
// constructors behave as on the web), weft's ES modules (index.js and the area files it imports;
// with `--host whatwg-url`, the whatwg-url drop-in's files) evaluated inside it, weft's
// implementations installed as the context's globals (never the host's), then the real
// testharness.js, the META scripts and the test file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { build } from 'esbuild';
import { locate, normalizeResults, pkgDir, readMeta, wptDir } from './lib.mjs';

// The package's files as one script per entry (a vm context runs scripts; its modules need a
// flag), made once by esbuild without changing them: each evaluates to the entry's namespace.
const scripts = new Map();
async function packageScript(contents) {
  if (!scripts.has(contents)) {
    const { outputFiles } = await build({
      stdin: { contents, resolveDir: pkgDir, sourcefile: 'wpt-entry.js' },
      bundle: true,
      format: 'iife',
      globalName: '__webweftEntry',
      write: false,
      logLevel: 'error',
    });
    scripts.set(contents, `${outputFiles[0].text}\n__webweftEntry;`);
  }
  return scripts.get(contents);
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
 * `--host whatwg-url`: webweft's whatwg-url drop-in (whatwg-url-webidl2js-wrapper.js,
 * whatwg-url.js and the files they import, evaluated in the context's realm) installs its URL and URLSearchParams
 * interfaces on the context's global as jsdom installs them on a window; the percent-encoding
 * driver's `webweft.parseURL(input, base, {encoding})` is the drop-in's parseURL with that
 * encoding, its record serialized into a URL object.
 */
async function installWhatwgURL(global, run) {
  const entry =
    "export * as wrapper from './whatwg-url-webidl2js-wrapper.js'; export { parseURL, serializeURL } from './whatwg-url.js';";
  const { wrapper, parseURL, serializeURL } = run(await packageScript(entry), join(pkgDir, 'whatwg-url.js'));
  wrapper.URL.install(global, ['Window']);
  wrapper.URLSearchParams.install(global, ['Window']);
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
    await installWhatwgURL(global, run);
  } else {
    // weft, evaluated in the context's realm, then installed over every global it provides.
    const weft = run(await packageScript("export * from './index.js';"), join(pkgDir, 'index.js'));
    const installed = weft.installPolyfill({ force: true });
    // weft's whole API, for drivers that test more than the globals (as the polyfill's `weft`).
    global.webweft = weft;
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
