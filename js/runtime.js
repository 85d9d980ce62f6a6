// The instantiated module's raw exports (memory, buffers), for facades that move data through
// wasm memory themselves instead of through per-call glue. Set once by every entry point.
let exports;

export function attach(wasmExports) {
  exports = wasmExports;
  return wasmExports;
}

export function wasm() {
  return exports;
}
