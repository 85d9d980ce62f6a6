// jsdom 31 with whatwg-url swapped for webweft's drop-in behaves as stock jsdom: the same
// scenarios run in both (tests/jsdom/jsdoms.mjs loads the two side by side) and must give the
// same results — <a>/<area> getters and setters over WPT's setters and urltestdata, the window's
// URL and URLSearchParams, location and hash navigation, history, <form action>, reflected URL
// attributes, document.baseURI, and documents in legacy encodings. jsdom 31 needs Node 22 or
// later: `make test-node` runs this folder with Node 24 only.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { dropIn, stock, webweftWhatwgURL } from './jsdoms.mjs';

const root = resolve(fileURLToPath(import.meta.url), '..', '..', '..');
const wptDir = resolve(process.env.WPT_DIR ?? join(root, '..', 'shared', 'wpt'));
const urltestdata = JSON.parse(readFileSync(join(wptDir, 'url', 'resources', 'urltestdata.json'), 'utf8')).filter(
  (c) => typeof c === 'object',
);
const setters = JSON.parse(readFileSync(join(wptDir, 'url', 'resources', 'setters_tests.json'), 'utf8'));

const GETTERS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'];

/** Runs `scenario(jsdom)` with each jsdom and asserts that both give the same result. */
function same(scenario, message) {
  const expected = scenario(stock.jsdom);
  const actual = scenario(dropIn.jsdom);
  assert.deepEqual(actual, expected, message);
  return actual;
}

/** A window from `html`, with the messages jsdom's virtual console gets (its "not implemented"s). */
function open({ JSDOM, VirtualConsole }, html, options = {}) {
  const messages = [];
  const virtualConsole = new VirtualConsole();
  virtualConsole.on('jsdomError', (error) => messages.push(error.message));
  const dom = new JSDOM(html, { virtualConsole, ...options });
  return { window: dom.window, document: dom.window.document, messages };
}

const getters = (object) => Object.fromEntries(GETTERS.map((name) => [name, object[name]]));

const attempt = (fn) => {
  try {
    return fn();
  } catch (error) {
    return { threw: error.name };
  }
};

test('the swapped jsdom loads the drop-in, which is webweft/whatwg-url', () => {
  assert.equal(dropIn.whatwgURL.parseURL, webweftWhatwgURL.parseURL);
  assert.notEqual(stock.whatwgURL.parseURL, webweftWhatwgURL.parseURL);
  assert.notEqual(stock.jsdom.JSDOM, dropIn.jsdom.JSDOM);
  // The window's URL is the drop-in's interface.
  const { window } = open(dropIn.jsdom, '');
  const wrapper = createRequire(join(root, 'package.json'))('webweft/whatwg-url/webidl2js-wrapper');
  assert.ok(wrapper.URL.is(new window.URL('https://a.test/')));
  assert.ok(!wrapper.URL.is(new (open(stock.jsdom, '').window.URL)('https://a.test/')));
});

test('<a> and <area>: every WPT setters case, getters before and after, and the attribute', () => {
  let cases = 0;
  for (const [setter, list] of Object.entries(setters)) {
    if (setter === 'comment') continue;
    for (const { href, new_value: value } of list) {
      for (const tag of ['a', 'area']) {
        same(
          (jsdom) => {
            const { document } = open(jsdom, '');
            const element = document.createElement(tag);
            element.setAttribute('href', href);
            const before = getters(element);
            element[setter] = value;
            return { before, after: getters(element), attribute: element.getAttribute('href') };
          },
          `<${tag} href=${JSON.stringify(href)}>.${setter} = ${JSON.stringify(value)}`,
        );
        cases++;
      }
    }
  }
  assert.ok(cases > 500, `${cases} cases`);
});

test('<a>: getters over WPT urltestdata, resolved against a <base> (or about:blank)', () => {
  same((jsdom) => {
    const { document } = open(jsdom, '<base><a></a>');
    const base = document.querySelector('base');
    const a = document.querySelector('a');
    return urltestdata.map(({ input, base: baseURL }) => {
      if (baseURL === null || baseURL === undefined) base.removeAttribute('href');
      else base.setAttribute('href', baseURL);
      a.setAttribute('href', input);
      return { baseURI: document.baseURI, ...getters(a) };
    });
  });
});

test("the window's URL and URLSearchParams: urltestdata, statics, instanceof, searchParams, scripts", () => {
  same((jsdom) => {
    const { window } = open(jsdom, '', { runScripts: 'outside-only' });
    const results = urltestdata.map(({ input, base }) =>
      attempt(() => {
        const url = base === null || base === undefined ? new window.URL(input) : new window.URL(input, base);
        return { ...getters(url), json: url.toJSON(), string: `${url}`, isURL: url instanceof window.URL };
      }),
    );
    const { URL, URLSearchParams } = window;
    const url = new URL('https://example.test/p?b=2&a=1&a=3#h');
    url.searchParams.sort();
    url.searchParams.append('c', 'x y\u00e9');
    const params = new URLSearchParams([
      ['z', '1'],
      ['y', '2'],
    ]);
    params.set('z', '3');
    return {
      results,
      parse: [URL.parse('a', 'https://b.test/c/')?.href, URL.parse('no scheme'), URL.parse('https://\u00e9.test')?.host],
      canParse: [URL.canParse('https://a.test'), URL.canParse('a'), URL.canParse('a', 'https://b.test')],
      webkitURL: window.webkitURL === URL,
      tags: [
        Object.prototype.toString.call(url),
        Object.prototype.toString.call(url.searchParams),
        Object.prototype.toString.call(params.entries()),
      ],
      sameObject: url.searchParams === url.searchParams,
      href: url.href,
      search: url.search,
      entries: [...url.searchParams],
      params: [params.toString(), params.size, [...params.keys()], params.has('y', '2'), params.getAll('z')],
      record: `${new URLSearchParams({ a: '1', b: '\u00e9' })}`,
      scripted: window.eval(`
        const u = new URL('../x?q=1#f', 'https://s.test/a/b/c');
        u.searchParams.delete('q');
        u.hash = '';
        u.pathname = '/p q';
        u.port = '8080';
        [u.href, u instanceof URL, typeof URL.parse, new URLSearchParams('a=b').get('a'), String(new URL('data:,x').origin)].join(' ')`),
      errors: [
        attempt(() => new URL('nope')),
        attempt(() => new URL()),
        attempt(() => URL.prototype.href),
        attempt(() => new URLSearchParams([['a']])),
        attempt(() => Reflect.getOwnPropertyDescriptor(URL.prototype, 'search').get.call({})),
      ],
    };
  });
});

// Absolute URLs for documents (each a JSDOM of its own).
const DOCUMENT_URLS = [
  'https://example.test/',
  'https://user:pw@EXAMPLE.test:8443/a/./b/../c?x=1&y#frag',
  'http://[::1]:80/p',
  'http://192.168.0.1./index.html?',
  'https://xn--nxasmq6b.test/\u00e9?\u00e9#\u00e9',
  'https://\u00fc.test/',
  'file:///C:/dir/file.html',
  'about:blank',
  'data:text/html,hello',
  'blob:https://example.test/uuid',
  'sc://opaque.host/x',
  'http://example.test/%2e%2E/a',
];

test('location, hash navigation and history over documents at many URLs', async () => {
  for (const url of DOCUMENT_URLS) {
    const run = async (jsdom) => {
      const { window, document, messages } = open(jsdom, '<a id=t href="#target">x</a>', { url });
      const { location, history } = window;
      const events = [];
      window.addEventListener('hashchange', (event) => events.push([event.oldURL, event.newURL]));
      const first = { ...getters(location), string: `${location}`, documentURL: document.URL, baseURI: document.baseURI };
      attempt(() => {
        location.hash = 'next';
      });
      const afterHash = location.href;
      attempt(() => document.getElementById('t').click());
      attempt(() => history.pushState(null, '', '?pushed=1#p'));
      const afterPush = location.href;
      attempt(() => history.replaceState(null, '', 'replaced/path'));
      const afterReplace = [location.href, document.URL];
      for (const setter of ['search', 'pathname', 'host', 'hostname', 'port', 'protocol', 'href']) {
        attempt(() => {
          location[setter] = setter === 'href' ? 'https://elsewhere.test/' : 'changed';
        });
      }
      // jsdom runs a fragment navigation and then fires hashchange in tasks of their own
      // (setImmediate, one queued by the other): a few turns of the loop run them all.
      for (let turn = 0; turn < 5; turn++) await new Promise((done) => setImmediate(done));
      return { first, afterHash, afterPush, afterReplace, last: location.href, events, messages };
    };
    const expected = await run(stock.jsdom);
    assert.deepEqual(await run(dropIn.jsdom), expected, url);
  }
});

// Relative and odd URL attribute values, resolved against each document URL and <base>.
const VALUES = [
  '',
  ' ',
  'a',
  '../b/c?d#e',
  '//other.test/x',
  '/abs',
  '?q=\u00e9',
  '#f',
  'https://x.test/y',
  'javascript:void(0)',
  'http://[::1',
  'https://a b/',
  '\u00e9/\u{1f600}',
  'file:c:\\x',
  'mailto:a@b.test',
];

test('<form action>, formAction and reflected URL attributes (img, script, link, iframe, q, object, input, video)', () => {
  for (const url of DOCUMENT_URLS) {
    same((jsdom) => {
      const { document } = open(jsdom, '<form><button></button></form>', { url });
      const form = document.querySelector('form');
      const button = document.querySelector('button');
      const results = [{ action: form.action, formAction: button.formAction }];
      for (const baseHref of [null, 'https://base.test/dir/', 'relative/']) {
        let base = document.querySelector('base');
        if (baseHref === null) base?.remove();
        else {
          base ??= document.head.appendChild(document.createElement('base'));
          base.setAttribute('href', baseHref);
        }
        for (const value of VALUES) {
          form.setAttribute('action', value);
          button.setAttribute('formaction', value);
          const reflected = {};
          for (const [tag, attribute, property] of [
            ['img', 'src', 'src'],
            ['script', 'src', 'src'],
            ['link', 'href', 'href'],
            ['iframe', 'src', 'src'],
            ['q', 'cite', 'cite'],
            ['object', 'data', 'data'],
            ['input', 'src', 'src'],
            ['video', 'poster', 'poster'],
            ['base', 'href', 'href'],
          ]) {
            const element = document.createElement(tag);
            element.setAttribute(attribute, value);
            reflected[tag] = element[property];
          }
          results.push({
            baseHref,
            value,
            baseURI: document.baseURI,
            action: form.action,
            formAction: button.formAction,
            reflected,
          });
        }
      }
      return results;
    }, url);
  }
});

test("documents in legacy encodings: URLs in attributes get their queries encoded in the document's encoding", () => {
  for (const charset of [
    'windows-1252',
    'shift_jis',
    'gb18030',
    'euc-kr',
    'big5',
    'koi8-r',
    'utf-8',
    'utf-16le',
    'iso-2022-jp',
  ]) {
    same((jsdom) => {
      const html = `<meta charset="${charset}"><a href="?caf\u00e9=\u3042&\u20ac">x</a><img src="/p\u00e9?\u00e9"><a href="ws://w.test/?\u00e9">w</a><a href="sc://h/?\u00e9">s</a>`;
      const { document } = open(jsdom, Buffer.from(html, 'utf8'), { url: 'https://example.test/dir/' });
      return {
        charset: document.characterSet,
        links: [...document.querySelectorAll('a')].map((a) => a.href),
        img: document.querySelector('img').src,
      };
    }, charset);
  }
});
