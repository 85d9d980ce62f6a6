// Types for weft on hosts where the module is ready on import (Node, Bun, Deno).
export * from './types/base64';

/**
 * Installs weft's implementations as globals where the host's are missing or fail a feature
 * test (all of them with `force`). Returns the names installed.
 */
export function installPolyfill(options?: { force?: boolean; only?: string[] }): string[];
