//! The wasm-bindgen layer: argument and error translation only, no algorithms.
//!
//! Every exported function catches bad input and reports it as the spec's exception; none
//! may panic, because a panic aborts (traps) the whole module. Should one happen anyway, the call
//! throws a `WebAssembly.RuntimeError` and the next call gets a fresh instance (the panic hook
//! below), so the module keeps working.

#[cfg(feature = "encoding")]
mod encoding;
#[cfg(any(
    feature = "encoding",
    all(feature = "structured-clone", feature = "testing-hooks")
))]
mod errors;
#[cfg(feature = "html")]
pub(crate) mod html;
mod io;
#[cfg(feature = "public-suffix-list")]
mod public_suffix;
// The package's serialize()/deserialize() run in JavaScript (js/structured-clone/wire.js); the
// Rust codec's bindings are built for the Node tests only, which check the two agree.
#[cfg(all(feature = "structured-clone", feature = "testing-hooks"))]
mod structured_clone;
#[cfg(feature = "url")]
mod url;

use wasm_bindgen::prelude::*;

/// Talc in place of std's dlmalloc: ~3 KB gzip smaller and faster (README "URL"); like
/// dlmalloc it reuses freed memory and grows the wasm memory only when none fits.
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// A panic traps (panic = "abort"); this asks the glue for a fresh instance on the next call (it
/// is built with `--experimental-reset-state-function`). In the package's wasm the hook itself
/// never runs: tools/wasm.mjs (`stripPanics`) makes std's panic path call the same import and
/// trap, and the formatting and messages that only a panic used go.
#[wasm_bindgen(start)]
fn start() {
    std::panic::set_hook(Box::new(|_| wasm_bindgen::handler::schedule_reinit()));
}

/// The strings one after the other: messages are built with this, not `format!` (whose
/// machinery would stay in every wasm) nor `[..].concat()` (whose overflow check adds a panic).
#[cfg(feature = "encoding")]
pub(crate) fn concat(parts: &[&str]) -> String {
    let mut text = String::new();
    for part in parts {
        text.push_str(part);
    }
    text
}

/// Panics on purpose, to test the recovery above; only in builds with `testing-hooks`.
#[cfg(feature = "testing-hooks")]
#[wasm_bindgen(js_name = panicForTesting)]
pub fn panic_for_testing() {
    panic!("deliberate panic for testing");
}
