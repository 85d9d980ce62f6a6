// whatwg-url's record-level API (its README's "Low-level URL Standard API"): URL records as the
// plain mutable objects whatwg-url hands out ({scheme, username, password, host, port, path,
// query, fragment}), over the URL Standard's algorithms in wasm (src/bindings/url_records.rs has
// the crossing's layout). A record crosses as its strings in the input buffer plus a table of
// u32s; a parse comes back as its href plus the components' offsets, and the fields are slices.
// The serializers and the predicates are a few lines of string work on the record itself (URL
// §4.5, §3.6), done here: a crossing would cost more than they do.
import * as glue from '#glue';
import { loneSurrogateOffsets, memoryBytes, readAscii, readBytes, writeBytes, writeString, writeU32s } from '../io.js';
import { memoryStale, wasm } from '../runtime.js';
import { utf8Decoder as makeUtf8Decoder } from '../utf8.js';
import { rethrowQueryEncoderFailure, setQueryEncoder } from '../query-encoder.js';
// The encoding area: labels, and the encoders of queries in other encodings than UTF-8 (a file
// of its own with its own wasm, loaded only by a parse with such an encoding).
import { labelToEncoding } from '#area/encoding';

// urlBasicParse's statuses and arguments (src/bindings/url_records.rs).
const PARSED = 1;
const FAILURE_MODIFIED = 2;
const URL_GIVEN = 1;
const BASE_GIVEN = 2;
const NO_LABEL = 0xffffffff;
const NONE = 0xffffffff;
// A record's table, JS → wasm (RECORD_IN_LEN u32s per slot; slot 0 the URL, slot 1 the base).
const RECORD_IN_LEN = 15;
const SCHEME_LEN = 0;
const USERNAME_LEN = 1;
const PASSWORD_LEN = 2;
const HOST_KIND = 3;
const HOST_LEN = 4;
const IPV4 = 5;
const IPV6_IN = 6;
const PORT_IN = 10;
const PATH_LEN = 11;
const PATH_OPAQUE = 12;
const QUERY_LEN = 13;
const FRAGMENT_LEN = 14;
// Host kinds in both tables (src/url/record.rs `component::FLAGS`, bits 0–2).
const HOST_NULL = 0;
const HOST_DOMAIN = 1;
const HOST_IPV4 = 2;
const HOST_IPV6 = 3;
const HOST_OPAQUE = 4;
const HOST_EMPTY = 5;
// The table wasm → JS: Url::components, then the href's length and whether it is ASCII, the
// addresses, the validation errors.
const RECORD_OUT_LEN = 18;
const PROTOCOL_END = 0;
const USERNAME_END = 1;
const HOST_START = 2;
const HOST_END = 3;
const PORT_OUT = 4;
const PATHNAME_START = 5;
const SEARCH_START = 6;
const HASH_START = 7;
const FLAGS = 8;
const HREF_LENGTH = 9;
const HREF_ASCII = 10;
const IPV4_OUT = 11;
const IPV6_OUT = 12;
const ERRORS_ADDRESS = 16;
const ERROR_COUNT = 17;
const OPAQUE_PATH = 64;

// whatwg-url's state override names, in the order of ParserState::ALL (urlBasicParse takes the
// index + 1).
const STATES = [
  'scheme start',
  'scheme',
  'no scheme',
  'special relative or authority',
  'path or authority',
  'relative',
  'relative slash',
  'special authority slashes',
  'special authority ignore slashes',
  'authority',
  'host',
  'hostname',
  'port',
  'file',
  'file slash',
  'file host',
  'path start',
  'path',
  'opaque path',
  'query',
  'fragment',
];
const STATE_INDEX = new Map(STATES.map((name, i) => [name, i + 1]));

const SPECIAL_SCHEMES = new Set(['ftp', 'file', 'http', 'https', 'ws', 'wss']);

let tableIn = new Uint32Array(0);
let tableOut = new Uint32Array(0);
let tablesExports = null;

/** The two tables as Uint32Arrays, renewed when memory changes or the instance is replaced. */
function tables() {
  if (tablesExports !== wasm() || memoryStale(tableIn) || memoryStale(tableOut)) {
    tablesExports = wasm();
    const buffer = tablesExports.memory.buffer;
    tableIn = new Uint32Array(buffer, glue.urlRecordsIn(), 2 * RECORD_IN_LEN);
    tableOut = new Uint32Array(buffer, glue.urlRecordOut(), RECORD_OUT_LEN);
  }
}

const utf8Decoder = makeUtf8Decoder();

/** The output buffer's first `length` bytes, UTF-8, as a string. */
function readUtf8(length) {
  const address = glue.ioOutput();
  const string = utf8Decoder.decode(memoryBytes().subarray(address, address + length));
  glue.ioRelease();
  return string;
}

/**
 * Writes record `url` into table slot `slot` and its strings into the input buffer from byte
 * `at`; returns the byte after them. (The strings are the record's as they are: a record that
 * code mutated into something the URL Standard's types cannot hold is converted with String().)
 */
function writeRecord(url, slot, at) {
  // The table is filled last: writing a string may grow memory, which detaches its view.
  const t = RECORD_FIELDS;
  const scheme = `${url.scheme}`;
  const username = `${url.username}`;
  const password = `${url.password}`;
  const host = url.host;
  let hostString = '';
  if (host === null || host === undefined) {
    t[HOST_KIND] = HOST_NULL;
  } else if (typeof host === 'number') {
    t[HOST_KIND] = HOST_IPV4;
    t[IPV4] = host;
  } else if (Array.isArray(host)) {
    t[HOST_KIND] = HOST_IPV6;
    for (let i = 0; i < 4; i++) t[IPV6_IN + i] = ((host[2 * i] & 0xffff) << 16) | (host[2 * i + 1] & 0xffff);
  } else if (host === '') {
    t[HOST_KIND] = HOST_EMPTY;
  } else {
    // A domain for a special scheme (the host parser returns one only there), else opaque.
    t[HOST_KIND] = SPECIAL_SCHEMES.has(scheme) ? HOST_DOMAIN : HOST_OPAQUE;
    hostString = `${host}`;
  }
  const port = url.port;
  t[PORT_IN] = port === null || port === undefined ? NONE : port;
  const path = url.path;
  const opaque = typeof path === 'string';
  t[PATH_OPAQUE] = opaque ? 1 : 0;
  const pathString = opaque ? path : path.length === 0 ? '' : `/${path.join('/')}`;
  const query = url.query === null || url.query === undefined ? null : `${url.query}`;
  const fragment = url.fragment === null || url.fragment === undefined ? null : `${url.fragment}`;
  // One write of them all, which for ASCII (nearly every record) gives each one's UTF-8 length
  // as its length; else one write each.
  const joined = scheme + username + password + hostString + pathString + (query ?? '') + (fragment ?? '');
  const written = writeString(joined, at);
  if (written === joined.length) {
    t[SCHEME_LEN] = scheme.length;
    t[USERNAME_LEN] = username.length;
    t[PASSWORD_LEN] = password.length;
    t[HOST_LEN] = hostString.length;
    t[PATH_LEN] = pathString.length;
    t[QUERY_LEN] = query === null ? NONE : query.length;
    t[FRAGMENT_LEN] = fragment === null ? NONE : fragment.length;
    at += written;
  } else {
    at += t[SCHEME_LEN] = writeString(scheme, at);
    at += t[USERNAME_LEN] = writeString(username, at);
    at += t[PASSWORD_LEN] = writeString(password, at);
    at += t[HOST_LEN] = writeString(hostString, at);
    at += t[PATH_LEN] = writeString(pathString, at);
    if (query === null) t[QUERY_LEN] = NONE;
    else at += t[QUERY_LEN] = writeString(query, at);
    if (fragment === null) t[FRAGMENT_LEN] = NONE;
    else at += t[FRAGMENT_LEN] = writeString(fragment, at);
  }
  tables();
  tableIn.set(t, slot * RECORD_IN_LEN);
  return at;
}

// writeRecord's table before it goes into wasm memory.
const RECORD_FIELDS = new Uint32Array(RECORD_IN_LEN);

/** The record wasm left in the output table and buffer, as a new plain object. */
function readRecord() {
  const o = tableOut;
  const length = o[HREF_LENGTH];
  const href = o[HREF_ASCII] === 1 ? readAscii(length) : readUtf8(length);
  const hrefLength = href.length;
  const flags = o[FLAGS];
  const hostKind = flags & 7;
  const protocolEnd = o[PROTOCOL_END];
  const usernameEnd = o[USERNAME_END];
  const hostStart = o[HOST_START];
  const searchStart = o[SEARCH_START];
  const hashStart = o[HASH_START];
  let host = null;
  if (hostKind === HOST_DOMAIN || hostKind === HOST_OPAQUE) host = href.slice(hostStart, o[HOST_END]);
  else if (hostKind === HOST_IPV4) host = o[IPV4_OUT];
  else if (hostKind === HOST_IPV6) host = ipv6Pieces(o);
  else if (hostKind === HOST_EMPTY) host = '';
  const pathEnd = searchStart !== NONE ? searchStart : hashStart !== NONE ? hashStart : hrefLength;
  const pathnameStart = o[PATHNAME_START];
  let path;
  if ((flags & OPAQUE_PATH) !== 0) path = href.slice(pathnameStart, pathEnd);
  else if (pathEnd === pathnameStart) path = [];
  else if (pathEnd - pathnameStart === 1) path = [''];
  else path = segments(href, pathnameStart + 1, pathEnd);
  const port = o[PORT_OUT];
  return {
    scheme: href.slice(0, protocolEnd - 1),
    username: hostKind === HOST_NULL ? '' : href.slice(protocolEnd + 2, usernameEnd),
    password: hostStart > usernameEnd + 1 ? href.slice(usernameEnd + 1, hostStart - 1) : '',
    host,
    port: port === NONE ? null : port,
    path,
    query: searchStart === NONE ? null : href.slice(searchStart + 1, hashStart === NONE ? hrefLength : hashStart),
    fragment: hashStart === NONE ? null : href.slice(hashStart + 1),
  };
}

/** href[start, end) split on "/" (a loop of indexOf: String.prototype.split of the slice took twice as long). */
function segments(href, start, end) {
  const path = [];
  for (;;) {
    const slash = href.indexOf('/', start);
    if (slash === -1 || slash >= end) {
      path.push(href.slice(start, end));
      return path;
    }
    path.push(href.slice(start, slash));
    start = slash + 1;
  }
}

function ipv6Pieces(o) {
  const pieces = [];
  for (let i = 0; i < 4; i++) {
    const pair = o[IPV6_OUT + i];
    pieces.push(pair >>> 16, pair & 0xffff);
  }
  return pieces;
}

/**
 * Moves the fields of `from` into the record `url`, keeping a path or IPv6 array that did not
 * change (so that a record's arrays are only replaced, never mutated, by a parse).
 */
function assignRecord(url, from) {
  url.scheme = from.scheme;
  url.username = from.username;
  url.password = from.password;
  url.host = Array.isArray(from.host) && Array.isArray(url.host) && sameItems(url.host, from.host) ? url.host : from.host;
  url.port = from.port;
  url.path = Array.isArray(from.path) && Array.isArray(url.path) && sameItems(url.path, from.path) ? url.path : from.path;
  url.query = from.query;
  url.fragment = from.fragment;
}

function sameItems(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

let errorNames = null;

/** The validation errors of the last parse, by name (urlValidationErrorNames, read once). */
function validationErrors() {
  errorNames ??= readAscii(glue.urlValidationErrorNames()).split('\n');
  tables();
  const o = tableOut;
  const count = o[ERROR_COUNT];
  const pairs = new Uint32Array(wasm().memory.buffer, o[ERRORS_ADDRESS], 2 * count);
  const names = [];
  for (let i = 0; i < 2 * count; i += 2) names.push(errorNames[pairs[i]]);
  return names;
}

/**
 * The basic URL parser's input, base and label in the input buffer and the tables, then the
 * parse: urlBasicParse's status.
 */
function runBasicParse(input, baseURL, url, stateOverride, encoding, collectErrors) {
  input = `${input}`;
  let state = 0;
  // (whatwg-url takes a falsy state override, base URL, URL or encoding as none.)
  if (stateOverride) {
    state = STATE_INDEX.get(stateOverride);
    // whatwg-url looks the state's method up by name, and calling the missing one throws.
    if (state === undefined)
      throw new TypeError(`basicURLParse: ${JSON.stringify(`${stateOverride}`)} is not a state of the basic URL parser`);
  }
  const label = encoding ? queryEncoding(`${encoding}`) : undefined;
  const inputLength = writeString(input);
  let at = inputLength;
  let records = 0;
  if (url) {
    at = writeRecord(url, 0, at);
    records |= URL_GIVEN;
  }
  if (baseURL) {
    at = writeRecord(baseURL, 1, at);
    records |= BASE_GIVEN;
  }
  const labelLength = label === undefined ? NO_LABEL : writeString(label, at);
  if (collectErrors) {
    // whatwg-url's parser runs over the string's code points, where a lone surrogate (U+FFFD
    // once written) is no URL code point: the parser learns where they are.
    const surrogates = loneSurrogateOffsets(input);
    if (surrogates.length !== 0) writeU32s(glue.urlLoneSurrogates(surrogates.length), surrogates);
  }
  const status = glue.urlBasicParse(inputLength, records, state, labelLength, collectErrors);
  if (label !== undefined) rethrowQueryEncoderFailure();
  // (The calls above may have grown memory.)
  tables();
  return status;
}

/**
 * The query's encoding for a label: get an encoding, then (the basic URL parser's first step)
 * get an output encoding; undefined for UTF-8, which needs no encoder. An unknown label is a
 * RangeError, as whatwg-url's encoder throws.
 */
function queryEncoding(label) {
  const name = labelToEncoding(label);
  if (name === null) throw new RangeError(`The encoding label provided ('${label}') is invalid.`);
  if (name === 'UTF-8' || name === 'UTF-16BE' || name === 'UTF-16LE' || name === 'replacement') return undefined;
  setQueryEncoder(labelToEncoding[QUERY_ENCODER]);
  return name;
}

// The property of the encoding area's labelToEncoding that holds its query encoder (not API).
const QUERY_ENCODER = '__webweftEncodeQuery';

/**
 * The basic URL parser (URL §4.4): a new record, or null on failure. With `url`, the parse
 * changes that record (also when it then fails) and returns it.
 */
export function basicURLParse(input, options = {}) {
  const { baseURL, url, stateOverride, encoding } = options;
  if (url && stateOverride && !baseURL) {
    const result = overrideInJS(`${input}`, url, stateOverride, encoding);
    if (result !== undefined) return result;
  }
  const status = runBasicParse(input, baseURL, url, stateOverride, encoding, false);
  if (status === PARSED) {
    if (!url) return withBaseHost(readRecord(), input, baseURL, encoding);
    assignRecord(url, readRecord());
    return url;
  }
  if (status === FAILURE_MODIFIED) assignRecord(url, readRecord());
  return null;
}

// The state overrides of the URL setters (URL §6.1) on inputs whose result the basic URL parser
// (§4.4) makes evident, answered without a crossing (which costs more than whatwg-url's whole
// parse of such a short input); every other input goes to wasm. A fragment or a query (UTF-8)
// of printable ASCII that no percent-encode set of its state holds is appended as it is (no tab
// or newline to remove: those are not printable; the special-query set's "'" is left to wasm).
const FRAGMENT_PLAIN = /^[!#-;=?-_a-~]*$/;
const QUERY_PLAIN = /^[!$-&(-;=?-~]*$/;
const DIGITS = /^[0-9]+$/;
// A scheme and its ":" (the scheme state with a state override stops at the ":").
const SCHEME_INPUT = /^[A-Za-z][A-Za-z0-9+.-]*:$/;
// A lowercase ASCII domain of letters, digits and "-" in non-empty labels (one trailing "."
// allowed): domain to ASCII gives it back as it is (UTS #46 maps none of these characters, and
// CheckHyphens and VerifyDnsLength are off), none of it is a forbidden domain code point, and no
// "xn--" label needs decoding (excluded) — unless it ends in a number (the IPv4 parser's: the last
// label all digits or 0x-hex), left to wasm.
const PLAIN_DOMAIN = /^(?!xn--)[a-z0-9-]+(?:\.(?!xn--)[a-z0-9-]+)*\.?$/;
const ENDS_IN_A_NUMBER = /(?:^|\.)(?:[0-9]+|0x[0-9a-f]*)\.?$/;
const DEFAULT_PORTS = { ftp: 21, http: 80, https: 443, ws: 80, wss: 443 };

/** basicURLParse's result for a state override answered in JS, or undefined to ask wasm. */
function overrideInJS(input, url, stateOverride, encoding) {
  switch (stateOverride) {
    case 'fragment':
      if (typeof url.fragment !== 'string' || !FRAGMENT_PLAIN.test(input)) return undefined;
      url.fragment += input;
      return url;
    case 'query':
      if (encoding || typeof url.query !== 'string' || !QUERY_PLAIN.test(input)) return undefined;
      url.query += input;
      return url;
    case 'port': {
      if (!DIGITS.test(input)) return undefined;
      // The port state at the end of the input: failure over 2^16 − 1, null for the default.
      const port = Number(input);
      if (port > 0xffff) return null;
      url.port = DEFAULT_PORTS[url.scheme] === port ? null : port;
      return url;
    }
    case 'host':
    case 'hostname':
      // (A file URL's host goes through the file host state: "localhost" is the empty host.)
      if (!SPECIAL_SCHEMES.has(url.scheme) || url.scheme === 'file' || !PLAIN_DOMAIN.test(input) || ENDS_IN_A_NUMBER.test(input))
        return undefined;
      url.host = input;
      return url;
    case 'scheme start': {
      if (!SCHEME_INPUT.test(input)) return undefined;
      // The scheme state's steps at ":" with a state override: a special scheme is not changed
      // to a non-special one or back, nor to file with credentials or a port, nor from file with
      // an empty host; then the port is null if it is the new scheme's default.
      const scheme = input.slice(0, -1).toLowerCase();
      const special = SPECIAL_SCHEMES.has(url.scheme);
      if (special !== SPECIAL_SCHEMES.has(scheme)) return url;
      if ((url.username !== '' || url.password !== '' || url.port !== null) && scheme === 'file') return url;
      if (url.scheme === 'file' && url.host === '') return url;
      url.scheme = scheme;
      if (DEFAULT_PORTS[scheme] === url.port) url.port = null;
      return url;
    }
    default:
      return undefined;
  }
}

/** The URL parser (URL §4.3; blob URL entries are not kept, so it is the basic URL parser). */
export function parseURL(input, options = {}) {
  const { baseURL, encoding } = options;
  const status = runBasicParse(input, baseURL, undefined, undefined, encoding, false);
  return status === PARSED ? withBaseHost(readRecord(), input, baseURL, encoding) : null;
}

/** The URL parser and its validation errors' names: {url, validationErrors}. */
export function parseURLWithValidationErrors(input, options = {}) {
  const { baseURL, encoding } = options;
  const status = runBasicParse(input, baseURL, undefined, undefined, encoding, true);
  const url = status === PARSED ? readRecord() : null;
  const errors = validationErrors();
  return { url: url === null ? null : withBaseHost(url, input, baseURL, encoding), validationErrors: errors };
}

/**
 * `url` (parsed from `input` against `baseURL`) with the base's IPv6 host array itself as its host
 * when the parser took the host from the base, as whatwg-url's records share it: code compares
 * hosts with `===` (jsdom's history.pushState checks a URL's host against the document's so). To
 * tell a host taken from the base from an equal one in the input, the input is parsed again
 * against the base with another address: only a host taken from the base follows it.
 */
function withBaseHost(url, input, baseURL, encoding) {
  const baseHost = baseURL ? baseURL.host : null;
  if (!Array.isArray(baseHost) || !Array.isArray(url.host) || !sameItems(baseHost, url.host)) return url;
  const other = baseHost.slice();
  other[7] = (other[7] ^ 1) & 0xffff;
  if (runBasicParse(input, { ...baseURL, host: other }, undefined, undefined, encoding, false) === PARSED) {
    const { host } = readRecord();
    if (Array.isArray(host) && sameItems(host, other)) url.host = baseHost;
  }
  return url;
}

/** Whether `input` is a valid URL string (URL §4.3's writing rules), relative to `baseURL`. */
export function isValidURLString(input, options = {}) {
  const { baseURL } = options;
  input = `${input}`;
  // Every code point of a valid URL string is ASCII or a URL unit, which a lone surrogate is
  // not (the U+FFFD that the UTF-8 write makes of it is).
  if (loneSurrogateOffsets(input).length !== 0) return false;
  const inputLength = writeString(input);
  if (baseURL) writeRecord(baseURL, 1, inputLength);
  return glue.urlIsValidString(inputLength, !!baseURL);
}

/** The URL serializer (URL §4.5). */
export function serializeURL(url, excludeFragment = false) {
  let output = `${url.scheme}:`;
  const host = url.host;
  if (host !== null) {
    output += '//';
    if (url.username !== '' || url.password !== '') {
      output += url.username;
      if (url.password !== '') output += `:${url.password}`;
      output += '@';
    }
    output += serializeHost(host);
    if (url.port !== null) output += `:${url.port}`;
  }
  const path = url.path;
  if (typeof path === 'string') {
    output += path;
  } else {
    if (host === null && path.length > 1 && path[0] === '') output += '/.';
    for (let i = 0; i < path.length; i++) output += `/${path[i]}`;
  }
  if (url.query !== null) output += `?${url.query}`;
  if (!excludeFragment && url.fragment !== null) output += `#${url.fragment}`;
  return output;
}

/** The URL path serializer (URL §4.5). */
export function serializePath(url) {
  const path = url.path;
  if (typeof path === 'string') return path;
  let output = '';
  for (let i = 0; i < path.length; i++) output += `/${path[i]}`;
  return output;
}

/** The host serializer (URL §3.6): an IPv4 address (a number), an IPv6 address (8 pieces), or a string. */
export function serializeHost(host) {
  if (typeof host === 'number') {
    let output = `${host % 256}`;
    for (let n = Math.floor(host / 256), i = 1; i < 4; i++, n = Math.floor(n / 256)) output = `${n % 256}.${output}`;
    return output;
  }
  if (Array.isArray(host)) return `[${serializeIPv6(host)}]`;
  return host;
}

/** The IPv6 serializer: lowercase hex pieces, the first longest run of two or more zeros as "::". */
function serializeIPv6(address) {
  let compress = -1;
  for (let i = 0, longest = 1; i < 8;) {
    if (address[i] !== 0) {
      i++;
      continue;
    }
    let end = i;
    while (end < 8 && address[end] === 0) end++;
    if (end - i > longest) {
      longest = end - i;
      compress = i;
    }
    i = end;
  }
  let output = '';
  let ignore0 = false;
  for (let i = 0; i < 8; i++) {
    if (ignore0 && address[i] === 0) continue;
    ignore0 = false;
    if (compress === i) {
      output += i === 0 ? '::' : ':';
      ignore0 = true;
      continue;
    }
    output += address[i].toString(16);
    if (i !== 7) output += ':';
  }
  return output;
}

/**
 * The ASCII serialization of a URL's origin (URL §4.7, HTML §7.1.1): a tuple origin for the
 * special schemes but file (whose origin the standard leaves to the implementation: an opaque
 * one, "null", as whatwg-url chooses), a blob: URL's from its path's URL if that is http(s).
 */
export function serializeURLOrigin(url) {
  switch (url.scheme) {
    case 'blob': {
      const pathURL = parseURL(serializePath(url));
      if (pathURL === null || (pathURL.scheme !== 'http' && pathURL.scheme !== 'https')) return 'null';
      return serializeURLOrigin(pathURL);
    }
    case 'ftp':
    case 'http':
    case 'https':
    case 'ws':
    case 'wss':
      return `${url.scheme}://${serializeHost(url.host)}${url.port === null ? '' : `:${url.port}`}`;
    default:
      return 'null';
  }
}

/** Serialize an integer (URL §4.5; whatwg-url's definition is String). */
export function serializeInteger(integer) {
  return String(integer);
}

/** A URL whose host is null or empty, or whose scheme is file, has no username, password or port. */
export function cannotHaveAUsernamePasswordPort(url) {
  return url.host === null || url.host === '' || url.scheme === 'file';
}

/** Whether the URL's path is opaque (a string rather than a list). */
export function hasAnOpaquePath(url) {
  return typeof url.path === 'string';
}

// The ASCII code points the userinfo percent-encode set leaves as they are.
const USERINFO_PLAIN = /^[!$-.0-9A-Z_a-z~]*$/;

/** UTF-8 percent-encode with the userinfo set (set the username / set the password, URL §4.4). */
function encodeUserinfo(string) {
  string = `${string}`;
  if (USERINFO_PLAIN.test(string)) return string;
  return readAscii(glue.urlEncodeUserinfo(writeString(string)));
}

/** Set the username (URL §4.4). */
export function setTheUsername(url, username) {
  url.username = encodeUserinfo(username);
}

/** Set the password (URL §4.4). */
export function setThePassword(url, password) {
  url.password = encodeUserinfo(password);
}

/** Percent-decode a string (URL §1.3): its UTF-8 bytes, percent-decoded, as a new Uint8Array. */
export function percentDecodeString(input) {
  return readBytes(glue.urlPercentDecode(writeString(`${input}`)));
}

/** Percent-decode (URL §1.3) a Uint8Array: a new Uint8Array. */
export function percentDecodeBytes(input) {
  return readBytes(glue.urlPercentDecode(writeBytes(input)));
}
