// The one place the playground imports webweft (the package's browser build in pkg/).
import init, * as webweft from '/pkg/weft.web.js';

await init();
export default webweft;
