// HTML atob()/btoa() and Infra forgiving-base64 on bytes: the WebIDL conversions and errors, and
// for each call the host's own base64 code where it can answer (js/host/base64.js, verified when
// it loads), else weft's codec (js/fallback/base64.js), which also gives every error. No wasm: a
// wasm codec and its glue cost 12 KB gzip of download for speed on the fallback path only
// (docs/size.md, "Design choices and their measured reasons").
import { DOMException } from './dom-exception.js';
import { forgivingDecode, forgivingEncode, isomorphicDecode, isomorphicEncode } from './fallback/base64.js';
import { hostAtob, hostBase64Decode, hostBase64Encode, hostBtoa } from './host/base64.js';
import { requireArguments, toDOMString, toUint8Array } from './webidl.js';

/** An InvalidCharacterError DOMException. */
function invalidCharacter(message) {
  return new DOMException(message, 'InvalidCharacterError');
}

/** HTML `btoa(data)`: base64 of a string of code points ≤ U+00FF. */
export function btoa(data) {
  requireArguments(arguments.length, 1, 'btoa');
  data = toDOMString(data);
  const encoded = hostBtoa(data);
  if (encoded !== undefined) return encoded;
  // Isomorphic encode: every code unit must be at most U+00FF.
  const bytes = isomorphicEncode(data);
  if (bytes === undefined)
    throw invalidCharacter('btoa: the string contains a character outside the Latin1 range (above U+00FF)');
  return forgivingEncode(bytes);
}

/** HTML `atob(data)`: forgiving-base64 decode to a string of code points ≤ U+00FF. */
export function atob(data) {
  requireArguments(arguments.length, 1, 'atob');
  data = toDOMString(data);
  const decoded = hostAtob(data);
  if (decoded !== undefined) return decoded;
  const bytes = forgivingDecode(data);
  if (bytes === undefined) throw invalidCharacter('atob: the string is not valid base64');
  return isomorphicDecode(bytes);
}

/** Forgiving-base64 encode of bytes (any BufferSource). */
export function base64Encode(bytes) {
  requireArguments(arguments.length, 1, 'base64Encode');
  bytes = toUint8Array(bytes, 'base64Encode');
  // No bytes, or a view of a detached buffer (whose copy of the bytes is empty).
  if (bytes.length === 0) return '';
  return hostBase64Encode(bytes) ?? forgivingEncode(bytes);
}

/** Forgiving-base64 decode to bytes; throws an InvalidCharacterError DOMException on failure. */
export function base64Decode(data) {
  requireArguments(arguments.length, 1, 'base64Decode');
  data = toDOMString(data);
  const bytes = hostBase64Decode(data) ?? forgivingDecode(data);
  if (bytes === undefined) throw invalidCharacter('base64Decode: the string is not valid base64');
  return bytes;
}
