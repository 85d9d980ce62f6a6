import { parseDataURL } from 'webweft/data-urls';

export = parseDataURL;
