// Compiling and instantiating a unit's wasm (the flavours that carry wasm; see
// tools/build/instance.mjs). A host may refuse to compile WebAssembly from bytes: a page whose
// Content-Security-Policy lacks 'wasm-unsafe-eval', Cloudflare Workers while serving a request,
// an embedder that disabled it, or an engine with no WebAssembly at all (Hermes, QuickJS). The
// error then says so and names the two ways out, instead of a bare CompileError from deep inside.
// WebAssembly's constructors are captured at load: a page may replace them later.
const WebAssemblyAtLoad = typeof WebAssembly === 'object' && WebAssembly !== null ? WebAssembly : undefined;
const ModuleAtLoad = WebAssemblyAtLoad?.Module;
const InstanceAtLoad = WebAssemblyAtLoad?.Instance;
const CompileErrorAtLoad = WebAssemblyAtLoad?.CompileError;

// The smallest module that needs what a unit needs: a function, compiled to machine code, and
// a memory, exported. Compiling alone does not tell: WebKit under a policy without
// 'wasm-unsafe-eval' compiles any module and refuses only to instantiate it, so the probe does
// what a unit's glue does (compile, then instantiate, synchronously) and calls the function.
//   (module (memory (export "memory") 1) (func (export "answer") (result i32) i32.const 42))
// prettier-ignore
const PROBE_MODULE = /* @__PURE__ */ new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic number, version
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7f, // type section: () -> i32
  0x03, 0x02, 0x01, 0x00, // function section: one function of type 0
  0x05, 0x03, 0x01, 0x00, 0x01, // memory section: one memory of at least 1 page
  0x07, 0x13, 0x02, // export section, two exports:
  0x06, 0x61, 0x6e, 0x73, 0x77, 0x65, 0x72, 0x00, 0x00, // "answer": function 0
  0x06, 0x6d, 0x65, 0x6d, 0x6f, 0x72, 0x79, 0x02, 0x00, // "memory": memory 0
  0x0a, 0x06, 0x01, 0x04, 0x00, 0x41, 0x2a, 0x0b, // code section: one body, no locals, i32.const 42, end
]);
let probe;

/**
 * Why this host cannot run a unit's WebAssembly now, or undefined if it can: the probe module
 * compiled, instantiated and called once, asked once. (The polyfill asks before it installs a
 * global that needs WebAssembly.)
 */
export function wasmUnavailableReason() {
  if (probe === undefined) {
    try {
      if (typeof ModuleAtLoad !== 'function') throw new TypeError('this JavaScript engine has no WebAssembly');
      // Workers compile wasm only while a script starts, so a probe now would pass and the first
      // call in a request would fail: their files import each wasm as a module instead.
      // (navigator read only here: in Node, reading it loads a module of its own.)
      if (typeof navigator === 'object' && navigator !== null && navigator.userAgent === 'Cloudflare-Workers') {
        throw new TypeError(
          'Cloudflare Workers compile WebAssembly only while a script starts (bundle with the "workerd" export condition)',
        );
      }
      const { answer } = instantiateModule(new ModuleAtLoad(PROBE_MODULE), {});
      if (answer() !== 42) throw new TypeError('the host ran WebAssembly wrongly');
      probe = { reason: undefined };
    } catch (error) {
      probe = { reason: error?.message ?? String(error) };
    }
  }
  return probe.reason;
}

/** A compiled module of `bytes()` (called only if the host has WebAssembly). */
export function compileModule(bytes, subpath) {
  if (typeof ModuleAtLoad !== 'function') throw unavailable(subpath, 'this JavaScript engine has no WebAssembly');
  try {
    return new ModuleAtLoad(bytes());
  } catch (error) {
    throw unavailable(subpath, `the host refused to compile it (${error?.message ?? error})`, error);
  }
}

/**
 * The exports of a new instance of `module`. A host that compiled the module may still refuse to
 * instantiate it (WebKit under a policy without 'wasm-unsafe-eval' throws a CompileError here):
 * that refusal gets the same error as one at compile time, naming `subpath`.
 */
export function instantiateModule(module, imports, subpath) {
  try {
    return new InstanceAtLoad(module, imports).exports;
  } catch (error) {
    if (subpath === undefined || typeof CompileErrorAtLoad !== 'function' || !(error instanceof CompileErrorAtLoad)) throw error;
    throw unavailable(subpath, `the host refused to run it (${error.message})`, error);
  }
}

function unavailable(subpath, why, cause) {
  return new Error(
    `${subpath} needs WebAssembly, and ${why}. Import '${subpath}/no-wasm' or resolve with the ` +
      `"webweft-no-wasm" export condition, or allow script-src 'wasm-unsafe-eval'.`,
    { cause },
  );
}
