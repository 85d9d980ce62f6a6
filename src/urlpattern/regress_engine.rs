//! The `regress` crate (an ECMAScript regular expression engine) as a [`RegExpEngine`].

use super::{CompiledRegExp, RegExpEngine};
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

/// The `regress` crate's backtracking engine, with the `v` flag.
#[derive(Clone, Copy, Debug, Default)]
pub struct Regress;

#[derive(Debug)]
struct RegressRegExp(regress::Regex);

impl RegExpEngine for Regress {
    fn compile(&self, source: &str, ignore_case: bool) -> Option<Box<dyn CompiledRegExp>> {
        // ECMAScript's `v` flag includes `u`'s rules (regress keeps them apart).
        let flags = regress::Flags {
            icase: ignore_case,
            unicode: true,
            unicode_sets: true,
            ..regress::Flags::default()
        };
        let regex = regress::Regex::with_flags(source, flags).ok()?;
        Some(Box::new(RegressRegExp(regex)))
    }
}

impl CompiledRegExp for RegressRegExp {
    fn exec(&self, input: &str, group_count: usize) -> Option<Vec<Option<String>>> {
        let found = self.0.find(input)?;
        Some(
            (1..=group_count)
                .map(|index| found.group(index).map(|range| String::from(&input[range])))
                .collect(),
        )
    }
}
