// The WPT files weft runs, by area: upstream files from WPT_DIR, and (under drivers/, laid over
// the same relative paths) weft's own drivers for upstream data whose upstream driver needs a
// DOM the library does not provide. Paths are WPT-relative.
export const suites = {
  base64: ['html/webappapis/atob/base64.any.js'],
  'structured-clone': [
    'html/webappapis/structured-clone/structured-clone.weft.any.js',
    'html/webappapis/structured-clone/structured-clone-bytes.weft.any.js',
  ],
};
