/**
 * `webweft/data-urls`: the data-urls package's API (its module.exports as `parseDataURL`) over webweft's `data:` URL processor (Fetch)
 * and URL parser (the whatwg-url drop-in's records).
 */
/** A MIME type record: a MIMEType of webweft/mimesniff (whatwg-mimetype's class). */
export interface MIMEType {
  readonly essence: string;
  type: string;
  subtype: string;
  readonly parameters: {
    readonly size: number;
    get(name: string): string | undefined;
    has(name: string): boolean;
    set(name: string, value: string): unknown;
    delete(name: string): boolean;
    [Symbol.iterator](): IterableIterator<[string, string]>;
  };
  toString(): string;
  isJavaScript(options?: { prohibitParameters?: boolean }): boolean;
  isXML(): boolean;
  isHTML(): boolean;
}

/** A `data:` URL struct: its MIME type and body. */
export interface DataURL {
  mimeType: MIMEType;
  body: Uint8Array;
}

/** A URL record as webweft/whatwg-url's parseURL makes them (its other fields are read as such). */
export interface URLRecord {
  scheme: string;
}

/**
 * data-urls' module.exports: parse `stringInput` as a URL, then process it as a `data:` URL; null
 * for failure. It carries `fromURLRecord` too, as data-urls' function does.
 */
export declare function parseDataURL(stringInput: string): DataURL | null;
export declare namespace parseDataURL {
  function fromURLRecord(urlRecord: URLRecord): DataURL | null;
}
/** Process a URL record as a `data:` URL: null for failure (or another scheme). */
export declare function fromURLRecord(urlRecord: URLRecord): DataURL | null;
