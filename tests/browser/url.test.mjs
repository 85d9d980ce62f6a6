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
  // The registrable domain in ASCII, and its Unicode form beside it.
  assert.equal(await page.textContent('#url-registrable-domain'), 'xn--bcher-kva.example (bücher.example)');
  const marks = await page.$$eval('#url-marked mark', (elements) => elements.map((e) => [e.textContent, e.title]));
  assert.deepEqual(marks, [
    ['·', 'invalid-URL-unit'],
    ['@', 'invalid-credentials'],
    ['·', 'invalid-URL-unit'],
  ]);
  assert.equal(await page.locator('#url-errors li').count(), 3);
  assert.equal(await page.isVisible('#url-no-errors'), false);

  // Typing a relative URL with a base.
  await page.fill('#url-base', 'https://example.org/dir/page');
  await page.fill('#url-input', '../other?x=1#top');
  assert.equal(await value('href'), 'https://example.org/other?x=1#top');
  // No errors: a plain "none", not a numbered list item reading "1. none".
  assert.equal(await page.locator('#url-errors li').count(), 0);
  assert.equal(await page.isVisible('#url-errors'), false);
  assert.equal(await page.textContent('#url-no-errors'), 'none');
  assert.equal(await page.isVisible('#url-no-errors'), true);

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
  assert.equal(await page.getAttribute('#url-errors li a', 'href'), 'https://url.spec.whatwg.org/#ipv6-unclosed');
  assert.ok(await page.isDisabled('#url-href'));

  await page.fill('#url-input', ' HTTPS://user@BÜCHER.example:443/a/../b c?q=1&lang=en#Frag');
  await page.screenshot({ path: join(screenshotDir, 'url-example-1280.png'), fullPage: true });
});

test('URL panel: each validation error links to its entry in the URL Standard and says what it means', async () => {
  const page = await openPanel('url');
  const items = () =>
    page.$$eval('#url-errors li', (lis) =>
      lis.map((li) => [
        li.querySelector('a').href,
        li.querySelector('code').textContent,
        li.querySelector('.meaning').textContent,
      ]),
    );
  await page.fill('#url-input', ' https://user@example.org/a b');
  assert.deepEqual(
    (await items()).map(([href, type]) => [href, type]),
    [
      ['https://url.spec.whatwg.org/#invalid-url-unit', 'invalid-URL-unit'],
      ['https://url.spec.whatwg.org/#invalid-credentials', 'invalid-credentials'],
      ['https://url.spec.whatwg.org/#invalid-url-unit', 'invalid-URL-unit'],
    ],
  );
  for (const [, , meaning] of await items()) assert.match(meaning, /^[A-Z].{15,}\.$/, 'one sentence');
  // domain-to-ASCII is the one row whose id is not its lowercased name.
  await page.fill('#url-input', 'https://\u00AD/'); // the host maps to nothing
  assert.deepEqual(
    (await items()).map(([href]) => href),
    ['https://url.spec.whatwg.org/#validation-error-domain-to-ascii'],
  );
  // The standard's example of both: a percent-encoded byte, and a "#" strict ToASCII rejects.
  await page.fill('#url-input', 'https://exa%23mple.org/');
  assert.deepEqual(
    (await items()).map(([href, type]) => [href, type]),
    [
      ['https://url.spec.whatwg.org/#domain-percent-encoded', 'domain-percent-encoded'],
      ['https://url.spec.whatwg.org/#validation-error-domain-to-ascii', 'domain-to-ASCII'],
    ],
  );
  await page.fill('#url-input', 'https://0x7f.1/a\\b');
  const others = await items();
  assert.deepEqual(
    others.map(([, type]) => type),
    ['IPv4-too-few-parts', 'IPv4-non-decimal-part', 'invalid-reverse-solidus'],
  );
  for (const [href, type] of others) assert.equal(href, `https://url.spec.whatwg.org/#${type.toLowerCase()}`);
});

test('URL panel: a long href wraps in full at 390 px instead of being cut off', async () => {
  const page = await openPanel('url', { width: 390 });
  const long = `https://example.org/${'segment/'.repeat(12)}?query=${'x'.repeat(60)}#fragment`;
  await page.fill('#url-input', long);
  assert.equal(await page.inputValue('#url-href'), long);
  const box = await page.$eval('#url-href', (field) => ({
    scrollWidth: field.scrollWidth,
    clientWidth: field.clientWidth,
    scrollHeight: field.scrollHeight,
    clientHeight: field.clientHeight,
  }));
  assert.ok(box.scrollWidth <= box.clientWidth, `href scrolls sideways: ${JSON.stringify(box)}`);
  assert.ok(box.scrollHeight <= box.clientHeight + 1, `href is cut off at the bottom: ${JSON.stringify(box)}`);
  await page.screenshot({ path: join(screenshotDir, 'url-long-href-390.png'), fullPage: true });
  // Without CSS field-sizing (Firefox, Safari today) the panel sizes the box itself.
  await page.evaluate(() => {
    const supports = CSS.supports.bind(CSS);
    CSS.supports = (property, value) => property !== 'field-sizing' && supports(property, value);
    document.head.insertAdjacentHTML('beforeend', '<style>#url-href { field-sizing: fixed !important; }</style>');
  });
  await page.fill('#url-input', `${long}#more`);
  const fallback = await page.$eval('#url-href', (field) => [field.scrollHeight, field.clientHeight]);
  assert.ok(fallback[0] <= fallback[1] + 1, `href cut off without field-sizing: ${fallback}`);
  // Enter commits an edit of the href (the setter runs), as in the one-line fields.
  await page.fill('#url-href', 'https://example.com/x');
  await page.press('#url-href', 'Enter');
  assert.equal(await page.inputValue('#url-input'), 'https://example.com/x');
});
