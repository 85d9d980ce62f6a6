// The playground's data: URL panel: MIME type and body, compared with the browser's fetch().
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { overflow, screenshotDir, usePlayground } from './helpers.mjs';

// fetch() of a data: URL the processor fails on is a network error, which Chromium logs.
const openPanel = usePlayground({ allowedConsoleErrors: [/^Failed to load resource: net::ERR_INVALID_URL$/] });

const settled = (page) => page.waitForSelector('#data-compare[data-settled="true"]');

test('data: URL panel shows the MIME type and the body as text, hex and size', async () => {
  const page = await openPanel('data-url');
  // The example: Shift_JIS text.
  assert.equal(await page.textContent('#data-mime'), 'text/plain;charset=Shift_JIS');
  assert.equal(await page.textContent('#data-text-label'), 'text (Shift_JIS)');
  assert.equal(await page.textContent('#data-text'), '\u3042\u65e5\u672c');
  assert.equal(await page.textContent('#data-hex'), '82 a0 93 fa 96 7b');
  assert.equal(await page.textContent('#data-size'), '6 bytes');
  await settled(page);
  assert.match(await page.textContent('#data-compare .verdict'), /^Same result/);

  await page.click('#data-examples button:text-is("odd MIME type")');
  assert.equal(await page.textContent('#data-mime'), 'text/plain;foo=Bar;charset=utf-8');
  assert.equal(await page.textContent('#data-text'), 'caf\u00e9');
  await page.click('#data-examples button:text-is("plain text")');
  assert.equal(await page.textContent('#data-mime'), 'text/plain;charset=US-ASCII');
  assert.equal(await page.textContent('#data-text-label'), 'text (windows-1252)');
  assert.equal(await page.textContent('#data-text'), 'Hello, World!');
  await page.click('#data-examples button:text-is("base64 HTML")');
  assert.equal(await page.textContent('#data-text'), '<h1>Hi!</h1>');
  assert.equal(await page.isVisible('#data-image'), false);

  await page.click('#data-examples button:text-is("image")');
  await page.waitForFunction(() => document.querySelector('#data-image').naturalWidth === 1);
  assert.equal(await page.textContent('#data-essence'), 'image/png');
  assert.equal(await page.textContent('#data-text'), 'not shown: image/png is not text');
  await settled(page);
  await page.screenshot({ path: join(screenshotDir, 'data-url-image-1280.png'), fullPage: true });
});

test('data: URL panel: failures, and fetch() rejecting the same URL', async () => {
  const page = await openPanel('data-url');
  await page.click('#data-examples button:text-is("bad base64")');
  assert.match(await page.textContent('#data-error'), /^failure: the data: URL processor returns failure/);
  await settled(page);
  const cells = await page.$$eval('#data-compare tbody tr:first-child td', (tds) => tds.map((td) => td.textContent));
  assert.deepEqual(cells, ['network error', 'network error']);
  await page.fill('#data-url', 'https://example.com/');
  assert.equal(await page.textContent('#data-error'), 'TypeError: not a data: URL (its scheme is https)');
  await page.fill('#data-url', 'data');
  assert.match(await page.textContent('#data-error'), /^TypeError: /);
  assert.equal(await page.isVisible('#data-result'), false);
});

test('data: URL panel: the link keeps the URL; at 390 px nothing scrolls sideways', async () => {
  const page = await openPanel('data-url');
  await page.fill('#data-url', 'data:text/html,%3Cb%3Ex%3C/b%3E');
  const again = await openPanel.at(await page.evaluate(() => location.href), { width: 390, height: 844 });
  assert.equal(await again.textContent('#data-text'), '<b>x</b>');
  await settled(again);
  assert.equal(await overflow(again), 0);
  await again.screenshot({ path: join(screenshotDir, 'data-url-390x844.png'), fullPage: true });
});
