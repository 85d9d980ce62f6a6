// UTF-8 for the glue and js/io.js. The host's TextEncoder/TextDecoder are read through globalThis
// once, when this module loads (before a polyfill could install webweft's own, which would call
// back into wasm, and so that a page replacing them later changes nothing), and created on first
// use; where the host has none (old engines, some embedded ones), small loops take their place,
// so the package loads and works there too.
const HostTextEncoder = typeof globalThis.TextEncoder === 'function' ? globalThis.TextEncoder : undefined;
const HostTextDecoder = typeof globalThis.TextDecoder === 'function' ? globalThis.TextDecoder : undefined;

/** UTF-8 encode of a string into `view`, lone surrogates as U+FFFD, stopping before a code point that does not fit. */
export function encodeIntoLoop(string, view) {
  let read = 0;
  let written = 0;
  const length = string.length;
  while (read < length) {
    let code = string.charCodeAt(read);
    let units = 1;
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = read + 1 < length ? string.charCodeAt(read + 1) : 0;
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
        units = 2;
      } else {
        code = 0xfffd;
      }
    }
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (written + size > view.length) break;
    if (size === 1) {
      view[written] = code;
    } else {
      let shift = 6 * (size - 1);
      view[written] = ((0xf00 >> size) & 0xff) | (code >> shift);
      for (let i = 1; i < size; i++) {
        shift -= 6;
        view[written + i] = 0x80 | ((code >> shift) & 0x3f);
      }
    }
    written += size;
    read += units;
  }
  return { read, written };
}

/** UTF-8 decode with replacement (the Encoding Standard's decoder), no BOM handling. */
function decodeLoop(bytes) {
  let string = '';
  let units = [];
  const flush = () => {
    string += String.fromCharCode.apply(null, units);
    units = [];
  };
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i];
    let needed = 0;
    let code = lead;
    let lower = 0x80;
    let upper = 0xbf;
    if (lead < 0x80) {
      i++;
    } else {
      if (lead >= 0xc2 && lead <= 0xdf) {
        needed = 1;
        code = lead & 0x1f;
      } else if (lead >= 0xe0 && lead <= 0xef) {
        needed = 2;
        code = lead & 0xf;
        if (lead === 0xe0) lower = 0xa0;
        if (lead === 0xed) upper = 0x9f;
      } else if (lead >= 0xf0 && lead <= 0xf4) {
        needed = 3;
        code = lead & 0x7;
        if (lead === 0xf0) lower = 0x90;
        if (lead === 0xf4) upper = 0x8f;
      } else {
        needed = -1;
      }
      i++;
      for (let seen = 0; needed > 0 && seen < needed; seen++) {
        const byte = bytes[i];
        if (i >= bytes.length || byte < lower || byte > upper) {
          needed = -1;
          break;
        }
        lower = 0x80;
        upper = 0xbf;
        code = (code << 6) | (byte & 0x3f);
        i++;
      }
      if (needed < 0) code = 0xfffd;
    }
    if (code >= 0x10000) {
      code -= 0x10000;
      units.push(0xd800 + (code >> 10), 0xdc00 + (code & 0x3ff));
    } else {
      units.push(code);
    }
    if (units.length >= 0x2000) flush();
  }
  flush();
  return string;
}

/** An encoder with `encode` and `encodeInto`, the host's where it has one. */
export function utf8Encoder() {
  if (HostTextEncoder) {
    const encoder = new HostTextEncoder();
    if (typeof encoder.encodeInto === 'function') return encoder;
  }
  return { encodeInto: encodeIntoLoop, encode: encodeLoop };
}

/** UTF-8 encode of a string into a new Uint8Array, lone surrogates as U+FFFD. */
export function encodeLoop(string) {
  // At most three bytes per code unit (a pair's four bytes are two units' worth).
  const view = new Uint8Array(string.length * 3);
  return view.slice(0, encodeIntoLoop(string, view).written);
}

/**
 * A decoder with `decode` (UTF-8, BOM kept as U+FEFF), the host's where it has one. The host's is
 * made on the first `decode` of bytes (the glue's `decode()` at load is a no-op until then): the
 * first TextDecoder of a Node 20 process costs ~4 ms (ICU's converter), and a module that only
 * loads should not pay it.
 */
export function utf8Decoder() {
  if (HostTextDecoder === undefined) return { decode: (bytes = new Uint8Array(0)) => decodeLoop(bytes) };
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
