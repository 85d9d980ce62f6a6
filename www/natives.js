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
const nativeFetch = g.fetch;
const responseArrayBuffer = g.Response.prototype.arrayBuffer;
const responseHeaders = getter(g.Response.prototype, 'headers');
const headersGet = g.Headers.prototype.get;
const NativeBlob = g.Blob;
const createObjectURL = NativeURL.createObjectURL;
const revokeObjectURL = NativeURL.revokeObjectURL;
const NativeUint8Array = g.Uint8Array;
const NativeURLPattern = g.URLPattern;
const URL_PATTERN_COMPONENTS = ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash'];
const urlPatternGetters =
  NativeURLPattern &&
  [...URL_PATTERN_COMPONENTS, 'hasRegExpGroups'].map((name) => [name, getter(NativeURLPattern.prototype, name)]);
const urlPatternTest = NativeURLPattern?.prototype.test;
const urlPatternExec = NativeURLPattern?.prototype.exec;

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
  /** fetch(url) of a data: URL: {contentType, body} (a rejection for a network error). */
  async fetchDataURL(url) {
    const response = await apply(nativeFetch, g, [url]);
    const contentType = apply(headersGet, apply(responseHeaders, response, []), ['content-type']);
    return { contentType, body: new NativeUint8Array(await apply(responseArrayBuffer, response, [])) };
  },
  /**
   * The encoding this browser's HTML (or XML) parser gives `bytes` served with `type`: the
   * document.characterSet of a sandboxed frame (no scripts run) loading them from a blob: URL.
   */
  documentEncoding(bytes, type) {
    const url = apply(createObjectURL, NativeURL, [new NativeBlob([bytes], { type })]);
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-same-origin');
    frame.hidden = true;
    return new Promise((resolve) => {
      frame.addEventListener('load', () => {
        resolve(frame.contentDocument.characterSet);
        frame.remove();
        apply(revokeObjectURL, NativeURL, [url]);
      });
      frame.src = url;
      document.body.append(frame);
    });
  },
  /**
   * new URLPattern(...patternArgs) (or its exception): the pattern's components,
   * hasRegExpGroups, test and exec; undefined where the browser has no URLPattern.
   */
  urlPattern:
    NativeURLPattern &&
    ((patternArgs) => {
      const pattern = new NativeURLPattern(...patternArgs);
      return {
        ...Object.fromEntries(urlPatternGetters.map(([name, get]) => [name, apply(get, pattern, [])])),
        test: (...inputArgs) => apply(urlPatternTest, pattern, inputArgs),
        exec: (...inputArgs) => apply(urlPatternExec, pattern, inputArgs),
      };
    }),
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
