// Host-agnostic tests of the package's public API: only standard JavaScript, so that Node,
// Deno and Bun run the same file through their own entry of the package (`import 'webweft'`
// resolves to index.mjs, index.js, ... by the exports map's conditions).

function assert(condition, message) {
  if (!condition) throw new Error(`assertion failed: ${message}`);
}

function assertEqual(actual, expected, message) {
  if (!Object.is(actual, expected)) {
    throw new Error(`${message}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

function assertThrows(fn, check, message) {
  try {
    fn();
  } catch (error) {
    assert(check(error), `${message}: wrong exception ${error?.name}: ${error?.message}`);
    return;
  }
  throw new Error(`${message}: did not throw`);
}

// The host's DOMException, or where it has none (Hermes, QuickJS) webweft's, which its errors are.
let DOMExceptionClass = globalThis.DOMException;
const isDomException = (name) => (e) => e instanceof DOMExceptionClass && e.name === name && typeof e.code === 'number';

export const tests = {
  'btoa and atob round-trip every Latin1 code point'(weft) {
    let latin1 = '';
    for (let i = 0; i < 256; i++) latin1 += String.fromCharCode(i);
    assertEqual(weft.atob(weft.btoa(latin1)), latin1, 'round trip');
    assertEqual(weft.btoa('hello'), 'aGVsbG8=', 'btoa');
  },
  'atob is forgiving about whitespace and padding'(weft) {
    assertEqual(weft.atob(' aGVs\tbG8 \n'), 'hello', 'whitespace');
    assertEqual(weft.atob('aGVsbG8'), 'hello', 'no padding');
  },
  'bad input throws InvalidCharacterError and the module keeps working'(weft) {
    assertThrows(() => weft.atob('a'), isDomException('InvalidCharacterError'), 'atob length % 4 == 1');
    assertThrows(() => weft.btoa('\u0100'), isDomException('InvalidCharacterError'), 'btoa above U+00FF');
    assertThrows(() => weft.btoa('\uD800'), isDomException('InvalidCharacterError'), 'btoa lone surrogate');
    assertThrows(() => weft.base64Decode('*'), isDomException('InvalidCharacterError'), 'base64Decode');
    assertEqual(weft.btoa('ok'), 'b2s=', 'still working');
  },
  'WebIDL conversions and argument checks'(weft) {
    assertEqual(weft.btoa(undefined), 'dW5kZWZpbmVk', 'undefined → "undefined"');
    assertEqual(weft.btoa({ toString: () => 'x' }), 'eA==', 'object ToString');
    assertThrows(
      () => weft.btoa(),
      (e) => e instanceof TypeError,
      'missing argument',
    );
    assertThrows(
      () => weft.atob(Symbol('s')),
      (e) => e instanceof TypeError,
      'Symbol',
    );
    assertThrows(
      () => weft.base64Encode('not bytes'),
      (e) => e instanceof TypeError,
      'not a BufferSource',
    );
  },
  'base64Encode takes every BufferSource and respects view offsets'(weft) {
    const bytes = new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7]);
    assertEqual(weft.base64Encode(bytes.buffer), 'AAECAwQFBgc=', 'ArrayBuffer');
    assertEqual(weft.base64Encode(new DataView(bytes.buffer, 2, 3)), 'AgME', 'DataView with offset');
    assertEqual(weft.base64Encode(new Uint16Array(bytes.buffer, 4, 2)), 'BAUGBw==', 'Uint16Array');
    if (typeof SharedArrayBuffer === 'function') {
      const shared = new Uint8Array(new SharedArrayBuffer(3));
      shared.set([1, 2, 3]);
      assertEqual(weft.base64Encode(shared), 'AQID', 'SharedArrayBuffer view');
    }
    const decoded = weft.base64Decode('AAECAwQFBgc=');
    assert(decoded instanceof Uint8Array, 'base64Decode returns a Uint8Array');
    assertEqual(decoded.join(','), '0,1,2,3,4,5,6,7', 'decoded bytes');
  },
  'ES2026 Uint8Array base64 and hex as functions: results, options, errors'(weft) {
    const hex = (bytes) => Array.prototype.map.call(bytes, (b) => (b < 16 ? '0' : '') + b.toString(16)).join('');
    const bytes = Uint8Array.of(0x66, 0x6f, 0x6f, 0x62, 0xfb, 0xff);
    assertEqual(weft.toBase64(bytes), 'Zm9vYvv/', 'toBase64');
    assertEqual(weft.toBase64(bytes.subarray(0, 4), { omitPadding: true }), 'Zm9vYg', 'omitPadding');
    assertEqual(weft.toBase64(bytes, { alphabet: 'base64url' }), 'Zm9vYvv_', 'base64url');
    assertEqual(weft.toHex(bytes), '666f6f62fbff', 'toHex');
    assertEqual(hex(weft.fromBase64(' Zm9v\nYvv/ ')), '666f6f62fbff', 'fromBase64 skips whitespace');
    assertEqual(hex(weft.fromBase64('Zm9vYvv_', { alphabet: 'base64url' })), '666f6f62fbff', 'base64url');
    assertEqual(hex(weft.fromBase64('Zm9vYg')), '666f6f62', 'loose');
    assertEqual(hex(weft.fromBase64('Zm9vYg', { lastChunkHandling: 'stop-before-partial' })), '666f6f', 'stop-before-partial');
    assertEqual(hex(weft.fromHex('00fFaB')), '00ffab', 'fromHex');
    const isSyntaxError = (e) => e instanceof SyntaxError;
    const isTypeError = (e) => e instanceof TypeError;
    assertThrows(() => weft.fromBase64('Zm9vYg', { lastChunkHandling: 'strict' }), isSyntaxError, 'strict needs padding');
    assertThrows(() => weft.fromBase64('Zm9vYh==', { lastChunkHandling: 'strict' }), isSyntaxError, 'strict padding bits');
    assertThrows(() => weft.fromBase64('Zm9v_'), isSyntaxError, "'_' in base64");
    assertThrows(() => weft.fromBase64('Z'), isSyntaxError, 'a lone last character');
    assertThrows(() => weft.fromBase64('Zg==', null), isTypeError, 'options null');
    assertThrows(() => weft.fromBase64('Zg==', { alphabet: 'base32' }), isTypeError, 'alphabet');
    assertThrows(() => weft.fromBase64(42), isTypeError, 'not a string');
    assertThrows(() => weft.fromHex('abc'), isSyntaxError, 'odd length');
    assertThrows(() => weft.fromHex('zz'), isSyntaxError, 'not hex');
    assertThrows(() => weft.toHex([1]), isTypeError, 'not a Uint8Array');
    assertThrows(() => weft.toBase64(new Uint16Array(1)), isTypeError, 'not a Uint8Array');
  },
  'ES2026 setFromBase64 and setFromHex: as much as fits, and the bytes before an error'(weft) {
    const target = new Uint8Array(4);
    const result = weft.setFromBase64(target, 'Zm9vYmFy');
    assertEqual(`${result.read} ${result.written} ${target.join()}`, '4 3 102,111,111,0', 'a chunk that does not fit');
    const exact = new Uint8Array(3);
    const stop = weft.setFromBase64(exact, 'Zm9v #');
    assertEqual(`${stop.read} ${stop.written}`, '4 3', 'stops when full');
    const partial = Uint8Array.of(255, 255, 255, 255, 255);
    assertThrows(
      () => weft.setFromBase64(partial, 'MjYyZg==='),
      (e) => e instanceof SyntaxError,
      'extra padding',
    );
    assertEqual(partial.join(), '50,54,50,255,255', 'the chunks before the error are written');
    const hexTarget = Uint8Array.of(9, 9, 9);
    assertThrows(
      () => weft.setFromHex(hexTarget, '0102zz'),
      (e) => e instanceof SyntaxError,
      'bad hex',
    );
    assertEqual(hexTarget.join(), '1,2,9', 'the pairs before the error are written');
    const hexResult = weft.setFromHex(new Uint8Array(1), 'abcd');
    assertEqual(`${hexResult.read} ${hexResult.written}`, '2 1', 'setFromHex');
    const big = new Uint8Array(70000);
    for (let i = 0; i < big.length; i++) big[i] = (i * 7) & 0xff;
    assertEqual(weft.toHex(weft.fromBase64(weft.toBase64(big))), weft.toHex(big), 'large round trip');
    assertEqual(weft.fromHex(weft.toHex(big)).length, big.length, 'large hex');
  },
  'Encoding API: legacy decode, streaming, fatal, encodeInto, labels'(weft) {
    const sjis = new weft.TextDecoder('sjis');
    assertEqual(sjis.encoding, 'shift_jis', 'encoding name');
    assertEqual(
      sjis.decode(new Uint8Array([0x82]), { stream: true }) + sjis.decode(new Uint8Array([0xa0])),
      '\u3042',
      'split character',
    );
    const fatal = new weft.TextDecoder('utf-8', { fatal: true });
    assertThrows(
      () => fatal.decode(new Uint8Array([0xff])),
      (e) => e instanceof TypeError,
      'fatal',
    );
    assertEqual(fatal.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x6f, 0x6b]).buffer), 'ok', 'BOM removed, ArrayBuffer input');
    assertThrows(
      () => new weft.TextDecoder('replacement'),
      (e) => e instanceof RangeError,
      'replacement',
    );
    const destination = new Uint8Array(5);
    const { read, written } = new weft.TextEncoder().encodeInto('\u20AC\u{1F600}', destination);
    assertEqual(`${read},${written}`, '1,3', 'encodeInto stops before a pair that does not fit');
    assertEqual(weft.encode('\u3042', 'euc-jp').join(','), '164,162', 'encode EUC-JP');
    assertEqual(weft.decode(new Uint8Array([0xfe, 0xff, 0, 0x61]), 'latin1'), 'a', 'decode with BOM sniffing');
    assertEqual(weft.labelToEncoding('ASCII'), 'windows-1252', 'labelToEncoding');
    assertEqual(weft.sniffBOM(new Uint8Array([0x61])), null, 'sniffBOM');
  },
  'large inputs'(weft) {
    const big = new Uint8Array(4 << 20).map((_, i) => (i * 31) & 255);
    const encoded = weft.base64Encode(big);
    assertEqual(encoded.length, (((big.length + 2) / 3) | 0) * 4, 'encoded length');
    const back = weft.base64Decode(encoded);
    assert(back.length === big.length && back.every((b, i) => b === big[i]), '4 MiB round trip');
  },
  'html microsyntaxes: values, errors as null, lone surrogates kept'(weft) {
    const { html } = weft;
    const same = (actual, expected, message) => assertEqual(JSON.stringify(actual), JSON.stringify(expected), message);
    same(html.parseDate('2016-02-29'), { year: 2016, month: 2, day: 29 }, 'parseDate');
    assertEqual(html.parseDate('2015-02-29'), null, 'not a date');
    same(
      html.parseGlobalDateTime('1979-10-14T12:00:00.001-04:00'),
      {
        year: 1979,
        month: 10,
        day: 14,
        hour: 16,
        minute: 0,
        second: 0,
        millisecond: 1,
        timeZoneOffset: { hours: -4, minutes: 0 },
      },
      'parseGlobalDateTime',
    );
    assertEqual(html.serializeTime({ hour: 19, minute: 45, second: 30, millisecond: 500 }), '19:45:30.5', 'serializeTime');
    assertEqual(html.parseInteger(' -42px'), -42, 'parseInteger');
    assertEqual(html.parseInteger('9007199254740992'), null, 'beyond a safe integer');
    same(html.parseLegacyColor('chucknorris'), { red: 192, green: 0, blue: 0 }, 'parseLegacyColor');
    same(html.splitOnCommas('a ,\uD800,,d d'), ['a', '\uD800', '', 'd d'], 'splitOnCommas');
    assertEqual(html.extractMetaCharset('text/html; charset="utf-8"'), 'utf-8', 'extractMetaCharset');
    assertEqual(html.enumeratedAttributeState('OFF', { keywords: ['on', 'off'], missing: 'on' }), 'off', 'enumerated');
    assertThrows(
      () => html.parseDate(),
      (e) => e instanceof TypeError,
      'missing argument',
    );
  },
  'structuredClone, and serialize/deserialize through V8 bytes, keep types, holes and identity'(weft) {
    const shared = { shared: true };
    const value = {
      list: [1, , 'three', -0, 2n ** 80n],
      map: new Map([[shared, new Set([shared])]]),
      date: new Date(7),
      regexp: /we(f)t/giu,
      bytes: new Uint16Array(new ArrayBuffer(10), 2, 3),
      error: new TypeError('t', { cause: shared }),
      wrapped: new String('s'),
    };
    value.self = value;
    for (const [path, copy] of [
      ['structuredClone', weft.structuredClone(value)],
      ['bytes', weft.deserialize(weft.serialize(value))],
    ]) {
      assertEqual(copy.self, copy, `${path}: cycle`);
      assert(!(1 in copy.list) && copy.list.length === 5, `${path}: hole`);
      assert(Object.is(copy.list[3], -0) && copy.list[4] === 2n ** 80n, `${path}: -0 and BigInt`);
      const [key] = copy.map.keys();
      assert(copy.map.get(key).has(key) && copy.error.cause === key, `${path}: shared references`);
      assert(
        copy.date.getTime() === 7 && copy.regexp.source === value.regexp.source && copy.regexp.flags === value.regexp.flags,
        `${path}: Date and RegExp`,
      );
      assert(copy.bytes.byteOffset === 2 && copy.bytes.buffer.byteLength === 10, `${path}: view offset and buffer`);
      assert(copy.error instanceof TypeError && copy.error.message === 't', `${path}: Error`);
      assert(copy.wrapped instanceof String && String(copy.wrapped) === 's', `${path}: String object`);
    }
  },
  'serialize/deserialize: strings of every length and kind, and index-like keys'(weft) {
    // ASCII, other Latin-1, two-byte and lone surrogates, from 0 to 300 code units: the writer
    // takes ASCII through the host's encodeInto on some engines, the rest code unit by unit.
    const alphabets = ['abc xyz 019', 'caf\u00e9 \u0080\u009f\u00ff', '\u20ac \u4e2d \ud83d\ude00', '\ud800 a \udfff'];
    const strings = [];
    for (const alphabet of alphabets) {
      for (const length of [0, 1, 7, 8, 31, 32, 33, 64, 255, 256, 257, 300]) {
        strings.push(Array.from({ length }, (_, i) => alphabet[(i * 7) % alphabet.length]).join(''));
      }
    }
    const keyed = {};
    for (const key of ['0', '7', '10', '01', '-1', '4294967294', '4294967295', '1e3', ' 1', 'a1', ...strings])
      keyed[key] = key.length;
    const copy = weft.deserialize(weft.serialize({ strings, keyed }));
    assertEqual(copy.strings.length, strings.length, 'count');
    strings.forEach((string, i) => assertEqual(copy.strings[i], string, `string ${i} (${string.length} units)`));
    assertEqual(JSON.stringify(copy.keyed), JSON.stringify(keyed), 'keys in order, and values');
  },
  'structuredClone: 10,000-deep nesting, resizable buffers, transfer'(weft) {
    let deep = [];
    for (let i = 0; i < 10_000; i++) deep = [deep];
    let copy = weft.deserialize(weft.serialize(weft.structuredClone(deep)));
    let depth = 0;
    for (; copy.length; depth++) copy = copy[0];
    assertEqual(depth, 10_000, 'depth');
    const resizable = new ArrayBuffer(4, { maxByteLength: 8 });
    const tracking = weft.structuredClone(new Uint8Array(resizable));
    tracking.buffer.resize(8);
    assertEqual(tracking.length, 8, 'length-tracking view');
    const buffer = new Uint8Array([1, 2]).buffer;
    const moved = weft.structuredClone(buffer, { transfer: [buffer] });
    assertEqual(buffer.byteLength, 0, 'detached');
    assertEqual(new Uint8Array(moved)[1], 2, 'moved contents');
  },
  'structured clone errors are DataCloneErrors naming the value'(weft) {
    const cases = [
      [{ f() {} }, /A function \(f\) could not be cloned \(at value\.f\)/],
      [[Symbol('s')], /A Symbol could not be cloned \(at value\[0\]\)/],
      [new WeakMap(), /A WeakMap/],
      [Promise.resolve(), /A Promise/],
      // Node, Deno and Bun expose V8's Proxy check (node:util types); browsers cannot tell.
      [{ p: new Proxy([], {}) }, /A Proxy could not be cloned \(at value\.p\)/],
    ];
    for (const [value, pattern] of cases) {
      for (const clone of [weft.structuredClone, weft.serialize]) {
        assertThrows(
          () => clone(value),
          (e) => isDomException('DataCloneError')(e) && pattern.test(e.message),
          String(pattern),
        );
      }
    }
    const buffer = new ArrayBuffer(1);
    assertThrows(() => weft.structuredClone(1, { transfer: [buffer, buffer] }), isDomException('DataCloneError'), 'duplicate');
    assertThrows(() => weft.deserialize(new Uint8Array([0xff, 0x0f, 0x6f])), isDomException('DataCloneError'), 'truncated');
  },
  'URL and URLSearchParams: parse, setters, live searchParams, errors'(weft) {
    const url = new weft.URL('HTTPS://EXAMPLE.com:443/a/../b c?x=1#f');
    assertEqual(url.href, 'https://example.com/b%20c?x=1#f', 'href');
    assertEqual(url.origin, 'https://example.com', 'origin');
    url.searchParams.append('y', 'a b');
    assertEqual(url.search, '?x=1&y=a+b', 'search after append');
    url.search = '?z=\uD800';
    assertEqual(url.searchParams.get('z'), '\uFFFD', 'list from the search setter');
    url.hostname = 'xn--bcher-kva.test';
    assertEqual(weft.domainToUnicode(url.hostname), 'bücher.test', 'domainToUnicode');
    assertEqual(weft.URL.parse('nope'), null, 'URL.parse');
    assertEqual(weft.URL.canParse('/p', 'https://a/'), true, 'URL.canParse');
    assertThrows(
      () => new weft.URL('nope'),
      (e) => e instanceof TypeError && e.message === 'Invalid URL: "nope"',
      'Invalid URL',
    );
    assertEqual(new weft.URLSearchParams({ b: '1', a: '2' }).toString(), 'b=1&a=2', 'record');
    assertEqual(weft.parseURL('https://a\\b').errors[0].type, 'invalid-reverse-solidus', 'parseURL');
    assertEqual(
      Object.prototype.toString.call(new weft.URLSearchParams().keys()),
      '[object URLSearchParams Iterator]',
      'iterator',
    );
  },
};

// The same, through `webweft/lite` (whose TextDecoder and friends are `webweft/encoding-lite`'s,
// without the legacy multi-byte encodings; its html and URL areas are the full ones).
export const liteTests = {
  'weft/lite: legacy multi-byte encodings are a RangeError naming the full entry'(lite) {
    const notIncluded = (name) => (e) =>
      e instanceof RangeError && e.message.includes(`encoding ${name} is not included`) && e.message.includes('`weft` entry');
    assertEqual(lite.labelToEncoding('sjis'), 'Shift_JIS', 'labels still resolve');
    assertThrows(() => new lite.TextDecoder('sjis'), notIncluded('Shift_JIS'), 'TextDecoder');
    assertThrows(() => new lite.TextDecoderStream('big5'), notIncluded('Big5'), 'TextDecoderStream');
    assertThrows(() => lite.decode(new Uint8Array([0x61]), 'gb18030'), notIncluded('gb18030'), 'decode');
    assertThrows(() => lite.encode('a', 'euc-kr'), notIncluded('EUC-KR'), 'encode');
  },
  'weft/lite: the other encodings and the rest of the API work'(lite) {
    assertEqual(new lite.TextDecoder('koi8-r').decode(new Uint8Array([0xc1, 0xc2])), '\u0430\u0431', 'KOI8-R');
    assertEqual(
      new lite.TextDecoder().decode(new lite.TextEncoder().encode('\u{1F600}\u00e9')),
      '\u{1F600}\u00e9',
      'UTF-8 round trip',
    );
    assertEqual(
      lite.encode('\u00e9\u3042', 'latin1', { mode: 'html' }).join(','),
      '233,38,35,49,50,51,53,52,59',
      'windows-1252, html mode',
    );
    assertEqual(lite.html.encodingParseAndSerializeURL('?\u00e9', 'latin1', 'http://x/'), 'http://x/?%E9', 'URL query encoding');
    assertEqual(new lite.URL('http://EXAMPLE.com/../a').href, 'http://example.com/a', 'URL');
    assertEqual(lite.btoa('lite'), 'bGl0ZQ==', 'btoa');
    assertEqual(lite.structuredClone(new Map([[1, 2n]])).get(1), 2n, 'structuredClone');
  },
};

/**
 * Runs `suite` against `weft`, printing through `log`. `expectedFailures`: the tests this host
 * cannot pass, each with the reason (what the engine lacks); one that passes is an error too, so
 * the list cannot go stale. Returns whether every test did as expected.
 */
export async function runPortableTests(weft, hostName, suite = tests, log = console.log, expectedFailures = {}) {
  DOMExceptionClass = weft.DOMException;
  if (globalThis.DOMException !== undefined && weft.DOMException !== globalThis.DOMException)
    throw new Error("webweft's DOMException is not the host's");
  let passed = 0;
  let failed = 0;
  let expected = 0;
  let unexpected = 0;
  for (const [name, test] of Object.entries(suite)) {
    const reason = expectedFailures[name];
    try {
      await test(weft);
      passed++;
      if (reason !== undefined) {
        unexpected++;
        log(`now passing, remove from the expected failures: ${name}`);
      }
    } catch (error) {
      failed++;
      if (reason === undefined) unexpected++;
      else expected++;
      log(
        `${reason === undefined ? 'not ok' : 'expected failure'} - ${name}${reason === undefined ? '' : ` (${reason})`}\n  ${error?.stack ?? error}`,
      );
    }
  }
  log(`${hostName}: ${passed} passed, ${failed} failed${expected ? ` (${expected} expected, each with its reason)` : ''}`);
  return unexpected === 0;
}
