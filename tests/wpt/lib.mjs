// What both WPT hosts share: locating files, reading META, expected failures, reporting.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suites } from './suites.mjs';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const wptDir = resolve(process.env.WPT_DIR ?? join(repoRoot, '..', 'shared', 'wpt'));
export const driversDir = join(repoRoot, 'tests', 'wpt', 'drivers');
export const pkgDir = join(repoRoot, 'pkg');

/** A WPT-relative path → the file on disk: weft's driver if there is one, else upstream. */
export function locate(relativePath) {
  const driver = join(driversDir, relativePath);
  return existsSync(driver) ? driver : join(wptDir, relativePath);
}

/** The files to run: all suites (or those named), or those whose path contains one of `filters`. */
export function selectFiles(filters, suiteNames = Object.keys(suites)) {
  const all = suiteNames.flatMap((name) => suites[name]);
  return filters.length ? all.filter((file) => filters.some((f) => file.includes(f))) : all;
}

/** `// META: script=...` dependencies (WPT-relative) and the title, from a test file. */
export function readMeta(relativePath) {
  const source = readFileSync(locate(relativePath), 'utf8');
  const scripts = [];
  let title;
  for (const match of source.matchAll(/^\/\/ META: (\w+)=(.*)$/gm)) {
    const [, key, value] = match;
    if (key === 'script') {
      scripts.push(value.startsWith('/') ? value.slice(1) : join(dirname(relativePath), value));
    } else if (key === 'title') {
      title = value.trim();
    }
  }
  return { source, scripts, title };
}

const STATUS = ['PASS', 'FAIL', 'TIMEOUT', 'NOTRUN', 'PRECONDITION_FAILED'];

/** Normalizes testharness results (from either host) to {name, status, message}. */
export function normalizeResults(tests, harnessStatus) {
  const results = tests.map((t) => ({ name: t.name, status: STATUS[t.status] ?? String(t.status), message: t.message }));
  if (harnessStatus.status !== 0) {
    // A harness error (uncaught exception, timeout) counts as a failing subtest of its own.
    results.push({ name: '(harness)', status: 'FAIL', message: harnessStatus.message ?? 'harness error' });
  }
  return results;
}

function loadExpectedFailures() {
  const entries = JSON.parse(readFileSync(join(repoRoot, 'tests', 'wpt', 'expected-failures.json'), 'utf8'));
  for (const entry of entries) {
    if (!entry.reason) throw new Error(`expected-failures.json: entry without a reason: ${JSON.stringify(entry)}`);
  }
  return entries;
}

/**
 * Prints per-file and total counts; returns whether every failure was expected (and every
 * expected failure still fails, so the list cannot go stale).
 */
export function report(host, fileResults) {
  // `host`: a host or a list of hosts. `hostLacks`: the failure is expected only where this
  // engine lacks that global (the vm hosts run the tests in the runner's own engine), e.g.
  // Float16Array before Node 24.
  const expected = loadExpectedFailures().filter(
    (e) => [e.host].flat().some((h) => h === host || h === 'all') && (e.hostLacks === undefined || !(e.hostLacks in globalThis)),
  );
  let passed = 0;
  let total = 0;
  const unexpected = [];
  const stale = [];
  for (const { file, results } of fileResults) {
    const filePassed = results.filter((r) => r.status === 'PASS').length;
    passed += filePassed;
    total += results.length;
    console.log(`  ${filePassed === results.length ? 'ok  ' : 'FAIL'} ${file}: ${filePassed} / ${results.length}`);
    for (const r of results) {
      const isExpected = expected.some(
        (e) => e.file === file && (e.test === r.name || (e.testPattern !== undefined && new RegExp(e.testPattern).test(r.name))),
      );
      if (r.status !== 'PASS' && !isExpected) unexpected.push({ file, ...r });
      if (r.status === 'PASS' && isExpected) stale.push({ file, name: r.name });
    }
  }
  for (const u of unexpected.slice(0, Number(process.env.WPT_SHOW ?? 50))) {
    console.log(`  unexpected ${u.status}: ${u.file} :: ${u.name}\n      ${String(u.message).split('\n')[0]}`);
  }
  if (unexpected.length > 50) console.log(`  ... and ${unexpected.length - 50} more unexpected failures`);
  for (const s of stale) console.log(`  now passing, remove from expected-failures.json: ${s.file} :: ${s.name}`);
  const expectedCount = total - passed - unexpected.length;
  const expectedNote = expectedCount
    ? ` (${expectedCount} expected failures, each with its reason in tests/wpt/expected-failures.json)`
    : '';
  console.log(`WPT on ${host}: ${passed} / ${total} subtests passed in ${fileResults.length} files${expectedNote}`);
  console.log(`wpt-${host}: ${passed} passed, ${total - passed} failed`);
  return unexpected.length === 0 && stale.length === 0;
}
