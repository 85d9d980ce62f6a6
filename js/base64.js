// HTML atob()/btoa() and Infra forgiving-base64 on bytes.
import * as glue from '#glue';
import { readAscii, readBytes, readLatin1, writeBytes, writeString } from './io.js';
import { requireArguments, toDOMString, toUint8Array } from './webidl.js';

/** HTML `btoa(data)`: base64 of a string of code points ≤ U+00FF. */
export function btoa(data) {
  requireArguments(arguments.length, 1, 'btoa');
  return readAscii(glue.btoaInput(writeString(toDOMString(data))));
}

/** HTML `atob(data)`: forgiving-base64 decode to a string of code points ≤ U+00FF. */
export function atob(data) {
  requireArguments(arguments.length, 1, 'atob');
  return readLatin1(glue.atobInput(writeString(toDOMString(data))));
}

/** Forgiving-base64 encode of bytes (any BufferSource). */
export function base64Encode(bytes) {
  requireArguments(arguments.length, 1, 'base64Encode');
  return readAscii(glue.base64EncodeInput(writeBytes(toUint8Array(bytes, 'base64Encode'))));
}

/** Forgiving-base64 decode to bytes; throws an InvalidCharacterError DOMException on failure. */
export function base64Decode(data) {
  requireArguments(arguments.length, 1, 'base64Decode');
  return readBytes(glue.base64DecodeInput(writeString(toDOMString(data))));
}
