//! URL Pattern properties: generating a pattern string from a parsed pattern parses back to
//! the same part list; the Pike VM that matches components without custom regexp groups
//! captures exactly what the standard's generated regular expression captures under ECMAScript
//! semantics (checked against `regress`, an ECMAScript engine); `test` agrees with `exec`.
#![cfg(feature = "urlpattern-regress")]

use proptest::prelude::*;
use webweft::urlpattern::{
    Component, Options, Regress, UrlPattern, UrlPatternError, UrlPatternInit, UrlPatternInput,
    UrlPatternOptions, generate_a_pattern_string, parse_a_pattern_string,
};

fn identity(text: &str) -> Result<String, UrlPatternError> {
    Ok(text.to_owned())
}

const OPTIONS: [Options; 4] = [
    Options::DEFAULT,
    Options::HOSTNAME,
    Options::PATHNAME,
    Options {
        ignore_case: true,
        ..Options::PATHNAME
    },
];

/// Pattern strings from the syntax's own characters and a little text.
fn pattern_string() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just("/"),
            Just("."),
            Just("a"),
            Just("B"),
            Just("-"),
            Just(":x"),
            Just(":y"),
            Just(":z"),
            Just("*"),
            Just("?"),
            Just("+"),
            Just("{"),
            Just("}"),
            Just("\\*"),
            Just("\\:"),
            Just("(.*)"),
            Just("([^/]+?)"),
            Just("é"),
        ],
        0..12,
    )
    .prop_map(|pieces| pieces.concat())
}

/// Inputs over the characters the patterns name, with delimiters and a line terminator.
fn input_string() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just('/'),
            Just('.'),
            Just('a'),
            Just('A'),
            Just('b'),
            Just('-'),
            Just('\n'),
            Just('é')
        ],
        0..10,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn generated_pattern_string_parses_to_the_same_parts(
        pattern in pattern_string(),
        which in 0..OPTIONS.len(),
    ) {
        let options = OPTIONS[which];
        if let Ok(parts) = parse_a_pattern_string(&pattern, &options, &identity) {
            let generated = generate_a_pattern_string(&parts, &options);
            let reparsed = parse_a_pattern_string(&generated, &options, &identity);
            prop_assert_eq!(reparsed.as_ref(), Ok(&parts), "{:?} generated {:?}", pattern, generated);
        }
    }

    #[test]
    fn pike_vm_captures_what_the_regular_expression_captures(
        pattern in pattern_string(),
        which in 0..OPTIONS.len(),
        inputs in proptest::collection::vec(input_string(), 1..8),
    ) {
        let options = OPTIONS[which];
        let Ok(component) = Component::compile(&pattern, &identity, &options, &Regress) else {
            return Ok(());
        };
        let flags = regress::Flags {
            icase: options.ignore_case,
            unicode: true,
            unicode_sets: true,
            ..regress::Flags::default()
        };
        let regex = regress::Regex::with_flags(component.regular_expression_string(), flags)
            .expect("the generated regular expression compiles");
        for input in inputs {
            let expected = regex.find(&input).map(|found| {
                (1..=component.group_name_list().len())
                    .map(|index| found.group(index).map(|range| input[range].to_owned()))
                    .collect::<Vec<_>>()
            });
            prop_assert_eq!(
                component.exec(&input),
                expected,
                "{:?} = /{}/ on {:?}",
                pattern,
                component.regular_expression_string(),
                input
            );
        }
    }

    #[test]
    fn test_agrees_with_exec(
        pathname in pattern_string(),
        hostname in pattern_string(),
        ignore_case in any::<bool>(),
        input_pathname in input_string(),
        input_hostname in input_string(),
    ) {
        let init = UrlPatternInit {
            pathname: Some(pathname),
            hostname: Some(hostname),
            ..UrlPatternInit::default()
        };
        let Ok(pattern) = UrlPattern::new(
            UrlPatternInput::Init(&init),
            None,
            UrlPatternOptions { ignore_case },
            &Regress,
        ) else {
            return Ok(());
        };
        let input = UrlPatternInit {
            pathname: Some(input_pathname.clone()),
            hostname: Some(input_hostname.clone()),
            ..UrlPatternInit::default()
        };
        let exec = pattern.exec(UrlPatternInput::Init(&input), None).unwrap();
        prop_assert_eq!(pattern.test(UrlPatternInput::Init(&input), None).unwrap(), exec.is_some());
        let url = format!("https://{input_hostname}/{input_pathname}");
        let exec = pattern.exec(UrlPatternInput::String(&url), None).unwrap();
        prop_assert_eq!(pattern.test(UrlPatternInput::String(&url), None).unwrap(), exec.is_some());
    }
}
