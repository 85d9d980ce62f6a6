// webweft/data-urls against data-urls 8 (the package it replaces): the same exports, and the same
// MIME types and bodies on WPT's data-urls.json and base64.json (which they are expected to
// match), through the default export and through fromURLRecord with webweft/whatwg-url's records.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { fromURLRecord, parseDataURL as dropIn } from 'webweft/data-urls';
import { MIMEType } from 'webweft/whatwg-mimetype';
import { parseURL } from 'webweft/whatwg-url';

const require = createRequire(import.meta.url);
const reference = require('data-urls');
const root = resolve(fileURLToPath(import.meta.url), '..', '..', '..');
const wptDir = resolve(process.env.WPT_DIR ?? join(root, '..', 'shared', 'wpt'));
const wpt = (name) => JSON.parse(readFileSync(join(wptDir, 'fetch', 'data-urls', 'resources', name), 'utf8'));

/** A result as plain data. */
const plain = (result) => result && { mimeType: `${result.mimeType}`, body: [...result.body] };

test("data-urls' API: parseDataURL is its module.exports, with fromURLRecord", () => {
  assert.equal(typeof dropIn, 'function');
  assert.equal(dropIn.fromURLRecord, fromURLRecord);
  assert.deepEqual(Object.keys(dropIn), Object.keys(reference));
  const result = dropIn('data:text/plain;base64,d2VmdA==');
  assert.ok(result.mimeType instanceof MIMEType);
  assert.ok(result.body instanceof Uint8Array);
  assert.equal(dropIn('https://example.com/'), null);
  assert.equal(dropIn('not a URL'), null);
});

test("WPT's data-urls.json: WPT's results, and data-urls'", () => {
  const cases = wpt('data-urls.json');
  for (const [input, mimeType, body] of cases) {
    const ours = plain(dropIn(input));
    assert.deepEqual(ours, mimeType === null ? null : { mimeType, body }, input);
    assert.deepEqual(ours, plain(reference(input)), input);
    assert.deepEqual(plain(dropIn.fromURLRecord(parseURL(input) ?? { scheme: 'x' })), ours, input);
  }
  assert.equal(cases.length, 78);
});

test("WPT's base64.json through data:;base64, URLs: WPT's results, and data-urls'", () => {
  const cases = wpt('base64.json');
  for (const [input, body] of cases) {
    const url = `data:;base64,${input}`;
    const ours = plain(dropIn(url));
    assert.deepEqual(ours?.body ?? null, body, input);
    assert.deepEqual(ours, plain(reference(url)), input);
  }
  assert.equal(cases.length, 80);
});
