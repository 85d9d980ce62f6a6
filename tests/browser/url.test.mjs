// The playground's URL panel, driven like a person would.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { screenshotDir, usePlayground } from './helpers.mjs';

const openPanel = usePlayground();

test('URL panel: components, setters, searchParams table, host info and marked validation errors', async () => {
  const page = await openPanel('url');
  const value = (name) => page.inputValue(`#url-${name}`);

  // The example: errors at the leading space, the credentials and the space in the path.
  assert.equal(await value('href'), 'https://user@xn--bcher-kva.example/b%20c?q=1&lang=en#Frag');
  assert.equal(await value('origin'), 'https://xn--bcher-kva.example');
  assert.equal(await page.textContent('#url-host-type'), 'domain');
  assert.equal(await page.textContent('#url-host-unicode'), 'bücher.example');
  assert.equal(await page.textContent('#url-public-suffix'), 'example');
  assert.equal(await page.textContent('#url-registrable-domain'), 'xn--bcher-kva.example');
  const marks = await page.$$eval('#url-marked mark', (elements) => elements.map((e) => [e.textContent, e.title]));
  assert.deepEqual(marks, [
    ['·', 'invalid-URL-unit'],
    ['@', 'invalid-credentials'],
    ['·', 'invalid-URL-unit'],
  ]);
  assert.equal(await page.locator('#url-errors li').count(), 3);

  // Typing a relative URL with a base.
  await page.fill('#url-base', 'https://example.org/dir/page');
  await page.fill('#url-input', '../other?x=1#top');
  assert.equal(await value('href'), 'https://example.org/other?x=1#top');
  assert.equal(await page.textContent('#url-errors'), 'none');

  // Editing a component runs the setter and updates everything.
  await page.fill('#url-port', '8080');
  await page.press('#url-port', 'Enter');
  await page.fill('#url-pathname', '/a b');
  await page.press('#url-pathname', 'Enter');
  assert.equal(await page.inputValue('#url-input'), 'https://example.org:8080/a%20b?x=1#top');
  assert.equal(await value('host'), 'example.org:8080');

  // The searchParams table: edit a value, add a pair, remove one.
  await page.fill('[aria-label="value 0"]', 'hello world');
  await page.press('[aria-label="value 0"]', 'Enter');
  assert.equal(await value('search'), '?x=hello+world');
  await page.click('#url-param-add');
  assert.equal(await value('search'), '?x=hello+world&name=value');
  await page.click('[aria-label="remove 0"]');
  assert.equal(await value('search'), '?name=value');
  assert.equal(await page.inputValue('#url-input'), 'https://example.org:8080/a%20b?name=value#top');

  // Hosts of other types, and failure.
  await page.fill('#url-base', '');
  await page.fill('#url-input', 'http://0x7F.1/');
  assert.equal(await page.textContent('#url-host-type'), 'ipv4');
  assert.equal(await value('hostname'), '127.0.0.1');
  await page.fill('#url-input', 'https://[::1');
  assert.match(await page.textContent('#url-status'), /^Failure/);
  assert.equal(await page.textContent('#url-errors li code'), 'IPv6-unclosed');
  assert.ok(await page.isDisabled('#url-href'));

  await page.fill('#url-input', ' HTTPS://user@BÜCHER.example:443/a/../b c?q=1&lang=en#Frag');
  await page.screenshot({ path: join(screenshotDir, 'playground-url.png'), fullPage: true });
});
