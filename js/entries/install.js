// `installPolyfill` of `webweft` and `webweft/lite`, in a file of its own so that a bundle that
// never calls it leaves the installer and its feature tests out.
import { install, warnSkipped } from '../polyfill.js';
import { noWasmBuild } from '#flavour';

/**
 * Installs webweft's globals where the host's are missing or broken and webweft's can run here
 * (see js/polyfill.js). Returns the names installed; its `skipped` property lists the globals
 * left to the host because webweft's need WebAssembly the host refuses, with the reason (each
 * also warned about once).
 */
export function installPolyfill(options = undefined) {
  const { installed, skipped } = install(options);
  warnSkipped(skipped, noWasmBuild);
  return Object.defineProperty(installed, 'skipped', { value: skipped });
}
