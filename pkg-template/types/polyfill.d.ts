/**
 * Installs weft's implementations as globals where the host's are missing or fail a feature
 * test (all of them with `force`; only the names in `only`, if given). Returns the names installed.
 */
export function installPolyfill(options?: { force?: boolean; only?: string[] }): string[];
