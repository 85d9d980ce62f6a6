/**
 * `webweft/whatwg-url`: the whatwg-url package's API (the same names, arguments and URL records)
 * over webweft's URL Standard. URL and URLSearchParams are the WebIDL interfaces (as whatwg-url's).
 */
export declare class URL {
  constructor(url: string, base?: string);
  static parse(url: string, base?: string): URL | null;
  static canParse(url: string, base?: string): boolean;
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
  readonly searchParams: URLSearchParams;
  hash: string;
  toJSON(): string;
  toString(): string;
}

export declare class URLSearchParams {
  constructor(init?: string | Iterable<Iterable<string>> | Record<string, string> | URLSearchParams);
  readonly size: number;
  append(name: string, value: string): void;
  delete(name: string, value?: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string, value?: string): boolean;
  set(name: string, value: string): void;
  sort(): void;
  forEach(callback: (value: string, name: string, parent: URLSearchParams) => void, thisArg?: unknown): void;
  entries(): IterableIterator<[string, string]>;
  keys(): IterableIterator<string>;
  values(): IterableIterator<string>;
  [Symbol.iterator](): IterableIterator<[string, string]>;
  toString(): string;
}

/** An IPv6 address: its eight 16-bit pieces. */
export type IPv6Address = [number, number, number, number, number, number, number, number];

/** A URL record (URL §4.1): a plain mutable object, as whatwg-url's. */
export interface URLRecord {
  scheme: string;
  username: string;
  password: string;
  /** A domain, an opaque host or "" (a string), an IPv4 address (a number), an IPv6 address, or null. */
  host: string | number | IPv6Address | null;
  port: number | null;
  /** A list of segments, or an opaque path (a string). */
  path: string[] | string;
  query: string | null;
  fragment: string | null;
}

/** The basic URL parser's states, as `stateOverride` names them. */
export type StateOverride =
  | 'scheme start' | 'scheme' | 'no scheme' | 'special relative or authority' | 'path or authority' | 'relative'
  | 'relative slash' | 'special authority slashes' | 'special authority ignore slashes' | 'authority' | 'host'
  | 'hostname' | 'port' | 'file' | 'file slash' | 'file host' | 'path start' | 'path' | 'opaque path' | 'query'
  | 'fragment';

export interface ParseOptions {
  baseURL?: URLRecord | null;
  /** An Encoding Standard label; its output encoding encodes the query of a special URL. */
  encoding?: string;
}

export interface BasicURLParseOptions extends ParseOptions {
  /** A record the parse changes in place (and returns). */
  url?: URLRecord;
  stateOverride?: StateOverride;
}

/** The URL parser: a new record, or null on failure. */
export declare function parseURL(input: string, options?: ParseOptions): URLRecord | null;
/** The URL parser, with the names of the validation errors it reported. */
export declare function parseURLWithValidationErrors(
  input: string,
  options?: ParseOptions,
): { url: URLRecord | null; validationErrors: string[] };
/** Whether `input` is a valid URL string (URL §4.3), relative to `baseURL` if given. */
export declare function isValidURLString(input: string, options?: { baseURL?: URLRecord | null }): boolean;
/** The basic URL parser: a record (`options.url` when given), or null on failure. */
export declare function basicURLParse(input: string, options?: BasicURLParseOptions): URLRecord | null;
export declare function serializeURL(url: URLRecord, excludeFragment?: boolean): string;
export declare function serializeHost(host: string | number | IPv6Address): string;
export declare function serializePath(url: URLRecord): string;
export declare function serializeInteger(integer: number): string;
/** The ASCII serialization of the URL's origin ("null" for an opaque origin). */
export declare function serializeURLOrigin(url: URLRecord): string;
export declare function setTheUsername(url: URLRecord, username: string): void;
export declare function setThePassword(url: URLRecord, password: string): void;
export declare function cannotHaveAUsernamePasswordPort(url: URLRecord): boolean;
export declare function hasAnOpaquePath(url: URLRecord): boolean;
export declare function percentDecodeString(string: string): Uint8Array;
export declare function percentDecodeBytes(bytes: Uint8Array): Uint8Array;
