// Structured clone panel: a JavaScript expression → weft.serialize (V8 wire bytes, annotated tag
// by tag) → weft.deserialize (the copy, inspected), with DataCloneErrors shown as they are, and
// webweft's structuredClone compared with the browser's.
import { errorName, renderComparison } from '../compare.js';

const EXAMPLES = {
  'Objects, arrays, holes': `{ name: "weft", list: [1, , 3], nested: { ok: true, n: -0 } }`,
  'A cycle and a shared reference': `(() => { const shared = { id: 1 }; const o = { a: shared, b: shared }; o.self = o; return o; })()`,
  'Map, Set, Date, RegExp': `new Map([["when", new Date(0)], ["tags", new Set(["wasm", "rust"])], ["re", /we(f)t/giu]])`,
  'Typed arrays over one buffer': `(() => { const buffer = new ArrayBuffer(8); return [new Uint8Array(buffer, 0, 4), new DataView(buffer, 4)]; })()`,
  'Resizable ArrayBuffer': `new Uint16Array(new ArrayBuffer(4, { maxByteLength: 16 }))`,
  'BigInt and wrappers': `[2n ** 70n, Object(-1n), new String("s"), new Number(NaN), new Boolean(false)]`,
  Errors: `new RangeError("out of range", { cause: new DOMException("gone", "NotFoundError") })`,
  'Not cloneable: a function': `{ ok: 1, callback() {} }`,
  'Not cloneable: a WeakMap': `[new Map([["k", new WeakMap()]])]`,
};

const template = `
  <style>
    #sc-annotated { border-collapse: collapse; width: 100%; font: 13px/1.35 ui-monospace, monospace; background: #fff; }
    #sc-annotated td { border-top: 1px solid var(--line); padding: 2px 8px; vertical-align: top; }
    #sc-annotated td.offset { color: var(--muted); text-align: right; width: 4em; }
    #sc-annotated td.hex { color: var(--accent); width: 40%; word-break: break-all; }
    #sc-annotated tr.depth1 td.meaning { padding-left: 24px; } #sc-annotated tr.depth2 td.meaning { padding-left: 40px; }
    #sc-annotated tr.depth3 td.meaning { padding-left: 56px; } #sc-annotated tr.deeper td.meaning { padding-left: 72px; }
    .sc-scroll { max-height: 420px; overflow: auto; border: 1px solid var(--line); border-radius: 6px; }
  </style>
  <div class="row">
    <div>
      <label for="sc-example">Example</label>
      <select id="sc-example"><option value="" hidden>(your own expression)</option>${Object.keys(EXAMPLES)
        .map((name) => `<option>${name}</option>`)
        .join('')}</select>
      <label for="sc-input">JavaScript expression</label>
      <textarea id="sc-input" spellcheck="false"></textarea>
      <p id="sc-confirm" class="error" hidden>This link carries its own expression: read it first, it runs as script on this page.
        <button type="button" id="sc-run">Run it</button></p>
      <p class="hint">Evaluated on this page, then <code>weft.serialize(value)</code> → V8 wire-format bytes (what Node's
        <code>v8.deserialize</code> reads) → <code>weft.deserialize(bytes)</code>.</p>
      <div id="sc-error" class="error" role="status"></div>
      <label>Deserialized copy</label>
      <div id="sc-value" class="output"></div>
    </div>
    <div>
      <label>Bytes <span id="sc-size" class="hint"></span></label>
      <div id="sc-hex" class="output"></div>
      <label>Tag by tag</label>
      <div class="sc-scroll"><table id="sc-annotated"></table></div>
    </div>
  </div>
  <div id="sc-compare"></div>`;

export default {
  id: 'structured-clone',
  title: 'Structured clone',
  mount(root, weft, { natives, browserName, initial, changed }) {
    root.innerHTML = template;
    const input = root.querySelector('#sc-input');
    const example = root.querySelector('#sc-example');
    const error = root.querySelector('#sc-error');
    const value = root.querySelector('#sc-value');
    const hex = root.querySelector('#sc-hex');
    const size = root.querySelector('#sc-size');
    const annotated = root.querySelector('#sc-annotated');

    /** webweft's structuredClone and the browser's, of a fresh evaluation each. */
    const compare = () => {
      const evaluate = () => new Function(`return (${input.value})`)();
      let originals;
      try {
        originals = [evaluate(), evaluate()];
      } catch {
        root.querySelector('#sc-compare').replaceChildren();
        return;
      }
      const clone = (fn, original) => {
        try {
          return inspect(fn(original));
        } catch (e) {
          return errorName(e);
        }
      };
      renderComparison(root.querySelector('#sc-compare'), {
        api: 'structuredClone',
        call: 'structuredClone(value) on a fresh evaluation of the expression, the copy inspected',
        rows: [
          {
            field: 'copy',
            ours: clone(weft.structuredClone, originals[0]),
            native: clone(natives.structuredClone, originals[1]),
          },
        ],
        verdict: () =>
          `HTML's StructuredSerialize/StructuredDeserialize require webweft's copy; ${browserName}'s structuredClone differs.`,
      });
    };

    const run = () => {
      changed();
      compare();
      error.textContent = '';
      value.textContent = '';
      hex.textContent = '';
      size.textContent = '';
      annotated.replaceChildren();
      let original;
      try {
        original = new Function(`return (${input.value})`)();
      } catch (e) {
        error.textContent = `Evaluating the expression: ${e.name}: ${e.message}`;
        return;
      }
      let bytes;
      try {
        bytes = weft.serialize(original);
      } catch (e) {
        error.textContent = `${e.name}: ${e.message}`;
        return;
      }
      size.textContent = `(${bytes.length} bytes)`;
      hex.textContent = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(' ');
      for (const row of annotate(bytes)) {
        const tr = document.createElement('tr');
        tr.className = row.depth === 0 ? '' : row.depth <= 3 ? `depth${row.depth}` : 'deeper';
        for (const [className, text] of [
          ['offset', String(row.offset)],
          ['hex', row.hex],
          ['meaning', row.meaning],
        ]) {
          const td = document.createElement('td');
          td.className = className;
          td.textContent = text;
          tr.append(td);
        }
        annotated.append(tr);
      }
      try {
        value.textContent = inspect(weft.deserialize(bytes));
      } catch (e) {
        error.textContent = `${e.name}: ${e.message}`;
      }
    };
    /** The picker names the example on screen, or none once the expression is edited. */
    const pick = () => {
      example.value = Object.keys(EXAMPLES).find((name) => EXAMPLES[name] === input.value) ?? '';
    };
    example.addEventListener('change', () => {
      root.querySelector('#sc-confirm').hidden = true;
      input.value = EXAMPLES[example.value];
      run();
    });
    input.addEventListener('input', () => {
      root.querySelector('#sc-confirm').hidden = true;
      pick();
      run();
    });
    input.value = initial.get('expression') ?? Object.values(EXAMPLES)[0];
    pick();
    // A shared link's own expression is script: it runs once the reader asks, not on load.
    if (example.value === '') {
      const confirm = root.querySelector('#sc-confirm');
      confirm.hidden = false;
      root.querySelector('#sc-run').addEventListener('click', () => {
        confirm.hidden = true;
        run();
      });
    } else {
      run();
    }
    return { state: () => [['expression', input.value]] };
  },
};

const ERROR_PROTOTYPES = {
  E: 'EvalError',
  R: 'RangeError',
  F: 'ReferenceError',
  S: 'SyntaxError',
  T: 'TypeError',
  U: 'URIError',
};
const VIEW_TAGS = {
  b: 'Int8Array',
  B: 'Uint8Array',
  C: 'Uint8ClampedArray',
  w: 'Int16Array',
  W: 'Uint16Array',
  d: 'Int32Array',
  D: 'Uint32Array',
  h: 'Float16Array',
  f: 'Float32Array',
  F: 'Float64Array',
  q: 'BigInt64Array',
  Q: 'BigUint64Array',
  '?': 'DataView',
};
const NODE_VIEWS = [
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'DataView',
  'Buffer',
  'BigInt64Array',
  'BigUint64Array',
];
const REGEXP_FLAGS = [
  [1, 'g'],
  [2, 'i'],
  [4, 'm'],
  [8, 'y'],
  [16, 'u'],
  [32, 's'],
  [128, 'd'],
  [256, 'v'],
];

/**
 * Annotates V8 wire-format bytes token by token: [{offset, hex, meaning, depth}]. For display
 * only (weft.deserialize validates); stops with a note at anything it does not know.
 */
function annotate(bytes) {
  const rows = [];
  let i = 0;
  let depth = 0;
  /** Open Errors: their fields follow until '.'; `cause` marks a cause value being read. */
  const errors = [];
  const varint = () => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[i++];
      if (byte === undefined) throw new Error('truncated');
      value += (byte & 0x7f) * scale;
      scale *= 128;
      if (byte < 0x80) return value;
    }
  };
  const double = () => {
    const view = new DataView(bytes.buffer, bytes.byteOffset + i, 8);
    i += 8;
    return view.getFloat64(0, true);
  };
  const quote = (s) => JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);
  const string = (tag) => {
    const length = varint();
    const payload = bytes.subarray(i, i + length);
    i += length;
    if (tag === 0x22) return String.fromCharCode(...payload.subarray(0, 64));
    if (tag === 0x63) return String.fromCharCode(...new Uint16Array(payload.slice(0, 128).buffer));
    return new TextDecoder().decode(payload.subarray(0, 64));
  };
  const stringKind = { 0x22: 'one-byte string', 0x63: 'two-byte string', 0x53: 'UTF-8 string' };
  const emit = (start, meaning, rowDepth = depth) => {
    const slice = bytes.subarray(start, i);
    const shown = [...slice.subarray(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    rows.push({ offset: start, hex: slice.length > 16 ? `${shown} …` : shown, meaning, depth: rowDepth });
  };
  /** A complete value was read: a cause ends here if it began at this depth. */
  const valueDone = () => {
    const top = errors.at(-1);
    if (top?.cause && top.depth === depth) top.cause = false;
  };
  try {
    while (i < bytes.length) {
      const start = i;
      const top = errors.at(-1);
      if (top && !top.cause) {
        const field = String.fromCharCode(bytes[i++]);
        if (ERROR_PROTOTYPES[field]) emit(start, `Error prototype: ${ERROR_PROTOTYPES[field]}`);
        else if (field === 'm' || field === 's') {
          const text = string(bytes[i++]);
          emit(start, `${field === 'm' ? 'message' : 'stack'}: ${quote(text)}`);
        } else if (field === 'c') {
          top.cause = true;
          emit(start, 'cause: (the next value)');
        } else if (field === '.') {
          errors.pop();
          depth--;
          emit(start, 'end of Error');
          valueDone();
        } else throw new Error(`unknown Error field ${field}`);
        continue;
      }
      const tag = bytes[i++];
      const letter = String.fromCharCode(tag);
      switch (letter) {
        case '\xff':
          emit(start, `version ${varint()}`);
          break;
        case '\0':
          emit(start, 'padding');
          break;
        case '_':
          emit(start, 'undefined');
          valueDone();
          break;
        case '0':
          emit(start, 'null');
          valueDone();
          break;
        case 'T':
        case 'F':
          emit(start, letter === 'T' ? 'true' : 'false');
          valueDone();
          break;
        case 'I': {
          const zigzag = varint();
          emit(start, `int32 ${zigzag % 2 ? -(zigzag + 1) / 2 : zigzag / 2}`);
          valueDone();
          break;
        }
        case 'U':
          emit(start, `uint32 ${varint()}`);
          valueDone();
          break;
        case 'N': {
          const number = double();
          emit(start, `double ${Object.is(number, -0) ? '-0' : number}`);
          valueDone();
          break;
        }
        case 'Z': {
          const bitfield = varint();
          i += Math.floor(bitfield / 2);
          emit(start, `BigInt (${bitfield & 1 ? 'negative, ' : ''}${Math.floor(bitfield / 2)} bytes)`);
          valueDone();
          break;
        }
        case '"':
        case 'c':
        case 'S':
          emit(start, `${stringKind[tag]} ${quote(string(tag))}`);
          valueDone();
          break;
        case '^':
          emit(start, `reference to object #${varint()}`);
          valueDone();
          break;
        case 'o':
          // weft writes a registered class (and DOMException) as an object whose first key is NaN.
          emit(
            start,
            bytes[i] === 0x4e && bytes[i + 8] === 0x7f && bytes[i + 7] >= 0xf0
              ? 'begin object (weft: a serializable class, name follows)'
              : 'begin object',
          );
          depth++;
          break;
        case '{':
          depth--;
          emit(start, `end object (${varint()} properties)`);
          valueDone();
          break;
        case 'A':
          emit(start, `begin dense array, length ${varint()}`);
          depth++;
          break;
        case 'a':
          emit(start, `begin sparse array, length ${varint()}`);
          depth++;
          break;
        case '$':
        case '@': {
          depth--;
          const properties = varint();
          emit(start, `end ${letter === '$' ? 'dense' : 'sparse'} array (${properties} properties, length ${varint()})`);
          valueDone();
          break;
        }
        case '-':
          emit(start, 'hole');
          break;
        case 'D': {
          const time = double();
          emit(start, `Date ${Number.isNaN(time) ? 'Invalid Date' : new Date(time).toISOString()}`);
          valueDone();
          break;
        }
        case 'y':
        case 'x':
          emit(start, `Boolean object ${letter === 'y'}`);
          valueDone();
          break;
        case 'n':
          emit(start, `Number object ${double()}`);
          valueDone();
          break;
        case 'z': {
          const bitfield = varint();
          i += Math.floor(bitfield / 2);
          emit(start, 'BigInt object');
          valueDone();
          break;
        }
        case 's': {
          const inner = bytes[i++];
          emit(start, `String object ${quote(string(inner))}`);
          valueDone();
          break;
        }
        case 'R': {
          const inner = bytes[i++];
          const source = string(inner);
          const flags = varint();
          emit(
            start,
            `RegExp /${source}/${REGEXP_FLAGS.filter(([bit]) => flags & bit)
              .map(([, f]) => f)
              .join('')}`,
          );
          valueDone();
          break;
        }
        case ';':
          emit(start, 'begin Map');
          depth++;
          break;
        case ':':
          depth--;
          emit(start, `end Map (${varint() / 2} entries)`);
          valueDone();
          break;
        case "'":
          emit(start, 'begin Set');
          depth++;
          break;
        case ',':
          depth--;
          emit(start, `end Set (${varint()} entries)`);
          valueDone();
          break;
        case 'B': {
          const length = varint();
          i += length;
          emit(start, `ArrayBuffer, ${length} bytes`);
          if (bytes[i] !== 0x56) valueDone();
          break;
        }
        case '~': {
          const length = varint();
          const max = varint();
          i += length;
          emit(start, `resizable ArrayBuffer, ${length} bytes (max ${max})`);
          if (bytes[i] !== 0x56) valueDone();
          break;
        }
        case 'u':
          emit(start, `SharedArrayBuffer #${varint()} (in process)`);
          if (bytes[i] !== 0x56) valueDone();
          break;
        case 't':
          emit(start, `transferred ArrayBuffer #${varint()}`);
          if (bytes[i] !== 0x56) valueDone();
          break;
        case 'V': {
          const kind = VIEW_TAGS[String.fromCharCode(bytes[i++])] ?? '?';
          const offset = varint();
          const length = varint();
          const flags = varint();
          emit(
            start,
            `${kind} over it: offset ${offset}, ${length} bytes${flags & 1 ? ', tracks its length' : ''}${flags & 2 ? ', resizable buffer' : ''}`,
          );
          valueDone();
          break;
        }
        case '\\': {
          const type = varint();
          const length = varint();
          i += length;
          emit(start, `Node host object: ${NODE_VIEWS[type] ?? `type ${type}`}, ${length} bytes`);
          valueDone();
          break;
        }
        case 'r':
          emit(start, 'begin Error');
          depth++;
          errors.push({ cause: false, depth });
          break;
        default:
          emit(start, `unknown tag 0x${tag.toString(16)}: annotation stops here`);
          return rows;
      }
    }
  } catch {
    rows.push({ offset: i, hex: '', meaning: 'truncated', depth });
  }
  return rows;
}

/** The objects `value` shows inside it, in the order `inspect` renders them. */
function children(value) {
  if (Array.isArray(value)) return Object.keys(value).map((key) => value[key]);
  if (value instanceof Map) return [...value].flat();
  if (value instanceof Set) return [...value];
  if (ArrayBuffer.isView(value)) return [value.buffer];
  if (value instanceof Error || value instanceof DOMException) return Object.hasOwn(value, 'cause') ? [value.cause] : [];
  if (value instanceof Date || value instanceof RegExp || value instanceof ArrayBuffer) return [];
  if (['Boolean', 'Number', 'String', 'BigInt'].some((t) => Object.prototype.toString.call(value) === `[object ${t}]`)) return [];
  if (typeof SharedArrayBuffer === 'function' && value instanceof SharedArrayBuffer) return [];
  return Object.keys(value).map((key) => value[key]);
}

/**
 * A readable rendering of a value (a small util.inspect). An object reached more than once is
 * shown in full the first time, marked <ref *N>; later it is [Circular *N] inside itself and
 * [Shared *N] elsewhere: the copy keeps that identity, as structured clone must.
 */
function inspect(root) {
  const reached = new Map();
  const count = (value) => {
    if (value === null || typeof value !== 'object') return;
    reached.set(value, (reached.get(value) ?? 0) + 1);
    if (reached.get(value) === 1) for (const child of children(value)) count(child);
  };
  count(root);
  const ids = new Map();
  const open = new Set();
  let next = 1;
  const render = (value, indent) => {
    if (typeof value === 'string') return JSON.stringify(value);
    if (typeof value === 'bigint') return `${value}n`;
    if (Object.is(value, -0)) return '-0';
    if (value === null || typeof value !== 'object') return String(value);
    if (ids.has(value)) return open.has(value) ? `[Circular *${ids.get(value)}]` : `[Shared *${ids.get(value)}]`;
    const id = reached.get(value) > 1 ? next++ : 0;
    if (id) ids.set(value, id);
    open.add(value);
    const text = renderObject(value, indent);
    open.delete(value);
    return id ? `<ref *${id}> ${text}` : text;
  };
  const renderObject = (value, indent) => {
    const pad = '  '.repeat(indent + 1);
    const close = '  '.repeat(indent);
    const entries = (items, start, end) =>
      items.length === 0 ? `${start}${end}` : `${start}\n${items.map((item) => pad + item).join(',\n')}\n${close}${end}`;
    if (Array.isArray(value)) {
      const items = [];
      for (let i = 0; i < value.length; i++) items.push(i in value ? render(value[i], indent + 1) : '<hole>');
      for (const key of Object.keys(value).filter((k) => !/^\d+$/.test(k)))
        items.push(`${key}: ${render(value[key], indent + 1)}`);
      return entries(items, '[', ']');
    }
    if (value instanceof Map)
      return entries(
        [...value].map(([k, v]) => `${render(k, indent + 1)} => ${render(v, indent + 1)}`),
        `Map(${value.size}) {`,
        '}',
      );
    if (value instanceof Set)
      return entries(
        [...value].map((v) => render(v, indent + 1)),
        `Set(${value.size}) {`,
        '}',
      );
    if (value instanceof Date) return `Date ${Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString()}`;
    if (value instanceof RegExp) return String(value);
    if (ArrayBuffer.isView(value)) {
      const elements =
        value instanceof DataView ? [...new Uint8Array(value.buffer, value.byteOffset, value.byteLength)] : [...value];
      return `${value.constructor.name}(${value instanceof DataView ? value.byteLength : value.length}) [${elements.slice(0, 16).join(', ')}${elements.length > 16 ? ', …' : ''}] (offset ${value.byteOffset} in ${render(value.buffer, indent)})`;
    }
    if (value instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && value instanceof SharedArrayBuffer)) {
      return `${value.constructor.name} { byteLength: ${value.byteLength}${value.resizable || value.growable ? `, maxByteLength: ${value.maxByteLength}` : ''} }`;
    }
    if (value instanceof Error || value instanceof DOMException) {
      const parts = [
        `${value.constructor.name}${value.name !== value.constructor.name ? ` (${value.name})` : ''}: ${value.message}`,
      ];
      if (Object.hasOwn(value, 'cause')) parts.push(`${pad}cause: ${render(value.cause, indent + 1)}`);
      return parts.join('\n');
    }
    if (['Boolean', 'Number', 'String', 'BigInt'].some((t) => Object.prototype.toString.call(value) === `[object ${t}]`)) {
      return `[${Object.prototype.toString.call(value).slice(8, -1)}: ${render(value.valueOf(), indent)}]`;
    }
    const prefix = Object.getPrototypeOf(value) === null ? '[Object: null prototype] ' : '';
    return entries(
      Object.keys(value).map((k) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${render(value[k], indent + 1)}`),
      `${prefix}{`,
      '}',
    );
  };
  return render(root, 0);
}
