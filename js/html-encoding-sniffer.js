// The html-encoding-sniffer package's API (jsdom's): its module.exports function, here named
// htmlEncodingSniffer, over HTML's encoding sniffing algorithm in wasm
// (src/bindings/encoding_sniffing.rs). The options are checked as the package checks them; the
// default encoding is returned as given, as the package does.
import { htmlEncodingSniff } from '#glue';
import { readAscii, writeBytes, writeString } from './io.js';
import { toDOMString, toUint8Array } from './webidl.js';

const isInteger = Number.isInteger;

/**
 * The encoding of `uint8Array` (its name): a byte order mark, the transport-layer label, the
 * prescan (HTML, the first `maxPrescanBytes`, 1024 by default) or WebKit's XML sniffing (`xml`),
 * else `defaultEncoding` ("windows-1252" for HTML, "UTF-8" for XML).
 */
export function htmlEncodingSniffer(
  uint8Array,
  { xml = false, transportLayerEncodingLabel, defaultEncoding, maxPrescanBytes } = {},
) {
  if (xml) {
    if (maxPrescanBytes !== undefined) throw new TypeError('maxPrescanBytes cannot be used in XML mode');
    defaultEncoding ??= 'UTF-8';
  } else {
    maxPrescanBytes ??= 1024;
    if (maxPrescanBytes !== Infinity && (!isInteger(maxPrescanBytes) || maxPrescanBytes < 0)) {
      throw new RangeError('maxPrescanBytes must be a non-negative integer or Infinity');
    }
    defaultEncoding ??= 'windows-1252';
  }
  const bytesLength = writeBytes(toUint8Array(uint8Array, 'htmlEncodingSniffer'));
  const hasLabel = transportLayerEncodingLabel !== undefined;
  const labelLength = hasLabel ? writeString(toDOMString(transportLayerEncodingLabel), bytesLength) : 0;
  const length = htmlEncodingSniff(bytesLength, labelLength, hasLabel, xml ? 0 : maxPrescanBytes, Boolean(xml));
  return length === -1 ? defaultEncoding : readAscii(length);
}
