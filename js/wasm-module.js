// Compiling and instantiating a unit's wasm (the flavours that carry wasm; see
// tools/build/instance.mjs). A host may refuse to compile WebAssembly from bytes: a page whose
// Content-Security-Policy lacks 'wasm-unsafe-eval', Cloudflare Workers while serving a request,
// an embedder that disabled it, or an engine with no WebAssembly at all (Hermes, QuickJS). The
// error then says so and names the two ways out, instead of a bare CompileError from deep inside.
// WebAssembly's constructors are captured at load: a page may replace them later.
const WebAssemblyAtLoad = typeof WebAssembly === 'object' && WebAssembly !== null ? WebAssembly : undefined;
const ModuleAtLoad = WebAssemblyAtLoad?.Module;
const InstanceAtLoad = WebAssemblyAtLoad?.Instance;

// The smallest module: its magic number and version.
const EMPTY_MODULE = /* @__PURE__ */ new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
let probe;

/**
 * Why this host cannot compile WebAssembly from bytes now, or undefined if it can: one compile
 * of the empty module, asked once. (The polyfill asks before it installs a global that needs
 * WebAssembly.)
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
      new ModuleAtLoad(EMPTY_MODULE);
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

/** The exports of a new instance of `module`. */
export function instantiateModule(module, imports) {
  return new InstanceAtLoad(module, imports).exports;
}

function unavailable(subpath, why, cause) {
  return new Error(
    `${subpath} needs WebAssembly, and ${why}. Import '${subpath}/no-wasm' or resolve with the ` +
      `"webweft-no-wasm" export condition, or allow script-src 'wasm-unsafe-eval'.`,
    { cause },
  );
}
