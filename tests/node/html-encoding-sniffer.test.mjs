// webweft/html-encoding-sniffer against html-encoding-sniffer 7 (the package it replaces): the
// same names, defaults and exceptions for every option, in HTML and XML mode, on hand-written
// bytes and generated markup; then the two places where webweft follows the HTML Standard and
// the package does not. (tests/html_encoding_sniffing.rs compares the Rust algorithm itself.)
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import fc from 'fast-check';
import { htmlEncodingSniffer } from 'webweft/html-encoding-sniffer';

const reference = createRequire(import.meta.url)('html-encoding-sniffer');
const bytes = (text) => Uint8Array.from(text, (c) => c.charCodeAt(0));

function outcome(f) {
  try {
    return { value: f() };
  } catch (error) {
    return { error: error.constructor.name, message: error.message };
  }
}

const same = (input, options) =>
  assert.deepEqual(
    outcome(() => htmlEncodingSniffer(input, options)),
    outcome(() => reference(input, options)),
    `${JSON.stringify(String.fromCharCode(...input))} ${JSON.stringify(options)}`,
  );

const inputs = [
  '',
  '\xEF\xBB\xBF<meta charset=gbk>',
  '\xFE\xFF<',
  '\xFF\xFE<',
  '<meta charset=shift_jis>',
  '<meta charset=utf-16>',
  '<meta charset=x-user-defined>',
  '<meta http-equiv=content-type content="text/html; charset=koi8-r">',
  '<!-- <meta charset=gbk> --><meta charset=big5>',
  '<?xml version="1.0" encoding="ISO-8859-2"?>',
  '<?xml version="1.0"?>',
  '<\0?\0x\0m\0l\0 \0',
  '\0<\0?\0x\0m\0l\0 ',
  '<\0?\0x\0',
  `${' '.repeat(1030)}<meta charset=gbk>`,
  // Only a prefix crosses into wasm (js/html-encoding-sniffer.js): declarations and markup that
  // run past the prescan's bytes and the first '>'.
  `<?xml version="1.0"${' '.repeat(2000)}encoding="gbk"?><r/>`,
  `<?xml version="1.0" encoding="gbk"${' '.repeat(2000)}`,
  `<?xml${'\0'.repeat(1500)} encoding='koi8-r'>`,
  `<meta charset=${'x'.repeat(1100)}><meta charset=gbk>`,
  `<p>${'\xE9'.repeat(5000)}</p><meta charset=big5>`,
];
const optionSets = [
  undefined,
  {},
  { transportLayerEncodingLabel: 'latin2' },
  { transportLayerEncodingLabel: 'bogus' },
  { defaultEncoding: 'latin1' },
  { maxPrescanBytes: 0 },
  { maxPrescanBytes: 10 },
  { maxPrescanBytes: Infinity },
  { maxPrescanBytes: -1 },
  { maxPrescanBytes: 1.5 },
  { maxPrescanBytes: NaN },
  { xml: true },
  { xml: true, transportLayerEncodingLabel: 'gbk' },
  { xml: true, defaultEncoding: 'windows-1252' },
  { xml: true, maxPrescanBytes: 10 },
];

test('the same results and exceptions as html-encoding-sniffer for every option', () => {
  for (const input of inputs) {
    for (const options of optionSets) {
      // Below six bytes of prescan, the UTF-16 '<?x' signatures are past the end condition.
      if (options?.maxPrescanBytes === 0 && (input.startsWith('<\0') || input.startsWith('\0<'))) continue;
      same(bytes(input), options);
    }
  }
});

test('generated markup sniffs as html-encoding-sniffer does', () => {
  const piece = fc.constantFrom(
    '<meta ',
    '<META/',
    'charset',
    '=',
    ' ',
    "'",
    '"',
    '>',
    'gbk',
    'utf-16le',
    'x-user-defined',
    'http-equiv=content-type',
    'content="text/html;charset=big5"',
    '<!--',
    '-->',
    '<?',
    '<?xml ',
    'encoding=',
    '<p ',
    '\0',
  );
  fc.assert(
    fc.property(
      fc.array(piece, { maxLength: 14 }),
      fc.constantFrom(undefined, { maxPrescanBytes: 16 }, { xml: true }),
      (pieces, options) => same(bytes(pieces.join('')), options),
    ),
    { numRuns: 3000 },
  );
});

test('where webweft follows the HTML Standard and html-encoding-sniffer does not', () => {
  // A charset that is not a label is failure: a later content does not count.
  const bogus = bytes("<meta charset=bogus content='charset=koi8-r' http-equiv=content-type>");
  assert.equal(htmlEncodingSniffer(bogus), 'windows-1252');
  assert.equal(reference(bogus), 'KOI8-R');
  // An end tag's attributes are read one by one: a quoted ">" does not end it.
  const endTag = bytes("</p title='>'<meta charset=gbk>'>");
  assert.equal(htmlEncodingSniffer(endTag), 'windows-1252');
  assert.equal(reference(endTag), 'GBK');
  // The UTF-16 '<?x' signatures are six bytes of the prescan, within its end condition.
  const utf16 = bytes('<\0?\0x\0m\0l\0');
  assert.equal(htmlEncodingSniffer(utf16, { maxPrescanBytes: 4 }), 'windows-1252');
  assert.equal(reference(utf16, { maxPrescanBytes: 4 }), 'UTF-16LE');
});
