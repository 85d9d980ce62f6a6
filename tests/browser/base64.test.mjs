// The playground's base64 panel, driven like a person would.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { usePlayground } from './helpers.mjs';

const openPanel = usePlayground();

test('base64 panel encodes as you type, decodes back, and shows errors', async () => {
  const page = await openPanel('base64');
  await page.fill('#b64-text', 'weft ✓');
  assert.equal(await page.inputValue('#b64-encoded'), Buffer.from('weft ✓').toString('base64'));

  await page.fill('#b64-encoded', ' aGVs bG8 ');
  assert.equal(await page.inputValue('#b64-text'), 'hello');

  await page.selectOption('#b64-mode', 'latin1');
  await page.fill('#b64-text', 'Ā');
  assert.match(await page.textContent('#b64-error'), /^InvalidCharacterError: /);

  await page.fill('#b64-encoded', 'a');
  assert.match(await page.textContent('#b64-error'), /^InvalidCharacterError: /);
  await page.fill('#b64-encoded', '/w==');
  assert.equal(await page.inputValue('#b64-text'), '\u00ff');
  assert.equal(await page.textContent('#b64-error'), '');
});
