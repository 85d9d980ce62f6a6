// The polyfill installer: puts weft's implementations on the global object where the host's are
// missing or fail a feature test, or everywhere with `force`.
import * as api from './api.js';
import { hostStructuredCloneIsGood } from './structured-clone.js';

/** For each global: weft's implementation, and a test that the host's one is present and right. */
const GLOBALS = {
  atob: { implementation: api.atob, hostIsGood: () => hostAtobIsForgiving() },
  btoa: { implementation: api.btoa, hostIsGood: () => typeof globalThis.btoa === 'function' },
  TextDecoder: { implementation: api.TextDecoder, hostIsGood: () => hostTextDecoderIsComplete() },
  TextEncoder: { implementation: api.TextEncoder, hostIsGood: () => hostTextEncoderIsGood() },
  TextDecoderStream: {
    implementation: api.TextDecoderStream,
    hostIsGood: () => typeof globalThis.TextDecoderStream === 'function' && hostTextDecoderIsComplete(),
  },
  TextEncoderStream: {
    implementation: api.TextEncoderStream,
    hostIsGood: () => typeof globalThis.TextEncoderStream === 'function',
  },
  structuredClone: { implementation: api.structuredClone, hostIsGood: hostStructuredCloneIsGood },
  URL: { implementation: api.URL, hostIsGood: () => hostURLIsCurrent() },
  URLSearchParams: { implementation: api.URLSearchParams, hostIsGood: () => hostURLSearchParamsIsCurrent() },
};

/** The host's URL parses per the current standard and has the newer statics. */
function hostURLIsCurrent() {
  const { URL } = globalThis;
  if (typeof URL !== 'function' || typeof URL.parse !== 'function' || typeof URL.canParse !== 'function') return false;
  try {
    const url = new URL('HTTP://0x7F.1:80/a b/../c?d e#f`');
    return (
      url.href === 'http://127.0.0.1/c?d%20e#f%60' &&
      new URL('//\u00E9x.test', 'https://b/').host === 'xn--x-9fa.test' &&
      URL.parse('http://[::1.2.3.4]/')?.hostname === '[::102:304]' &&
      !URL.canParse('http://a b/') &&
      url.searchParams === url.searchParams
    );
  } catch {
    return false;
  }
}

/** The host's URLSearchParams has size and the two-argument has/delete. */
function hostURLSearchParamsIsCurrent() {
  const { URLSearchParams } = globalThis;
  if (typeof URLSearchParams !== 'function') return false;
  try {
    const params = new URLSearchParams([['a', '1'], ['a', '2'], ['b', '\uD800']]);
    params.delete('a', '1');
    return params.size === 2 && params.has('a', '2') && !params.has('a', '1') && params.toString() === 'a=2&b=%EF%BF%BD';
  } catch {
    return false;
  }
}

// Node without full ICU lacks the legacy encodings; some engines get fatal mode or the BOM wrong.
function hostTextDecoderIsComplete() {
  if (typeof globalThis.TextDecoder !== 'function') return false;
  try {
    const decode = (label, bytes, options) => new globalThis.TextDecoder(label, options).decode(Uint8Array.from(bytes));
    if (decode('shift_jis', [0x82, 0xa0]) !== '\u3042') return false;
    if (decode('gb18030', [0x81, 0x30, 0x81, 0x30]) !== '\u0080') return false;
    if (decode('windows-1252', [0x80]) !== '\u20AC') return false;
    if (decode('utf-8', [0xef, 0xbb, 0xbf, 0x61]) !== 'a') return false;
    if (decode('utf-8', [0xf0, 0x80], {}) !== '\uFFFD\uFFFD') return false;
    try {
      decode('utf-8', [0xff], { fatal: true });
      return false;
    } catch {
      // fatal mode throws, as it must
    }
    try {
      new globalThis.TextDecoder('replacement');
      return false;
    } catch {
      return true;
    }
  } catch {
    return false;
  }
}

function hostTextEncoderIsGood() {
  if (typeof globalThis.TextEncoder !== 'function') return false;
  try {
    const encoder = new globalThis.TextEncoder();
    const destination = new Uint8Array(4);
    const { read, written } = encoder.encodeInto('a\u{1F600}', destination);
    return read === 1 && written === 1 && encoder.encode('\uD800').join() === '239,191,189';
  } catch {
    return false;
  }
}

function hostAtobIsForgiving() {
  if (typeof globalThis.atob !== 'function') return false;
  try {
    if (globalThis.atob(' Y Q = = ') !== 'a') return false;
  } catch {
    return false;
  }
  try {
    globalThis.atob('YQ=');
    return false; // padding without a multiple of four must fail
  } catch {
    return true;
  }
}

/**
 * Installs weft's globals. Returns the names installed.
 * @param {{force?: boolean, only?: string[]}} [options]
 */
export function install(options = {}) {
  const installed = [];
  for (const [name, { implementation, hostIsGood }] of Object.entries(GLOBALS)) {
    if (options.only && !options.only.includes(name)) continue;
    if (!options.force && hostIsGood()) continue;
    // WebIDL operations and interfaces are writable, configurable, non-enumerable properties.
    Object.defineProperty(globalThis, name, {
      value: implementation,
      writable: true,
      configurable: true,
      enumerable: false,
    });
    installed.push(name);
  }
  return installed;
}
