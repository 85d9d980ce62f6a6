// The playground's encoding panel, driven like a person would.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { screenshotDir, usePlayground } from './helpers.mjs';

const openPanel = usePlayground();

test('encoding panel decodes hex bytes, marks U+FFFD, and encodes back', async () => {
  const page = await openPanel('encoding');
  // The example: Shift_JIS "あ日本語" and a malformed 0xFF.
  assert.equal(await page.textContent('#enc-decoded'), '\u3042\u65e5\u672c\u8a9e\uFFFD');
  assert.equal(await page.locator('#enc-decoded mark').count(), 1);

  await page.check('#enc-fatal');
  assert.match(await page.textContent('#enc-decode-error'), /^TypeError: /);
  await page.uncheck('#enc-fatal');

  await page.fill('#enc-bytes', 'ef bb bf 61 e2 82 ac');
  assert.equal(await page.textContent('#enc-decoded'), 'a\u20ac'); // the BOM wins over shift_jis
  await page.selectOption('#enc-label', 'windows-1252');
  await page.fill('#enc-bytes', '80 61');
  assert.equal(await page.textContent('#enc-decoded'), '\u20aca');
  assert.equal(await page.textContent('#enc-encoded'), '80 61');

  await page.fill('#enc-text', 'a\u3042');
  assert.match(await page.textContent('#enc-encode-error'), /^TypeError: /);
  await page.selectOption('#enc-mode', 'html');
  assert.equal(await page.textContent('#enc-encoded'), '61 26 23 31 32 33 35 34 3b');
  await page.selectOption('#enc-label', 'shift_jis');
  await page.fill('#enc-bytes', '82 a0 ff 41');
  assert.equal(await page.textContent('#enc-decoded'), '\u3042\uFFFDA');
  await page.screenshot({ path: join(screenshotDir, 'playground-encoding.png') });
});
