// Type-checked (never run) by `deno check`: the package's .d.ts files describe its API under
// Deno's TypeScript and libs, with the same cases tests/types/run.mjs gives tsc.
import '../types/api.ts';
import '../types/polyfill.ts';
