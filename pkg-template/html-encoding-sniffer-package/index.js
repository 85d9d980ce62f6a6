// html-encoding-sniffer's module.exports: webweft's htmlEncodingSniffer.
'use strict';
module.exports = require('webweft/html-encoding-sniffer').htmlEncodingSniffer;
