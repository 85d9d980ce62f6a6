// The WPT files weft runs, by area: upstream files from WPT_DIR, and (under drivers/, laid over
// the same relative paths) weft's own drivers for upstream data whose upstream driver needs a
// DOM the library does not provide. Paths are WPT-relative.
export const suites = {
  base64: ['html/webappapis/atob/base64.any.js'],
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
};
