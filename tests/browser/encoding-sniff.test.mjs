// The playground's encoding-sniffing panel: the sniffed encoding, the step and confidence, the
// decoded text, and the encoding this browser's parser gives the same bytes.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { overflow, screenshotDir, usePlayground } from './helpers.mjs';

const openPanel = usePlayground();

const settled = (page) => page.waitForSelector('#esniff-compare[data-settled="true"]');
const result = (page) =>
  page.evaluate(() => ({
    encoding: document.querySelector('#esniff-encoding').textContent,
    confidence: document.querySelector('#esniff-confidence').textContent,
    step: document.querySelector('#esniff-step').dataset.step,
  }));

test('encoding-sniffing panel: each step of the algorithm, and the decoded text', async () => {
  const page = await openPanel('encoding-sniff');
  // The example: <meta charset=sjis> then Shift_JIS bytes.
  assert.deepEqual(await result(page), { encoding: 'Shift_JIS', confidence: 'tentative', step: 'document' });
  assert.equal(await page.textContent('#esniff-decoded'), '<meta charset=sjis>\u3042\u65e5\u672c\u8a9e');
  await settled(page);
  assert.match(await page.textContent('#esniff-compare .verdict'), /^Same result/);

  const example = async (name) => {
    await page.click(`#esniff-examples button:text-is("${name}")`);
    return result(page);
  };
  assert.deepEqual(await example('UTF-8 BOM'), { encoding: 'UTF-8', confidence: 'certain', step: 'bom' });
  assert.equal(await page.textContent('#esniff-decoded'), '<p>caf\u00e9');
  assert.deepEqual(await example('transport label'), { encoding: 'ISO-8859-2', confidence: 'certain', step: 'label' });
  assert.deepEqual(await example('nothing declared'), { encoding: 'windows-1252', confidence: 'tentative', step: 'default' });
  // "café" typed as text is UTF-8; windows-1252 shows its two bytes.
  assert.equal(await page.textContent('#esniff-decoded'), '<p>caf\u00c3\u00a9');
  assert.deepEqual(await example('XML declaration'), { encoding: 'windows-1252', confidence: 'n/a (XML)', step: 'document' });
  await settled(page);
  assert.equal(await page.$$eval('#esniff-compare tbody td', (tds) => tds.length), 2);

  // An unknown transport label is ignored: the prescan decides.
  await page.click('#esniff-examples button:text-is("meta charset")');
  await page.fill('#esniff-label', 'no-such-encoding');
  assert.deepEqual(await result(page), { encoding: 'Shift_JIS', confidence: 'tentative', step: 'document' });
  await page.fill('#esniff-label', 'utf-16');
  assert.deepEqual(await result(page), { encoding: 'UTF-16LE', confidence: 'certain', step: 'label' });
  await settled(page);
});

test('encoding-sniffing panel: an uploaded file, and bad hex', async () => {
  const page = await openPanel('encoding-sniff');
  const buffer = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('\0h\0i', 'latin1')]);
  await page.setInputFiles('#esniff-file', { name: 'be.html', mimeType: 'text/html', buffer });
  await page.waitForFunction(() => document.querySelector('#esniff-encoding').textContent === 'UTF-16BE');
  assert.equal(await page.inputValue('#esniff-bytes'), 'fe ff 00 68 00 69');
  assert.equal(await page.textContent('#esniff-decoded'), 'hi');
  assert.equal(await page.textContent('#esniff-file-note'), 'be.html: 6 bytes.');
  await settled(page);
  assert.match(await page.textContent('#esniff-compare .verdict'), /^Same result/);
  await page.fill('#esniff-bytes', 'zz');
  assert.match(await page.textContent('#esniff-error'), /^SyntaxError: /);
  assert.equal(await page.isVisible('#esniff-result'), false);
  await page.screenshot({ path: join(screenshotDir, 'encoding-sniff-error-1280.png'), fullPage: true });
});

test('encoding-sniffing panel: the link keeps bytes and label; at 390 px nothing scrolls sideways', async () => {
  const page = await openPanel('encoding-sniff');
  await page.click('#esniff-examples button:text-is("transport label")');
  const again = await openPanel.at(await page.evaluate(() => location.href), { width: 390, height: 844 });
  assert.equal(await again.inputValue('#esniff-label'), 'latin2');
  assert.deepEqual(await result(again), { encoding: 'ISO-8859-2', confidence: 'certain', step: 'label' });
  await settled(again);
  assert.equal(await overflow(again), 0);
  await again.screenshot({ path: join(screenshotDir, 'encoding-sniff-390x844.png'), fullPage: true });
});
