#!/usr/bin/env node
// The WPT runner: node tests/wpt/run.mjs --host node|chromium [path filters...]
// Prints per-file and total passed / total subtest counts; exits non-zero on any failure that
// tests/wpt/expected-failures.json does not list (with its reason).
import { report, selectFiles } from './lib.mjs';

const args = process.argv.slice(2);
const hostIndex = args.indexOf('--host');
const host = hostIndex === -1 ? 'node' : args[hostIndex + 1];
const filters = args.filter((_, i) => i !== hostIndex && i !== hostIndex + 1);
const files = selectFiles(filters);

const { runFiles } = await import(host === 'chromium' ? './chromium-host.mjs' : './node-host.mjs');
console.log(`WPT on ${host}: ${files.length} files`);
const fileResults = await runFiles(files);
process.exitCode = report(host, fileResults) ? 0 : 1;
