// `webweft/html-encoding-sniffer`: the html-encoding-sniffer package's API (its module.exports,
// named htmlEncodingSniffer), HTML's encoding sniffing algorithm over a wasm of its own.
export { htmlEncodingSniffer } from '../html-encoding-sniffer.js';
export * from '#testing';
