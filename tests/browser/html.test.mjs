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
  assert.equal(await page.$eval('#ms-serialized .swatch', (swatch) => getComputedStyle(swatch).backgroundColor), 'rgb(192, 0, 0)');
  await page.screenshot({ path: join(screenshotDir, 'playground-html-color.png') });
  await page.fill('#ms-input', 'transparent');
  assert.match(await text('#ms-result'), /^error/);
  assert.equal(await text('#ms-serialized'), '—');
  await page.screenshot({ path: join(screenshotDir, 'playground-html-error.png') });

  // No serialization row where there is none.
  await page.selectOption('#ms-algorithm', 'splitOnCommas');
  assert.equal(await visible('#ms-serialized'), false);
  assert.deepEqual(JSON.parse(await text('#ms-result')), ['a', 'b', '', 'd d']);

  await page.selectOption('#ms-algorithm', 'parseDuration');
  await page.fill('#ms-input', ' 1h 30m 0.5s');
  assert.deepEqual(JSON.parse(await text('#ms-result')), { seconds: 5400, milliseconds: 500 });
  assert.equal(await text('#ms-validity'), 'yes');
  assert.equal(await text('#ms-serialized'), 'PT1H30M0.5S');
  await page.screenshot({ path: join(screenshotDir, 'playground-html.png') });
});
