// A polyfill: the classic scripts `polyfill.js` and `polyfill.no-wasm.js` (`<script src>`,
// importScripts in a worker), every area over one unit, and the per-area ES modules
// (`import 'webweft/url/polyfill'`, `<script type="module" src=".../url.polyfill.js">`), each
// over its area's file. Installs the globals of its areas (`#area-api`, names in
// `#area-globals`) synchronously at load. The namespace goes to `globalThis.webweft` explicitly,
// merged with what earlier parts put there, so it also exists when a bundler or Node loads this
// file as a module. `webweft.ready` is an already-resolved promise of every name installed;
// `webweft.skipped` lists the globals left to the host, with the reason.
// Add `data-force` to a classic script's tag (or set `globalThis.webweftPolyfillOptions =
// {force: true}` first) to replace even good host implementations.
//
// Where the host cannot compile WebAssembly (a strict Content-Security-Policy, Lockdown Mode, an
// engine without it), polyfill.js still being parsed into a page hands over to its twin without
// WebAssembly (`noWasmScript`, beside it: only such pages download it); otherwise the globals
// that need WebAssembly keep the host's, and a warning says which.
import * as api from '#area-api';
import { globals, namespaceName, noWasmScript } from '#area-globals';
import { compilesWasm } from '#flavour';
import { UINT8ARRAY_METHOD_NAMES, install as installGlobals, warnSkipped } from '../polyfill.js';
import { wasmUnavailableReason } from '../wasm-module.js';

const script = typeof document === 'undefined' ? null : document.currentScript;
const options = {
  force: script?.hasAttribute?.('data-force') ?? false,
  ...globalThis.webweftPolyfillOptions,
};

/**
 * Writes `<script src=noWasmScript>` after this one when that is still possible (a parser-
 * inserted script in a document being parsed), with this script's nonce and data-force; returns
 * whether it did.
 */
function handOverToNoWasmScript() {
  if (!compilesWasm || noWasmScript === null || wasmUnavailableReason() === undefined) return false;
  if (script === null || typeof script.src !== 'string' || script.src === '' || script.async || script.defer) return false;
  if (document.readyState !== 'loading' || typeof document.write !== 'function') return false;
  // (This script's URL with its last segment replaced: no URL class, which the host may lack.)
  const src = script.src.replace(/[^/?#]*([?#].*)?$/, noWasmScript);
  const attribute = (name, value) => ` ${name}="${String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
  const nonce = script.nonce ? attribute('nonce', script.nonce) : '';
  const force = script.hasAttribute('data-force') ? ' data-force' : '';
  document.write(`<script${attribute('src', src)}${nonce}${force}></script>`);
  return true;
}

// This part's globals, and the Uint8Array methods (installed by the part whose API has them).
const names = [...globals, ...UINT8ARRAY_METHOD_NAMES];

/** Installs this part's globals (those in `options.only`, if given). */
function installPart(options = {}) {
  const only = options.only ? names.filter((name) => options.only.includes(name)) : names;
  return installGlobals({ ...options, only });
}

if (!handOverToNoWasmScript()) {
  let namespace = globalThis.webweft;
  if (typeof namespace !== 'object' || namespace === null) {
    namespace = {};
    Object.defineProperty(globalThis, 'webweft', { value: namespace, writable: true, configurable: true, enumerable: false });
  }
  if (namespaceName) {
    namespace[namespaceName] = { ...api };
  } else {
    Object.assign(namespace, api);
  }
  const { installed: now, skipped: skippedNow } = installPart(options);
  warnSkipped(skippedNow, noWasmScript);
  const installed = [...(Array.isArray(namespace.installed) ? namespace.installed : []), ...now];
  const skipped = [...(Array.isArray(namespace.skipped) ? namespace.skipped : []), ...skippedNow];
  const installEarlierParts = typeof namespace.install === 'function' ? namespace.install : () => [];
  Object.assign(namespace, {
    installed,
    skipped,
    ready: Promise.resolve(installed),
    /** Installs the globals of every part loaded so far (see js/polyfill.js for the options). */
    install: function install(options) {
      const part = installPart(options);
      warnSkipped(part.skipped, noWasmScript);
      return [...installEarlierParts(options), ...part.installed];
    },
  });
}
