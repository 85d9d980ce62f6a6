// The JSON rendering of op streams (js/structured-clone/ops.js) that tests/fixtures/clone/gen.mjs
// writes, both ways, for the wire-format tests (not a test file): `["Number", 1]`,
// `["String", "a"]` (or its UTF-16 code units when it is not well-formed), `["BigInt", negative,
// magnitude hex]`, `["View", kind name, byteOffset, byteLength, flags]`, ...
import * as op from '../../js/structured-clone/ops.js';
import { bigintMagnitude } from '../../js/structured-clone/walker.js';

export const fromHex = (hex) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
export const toHex = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');

const NAMES = [
  'Undefined',
  'Null',
  'True',
  'False',
  'Number',
  'String',
  'BigInt',
  'Hole',
  'BackRef',
  'BeginObject',
  'BeginDenseArray',
  'BeginSparseArray',
  'BeginMap',
  'BeginSet',
  'End',
  'Date',
  'RegExp',
  'BooleanObject',
  'NumberObject',
  'BigIntObject',
  'StringObject',
  'ArrayBuffer',
  'ResizableArrayBuffer',
  'SharedArrayBuffer',
  'TransferredArrayBuffer',
  'View',
  'Error',
  'ErrorMessage',
  'ErrorCause',
  'ErrorStack',
  'Serializable',
];
const OPCODES = Object.fromEntries(NAMES.map((name, opcode) => [name, opcode]));
/** The op stream's Error prototypes by code (V8's Error tags E R F S T U after plain Error). */
const ERROR_PROTOTYPES = ['Error', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError'];

const number = (n) =>
  Object.is(n, -0) ? '-0' : Number.isNaN(n) ? 'NaN' : n === Infinity ? 'Infinity' : n === -Infinity ? '-Infinity' : n;
const parseNumber = (v) => (typeof v === 'number' ? v : { NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity, '-0': -0 }[v]);
const string = (s) => (s.isWellFormed() ? s : Array.from({ length: s.length }, (_, i) => s.charCodeAt(i)));
const parseString = (v) => (typeof v === 'string' ? v : String.fromCharCode(...v));
/** A BigInt's magnitude, little-endian hex without high zero bytes (readWire gives BigInts). */
const magnitude = (b) => toHex(bigintMagnitude(b < 0n ? -b : b));

/**
 * readWire's `{code, values}` as the JSON list of ops. Numbers stay numbers but for -0, NaN and
 * the infinities, which become strings (as in the fixtures).
 */
export function opsToJson({ code, values }) {
  const list = [];
  let vi = 0;
  for (let ci = 0; ci < code.length; ci += 1 + op.OPERANDS[code[ci]]) {
    const opcode = code[ci];
    const name = NAMES[opcode];
    if (name === undefined) throw new Error(`unknown opcode ${opcode} at ${ci}`);
    switch (opcode) {
      case op.NUMBER:
      case op.DATE:
      case op.NUMBER_OBJECT:
        list.push([name, number(values[vi++])]);
        break;
      case op.STRING:
      case op.STRING_OBJECT:
      case op.ERROR_MESSAGE:
      case op.ERROR_STACK:
      case op.SERIALIZABLE:
        list.push([name, string(values[vi++])]);
        break;
      case op.REGEXP:
        list.push([name, code[ci + 1], string(values[vi++])]);
        break;
      case op.BIGINT:
      case op.BIGINT_OBJECT:
        list.push([name, code[ci + 1] === 1, magnitude(values[vi++])]);
        break;
      case op.ARRAY_BUFFER:
        list.push([name, toHex(new Uint8Array(values[vi++]))]);
        break;
      case op.RESIZABLE_ARRAY_BUFFER:
        list.push([name, toHex(new Uint8Array(values[vi++])), code[ci + 2]]);
        break;
      case op.VIEW:
        list.push([name, op.VIEW_KIND_NAMES[code[ci + 1]], code[ci + 2], code[ci + 3], code[ci + 4]]);
        break;
      case op.ERROR:
        list.push([name, ERROR_PROTOTYPES[code[ci + 1]]]);
        break;
      case op.BOOLEAN_OBJECT:
        list.push([name, code[ci + 1] !== 0]);
        break;
      default:
        // Undefined ... End, ErrorCause (no operand); BackRef, the arrays' lengths, buffer indices (one).
        list.push(op.OPERANDS[opcode] === 0 ? [name] : [name, code[ci + 1]]);
    }
  }
  if (vi !== values.length) throw new Error(`${values.length - vi} payloads left over`);
  return list;
}

/**
 * The JSON list of ops as an op stream for writeWire (`forBytes`: BigInts as their magnitude
 * bytes, ArrayBuffers as copies).
 */
export function jsonToOps(list) {
  const code = [];
  const values = [];
  const hexBuffer = (hex) => fromHex(hex).buffer;
  for (const [name, ...operands] of list) {
    const opcode = OPCODES[name];
    if (opcode === undefined) throw new Error(`unknown op ${name}`);
    code.push(opcode);
    switch (opcode) {
      case op.NUMBER:
      case op.DATE:
      case op.NUMBER_OBJECT:
        values.push(parseNumber(operands[0]));
        break;
      case op.STRING:
      case op.STRING_OBJECT:
      case op.ERROR_MESSAGE:
      case op.ERROR_STACK:
      case op.SERIALIZABLE: {
        const s = parseString(operands[0]);
        code.push(s.length);
        values.push(s);
        break;
      }
      case op.REGEXP: {
        const source = parseString(operands[1]);
        code.push(operands[0], source.length);
        values.push(source);
        break;
      }
      case op.BIGINT:
      case op.BIGINT_OBJECT: {
        const bytes = fromHex(operands[1]);
        code.push(operands[0] ? 1 : 0, bytes.length);
        values.push(bytes);
        break;
      }
      case op.ARRAY_BUFFER:
        values.push(hexBuffer(operands[0]));
        code.push(operands[0].length / 2);
        break;
      case op.RESIZABLE_ARRAY_BUFFER:
        values.push(hexBuffer(operands[0]));
        code.push(operands[0].length / 2, operands[1]);
        break;
      case op.VIEW:
        code.push(op.VIEW_KINDS[operands[0]], operands[1], operands[2], operands[3]);
        break;
      case op.ERROR:
        code.push(ERROR_PROTOTYPES.indexOf(operands[0]));
        break;
      case op.BOOLEAN_OBJECT:
        code.push(operands[0] ? 1 : 0);
        break;
      default:
        if (op.OPERANDS[opcode] === 1) code.push(operands[0]);
    }
  }
  return { code, values };
}
