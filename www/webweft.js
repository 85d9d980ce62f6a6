// The one place the playground imports webweft (the package's browser build in pkg/: each area's
// wasm is inline and instantiates on first use). app.js imports natives.js before this module,
// so the browser's own APIs are captured first.
import * as webweft from '/pkg/index.js';

export default webweft;
