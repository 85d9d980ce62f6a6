// The Encoding API's host-specific data paths and their fallbacks. js/host/encoding.js picks, at load
// time, how to make strings from UTF-16 in wasm memory (Buffer's ucs2Slice, else the host's
// UTF-16LE TextDecoder, else String.fromCharCode) and whether TextEncoder's encode and encodeInto
// delegate to the host's (else js/fallback/utf8.js's encoder loop; no string is written as UTF-16). Each
// test loads a fresh copy of the web build with the host's globals arranged so that one set of
// paths is taken (spies prove it), and checks it against the default build on the same input.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import * as reference from 'webweft';

// The inline-wasm ES module (what browsers, bundlers and Deno load): each fresh copy has its own wasm.
const webUrl = new URL('encoding.js', import.meta.resolve('webweft/package.json')).href;
const globals = ['Buffer', 'TextDecoder', 'TextEncoder', 'process'];

/** A fresh instance of the web build, loaded while `arrange()` has changed the host's globals. */
async function loadWith(tag, arrange) {
  const saved = globals.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]);
  const ucs2 = { slice: Buffer.prototype.ucs2Slice, write: Buffer.prototype.ucs2Write };
  try {
    arrange();
    return await import(`${webUrl}?${tag}`);
  } finally {
    for (const [name, descriptor] of saved) Object.defineProperty(globalThis, name, descriptor);
    Buffer.prototype.ucs2Slice = ucs2.slice;
    Buffer.prototype.ucs2Write = ucs2.write;
  }
}

const HostDecoder = globalThis.TextDecoder;
const HostEncoder = globalThis.TextEncoder;

/** Decoding, encoding and streaming agree with the default build on generated input. */
function assertSameAsReference(weft) {
  const labels = ['utf-8', 'utf-16le', 'utf-16be', 'shift_jis', 'gb18030', 'windows-1252', 'koi8-r', 'x-user-defined'];
  fc.assert(
    fc.property(fc.constantFrom(...labels), fc.uint8Array({ maxLength: 300 }), (label, bytes) => {
      assert.equal(new weft.TextDecoder(label).decode(bytes), new reference.TextDecoder(label).decode(bytes));
      assert.equal(weft.decode(bytes, label), reference.decode(bytes, label));
    }),
    { numRuns: 500 },
  );
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.nat(40), (string, room) => {
      assert.deepEqual(new weft.TextEncoder().encode(string), new reference.TextEncoder().encode(string));
      const [ours, theirs] = [new Uint8Array(room), new Uint8Array(room)];
      assert.deepEqual(new weft.TextEncoder().encodeInto(string, ours), new reference.TextEncoder().encodeInto(string, theirs));
      assert.deepEqual(ours, theirs);
      assert.deepEqual(weft.encode(string, 'gb18030', { mode: 'html' }), reference.encode(string, 'gb18030', { mode: 'html' }));
    }),
    { numRuns: 500 },
  );
  // Past the fromCharCode fallback's chunk size, and a lone surrogate through the encoders.
  const long = 'a\u3042\u{1F600}'.repeat(20_000);
  assert.equal(new weft.TextDecoder().decode(new weft.TextEncoder().encode(long)), long);
  assert.deepEqual([...new weft.TextEncoder().encode('\uD800x')], [0xef, 0xbf, 0xbd, 0x78]);
}

test('Node: Buffer ucs2Slice/ucs2Write and the host TextEncoder are used', async () => {
  const calls = { slice: 0, write: 0, encode: 0, encodeInto: 0 };
  const weft = await loadWith('node-paths', () => {
    const { ucs2Slice, ucs2Write } = Buffer.prototype;
    Buffer.prototype.ucs2Slice = function (...args) {
      calls.slice++;
      return ucs2Slice.apply(this, args);
    };
    Buffer.prototype.ucs2Write = function (...args) {
      calls.write++;
      return ucs2Write.apply(this, args);
    };
    globalThis.TextEncoder = class extends HostEncoder {
      encode(input) {
        calls.encode++;
        return super.encode(input);
      }
      // Refuses shared destinations, as Chromium's does.
      encodeInto(source, destination) {
        calls.encodeInto++;
        if (destination.buffer instanceof SharedArrayBuffer) throw new TypeError('must not be shared');
        return super.encodeInto(source, destination);
      }
    };
  });
  const before = { ...calls };
  // Four code units: more than the decode call's result carries itself, so read from memory.
  assert.equal(
    new weft.TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0, 0x82, 0xa0, 0x82, 0xa0, 0x41])),
    '\u3042\u3042\u3042A',
  );
  assert.deepEqual({ ...new weft.TextEncoder().encodeInto('\u00e9', new Uint8Array(2)) }, { read: 1, written: 2 });
  assert.deepEqual([...new weft.TextEncoder().encode('\u00e9')], [0xc3, 0xa9]);
  const stream = new weft.TextEncoderStream();
  const writer = stream.writable.getWriter();
  writer.write('\u00e9');
  writer.close();
  const chunks = [];
  for await (const chunk of stream.readable) chunks.push(...chunk);
  assert.deepEqual(chunks, [0xc3, 0xa9]);
  assert.deepEqual(
    Object.fromEntries(Object.entries(calls).map(([name, count]) => [name, count - before[name]])),
    { slice: 1, write: 0, encode: 2, encodeInto: 1 },
    'the decoded string from ucs2Slice; encode, the stream chunk and encodeInto by the host (ucs2Write is never used)',
  );
  assertSameAsReference(weft);
  // What the host refuses, weft's own encoder does.
  const shared = new Uint8Array(new SharedArrayBuffer(8), 2, 5);
  assert.deepEqual({ ...new weft.TextEncoder().encodeInto('a\u00e9\u{1F600}', shared) }, { read: 2, written: 3 });
  assert.deepEqual([...new Uint8Array(shared.buffer)], [0, 0, 0x61, 0xc3, 0xa9, 0, 0, 0]);
});

test('without Buffer: the host UTF-16LE TextDecoder', async () => {
  let utf16Decodes = 0;
  const weft = await loadWith('no-buffer', () => {
    delete globalThis.Buffer;
    globalThis.TextDecoder = class extends HostDecoder {
      decode(input, options) {
        if (this.encoding === 'utf-16le') utf16Decodes++;
        return super.decode(input, options);
      }
    };
  });
  const before = utf16Decodes;
  assert.equal(
    new weft.TextDecoder('euc-kr').decode(new Uint8Array([0xb0, 0xa1, 0xb0, 0xa1, 0xb0, 0xa1, 0xb0, 0xa1])),
    '\uAC00'.repeat(4),
  );
  assert.equal(utf16Decodes - before, 1, 'the string came from the host UTF-16LE decoder');
  assertSameAsReference(weft);
});

test('without Buffer or a usable UTF-16LE decoder, and with a broken host TextEncoder: all in JS and wasm', async () => {
  let hostEncodes = 0;
  const weft = await loadWith('fallbacks', () => {
    delete globalThis.Buffer;
    globalThis.TextDecoder = class extends HostDecoder {
      constructor(label, options) {
        if (String(label).toLowerCase() === 'utf-16le') throw new RangeError('unsupported');
        super(label, options);
      }
    };
    // Keeps lone surrogates as CESU-8 would: fails the load-time probe.
    globalThis.TextEncoder = class extends HostEncoder {
      encode(input) {
        hostEncodes++;
        return /\uD800(?![\uDC00-\uDFFF])/.test(String(input)) ? new Uint8Array([0xed, 0xa0, 0x80]) : super.encode(input);
      }
    };
  });
  const fromCharCode = String.fromCharCode;
  let madeInJs = 0;
  String.fromCharCode = function (...units) {
    madeInJs++;
    return fromCharCode.apply(this, units);
  };
  try {
    assert.equal(
      new weft.TextDecoder('big5').decode(new Uint8Array([0xa4, 0x40, 0xa4, 0x40, 0xa4, 0x40, 0xa4, 0x40])),
      '\u4E00'.repeat(4),
    );
  } finally {
    String.fromCharCode = fromCharCode;
  }
  assert.equal(madeInJs, 1, 'the string came from String.fromCharCode');
  const before = hostEncodes;
  assertSameAsReference(weft);
  assert.equal(hostEncodes, before, 'TextEncoder.encode never delegated to the broken host encoder');
});

/**
 * A host whose UTF-8 TextDecoder weft takes to be fast, with `Decoder` as its TextDecoder: Node 24
 * or later (`node: '24.0.0'`), or, with `node` undefined, a host that is not Node (a browser).
 */
function fastHost(Decoder, node = '24.0.0') {
  const host = node === undefined ? undefined : Object.create(process, { versions: { value: { ...process.versions, node } } });
  Object.defineProperty(globalThis, 'process', { value: host, configurable: true, writable: true });
  globalThis.TextDecoder = Decoder;
}

for (const [name, node] of [
  ['Node 24', '24.0.0'],
  ['a host that is not Node (a browser)', undefined],
]) {
  test(`${name}: a host UTF-8 decoder that passes the probe decodes large whole inputs`, async () => {
    let hostDecodes = 0;
    const weft = await loadWith(`fast-utf8-${node}`, () =>
      fastHost(
        class extends HostDecoder {
          decode(input, options) {
            if (this.encoding === 'utf-8') hostDecodes++;
            return super.decode(input, options);
          }
        },
        node,
      ),
    );
    const text = '\uFEFFa\u3042\u{1F600}'.repeat(100);
    const bytes = new reference.TextEncoder().encode(text);
    // Made first: getting the encoding's name decodes a string in the glue, with the host's decoder.
    const [plain, keepBom] = [new weft.TextDecoder(), new weft.TextDecoder('utf-8', { ignoreBOM: true })];
    let before = hostDecodes;
    assert.equal(plain.decode(bytes), text.slice(1));
    assert.equal(keepBom.decode(bytes), text);
    assert.equal(hostDecodes - before, 2, 'large whole inputs went to the host');
    before = hostDecodes;
    const streamed = new weft.TextDecoder();
    assert.equal(streamed.decode(bytes.subarray(0, 101), { stream: true }) + streamed.decode(bytes.subarray(101)), text.slice(1));
    assert.equal(new weft.TextDecoder().decode(bytes.subarray(0, 11)), text.slice(1, 5));
    assert.equal(hostDecodes, before, 'streaming and short inputs stay in weft');
    // Fatal mode: this module's TypeError, and the decoder stays usable.
    const fatal = new weft.TextDecoder('utf-8', { fatal: true });
    const malformed = Uint8Array.from([...bytes.subarray(0, 200), 0xed, 0xa0, 0x80]);
    assert.throws(() => fatal.decode(malformed), TypeError);
    assert.equal(fatal.decode(bytes), text.slice(1));
    assertSameAsReference(weft);
  });
}

test('Node before 24 (ICU, slower than weft): UTF-8 stays in weft however large', async () => {
  let hostDecodes = 0;
  const weft = await loadWith('node-20-utf8', () =>
    fastHost(
      class extends HostDecoder {
        decode(input, options) {
          if (this.encoding === 'utf-8') hostDecodes++;
          return super.decode(input, options);
        }
      },
      '20.20.2',
    ),
  );
  const text = 'a\u3042\u{1F600}'.repeat(100);
  const decoder = new weft.TextDecoder();
  const before = hostDecodes;
  assert.equal(decoder.decode(new reference.TextEncoder().encode(text)), text);
  assert.equal(hostDecodes, before, 'no decode went to the host');
});

test('a host UTF-8 decoder that fails the probe is never used', async () => {
  let hostDecodes = 0;
  const weft = await loadWith('broken-utf8', () =>
    fastHost(
      class extends HostDecoder {
        decode(input, options) {
          if (this.encoding !== 'utf-8') return super.decode(input, options);
          hostDecodes++;
          // One U+FFFD per surrogate sequence instead of one per byte (the standard's).
          return super.decode(input, options).replace(/\uFFFD{3}/g, '\uFFFD');
        }
      },
    ),
  );
  const decoder = new weft.TextDecoder();
  const before = hostDecodes;
  const bytes = Uint8Array.from([...Array(100).fill(0x61), 0xed, 0xa0, 0x80]);
  assert.equal(decoder.decode(bytes), 'a'.repeat(100) + '\uFFFD'.repeat(3));
  assert.equal(hostDecodes, before);
  assertSameAsReference(weft);
});

// The build without WebAssembly, in a host without TextDecoder (as QuickJS and Hermes are):
// well-formed UTF-8 goes to decodeURIComponent(escape(latin1)), everything else to weft's own.
const noWasmUrl = new URL('encoding.no-wasm.js', import.meta.resolve('webweft/package.json')).href;
const hostUriDecode = globalThis.decodeURIComponent;

/** A fresh no-wasm encoding module loaded without TextDecoder, with `uriDecode` as decodeURIComponent. */
async function loadNoWasmWithUri(tag, uriDecode) {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'decodeURIComponent');
  const decoder = Object.getOwnPropertyDescriptor(globalThis, 'TextDecoder');
  try {
    delete globalThis.TextDecoder;
    globalThis.decodeURIComponent = uriDecode;
    return await import(`${noWasmUrl}?${tag}`);
  } finally {
    Object.defineProperty(globalThis, 'decodeURIComponent', saved);
    Object.defineProperty(globalThis, 'TextDecoder', decoder);
  }
}

/** UTF-8 decoding, loose and fatal, agrees with the default build on generated input. */
function assertUtf8SameAsReference(weft) {
  const utf8 = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 400 }).map((string) => new reference.TextEncoder().encode(string)),
    fc.uint8Array({ maxLength: 400 }),
  );
  fc.assert(
    fc.property(utf8, fc.boolean(), fc.boolean(), (bytes, fatal, ignoreBOM) => {
      const options = { fatal, ignoreBOM };
      assert.equal(outcome(weft.TextDecoder, 'utf-8', options, bytes), outcome(reference.TextDecoder, 'utf-8', options, bytes));
    }),
    { numRuns: 1000 },
  );
}

test('without WebAssembly or TextDecoder: well-formed UTF-8 goes to the host URI decoder', async () => {
  let calls = 0;
  const weft = await loadNoWasmWithUri('uri', (string) => {
    calls++;
    return hostUriDecode(string);
  });
  const text = 'ascii first, then \u00e9\u3042\u{1F600}'.repeat(50);
  const before = calls;
  assert.equal(new weft.TextDecoder().decode(new reference.TextEncoder().encode(text)), text);
  assert.equal(calls, before + 1, 'one URI decode');
  // Malformed input goes on to weft's decoder: U+FFFD per maximal subpart, or the TypeError.
  const malformed = Uint8Array.from([...Array(300).fill(0x61), 0xed, 0xa0, 0x80, 0xc3]);
  assert.equal(new weft.TextDecoder().decode(malformed), 'a'.repeat(300) + '\uFFFD'.repeat(4));
  assert.throws(() => new weft.TextDecoder('utf-8', { fatal: true }).decode(malformed), TypeError);
  assertUtf8SameAsReference(weft);
});

test('a URI decoder that accepts what is not UTF-8 is never used', async () => {
  let calls = 0;
  // Accepts an overlong NUL (C0 80), as a lax decoder might; correct otherwise.
  const lax = (string) => {
    calls++;
    return hostUriDecode(string.replaceAll('%C0%80', '%00'));
  };
  const weft = await loadNoWasmWithUri('lax-uri', lax);
  const before = calls;
  assert.equal(new weft.TextDecoder().decode(new reference.TextEncoder().encode('\u00e9'.repeat(300))), '\u00e9'.repeat(300));
  assert.equal(calls, before, 'no decode went to the URI decoder');
  assertUtf8SameAsReference(weft);
});

const singleByteLabels = [
  'ibm866',
  'iso-8859-2',
  'iso-8859-3',
  'iso-8859-4',
  'iso-8859-5',
  'iso-8859-6',
  'iso-8859-7',
  'iso-8859-8',
  'iso-8859-8-i',
  'iso-8859-10',
  'iso-8859-13',
  'iso-8859-14',
  'iso-8859-15',
  'iso-8859-16',
  'koi8-r',
  'koi8-u',
  'macintosh',
  'windows-874',
  'windows-1250',
  'windows-1251',
  'windows-1252',
  'windows-1253',
  'windows-1254',
  'windows-1255',
  'windows-1256',
  'windows-1257',
  'windows-1258',
  'x-mac-cyrillic',
];

/** Decodes with `Decoder`, or the error's constructor name. */
function outcome(Decoder, label, options, bytes, decodeOptions) {
  try {
    return new Decoder(label, options).decode(bytes, decodeOptions);
  } catch (error) {
    return error.constructor.name;
  }
}

test('single-byte encodings: large inputs go to a host decoder that decodes every byte as weft does', async () => {
  const wasmOnly = await loadWith('single-byte-wasm', () => delete globalThis.TextDecoder);
  const hostDecodes = new Map();
  const weft = await loadWith('single-byte-host', () => {
    globalThis.TextDecoder = class extends HostDecoder {
      decode(input, options) {
        // (The first-use check decodes at most 256 bytes.)
        if (input?.length > 256) hostDecodes.set(this.encoding, (hostDecodes.get(this.encoding) ?? 0) + 1);
        // Refuses shared input, as Chromium's does.
        if (input?.buffer instanceof SharedArrayBuffer) throw new TypeError('must not be shared');
        return super.decode(input, options);
      }
    };
  });
  fc.assert(
    fc.property(
      fc.constantFrom(...singleByteLabels),
      fc.uint8Array({ minLength: 257, maxLength: 600 }),
      fc.boolean(),
      fc.boolean(),
      (label, bytes, fatal, stream) => {
        const expected = outcome(wasmOnly.TextDecoder, label, { fatal }, bytes, { stream });
        assert.equal(outcome(weft.TextDecoder, label, { fatal }, bytes, { stream }), expected);
        const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
        shared.set(bytes);
        assert.equal(outcome(weft.TextDecoder, label, { fatal }, shared), expected);
      },
    ),
    { numRuns: 1000 },
  );
  // Every byte, in each encoding, both modes; the host was used for each encoding it decodes as
  // weft does (Node 24: all; Node 20's ICU lacks iso-8859-16 and differs on six others), and never
  // for the rest.
  const every = Uint8Array.from({ length: 1024 }, (_, i) => i & 0xff);
  for (const label of singleByteLabels) {
    for (const fatal of [false, true]) {
      assert.equal(
        outcome(weft.TextDecoder, label, { fatal }, every),
        outcome(wasmOnly.TextDecoder, label, { fatal }, every),
        label,
      );
    }
    const agrees = outcome(HostDecoder, label, {}, every) === outcome(wasmOnly.TextDecoder, label, {}, every);
    assert.equal(hostDecodes.get(label) > 0, agrees, `${label} delegated: ${agrees}`);
  }
  // Short inputs stay in weft.
  const counts = new Map(hostDecodes);
  assert.equal(
    new weft.TextDecoder('koi8-r').decode(every.subarray(0, 256)),
    new wasmOnly.TextDecoder('koi8-r').decode(every.subarray(0, 256)),
  );
  assert.deepEqual(hostDecodes, counts);
});

test('a host single-byte decoder that disagrees with weft on one byte is never used', async () => {
  let hostDecodes = 0;
  const weft = await loadWith('single-byte-broken', () => {
    globalThis.TextDecoder = class extends HostDecoder {
      decode(input, options) {
        if (this.encoding !== 'koi8-r') return super.decode(input, options);
        hostDecodes++;
        return super.decode(input, options).replaceAll('\u2500', '-');
      }
    };
  });
  const bytes = new Uint8Array(300).fill(0x80);
  assert.equal(new weft.TextDecoder('koi8-r').decode(bytes), '\u2500'.repeat(300));
  assert.equal(hostDecodes, 1, 'only the first-use check asked the host');
  assert.equal(new weft.TextDecoder('windows-1251').decode(bytes), '\u0402'.repeat(300));
});
