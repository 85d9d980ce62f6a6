/** The options of `installPolyfill` and of the classic-script polyfills (`webweftPolyfillOptions`). */
export interface PolyfillOptions {
  /** Replace the host's implementations even where they pass the feature tests. */
  force?: boolean;
  /** Install only these globals (e.g. `['URL', 'URLSearchParams']`). */
  only?: string[];
}

/**
 * Installs weft's implementations as globals where the host's are missing or fail a feature
 * test (all of them with `force`; only the names in `only`, if given). Returns the names installed.
 */
export function installPolyfill(options?: PolyfillOptions): string[];
