/** HTML `btoa()`: base64 of a string whose code points are all ≤ U+00FF; throws an InvalidCharacterError DOMException otherwise. */
export function btoa(data: string): string;
/** HTML `atob()`: forgiving-base64 decode to a string of code points ≤ U+00FF; throws an InvalidCharacterError DOMException on bad input. */
export function atob(data: string): string;
/** Forgiving-base64 (Infra) encode of bytes. */
export function base64Encode(bytes: ArrayBufferLike | ArrayBufferView): string;
/** Forgiving-base64 (Infra) decode to bytes; throws an InvalidCharacterError DOMException on bad input. */
export function base64Decode(data: string): Uint8Array<ArrayBuffer>;
