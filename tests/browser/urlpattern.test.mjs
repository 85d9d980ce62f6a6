// The playground's URLPattern panel: test() and exec()'s groups, compared with Chromium's own
// URLPattern.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { overflow, screenshotDir, usePlayground } from './helpers.mjs';

const openPanel = usePlayground();

const cell = (page, component, column) =>
  page.textContent(`#up-matches tr[data-component="${component}"] td:nth-of-type(${column})`);

test('URLPattern panel: a constructor string, test() and the groups per component', async () => {
  const page = await openPanel('urlpattern');
  // The example: https://*.example.com/books/:id(\d+) against https://shop.example.com/books/123?q=1
  assert.match(await page.textContent('#up-test'), /^test\(\): true/);
  assert.equal(await cell(page, 'hostname', 1), '*.example.com');
  assert.equal(await cell(page, 'hostname', 2), '"shop.example.com"\n0: "shop"');
  assert.equal(await cell(page, 'pathname', 1), '/books/:id(\\d+)');
  assert.equal(await cell(page, 'pathname', 2), '"/books/123"\nid: "123"');
  assert.match(await page.textContent('#up-regexp'), /hasRegExpGroups: true/);
  assert.match(await page.textContent('#up-compare .verdict'), /^Same result: Chromium's URLPattern agrees/);

  await page.fill('#up-input', 'https://shop.example.com/books/abc');
  assert.match(await page.textContent('#up-test'), /^test\(\): false/);
  assert.equal(await cell(page, 'pathname', 2), '—');
  assert.equal(await page.textContent('#up-compare tr:has(th:text-is("exec()")) td:first-of-type'), 'null');

  // ignoreCase, and a relative input with its base URL.
  await page.click('#up-examples button:text-is("ignoreCase")');
  assert.match(await page.textContent('#up-test'), /^test\(\): true/);
  await page.uncheck('#up-ignore-case');
  assert.match(await page.textContent('#up-test'), /^test\(\): false/);
  await page.click('#up-examples button:text-is("relative input")');
  assert.equal(await cell(page, 'pathname', 2), '"/x.png"\nfile: "x"\next: "png"');
  await page.click('#up-examples button:text-is("optional and repeated")');
  assert.equal(await cell(page, 'pathname', 2), '"/blog/2024/a/b"\nyear: "2024"\nslug: "a/b"');
  assert.match(await page.textContent('#up-compare .verdict'), /^Same result/);
  await page.screenshot({ path: join(screenshotDir, 'urlpattern-1280.png'), fullPage: true });
});

test('URLPattern panel: an invalid pattern is a TypeError on both sides', async () => {
  const page = await openPanel('urlpattern');
  await page.click('#up-examples button:text-is("invalid")');
  assert.match(await page.textContent('#up-error'), /^TypeError: /);
  assert.equal(await page.isVisible('#up-matches'), false);
  const row = await page.$$eval('#up-compare tbody tr td', (tds) => tds.map((td) => td.textContent));
  assert.deepEqual(row, ['throws TypeError', 'throws TypeError']);
});

test('URLPattern panel: one field per component (a URLPatternInit), and the link keeps it', async () => {
  const page = await openPanel('urlpattern');
  await page.selectOption('#up-mode', 'components');
  assert.equal(await page.isVisible('#up-pattern'), false);
  assert.equal(await page.inputValue('#up-init-pathname'), '/books/:id');
  await page.fill('#up-input', 'http://any.host:8080/books/42#x');
  assert.match(await page.textContent('#up-test'), /^test\(\): true/);
  assert.equal(await cell(page, 'pathname', 2), '"/books/42"\nid: "42"');
  assert.equal(await cell(page, 'port', 1), '*');
  await page.fill('#up-init-protocol', 'https');
  assert.match(await page.textContent('#up-test'), /^test\(\): false/);
  assert.match(await page.textContent('#up-compare .verdict'), /^Same result/);
  const again = await openPanel.at(await page.evaluate(() => location.href));
  assert.equal(await again.inputValue('#up-mode'), 'components');
  assert.equal(await again.inputValue('#up-init-protocol'), 'https');
  assert.equal(await again.inputValue('#up-init-hostname'), '');
  assert.match(await again.textContent('#up-test'), /^test\(\): false/);
});

test('URLPattern panel at 390 px: nothing scrolls sideways', async () => {
  const page = await openPanel('urlpattern', { width: 390, height: 844 });
  assert.equal(await overflow(page), 0);
  await page.screenshot({ path: join(screenshotDir, 'urlpattern-390x844.png'), fullPage: true });
});
