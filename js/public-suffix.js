// The Public Suffix List part of `webweft/url` (URL §3.2): a wasm of its own
// (src/bindings/public_suffix.rs, instantiated on the first lookup) that looks up a domain the
// url area's host parser returned.
import { publicSuffixOfDomain } from '#glue';
import { readAscii, writeString } from './io.js';

const NO_RESULT = -1;

/** The public suffix of `domain`, or with `registrable` its registrable domain (or null). */
export function lookUpPublicSuffix(domain, registrable) {
  const length = publicSuffixOfDomain(writeString(domain), registrable);
  return length === NO_RESULT ? null : readAscii(length);
}
