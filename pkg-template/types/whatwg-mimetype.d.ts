/**
 * `webweft/whatwg-mimetype`: the whatwg-mimetype package's API (`MIMEType`,
 * `computedMIMEType`) over webweft's MIME Sniffing Standard.
 */
export declare class MIMETypeParameters implements Iterable<[string, string]> {
  readonly size: number;
  get(name: string): string | undefined;
  has(name: string): boolean;
  set(name: string, value: string): Map<string, string>;
  clear(): void;
  delete(name: string): boolean;
  forEach(callbackFn: (value: string, name: string, map: Map<string, string>) => void, thisArg?: unknown): void;
  keys(): IterableIterator<string>;
  values(): IterableIterator<string>;
  entries(): IterableIterator<[string, string]>;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}

export declare class MIMEType {
  constructor(string: string);
  static parse(string: string): MIMEType | null;
  readonly essence: string;
  type: string;
  subtype: string;
  readonly parameters: MIMETypeParameters;
  toString(): string;
  isJavaScript(options?: { prohibitParameters?: boolean }): boolean;
  isXML(): boolean;
  isHTML(): boolean;
}

export declare function computedMIMEType(
  resource: Uint8Array,
  options?: {
    contentTypeHeader?: string;
    providedType?: string;
    noSniff?: boolean;
    isSupported?: (mimeType: MIMEType) => boolean;
  },
): MIMEType;
