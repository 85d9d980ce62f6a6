// The WPT files weft runs, by area: upstream files from WPT_DIR, and (under drivers/, laid over
// the same relative paths) weft's own drivers for upstream data whose upstream driver needs a
// DOM the library does not provide. Paths are WPT-relative.
export const suites = {
  base64: ['html/webappapis/atob/base64.any.js'],
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
  ],
  'structured-clone': [
    'html/webappapis/structured-clone/structured-clone.weft.any.js',
    'html/webappapis/structured-clone/structured-clone-bytes.weft.any.js',
  ],
  // Every .any.js file of url/ (each variant of url-constructor and url-setters at once: no
  // ?include/?exclude), and weft's drivers for the two .window.js files' data.
  url: [
    'url/IdnaTestV2-removed.any.js',
    'url/IdnaTestV2.any.js',
    'url/historical.any.js',
    'url/url-constructor.any.js',
    'url/url-origin.any.js',
    'url/url-searchparams.any.js',
    'url/url-setters-stripping.any.js',
    'url/url-setters.any.js',
    'url/url-statics-canparse.any.js',
    'url/url-statics-parse.any.js',
    'url/url-tojson.any.js',
    'url/urlencoded-parser.any.js',
    'url/urlsearchparams-append.any.js',
    'url/urlsearchparams-constructor.any.js',
    'url/urlsearchparams-delete.any.js',
    'url/urlsearchparams-foreach.any.js',
    'url/urlsearchparams-get.any.js',
    'url/urlsearchparams-getall.any.js',
    'url/urlsearchparams-has.any.js',
    'url/urlsearchparams-set.any.js',
    'url/urlsearchparams-size.any.js',
    'url/urlsearchparams-sort.any.js',
    'url/urlsearchparams-stringifier.any.js',
    'url/toascii.weft.any.js',
    'url/percent-encoding.weft.any.js',
  ],
  // The standard's files, and the tentative compareComponent and generate (Chromium's).
  urlpattern: [
    'urlpattern/urlpattern.any.js',
    'urlpattern/urlpattern-hasregexpgroups.any.js',
    'urlpattern/urlpattern-compare.tentative.any.js',
    'urlpattern/urlpattern-generate.tentative.any.js',
  ],
};

// Files a host cannot run to the end, each with the reason; the runner lists them as not run.
export const notRunOn = {
  quickjs: {
    reason:
      'quickjs-emscripten 0.32 aborts in JS_FreeRuntime (gc_obj_list not empty) after any allocation-heavy promise job, as these files run their data in one (justjake/quickjs-emscripten#269; docs/urlpattern.md)',
    files: [
      'urlpattern/urlpattern.any.js',
      'urlpattern/urlpattern-compare.tentative.any.js',
      'urlpattern/urlpattern-generate.tentative.any.js',
    ],
  },
};
