//! The wasm-bindgen layer: argument and error translation only, no algorithms.
//!
//! Every exported function catches bad input and reports it as the spec's exception; none
//! may panic, because a panic aborts (traps) the whole module. Should one happen anyway, the call
//! throws a `WebAssembly.RuntimeError` and the next call gets a fresh instance (the panic hook
//! below), so the module keeps working.

#[cfg(feature = "encoding")]
mod encoding;
#[cfg(feature = "html-encoding-sniffing")]
mod encoding_sniffing;
#[cfg(feature = "encoding")]
mod errors;
#[cfg(feature = "html")]
pub(crate) mod html;
mod io;
#[cfg(feature = "mime-type-records")]
mod mimesniff;
#[cfg(feature = "public-suffix-list")]
mod public_suffix;
#[cfg(feature = "url")]
mod url;
// The record-level URL algorithms, for the whatwg-url drop-in's unit only (8 KB gzip that
// `webweft/url` does not need).
#[cfg(feature = "url-records")]
mod url_records;
// Fetch's data: URL processor, for the data-urls drop-in over the mimesniff unit.
#[cfg(all(feature = "mime-type-records", feature = "data-url"))]
mod data_url;
// URLPattern, for the urlpattern unit only.
#[cfg(feature = "urlpattern-class")]
mod urlpattern;

/// Talc as the allocator: ~3 KB gzip smaller than dlmalloc and faster (docs/size.md); it reuses
/// freed memory and grows the wasm memory only when nothing free fits.
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// A panic traps (panic = "abort"); this asks the glue for a fresh instance on the next call, so
/// the module keeps working. It reads nothing of the panic, so no message, location or
/// `core::fmt` machinery is linked for it. (Test builds link std, which has its own handler.)
#[cfg(not(test))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    wasm_bindgen::handler::schedule_reinit();
    core::arch::wasm32::unreachable()
}

/// A value for the whole module, where std code would use `thread_local!`: the wasm build is
/// single-threaded (no `atomics` target feature), so a static is one per instance.
pub(crate) struct Global<T>(T);

// SAFETY: without the `atomics` target feature a wasm instance runs on one thread only.
#[cfg(not(target_feature = "atomics"))]
unsafe impl<T> Sync for Global<T> {}

impl<T> Global<T> {
    pub(crate) const fn new(value: T) -> Self {
        Global(value)
    }
}

impl<T> core::ops::Deref for Global<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> Global<core::cell::RefCell<T>> {
    pub(crate) fn with_borrow<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        f(&self.0.borrow())
    }

    pub(crate) fn with_borrow_mut<R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        f(&mut self.0.borrow_mut())
    }
}

/// The strings one after the other: messages are built with this, not `format!` (whose
/// machinery would stay in every wasm) nor `[..].concat()` (whose overflow check adds a panic).
#[cfg(feature = "encoding")]
pub(crate) fn concat(parts: &[&str]) -> alloc::string::String {
    let mut text = alloc::string::String::new();
    for part in parts {
        text.push_str(part);
    }
    text
}

/// Panics on purpose, to test the recovery above; only in builds with `testing-hooks`.
#[cfg(feature = "testing-hooks")]
#[wasm_bindgen::prelude::wasm_bindgen(js_name = panicForTesting)]
pub fn panic_for_testing() {
    panic!("deliberate panic for testing");
}
