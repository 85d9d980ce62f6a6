// Bundlers with no configuration and no copied file: `npm pack` of pkg/ unpacked into a scratch
// app under target/, `import { URL } from 'webweft'` and area subpaths bundled by esbuild (ESM and
// --format=cjs), rollup 4 with @rollup/plugin-node-resolve, Vite 8, webpack 5 and `bun build`,
// and each bundle run in Chromium.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchChromium } from '../wpt/chromium-host.mjs';
import { pkgDir, repoRoot } from '../wpt/lib.mjs';

const work = join(repoRoot, 'target', 'bundlers');
const bin = (name) => join(repoRoot, 'node_modules', '.bin', name);
const APP = `import { URL } from 'webweft';
import { atob } from 'webweft/base64';
import { structuredClone } from 'webweft/structured-clone';
document.title = [new URL('HTTP://A.test/x/../y').href, atob('YQ=='), structuredClone(new Map([[1, 2]])).get(1), URL.name].join(' ');
`;
const EXPECTED = 'http://a.test/y a 2 URL';

let browser;
before(async () => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(join(work, 'app', 'node_modules', 'webweft'), { recursive: true });
  const tarball = execFileSync('npm', ['pack', pkgDir, '--pack-destination', work, '--silent'], { encoding: 'utf8' }).trim().split('\n').pop();
  execFileSync('tar', ['-xzf', join(work, tarball), '-C', join(work, 'app', 'node_modules', 'webweft'), '--strip-components=1']);
  writeFileSync(join(work, 'app', 'package.json'), '{"name": "app", "private": true, "type": "module"}\n');
  writeFileSync(join(work, 'app', 'app.js'), APP);
  writeFileSync(join(work, 'app', 'index.html'), '<!doctype html><script type="module" src="/app.js"></script>\n');
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
});

/** Runs `code` in a blank page (as a module or a classic script); returns the page title. */
async function run(code, type) {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  await page.setContent('<!doctype html><title>none</title>');
  await page.addScriptTag({ content: code, type });
  await page.waitForFunction(() => document.title !== 'none', null, { timeout: 10_000 }).catch(() => {});
  const title = await page.title();
  await page.close();
  assert.deepEqual(problems, []);
  return title;
}

const BUILDS = [
  ['esbuild (esm)', (out) => [bin('esbuild'), ['app.js', '--bundle', '--minify', '--format=esm', `--outfile=${out}`]], 'module'],
  ['esbuild --format=cjs', (out) => [bin('esbuild'), ['app.js', '--bundle', '--minify', '--format=cjs', '--platform=browser', `--outfile=${out}`]], ''],
  ['bun build', (out) => [bin('bun'), ['build', 'app.js', '--target=browser', '--minify', `--outfile=${out}`]], 'module'],
  ['rollup + node-resolve', (out) => [bin('rollup'), ['app.js', '--format=es', `--file=${out}`, '--plugin=@rollup/plugin-node-resolve']], 'module'],
  ['webpack', (out) => [bin('webpack'), ['--entry=./app.js', '--mode=production', `--output-path=${dirname(out)}`, `--output-filename=${basename(out)}`]], ''],
];

test('Vite: a working browser app with no configuration', async () => {
  const outDir = join(work, 'app', 'dist', 'vite');
  execFileSync(bin('vite'), ['build', `--outDir=${outDir}`, '--logLevel=error'], { cwd: join(work, 'app'), stdio: ['ignore', 'ignore', 'inherit'] });
  const assets = readdirSync(join(outDir, 'assets')).filter((file) => file.endsWith('.js'));
  assert.equal(assets.length, 1, `one script: ${assets}`);
  assert.equal(await run(readFileSync(join(outDir, 'assets', assets[0]), 'utf8'), 'module'), EXPECTED);
});

for (const [name, command, type] of BUILDS) {
  test(`${name}: a working browser app with no configuration`, async () => {
    const out = join(work, 'app', 'dist', `${name.replace(/\W+/g, '-')}.js`);
    const [program, args] = command(out);
    execFileSync(program, args, { cwd: join(work, 'app'), stdio: ['ignore', 'ignore', 'inherit'] });
    const code = readFileSync(out, 'utf8');
    assert.equal(await run(code, type || undefined), EXPECTED);
  });
}
