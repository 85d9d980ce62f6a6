//! The wasm-bindgen layer: argument and error translation only, no algorithms.
//!
//! Every exported function catches bad input and reports it as the spec's exception; none
//! may panic, because a panic aborts (traps) the whole module.

mod base64;
mod errors;
mod io;
