// The application/x-www-form-urlencoded parser and serializer (URL §5) over a list of
// [name, value] pairs, as the URLSearchParams implementation keeps it. Both in JS: the host's
// decodeURIComponent and encodeURIComponent are exact here (below), and wasm decodes what
// decodeURIComponent refuses.
import { recordAPI as api } from './record-api.js';
import { utf8Decoder as makeUtf8Decoder } from '../utf8.js';

const utf8Decoder = makeUtf8Decoder();

/** The application/x-www-form-urlencoded parser (§5.1) of a scalar value string. */
export function parseUrlencodedString(input) {
  const list = [];
  for (let start = 0, length = input.length; start <= length;) {
    let end = input.indexOf('&', start);
    if (end === -1) end = length;
    if (end > start) {
      const sequence = input.slice(start, end);
      const equals = sequence.indexOf('=');
      if (equals === -1) list.push([decode(sequence), '']);
      else list.push([decode(sequence.slice(0, equals)), decode(sequence.slice(equals + 1))]);
    }
    start = end + 1;
  }
  return list;
}

/**
 * Replace "+" with space, percent-decode, UTF-8 decode without BOM. The input is a scalar value
 * string, so encoding and decoding give back what is not percent-encoded, and a percent-encoded
 * sequence cannot be completed by such bytes (those start with a lead byte): where every
 * percent-encoded sequence is UTF-8, that is decodeURIComponent. Elsewhere (a "%" not followed
 * by two hex digits, bytes that are not UTF-8: its URIError) wasm percent-decodes and the bytes
 * are decoded with U+FFFD.
 */
function decode(string) {
  if (string.includes('+')) string = string.replaceAll('+', ' ');
  if (!string.includes('%')) return string;
  try {
    return decodeURIComponent(string);
  } catch {
    return utf8Decoder.decode(api.percentDecodeString(string));
  }
}

// encodeURIComponent leaves A–Z, a–z, 0–9 and -_.!~*'() as they are; the
// application/x-www-form-urlencoded percent-encode set also encodes !~'() (and space is "+").
const FORM_EXTRA = /[!'()~]|%20/g;
const FORM_EXTRA_ENCODED = { '!': '%21', "'": '%27', '(': '%28', ')': '%29', '~': '%7E', '%20': '+' };

/** UTF-8 percent-encode with the form set, space as "+" (one name or value, a scalar value string). */
function encode(string) {
  return encodeURIComponent(string).replace(FORM_EXTRA, (match) => FORM_EXTRA_ENCODED[match]);
}

/** The application/x-www-form-urlencoded serializer (§5.2), UTF-8. */
export function serializeUrlencoded(tuples) {
  let output = '';
  for (let i = 0; i < tuples.length; i++) {
    if (i > 0) output += '&';
    output += `${encode(tuples[i][0])}=${encode(tuples[i][1])}`;
  }
  return output;
}
