//! The Public Suffix List (URL §3.2) for `js/public-suffix.js`: a wasm of its own, which
//! `webweft/url` instantiates on the first publicSuffix/registrableDomain call, given the
//! domain its url wasm's host parser returned (so this wasm has no URL parser).

use super::io::{set_output, with_input_str};
use crate::public_suffix::{domain_public_suffix, domain_registrable_domain};
use wasm_bindgen::prelude::*;

/// Returned by [`public_suffix_of_domain`] when there is no registrable domain.
const NO_RESULT: i32 = -1;

/// The public suffix of the `len`-byte domain in the input buffer (ASCII, as the host parser
/// returned it), or with `registrable` its registrable domain: the result's length in the
/// output buffer, or `NO_RESULT` when the domain is itself a public suffix.
#[wasm_bindgen(js_name = publicSuffixOfDomain)]
pub fn public_suffix_of_domain(len: usize, registrable: bool) -> i32 {
    with_input_str(len, |domain| {
        let result = if registrable {
            domain_registrable_domain(domain)
        } else {
            Some(domain_public_suffix(domain))
        };
        result.map_or(NO_RESULT, |result| {
            i32::try_from(set_output(result.into_bytes())).unwrap_or(NO_RESULT)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::super::io::{io_input, io_output};
    use super::*;
    use std::prelude::rust_2024::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn run(domain: &str, registrable: bool) -> Option<String> {
        let address = io_input(domain.len());
        // SAFETY: io_input just made the input buffer `domain.len()` bytes long at `address`.
        unsafe { core::ptr::copy_nonoverlapping(domain.as_ptr(), address, domain.len()) };
        let len = usize::try_from(public_suffix_of_domain(domain.len(), registrable)).ok()?;
        // SAFETY: the output buffer holds `len` bytes until the next call.
        let bytes = unsafe { core::slice::from_raw_parts(io_output(), len) };
        Some(String::from_utf8_lossy(bytes).into_owned())
    }

    #[wasm_bindgen_test]
    fn lookups_on_a_parsed_domain() {
        assert_eq!(run("x.a.github.io", false).as_deref(), Some("github.io"));
        assert_eq!(run("x.a.github.io.", true).as_deref(), Some("a.github.io."));
        assert_eq!(run("co.uk", true), None);
        assert_eq!(
            run("example.xn--kgbechtv", false).as_deref(),
            Some("xn--kgbechtv")
        );
    }
}
