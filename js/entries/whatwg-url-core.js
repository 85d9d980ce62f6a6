// The part of `webweft/whatwg-url` and `webweft/whatwg-url/webidl2js-wrapper` with the wasm, a
// file of its own that both import, so that they share one wasm instance and one set of
// interfaces (as whatwg-url's index.js and webidl2js-wrapper.js share its modules).
import URLInterface from '../whatwg-url/generated/URL.js';
import URLSearchParamsInterface from '../whatwg-url/generated/URLSearchParams.js';
import { recordAPI } from '../whatwg-url/record-api.js';
import * as records from '../whatwg-url/records.js';

Object.assign(recordAPI, records);

export {
  basicURLParse,
  cannotHaveAUsernamePasswordPort,
  hasAnOpaquePath,
  isValidURLString,
  parseURL,
  parseURLWithValidationErrors,
  percentDecodeBytes,
  percentDecodeString,
  serializeHost,
  serializeInteger,
  serializePath,
  serializeURL,
  serializeURLOrigin,
  setThePassword,
  setTheUsername,
} from '../whatwg-url/records.js';

// The webidl2js interface modules (install, is, convert, create, ...).
export { URLInterface, URLSearchParamsInterface };

// whatwg-url's URL and URLSearchParams: the interfaces installed on an object of their own, with
// the globals the wrappers use (whatwg-url's index.js does the same).
const sharedGlobalObject = { Array, Object, Promise, String, TypeError };
URLInterface.install(sharedGlobalObject, ['Window']);
URLSearchParamsInterface.install(sharedGlobalObject, ['Window']);
// (Local names of their own: a top-level `URL` binding would make the bundler rename the
// generated `class URL` inside `install`, and with it every installed interface's name.)
const sharedURL = sharedGlobalObject.URL;
const sharedURLSearchParams = sharedGlobalObject.URLSearchParams;
export { sharedURL as URL, sharedURLSearchParams as URLSearchParams };
