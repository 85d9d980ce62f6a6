// The URL interface's implementation class for the webidl2js wrapper (generated/URL.js), as
// whatwg-url's lib/URL-impl.js is: the URL Standard's API (§6.1) over a URL record (`_url`) and
// a URLSearchParams implementation (`_query`), with webweft's record-level algorithms.
import URLWrapper from './generated/URL.js';
import URLSearchParamsWrapper from './generated/URLSearchParams.js';
import { recordAPI as api } from './record-api.js';
import { parseUrlencodedString } from './urlencoded.js';

export const implementation = class URLImpl {
  // The constructor's failures say which of the two strings did not parse.
  constructor(globalObject, [url, base]) {
    let parsedBase = null;
    if (base !== undefined) {
      parsedBase = api.basicURLParse(base);
      if (parsedBase === null) throw new TypeError(`Invalid base URL: ${base}`);
    }
    const parsedURL = api.basicURLParse(url, { baseURL: parsedBase });
    if (parsedURL === null) throw new TypeError(`Invalid URL: ${url}`);
    const query = parsedURL.query !== null ? parsedURL.query : '';
    this._url = parsedURL;
    // The query object, made through its constructor (which would strip a leading "?" from the
    // query: doNotStripQMark).
    this._query = URLSearchParamsWrapper.createImpl(globalObject, [query], { doNotStripQMark: true });
    this._query._url = this;
  }

  static parse(globalObject, input, base) {
    try {
      return URLWrapper.createImpl(globalObject, [input, base]);
    } catch {
      return null;
    }
  }

  static canParse(url, base) {
    let parsedBase = null;
    if (base !== undefined) {
      parsedBase = api.basicURLParse(base);
      if (parsedBase === null) return false;
    }
    return api.basicURLParse(url, { baseURL: parsedBase }) !== null;
  }

  get href() {
    return api.serializeURL(this._url);
  }

  set href(v) {
    const parsedURL = api.basicURLParse(v);
    if (parsedURL === null) throw new TypeError(`Invalid URL: ${v}`);
    this._url = parsedURL;
    this._query._list.splice(0);
    const { query } = parsedURL;
    if (query !== null) this._query._list = parseUrlencodedString(query);
  }

  get origin() {
    return api.serializeURLOrigin(this._url);
  }

  get protocol() {
    return `${this._url.scheme}:`;
  }

  set protocol(v) {
    api.basicURLParse(`${v}:`, { url: this._url, stateOverride: 'scheme start' });
  }

  get username() {
    return this._url.username;
  }

  set username(v) {
    if (api.cannotHaveAUsernamePasswordPort(this._url)) return;
    api.setTheUsername(this._url, v);
  }

  get password() {
    return this._url.password;
  }

  set password(v) {
    if (api.cannotHaveAUsernamePasswordPort(this._url)) return;
    api.setThePassword(this._url, v);
  }

  get host() {
    const url = this._url;
    if (url.host === null) return '';
    if (url.port === null) return api.serializeHost(url.host);
    return `${api.serializeHost(url.host)}:${api.serializeInteger(url.port)}`;
  }

  set host(v) {
    if (api.hasAnOpaquePath(this._url)) return;
    api.basicURLParse(v, { url: this._url, stateOverride: 'host' });
  }

  get hostname() {
    if (this._url.host === null) return '';
    return api.serializeHost(this._url.host);
  }

  set hostname(v) {
    if (api.hasAnOpaquePath(this._url)) return;
    api.basicURLParse(v, { url: this._url, stateOverride: 'hostname' });
  }

  get port() {
    if (this._url.port === null) return '';
    return api.serializeInteger(this._url.port);
  }

  set port(v) {
    if (api.cannotHaveAUsernamePasswordPort(this._url)) return;
    if (v === '') this._url.port = null;
    else api.basicURLParse(v, { url: this._url, stateOverride: 'port' });
  }

  get pathname() {
    return api.serializePath(this._url);
  }

  set pathname(v) {
    if (api.hasAnOpaquePath(this._url)) return;
    this._url.path = [];
    api.basicURLParse(v, { url: this._url, stateOverride: 'path start' });
  }

  get search() {
    if (this._url.query === null || this._url.query === '') return '';
    return `?${this._url.query}`;
  }

  set search(v) {
    const url = this._url;
    if (v === '') {
      url.query = null;
      this._query._list = [];
      return;
    }
    const input = v[0] === '?' ? v.substring(1) : v;
    url.query = '';
    api.basicURLParse(input, { url, stateOverride: 'query' });
    this._query._list = parseUrlencodedString(url.query);
  }

  get searchParams() {
    return this._query;
  }

  get hash() {
    if (this._url.fragment === null || this._url.fragment === '') return '';
    return `#${this._url.fragment}`;
  }

  set hash(v) {
    if (v === '') {
      this._url.fragment = null;
      return;
    }
    const input = v[0] === '#' ? v.substring(1) : v;
    this._url.fragment = '';
    api.basicURLParse(input, { url: this._url, stateOverride: 'fragment' });
  }

  toJSON() {
    return this.href;
  }
};
