#!/usr/bin/env node
// Why the CJK decoders' well-formed runs are JavaScript in the build without WebAssembly
// (js/fallback/multi-byte.js; docs/speed.md, "In engines without WebAssembly"): the same EUC-KR
// decode loop over the EUC-KR pages, written as plain JavaScript (typed arrays of its own) and
// in the form wasm2js gives any translated loop at best (views of one memory kept in the
// enclosing function, every address shifted, every value `| 0`), in QuickJS and Hermes 0.12,
// interleaved in one engine instance. Prints ms per decode and the wasm2js form's speed ÷ the
// plain loop's. Not part of `make bench`: a measurement of the translation's ceiling.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decode } from 'webweft/encoding';
import { folderBytes } from '../node/data.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const work = join(root, 'target', 'bench-engines');
mkdirSync(work, { recursive: true });

const bytes = [...folderBytes('EUC-KR')];
// Index EUC-KR as Rust decodes each pointer's two bytes (0 where it gives no single code point).
const table = Array.from({ length: 126 * 190 }, (_, pointer) => {
  const decoded = decode(Uint8Array.of(0x81 + Math.floor(pointer / 190), 0x41 + (pointer % 190)), 'euc-kr', { bom: false });
  return decoded.length === 1 && decoded !== '\uFFFD' ? decoded.charCodeAt(0) : 0;
});

const DRIVER = `
var now = typeof __hostNow === 'function' ? __hostNow : function () { return Date.now(); };
var input = new Uint8Array(__data.bytes);
var table = new Uint16Array(__data.table);
function toString(units, count) {
  var string = '';
  for (var i = 0; i < count; i += 0x2000) string += String.fromCharCode.apply(null, units.subarray(i, Math.min(i + 0x2000, count)));
  return string;
}
function plain(bytes) {
  var length = bytes.length, units = new Uint16Array(length), o = 0, i = 0;
  while (i < length) {
    var byte = bytes[i];
    if (byte < 0x80) { units[o++] = byte; i++; continue; }
    if (i + 1 === length) break;
    var unit = table[(byte - 0x81) * 190 + bytes[i + 1] - 0x41];
    if (!unit) break;
    units[o++] = unit;
    i += 2;
  }
  return toString(units, o);
}
var translated = (function () {
  var buffer = new ArrayBuffer(16 << 20);
  var HEAP8 = new Int8Array(buffer), HEAPU8 = new Uint8Array(buffer), HEAP16 = new Int16Array(buffer), HEAPU16 = new Uint16Array(buffer);
  var Math_imul = Math.imul;
  var TABLE = 1 << 20, OUTPUT = 8 << 20;
  HEAPU16.set(table, TABLE >> 1);
  function run($0, $1) {
    var $2 = 0, $3 = 0, $4 = 0, $5 = OUTPUT;
    $1 = $0 + $1 | 0;
    while (1) {
      if ($0 >>> 0 >= $1 >>> 0) break;
      $2 = HEAP8[$0 | 0];
      if (($2 | 0) >= 0) {
        HEAP16[$5 >> 1] = $2;
        $0 = $0 + 1 | 0;
        $5 = $5 + 2 | 0;
        continue;
      }
      if (($0 + 1 | 0) == ($1 | 0)) break;
      $3 = HEAPU8[$0 + 1 | 0];
      $4 = HEAPU16[TABLE + ((Math_imul(($2 & 255) - 129 | 0, 190) + $3 | 0) - 65 << 1) >> 1];
      if (!$4) break;
      HEAP16[$5 >> 1] = $4;
      $0 = $0 + 2 | 0;
      $5 = $5 + 2 | 0;
    }
    return $5 - OUTPUT >> 1;
  }
  return function (bytes) {
    HEAPU8.set(bytes, 0);
    var count = run(0, bytes.length);
    return toString(new Uint16Array(buffer, OUTPUT, count), count);
  };
})();
if (plain(input) !== translated(input)) throw new Error('the two loops disagree');
var times = { plain: [], translated: [] };
for (var round = 0; round < 7; round++) {
  var start = now(); for (var k = 0; k < 5; k++) plain(input); times.plain.push((now() - start) / 5);
  start = now(); for (var k = 0; k < 5; k++) translated(input); times.translated.push((now() - start) / 5);
}
__report(JSON.stringify(times));
`;
const code = `var __data = ${JSON.stringify({ bytes, table })};\n${DRIVER}`;

const median = (list) => list.slice().sort((a, b) => a - b)[list.length >> 1];
function print(engine, times) {
  const plain = median(times.plain);
  const translated = median(times.translated);
  console.log(
    `${engine.padEnd(8)} plain ${plain.toFixed(1)} ms, wasm2js form ${translated.toFixed(1)} ms: ${(plain / translated).toFixed(2)}× the plain loop's speed`,
  );
}

const { getQuickJS } = await import('quickjs-emscripten');
const context = (await getQuickJS()).newContext();
let report;
context
  .newFunction('__report', (json) => {
    report = context.getString(json);
  })
  .consume((handle) => context.setProp(context.global, '__report', handle));
context
  .newFunction('__hostNow', () => context.newNumber(performance.now()))
  .consume((handle) => context.setProp(context.global, '__hostNow', handle));
context.unwrapResult(context.evalCode(code)).dispose();
print('QuickJS', JSON.parse(report));

const file = join(work, 'loop-shape.hermes.js');
writeFileSync(file, `var __report = function (json) { print(json); };\n${code}`);
const hermes = join(dirname(require.resolve('hermes-engine-cli/package.json')), 'linux64-bin', 'hermes');
print('Hermes', JSON.parse(execFileSync(hermes, ['-w', file], { encoding: 'utf8' })));
