// The playground's MIME panel: a string parsed as a MIME type, and a resource's computed MIME type.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { overflow, screenshotDir, usePlayground } from './helpers.mjs';

const openPanel = usePlayground();

test('MIME panel parses a MIME type: record, serialization and groups', async () => {
  const page = await openPanel('mime');
  // The example: Text/HTML;Charset="UTF-8";format=flowed;charset=latin1
  assert.equal(await page.textContent('#mime-type'), 'text');
  assert.equal(await page.textContent('#mime-subtype'), 'html');
  assert.equal(await page.textContent('#mime-essence'), 'text/html');
  assert.equal(await page.textContent('#mime-parameters'), 'charset=UTF-8\nformat=flowed');
  assert.equal(await page.textContent('#mime-serialized'), 'text/html;charset=UTF-8;format=flowed');
  const members = await page.$$eval('#mime-groups [data-member="true"]', (tags) => tags.map((tag) => tag.textContent));
  assert.deepEqual(members, ['HTML', 'scriptable']);

  await page.fill('#mime-input', ' application/ld+JSON ; q="a\\"b" ');
  assert.equal(await page.textContent('#mime-serialized'), 'application/ld+json;q="a\\"b"');
  assert.equal(await page.textContent('#mime-parameters'), 'q=a"b');
  assert.deepEqual(await page.$$eval('#mime-groups [data-member="true"]', (tags) => tags.map((tag) => tag.textContent)), [
    'JSON',
  ]);
  await page.fill('#mime-input', 'text/');
  assert.match(await page.textContent('#mime-error'), /^failure/);
  assert.equal(await page.isVisible('#mime-record'), false);
});

test('MIME panel computes a resource’s MIME type from bytes, the supplied type and no-sniff', async () => {
  const page = await openPanel('mime');
  // No supplied type: HTML is sniffed.
  assert.equal(await page.textContent('#sniff-computed'), 'text/html');
  const example = async (name) => {
    await page.click(`#sniff-examples button:text-is("${name}")`);
    return page.textContent('#sniff-computed');
  };
  assert.equal(await example('PNG sent as text/plain'), 'application/octet-stream'); // the Apache bug check
  assert.equal(await example('PNG sent as image/gif'), 'image/png');
  assert.equal(await example('HTML sent as text/plain'), 'text/plain;charset=utf-8');
  // An unknown supplied type is sniffed even with no-sniff, but not for scriptable types (PDF).
  assert.equal(await example('unknown type, nosniff'), 'text/plain');
  assert.equal(await example('PDF, unknown type'), 'application/pdf');
  // The same bytes without no-sniff.
  await page.click('#sniff-examples button:text-is("unknown type, nosniff")');
  await page.uncheck('#sniff-nosniff');
  assert.equal(await page.textContent('#sniff-computed'), 'application/pdf');
  // Hex, then an invalid hex digit.
  await page.selectOption('#sniff-res-format', 'hex');
  assert.equal(await page.inputValue('#sniff-res-bytes'), '25 50 44 46 2d 31 2e 37 0a');
  await page.fill('#sniff-res-bytes', '47 49 46 38 39 61');
  await page.selectOption('#sniff-source', 'none');
  assert.equal(await page.textContent('#sniff-computed'), 'image/gif');
  await page.fill('#sniff-res-bytes', '4');
  assert.match(await page.textContent('#sniff-error'), /^SyntaxError: /);
  // An uploaded file: its first 1445 bytes, as hex.
  const buffer = Buffer.concat([Buffer.from('%!PS-Adobe-'), Buffer.alloc(2000, 0x20)]);
  await page.setInputFiles('#sniff-res-file', { name: 'page.ps', mimeType: 'application/octet-stream', buffer });
  await page.waitForFunction(() => document.querySelector('#sniff-computed').textContent === 'application/postscript');
  assert.match(await page.textContent('#sniff-res-file-note'), /page\.ps: its first 1,445 bytes of 2,011 bytes/);
  assert.match(await page.textContent('#sniff-header'), /^1,445 bytes: 25 21 50 53/);
  await page.screenshot({ path: join(screenshotDir, 'mime-sniff-1280.png'), fullPage: true });
});

test('MIME panel: the link keeps both sides', async () => {
  const page = await openPanel('mime');
  await page.fill('#mime-input', 'image/SVG+xml');
  await page.click('#sniff-examples button:text-is("PNG sent as image/gif")');
  const again = await openPanel.at(await page.evaluate(() => location.href));
  assert.equal(await again.textContent('#mime-serialized'), 'image/svg+xml');
  assert.equal(await again.inputValue('#sniff-supplied'), 'image/gif');
  assert.equal(await again.textContent('#sniff-computed'), 'image/png');
});

test('MIME panel at 390 px: one column, examples wrap, nothing scrolls sideways', async () => {
  const page = await openPanel('mime', { width: 390, height: 844 });
  assert.equal(await overflow(page), 0);
  const right = await page.$eval('#sniff-examples', (row) =>
    Math.max(...[...row.children].map((child) => child.getBoundingClientRect().right)),
  );
  assert.ok(right <= 390, `an example button reaches ${right}px`);
  await page.screenshot({ path: join(screenshotDir, 'mime-390x844.png'), fullPage: true });
});
