// The WPT files weft runs, by area: upstream files from WPT_DIR, and (under drivers/, laid over
// the same relative paths) weft's own drivers for upstream data whose upstream driver needs a
// DOM the library does not provide. Paths are WPT-relative.
export const suites = {
  base64: ['html/webappapis/atob/base64.any.js'],
<<<<<<< HEAD
  encoding: [
    'encoding/api-basics.any.js',
    'encoding/api-invalid-label.any.js',
    'encoding/api-replacement-encodings.any.js',
    'encoding/api-surrogates-utf8.any.js',
    'encoding/encodeInto.any.js',
    'encoding/iso-2022-jp-decoder.any.js',
    'encoding/legacy-mb-schinese/gb18030/gb18030-decoder.any.js',
    'encoding/legacy-mb-schinese/gbk/gbk-decoder.any.js',
    'encoding/replacement-encodings.any.js',
    'encoding/streams/backpressure.any.js',
    'encoding/streams/decode-attributes.any.js',
    'encoding/streams/decode-bad-chunks.any.js',
    'encoding/streams/decode-ignore-bom.any.js',
    'encoding/streams/decode-incomplete-input.any.js',
    'encoding/streams/decode-non-utf8.any.js',
    'encoding/streams/decode-split-character.any.js',
    'encoding/streams/decode-utf8.any.js',
    'encoding/streams/encode-bad-chunks.any.js',
    'encoding/streams/encode-utf8.any.js',
    'encoding/streams/readable-writable-properties.any.js',
    'encoding/textdecoder-arguments.any.js',
    'encoding/textdecoder-byte-order-marks.any.js',
    'encoding/textdecoder-copy.any.js',
    'encoding/textdecoder-eof.any.js',
    'encoding/textdecoder-fatal-single-byte.any.js',
    'encoding/textdecoder-fatal-streaming.any.js',
    'encoding/textdecoder-fatal.any.js',
    'encoding/textdecoder-ignorebom.any.js',
    'encoding/textdecoder-labels.any.js',
    'encoding/textdecoder-streaming.any.js',
    'encoding/textdecoder-utf16-surrogates.any.js',
    'encoding/textencoder-constructor-non-utf.any.js',
    'encoding/textencoder-utf16-surrogates.any.js',
    'encoding/unsupported-encodings.any.js',
=======
  'structured-clone': [
    'html/webappapis/structured-clone/structured-clone.weft.any.js',
    'html/webappapis/structured-clone/structured-clone-bytes.weft.any.js',
>>>>>>> clone2
  ],
};
