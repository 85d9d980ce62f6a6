// Bundlers with no configuration and no copied file: `npm pack` of pkg/ unpacked into a scratch
// app under target/, `import { URL } from 'webweft'` and area subpaths bundled by esbuild (ESM and
// --format=cjs), rollup 4 with @rollup/plugin-node-resolve, Vite 8, webpack 5 and `bun build`,
// and each bundle run in Chromium; and each bundler again with the "webweft-no-wasm" export
// condition, in the configuration the npm README gives, its bundle run in a page whose
// Content-Security-Policy forbids compiling WebAssembly (and carrying none).
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
  const tarball = execFileSync('npm', ['pack', pkgDir, '--pack-destination', work, '--silent'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop();
  execFileSync('tar', ['-xzf', join(work, tarball), '-C', join(work, 'app', 'node_modules', 'webweft'), '--strip-components=1']);
  writeFileSync(join(work, 'app', 'package.json'), '{"name": "app", "private": true, "type": "module"}\n');
  writeFileSync(join(work, 'app', 'app.js'), APP);
  writeFileSync(join(work, 'app', 'index.html'), '<!doctype html><script type="module" src="/app.js"></script>\n');
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
});

/**
 * Runs `code` in a blank page (as a module or a classic script); returns the page title. With a
 * `policy`, the page and the script come from an origin whose Content-Security-Policy it is.
 */
async function run(code, type, policy) {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  if (policy === undefined) {
    await page.setContent('<!doctype html><title>none</title>');
    await page.addScriptTag({ content: code, type });
  } else {
    await page.route('http://app.test/**', (route) =>
      route.fulfill(
        route.request().url().endsWith('/app.js')
          ? { contentType: 'text/javascript', body: code }
          : {
              contentType: 'text/html',
              headers: { 'Content-Security-Policy': policy },
              body: `<!doctype html><title>none</title><script ${type ? `type="${type}" ` : ''}src="/app.js"></script>`,
            },
      ),
    );
    await page.goto('http://app.test/');
  }
  await page.waitForFunction(() => document.title !== 'none', null, { timeout: 10_000 }).catch(() => {});
  const title = await page.title();
  await page.close();
  assert.deepEqual(problems, []);
  return title;
}

// Where Chromium refuses to compile WebAssembly ('wasm-unsafe-eval' absent).
const STRICT_POLICY = "script-src 'self'";

const BUILDS = [
  ['esbuild (esm)', (out) => [bin('esbuild'), ['app.js', '--bundle', '--minify', '--format=esm', `--outfile=${out}`]], 'module'],
  [
    'esbuild --format=cjs',
    (out) => [bin('esbuild'), ['app.js', '--bundle', '--minify', '--format=cjs', '--platform=browser', `--outfile=${out}`]],
    '',
  ],
  ['bun build', (out) => [bin('bun'), ['build', 'app.js', '--target=browser', '--minify', `--outfile=${out}`]], 'module'],
  [
    'rollup + node-resolve',
    (out) => [bin('rollup'), ['app.js', '--format=es', `--file=${out}`, '--plugin=@rollup/plugin-node-resolve']],
    'module',
  ],
  [
    'webpack',
    (out) => [
      bin('webpack'),
      ['--entry=./app.js', '--mode=production', `--output-path=${dirname(out)}`, `--output-filename=${basename(out)}`],
    ],
    '',
  ],
];

test('Vite: a working browser app with no configuration', async () => {
  const outDir = join(work, 'app', 'dist', 'vite');
  execFileSync(bin('vite'), ['build', `--outDir=${outDir}`, '--logLevel=error'], {
    cwd: join(work, 'app'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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

// The documented way to pick the build without WebAssembly in each bundler (pkg-template/README.md).
const NO_WASM_CONFIGS = {
  'vite.no-wasm.config.mjs': `import { defaultClientConditions } from 'vite';
export default { resolve: { conditions: ['webweft-no-wasm', ...defaultClientConditions] }, logLevel: 'error' };
`,
  'webpack.no-wasm.config.cjs': `module.exports = { entry: './app.js', mode: 'production', resolve: { conditionNames: ['webweft-no-wasm', '...'] } };
`,
};
const NO_WASM_BUILDS = [
  [
    'esbuild (esm)',
    (out) => [
      bin('esbuild'),
      ['app.js', '--bundle', '--minify', '--format=esm', '--conditions=webweft-no-wasm', `--outfile=${out}`],
    ],
    'module',
  ],
  [
    'bun build',
    (out) => [
      bin('bun'),
      ['build', 'app.js', '--target=browser', '--minify', '--conditions=webweft-no-wasm', `--outfile=${out}`],
    ],
    'module',
  ],
  [
    'rollup + node-resolve',
    (out) => [
      bin('rollup'),
      ['app.js', '--format=es', `--file=${out}`, "--plugin=@rollup/plugin-node-resolve={exportConditions: ['webweft-no-wasm']}"],
    ],
    'module',
  ],
  [
    'webpack',
    (out) => [
      bin('webpack'),
      ['--config=webpack.no-wasm.config.cjs', `--output-path=${dirname(out)}`, `--output-filename=${basename(out)}`],
    ],
    '',
  ],
  ['Vite', (out) => [bin('vite'), ['build', '--config=vite.no-wasm.config.mjs', `--outDir=${out}`]], 'module'],
];

for (const [name, command, type] of NO_WASM_BUILDS) {
  test(`${name} with the webweft-no-wasm condition: the app runs where WebAssembly is refused, and carries none`, async () => {
    for (const [file, text] of Object.entries(NO_WASM_CONFIGS)) writeFileSync(join(work, 'app', file), text);
    const out = join(work, 'app', 'dist', `no-wasm-${name.replace(/\W+/g, '-')}${name === 'Vite' ? '' : '.js'}`);
    const [program, args] = command(out);
    execFileSync(program, args, { cwd: join(work, 'app'), stdio: ['ignore', 'ignore', 'inherit'] });
    let script = out;
    if (name === 'Vite') {
      const assets = readdirSync(join(out, 'assets')).filter((file) => file.endsWith('.js'));
      assert.equal(assets.length, 1, `one script: ${assets}`);
      script = join(out, 'assets', assets[0]);
    }
    const code = readFileSync(script, 'utf8');
    // js/wasm-module.js (and its message) comes with every unit's wasm, and only with one.
    assert.doesNotMatch(code, /needs WebAssembly/, 'no unit with wasm is bundled');
    assert.equal(await run(code, type || undefined, STRICT_POLICY), EXPECTED);
  });
}
