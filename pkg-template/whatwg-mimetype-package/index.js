// whatwg-mimetype's API: webweft's (the flavour webweft's exports map picks for this host).
'use strict';
module.exports = require('webweft/whatwg-mimetype');
