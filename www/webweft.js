// The one place the playground imports webweft (the package's browser build in pkg/: each area's
// wasm is inline and instantiates on first use). app.js imports natives.js before this module,
// so the browser's own APIs are captured first. `webweft` itself, and the subpaths of the areas
// it does not re-export, as one object.
import * as htmlEncodingSniffer from '/pkg/html-encoding-sniffer.js';
import * as webweft from '/pkg/index.js';
import * as mimesniff from '/pkg/mimesniff.js';

export default Object.freeze({ ...webweft, ...mimesniff, ...htmlEncodingSniffer });
