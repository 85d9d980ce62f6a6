/** The options of `installPolyfill` and of the classic-script polyfills (`webweftPolyfillOptions`). */
export interface PolyfillOptions {
  /** Replace the host's implementations even where they pass the feature tests. */
  force?: boolean;
  /** Install only these globals (e.g. `['URL', 'URLSearchParams']`; the Uint8Array methods by their paths, e.g. `'Uint8Array.prototype.toBase64'`). */
  only?: string[];
}

/** A global the installer left to the host, and why (webweft's needs WebAssembly the host refuses). */
export interface SkippedGlobal {
  name: string;
  reason: string;
}

/**
 * Installs weft's implementations as globals where the host's are missing or fail a feature
 * test (all of them with `force`; only the names in `only`, if given), and where weft's can run:
 * one that needs WebAssembly is not installed where the host cannot compile it (the host's stays,
 * and a warning says so once). Returns the names installed; `skipped` lists those left to the host.
 */
export function installPolyfill(options?: PolyfillOptions): string[] & { readonly skipped: SkippedGlobal[] };
