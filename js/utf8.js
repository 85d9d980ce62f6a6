// UTF-8 for the glue and js/io.js: the host's TextEncoder/TextDecoder where it has them, else
// js/fallback/utf8.js's loops (old engines, some embedded ones), so that the package loads and
// works there too. The host's are read through globalThis once, when this module loads (before a
// polyfill could install webweft's own, which would call back into wasm, and so that a page
// replacing them later changes nothing), and created on first use.
import { decodeUtf8, encodeIntoLoop, encodeLoop } from './fallback/utf8.js';

const HostTextEncoder = typeof globalThis.TextEncoder === 'function' ? globalThis.TextEncoder : undefined;
const HostTextDecoder = typeof globalThis.TextDecoder === 'function' ? globalThis.TextDecoder : undefined;

/** An encoder with `encode` and `encodeInto`, the host's where it has one. */
export function utf8Encoder() {
  if (HostTextEncoder) {
    const encoder = new HostTextEncoder();
    if (typeof encoder.encodeInto === 'function') return encoder;
  }
  return { encodeInto: encodeIntoLoop, encode: encodeLoop };
}

/**
 * A decoder with `decode` (UTF-8, BOM kept as U+FEFF), the host's where it has one. The host's is
 * made on the first `decode` of bytes (the glue's `decode()` at load is a no-op until then): the
 * first TextDecoder of a Node 20 process costs ~4 ms (ICU's converter), and a module that only
 * loads should not pay it.
 */
export function utf8Decoder() {
  if (HostTextDecoder === undefined) return { decode: (bytes = new Uint8Array(0)) => decodeUtf8(bytes, bytes.length) };
  let decoder;
  return {
    decode(bytes) {
      if (decoder === undefined) {
        if (bytes === undefined) return '';
        decoder = new HostTextDecoder('utf-8', { ignoreBOM: true });
      }
      return decoder.decode(bytes);
    },
  };
}
