// A webweft URL where the host takes its own: fs, http, fetch, import() and Worker, after the
// polyfill has replaced the host's URL (forced), in Node, Deno and Bun (`node|deno run -A|bun
// tests/hosts/interop.mjs`). Exits non-zero on a result other than the expected one; the gaps
// (Bun's fs and Worker, which check JavaScriptCore's own URL brand) are listed with their reason
// and must keep failing, so that the README's list stays true.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker as NodeWorker } from 'node:worker_threads';

const host = globalThis.Deno ? 'deno' : globalThis.Bun ? 'bun' : 'node';
const HostURL = globalThis.URL;
globalThis.webweftPolyfillOptions = { force: true, only: ['URL', 'URLSearchParams'] };
await import('webweft/url/polyfill');
if (globalThis.URL === HostURL || globalThis.URL !== globalThis.webweft.URL)
  throw new Error("the polyfill did not replace the host's URL");

/** The gaps, per host: each with why (the README says the same). */
const GAPS = {
  bun: {
    'fs.readFileSync': "Bun's fs takes only JavaScriptCore's own URL objects (a native brand, not the prototype)",
    Worker: "Bun's Worker takes only JavaScriptCore's own URL objects (a native brand, not the prototype)",
  },
};

const dir = mkdtempSync(join(tmpdir(), 'weft-interop-'));
const file = join(dir, 'file.txt');
writeFileSync(file, 'contents');
writeFileSync(join(dir, 'module.mjs'), 'export default 42;\n');
writeFileSync(
  join(dir, 'worker.mjs'),
  "import { parentPort } from 'node:worker_threads';\n(parentPort ?? self).postMessage('worker ok');\n",
);
const server = createServer((request, response) => response.end(`pong ${request.url}`)).listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${server.address().port}`;
const fileURL = (name) => new URL(`file://${join(dir, name)}`);

const CASES = {
  'fs.readFileSync': () => readFileSync(fileURL('file.txt'), 'utf8'),
  fetch: async () => (await fetch(new URL('/f?q=1', base))).text(),
  'http.get': () =>
    new Promise((resolve, reject) => {
      get(new URL('/h', base), (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve(text));
      }).on('error', reject);
    }),
  'import()': async () => (await import(fileURL('module.mjs'))).default,
  Worker: () =>
    new Promise((resolve, reject) => {
      if (host === 'node') {
        const worker = new NodeWorker(fileURL('worker.mjs'));
        worker.once('message', (message) => worker.terminate().then(() => resolve(message)));
        worker.once('error', reject);
      } else {
        const worker = new globalThis.Worker(fileURL('worker.mjs'), { type: 'module' });
        worker.onmessage = ({ data }) => {
          worker.terminate();
          resolve(data);
        };
        worker.onerror = (event) => reject(event.error ?? new Error(event.message));
      }
    }),
};
const EXPECTED = {
  'fs.readFileSync': 'contents',
  fetch: 'pong /f?q=1',
  'http.get': 'pong /h',
  'import()': 42,
  Worker: 'worker ok',
};

let unexpected = 0;
for (const [name, run] of Object.entries(CASES)) {
  let result;
  try {
    result = await run();
  } catch (error) {
    result = `threw ${error?.code ?? error?.name}: ${error?.message}`;
  }
  const gap = GAPS[host]?.[name];
  const ok = gap ? result !== EXPECTED[name] : result === EXPECTED[name];
  if (!ok) unexpected++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${host} ${name}: ${JSON.stringify(result)}${gap ? ` (a known gap: ${gap})` : ''}`);
}
server.close();
rmSync(dir, { recursive: true, force: true });
console.log(`${host} interop: ${Object.keys(CASES).length - unexpected}/${Object.keys(CASES).length} as expected`);
if (unexpected) process.exit(1);
