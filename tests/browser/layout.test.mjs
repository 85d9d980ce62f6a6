// Every panel at desktop and phone widths: nothing scrolls sideways, one column on a phone,
// and a screenshot of each for a reviewer (target/screenshots/<panel>-<width>.png).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { overflow, PANELS, screenshotDir, usePlayground } from './helpers.mjs';

const openPanel = usePlayground();

for (const width of [1280, 390]) {
  test(`each panel at ${width} px: no horizontal scrolling, no console errors, a screenshot`, async () => {
    for (const panel of PANELS) {
      const page = await openPanel(panel, { width });
      assert.equal(await overflow(page), 0, `${panel} scrolls sideways at ${width}px`);
      await page.screenshot({ path: join(screenshotDir, `${panel}-${width}.png`), fullPage: true });
    }
  });
}

test('each panel at 360 and 420 px: no horizontal scrolling', async () => {
  for (const width of [360, 420]) {
    for (const panel of PANELS) {
      const page = await openPanel(panel, { width });
      assert.equal(await overflow(page), 0, `${panel} scrolls sideways at ${width}px`);
      await page.close();
    }
  }
});

test('at 390 and 420 px: one column, inputs full width, the host info readable', async () => {
  for (const [panel, width] of PANELS.flatMap((panel) => [
    [panel, 390],
    [panel, 420],
  ])) {
    const page = await openPanel(panel, { width });
    const columns = await page.$$eval(`#panel-${panel} .row > *`, (cells) =>
      cells.map((cell) => cell.getBoundingClientRect().left),
    );
    assert.equal(new Set(columns).size, 1, `${panel}: the columns are not stacked (${columns})`);
    // Every text field spans its column (the checkbox and the table cells aside).
    const narrow = await page.$$eval(`#panel-${panel} .row > div > :is(textarea, select, input:not([type=checkbox]))`, (fields) =>
      fields
        .filter((field) => field.getBoundingClientRect().width < field.parentElement.getBoundingClientRect().width - 1)
        .map((field) => field.id),
    );
    assert.deepEqual(narrow, [], `${panel}: fields narrower than their column`);
    await page.close();
  }
  const page = await openPanel('url', { width: 390 });
  const widths = await page.$$eval('#url-host-info dd', (dds) => dds.map((dd) => dd.getBoundingClientRect().width));
  for (const width of widths) assert.ok(width > 250, `host info squeezed into ${width}px`);
  // "bücher.example" stays on one line.
  const unicode = await page.$eval('#url-host-unicode', (dd) => dd.getBoundingClientRect().height);
  assert.ok(unicode < 30, `the Unicode host wraps (${unicode}px tall)`);
});

test('the intro says what the page is and links the README and the standards', async () => {
  const page = await openPanel('url');
  const links = await page.$$eval('#intro a', (anchors) => anchors.map((a) => a.getAttribute('href')));
  for (const expected of [
    'https://url.spec.whatwg.org/',
    'https://encoding.spec.whatwg.org/',
    'https://html.spec.whatwg.org/multipage/structured-data.html',
    'https://html.spec.whatwg.org/multipage/common-microsyntaxes.html',
    'pkg/README.md',
  ]) {
    assert.ok(links.includes(expected), `intro lacks ${expected}`);
  }
  const readme = await page.request.get(new URL('pkg/README.md', page.url()).href);
  assert.equal(readme.status(), 200);
  assert.match(readme.headers()['content-type'], /^text\/plain/, 'the README opens in the browser');
  assert.match(await readme.text(), /^# /);
});
