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
  const marked = await diffs(page, '#url-compare');
  assert.ok(marked.includes('result'), `result not marked: ${marked}`);
  assert.ok(marked.includes('href'), `href not marked: ${marked}`);
  assert.deepEqual(
    await page.$$eval('#url-compare tr[data-diff="result"] td', (cells) => cells.map((cell) => cell.textContent)),
    ['failure (TypeError)', 'parsed'],
  );
  assert.match(await page.textContent('#url-compare .verdict'), /^The URL Standard requires failure here: new URL\(\) must throw a TypeError, as webweft's does; Chromium's URL parses it\.$/);
  await page.screenshot({ path: join(screenshotDir, 'url-native-difference-1280.png'), fullPage: true });

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
  assert.match(await encoding.textContent('#enc-compare-decode .call'), /new TextDecoder\(label, \{ fatal: false \}\)\.decode\(bytes\)/);
  // An unknown label: both throw a RangeError.
  await encoding.selectOption('#enc-label', 'utf-8');
  await encoding.check('#enc-fatal');
  await encoding.fill('#enc-bytes', 'ff');
  assert.deepEqual(
    await encoding.$$eval('#enc-compare-decode tbody tr:last-child td', (cells) => cells.map((cell) => cell.textContent)),
    ['throws TypeError', 'throws TypeError'],
  );

  const base64 = await openPanel('base64');
  assert.deepEqual(await diffs(base64, '#b64-compare'), []);
  await base64.fill('#b64-encoded', 'YQ');
  assert.deepEqual(
    await base64.$$eval('#b64-compare tbody td', (cells) => cells.map((cell) => cell.textContent)),
    ['61', '61'],
  );
  await base64.fill('#b64-encoded', 'a');
  assert.deepEqual(
    await base64.$$eval('#b64-compare tbody td', (cells) => cells.map((cell) => cell.textContent)),
    ['throws InvalidCharacterError', 'throws InvalidCharacterError'],
  );

  const clone = await openPanel('structured-clone');
  assert.deepEqual(await diffs(clone, '#sc-compare'), []);
  await clone.selectOption('#sc-example', 'Not cloneable: a WeakMap');
  assert.deepEqual(
    await clone.$$eval('#sc-compare tbody td', (cells) => cells.map((cell) => cell.textContent)),
    ['throws DataCloneError', 'throws DataCloneError'],
  );
});
