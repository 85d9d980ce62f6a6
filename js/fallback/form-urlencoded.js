// The application/x-www-form-urlencoded parser and serializer (URL §5) in JavaScript: the second
// copy of src/url/form_urlencoded.rs, which URLSearchParams (js/url.js) runs instead of crossing
// into url.wasm: its list lives in JavaScript, most names and values need no decoding or
// encoding (the results are then slices of the input), and the serializer in wasm with one
// crossing per list ran 0.58× native where this one runs 1.2× Node's own (docs/url.md,
// "URLSearchParams"). The parser gives up (a URIError) on percent-encoded bytes that are not
// UTF-8; js/url.js then asks the Rust parser. tests/js_fallbacks.rs checks both against the Rust
// ones.

/**
 * The form-urlencoded string parser (§5.1) in JS, for input whose percent-encoded bytes are
 * UTF-8 (else decodeURIComponent throws a URIError). Then it is exact: the input is a scalar
 * value string, so UTF-8 encoding and decoding give back what was not percent-encoded, and a
 * percent-encoded sequence cannot be completed by bytes of what was not (those start with a
 * lead byte). This skips the crossing, and most names and values are the input's slices.
 */
export function parseFormUrlencoded(input) {
  const list = [];
  const decode = input.includes('%') || input.includes('+') ? formDecode : (string) => string;
  for (let start = 0, length = input.length; start <= length;) {
    let end = input.indexOf('&', start);
    if (end === -1) end = length;
    if (end > start) {
      const sequence = input.slice(start, end);
      const equals = sequence.indexOf('=');
      if (equals === -1) list.push(decode(sequence), '');
      else list.push(decode(sequence.slice(0, equals)), decode(sequence.slice(equals + 1)));
    }
    start = end + 1;
  }
  return list;
}

/** Replace '+' with space, percent-decode, UTF-8 decode without BOM. */
function formDecode(string) {
  if (string.includes('+')) string = string.replaceAll('+', ' ');
  return string.includes('%') ? decodeURIComponent(string) : string;
}

/**
 * The form-urlencoded serializer (§5.2) over a flat list of names and values, in JS: it needs
 * no crossing, and most names and values need no encoding, so the output is mostly their slices.
 */
export function serializeFormUrlencoded(list) {
  let output = '';
  for (let i = 0; i < list.length; i += 2) {
    if (i > 0) output += '&';
    output += formEncode(list[i]);
    output += '=';
    output += formEncode(list[i + 1]);
  }
  return output;
}

// 1 for the ASCII bytes that the application/x-www-form-urlencoded percent-encode set leaves
// as they are: alphanumerics, '*', '-', '.', '_'.
const FORM_KEEPS = Uint8Array.from({ length: 0x80 }, (_, c) => (/[\w*.-]/.test(String.fromCharCode(c)) ? 1 : 0));
const PERCENT_ENCODED = Array.from({ length: 0x100 }, (_, byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`);

// What FORM_KEEPS keeps: a name or value of only these is its own encoding. The regular
// expression engine finds that faster than a loop in JS (on the benchmark's lists, Node 20 and
// 24: 0.80× Node's own serializer with it, 0.57× with the loop alone).
const FORM_PLAIN = /^[\w*.-]*$/;
const regExpTest = RegExp.prototype.test;

/** UTF-8 percent-encode with the form set, space as '+' (one name or value). */
function formEncode(string) {
  if (regExpTest.call(FORM_PLAIN, string)) return string;
  const length = string.length;
  let i = 0;
  while (i < length) {
    const c = string.charCodeAt(i);
    if (c >= 0x80 || FORM_KEEPS[c] === 0) break;
    i++;
  }
  let output = string.slice(0, i);
  // The end of what has been copied or encoded.
  let done = i;
  for (; i < length; i++) {
    let c = string.charCodeAt(i);
    if (c < 0x80 && FORM_KEEPS[c] === 1) continue;
    if (done < i) output += string.slice(done, i);
    if (c < 0x80) {
      output += c === 0x20 ? '+' : PERCENT_ENCODED[c];
    } else if (c < 0x800) {
      output += PERCENT_ENCODED[0xc0 | (c >> 6)] + PERCENT_ENCODED[0x80 | (c & 0x3f)];
    } else {
      if (c >= 0xd800 && c <= 0xdfff) {
        // A surrogate pair is one code point; a lone surrogate (never in a list of USVStrings)
        // would be U+FFFD.
        const next = string.charCodeAt(i + 1);
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
          i++;
          output += PERCENT_ENCODED[0xf0 | (c >> 18)];
          output += PERCENT_ENCODED[0x80 | ((c >> 12) & 0x3f)];
        } else {
          c = 0xfffd;
        }
      }
      if (c < 0x10000) output += PERCENT_ENCODED[0xe0 | (c >> 12)];
      output += PERCENT_ENCODED[0x80 | ((c >> 6) & 0x3f)] + PERCENT_ENCODED[0x80 | (c & 0x3f)];
    }
    done = i + 1;
  }
  return done < length ? output + string.slice(done) : output;
}
