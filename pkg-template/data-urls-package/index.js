// data-urls' module.exports: webweft's parseDataURL, a function with fromURLRecord.
'use strict';
module.exports = require('webweft/data-urls').parseDataURL;
