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
  assert.match(await page.textContent('#sc-value'), /a: <ref \*2> \{[\s\S]*b: \[Shared \*2\]/);
  assert.match((await rows()).join('\n'), /reference to object #0/);

  await page.selectOption('#sc-example', 'Errors');
  assert.match(await page.textContent('#sc-value'), /^RangeError: out of range\n\s+cause: DOMException \(NotFoundError\): gone/);
  assert.match(
    (await rows()).join('\n'),
    /Error prototype: RangeError[\s\S]*cause: \(the next value\)[\s\S]*weft: a serializable class/,
  );

  await page.selectOption('#sc-example', 'Typed arrays over one buffer');
  assert.match(await page.textContent('#sc-value'), /Uint8Array\(4\)[\s\S]*DataView\(4\)/);
  assert.match((await rows()).join('\n'), /DataView over it: offset 4, 4 bytes/);

  await page.selectOption('#sc-example', 'Not cloneable: a WeakMap');
  assert.equal(await page.textContent('#sc-error'), 'DataCloneError: A WeakMap could not be cloned (at value[0].<entry 1>).');
  await page.fill('#sc-input', '{ ok: 1, callback() {} }');
  assert.equal(
    await page.textContent('#sc-error'),
    'DataCloneError: A function (callback) could not be cloned (at value.callback).',
  );
  await page.fill('#sc-input', '{ unfinished: ');
  assert.match(await page.textContent('#sc-error'), /^Evaluating the expression: SyntaxError/);

  await page.selectOption('#sc-example', 'Map, Set, Date, RegExp');
});

/** Every [Circular *N] and [Shared *N] in `text` points at a <ref *N> shown before it. */
function assertRefsMatch(text) {
  for (const match of text.matchAll(/\[(Circular|Shared) \*(\d+)\]/g)) {
    const marker = text.indexOf(`<ref *${match[2]}>`);
    assert.ok(marker !== -1 && marker < match.index, `${match[0]} has no <ref *${match[2]}> before it in:\n${text}`);
  }
}

test('structured clone panel: a shared reference is shown as shared, a cycle as circular, each with its <ref>', async () => {
  const page = await openPanel('structured-clone');
  await page.fill(
    '#sc-input',
    '(() => { const shared = { id: 1 }; const list = [shared]; return { first: shared, again: shared, list, more: list }; })()',
  );
  const text = await page.textContent('#sc-value');
  assert.doesNotMatch(text, /Circular/);
  assert.match(text, /first: <ref \*1> \{\n\s+id: 1\n\s+\},\n\s+again: \[Shared \*1\]/);
  assert.match(text, /list: <ref \*2> \[\n\s+\[Shared \*1\]\n\s+\],\n\s+more: \[Shared \*2\]/);
  assertRefsMatch(text);

  // Two cycles through a shared node, and a Map that holds itself.
  await page.fill(
    '#sc-input',
    '(() => { const a = { name: "a" }; const b = { name: "b", a }; a.b = b; const m = new Map(); m.set("self", m).set("a", a); return [a, b, m]; })()',
  );
  const cyclic = await page.textContent('#sc-value');
  assert.match(cyclic, /\[Circular \*1\]/);
  assert.match(cyclic, /"self" => \[Circular \*3\]/);
  assertRefsMatch(cyclic);
  await page.screenshot({ path: join(screenshotDir, 'structured-clone-shared-1280.png'), fullPage: true });
});

test('structured clone panel: the example picker names no example once the expression is edited', async () => {
  const page = await openPanel('structured-clone');
  await page.selectOption('#sc-example', 'Errors');
  assert.equal(await page.inputValue('#sc-example'), 'Errors');
  await page.fill('#sc-input', '[1, 2, 3]');
  assert.equal(await page.inputValue('#sc-example'), '');
  assert.equal(await page.$eval('#sc-example', (select) => select.selectedOptions[0].textContent), '(your own expression)');
  // Typing an example's expression back names it again.
  await page.selectOption('#sc-example', 'Errors');
  const errors = await page.inputValue('#sc-input');
  await page.fill('#sc-input', '0');
  await page.fill('#sc-input', errors);
  assert.equal(await page.inputValue('#sc-example'), 'Errors');
});
