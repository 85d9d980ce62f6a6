#!/usr/bin/env node
// A small static file server for 127.0.0.1 only: the playground (`make demo`) and the browser
// tests use it. `node tools/serve.mjs --port 8080` serves www/ at / and pkg/ at /pkg/.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
};

/**
 * Starts a server. `mounts` maps URL prefixes to directories (the first mount whose directory
 * has the file wins); `dynamic(pathname)` may answer first with {type, body}; `headers` are sent
 * with every file. Resolves to the http.Server once listening; `server.address().port` is the port.
 */
export function startServer({ mounts, port = 0, dynamic = () => null, headers = {} }) {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url, 'http://127.0.0.1').pathname);
    const generated = dynamic(pathname);
    if (generated) {
      response.writeHead(200, { ...headers, 'content-type': generated.type, 'cache-control': 'no-store' });
      response.end(generated.body);
      return;
    }
    for (const [prefix, directory] of mounts) {
      if (!pathname.startsWith(prefix)) continue;
      const root = resolve(directory);
      let file = normalize(join(root, pathname.slice(prefix.length)));
      if (file !== root && !file.startsWith(root + sep)) continue; // no escaping the mount
      if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
      if (!existsSync(file)) continue;
      response.writeHead(200, {
        ...headers,
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      });
      createReadStream(file).pipe(response);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end(`not found: ${pathname}\n`);
  });
  return new Promise((resolveListening, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolveListening(server));
  });
}

const root = resolve(fileURLToPath(import.meta.url), '..', '..');

/** The playground: www/ at /, the built package at /pkg/. */
export function startPlayground(port) {
  return startServer({
    port,
    mounts: [
      ['/pkg/', join(root, 'pkg')],
      ['/', join(root, 'www')],
    ],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const port = Number(args.includes('--port') ? args[args.indexOf('--port') + 1] : 8080);
  const server = await startPlayground(port);
  console.log(`weft playground: http://127.0.0.1:${server.address().port}/  (Ctrl-C to stop)`);
}
