//! §2.4.7 "Space-separated tokens" and §2.4.8 "Comma-separated tokens".
//!
//! Splitting is Infra's (the current standard defers to it): "split a string on ASCII
//! whitespace" and "split a string on commas", re-exported here.

pub use crate::infra::strings::{split_on_ascii_whitespace, split_on_commas};
use alloc::borrow::ToOwned;
use alloc::collections::BTreeSet;

/// How the tokens of a set are compared; each set's definition says which.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenComparison {
    CaseSensitive,
    AsciiCaseInsensitive,
}

/// Whether `input` is an unordered (or ordered) set of unique space-separated tokens: no
/// token is duplicated under `comparison`.
pub fn is_unordered_set_of_unique_space_separated_tokens(
    input: &str,
    comparison: TokenComparison,
) -> bool {
    let mut seen = BTreeSet::new();
    split_on_ascii_whitespace(input).all(|token| match comparison {
        TokenComparison::CaseSensitive => seen.insert(token.to_owned()),
        TokenComparison::AsciiCaseInsensitive => seen.insert(token.to_ascii_lowercase()),
    })
}
