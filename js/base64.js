// HTML atob()/btoa() and Infra forgiving-base64 on bytes.
import * as glue from '#glue';
import { requireArguments, toDOMString, toUint8Array } from './webidl.js';

/** HTML `btoa(data)`: base64 of a string of code points ≤ U+00FF. */
export function btoa(data) {
  requireArguments(arguments.length, 1, 'btoa');
  return glue.btoa(toDOMString(data));
}

/** HTML `atob(data)`: forgiving-base64 decode to a string of code points ≤ U+00FF. */
export function atob(data) {
  requireArguments(arguments.length, 1, 'atob');
  return glue.atob(toDOMString(data));
}

/** Forgiving-base64 encode of bytes (any BufferSource). */
export function base64Encode(bytes) {
  requireArguments(arguments.length, 1, 'base64Encode');
  return glue.base64Encode(toUint8Array(bytes, 'base64Encode'));
}

/** Forgiving-base64 decode to bytes; throws an InvalidCharacterError DOMException on failure. */
export function base64Decode(data) {
  requireArguments(arguments.length, 1, 'base64Decode');
  return glue.base64Decode(toDOMString(data));
}
