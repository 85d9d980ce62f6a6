// The polyfill installer: puts weft's implementations on the global object where the host's are
// missing or fail a feature test, or everywhere with `force`.
import * as api from './api.js';
import { hostStructuredCloneIsGood } from './structured-clone.js';

/** For each global: weft's implementation, and a test that the host's one is present and right. */
const GLOBALS = {
  atob: { implementation: api.atob, hostIsGood: () => hostAtobIsForgiving() },
  btoa: { implementation: api.btoa, hostIsGood: () => typeof globalThis.btoa === 'function' },
  structuredClone: { implementation: api.structuredClone, hostIsGood: hostStructuredCloneIsGood },
};

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
