// jsdom 31 with its whole data layer swapped for webweft's drop-ins (whatwg-url, whatwg-mimetype,
// data-urls, html-encoding-sniffer: tests/jsdom/jsdoms.mjs) behaves as stock jsdom: documents
// from bytes (content types, <meta charset>, BOMs, XML declarations, legacy encodings), data:
// URL frames and scripts, XMLHttpRequest and FileReader over data: URLs and Blobs, Blob and File
// types. Every observation is made with both jsdoms and must be the same; the last test prints
// how many were.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DROP_INS, dropIn, stock } from './jsdoms.mjs';

let observations = 0;
let identical = 0;

/** Runs `scenario(jsdom)` with each jsdom (awaiting it) and asserts both give the same result. */
async function same(scenario, message) {
  const expected = await scenario(stock.jsdom);
  const actual = await scenario(dropIn.jsdom);
  observations++;
  assert.deepEqual(actual, expected, message);
  identical++;
  return actual;
}

const attempt = async (fn) => {
  try {
    return await fn();
  } catch (error) {
    return { threw: error.name, message: error.message };
  }
};

/** A window, with the messages jsdom's virtual console gets. */
function open({ JSDOM, VirtualConsole }, input, options = {}) {
  const messages = [];
  const virtualConsole = new VirtualConsole();
  virtualConsole.on('jsdomError', (error) => messages.push(error.message));
  const dom = new JSDOM(input, { virtualConsole, ...options });
  return { window: dom.window, document: dom.window.document, messages };
}

const describe = (document) => ({
  characterSet: document.characterSet,
  charset: document.charset,
  inputEncoding: document.inputEncoding,
  contentType: document.contentType,
  text: document.documentElement?.textContent,
});

const utf16be = (text) => Buffer.from(text, 'utf16le').swap16();
const concat = (...parts) => Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : part)));

// Byte inputs: latin1 strings are bytes as written (\x82\xa0 is あ in Shift_JIS, \xd6\xd0 中 in GBK).
const BYTES = {
  'plain ASCII': Buffer.from('<p>plain</p>'),
  'UTF-8 without a label': Buffer.from('<p>caf\u00e9 \u3042</p>'),
  'windows-1252 bytes without a label': concat('<p>caf\xe9 \x80</p>'),
  'meta charset shift_jis': concat('<meta charset="shift_jis"><p>\x82\xa0\x82\xa2</p>'),
  'meta http-equiv gbk': concat('<meta http-equiv="Content-Type" content="text/html; charset=gbk"><p>\xd6\xd0\xce\xc4</p>'),
  'meta charset windows-1252': concat('<meta charset=windows-1252><p>caf\xe9 \x80 \x9c</p>'),
  'meta charset latin1 label': concat('<meta charset="latin1"><p>\xe9</p>'),
  'meta charset utf-16 (means UTF-8)': Buffer.from('<meta charset="utf-16"><p>\u00e9</p>'),
  'meta charset x-user-defined (means windows-1252)': concat('<meta charset="x-user-defined"><p>\xe9</p>'),
  'meta charset bogus': concat('<meta charset="bogus"><p>\xe9</p>'),
  'meta charset after a comment and attributes': concat("<!-- x --><html lang=ja><meta name=x charset='sjis'><p>\x82\xa0</p>"),
  'meta charset past 1024 bytes': concat(`<!--${'x'.repeat(1100)}--><meta charset="shift_jis"><p>\x82\xa0</p>`),
  'UTF-8 BOM over a meta gbk': concat('\xef\xbb\xbf<meta charset="gbk"><p>', Buffer.from('\u4e2d'), '</p>'),
  'UTF-16LE BOM': concat('\xff\xfe', Buffer.from('<p>\u00e9\u3042</p>', 'utf16le')),
  'UTF-16BE BOM': concat('\xfe\xff', utf16be('<p>\u00e9\u3042</p>')),
  'UTF-16LE without a BOM': Buffer.from('<p>x</p>', 'utf16le'),
  'XML declaration shift_jis': concat(
    '<?xml version="1.0" encoding="shift_jis"?><html xmlns="http://www.w3.org/1999/xhtml"><p>\x82\xa0</p></html>',
  ),
  'XML declaration windows-1252': concat('<?xml version="1.0" encoding=\'windows-1252\'?><r>caf\xe9</r>'),
  'XML declaration utf-16 in UTF-16LE': concat(
    '\xff\xfe',
    Buffer.from('<?xml version="1.0" encoding="utf-16"?><r>\u00e9</r>', 'utf16le'),
  ),
  'XML UTF-16BE without a BOM': utf16be('<?xml version="1.0" encoding="utf-16"?><r>\u00e9</r>'),
  'XML without a declaration, Latin-1 bytes': concat('<r>caf\xe9</r>'),
};

const CONTENT_TYPES = [
  undefined,
  'text/html',
  'text/html; charset=shift_jis',
  'text/html;charset="gbk"',
  'Text/HTML; Charset=Windows-1252',
  'text/html; charset=bogus',
  'text/html;charset=utf-16be',
  'text/html ; charset = utf-8',
  'application/xhtml+xml',
  'application/xhtml+xml; charset=shift_jis',
  'text/xml',
  'image/svg+xml',
  'application/xml;charset=utf-16le',
  'text/plain',
  'nonsense',
  'text/html;',
];

test('documents from bytes: every input with every content type (characterSet, contentType, text)', async () => {
  for (const [name, bytes] of Object.entries(BYTES)) {
    for (const contentType of CONTENT_TYPES) {
      await same((jsdom) => attempt(() => describe(open(jsdom, bytes, { contentType }).document)), `${name} as ${contentType}`);
    }
    // jsdom takes any ArrayBuffer or view as bytes.
    for (const view of [new Uint8Array(bytes).buffer, new DataView(new Uint8Array(bytes).buffer)]) {
      await same((jsdom) => attempt(() => describe(open(jsdom, view).document)), `${name} as ${view}`);
    }
  }
  // Strings are decoded already: the content type's charset does not apply.
  for (const contentType of CONTENT_TYPES) {
    await same(
      (jsdom) => attempt(() => describe(open(jsdom, '<meta charset=gbk><p>\u4e2d</p>', { contentType }).document)),
      contentType,
    );
  }
});

test('documents from bytes: characterSet names, <a href> query encoding, document.URL', async () => {
  for (const label of [
    'shift_jis',
    'sjis',
    'gbk',
    'gb2312',
    'gb18030',
    'big5',
    'euc-kr',
    'euc-jp',
    'iso-2022-jp',
    'koi8-r',
    'windows-1251',
    'iso-8859-2',
    'iso-8859-8-i',
    'macintosh',
    'x-mac-cyrillic',
    'utf-16le',
    'utf-16be',
    'ascii',
    'unicode-1-1-utf-8',
    'replacement',
    'csiso2022kr',
  ]) {
    await same(
      (jsdom) =>
        attempt(() => {
          const { document } = open(jsdom, Buffer.from(`<meta charset="${label}"><a href="?q=\u00e9\u3042">a</a>`), {
            url: 'https://example.test/',
          });
          return { ...describe(document), href: document.querySelector('a')?.href, URL: document.URL };
        }),
      label,
    );
  }
});

/** Loads `html` with resources "usable" and scripts, and waits for its load event. */
async function loaded(jsdom, html, options = {}) {
  const opened = open(jsdom, html, { resources: 'usable', runScripts: 'dangerously', url: 'https://example.test/', ...options });
  if (opened.document.readyState !== 'complete') await new Promise((done) => opened.window.addEventListener('load', done));
  return opened;
}

const FRAME_URLS = [
  'data:,hello',
  'data:text/html,<p>caf%C3%A9</p>',
  'data:text/html;charset=shift_jis,<p>%82%A0</p>',
  'data:text/html;charset=gbk;base64,PHA+1tA8L3A+',
  'data:text/html,%EF%BB%BF<p>BOM</p>',
  'data:text/html,<meta charset=windows-1252><p>%E9%80</p>',
  'data:text/html,%FF%FE<%00p%00>%00x%00',
  'data:TEXT/HTML;CHARSET=WINDOWS-1252,%E9',
  'data:text/plain;charset=shift_jis,%82%A0',
  'data:application/xhtml+xml,<html xmlns="http://www.w3.org/1999/xhtml"><p>x</p></html>',
  'data:text/xml,<?xml version="1.0" encoding="shift_jis"?><r>%82%A0</r>',
  'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
  'data:application/octet-stream,<html><p>sniffed?</p>',
  'data:;base64,PGgxPmhpPC9oMT4=',
  'data:text/html;base64,not base64!',
  'data:text/html;a=b;charset=%22gbk%22,%D6%D0',
  'data:text/html ;charset=shift_jis,%82%A0',
  'data:unknown/x,<p>x</p>',
  'data:text/javascript,1',
];

test('data: URL frames with resources "usable": the frame document (characterSet, contentType, text)', async () => {
  for (const src of FRAME_URLS) {
    for (const parent of ['<meta charset=utf-8>', '<meta charset=windows-1252>', '<meta charset=shift_jis>']) {
      await same(async (jsdom) => {
        const { document, messages } = await loaded(
          jsdom,
          Buffer.from(`${parent}<iframe src="${src.replaceAll('"', '&quot;')}"></iframe>`),
        );
        const frame = document.querySelector('iframe').contentDocument;
        return { frame: frame && describe(frame), messages };
      }, `${parent} ${src}`);
    }
  }
});

const SCRIPT_URLS = [
  'data:text/javascript,window.result=%22caf%C3%A9%22',
  'data:text/javascript;charset=shift_jis,window.result=%22%82%A0%22',
  'data:text/javascript;base64,d2luZG93LnJlc3VsdD0ib2siOw==',
  'data:,window.result=1',
  'data:application/json,window.result=2',
  'data:text/javascript,%EF%BB%BFwindow.result=%22bom%22',
  'data:text/javascript,%FF%FEw%00i%00n%00d%00o%00w%00.%00r%00e%00s%00u%00l%00t%00=%003%00',
  'data:text/javascript;base64,%%%',
];

test('data: URL scripts with resources "usable": what ran, in which encoding', async () => {
  for (const src of SCRIPT_URLS) {
    for (const [attributes, parent] of [
      ['', '<meta charset=utf-8>'],
      ['', '<meta charset=windows-1252>'],
      [' charset=shift_jis', '<meta charset=utf-8>'],
      [' type="text/javascript; charset=gbk"', '<meta charset=utf-8>'],
      [' type="Text/JavaScript"', '<meta charset=utf-8>'],
      [' type="application/ecmascript;version=1"', '<meta charset=utf-8>'],
      [' type="module"', '<meta charset=utf-8>'],
    ]) {
      await same(async (jsdom) => {
        const { window, messages } = await loaded(jsdom, Buffer.from(`${parent}<script src="${src}"${attributes}></script>`));
        return { result: window.result, messages };
      }, `${parent}<script src=${src}${attributes}>`);
    }
  }
});

/** An XMLHttpRequest of `url` in a fresh window, its observable state once it is done. */
function xhr(jsdom, url, { responseType = '', overrideMimeType } = {}) {
  const { window } = open(jsdom, '', { url: 'https://example.test/' });
  return new Promise((done) => {
    const request = new window.XMLHttpRequest();
    request.open('GET', url);
    request.responseType = responseType;
    if (overrideMimeType !== undefined) request.overrideMimeType(overrideMimeType);
    const finish = () => {
      const { response } = request;
      done({
        status: request.status,
        statusText: request.statusText,
        headers: request.getAllResponseHeaders(),
        contentType: request.getResponseHeader('content-type'),
        responseText: responseType === '' || responseType === 'text' ? request.responseText : undefined,
        response:
          response instanceof window.ArrayBuffer
            ? [...new Uint8Array(response)]
            : response instanceof window.Document
              ? describe(response)
              : response instanceof window.Blob
                ? response.type
                : response,
      });
    };
    request.onload = finish;
    request.onerror = finish;
    request.send();
  });
}

const XHR_URLS = [
  ...FRAME_URLS,
  'data:text/plain;charset=windows-1252,caf%E9',
  'data:text/plain;charset=utf-16le,%E9%00',
  'data:text/plain;charset=utf-16be;base64,AOk=',
  'data:application/json,{"a":[1,"%C3%A9"]}',
  'data:application/json;charset=shift_jis,"%82%A0"',
  'data:text/html,<meta charset=gbk><p>%D6%D0</p>',
  'data:text/xml;charset=gbk,<r>%D6%D0</r>',
  'data:application/x-www-form-urlencoded,a=b',
  'data:text/plain;base64,%20Zm9v%0AYmFy%09',
  'data:text/plain;base64,Zm9vYmE',
  'data:text/plain;base64,Zm9vYmE=a',
  'data:text/plain;;;charset=shift_jis;;,%82%A0',
  'data:text/plain;charset="shift_jis";charset=gbk,%82%A0',
  'data:text/plain;%20base64,Zm9v',
  'data:text/plain;BASE64,Zm9v',
  'data:text/plain;charset=x;base64,Zm9v',
  'data:#frag,x',
  'data:text/plain,a#b',
  'data:\u00e9/x,y',
  'data:text/plain;charset=\u00e9,y',
  'data:text%2Fplain,x',
  'data:,%',
];

test('XMLHttpRequest over data: URLs: status, headers, text, and every responseType', async () => {
  for (const url of XHR_URLS) {
    for (const responseType of ['', 'arraybuffer', 'document', 'json', 'blob']) {
      await same((jsdom) => xhr(jsdom, url, { responseType }), `${url} as ${responseType || 'text'}`);
    }
    for (const overrideMimeType of [
      'text/plain; charset=shift_jis',
      'application/xml;charset=gbk',
      'TEXT/PLAIN;CHARSET="windows-1252"',
    ]) {
      await same((jsdom) => xhr(jsdom, url, { overrideMimeType }), `${url} overridden as ${overrideMimeType}`);
    }
  }
});

const BLOB_TYPES = [
  '',
  'text/plain',
  'Text/HTML;Charset=UTF-8',
  'text/html; charset=shift_jis',
  'text/plain;charset="gbk"',
  'TEXT/PLAIN;CHARSET=WINDOWS-1252',
  'text/plain;charset=utf-16le',
  'application/octet-stream',
  'image/png',
  'text/plain;charset=bogus',
  'nonsense',
  'text/\u00e9',
  'a/b;c="d;e"',
  ' text/plain ',
  'text/plain;base64',
];

test('Blob and File type normalisation, slice types', async () => {
  for (const type of BLOB_TYPES) {
    await same((jsdom) => {
      const { window } = open(jsdom, '');
      const blob = new window.Blob(['x'], { type });
      const file = new window.File(['x'], 'f.txt', { type, lastModified: 1 });
      return { blob: blob.type, file: file.type, slice: blob.slice(0, 1, type).type, size: blob.size };
    }, type);
  }
});

/** A FileReader's result over `blob` read by `method` (with `argument`), in `window`. */
function read(window, blob, method, argument) {
  return new Promise((done) => {
    const reader = new window.FileReader();
    reader.onload = () => done(reader.result instanceof window.ArrayBuffer ? [...new Uint8Array(reader.result)] : reader.result);
    reader.onerror = () => done({ error: reader.error?.name });
    if (argument === undefined) reader[method](blob);
    else reader[method](blob, argument);
  });
}

// Blob contents (latin1 strings as bytes).
const CONTENTS = [
  'caf\xe9 \x80',
  '\x82\xa0\x82\xa2',
  '\xd6\xd0\xce\xc4',
  '\xef\xbb\xbfBOM',
  '\xff\xfeB\x00O\x00',
  '\xfe\xff\x00B\x00O',
  'plain',
  '',
];

test('FileReader over Blobs: readAsText with legacy encodings and Blob charsets, readAsDataURL', async () => {
  for (const content of CONTENTS) {
    for (const type of BLOB_TYPES) {
      await same(
        async (jsdom) => {
          const { window } = open(jsdom, '');
          const blob = new window.Blob([Uint8Array.from(Buffer.from(content, 'latin1'))], { type });
          return {
            text: await read(window, blob, 'readAsText'),
            dataURL: await read(window, blob, 'readAsDataURL'),
          };
        },
        `${JSON.stringify(content)} as ${type}`,
      );
    }
    for (const encoding of [
      'shift_jis',
      'gbk',
      'windows-1252',
      'utf-16le',
      'utf-16be',
      'UTF-8',
      ' latin1 ',
      'bogus',
      'replacement',
      'x-user-defined',
    ]) {
      await same(
        async (jsdom) => {
          const { window } = open(jsdom, '');
          const blob = new window.Blob([Uint8Array.from(Buffer.from(content, 'latin1'))], { type: 'text/plain;charset=gbk' });
          return read(window, blob, 'readAsText', encoding);
        },
        `${JSON.stringify(content)} read as ${encoding}`,
      );
    }
  }
});

test('FileReader over what XMLHttpRequest fetched from data: URLs (responseType blob)', async () => {
  for (const url of XHR_URLS) {
    await same(async (jsdom) => {
      const { window } = open(jsdom, '', { url: 'https://example.test/' });
      const blob = await new Promise((done) => {
        const request = new window.XMLHttpRequest();
        request.open('GET', url);
        request.responseType = 'blob';
        request.onload = () => done(request.response);
        request.onerror = () => done(null);
        request.send();
      });
      if (blob === null) return null;
      return {
        type: blob.type,
        text: await read(window, blob, 'readAsText'),
        dataURL: await read(window, blob, 'readAsDataURL'),
      };
    }, url);
  }
});

test('the swapped jsdom loads the four drop-ins, which are webweft', () => {
  for (const name of DROP_INS) assert.notEqual(dropIn.data[name], stock.data[name], name);
  assert.equal(typeof dropIn.data['data-urls'], 'function');
  assert.equal(typeof dropIn.data['data-urls'].fromURLRecord, 'function');
  assert.equal(typeof dropIn.data['html-encoding-sniffer'], 'function');
  assert.deepEqual(Object.keys(dropIn.data['whatwg-mimetype']).sort(), Object.keys(stock.data['whatwg-mimetype']).sort());
});

test('every observation was identical (this file runs its tests in order: this one last)', (t) => {
  t.diagnostic(`jsdom data layer: ${identical}/${observations} observations identical to stock jsdom`);
  assert.ok(observations > 1000, `${observations} observations`);
  assert.equal(identical, observations);
});
