// The browser's own implementations, captured when the page loads: app.js imports this module
// first, so nothing (webweft's polyfill, a page script) can have replaced them yet. Methods and
// getters are taken off the prototypes too, so a later patch of URL.prototype.href changes
// nothing here.
const g = globalThis;
const getter = (proto, name) => Object.getOwnPropertyDescriptor(proto, name)?.get;
const apply = Reflect.apply;

const NativeURL = g.URL;
const URL_FIELDS = [
  'href',
  'origin',
  'protocol',
  'username',
  'password',
  'host',
  'hostname',
  'port',
  'pathname',
  'search',
  'hash',
];
const urlGetters = URL_FIELDS.map((name) => [name, getter(NativeURL.prototype, name)]);
const NativeTextDecoder = g.TextDecoder;
const decodeMethod = NativeTextDecoder.prototype.decode;
const decoderEncoding = getter(NativeTextDecoder.prototype, 'encoding');
const NativeTextEncoder = g.TextEncoder;
const encodeMethod = NativeTextEncoder.prototype.encode;
const nativeAtob = g.atob;
const nativeBtoa = g.btoa;
const nativeStructuredClone = g.structuredClone;

export const natives = Object.freeze({
  /** new URL(input, base): every component, or the exception. */
  parseURL(input, base) {
    const url = base === undefined ? new NativeURL(input) : new NativeURL(input, base);
    return Object.fromEntries(urlGetters.map(([name, get]) => [name, apply(get, url, [])]));
  },
  /** new TextDecoder(label, {fatal}) (or its RangeError): {encoding, decode(bytes)}. */
  decoder(label, fatal) {
    const decoder = new NativeTextDecoder(label, { fatal });
    return { encoding: apply(decoderEncoding, decoder, []), decode: (bytes) => apply(decodeMethod, decoder, [bytes]) };
  },
  encode: (text) => apply(encodeMethod, new NativeTextEncoder(), [text]),
  atob: (data) => apply(nativeAtob, g, [data]),
  btoa: (data) => apply(nativeBtoa, g, [data]),
  structuredClone: (value) => apply(nativeStructuredClone, g, [value]),
});

/** The browser's name for "this browser's URL parses it" lines. */
export const browserName = (() => {
  const ua = g.navigator?.userAgent ?? '';
  if (/Firefox\//.test(ua)) return 'Firefox';
  if (/Edg\//.test(ua)) return 'Edge';
  if (/Chrom(e|ium)\//.test(ua)) return 'Chromium';
  if (/Safari\//.test(ua)) return 'Safari';
  return 'this browser';
})();
