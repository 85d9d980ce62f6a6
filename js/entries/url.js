// `webweft/url`: the URL Standard (its own wasm, without the Public Suffix List or legacy encoders).
import { URL, parseURL as parseUTF8URL } from '../url.js';
import { parseURL as parseEncodedURL } from '#url-full';

export { URL, URLSearchParams, domainToASCII, domainToUnicode, hostType, parseHost } from '../url.js';
// The Public Suffix List is in the url-full wasm, instantiated on the first call; a bundle that
// never calls these leaves it out.
export { publicSuffix, registrableDomain } from '#url-full';
export * from '#testing';

/**
 * parseURL(input, base, {encoding}): with an `encoding`, the url-full wasm (which has every
 * encoder) parses; its URL is made again by this area's URL class, so that there is one class.
 * (Named explicitly: in a bundle with js/url.js's parseURL, a bundler renames this one. The call
 * is pure, so a bundle that never uses parseURL still leaves it, and url-full, out.)
 */
export const parseURL = /* @__PURE__ */ named('parseURL', function (input, base = undefined, options = undefined) {
  if (options?.encoding === undefined) return parseUTF8URL.apply(undefined, arguments);
  const { url, errors } = parseEncodedURL.apply(undefined, arguments);
  return { url: url === null ? null : new URL(url.href), errors };
});

function named(name, fn) {
  return Object.defineProperty(fn, 'name', { value: name, configurable: true });
}
