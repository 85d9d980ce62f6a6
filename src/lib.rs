//! # weft
//!
//! The web platform's data primitives, spec-exact: the WHATWG Infra, URL and Encoding
//! standards and the HTML standard's common infrastructure (microsyntaxes, structured
//! serialization). Plain Rust with no wasm dependency; the `bindings` module, compiled only
//! for wasm32, exposes it to JavaScript through wasm-bindgen.
//!
//! Cargo features select the areas: `url`, `public-suffix`, `encoding`, `encoding-legacy`,
//! `html`, `structured-clone`; `full` (the default) enables all of them.

#![no_std]

extern crate alloc;
// Unit tests use std's macros (`format!`, `vec!`, `println!`) and I/O.
#[cfg(test)]
#[macro_use]
extern crate std;

pub mod infra;
/// The Public Suffix List algorithm on a domain; `url` re-exports it for hosts.
#[cfg(feature = "public-suffix-list")]
#[path = "url/public_suffix.rs"]
pub mod public_suffix;
#[cfg(feature = "url")]
pub mod url;

#[cfg(feature = "html")]
pub mod html;

#[cfg(feature = "encoding")]
pub mod encoding;

#[cfg(all(target_arch = "wasm32", feature = "bindings"))]
mod bindings;
