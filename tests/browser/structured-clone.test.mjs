// The playground's structured clone panel, driven like a person would.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { screenshotDir, usePlayground } from './helpers.mjs';

const openPanel = usePlayground();

test('structured clone panel: bytes annotated tag by tag, the copy inspected, DataCloneErrors shown', async () => {
  const page = await openPanel('structured-clone');
  const rows = () => page.$$eval('#sc-annotated tr', (trs) => trs.map((tr) => tr.textContent));

  await page.fill('#sc-input', '{ a: 1, list: [1, , "é"], big: 2n ** 64n }');
  assert.equal(await page.textContent('#sc-error'), '');
  assert.match(await page.textContent('#sc-hex'), /^ff 0f 6f 22 01 61 49 02 /);
  const annotated = (await rows()).join('\n');
  assert.match(annotated, /version 15/);
  assert.match(annotated, /begin sparse array, length 3/);
  assert.match(annotated, /one-byte string "é"/);
  assert.match(annotated, /BigInt \(16 bytes\)/);
  assert.match(annotated, /end object \(3 properties\)/);
  const copy = await page.textContent('#sc-value');
  assert.match(copy, /a: 1/);
  assert.match(copy, /<hole>/);
  assert.match(copy, /big: 18446744073709551616n/);

  await page.selectOption('#sc-example', 'A cycle and a shared reference');
  assert.match(await page.textContent('#sc-value'), /^<ref \*1> \{[\s\S]*self: \[Circular \*1\]/);
  assert.match((await rows()).join('\n'), /reference to object #0/);

  await page.selectOption('#sc-example', 'Errors');
  assert.match(await page.textContent('#sc-value'), /^RangeError: out of range\n\s+cause: DOMException \(NotFoundError\): gone/);
  assert.match((await rows()).join('\n'), /Error prototype: RangeError[\s\S]*cause: \(the next value\)[\s\S]*weft: a serializable class/);

  await page.selectOption('#sc-example', 'Typed arrays over one buffer');
  assert.match(await page.textContent('#sc-value'), /Uint8Array\(4\)[\s\S]*DataView\(4\)/);
  assert.match((await rows()).join('\n'), /DataView over it: offset 4, 4 bytes/);

  await page.selectOption('#sc-example', 'Not cloneable: a WeakMap');
  assert.equal(await page.textContent('#sc-error'), 'DataCloneError: A WeakMap could not be cloned (at value[0].<entry 1>).');
  await page.fill('#sc-input', '{ ok: 1, callback() {} }');
  assert.equal(await page.textContent('#sc-error'), 'DataCloneError: A function (callback) could not be cloned (at value.callback).');
  await page.fill('#sc-input', '{ unfinished: ');
  assert.match(await page.textContent('#sc-error'), /^Evaluating the expression: SyntaxError/);

  await page.selectOption('#sc-example', 'Map, Set, Date, RegExp');
  await page.screenshot({ path: join(screenshotDir, 'playground-structured-clone.png'), fullPage: true });
});
