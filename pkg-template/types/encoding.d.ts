/**
 * The Encoding Standard (§8): `TextDecoder`, `TextEncoder`, `TextDecoderStream` and
 * `TextEncoderStream` with the web's behaviour, over every encoding (the lite build lacks the
 * legacy CJK ones and throws a RangeError for them), plus direct access to every encoding.
 */
export declare class TextDecoder {
  /** A RangeError for an unknown label or `replacement`. */
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  readonly encoding: string;
  readonly fatal: boolean;
  readonly ignoreBOM: boolean;
  /** Throws a TypeError on malformed input in fatal mode. */
  decode(input?: ArrayBufferLike | ArrayBufferView, options?: { stream?: boolean }): string;
}

export declare class TextEncoder {
  constructor();
  readonly encoding: 'utf-8';
  encode(input?: string): Uint8Array<ArrayBuffer>;
  /** `read` counts UTF-16 code units of `source`, `written` bytes of `destination`. */
  encodeInto(source: string, destination: Uint8Array): { read: number; written: number };
}

export declare class TextDecoderStream {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  readonly encoding: string;
  readonly fatal: boolean;
  readonly ignoreBOM: boolean;
  readonly readable: ReadableStream<string>;
  readonly writable: WritableStream<ArrayBufferLike | ArrayBufferView>;
}

export declare class TextEncoderStream {
  constructor();
  readonly encoding: 'utf-8';
  readonly readable: ReadableStream<Uint8Array<ArrayBuffer>>;
  readonly writable: WritableStream<string>;
}

/**
 * Encodes `string` in the output encoding of `label` (UTF-16 labels give UTF-8). Mode "fatal"
 * (default) throws a TypeError for a character the encoding lacks; "html" writes `&#N;`.
 * A RangeError for an unknown label or an encoding without an encoder (replacement).
 */
export function encode(string: string, label?: string, options?: { mode?: 'fatal' | 'html' }): Uint8Array<ArrayBuffer>;
/**
 * Decodes bytes in the encoding `label` names (default UTF-8, replacement included). With
 * `bom` (default true) a byte order mark overrides the label and is removed, as the standard's
 * "decode" hook does; `fatal` makes malformed input a TypeError instead of U+FFFD.
 */
export function decode(bytes: ArrayBufferLike | ArrayBufferView, label?: string, options?: { fatal?: boolean; bom?: boolean }): string;
/** Get an encoding: the canonical name ("windows-1252" for "latin1"), or null for an unknown label. */
export function labelToEncoding(label: string): string | null;
/** BOM sniff: "UTF-8", "UTF-16BE" or "UTF-16LE" if the bytes start with that BOM, else null. */
export function sniffBOM(bytes: ArrayBufferLike | ArrayBufferView): 'UTF-8' | 'UTF-16BE' | 'UTF-16LE' | null;

// The streams' types are the host's (DOM lib, @types/node); a project with neither gets these
// empty declarations, which merge with theirs where they exist.
declare global {
  interface ReadableStream<R = any> {}
  interface WritableStream<W = any> {}
}
