// The one place the playground imports webweft (the package's browser build in pkg/). app.js
// imports natives.js before this module, so the browser's own APIs are captured first.
import init, * as webweft from '/pkg/weft.web.js';

await init();
export default webweft;
