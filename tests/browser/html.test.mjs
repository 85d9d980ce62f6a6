// The playground's microsyntaxes panel, driven like a person would.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { screenshotDir, usePlayground } from './helpers.mjs';

const openPanel = usePlayground();

test('microsyntaxes panel parses as you type, shows errors, validity and serializations', async () => {
  const page = await openPanel('html');
  const text = (selector) => page.textContent(selector);
  const visible = (selector) => page.isVisible(selector);

  // The date parser is selected first, with an example.
  assert.equal(await page.inputValue('#ms-algorithm'), 'parseDate');
  assert.deepEqual(JSON.parse(await text('#ms-result')), { year: 2016, month: 2, day: 29 });

  await page.fill('#ms-input', '2015-02-29');
  assert.match(await text('#ms-result'), /^error/);
  assert.ok(await page.$eval('#ms-result', (element) => element.classList.contains('error')), 'errors are marked');
  assert.equal(await text('#ms-validity'), 'no');
  assert.equal(await text('#ms-serialized'), '—');

  // Choosing an algorithm puts its example in the input.
  await page.selectOption('#ms-algorithm', 'parseGlobalDateTime');
  assert.equal(await page.inputValue('#ms-input'), '1979-10-14T12:00:00.001-04:00');
  assert.deepEqual(JSON.parse(await text('#ms-result')), {
    year: 1979,
    month: 10,
    day: 14,
    hour: 16,
    minute: 0,
    second: 0,
    millisecond: 1,
    timeZoneOffset: { hours: -4, minutes: 0 },
  });
  assert.equal(await text('#ms-validity'), 'yes');
  assert.equal(await text('#ms-serialized'), '1979-10-14T16:00:00.001Z');

  // No validity row where the spec defines none; serializations of legacy colors.
  await page.selectOption('#ms-algorithm', 'parseLegacyColor');
  assert.equal(await visible('#ms-validity'), false);
  assert.deepEqual(JSON.parse(await text('#ms-result')), { red: 192, green: 0, blue: 0 });
  assert.equal(await text('#ms-serialized'), '#c00000');
  assert.equal(
    await page.$eval('#ms-serialized .swatch', (swatch) => getComputedStyle(swatch).backgroundColor),
    'rgb(192, 0, 0)',
  );
  await page.screenshot({ path: join(screenshotDir, 'html-legacy-color-1280.png') });
  await page.fill('#ms-input', 'transparent');
  assert.match(await text('#ms-result'), /^error/);
  assert.equal(await text('#ms-serialized'), '—');

  // No serialization row where there is none.
  await page.selectOption('#ms-algorithm', 'splitOnCommas');
  assert.equal(await visible('#ms-serialized'), false);
  assert.deepEqual(JSON.parse(await text('#ms-result')), ['a', 'b', '', 'd d']);

  await page.selectOption('#ms-algorithm', 'parseDuration');
  await page.fill('#ms-input', ' 1h 30m 0.5s');
  assert.deepEqual(JSON.parse(await text('#ms-result')), { seconds: 5400, milliseconds: 500 });
  assert.equal(await text('#ms-validity'), 'yes');
  assert.equal(await text('#ms-serialized'), 'PT1H30M0.5S');
});

test('microsyntaxes panel names and links the HTML section each algorithm implements', async () => {
  const page = await openPanel('html');
  const base = 'https://html.spec.whatwg.org/multipage/';
  const expected = {
    parseDate: ['Dates', 'parse a date string', `${base}common-microsyntaxes.html#parse-a-date-string`],
    parseInteger: [
      'Signed integers',
      'rules for parsing integers',
      `${base}common-microsyntaxes.html#rules-for-parsing-integers`,
    ],
    parseLegacyColor: [
      'Colors',
      'rules for parsing a legacy color value',
      `${base}common-microsyntaxes.html#rules-for-parsing-a-legacy-colour-value`,
    ],
    parseSimpleColor: ['Colors', 'rules for parsing simple color values', `${base}common-microsyntaxes.html#colours`],
    extractMetaCharset: [
      'Extracting character encodings from meta elements',
      'algorithm for extracting a character encoding from a meta element',
      `${base}urls-and-fetching.html#algorithm-for-extracting-a-character-encoding-from-a-meta-element`,
    ],
  };
  for (const [parser, [section, algorithm, href]] of Object.entries(expected)) {
    await page.selectOption('#ms-algorithm', parser);
    assert.equal(await page.textContent('#ms-spec a'), section);
    assert.equal(await page.getAttribute('#ms-spec a', 'href'), href);
    assert.equal(await page.textContent('#ms-spec i'), algorithm);
  }
  // Simple colors are gone from the current standard: the page says so.
  await page.selectOption('#ms-algorithm', 'parseSimpleColor');
  assert.match(await page.textContent('#ms-spec'), /no longer defines simple colors \(whatwg\/html#10456/);
  // Every algorithm in the picker has a link.
  const parsers = await page.$$eval('#ms-algorithm option', (options) => options.map((o) => o.value));
  for (const parser of parsers) {
    await page.selectOption('#ms-algorithm', parser);
    assert.match(
      await page.getAttribute('#ms-spec a', 'href'),
      /^https:\/\/html\.spec\.whatwg\.org\/multipage\/[a-z-]+\.html#[a-z-]+$/,
    );
  }
});

test('microsyntaxes panel compares with the browser where it exposes the algorithm', async () => {
  const page = await openPanel('html');
  // <input type=date> keeps a valid date string, as html.isValidDate says.
  assert.equal(await page.locator('#ms-compare table').count(), 1);
  assert.equal(await page.locator('#ms-compare [data-diff]').count(), 0);
  await page.fill('#ms-input', '2015-02-29');
  assert.equal(await page.locator('#ms-compare [data-diff]').count(), 0);
  // <input type=datetime-local> normalizes the value as serializeLocalDateTime does.
  await page.selectOption('#ms-algorithm', 'parseLocalDateTime');
  assert.deepEqual(
    await page.$$eval('#ms-compare tbody tr', (rows) => rows.map((row) => [...row.cells].map((cell) => cell.textContent))),
    [
      ['valid', 'yes', 'yes'],
      ['normalized', '2016-02-29T19:45', '2016-02-29T19:45'],
    ],
  );
  // <font color> against the rules for parsing a legacy color value.
  await page.selectOption('#ms-algorithm', 'parseLegacyColor');
  assert.deepEqual(await page.$$eval('#ms-compare tbody tr td', (cells) => cells.map((cell) => cell.textContent)), [
    'rgb(192, 0, 0)',
    'rgb(192, 0, 0)',
  ]);
  await page.fill('#ms-input', 'transparent');
  assert.deepEqual(await page.$$eval('#ms-compare tbody tr td', (cells) => cells.map((cell) => cell.textContent)), [
    'error (attribute ignored)',
    'error (attribute ignored)',
  ]);
  // Nothing to compare with: said so.
  await page.selectOption('#ms-algorithm', 'parseDuration');
  assert.match(await page.textContent('#ms-no-native'), /exposes no API that runs the parse a duration string/);
});
