/** HTML `btoa()`: base64 of a string whose code points are all ≤ U+00FF; throws an InvalidCharacterError DOMException otherwise. */
export function btoa(data: string): string;
/** HTML `atob()`: forgiving-base64 decode to a string of code points ≤ U+00FF; throws an InvalidCharacterError DOMException on bad input. */
export function atob(data: string): string;
/** Forgiving-base64 (Infra) encode of bytes. */
export function base64Encode(bytes: ArrayBufferLike | ArrayBufferView): string;
/** Forgiving-base64 (Infra) decode to bytes; throws an InvalidCharacterError DOMException on bad input. */
export function base64Decode(data: string): Uint8Array<ArrayBuffer>;

/** The options of `fromBase64` and `setFromBase64` (and of `Uint8Array.fromBase64`). */
export interface FromBase64Options {
  /** `"base64"` (RFC 4648 §4: `+` and `/`, the default) or `"base64url"` (§5: `-` and `_`). */
  alphabet?: 'base64' | 'base64url';
  /**
   * A last chunk of fewer than four characters: `"loose"` (the default) decodes it, padded or
   * not; `"strict"` requires it padded, with zero padding bits; `"stop-before-partial"` stops
   * before a last chunk that is not padded (setFromBase64's `read` then says where).
   */
  lastChunkHandling?: 'loose' | 'strict' | 'stop-before-partial';
}

/** The options of `toBase64` (and of `Uint8Array.prototype.toBase64`). */
export interface ToBase64Options {
  /** `"base64"` (the default) or `"base64url"`. */
  alphabet?: 'base64' | 'base64url';
  /** Leave out the trailing `=` padding. */
  omitPadding?: boolean;
}

/** What `setFromBase64` and `setFromHex` read and wrote. */
export interface SetFromResult {
  /** Code units of the string read (whole chunks; whitespace among them counts). */
  read: number;
  /** Bytes written to the target, from its start. */
  written: number;
}

/**
 * `Uint8Array.fromBase64(string, options)` (ES2026) as a function: the bytes of base64 text.
 * ASCII whitespace is skipped. Throws a SyntaxError for text that is not base64, a TypeError for
 * a non-string or a bad option.
 */
export function fromBase64(string: string, options?: FromBase64Options): Uint8Array<ArrayBuffer>;
/** `Uint8Array.prototype.toBase64(options)` (ES2026) as a function of the Uint8Array (a TypeError for anything else). */
export function toBase64(bytes: Uint8Array, options?: ToBase64Options): string;
/**
 * `Uint8Array.prototype.setFromBase64(string, options)` (ES2026) as a function of the target:
 * decodes into `into` from its start, as much as fits. On bad input it throws the SyntaxError
 * after writing the bytes of the chunks before the error.
 */
export function setFromBase64(into: Uint8Array, string: string, options?: FromBase64Options): SetFromResult;
/** `Uint8Array.fromHex(string)` (ES2026) as a function: pairs of hex digits, either case; a SyntaxError otherwise. */
export function fromHex(string: string): Uint8Array<ArrayBuffer>;
/** `Uint8Array.prototype.toHex()` (ES2026) as a function of the Uint8Array: lowercase hex. */
export function toHex(bytes: Uint8Array): string;
/**
 * `Uint8Array.prototype.setFromHex(string)` (ES2026) as a function of the target: decodes into
 * `into` from its start, as much as fits; on bad input it throws the SyntaxError after writing
 * the bytes before the first bad pair.
 */
export function setFromHex(into: Uint8Array, string: string): SetFromResult;
