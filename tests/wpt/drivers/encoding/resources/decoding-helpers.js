// weft's driver for encoding/resources/decoding-helpers.js. Upstream decodes through
// XMLHttpRequest (a data: URL with overrideMimeType's charset), which a library cannot provide;
// XHR's decoding is the standard's "decode" hook with the charset's encoding as fallback, or
// UTF-8 when the label is unknown (the unsupported-encodings cases). This driver runs that hook
// through weft.decode, keeping upstream's test data, helpers and assertions.

// The percent-decoded bytes of a data: URL's body.
function percent_decode(string) {
  const bytes = [];
  for (let i = 0; i < string.length; i++) {
    if (string[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(string.slice(i + 1, i + 3))) {
      bytes.push(parseInt(string.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(string.charCodeAt(i));
    }
  }
  return new Uint8Array(bytes);
}

// Decode an URL encoded string as XHR would. Returns a Promise.
function decode(label, url_encoded_string) {
  return new Promise((resolve) => {
    const fallback = webweft.labelToEncoding(label) === null ? 'utf-8' : label;
    resolve(webweft.decode(percent_decode(url_encoded_string), fallback));
  });
}

// Convert code units in a decoded string into: "U+0001/U+0002/...'
function to_code_units(string) {
  return string
    .split('')
    .map((unit) => unit.charCodeAt(0))
    .map((code) => 'U+' + ('0000' + code.toString(16).toUpperCase()).slice(-4))
    .join('/');
}

function decode_test(label, url_encoded_input, expected_code_units, description) {
  promise_test(() => {
    return decode(label, url_encoded_input)
      .then((decoded) => to_code_units(decoded))
      .then((actual) => {
        assert_equals(actual, expected_code_units, `Decoding with ${label}`);
      });
  }, description);
}
