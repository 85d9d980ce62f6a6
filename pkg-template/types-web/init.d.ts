/** A URL or path of weft_bg.wasm, a fetch Response, its bytes, or a compiled module. */
export type InitInput = RequestInfo | globalThis.URL | Response | BufferSource | WebAssembly.Module;

/** Fetches and instantiates the wasm (by default weft_bg.wasm beside this module). Call once before using the API. */
export default function init(moduleOrPath?: InitInput | Promise<InitInput>): Promise<unknown>;

/** Instantiates the wasm synchronously from its bytes or a compiled module. */
export function initSync(module: BufferSource | WebAssembly.Module): unknown;
