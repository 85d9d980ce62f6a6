// Test helper: records every WebAssembly.Module compiled and Instance made in this process, so
// that tests can count them and reach an area's wasm memory. Import it before the package: the
// package compiles nothing at import, and the glue looks WebAssembly.Instance up when it
// instantiates.
export const modules = [];
export const instances = [];

const { Module, Instance } = WebAssembly;
WebAssembly.Module = new Proxy(Module, {
  construct(target, args, newTarget) {
    const module = Reflect.construct(target, args, newTarget);
    modules.push(module);
    return module;
  },
});
WebAssembly.Instance = new Proxy(Instance, {
  construct(target, args, newTarget) {
    const instance = Reflect.construct(target, args, newTarget);
    instances.push(instance);
    return instance;
  },
});

/** The exports of the newest instance that has an export `name` (e.g. `urlParse` for the URL wasm). */
export function wasmExports(name) {
  const instance = instances.findLast((candidate) => name in candidate.exports);
  if (!instance) throw new Error(`no wasm instance with an export ${name} yet`);
  return instance.exports;
}
