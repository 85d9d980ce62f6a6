// data-urls' module.exports as Node's `import` sees it: the function, and fromURLRecord.
import { parseDataURL, fromURLRecord } from 'webweft/data-urls';

export default parseDataURL;
export { fromURLRecord };
