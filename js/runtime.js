// The current instance's raw exports (memory, buffers), for facades that move data through wasm
// memory themselves; instantiates the area's wasm on first use. Read through the glue on every
// use: the glue replaces the instance after a panic (see src/bindings/mod.rs), and a cached
// reference would then point at the old one.
export { __weftExports as wasm } from '#glue';
// Whether the area's wasm is instantiated yet (without instantiating it): a facade may answer in
// JS what would otherwise be the call that compiles it.
export { __weftInstantiated as wasmInstantiated } from '#glue';
// Whether a view over the unit's memory must be made again: a wasm memory detaches its old
// buffer when it grows (the view's length becomes 0); the translated unit's memory replaces its
// buffer instead, so there the buffers are compared.
export { __weftMemoryStale as memoryStale } from '#glue';
// The memory's current buffer (see tools/build/glue.mjs).
export { __weftMemoryBuffer as memoryBuffer } from '#glue';
