// The URL Standard's API (§6): URL and URLSearchParams as WebIDL defines them, plus weft's
// extras: parseURL (validation errors), host helpers and the Public Suffix List.
//
// A URL object keeps its href (always ASCII) and the nine offsets the Rust parser reports
// (src/bindings/url.rs; layout in src/url/record.rs `component`) in its own private fields:
// there is no wasm object per URL, so nothing to free, and every getter is a slice. Parsing
// and setters cross into wasm once each; when the href equals the input, the caller's string
// is kept. A URLSearchParams list lives here as one flat array [name, value, name, value, …]
// (no array per pair); the form-urlencoded parser and serializer run in JS (no crossing; the
// figures are in docs/url.md, "URLSearchParams"), the parser falling back to wasm for
// percent-encoded bytes that are not UTF-8.
// Named imports (not a destructured namespace), so that bundlers can drop unused glue.
import * as glue from '#glue';
import { UrlHostOperation, UrlSetter } from '#glue';
import { loneSurrogateOffsets, memoryBytes, readAscii, writeString, writeU32s } from './io.js';
import { memoryStale, wasm, wasmInstantiated } from './runtime.js';
import { utf8Decoder as makeUtf8Decoder } from './utf8.js';
import { markPlatformObject } from './structured-clone/platform.js';
import { requireArguments, toDOMString, toUSVString, webidlInterface } from './webidl.js';
import { rethrowQueryEncoderFailure, setQueryEncoder } from './query-encoder.js';
import { parseFormUrlencoded, serializeFormUrlencoded } from './fallback/form-urlencoded.js';
// The encoding area (labels, and the encoders of queries in other encodings than UTF-8) and the
// Public Suffix List: other files with their own wasm, which a bundle that never calls
// parseURL or publicSuffix/registrableDomain leaves out.
import { labelToEncoding } from '#area/encoding';
import { lookUpPublicSuffix } from '#public-suffix';

// Statuses of urlParse/urlSet and the record layout: src/bindings/url.rs.
const FAILURE = 0;
const HREF_UNCHANGED = 1;
const NO_BASE = 0xffffffff;
const NO_LABEL = 0xffffffff;
const RECORD_LENGTH = 10;
const HREF_LENGTH = 9;
// FLAGS bits (src/url/record.rs `component::FLAGS`): host kind, scheme type, opaque path.
const HOST_KINDS = [null, 'domain', 'ipv4', 'ipv6', 'opaque', 'empty'];
const HOST_DOMAIN = 1;
const SCHEME_HTTP = 1;
const SCHEME_HTTPS = 2;
const SCHEME_FTP = 5;

let record = new Int32Array(0);
let recordExports = null;

/**
 * The record as an Int32Array (u32::MAX, "none", reads as -1), renewed when memory grows
 * (which detaches the old view: length 0) or the instance is replaced.
 */
function recordView() {
  if (recordExports !== wasm() || memoryStale(record)) {
    recordExports = wasm();
    record = new Int32Array(recordExports.memory.buffer, glue.urlRecord(), RECORD_LENGTH);
  }
  return record;
}

/** Writes the optional `base` after an input of `inputLength` bytes; urlParse's base_len. */
function writeBase(inputLength, base) {
  return base === undefined ? NO_BASE : writeString(base, inputLength);
}

/** The href after a successful parse or setter: `same` if unchanged, else the output buffer's. */
function resultHref(status, same) {
  return status === HREF_UNCHANGED ? same : readAscii(recordView()[HREF_LENGTH]);
}

// Module-private access to the classes' private state (set in their static blocks).
let constructURL;
let loadURL;
let setURLQuery;
let urlFlags;
let newParamsOfURL;
let setParamsList;
let paramsList;

/** A string for an error message: quoted, cut short if long. */
function quote(string) {
  return JSON.stringify(string.length > 200 ? `${string.slice(0, 200)}…` : string);
}

function invalidURL(input, base) {
  return new TypeError(`Invalid URL: ${quote(input)}${base === undefined ? '' : ` with base ${quote(base)}`}`);
}

/** The API URL parser: a new URL object, or null on failure. */
function apiParse(input, base) {
  const inputLength = writeString(input);
  const status = glue.urlParse(inputLength, writeBase(inputLength, base));
  return status === FAILURE ? null : new URL(INTERNAL, resultHref(status, input));
}

/** Passed to the URL constructor (with the href) to make a URL from the record as it is. */
const INTERNAL = Symbol('weft internal');

let memory32 = new Int32Array(0);
let memory32Exports = null;

/** All of wasm memory as an Int32Array (renewed as the record view is). */
function memoryInt32() {
  if (memory32Exports !== wasm() || memoryStale(memory32)) {
    memory32Exports = wasm();
    memory32 = new Int32Array(memory32Exports.memory.buffer);
  }
  return memory32;
}

/**
 * The form-urlencoded string parser over `input` (a scalar value string: the list slices it):
 * a flat list of names and values.
 */
function parseForm(input) {
  if (input === '') return [];
  try {
    return parseFormUrlencoded(input);
  } catch {
    // A percent-encoded sequence that is not UTF-8 (decodeURIComponent's URIError): wasm
    // decodes it as the standard says, with U+FFFD.
  }
  const count = glue.urlFormParse(writeString(input));
  const r = recordView();
  // Names and values as ranges of the input, or (negative: IN_OUTPUT set) of the decoded text.
  const decoded = r[1] === 0 ? '' : r[2] === 1 ? readAscii(r[1]) : readUtf8(r[1]);
  const ranges = memoryInt32();
  const list = [];
  for (let i = r[0] >>> 2, end = i + 2 * count; i < end; i += 4) {
    list.push(range(input, decoded, ranges[i], ranges[i + 1]), range(input, decoded, ranges[i + 2], ranges[i + 3]));
  }
  return list;
}

// The host's UTF-8 decoder read through globalThis (or a fallback where there is none; js/utf8.js).
const utf8Decoder = makeUtf8Decoder();

/** The output buffer's first `length` bytes, UTF-8, as a string. */
function readUtf8(length) {
  const address = glue.ioOutput();
  const string = utf8Decoder.decode(memoryBytes().subarray(address, address + length));
  glue.ioRelease();
  return string;
}

function range(input, decoded, start, end) {
  return start < 0 ? decoded.slice(start & 0x7fffffff, end & 0x7fffffff) : input.slice(start, end);
}

// A sufficient condition for the basic URL parser to succeed on an input without a base, so
// that URL.canParse needs no crossing for it (else wasm decides): an http(s) or file URL whose
// authority, which is all that can fail (§4.4: of the states this input passes through, only
// the authority, host and port states return failure; path, query and fragment never do), is
// a host of ASCII word characters, "-" and "." (an ASCII domain is only lowercased:
// src/url/host.rs `domain_to_ascii`; none of these is a forbidden domain code point) whose last
// label (before one trailing ".") starts with a letter, so that it does not end in a number (no
// IPv4 parse); then, for http(s), a port of at most four digits (file has none), and the end or
// the path, query or fragment. Leading C0 controls or spaces, and tabs or newlines in the
// authority, do not match: wasm strips them. tests/node/url.test.mjs checks it against the
// full parser.
const SURELY_PARSES =
  /^(?:https?:\/\/(?:[\w.-]*\.)?[A-Za-z][\w-]*\.?(?::\d{0,4})?|file:\/\/(?:(?:[\w.-]*\.)?[A-Za-z][\w-]*\.?)?)(?:[/\\?#]|$)/;
// The parser's input limit (src/url/parser.rs MAX_INPUT_LEN) in UTF-8 bytes: longer strings fail.
const MAX_INPUT_BYTES = 2 ** 30;
// Longer strings may be over it in UTF-8, at up to 3 bytes per code unit.
const SURELY_PARSES_MAX_LENGTH = MAX_INPUT_BYTES / 3;
// Captured at load: a page may replace RegExp.prototype.exec later.
const regExpExec = RegExp.prototype.exec;

// An input that the parser's fast path (src/url/parser.rs `scan_normalized`) takes as already
// normalized, so that it is its own href, in a subset simple enough to see at a glance
// (scanNormalized): "http://" or "https://"; a lowercase domain of ASCII letters, digits,
// "_", "-" and "." whose last label starts with a letter (so, as for SURELY_PARSES, no IPv4
// parse; an ASCII domain is only lowercased, and this one is) and that does not end in "."; no
// credentials; a port of one to four digits without a leading zero, not the scheme's default; a
// path of RFC 3986 pchar characters (letters, digits and -._~!$&'()*+,;=:@%), none of which is
// in the path percent-encode set, with no "." or ".." segment (nor one spelled with %2e); then
// a query of those but "'" (in the special-query set) and of "/" and "?", and a fragment of
// those and "'". So no C0 control, space, backslash or non-ASCII. The first `new URL` of such
// an input needs no wasm: a second copy of (part of) the Rust scan, kept because compiling
// url.wasm is most of a first call's time, and 53 % of the benchmark's URLs take this path
// (docs/url.md, "One crossing per operation"); tests/node/url-normalized.test.mjs checks its
// offsets against wasm's.
// A scan, not a regular expression: compiling one cost more than the rest of the first call.
// Its functions are `const f = (function () {...})`, which V8 compiles with the script rather
// than on the first call (as js/structured-clone/walker.js explains).
const IN_HOST = 1;
const IN_PATH = 2;
const IN_QUERY = 4;
const IN_FRAGMENT = 8;
const NORMALIZED_CLASSES = new Uint8Array(0x80);
{
  const add = (characters, classes) => {
    for (let i = 0; i < characters.length; i++) NORMALIZED_CLASSES[characters.charCodeAt(i)] |= classes;
  };
  const lower = 'abcdefghijklmnopqrstuvwxyz';
  const alphanumeric = `${lower}${lower.toUpperCase()}0123456789`;
  add(`${lower}0123456789_-.`, IN_HOST);
  add(`${alphanumeric}-._~!$&()*+,;=:@%`, IN_PATH | IN_QUERY | IN_FRAGMENT);
  add("'", IN_PATH | IN_FRAGMENT);
  add('/?', IN_QUERY | IN_FRAGMENT);
}

/** The end of the run of `href` from `i` whose characters are all in `classes`. */
// prettier-ignore
const skipNormalized = (function (href, i, classes) {
  const length = href.length;
  for (let c; i < length && (c = href.charCodeAt(i)) < 0x80 && (NORMALIZED_CLASSES[c] & classes) !== 0; ) i++;
  return i;
});

/** Whether href[start, end) is a "." or ".." path segment, "." also as "%2e" (§4.2). */
// prettier-ignore
const isDotSegment = (function (href, start, end) {
  let dots = 0;
  for (let i = start; i < end; dots++) {
    if (href.charCodeAt(i) === 0x2e) i++;
    else if (href.charCodeAt(i) === 0x25 && href.charCodeAt(i + 1) === 0x32 && (href.charCodeAt(i + 2) | 0x20) === 0x65) i += 3;
    else return false;
  }
  return dots === 1 || dots === 2;
});

// scanNormalized's output: the components in the layout of wasm's record.
const NORMALIZED_RECORD = new Int32Array(RECORD_LENGTH);

/**
 * Whether `href` is in the normalized form described above; if so, NORMALIZED_RECORD holds the
 * components that wasm's record would hold for it.
 */
// prettier-ignore
const scanNormalized = (function (href) {
  const length = href.length;
  if (length > MAX_INPUT_BYTES || href.charCodeAt(0) !== 0x68 || href.charCodeAt(1) !== 0x74 || href.charCodeAt(2) !== 0x74 || href.charCodeAt(3) !== 0x70) return false;
  const https = href.charCodeAt(4) === 0x73;
  const protocolEnd = https ? 6 : 5;
  if (href.charCodeAt(protocolEnd - 1) !== 0x3a || href.charCodeAt(protocolEnd) !== 0x2f || href.charCodeAt(protocolEnd + 1) !== 0x2f) return false;
  const hostStart = protocolEnd + 2;
  const hostEnd = skipNormalized(href, hostStart, IN_HOST);
  const lastLabel = href.lastIndexOf('.', hostEnd - 1) + 1;
  const first = href.charCodeAt(lastLabel < hostStart ? hostStart : lastLabel);
  if (hostEnd === hostStart || first < 0x61 || first > 0x7a) return false;
  let port = -1;
  let i = hostEnd;
  if (href.charCodeAt(i) === 0x3a) {
    const digits = ++i;
    while (i < length && i - digits < 4 && href.charCodeAt(i) >= 0x30 && href.charCodeAt(i) <= 0x39) i++;
    port = +href.slice(digits, i);
    if (i === digits || href.charCodeAt(digits) === 0x30 || port === (https ? 443 : 80)) return false;
  }
  const pathnameStart = i;
  if (href.charCodeAt(i) !== 0x2f) return false;
  do {
    const segment = i + 1;
    i = skipNormalized(href, segment, IN_PATH);
    if (isDotSegment(href, segment, i)) return false;
  } while (href.charCodeAt(i) === 0x2f);
  let searchStart = -1;
  if (href.charCodeAt(i) === 0x3f) {
    searchStart = i;
    i = skipNormalized(href, i + 1, IN_QUERY);
  }
  let hashStart = -1;
  if (href.charCodeAt(i) === 0x23) {
    hashStart = i;
    i = skipNormalized(href, i + 1, IN_FRAGMENT);
  }
  if (i !== length) return false;
  const r = NORMALIZED_RECORD;
  r[0] = protocolEnd;
  r[1] = hostStart;
  r[2] = hostStart;
  r[3] = hostEnd;
  r[4] = port;
  r[5] = pathnameStart;
  r[6] = searchStart;
  r[7] = hashStart;
  r[8] = HOST_DOMAIN | ((https ? SCHEME_HTTPS : SCHEME_HTTP) << 3);
  return true;
});

/** The URL class (URL Standard §6.1). */
export class URL {
  // The href, then its components (src/url/record.rs `Url::components`; -1 for none).
  #href;
  #protocolEnd;
  #usernameEnd;
  #hostStart;
  #hostEnd;
  #port;
  #pathnameStart;
  #searchStart;
  #hashStart;
  #flags;
  // The query object, made when first asked for (it is then what the spec's would be).
  #searchParams = null;

  constructor(url, base = undefined) {
    constructURL(this, url, base, arguments.length);
  }

  // The constructor's work and #load's, in functions in parentheses: V8 compiles those with the
  // script, where it compiles a class's methods on their first call (docs/speed.md, "Cold first
  // calls"); the constructor itself stays one call long.
  static {
    urlFlags = (url) => url.#flags;
    setURLQuery = (url, query) => url.#setQuery(query);
    // prettier-ignore
    constructURL = (function (url, input, base, argumentCount) {
      markPlatformObject(url, 'URL');
      if (input === INTERNAL) {
        loadURL(url, base, recordView());
        return;
      }
      requireArguments(argumentCount, 1, "Failed to construct 'URL'");
      input = toDOMString(input);
      if (base !== undefined) base = toDOMString(base);
      else if (!wasmInstantiated() && scanNormalized(input)) {
        // Until the wasm is instantiated (compiling it is most of a first call's time), a
        // normalized input is taken here; after that, the wasm path is no slower (docs/url.md,
        // "One crossing per operation").
        loadURL(url, input, NORMALIZED_RECORD);
        return;
      }
      // Lone surrogates become U+FFFD on the way into wasm (USVString).
      const inputLength = writeString(input);
      const status = glue.urlParse(inputLength, writeBase(inputLength, base));
      if (status === FAILURE) throw invalidURL(input, base);
      loadURL(url, resultHref(status, input), recordView());
    });
    /** Takes the href and the record's components (wasm's, or scanNormalized's). */
    // prettier-ignore
    loadURL = (function (url, href, r) {
      url.#href = href;
      url.#protocolEnd = r[0];
      url.#usernameEnd = r[1];
      url.#hostStart = r[2];
      url.#hostEnd = r[3];
      url.#port = r[4];
      url.#pathnameStart = r[5];
      url.#searchStart = r[6];
      url.#hashStart = r[7];
      url.#flags = r[8];
    });
    // The constructor and the href getter, compiled now rather than on the first call: V8
    // compiles a class's members on their first run, and no hint reaches them. A URL of
    // scanNormalized's form needs no wasm (wasmInstantiated() is read, never changed).
    void new this('http://a.a/').href;
  }

  /** Runs a setter in wasm with the href and the value. */
  #set(setter, value) {
    const href = this.#href;
    // The href is ASCII: its UTF-8 length is its length.
    const status = glue.urlSet(setter, writeString(href), writeString(value, href.length));
    if (status === FAILURE) return false;
    if (status !== HREF_UNCHANGED || setter === UrlSetter.Href)
      loadURL(this, resultHref(status, setter === UrlSetter.Href ? value : href), recordView());
    return true;
  }

  #pathEnd() {
    return this.#searchStart !== -1 ? this.#searchStart : this.#hashStart !== -1 ? this.#hashStart : this.#href.length;
  }

  /** The URLSearchParams update steps' "set url's query" with an ASCII query or null. */
  #setQuery(query) {
    const href = this.#href;
    const pathEnd = this.#pathEnd();
    const fragment = this.#hashStart === -1 ? '' : href.slice(this.#hashStart);
    const search = query === null ? '' : `?${query}`;
    this.#href = href.slice(0, pathEnd) + search + fragment;
    this.#searchStart = query === null ? -1 : pathEnd;
    if (this.#hashStart !== -1) this.#hashStart = pathEnd + search.length;
  }

  static parse(url, base = undefined) {
    requireArguments(arguments.length, 1, "Failed to execute 'parse' on 'URL'");
    url = toDOMString(url);
    if (base !== undefined) base = toDOMString(base);
    return apiParse(url, base);
  }

  static canParse(url, base = undefined) {
    requireArguments(arguments.length, 1, "Failed to execute 'canParse' on 'URL'");
    url = toDOMString(url);
    if (base === undefined && url.length <= SURELY_PARSES_MAX_LENGTH && regExpExec.call(SURELY_PARSES, url) !== null) return true;
    if (base !== undefined) base = toDOMString(base);
    const inputLength = writeString(url);
    return glue.urlCanParse(inputLength, writeBase(inputLength, base));
  }

  get href() {
    return this.#href;
  }

  set href(value) {
    // (this.#set is looked up, a brand check, before the value is converted.)
    if (!this.#set(UrlSetter.Href, (value = toDOMString(value)))) throw invalidURL(value);
    // The query object's list is re-parsed from the new query.
    if (this.#searchParams !== null) setParamsList(this.#searchParams, this.#queryList());
  }

  #queryList() {
    const search = this.#searchStart;
    return search === -1 ? [] : parseForm(this.#href.slice(search + 1, this.#hashStart === -1 ? undefined : this.#hashStart));
  }

  get origin() {
    const scheme = (this.#flags >> 3) & 7;
    const href = this.#href;
    if (scheme >= SCHEME_HTTP && scheme <= SCHEME_FTP) {
      // A tuple origin: scheme "://" host, and ":" port if non-null (host includes the port).
      return `${href.slice(0, this.#protocolEnd)}//${href.slice(this.#hostStart, this.#pathnameStart)}`;
    }
    if (scheme === 0 && this.#protocolEnd === 5 && href.startsWith('blob:')) {
      // A blob: URL without a blob URL entry: the origin of the URL its path parses to, if
      // that is an http(s) URL (a file: URL's origin is opaque).
      const inner = apiParse(this.pathname, undefined);
      const innerScheme = inner === null ? 0 : (inner.#flags >> 3) & 7;
      if (innerScheme === SCHEME_HTTP || innerScheme === SCHEME_HTTPS) return inner.origin;
    }
    return 'null';
  }

  get protocol() {
    return this.#href.slice(0, this.#protocolEnd);
  }

  set protocol(value) {
    this.#set(UrlSetter.Protocol, toDOMString(value));
  }

  get username() {
    return (this.#flags & 7) === 0 ? '' : this.#href.slice(this.#protocolEnd + 2, this.#usernameEnd);
  }

  set username(value) {
    this.#set(UrlSetter.Username, toDOMString(value));
  }

  get password() {
    return this.#hostStart > this.#usernameEnd + 1 ? this.#href.slice(this.#usernameEnd + 1, this.#hostStart - 1) : '';
  }

  set password(value) {
    this.#set(UrlSetter.Password, toDOMString(value));
  }

  get host() {
    return (this.#flags & 7) === 0 ? '' : this.#href.slice(this.#hostStart, this.#pathnameStart);
  }

  set host(value) {
    this.#set(UrlSetter.Host, toDOMString(value));
  }

  get hostname() {
    return this.#href.slice(this.#hostStart, this.#hostEnd);
  }

  set hostname(value) {
    this.#set(UrlSetter.Hostname, toDOMString(value));
  }

  get port() {
    return this.#port === -1 ? '' : `${this.#port}`;
  }

  set port(value) {
    this.#set(UrlSetter.Port, toDOMString(value));
  }

  get pathname() {
    return this.#href.slice(this.#pathnameStart, this.#pathEnd());
  }

  set pathname(value) {
    this.#set(UrlSetter.Pathname, toDOMString(value));
  }

  get search() {
    const start = this.#searchStart;
    if (start === -1) return '';
    const end = this.#hashStart === -1 ? this.#href.length : this.#hashStart;
    return end - start > 1 ? this.#href.slice(start, end) : '';
  }

  set search(value) {
    this.#set(UrlSetter.Search, (value = toUSVString(value)));
    // The query object's list is the parse of the value (not of the encoded query): make the
    // object now, if it does not exist yet, so that it starts from this list.
    const list = parseForm(value.startsWith('?') ? value.slice(1) : value);
    if (this.#searchParams === null) this.#searchParams = newParamsOfURL(this, list);
    else setParamsList(this.#searchParams, list);
  }

  get searchParams() {
    if (this.#searchParams === null) this.#searchParams = newParamsOfURL(this, this.#queryList());
    return this.#searchParams;
  }

  get hash() {
    const start = this.#hashStart;
    return start === -1 || this.#href.length - start <= 1 ? '' : this.#href.slice(start);
  }

  set hash(value) {
    this.#set(UrlSetter.Hash, toDOMString(value));
  }

  toJSON() {
    return this.#href;
  }

  toString() {
    return this.#href;
  }
}

/** The iterator objects of URLSearchParams (WebIDL default iterator objects). */
class URLSearchParamsIterator {
  #params;
  #kind;
  #index = 0;

  constructor(params, kind) {
    this.#params = params;
    this.#kind = kind;
  }

  next() {
    // Live: the index runs over the list as it is now.
    const list = paramsList(this.#params);
    const index = 2 * this.#index;
    if (index >= list.length) return { value: undefined, done: true };
    this.#index++;
    const name = list[index];
    const value = list[index + 1];
    const kind = this.#kind;
    return { value: kind === 'key+value' ? [name, value] : kind === 'key' ? name : value, done: false };
  }
}

/** The URLSearchParams class (URL Standard §6.2). */
export class URLSearchParams {
  #list = [];
  #url = null;

  constructor(init = '') {
    markPlatformObject(this, 'URLSearchParams');
    // (sequence<sequence<USVString>> or record<USVString, USVString> or USVString): an
    // object with a @@iterator method is a sequence, any other object a record.
    if (init !== null && (typeof init === 'object' || typeof init === 'function')) {
      const method = init[Symbol.iterator];
      if (method !== undefined && method !== null) {
        if (typeof method !== 'function')
          throw new TypeError("Failed to construct 'URLSearchParams': @@iterator is not callable.");
        this.#list = flatten(sequenceOfPairs(init, method));
      } else {
        this.#list = flatten(recordPairs(init));
      }
    } else {
      // (The USVString itself: parseForm slices it.)
      const string = toUSVString(init);
      this.#list = parseForm(string.startsWith('?') ? string.slice(1) : string);
    }
  }

  static {
    newParamsOfURL = (url, list) => {
      const params = new URLSearchParams();
      params.#url = url;
      params.#list = list;
      return params;
    };
    setParamsList = (params, list) => {
      params.#list = list;
    };
    paramsList = (params) => params.#list;
  }

  /** The update steps: the URL object's query becomes the serialization (null if empty). */
  #update() {
    if (this.#url === null) return;
    const serialized = serializeFormUrlencoded(this.#list);
    setURLQuery(this.#url, serialized === '' ? null : serialized);
  }

  get size() {
    return this.#list.length >> 1;
  }

  append(name, value) {
    this.#brand();
    requireArguments(arguments.length, 2, "Failed to execute 'append' on 'URLSearchParams'");
    this.#list.push(toUSVString(name), toUSVString(value));
    this.#update();
  }

  delete(name, value = undefined) {
    this.#brand();
    requireArguments(arguments.length, 1, "Failed to execute 'delete' on 'URLSearchParams'");
    name = toUSVString(name);
    if (value !== undefined) value = toUSVString(value);
    // In place, keeping the tuples that do not match.
    const list = this.#list;
    let kept = 0;
    for (let i = 0; i < list.length; i += 2) {
      if (list[i] !== name || (value !== undefined && list[i + 1] !== value)) {
        list[kept++] = list[i];
        list[kept++] = list[i + 1];
      }
    }
    if (kept < list.length) list.length = kept;
    this.#update();
  }

  get(name) {
    this.#brand();
    requireArguments(arguments.length, 1, "Failed to execute 'get' on 'URLSearchParams'");
    name = toUSVString(name);
    const list = this.#list;
    for (let i = 0; i < list.length; i += 2) if (list[i] === name) return list[i + 1];
    return null;
  }

  getAll(name) {
    this.#brand();
    requireArguments(arguments.length, 1, "Failed to execute 'getAll' on 'URLSearchParams'");
    name = toUSVString(name);
    const list = this.#list;
    const values = [];
    for (let i = 0; i < list.length; i += 2) if (list[i] === name) values.push(list[i + 1]);
    return values;
  }

  has(name, value = undefined) {
    this.#brand();
    requireArguments(arguments.length, 1, "Failed to execute 'has' on 'URLSearchParams'");
    name = toUSVString(name);
    if (value !== undefined) value = toUSVString(value);
    const list = this.#list;
    for (let i = 0; i < list.length; i += 2) {
      if (list[i] === name && (value === undefined || list[i + 1] === value)) return true;
    }
    return false;
  }

  set(name, value) {
    this.#brand();
    requireArguments(arguments.length, 2, "Failed to execute 'set' on 'URLSearchParams'");
    name = toUSVString(name);
    value = toUSVString(value);
    // In place: the first tuple named `name` takes the value, the others go.
    const list = this.#list;
    let kept = 0;
    let found = false;
    for (let i = 0; i < list.length; i += 2) {
      if (list[i] !== name) {
        list[kept++] = list[i];
        list[kept++] = list[i + 1];
      } else if (!found) {
        found = true;
        list[kept++] = name;
        list[kept++] = value;
      }
    }
    if (kept < list.length) list.length = kept;
    if (!found) list.push(name, value);
    this.#update();
  }

  sort() {
    // Stable (Array.prototype.sort is), by code units (as JS compares strings), over pairs.
    const list = this.#list;
    const pairs = [];
    for (let i = 0; i < list.length; i += 2) pairs.push([list[i], list[i + 1]]);
    pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    this.#list = flatten(pairs);
    this.#update();
  }

  entries() {
    return new URLSearchParamsIterator(this.#brand(), 'key+value');
  }

  keys() {
    return new URLSearchParamsIterator(this.#brand(), 'key');
  }

  values() {
    return new URLSearchParamsIterator(this.#brand(), 'value');
  }

  forEach(callback, thisArg = undefined) {
    this.#brand();
    requireArguments(arguments.length, 1, "Failed to execute 'forEach' on 'URLSearchParams'");
    if (typeof callback !== 'function')
      throw new TypeError("Failed to execute 'forEach' on 'URLSearchParams': the callback is not a function.");
    // Live: each step reads the list as it is then.
    for (let i = 0; i < this.#list.length; i += 2) {
      const name = this.#list[i];
      const value = this.#list[i + 1];
      callback.call(thisArg, value, name, this);
    }
  }

  toString() {
    return serializeFormUrlencoded(this.#list);
  }

  /** Brand check: a TypeError unless this is a URLSearchParams object; returns this. */
  #brand() {
    if (!(#list in this)) throw new TypeError('Illegal invocation: not a URLSearchParams object');
    return this;
  }
}

/** A flat list from [name, value] pairs. */
function flatten(pairs) {
  const list = [];
  for (let i = 0; i < pairs.length; i++) list.push(pairs[i][0], pairs[i][1]);
  return list;
}

/** WebIDL sequence<sequence<USVString>> from an iterable, then the pairs' size check. */
function sequenceOfPairs(iterable, method) {
  const pairs = [];
  for (const inner of iterateWith(iterable, method)) {
    if (inner === null || (typeof inner !== 'object' && typeof inner !== 'function')) {
      throw new TypeError("Failed to construct 'URLSearchParams': the provided value cannot be converted to a sequence.");
    }
    const innerMethod = inner[Symbol.iterator];
    if (typeof innerMethod !== 'function') {
      throw new TypeError("Failed to construct 'URLSearchParams': the provided value cannot be converted to a sequence.");
    }
    const pair = [];
    for (const item of iterateWith(inner, innerMethod)) pair.push(toUSVString(item));
    pairs.push(pair);
  }
  for (const pair of pairs) {
    if (pair.length !== 2) {
      throw new TypeError("Failed to construct 'URLSearchParams': each pair must have exactly two items (a name and a value).");
    }
  }
  return pairs;
}

/** Iterates `object` with a given @@iterator method (ECMAScript GetIterator with a method). */
function* iterateWith(object, method) {
  const iterator = method.call(object);
  if (iterator === null || (typeof iterator !== 'object' && typeof iterator !== 'function')) {
    throw new TypeError('Result of the Symbol.iterator method is not an object');
  }
  const next = iterator.next;
  for (;;) {
    const result = next.call(iterator);
    if (result === null || (typeof result !== 'object' && typeof result !== 'function')) {
      throw new TypeError(`Iterator result ${String(result)} is not an object`);
    }
    if (result.done) return;
    yield result.value;
  }
}

/** WebIDL record<USVString, USVString>: own enumerable keys in order, later duplicates replacing. */
function recordPairs(object) {
  const result = new Map();
  for (const key of Reflect.ownKeys(object)) {
    const descriptor = Reflect.getOwnPropertyDescriptor(object, key);
    if (descriptor === undefined || !descriptor.enumerable) continue;
    const typedKey = toUSVString(key);
    result.set(typedKey, toUSVString(object[key]));
  }
  return [...result];
}

webidlInterface(URL, 'URL');
webidlInterface(URLSearchParams, 'URLSearchParams');
// (The iterator's class is never exposed: its prototype loses its constructor below.)
webidlInterface(URLSearchParamsIterator, 'URLSearchParams Iterator');
Object.defineProperty(URLSearchParams.prototype, Symbol.iterator, {
  value: URLSearchParams.prototype.entries,
  writable: true,
  configurable: true,
});
// The iterator prototype: [[Prototype]] %IteratorPrototype%, and no constructor.
Object.setPrototypeOf(URLSearchParamsIterator.prototype, Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())));
delete URLSearchParamsIterator.prototype.constructor;

// ----- weft's extras (not in the standard)

/** The host's type of a URL object: 'domain', 'ipv4', 'ipv6', 'opaque', 'empty', or null. */
export function hostType(url) {
  requireArguments(arguments.length, 1, 'hostType');
  return HOST_KINDS[urlFlags(url) & 7];
}

/**
 * The basic URL parser with its validation errors: {url, errors}, `url` a URL object or null
 * on failure, `errors` [{type, position, inBase}] in the order found (`position` a UTF-16
 * index into the input, or into the base when `inBase`). A lone surrogate is parsed as U+FFFD
 * and, where the parser validates URL units, is an invalid-URL-unit. `options.encoding`: an
 * Encoding Standard label; its output encoding (UTF-8 for UTF-16BE/LE and replacement) encodes
 * the query. An unknown label is a RangeError.
 */
export function parseURL(input, base = undefined, options = undefined) {
  requireArguments(arguments.length, 1, 'parseURL');
  input = toDOMString(input);
  if (base !== undefined) base = toDOMString(base);
  let label = options?.encoding;
  if (label !== undefined) label = queryEncoding(toDOMString(label));
  // Input, base and label one after the other in the input buffer.
  const inputLength = writeString(input);
  const baseLength = writeBase(inputLength, base);
  const labelOffset = inputLength + (base === undefined ? 0 : baseLength);
  const labelLength = label === undefined ? NO_LABEL : writeString(label, labelOffset);
  // The lone surrogates of input and base (DOMStrings, U+FFFD once written) are no URL code
  // points: the parser learns where they are.
  const surrogates = loneSurrogateOffsets(input);
  if (base !== undefined) surrogates.push(...loneSurrogateOffsets(base, inputLength));
  if (surrogates.length !== 0) writeU32s(glue.urlLoneSurrogates(surrogates.length), surrogates);
  const result = glue.urlParseWithErrors(inputLength, baseLength, labelLength);
  if (label !== undefined) rethrowQueryEncoderFailure();
  const status = result[0];
  const url = status === FAILURE ? null : new URL(INTERNAL, resultHref(status, input));
  const errors = [];
  for (let i = 1; i < result.length; i += 3) errors.push({ type: result[i], position: result[i + 1], inBase: result[i + 2] });
  return { url, errors };
}

/**
 * The query's encoding for parseURL's label: get an encoding, then get an output encoding (the
 * caller's steps in URL §4.4); undefined for UTF-8, which needs no encoder. The encoding area
 * knows the labels and encodes the query for the url wasm (js/query-encoder.js).
 */
function queryEncoding(label) {
  const name = labelToEncoding(label);
  if (name === null) throw new RangeError(`parseURL: the encoding label provided ('${label}') is invalid.`);
  if (name === 'UTF-8' || name === 'UTF-16BE' || name === 'UTF-16LE' || name === 'replacement') return undefined;
  setQueryEncoder(labelToEncoding[QUERY_ENCODER]);
  return name;
}

// The property of the encoding area's labelToEncoding that holds its query encoder (not API).
const QUERY_ENCODER = '__webweftEncodeQuery';

const NO_RESULT = -1;

function hostOperation(operation, args, name) {
  requireArguments(args.length, 1, name);
  const input = toDOMString(args[0]);
  const length = glue.urlHostOperation(operation, writeString(input));
  if (length === NO_RESULT) return null;
  const unicode = operation === UrlHostOperation.DomainToUnicode || operation === UrlHostOperation.DomainToUnicodeStrict;
  return unicode ? readUtf8(length) : readAscii(length);
}

/** The beStrict member of a {beStrict} options dictionary (WebIDL: undefined or null is {}). */
function beStrict(options, name) {
  if (options === undefined || options === null) return false;
  if (typeof options !== 'object' && typeof options !== 'function') {
    throw new TypeError(`weft.${name}: options must be an object such as { beStrict: true }`);
  }
  return !!options.beStrict;
}

/** The host parser then serializer: a host's canonical form ("EXAMPLE.com" → "example.com"), or null. */
export function parseHost(input) {
  return hostOperation(UrlHostOperation.Parse, arguments, 'parseHost');
}

/**
 * Domain to ASCII, or null on failure. `options.beStrict` (default false) adds UTS #46's
 * VerifyDnsLength, CheckHyphens and UseSTD3ASCIIRules: true exactly for a valid domain.
 */
export function domainToASCII(domain, options = undefined) {
  requireArguments(arguments.length, 1, 'domainToASCII');
  // WebIDL converts the arguments in order: the domain, then the options.
  const input = toDOMString(domain);
  const operation = beStrict(options, 'domainToASCII') ? UrlHostOperation.DomainToAsciiStrict : UrlHostOperation.DomainToAscii;
  return hostOperation(operation, [input], 'domainToASCII');
}

/**
 * Domain to Unicode: UTS #46 ToUnicode's output, which it returns even when it records an
 * error (a label that fails to decode stays as it was). `options.beStrict` as for domainToASCII.
 */
export function domainToUnicode(domain, options = undefined) {
  requireArguments(arguments.length, 1, 'domainToUnicode');
  // WebIDL converts the arguments in order: the domain, then the options.
  const input = toDOMString(domain);
  const operation = beStrict(options, 'domainToUnicode')
    ? UrlHostOperation.DomainToUnicodeStrict
    : UrlHostOperation.DomainToUnicode;
  return hostOperation(operation, [input], 'domainToUnicode');
}

/** The public suffix of a host (parsed first), or null when it is not a domain. */
export function publicSuffix(host) {
  const domain = hostOperation(UrlHostOperation.ParseDomain, arguments, 'publicSuffix');
  return domain === null ? null : lookUpPublicSuffix(domain, false);
}

/** The registrable domain of a host (parsed first), or null. */
export function registrableDomain(host) {
  const domain = hostOperation(UrlHostOperation.ParseDomain, arguments, 'registrableDomain');
  return domain === null ? null : lookUpPublicSuffix(domain, true);
}
