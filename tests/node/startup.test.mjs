// Start-up: what loading a subpath costs is measured by `make size`, never asserted in
// time here. These tests check what makes it cheap and safe: loading reads none of the globals
// that Node loads lazily (each costs a module load: CryptoKey ~3 ms, the streams ~2 ms each on
// Node 24), and the host globals weft captures at load but uses later (TextDecoder, TextEncoder,
// DOMException, Blob, File) are the ones it saw at load, whatever a page puts there afterwards.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const pkgDir = dirname(fileURLToPath(import.meta.resolve('webweft/package.json')));

/** Runs `source` (CommonJS, which `require`s the package's ES modules) in a fresh Node process in pkg/; its standard output. */
function runNode(source) {
  return execFileSync(process.execPath, ['-e', source], { cwd: pkgDir, encoding: 'utf8' });
}

test("loading a subpath loads none of Node's lazily loaded modules", () => {
  // `File` is read at load (weft clones Files itself); Node loads its small module then. Node's
  // ES module loader (internal/modules/) loads with the first ES module `require`d.
  const allowed = (name) => name === 'NativeModule internal/file' || name.startsWith('NativeModule internal/modules/');
  for (const file of ['index', 'url', 'encoding', 'encoding-lite', 'structured-clone', 'base64', 'html']) {
    const out = runNode(`const before = new Set(process.moduleLoadList);
require('./${file}.js');
console.log(JSON.stringify(process.moduleLoadList.filter((name) => !before.has(name))));`);
    const loaded = JSON.parse(out).filter((name) => name.startsWith('NativeModule ') && !allowed(name));
    assert.deepEqual(loaded, [], `require('./${file}.js') loaded ${loaded.join(', ')}`);
  }
});

test('platform interfaces read on first use are still recognized', () => {
  // The interfaces Node loads lazily are read at the first clone that meets an unknown
  // prototype; each value fails as the host's own structuredClone fails (Node throws a
  // TypeError for a stream or port not in the transfer list), none clones as a plain object
  // (Node's own clones a Response or an AbortController so; weft, as browsers, throws a
  // DataCloneError).
  const out = runNode(`const { structuredClone, serialize } = require('./structured-clone.js');
const results = [];
const outcome = (clone, value) => { try { clone(value); return 'cloned'; } catch (error) { return error.name; } };
for (const make of [() => new ReadableStream(), () => new MessageChannel().port1, () => new AbortController(), () => new WritableStream()]) {
  results.push([outcome(structuredClone, make()), outcome(globalThis.structuredClone, make())]);
}
results.push([outcome(serialize, new TransformStream()), outcome(globalThis.structuredClone, new TransformStream())]);
results.push([outcome(structuredClone, new Response('')), 'DataCloneError']);
console.log(JSON.stringify(results));
process.exit(0);`);
  for (const [weft, host] of JSON.parse(out)) {
    assert.equal(weft, host === 'cloned' ? 'DataCloneError' : host);
  }
});

test('a page that replaces TextDecoder, TextEncoder, DOMException, Blob or File after load changes no result', () => {
  // Each replacement throws if weft constructs or calls it. The first use of every area comes
  // after the replacement: the decoders are made and the wasm instantiated then.
  const out = runNode(`const url = require('./url.js');
const clone = require('./structured-clone.js');
const encoding = require('./encoding.js');
const { DOMException: RealDOMException, Blob: RealBlob, File: RealFile } = globalThis;
const blob = new RealBlob(['ab'], { type: 'text/x' });
const file = new RealFile(['abc'], 'f.txt', { type: 'text/y', lastModified: 7 });
class Thrower { constructor() { throw new Error('a replaced global was used'); } }
// (Node's fetch, which it loads on first use, uses the globals too: loaded first.)
globalThis.Response;
for (const name of ['TextDecoder', 'TextEncoder', 'DOMException', 'Blob', 'File']) globalThis[name] = Thrower;
const results = [];
results.push(new url.URL('http://\\u00e9.test/\\u00fc?\\u00e9#\\u00fc').href);
results.push(url.domainToUnicode('xn--9ca.test'));
results.push(new encoding.TextDecoder('big5').decode(new Uint8Array([0xa4, 0x40])));
results.push(new encoding.TextDecoder().decode(new encoding.TextEncoder().encode('\\u00e9\\ud800')));
const b = clone.structuredClone(blob);
results.push(b instanceof RealBlob && b !== blob && b.size + ' ' + b.type);
const f = clone.structuredClone(file);
results.push(f instanceof RealFile && [f.name, f.size, f.type, f.lastModified].join(' '));
const f2 = clone.deserialize(clone.serialize({ f: file })).f;
results.push(f2 instanceof RealFile && f2.name);
for (const bad of [() => {}, Symbol('s')]) {
  try { clone.structuredClone(bad); } catch (error) { results.push(error instanceof RealDOMException && error.name); }
}
try { clone.serialize(() => {}); } catch (error) { results.push(error instanceof RealDOMException && error.name); }
const error = clone.structuredClone(new RealDOMException('m', 'NotFoundError'));
results.push(error instanceof RealDOMException && error.name + ' ' + error.message);
console.log(JSON.stringify(results));`);
  assert.deepEqual(JSON.parse(out), [
    'http://xn--9ca.test/%C3%BC?%C3%A9#%C3%BC',
    '\u00e9.test',
    '\u4e00',
    '\u00e9\ufffd',
    '2 text/x',
    'f.txt 3 text/y 7',
    'f.txt',
    'DataCloneError',
    'DataCloneError',
    'DataCloneError',
    'NotFoundError m',
  ]);
});
