// The Rust codec (src/html/structured_clone) run from Node, for the differential tests against the
// package's JavaScript codec (js/structured-clone/wire.js): the testing build's structured-clone
// area exports its raw bindings. Ops move through wasm memory as the crate's four streams (code,
// numbers, UTF-16 units, bytes: the format in src/html/structured_clone/mod.rs).
import { createRequire } from 'node:module';
import * as op from '../../js/structured-clone/ops.js';

const require = createRequire(import.meta.url);
const glue = require('../../target/pkg-testing/structured-clone.cjs');

const memory = () => glue.__weftExports().memory.buffer;
const byteLengthOf = (value) => (ArrayBuffer.isView(value) ? value.byteLength : value.byteLength);

/** The [address, length] × 4 layout record the bindings return, as typed arrays over memory. */
function streams(address) {
  const buffer = memory();
  const layout = new Uint32Array(buffer, address, 8);
  return {
    code: new Uint32Array(buffer, layout[0], layout[1]),
    numbers: new Float64Array(buffer, layout[2], layout[3]),
    units: new Uint16Array(buffer, layout[4], layout[5]),
    bytes: new Uint8Array(buffer, layout[6], layout[7]),
  };
}

/** The Rust codec's bytes for the walker's op stream (`serialize_ops`, Node's view encoding). */
export function rustSerialize(code, list, forStorage = false) {
  const values = Array.from(list);
  let numbers = 0;
  let units = 0;
  let bytes = 0;
  for (const value of values) {
    if (typeof value === 'number') numbers++;
    else if (typeof value === 'string') units += value.length;
    else bytes += byteLengthOf(value);
  }
  const out = streams(glue.cloneOpsInput(code.length, numbers, units, bytes));
  out.code.set(Array.from(code));
  let n = 0;
  let u = 0;
  let b = 0;
  for (const value of values) {
    if (typeof value === 'number') {
      out.numbers[n++] = value;
    } else if (typeof value === 'string') {
      for (let i = 0; i < value.length; i++) out.units[u++] = value.charCodeAt(i);
    } else {
      out.bytes.set(ArrayBuffer.isView(value) ? value : new Uint8Array(value), b);
      b += byteLengthOf(value);
    }
  }
  const length = glue.cloneSerialize(forStorage, false);
  const result = new Uint8Array(memory(), glue.ioOutput(), length).slice();
  glue.ioRelease();
  return result;
}

function bigIntOf(bytes, negative) {
  let magnitude = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) magnitude = (magnitude << 8n) | BigInt(bytes[i]);
  return negative ? -magnitude : magnitude;
}

/**
 * The Rust codec's reading of `bytes` (`deserialize_to_ops`) as the JavaScript codec returns it:
 * `{code, values}` with numbers, strings, BigInts and ArrayBuffers in stream order.
 */
export function rustDeserialize(bytes, transferred = 0, shared = 0) {
  const address = glue.ioInput(bytes.length);
  new Uint8Array(memory()).set(bytes, address);
  try {
    const input = streams(glue.cloneDeserialize(bytes.length, transferred, shared));
    const code = input.code.slice();
    const values = [];
    let n = 0;
    let u = 0;
    let b = 0;
    for (let ci = 0; ci < code.length; ci += 1 + op.OPERANDS[code[ci]]) {
      switch (code[ci]) {
        case op.NUMBER:
        case op.DATE:
        case op.NUMBER_OBJECT:
          values.push(input.numbers[n++]);
          break;
        case op.STRING:
        case op.STRING_OBJECT:
        case op.ERROR_MESSAGE:
        case op.ERROR_STACK:
        case op.SERIALIZABLE:
        case op.REGEXP: {
          const length = code[ci + op.OPERANDS[code[ci]]];
          values.push(String.fromCharCode(...input.units.subarray(u, u + length)));
          u += length;
          break;
        }
        case op.BIGINT:
        case op.BIGINT_OBJECT: {
          const length = code[ci + 2];
          values.push(bigIntOf(input.bytes.subarray(b, b + length), code[ci + 1] === 1));
          b += length;
          break;
        }
        case op.ARRAY_BUFFER:
        case op.RESIZABLE_ARRAY_BUFFER: {
          const length = code[ci + 1];
          values.push(input.bytes.slice(b, b + length).buffer);
          b += length;
          break;
        }
        default:
      }
    }
    return { code, values };
  } finally {
    glue.cloneRelease();
  }
}
