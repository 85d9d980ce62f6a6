// The build without WebAssembly: a unit's wasm (compiled for wasm32v1-none, the MVP target, so
// it has neither reference types nor multi-value) translated to JavaScript by binaryen's wasm2js,
// then shaped into an ES module that the glue instantiates like a wasm module:
// `instantiate(imports)` returns the exports object, with `memory.buffer` as a real memory has.
// The same Rust, the same glue and the same facades run; only the machine code differs.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zopfliDeflate } from './deflate.mjs';
import { root, run } from '../wasm.mjs';

const bin = join(root, 'node_modules', '.bin');

/**
 * `wasm` (wasm-bindgen's output) to `out`: wasm-opt for size (the MVP features only), wasm2js,
 * then the module shape described above. Returns the module's text.
 */
export async function translateToJs(wasm, out, { debug }) {
  const optimized = `${out}.opt.wasm`;
  run(join(bin, 'wasm-opt'), [debug ? '-O1' : '-Oz', '--strip-producers', '--strip-debug', wasm, '-o', optimized]);
  const raw = `${out}.wasm2js.js`;
  run(join(bin, 'wasm2js'), [debug ? '-O1' : '-Oz', optimized, '-o', raw]);
  const text = await moduleShape(readFileSync(raw, 'utf8'), debug);
  writeFileSync(out, text);
  return text;
}

/**
 * wasm2js writes an ES module that imports its imports by module name and instantiates itself
 * at load. Here: no import and nothing at load; `instantiate(imports)` makes a fresh instance
 * (a new memory) each call, as `new WebAssembly.Instance` does (the glue asks for one after a
 * panic). The data segments, which wasm2js writes as base64 strings, become one raw DEFLATE
 * stream in base64 (js/inflate.js inflates it; 10-15 % less gzip than wasm2js's strings), and a
 * trap throws an Error that says what happened.
 */
async function moduleShape(text, debug) {
  const importLine = /^import \* as \$\w+ from '[^']+';\n/m.exec(text);
  if (!importLine) throw new Error('wasm2js output: no import line (did binaryen change?)');
  const instantiateAt = text.indexOf('var retasmFunc = asmFunc(');
  if (instantiateAt < 0) throw new Error('wasm2js output: no asmFunc call (did binaryen change?)');
  let body = text.slice(importLine.index + importLine[0].length, instantiateAt);
  // Every data segment: `base64DecodeToExistingUint8Array(bufferView, OFFSET, "BASE64");`
  const segment = /^ {2}base64DecodeToExistingUint8Array\(bufferView, (\d+), "([A-Za-z0-9+/=]*)"\);\n/gm;
  const segments = [...body.matchAll(segment)].map(([, offset, data]) => ({
    offset: Number(offset),
    bytes: Buffer.from(data, 'base64'),
  }));
  const data = Buffer.concat(segments.map(({ bytes }) => bytes));
  const stream = await zopfliDeflate(data, debug);
  const table = segments.flatMap(({ offset, bytes }) => [offset, bytes.length]);
  body = body.replace(segment, '');
  const helper = body.indexOf('  var base64ReverseLookup');
  const initSegments = body.indexOf('function initActiveSegments(imports) {\n}');
  if (helper < 0 || initSegments < 0)
    throw new Error('wasm2js output: the data segments are not where expected (did binaryen change?)');
  body =
    body.slice(0, helper) +
    `// The data segments: [offset, length, ...] and their bytes, one after the other.
const SEGMENTS = ${JSON.stringify(table)};
const DATA = ${JSON.stringify(stream.toString('base64'))};
function initActiveSegments() {
  const data = inflateBase64(DATA, ${data.length});
  for (let i = 0, at = 0; i < SEGMENTS.length; i += 2) {
    bufferView.set(data.subarray(at, at + SEGMENTS[i + 1]), SEGMENTS[i]);
    at += SEGMENTS[i + 1];
  }
}
` +
    body.slice(initSegments + 'function initActiveSegments(imports) {\n}'.length);
  const trap = "function wasm2js_trap() { throw new Error('abort'); }";
  if (!body.includes(trap)) throw new Error('wasm2js output: no trap function (did binaryen change?)');
  body = body.replace(
    trap,
    "function wasm2js_trap() { throw new Error('webweft: unreachable code reached (an internal error); the next call starts afresh'); }",
  );
  return `// A unit of webweft translated from wasm to JavaScript (tools/build/translate.mjs).
import { inflateBase64 } from '#inflate';
${body}
/** A fresh instance's exports (a new memory), as \`new WebAssembly.Instance(module, imports)\` makes. */
export function instantiate(imports) {
  return asmFunc(imports);
}
`;
}
