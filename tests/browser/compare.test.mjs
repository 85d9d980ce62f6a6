// Every panel runs its input through the browser's own implementation too, marks each field
// where the two differ (data-diff) and says which the standard requires.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { screenshotDir, usePlayground } from './helpers.mjs';

const openPanel = usePlayground();
const diffs = (page, container) => page.$$eval(`${container} [data-diff]`, (rows) => rows.map((row) => row.dataset.diff));

test('URL: http://a b/ parses in Chromium but fails per the URL Standard, and the table says so', async () => {
  const page = await openPanel('url');
  await page.fill('#url-input', 'http://a b/');
  assert.match(await page.textContent('#url-status'), /^Failure/);
  // The outcome is the difference: Chromium's components are shown, unmarked.
  assert.deepEqual(await diffs(page, '#url-compare'), ['result']);
  assert.equal(await page.textContent('#url-compare tbody tr:nth-child(2) td:last-child'), 'http://a%20b/');
  assert.deepEqual(
    await page.$$eval('#url-compare tr[data-diff="result"] td', (cells) => cells.map((cell) => cell.textContent)),
    ['failure (TypeError)', 'parsed'],
  );
  assert.match(
    await page.textContent('#url-compare .verdict'),
    /^The URL Standard requires failure here: new URL\(\) must throw a TypeError, as webweft's does; Chromium's URL parses it\.$/,
  );
  await page.screenshot({ path: join(screenshotDir, 'url-native-difference-1280.png'), fullPage: true });

  // Both parse and fields differ: Chromium percent-encodes "|" in a path, which the path
  // percent-encode set leaves alone.
  await page.fill('#url-input', 'http://example.com/a|b');
  assert.deepEqual(await diffs(page, '#url-compare'), ['href', 'pathname']);
  assert.deepEqual(
    await page.$$eval('#url-compare tr[data-diff="pathname"] td', (cells) => cells.map((cell) => cell.textContent)),
    ['/a|b', '/a%7Cb'],
  );
  assert.equal(
    await page.textContent('#url-compare .verdict'),
    "The URL Standard requires webweft's href, pathname; Chromium's URL differs there.",
  );

  // Where both agree, nothing is marked.
  await page.fill('#url-input', 'https://example.org/a?b#c');
  assert.deepEqual(await diffs(page, '#url-compare'), []);
  assert.match(await page.textContent('#url-compare .verdict'), /^Same result/);
});

test('URL: the comparison uses the URL captured at load, not one the page replaced later', async () => {
  const page = await openPanel('url');
  await page.evaluate(() => {
    globalThis.URL = class {
      constructor() {
        throw new Error('replaced');
      }
    };
  });
  await page.fill('#url-input', 'https://example.org/');
  assert.deepEqual(await diffs(page, '#url-compare'), []);
  assert.equal(await page.textContent('#url-compare tr:nth-child(2) td:last-child'), 'https://example.org/');
});

test('Encoding, Base64 and structured clone compare with TextDecoder/TextEncoder, atob/btoa and structuredClone', async () => {
  const encoding = await openPanel('encoding');
  assert.equal(await encoding.locator('#enc-compare-decode table').count(), 1);
  assert.equal(await encoding.locator('#enc-compare-encode table').count(), 1);
  assert.deepEqual(await diffs(encoding, '#panel-encoding'), []);
  assert.match(
    await encoding.textContent('#enc-compare-decode .call'),
    /new TextDecoder\(label, \{ fatal: false \}\)\.decode\(bytes\)/,
  );
  // Fatal: the decoders agree on the encoding and both throw a TypeError.
  await encoding.selectOption('#enc-label', 'utf-8');
  await encoding.check('#enc-fatal');
  await encoding.fill('#enc-bytes', 'ff');
  assert.deepEqual(await encoding.$$eval('#enc-compare-decode tbody td', (cells) => cells.map((cell) => cell.textContent)), [
    'utf-8',
    'utf-8',
    'throws TypeError',
    'throws TypeError',
  ]);
  // An unpaired surrogate at the end of UTF-16 input becomes U+FFFD in both, shown escaped.
  await encoding.uncheck('#enc-fatal');
  await encoding.selectOption('#enc-label', 'utf-16le');
  await encoding.fill('#enc-bytes', '61 00 00 d8');
  assert.deepEqual(await encoding.$$eval('#enc-compare-decode tbody td', (cells) => cells.map((cell) => cell.textContent)), [
    'utf-16le',
    'utf-16le',
    'a\\uFFFD',
    'a\\uFFFD',
  ]);

  const base64 = await openPanel('base64');
  assert.deepEqual(await diffs(base64, '#b64-compare'), []);
  await base64.fill('#b64-encoded', 'YQ');
  assert.deepEqual(await base64.$$eval('#b64-compare tbody td', (cells) => cells.map((cell) => cell.textContent)), ['61', '61']);
  await base64.fill('#b64-encoded', 'a');
  assert.deepEqual(await base64.$$eval('#b64-compare tbody td', (cells) => cells.map((cell) => cell.textContent)), [
    'throws InvalidCharacterError',
    'throws InvalidCharacterError',
  ]);

  const clone = await openPanel('structured-clone');
  assert.deepEqual(await diffs(clone, '#sc-compare'), []);
  await clone.selectOption('#sc-example', 'Not cloneable: a WeakMap');
  assert.deepEqual(await clone.$$eval('#sc-compare tbody td', (cells) => cells.map((cell) => cell.textContent)), [
    'throws DataCloneError',
    'throws DataCloneError',
  ]);
});
