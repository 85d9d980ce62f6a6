// html-encoding-sniffer's module.exports as Node's `import` sees it: the function.
import { htmlEncodingSniffer } from 'webweft/html-encoding-sniffer';

export default htmlEncodingSniffer;
