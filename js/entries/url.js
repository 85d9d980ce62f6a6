// `webweft/url`: the URL Standard (its own wasm, without the Public Suffix List or encoders:
// those are in the public-suffix part and the encoding area, loaded on first use).
export {
  URL,
  URLSearchParams,
  domainToASCII,
  domainToUnicode,
  hostType,
  parseHost,
  parseURL,
  publicSuffix,
  registrableDomain,
} from '../url.js';
export * from '#testing';
