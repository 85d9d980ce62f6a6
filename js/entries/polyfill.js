// A classic-script polyfill (`<script src=".../url.polyfill.js">`, importScripts in a worker, or
// `import 'webweft/url/polyfill'`): installs the globals of one area (`#area-api`, names in
// `#area-globals`; tools/build-pkg.mjs builds one per area, and `polyfill.js` is all of them one
// after the other) synchronously at load. The namespace goes to `globalThis.webweft` explicitly,
// merged with what earlier parts put there, so it also exists when a bundler or Node loads this
// file as a module. `webweft.ready` is an already-resolved promise of every name installed.
// Add `data-force` to the script tag (or set `globalThis.webweftPolyfillOptions = {force: true}`
// first) to replace even good host implementations.
import * as api from '#area-api';
import { globals, namespaceName } from '#area-globals';
import { install as installGlobals } from '../polyfill.js';

const script = typeof document === 'undefined' ? null : document.currentScript;
const options = {
  force: script?.hasAttribute?.('data-force') ?? false,
  ...globalThis.webweftPolyfillOptions,
};

/** Installs this part's globals (those in `options.only`, if given); returns the names installed. */
function installPart(options = {}) {
  const only = options.only ? globals.filter((name) => options.only.includes(name)) : globals;
  return installGlobals({ ...options, only });
}

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
const installedBefore = Array.isArray(namespace.installed) ? namespace.installed : [];
const installed = [...installedBefore, ...installPart(options)];
const installEarlierParts = typeof namespace.install === 'function' ? namespace.install : () => [];
Object.assign(namespace, {
  installed,
  ready: Promise.resolve(installed),
  /** Installs the globals of every part loaded so far (see js/polyfill.js for the options). */
  install: function install(options) {
    return [...installEarlierParts(options), ...installPart(options)];
  },
});
