// Share a link: the open panel's inputs and options live in the page's URL, so opening that URL
// in a new page shows exactly the same.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { usePlayground } from './helpers.mjs';

const openPanel = usePlayground();

/** Fills `panelId` with `fill`, opens the page's URL in a new page, and compares `read`. */
async function roundTrip(panelId, fill, read) {
  const page = await openPanel(panelId);
  await fill(page);
  const before = await read(page);
  const link = page.url();
  const again = await openPanel.at(link);
  assert.equal(await again.getAttribute(`#tab-${panelId}`, 'aria-selected'), 'true', 'the same panel is open');
  assert.deepEqual(await read(again), before);
  return { link, before };
}

const values = (selectors) => (page) =>
  Promise.all(
    selectors.map((selector) =>
      page.$eval(selector, (element) => (element.type === 'checkbox' ? element.checked : element.value)),
    ),
  );

test('URL panel: input and base round-trip through the link', async () => {
  const { link, before } = await roundTrip(
    'url',
    async (page) => {
      await page.fill('#url-base', 'https://example.org/dir/');
      await page.fill('#url-input', '../a b?x=1&y=ü#frag ment');
    },
    values(['#url-input', '#url-base', '#url-href']),
  );
  assert.deepEqual(before, [
    '../a b?x=1&y=ü#frag ment',
    'https://example.org/dir/',
    'https://example.org/a%20b?x=1&y=%C3%BC#frag%20ment',
  ]);
  assert.deepEqual(Object.fromEntries(new URL(link).searchParams), {
    panel: 'url',
    input: '../a b?x=1&y=ü#frag ment',
    base: 'https://example.org/dir/',
  });
});

test('URL panel: an edit through a setter is in the link too', async () => {
  await roundTrip(
    'url',
    async (page) => {
      await page.fill('#url-input', 'https://example.org/');
      await page.fill('#url-pathname', '/edited');
      await page.press('#url-pathname', 'Enter');
    },
    values(['#url-input', '#url-pathname']),
  );
});

test('Encoding panel: bytes, label, fatal, text and error mode round-trip', async () => {
  const { before } = await roundTrip(
    'encoding',
    async (page) => {
      await page.selectOption('#enc-label', 'euc-kr');
      await page.fill('#enc-bytes', 'b0 a1 ff');
      await page.check('#enc-fatal');
      await page.fill('#enc-text', 'a\u3042 & ü');
      await page.selectOption('#enc-mode', 'html');
    },
    async (page) => [
      ...(await values(['#enc-bytes', '#enc-label', '#enc-fatal', '#enc-text', '#enc-mode'])(page)),
      await page.textContent('#enc-decode-error'),
    ],
  );
  assert.deepEqual(before.slice(0, 5), ['b0 a1 ff', 'euc-kr', true, 'a\u3042 & ü', 'html']);
  assert.match(before[5], /^TypeError: .* at byte 2/);
});

test('Base64 panel: the edited side and the mode round-trip', async () => {
  await roundTrip(
    'base64',
    async (page) => {
      await page.selectOption('#b64-mode', 'latin1');
      await page.fill('#b64-text', 'ÿ + é');
    },
    values(['#b64-text', '#b64-encoded', '#b64-mode']),
  );
  // An invalid base64 input stays as typed, with its error.
  await roundTrip(
    'base64',
    (page) => page.fill('#b64-encoded', 'a=b'),
    async (page) => [...(await values(['#b64-encoded', '#b64-mode'])(page)), await page.textContent('#b64-error')],
  );
});

test('Microsyntaxes panel: algorithm and input round-trip', async () => {
  const { before } = await roundTrip(
    'html',
    async (page) => {
      await page.selectOption('#ms-algorithm', 'parseWeek');
      await page.fill('#ms-input', '2020-W53');
    },
    async (page) => [...(await values(['#ms-algorithm', '#ms-input'])(page)), await page.textContent('#ms-result')],
  );
  assert.deepEqual(before.slice(0, 2), ['parseWeek', '2020-W53']);
});

test('Structured clone panel: the expression round-trips, and the example picker follows it', async () => {
  await roundTrip(
    'structured-clone',
    (page) => page.selectOption('#sc-example', 'Typed arrays over one buffer'),
    values(['#sc-example', '#sc-input']),
  );
  // An expression of the reader's own is script: the link restores it, and runs it on request.
  const page = await openPanel('structured-clone');
  await page.fill('#sc-input', '{ "a&b": [1, "#?"], c: new Set([1n]) }');
  const copy = await page.textContent('#sc-value');
  assert.match(copy, /"a&b": \[/);
  const again = await openPanel.at(page.url());
  assert.deepEqual(await values(['#sc-example', '#sc-input'])(again), ['', '{ "a&b": [1, "#?"], c: new Set([1n]) }']);
  assert.equal(await again.isVisible('#sc-confirm'), true);
  assert.equal(await again.textContent('#sc-value'), '', 'not run before the reader asks');
  await again.click('#sc-run');
  assert.equal(await again.textContent('#sc-value'), copy);
  assert.equal(await again.isVisible('#sc-confirm'), false);
});

test('switching panels puts the new panel and its state in the link; an old #panel link still opens', async () => {
  const page = await openPanel('url');
  await page.click('#tab-html');
  assert.equal(new URL(page.url()).searchParams.get('panel'), 'html');
  assert.equal(new URL(page.url()).searchParams.get('algorithm'), 'parseDate');
  const old = await openPanel.at('/#encoding');
  assert.equal(await old.getAttribute('#tab-encoding', 'aria-selected'), 'true');
});
