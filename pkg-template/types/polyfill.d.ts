/**
 * `webweft/polyfill` and the per-area `webweft/<area>/polyfill`: loading one installs its
 * area's globals (`URL`, `TextDecoder`, ...) where the host's are missing or fail a feature test,
 * and defines the global `webweft`. The installed globals keep the host's types (DOM lib or
 * @types/node); `webweft` carries the loaded areas' API.
 */
declare global {
  /** Read when a polyfill script loads; set it before. */
  var webweftPolyfillOptions: WebweftPolyfillOptions | undefined;
  /** The polyfills' namespace: each loaded area's API, and what was installed. */
  var webweft: WebweftPolyfillNamespace;

  interface WebweftPolyfillOptions {
    /** Replace the host's implementations even where they pass the feature tests (or `data-force` on the script tag). */
    force?: boolean;
    /** Install only these globals. */
    only?: string[];
  }

  // ES2026's Uint8Array base64 and hex, which webweft/polyfill and webweft/base64/polyfill
  // install where the host lacks them (TypeScript's libs before ES2026 lack them too).
  interface Uint8ArrayConstructor {
    fromBase64(string: string, options?: import('webweft/base64').FromBase64Options): Uint8Array<ArrayBuffer>;
    fromHex(string: string): Uint8Array<ArrayBuffer>;
  }
  interface Uint8Array<TArrayBuffer extends ArrayBufferLike = ArrayBufferLike> {
    toBase64(options?: import('webweft/base64').ToBase64Options): string;
    toHex(): string;
    setFromBase64(string: string, options?: import('webweft/base64').FromBase64Options): import('webweft/base64').SetFromResult;
    setFromHex(string: string): import('webweft/base64').SetFromResult;
  }

  /** Only the areas whose polyfill was loaded are present. */
  interface WebweftPolyfillNamespace extends Partial<typeof import('webweft')> {
    /** The names of the globals installed so far. */
    readonly installed: string[];
    /** The globals left to the host because webweft's needs WebAssembly the host refuses, and why. */
    readonly skipped: { name: string; reason: string }[];
    /** Resolves to `installed` (installation is synchronous; kept for scripts that await it). */
    readonly ready: Promise<string[]>;
    /** Installs the loaded areas' globals again with these options; returns the names installed. */
    install(options?: WebweftPolyfillOptions): string[];
  }
}

export {};
