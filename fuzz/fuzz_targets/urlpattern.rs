//! URLPattern: construction from a constructor string (with a base URL) and from a
//! URLPatternInit, then `test` and `exec` on a URL string and on a URLPatternInit. No panic,
//! and:
//!   - `test` is true exactly when `exec` gives a result;
//!   - every group value is a substring of its component's input;
//!   - on every component without custom regexp groups (matched by the Pike VM), the VM's
//!     captures are those of the component's generated regular expression run on `regress`,
//!     an ECMAScript engine, for inputs of at most `REFERENCE_MAX_CHARS` characters: regress
//!     backtracks, and a repeated wildcard such as `((?:[^/]+?)*)` takes it time exponential in
//!     the input's length (the VM's is linear).
//!
//! Input: `pattern \0 input \0 base URL` (UTF-8); the first byte's low bit is ignore case.
#![no_main]

use libfuzzer_sys::fuzz_target;
use webweft::urlpattern::{
    Regress, UrlPattern, UrlPatternInit, UrlPatternInput, UrlPatternOptions, UrlPatternResult,
};

/// The longest input the reference engine runs on.
const REFERENCE_MAX_CHARS: usize = 10;

fn check_vm_against_regress(pattern: &UrlPattern, inputs: &[&str]) {
    for component in pattern.components() {
        if component.has_regexp_groups() {
            continue;
        }
        let flags = regress::Flags {
            icase: component.ignore_case(),
            unicode: true,
            unicode_sets: true,
            ..regress::Flags::default()
        };
        let regex = regress::Regex::with_flags(component.regular_expression_string(), flags)
            .expect("a generated regular expression compiles");
        for input in inputs
            .iter()
            .filter(|input| input.chars().count() <= REFERENCE_MAX_CHARS)
        {
            let expected = regex.find(input).map(|found| {
                (1..=component.group_name_list().len())
                    .map(|index| found.group(index).map(|range| input[range].to_owned()))
                    .collect::<Vec<_>>()
            });
            assert_eq!(
                component.exec(input),
                expected,
                "/{}/ on {input:?}",
                component.regular_expression_string()
            );
        }
    }
}

fn check_result(result: &UrlPatternResult) {
    for component in [
        &result.protocol,
        &result.username,
        &result.password,
        &result.hostname,
        &result.port,
        &result.pathname,
        &result.search,
        &result.hash,
    ] {
        for (_, value) in &component.groups {
            if let Some(value) = value {
                assert!(component.input.contains(value.as_str()));
            }
        }
    }
}

fn check_match(pattern: &UrlPattern, input: UrlPatternInput<'_>, base: Option<&str>) {
    let (Ok(test), Ok(exec)) = (pattern.test(input, base), pattern.exec(input, base)) else {
        return;
    };
    assert_eq!(test, exec.is_some());
    if let Some(result) = exec {
        check_result(&result);
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let ignore_case = data.first().is_some_and(|byte| byte & 1 == 1);
    let mut fields = text.split('\0');
    let pattern_text = fields.next().unwrap_or_default();
    let input = fields.next().unwrap_or_default();
    let base = fields.next();
    let options = UrlPatternOptions { ignore_case };
    let pattern_init = UrlPatternInit {
        pathname: Some(pattern_text.to_owned()),
        hostname: Some(pattern_text.to_owned()),
        search: Some(pattern_text.to_owned()),
        base_url: base.map(str::to_owned),
        ..UrlPatternInit::default()
    };
    let input_init = UrlPatternInit {
        pathname: Some(input.to_owned()),
        hostname: Some(input.to_owned()),
        search: Some(input.to_owned()),
        ..UrlPatternInit::default()
    };
    let patterns = [
        UrlPattern::new(
            UrlPatternInput::String(pattern_text),
            base,
            options,
            &Regress,
        ),
        UrlPattern::new(
            UrlPatternInput::Init(&pattern_init),
            None,
            options,
            &Regress,
        ),
    ];
    for pattern in patterns.iter().flatten() {
        check_match(pattern, UrlPatternInput::String(input), base);
        check_match(pattern, UrlPatternInput::Init(&input_init), None);
        check_vm_against_regress(pattern, &[input, pattern_text]);
    }
});
