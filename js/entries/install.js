// `installPolyfill` of `webweft` and `webweft/lite`, in a file of its own so that a bundle that
// never calls it leaves the installer and its feature tests out.
import { install } from '../polyfill.js';

/** Installs webweft's globals where the host's are missing or broken (see js/polyfill.js). */
export function installPolyfill(options = undefined) {
  return install(options);
}
