/**
 * The URL Standard's `URL` class (§6.1), WebIDL-exact: the same as the web platform's `URL`.
 * A URL object holds its href and the offsets of its components (no wasm memory per object).
 */
export declare class URL {
  /** Parses `url` against `base` (if given); throws a TypeError `Invalid URL: "…"` on failure. */
  constructor(url: string | URL, base?: string | URL);
  /** Like the constructor, but null on failure. */
  static parse(url: string | URL, base?: string | URL): URL | null;
  /** Whether the constructor would succeed (keeps nothing). */
  static canParse(url: string | URL, base?: string | URL): boolean;
  /** The serialization; setting it parses the value (a TypeError on failure). */
  href: string;
  readonly origin: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  /** The query as a live URLSearchParams: changes go both ways. */
  readonly searchParams: URLSearchParams;
  hash: string;
  toJSON(): string;
  toString(): string;
}

/** The URL Standard's `URLSearchParams` class (§6.2), WebIDL-exact. */
export declare class URLSearchParams {
  /**
   * From a query string (a leading "?" is ignored), a sequence of [name, value] pairs (a
   * TypeError for any other length), or a record of own enumerable string keys.
   */
  constructor(init?: string | Iterable<Iterable<string>> | Record<string, string> | URLSearchParams);
  readonly size: number;
  append(name: string, value: string): void;
  /** Removes the pairs named `name` (and with `value`, if given). */
  delete(name: string, value?: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string, value?: string): boolean;
  /** Sets the first pair named `name` to `value` and removes the others (or appends). */
  set(name: string, value: string): void;
  /** Stable sort by name, comparing UTF-16 code units. */
  sort(): void;
  /** Live: each step reads the list as it is then. */
  forEach(callback: (value: string, name: string, parent: URLSearchParams) => void, thisArg?: unknown): void;
  /** Live iterators: the index runs over the list as it is when `next()` is called. */
  entries(): IterableIterator<[string, string]>;
  keys(): IterableIterator<string>;
  values(): IterableIterator<string>;
  [Symbol.iterator](): IterableIterator<[string, string]>;
  /** The application/x-www-form-urlencoded serialization. */
  toString(): string;
}

/** The URL Standard's validation error types (§1.1), in the order of its table. */
export type URLValidationErrorType =
  | 'domain-to-ASCII' | 'domain-percent-encoded' | 'host-invalid-code-point' | 'IPv4-empty-part'
  | 'IPv4-too-few-parts' | 'IPv4-too-many-parts' | 'IPv4-non-numeric-part' | 'IPv4-non-decimal-part'
  | 'IPv4-out-of-range-part' | 'IPv4-non-ASCII-input' | 'IPv6-unclosed' | 'IPv6-invalid-compression'
  | 'IPv6-too-many-pieces' | 'IPv6-multiple-compression' | 'IPv6-invalid-code-point'
  | 'IPv6-too-few-pieces' | 'IPv6-piece-leading-zero' | 'IPv4-in-IPv6-too-many-pieces'
  | 'IPv4-in-IPv6-invalid-code-point' | 'IPv4-in-IPv6-out-of-range-part' | 'IPv4-in-IPv6-too-few-parts'
  | 'invalid-URL-unit' | 'special-scheme-missing-following-solidus' | 'missing-scheme-non-relative-URL'
  | 'invalid-reverse-solidus' | 'invalid-credentials' | 'host-missing' | 'port-out-of-range'
  | 'port-invalid' | 'file-invalid-Windows-drive-letter' | 'file-invalid-Windows-drive-letter-host';

/** One validation error: its type and where it was found. */
export interface URLValidationError {
  type: URLValidationErrorType;
  /** UTF-16 index into the input (or into the base, when `inBase`). */
  position: number;
  /** Found while parsing the base. */
  inBase: boolean;
}

/**
 * weft: the basic URL parser with its validation errors, in the order found. `url` is null on
 * failure. `encoding` is an Encoding Standard label (e.g. "shift_jis", "latin1"): the query of
 * a special URL other than ws/wss is encoded with its output encoding (UTF-8 for UTF-16BE/LE
 * and replacement), code points it cannot represent as percent-encoded `&#N;`; the path and
 * fragment are always UTF-8. An unknown label throws a RangeError. A lone surrogate is parsed
 * as U+FFFD and, where the parser validates URL units, is an `invalid-URL-unit` at its index.
 */
export function parseURL(input: string, base?: string, options?: { encoding?: string }): {
  url: URL | null;
  errors: URLValidationError[];
};

/** weft: the host parser, then the host serializer ("EXAMPLE.com" → "example.com", "0x7f.1" → "127.0.0.1"); null on failure. */
export function parseHost(input: string): string | null;
/** weft: domain to ASCII; null on failure. `beStrict` (default false) adds VerifyDnsLength, CheckHyphens and UseSTD3ASCIIRules. */
export function domainToASCII(domain: string, options?: { beStrict?: boolean }): string | null;
/** weft: domain to Unicode: UTS #46 ToUnicode's output (returned even when it records an error). */
export function domainToUnicode(domain: string, options?: { beStrict?: boolean }): string;
/** weft: the kind of a URL's host, or null for a null host. */
export function hostType(url: URL): 'domain' | 'ipv4' | 'ipv6' | 'opaque' | 'empty' | null;
/**
 * weft: the public suffix of a host (URL §3.2; the host is parsed first); null for a host that
 * is not a domain. `weft/lite` leaves out the Public Suffix List (~46 KB gzip): there this
 * throws an Error.
 */
export function publicSuffix(host: string): string | null;
/** weft: the registrable domain of a host (URL §3.2); null when there is none. Throws in `weft/lite` (see publicSuffix). */
export function registrableDomain(host: string): string | null;
