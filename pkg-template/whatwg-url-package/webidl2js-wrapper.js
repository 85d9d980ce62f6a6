// whatwg-url/webidl2js-wrapper: webweft's interface wrappers of URL and URLSearchParams.
'use strict';
module.exports = require('webweft/whatwg-url/webidl2js-wrapper');
