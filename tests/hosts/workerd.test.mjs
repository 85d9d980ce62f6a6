// Cloudflare's workerd (npm `workerd`), the runtime of Workers, which compiles WebAssembly only
// while a script starts, never while it serves a request, and otherwise takes wasm as modules
// imported at build time. A Worker bundled by esbuild with the conditions wrangler uses
// (workerd, worker, browser) gets the package's workerd files, which import each .wasm as such
// a module: the portable tests (URL, encoding, structured clone, base64, html), every area
// subpath and the Workers' polyfill all run inside `fetch`. The same Worker bundled for
// browsers (the wasm inline) is the control: at request time it gets the error that names the
// cause and the ways out.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { basename, join } from 'node:path';
import { after, before, test } from 'node:test';
import * as esbuild from 'esbuild';
import { pkgDir, repoRoot } from '../wpt/lib.mjs';

const work = join(repoRoot, 'target', 'workerd');
const workerd = join(repoRoot, 'node_modules', '.bin', 'workerd');

const WORKER = `import * as weft from 'webweft';
import * as url from 'webweft/url';
import * as encoding from 'webweft/encoding';
import * as lite from 'webweft/encoding-lite';
import * as clone from 'webweft/structured-clone';
import * as base64 from 'webweft/base64';
import * as html from 'webweft/html';
import './force-polyfill.js';
import 'webweft/encoding/polyfill';
import { runPortableTests } from ${JSON.stringify(join(repoRoot, 'tests', 'hosts', 'portable.mjs'))};

const attempt = (run) => {
  try {
    return run();
  } catch (error) {
    return 'threw ' + error.name + ': ' + error.message;
  }
};

export default {
  async fetch() {
    const log = [];
    const portable = await runPortableTests(weft, 'workerd', undefined, (line) => log.push(line));
    // A legacy multi-byte character split across chunks of a stream.
    const split = attempt(() => {
      const sjis = new encoding.TextDecoder('shift_jis');
      return sjis.decode(new Uint8Array([0x82, 0xa0, 0x82]), { stream: true }) + sjis.decode(new Uint8Array([0xa2]));
    });
    return Response.json({
      portable,
      log,
      subpaths: {
        url: attempt(() => new url.URL('HTTP://EXAMPLE.com/%7efoo/../x').href + ' ' + url.registrableDomain('www.example.co.uk')),
        encoding: attempt(() => new encoding.TextDecoder('gbk').decode(new Uint8Array([0xc4, 0xe3]))),
        lite: attempt(() => new lite.TextDecoder('koi8-r').decode(new Uint8Array([0xc1]))),
        clone: attempt(() => clone.structuredClone(new Map([[1, 2n]])).get(1).toString()),
        base64: attempt(() => base64.atob(' Y Q = = ')),
        html: attempt(() => String(html.parseInteger(' -7px'))),
      },
      split,
      // The polyfill, forced over workerd's own globals (which pass its feature tests).
      polyfill: attempt(() => globalThis.webweft.installed.join(',') + ' ' + new TextDecoder('euc-kr').decode(new Uint8Array([0xb0, 0xa1]))),
      skipped: globalThis.webweft.skipped.map(({ name }) => name),
      reason: globalThis.webweft.skipped[0]?.reason,
    });
  },
};
`;

/** Bundles the Worker with `conditions`; returns the bundle's file name and the .wasm modules it imports. */
async function bundleWorker(name, conditions) {
  const wasm = new Set();
  await esbuild.build({
    stdin: { contents: WORKER, resolveDir: work, sourcefile: 'worker.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions,
    mainFields: ['module', 'main'],
    outfile: join(work, name, 'worker.js'),
    logLevel: 'warning',
    plugins: [
      {
        // As wrangler does: a .wasm import stays a module of the Worker's own.
        name: 'wasm-modules',
        setup(build) {
          build.onResolve({ filter: /\.wasm$/ }, ({ path }) => {
            wasm.add(basename(path));
            return { path: `./${basename(path)}`, external: true };
          });
        },
      },
    ],
  });
  for (const file of wasm) cpSync(join(pkgDir, file), join(work, name, file));
  return [...wasm];
}

/** The workerd config for one Worker with its modules. */
function config(wasm) {
  const modules = [
    `(name = "worker.js", esModule = embed "worker.js")`,
    ...wasm.map((file) => `(name = "${file}", wasm = embed "${file}")`),
  ];
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [${modules.join(', ')}],
  compatibilityDate = "2026-11-17",
  compatibilityFlags = ["nodejs_compat"],
);
`;
}

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const running = [];

/** Starts workerd on `name`'s config; resolves to its base URL once it answers. */
async function serve(name) {
  const port = await freePort();
  const child = spawn(workerd, ['serve', join(work, name, 'config.capnp'), '--socket-addr', `http=127.0.0.1:${port}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout.on('data', (data) => (output += data));
  child.stderr.on('data', (data) => (output += data));
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`workerd exited: ${output}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`, { method: 'HEAD' });
      return `http://127.0.0.1:${port}/`;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`workerd did not answer: ${output}`);
}

before(async () => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  writeFileSync(join(work, 'force-polyfill.js'), 'globalThis.webweftPolyfillOptions = { force: true };\n');
  for (const [name, conditions] of [
    ['workerd', ['workerd', 'worker', 'browser']],
    ['browser', ['browser']],
  ]) {
    mkdirSync(join(work, name), { recursive: true });
    writeFileSync(join(work, name, 'config.capnp'), config(await bundleWorker(name, conditions)));
  }
});
after(() => {
  for (const child of running) child.kill();
});

test('inside fetch, the workerd files run every area: URL, encoding (legacy streaming too), clone, base64, html', async () => {
  const result = await (await fetch(await serve('workerd'))).json();
  assert.equal(result.portable, true, result.log.join('\n'));
  assert.deepEqual(result.subpaths, {
    url: 'http://example.com/x example.co.uk',
    encoding: '你',
    lite: 'а',
    clone: '2',
    base64: 'a',
    html: '-7',
  });
  assert.equal(result.split, 'あい');
  // The Workers' polyfill installs webweft's, which work in a request.
  assert.match(result.polyfill, /^TextDecoder,TextEncoder,TextDecoderStream,TextEncoderStream 가$/);
});

test('the wasm-inline files at request time: the error names the cause and the ways out', async () => {
  const result = await (await fetch(await serve('browser'))).json();
  assert.match(result.subpaths.url, /^threw Error: webweft\/url needs WebAssembly, and the host refused to compile it/);
  assert.match(result.subpaths.url, /webweft\/url\/no-wasm/);
  assert.equal(result.subpaths.base64, 'a', 'an area with no wasm works anywhere');
  assert.match(result.split, /^threw Error: webweft\/encoding needs WebAssembly/);
  // The classic polyfill knows Workers: it keeps workerd's TextDecoder rather than install one
  // that would fail in a request, and says why.
  assert.match(result.polyfill, /^TextEncoder,TextEncoderStream 가$/, "webweft's TextEncoder, workerd's TextDecoder");
  assert.deepEqual(result.skipped, ['TextDecoder', 'TextDecoderStream']);
  assert.match(result.reason, /Cloudflare Workers compile WebAssembly only while a script starts/);
});
