// The URL constructor's JS path (js/url.js scanNormalized): until url.wasm is instantiated, an
// input already in normalized form is taken without wasm. For every input it takes, the URL
// object must be the one the wasm path makes. A second instance of the url area (url.js and its
// imports evaluated again) whose wasm cannot compile answers only what the JS path takes; the
// package's own instance, its wasm instantiated first, is the reference.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import fc from 'fast-check';
import * as weft from 'webweft/url';

const GETTERS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'];
const SETTERS = GETTERS.filter((name) => name !== 'origin');

// The reference: wasm instantiated now, so every later `new weft.URL` takes the wasm path.
assert.equal(new weft.URL('HTTP://A.test/').href, 'http://a.test/');

// A switch that makes compiling any wasm throw, then the second instance (which captures
// WebAssembly's constructors as it loads).
const BLOCKED = new Error('no wasm while blocked');
let blocked = false;
WebAssembly.Module = new Proxy(WebAssembly.Module, {
  construct(target, args, newTarget) {
    if (blocked) throw BLOCKED;
    return Reflect.construct(target, args, newTarget);
  },
});
// (A copy of webweft/url and the modules it imports, bundled as they are: evaluated afresh.)
const { outputFiles } = await build({
  stdin: { contents: "export * from 'webweft/url';", resolveDir: fileURLToPath(new URL('.', import.meta.url)) },
  bundle: true,
  format: 'esm',
  // (Node's files: the wasm read from pkg/, as the package's own instance reads it.)
  platform: 'node',
  define: { 'import.meta.dirname': JSON.stringify(dirname(fileURLToPath(import.meta.resolve('webweft/package.json')))) },
  write: false,
  logLevel: 'error',
});
const cold = await import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`);
assert.notEqual(cold.URL, weft.URL);

/** `f()` with compiling wasm blocked: its result, or BLOCKED if it needed wasm. */
function withoutWasm(f) {
  blocked = true;
  try {
    return f();
  } catch (error) {
    // (The area reports a host that refuses to compile with the refusal as the cause.)
    if (error?.cause !== BLOCKED) throw error;
    return BLOCKED;
  } finally {
    blocked = false;
  }
}

/** The second instance's URL for `input` if the JS path takes it, else null. */
function jsPath(input) {
  const url = withoutWasm(() => new cold.URL(input));
  return url === BLOCKED ? null : url;
}

/**
 * What can be seen of a URL: every getter, the host kind, the query's list, and the same after
 * searchParams.append (the query's update steps rewrite the href from the offsets). For the
 * second instance, without wasm: a query that is not UTF-8 once percent-decoded needs the wasm's
 * form parser, and then the lists are left out.
 */
function view(url, api) {
  const before = getters(url, api);
  const params = withoutWasm(() => [...url.searchParams]);
  if (params === BLOCKED) return { before };
  url.searchParams.append('z', '1 2');
  return { before, params, after: getters(url, api), paramsAfter: [...url.searchParams] };
}

/** Every getter, the host kind (hostType reads the flags) and toJSON. */
function getters(url, api) {
  return { ...Object.fromEntries(GETTERS.map((name) => [name, url[name]])), hostType: api.hostType(url), json: url.toJSON() };
}

/** Checks `input` (if the JS path takes it) against the wasm path; whether it was taken. */
function agrees(input, taken = []) {
  const ours = jsPath(input);
  if (ours === null) return false;
  const reference = new weft.URL(input);
  const ourView = view(ours, cold);
  const referenceView = view(reference, weft);
  assert.deepEqual(
    ourView,
    ourView.params === undefined ? { before: referenceView.before } : referenceView,
    JSON.stringify(input),
  );
  taken.push(input);
  return true;
}

const root = resolve(fileURLToPath(import.meta.url), '..', '..', '..');
const corpusDir = join(resolve(process.env.BENCH_DATA_DIR ?? join(root, '..', 'shared', 'bench-data')), 'urls');
const wptDir = resolve(process.env.WPT_DIR ?? join(root, '..', 'shared', 'wpt'), 'url', 'resources');

function* textFiles(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* textFiles(path);
    else if (name.endsWith('.txt')) yield path;
  }
}

// URLs the JS path took, for the setters' test at the end (which lets the second instance's wasm in).
const taken = [];

test('the benchmark corpus: every URL the JS path takes is the wasm path URL', () => {
  const urls = [...textFiles(corpusDir)].flatMap((file) => readFileSync(file, 'utf8').split('\n')).filter((line) => line !== '');
  assert.ok(urls.length > 100_000);
  let count = 0;
  for (const input of urls) if (agrees(input, taken)) count++;
  console.log(`JS path: ${count} of ${urls.length} corpus URLs (${((100 * count) / urls.length).toFixed(1)} %)`);
  assert.ok(count > urls.length / 2, 'most real URLs are in normalized form');
});

test("WPT's urltestdata.json inputs and their hrefs", () => {
  const tests = JSON.parse(readFileSync(join(wptDir, 'urltestdata.json'), 'utf8')).filter((t) => typeof t === 'object');
  let count = 0;
  for (const t of tests) {
    if (agrees(t.input)) count++;
    if (t.href !== undefined && agrees(t.href)) count++;
  }
  assert.ok(count > 20, `${count} taken`);
});

test('near misses: generated inputs around the normalized form', () => {
  const prefixes = [
    'http://',
    'https://',
    'HTTP://',
    'Https://',
    'http:/',
    'http:',
    'http:\\\\',
    'https:///',
    'ws://',
    'wss://',
    'ftp://',
    'file://',
    'httpx://',
    'http ://',
    ' http://',
    '\thttp://',
    '\u0000https://',
  ];
  const hosts = [
    'a',
    'example.com',
    'a-b.c_d',
    'EXAMPLE.com',
    'exAmple.com',
    'a.1',
    'a.1.',
    'a.0x1',
    'a.0X1',
    '1.2.3.4',
    '1.2.3.4.',
    '0x7f.1',
    '09',
    'a.09',
    '0a',
    'a.b1',
    'a.',
    'a..',
    '.a',
    'a..b',
    '..',
    'xn--a',
    'xn--nxa.b',
    'a.xn--',
    'localhost',
    '%61',
    'a%2eb',
    'é.com',
    'a b',
    'a\tb',
    'a\nb',
    'u@a',
    'u:p@a',
    ':@a',
    '@a',
    '[::1]',
    'a:b@c',
    'a^b',
    'a|b',
    'a*b',
    '',
    '-',
    '_',
    'a.-',
    'a._',
  ];
  const ports = ['', ':', ':0', ':1', ':80', ':443', ':8080', ':9999', ':10000', ':65535', ':65536', ':080', ':00', ':8a', ': 1'];
  const segments = [
    '',
    'a',
    'A',
    '.',
    '..',
    '...',
    '.a',
    'a.',
    '%2e',
    '%2E',
    '.%2e',
    '%2e.',
    '%2E%2e',
    '%2e%2e%2e',
    '%2',
    '%',
    '%zz',
    '%20',
    ' ',
    'é',
    '\\',
    '\t',
    '\n',
    '|',
    '^',
    '`',
    '{',
    '}',
    '[',
    ']',
    "'",
    '"',
    '<',
    '>',
    '~',
    ';',
    '=',
    '@',
    ':',
    'C:',
    'C|',
    '\u0000',
    '\u007f',
    '\uD800',
    '\uFFFD',
  ];
  const queries = ['', '?', '??', '?a=b', '?a b', "?'", '?"', '?%', '?/', '?\\', '?é', '?`', '?{', '?#', '?\t'];
  const fragments = ['', '#', '##', '#a', '#a b', "#'", '#`', '#"', '#<', '#?/', '#é', '#\\', '#%', '#\u0000', ' '];
  let count = 0;
  const check = (input) => {
    if (agrees(input)) count++;
  };
  for (const prefix of prefixes) for (const host of hosts) for (const port of ports) check(`${prefix}${host}${port}/a?b#c`);
  for (const host of ['a.test', 'EX.com', 'a.1']) {
    for (const first of segments) for (const second of segments) check(`https://${host}/${first}/${second}`);
    for (const segment of segments)
      for (const query of queries) for (const fragment of fragments) check(`http://${host}:81/x/${segment}${query}${fragment}`);
  }
  check(`https://a.test/${'a/'.repeat(10_000)}`);
  check('https://a.test');
  check('https://a.test?x');
  check('https://a.test#x');
  // Random strings from the pieces and characters above.
  const piece = fc.constantFrom(
    ...hosts,
    ...ports,
    ...segments.map((s) => `/${s}`),
    ...queries,
    ...fragments,
    '.',
    '/',
    ':',
    '%2e',
    'a',
  );
  fc.assert(
    fc.property(
      fc.constantFrom('http://', 'https://', 'http://a', 'https://b.c'),
      fc.array(piece, { maxLength: 8 }),
      (prefix, pieces) => {
        check(prefix + pieces.join(''));
      },
    ),
    { numRuns: 20_000 },
  );
  assert.ok(count > 1000, `${count} taken`);
});

test('setters on URLs the JS path made: the same as on the wasm path (the second instance compiles its wasm now)', () => {
  const values = ['', 'x', 'HTTPS://B.test:443/p q?r#s', 'b.test', '8080', '80', '/p/../q', '?a=b', '#f', 'u', 'ws'];
  // Every object first: once a setter has compiled the second instance's wasm, the JS path is off.
  const cases = taken
    .filter((_, i) => i % 500 === 0)
    .flatMap((input) => SETTERS.flatMap((setter) => values.map((value) => [input, setter, value, jsPath(input)])));
  assert.ok(cases.length > 5000);
  const set = (url, setter, value) => {
    try {
      url[setter] = value;
      return null;
    } catch (error) {
      return error.constructor.name;
    }
  };
  for (const [input, setter, value, ours] of cases) {
    assert.notEqual(ours, null, input);
    const reference = new weft.URL(input);
    assert.equal(set(ours, setter, value), set(reference, setter, value));
    assert.deepEqual(getters(ours, cold), getters(reference, weft), `${input}: ${setter} = ${JSON.stringify(value)}`);
  }
});

test('a fresh process: a normalized new URL compiles no wasm; a setter, then a URL that is not, work', () => {
  const helper = pathToFileURL(join(fileURLToPath(import.meta.url), '..', 'wasm-instances.mjs')).href;
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { modules } from ${JSON.stringify(helper)};
import { URL } from 'webweft';
const steps = [];
const url = new URL('https://example.com/a/b?c=d#e');
steps.push([url.href, url.origin, url.port, url.search, [...url.searchParams].join(), modules.length]);
const more = new URL('http://a.test:8080/%7E/x?y#z');
steps.push([more.host, more.pathname, more.hash, modules.length]);
url.pathname = '/p q';
steps.push([url.href, modules.length]);
steps.push([new URL('HTTP://B.TEST/./c').href, new URL('https://c.test/').href, modules.length]);
console.log(JSON.stringify(steps));`,
    ],
    { cwd: root, encoding: 'utf8' },
  );
  assert.deepEqual(JSON.parse(out), [
    ['https://example.com/a/b?c=d#e', 'https://example.com', '', '?c=d', 'c,d', 0],
    ['a.test:8080', '/%7E/x', '#z', 0],
    ['https://example.com/p%20q?c=d#e', 1],
    ['http://b.test/c', 'https://c.test/', 1],
  ]);
});
