#!/usr/bin/env node
// The WPT runner: node tests/wpt/run.mjs [--host vm|chromium|firefox|webkit|quickjs|hermes|vm-no-wasm|whatwg-url]
// [path filters...]
// (`vm` also runs under `deno run -A` and `bun`; quickjs, hermes and vm-no-wasm run the build
// without WebAssembly, see script-host.mjs; whatwg-url runs the url/ files over the URL and
// URLSearchParams of the whatwg-url drop-in, see node-host.mjs).
// Prints per-file and total passed / total subtest counts; exits non-zero on any failure that
// tests/wpt/expected-failures.json does not list (with its reason).
import { report, selectFiles } from './lib.mjs';
import { notRunOn } from './suites.mjs';

const args = process.argv.slice(2);
const hostIndex = args.indexOf('--host');
const host = hostIndex === -1 ? 'vm' : args[hostIndex + 1];
const filters = args.filter((_, i) => hostIndex === -1 || (i !== hostIndex && i !== hostIndex + 1));
const selected = selectFiles(filters, host === 'whatwg-url' ? ['url'] : undefined);
const notRun = notRunOn[host];
const files = selected.filter((file) => !notRun?.files.includes(file));
for (const file of selected.filter((file) => notRun?.files.includes(file))) console.log(`  NOT RUN ${file}: ${notRun.reason}`);

// `vm` runs in whichever runtime executes this script (Node, Deno or Bun), each file in a fresh
// vm realm; `chromium`, `firefox` and `webkit` drive a browser page per file (browser-host.mjs).
const runtime = globalThis.Deno ? 'deno' : globalThis.Bun ? 'bun' : 'node';
const SCRIPT_HOSTS = ['quickjs', 'hermes', 'vm-no-wasm'];
const BROWSER_HOSTS = ['chromium', 'firefox', 'webkit'];
const label = host === 'vm' ? runtime : host;
const { runFiles } = await import(
  BROWSER_HOSTS.includes(host) ? './browser-host.mjs' : SCRIPT_HOSTS.includes(host) ? './script-host.mjs' : './node-host.mjs'
);
console.log(`WPT on ${label}: ${files.length} files`);
const fileResults = await runFiles(files, host);
process.exitCode = report(label, fileResults) ? 0 : 1;
// Handles a test leaves open (a MessagePort with a listener) must not keep the runner alive.
process.exit();
