import { htmlEncodingSniffer } from 'webweft/html-encoding-sniffer';

export = htmlEncodingSniffer;
