/**
 * `webweft/mimesniff`: the MIME Sniffing Standard. MIME type records as `MIMEType` objects
 * (the classes of the whatwg-mimetype package), parsing and serializing, the MIME type groups,
 * and determining the computed MIME type of a resource.
 */
export declare class MIMETypeParameters implements Iterable<[string, string]> {
  /** The number of parameters. */
  readonly size: number;
  /** The value of the parameter `name` (matched ASCII case-insensitively). */
  get(name: string): string | undefined;
  has(name: string): boolean;
  /** Sets a parameter; throws an Error for a name that is not HTTP token code points or a
   * value that is not HTTP quoted-string token code points. */
  set(name: string, value: string): Map<string, string>;
  clear(): void;
  delete(name: string): boolean;
  forEach(callbackFn: (value: string, name: string, map: Map<string, string>) => void, thisArg?: unknown): void;
  keys(): IterableIterator<string>;
  values(): IterableIterator<string>;
  entries(): IterableIterator<[string, string]>;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}

/** A MIME type record: type, subtype (ASCII lowercase) and parameters. */
export declare class MIMEType {
  /** Parse a MIME type; throws an Error for a string that is not one. */
  constructor(string: string);
  /** Parse a MIME type: null for failure. */
  static parse(string: string): MIMEType | null;
  /** type "/" subtype. */
  readonly essence: string;
  /** Setting it throws an Error unless the value is non-empty HTTP token code points. */
  type: string;
  /** Setting it throws an Error unless the value is non-empty HTTP token code points. */
  subtype: string;
  readonly parameters: MIMETypeParameters;
  /** Serialize a MIME type. */
  toString(): string;
  /** A JavaScript MIME type (and, with `prohibitParameters`, without parameters). */
  isJavaScript(options?: { prohibitParameters?: boolean }): boolean;
  isXML(): boolean;
  isHTML(): boolean;
}

/** What `serializeMIMEType` and the group tests take: a MIMEType or a record like it. */
export interface MIMETypeRecord {
  type: string;
  subtype: string;
  parameters: MIMETypeParameters | Map<string, string>;
}

/** Parse a MIME type: null for failure. */
export declare function parseMIMEType(input: string): MIMEType | null;
/** Parse a MIME type from bytes (isomorphic decoded): null for failure. */
export declare function parseMIMETypeFromBytes(input: ArrayBufferLike | ArrayBufferView): MIMEType | null;
/** Serialize a MIME type. */
export declare function serializeMIMEType(mimeType: MIMETypeRecord): string;

export declare function isImageMIMEType(mimeType: MIMETypeRecord): boolean;
export declare function isAudioOrVideoMIMEType(mimeType: MIMETypeRecord): boolean;
export declare function isFontMIMEType(mimeType: MIMETypeRecord): boolean;
export declare function isZipBasedMIMEType(mimeType: MIMETypeRecord): boolean;
export declare function isArchiveMIMEType(mimeType: MIMETypeRecord): boolean;
export declare function isXMLMIMEType(mimeType: MIMETypeRecord): boolean;
export declare function isHTMLMIMEType(mimeType: MIMETypeRecord): boolean;
export declare function isScriptableMIMEType(mimeType: MIMETypeRecord): boolean;
export declare function isJavaScriptMIMEType(mimeType: MIMETypeRecord): boolean;
export declare function isJSONMIMEType(mimeType: MIMETypeRecord): boolean;

export interface ComputedMIMETypeOptions {
  /** The last Content-Type header's value, for a resource retrieved over HTTP. */
  contentTypeHeader?: string;
  /** The MIME type the file system or another protocol provides. */
  providedType?: string;
  /** The no-sniff flag (X-Content-Type-Options: nosniff). */
  noSniff?: boolean;
  /** Whether the user agent supports a (supplied image, audio or video) MIME type. */
  isSupported?: (mimeType: MIMEType) => boolean;
}

/**
 * Fetch's `data:` URL processor from its third step, given a URL's serialization with exclude
 * fragment set: the MIME type and body, or null for failure.
 */
export declare function dataURLProcessor(serializedURL: string): { mimeType: MIMEType; body: Uint8Array } | null;

/** Determining the computed MIME type of a resource (MIME Sniffing §7). */
export declare function computedMIMEType(resource: ArrayBufferLike | ArrayBufferView, options?: ComputedMIMETypeOptions): MIMEType;
