// The public API, the same on every host; each entry point initializes the module first.
export { atob, btoa, base64Decode, base64Encode } from './base64.js';
export {
  TextDecoder,
  TextDecoderStream,
  TextEncoder,
  TextEncoderStream,
  decode,
  encode,
  labelToEncoding,
  sniffBOM,
} from './encoding.js';
export * as html from './html.js';
export { deserialize, registerSerializable, serialize, structuredClone } from './structured-clone.js';
export { URL, URLSearchParams, domainToASCII, domainToUnicode, hostType, parseHost, parseURL, publicSuffix, registrableDomain } from './url.js';
