// The html-encoding-sniffer package's API (jsdom's): its module.exports function, here named
// htmlEncodingSniffer, over HTML's encoding sniffing algorithm in wasm
// (src/bindings/encoding_sniffing.rs). The options are checked as the package checks them; the
// default encoding is returned as given, as the package does.
import { htmlEncodingSniff } from '#glue';
import { readAscii, writeBytes, writeString } from './io.js';
import { toDOMString, toUint8Array } from './webidl.js';

// Captured at load: a page may replace the built-ins later.
const isInteger = Number.isInteger;
const { max } = Math;
const uncurry = Function.prototype.bind.bind(Function.prototype.call);
const indexOf = uncurry(Uint8Array.prototype.indexOf);
const subarray = uncurry(Uint8Array.prototype.subarray);

/**
 * The prefix of `bytes` the algorithm can read: the byte order mark and WebKit's first 8 bytes,
 * the prescan's first `prescanBytes`, and get an XML encoding's declaration, which ends at the
 * first ">". Only it is copied into wasm: copying whole pages made the sniffing of
 * benches/node/data-layer.mjs's 420 pages 0.46× the package's speed, the prefix 1.0–1.07×.
 */
function readPrefix(bytes, prescanBytes) {
  const end = max(8, prescanBytes, indexOf(bytes, 0x3e) + 1);
  return end >= bytes.length ? bytes : subarray(bytes, 0, end);
}

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
  const bytesLength = writeBytes(readPrefix(toUint8Array(uint8Array, 'htmlEncodingSniffer'), xml ? 0 : maxPrescanBytes));
  const hasLabel = transportLayerEncodingLabel !== undefined;
  const labelLength = hasLabel ? writeString(toDOMString(transportLayerEncodingLabel), bytesLength) : 0;
  const length = htmlEncodingSniff(bytesLength, labelLength, hasLabel, xml ? 0 : maxPrescanBytes, Boolean(xml));
  return length === -1 ? defaultEncoding : readAscii(length);
}
