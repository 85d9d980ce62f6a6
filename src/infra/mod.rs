//! The WHATWG Infra Standard: the primitives every other module builds on.
//!
//! Spec strings are sequences of UTF-16 code units; here they are Rust `str` (scalar values),
//! which is what every weft caller has after WebIDL's USVString conversion or, for DOMString
//! inputs, after the bindings replace lone surrogates (which no algorithm here accepts anyway).
//!
//! ```
//! use webweft::infra::{code_points, forgiving_base64_decode, strings};
//!
//! assert_eq!(forgiving_base64_decode("YQ").as_deref(), Some(&b"a"[..]));
//! assert!(code_points::is_ascii_whitespace('\u{0C}'));
//! assert_eq!(strings::ascii_lowercase("ÀBC"), "Àbc");
//! ```

pub mod base64;
pub mod code_points;
pub mod http;
pub mod strings;

pub use base64::{
    forgiving_base64_decode, forgiving_base64_decode_utf8, forgiving_base64_encode,
    forgiving_base64_encode_to_ascii,
};
