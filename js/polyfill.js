// The polyfill installer: puts weft's implementations on the global object where the host's are
// missing or fail a feature test, or everywhere with `force`.
import * as api from './api.js';

/** For each global: weft's implementation, and a test that the host's one is present and right. */
const GLOBALS = {
  atob: { implementation: api.atob, hostIsGood: () => hostAtobIsForgiving() },
  btoa: { implementation: api.btoa, hostIsGood: () => typeof globalThis.btoa === 'function' },
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
