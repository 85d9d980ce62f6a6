//! §2.4.2 "Boolean attributes" and §2.4.3 "Keywords and enumerated attributes" (the current
//! standard's algorithm to determine the state of an attribute, with the empty value default).

use crate::infra::strings::ascii_case_insensitive_eq;
use alloc::vec::Vec;

/// A boolean attribute's state: present (whatever its value) is true, absent is false.
/// `value` is `None` when the attribute is absent.
pub fn boolean_attribute_state(value: Option<&str>) -> bool {
    value.is_some()
}

/// Conformance of a present boolean attribute's value: the empty string or an ASCII
/// case-insensitive match for the attribute's canonical name, with no surrounding whitespace.
pub fn is_valid_boolean_attribute_value(value: &str, canonical_name: &str) -> bool {
    value.is_empty() || ascii_case_insensitive_eq(value, canonical_name)
}

/// One keyword of an enumerated attribute and the state it maps to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Keyword<'a, S> {
    pub keyword: &'a str,
    pub state: S,
    /// Whether authors may use the keyword (some exist only for legacy content).
    pub conforming: bool,
}

/// An enumerated attribute's definition: its keyword/state mappings and the three optional
/// special states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnumeratedAttribute<'a, S> {
    pub keywords: &'a [Keyword<'a, S>],
    pub missing_value_default: Option<S>,
    pub invalid_value_default: Option<S>,
    pub empty_value_default: Option<S>,
}

impl<'a, S: Copy + PartialEq> EnumeratedAttribute<'a, S> {
    /// "Determine the state of an attribute"; `value` is `None` when the attribute is not
    /// specified. `None` is "no state".
    pub fn state(&self, value: Option<&str>) -> Option<S> {
        // 1. If the attribute is not specified: the missing value default, or no state.
        let Some(value) = value else {
            return self.missing_value_default;
        };
        // 2. An ASCII case-insensitive match for a keyword: that keyword's state.
        if let Some(keyword) = self
            .keywords
            .iter()
            .find(|k| ascii_case_insensitive_eq(value, k.keyword))
        {
            return Some(keyword.state);
        }
        // 3. The empty value default, if defined, for the empty string.
        if value.is_empty() && self.empty_value_default.is_some() {
            return self.empty_value_default;
        }
        // 4.–5. The invalid value default, or no state.
        self.invalid_value_default
    }

    /// Authoring conformance: a case-insensitive match for a conforming keyword, or the empty
    /// string when the attribute has an empty value default.
    pub fn is_conforming_value(&self, value: &str) -> bool {
        self.keywords
            .iter()
            .any(|k| k.conforming && ascii_case_insensitive_eq(value, k.keyword))
            || (value.is_empty() && self.empty_value_default.is_some())
    }

    /// The canonical keyword of `state`, for reflection. `None` when no keyword maps to the
    /// state, or when the attribute's own definition must name it (step 4).
    pub fn canonical_keyword(&self, state: S) -> Option<&'a str> {
        let mapping = || self.keywords.iter().filter(move |k| k.state == state);
        let conforming = || mapping().filter(|k| k.conforming);
        // 1. Only one keyword maps to the state.
        if let [only] = mapping().take(2).collect::<Vec<_>>()[..] {
            return Some(only.keyword);
        }
        // 2. Only one conforming keyword maps to it.
        match conforming().take(3).collect::<Vec<_>>()[..] {
            [only] => Some(only.keyword),
            // 3. Two conforming keywords, one of them empty: the non-empty one.
            [a, b] if a.keyword.is_empty() => Some(b.keyword),
            [a, b] if b.keyword.is_empty() => Some(a.keyword),
            // 4. Otherwise the attribute's definition gives it.
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Crossorigin {
        Anonymous,
        UseCredentials,
    }

    // The CORS settings attribute: "" and "anonymous" map to Anonymous; missing is no CORS
    // (no state here), invalid is Anonymous.
    const KEYWORDS: &[Keyword<'static, Crossorigin>] = &[
        Keyword {
            keyword: "anonymous",
            state: Crossorigin::Anonymous,
            conforming: true,
        },
        Keyword {
            keyword: "",
            state: Crossorigin::Anonymous,
            conforming: true,
        },
        Keyword {
            keyword: "use-credentials",
            state: Crossorigin::UseCredentials,
            conforming: true,
        },
    ];
    const CROSSORIGIN: EnumeratedAttribute<'static, Crossorigin> = EnumeratedAttribute {
        keywords: KEYWORDS,
        missing_value_default: None,
        invalid_value_default: Some(Crossorigin::Anonymous),
        empty_value_default: None,
    };

    #[test]
    fn enumerated_state() {
        assert_eq!(CROSSORIGIN.state(None), None);
        assert_eq!(
            CROSSORIGIN.state(Some("USE-Credentials")),
            Some(Crossorigin::UseCredentials)
        );
        assert_eq!(CROSSORIGIN.state(Some("")), Some(Crossorigin::Anonymous));
        assert_eq!(
            CROSSORIGIN.state(Some(" anonymous")),
            Some(Crossorigin::Anonymous)
        );
        assert_eq!(
            CROSSORIGIN.canonical_keyword(Crossorigin::Anonymous),
            Some("anonymous")
        );
        assert_eq!(
            CROSSORIGIN.canonical_keyword(Crossorigin::UseCredentials),
            Some("use-credentials")
        );
        assert!(CROSSORIGIN.is_conforming_value("Anonymous"));
        assert!(!CROSSORIGIN.is_conforming_value(" anonymous"));
    }

    #[test]
    fn boolean_attributes() {
        assert!(boolean_attribute_state(Some("false")));
        assert!(!boolean_attribute_state(None));
        assert!(is_valid_boolean_attribute_value("", "checked"));
        assert!(is_valid_boolean_attribute_value("CHECKED", "checked"));
        assert!(!is_valid_boolean_attribute_value("true", "checked"));
        assert!(!is_valid_boolean_attribute_value(" checked", "checked"));
    }
}
