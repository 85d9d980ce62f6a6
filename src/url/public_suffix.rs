//! URL §3.2: public suffix and registrable domain, with the Public Suffix List algorithm
//! (<https://publicsuffix.org/list/>) over weft's copy of the list (`TRIE`, ICANN and private
//! sections: the spec's examples need "github.io"), including the list's implicit "*" rule.
//! The algorithm works on a domain (an ASCII host the host parser produced); with the URL
//! parser in the build, on hosts too.

use alloc::{boxed::Box, string::String, vec::Vec};
#[path = "tables/public_suffix_list.rs"]
mod public_suffix_list;

#[cfg(feature = "url")]
use crate::url::Host;
use core::cmp::Ordering;
use once_cell::race::OnceBox;
use public_suffix_list::{RULES_LEN, TRIE};

/// Splits a trailing "." off a domain, as the spec's trailingDot step does.
fn split_trailing_dot(domain: &str) -> (&str, &str) {
    match domain.strip_suffix('.') {
        Some(rest) => (rest, "."),
        None => (domain, ""),
    }
}

/// Joins a rule's labels in [`rules`]: a space sorts below every byte a label has ("-" sorts
/// below "."), so bytewise order is the trie's label-by-label order ("a" < "a x" < "a-b").
const SEPARATOR: char = ' ';

/// The rules, one per line (labels in reverse order joined by [`SEPARATOR`]), in bytewise
/// order: expanded from [`TRIE`] on the first lookup (it is 60 KB smaller in the wasm).
fn rules() -> &'static str {
    static RULES: OnceBox<String> = OnceBox::new();
    RULES.get_or_init(|| {
        let mut rules = String::with_capacity(RULES_LEN);
        // The current node's rule, and the length of each open "{"'s node in it.
        let mut rule = String::new();
        let mut parents: Vec<usize> = Vec::new();
        // Whether `rule` is a node not yet written (a node with children is written at its "$").
        let mut pending = false;
        let mut label_start = 0;
        for (i, byte) in TRIE.bytes().chain([b',']).enumerate() {
            if !matches!(byte, b',' | b'{' | b'}' | b'$') {
                continue;
            }
            let label = TRIE.get(label_start..i).unwrap_or_default();
            label_start = i + 1;
            if !label.is_empty() {
                let parent = parents.last().copied().unwrap_or(0);
                rule.truncate(parent);
                if parent > 0 {
                    rule.push(SEPARATOR);
                }
                rule.push_str(label);
                pending = true;
            }
            if pending && byte != b'{' {
                rules.push_str(&rule);
                rules.push('\n');
            }
            pending = false;
            match byte {
                b'{' => parents.push(rule.len()),
                b'}' => {
                    parents.pop();
                }
                _ => {}
            }
        }
        Box::new(rules)
    })
}

/// Whether `rule` (labels reversed, see [`rules`]) is a line of the table: a binary search over
/// bytes that finds each probe's line by scanning back to the previous newline.
fn has_rule(rule: &str) -> bool {
    let table = rules().as_bytes();
    let key = rule.as_bytes();
    // [low, high) holds whole lines: low is a line start, high one past a line's newline.
    let (mut low, mut high) = (0, table.len());
    while low < high {
        let middle = low + (high - low) / 2;
        let before = table.get(low..middle).unwrap_or_default();
        let start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(low, |i| low + i + 1);
        let after = table.get(start..high).unwrap_or_default();
        let end = after
            .iter()
            .position(|&b| b == b'\n')
            .map_or(high, |i| start + i);
        match table.get(start..end).unwrap_or_default().cmp(key) {
            Ordering::Equal => return true,
            Ordering::Less => low = end + 1,
            Ordering::Greater => high = start,
        }
    }
    false
}

/// The Public Suffix List algorithm: how many labels (from the right) of `name` form its
/// public suffix. Of the matching rules an exception rule prevails (its suffix is the rule
/// without its leftmost label), else the one with the most labels; without a match, "*".
fn public_suffix_labels(name: &str) -> usize {
    let mut key = String::with_capacity(name.len() + 2);
    let mut longest = 1;
    for (k, label) in name.rsplit('.').enumerate() {
        // `key` holds the first k labels (reversed); try the rules of k + 1 labels.
        let parent_len = key.len();
        let separator = if k == 0 { None } else { Some(SEPARATOR) };
        key.extend(separator);
        key.push('!');
        key.push_str(label);
        if has_rule(&key) {
            return k;
        }
        key.truncate(parent_len);
        key.extend(separator);
        key.push('*');
        let wildcard = has_rule(&key);
        key.truncate(parent_len);
        key.extend(separator);
        key.push_str(label);
        if wildcard || has_rule(&key) {
            longest = k + 1;
        }
    }
    longest
}

/// The last `labels` labels of `name`.
fn last_labels(name: &str, labels: usize) -> &str {
    if labels == 0 {
        return "";
    }
    let start = name
        .rmatch_indices('.')
        .nth(labels - 1)
        .map_or(0, |(i, _)| i + 1);
    name.get(start..).unwrap_or(name)
}

/// Obtain the public suffix of a host: `None` for a host that is not a domain.
#[cfg(feature = "url")]
pub fn public_suffix(host: &Host) -> Option<String> {
    let Host::Domain(domain) = host else {
        return None;
    };
    Some(domain_public_suffix(domain))
}

/// Obtain the registrable domain of a host: `None` when the host is not a domain or is
/// itself a public suffix.
#[cfg(feature = "url")]
pub fn registrable_domain(host: &Host) -> Option<String> {
    let Host::Domain(domain) = host else {
        return None;
    };
    domain_registrable_domain(domain)
}

/// The public suffix of a domain (a host the host parser returned as a domain).
pub fn domain_public_suffix(domain: &str) -> String {
    let (name, trailing_dot) = split_trailing_dot(domain);
    let suffix = last_labels(name, public_suffix_labels(name));
    // Concatenated: `format!` would keep core's formatting in the public-suffix wasm.
    [suffix, trailing_dot].concat()
}

/// The registrable domain of a domain, `None` when it is itself a public suffix.
pub fn domain_registrable_domain(domain: &str) -> Option<String> {
    let (name, trailing_dot) = split_trailing_dot(domain);
    let labels = public_suffix_labels(name);
    let registrable = last_labels(name, labels + 1);
    // The host is its own public suffix (no label left for the registrable domain).
    if registrable.len() == last_labels(name, labels).len() {
        return None;
    }
    Some([registrable, trailing_dot].concat())
}

#[cfg(test)]
mod table_tests {
    use super::*;

    /// The binary search needs the expanded lines strictly increasing.
    #[test]
    fn the_expanded_rules_are_sorted_and_complete() {
        let lines: Vec<&str> = rules().lines().collect();
        assert_eq!(rules().len(), RULES_LEN);
        assert_eq!(lines.len(), 10397);
        for pair in lines.windows(2) {
            assert!(pair[0] < pair[1], "{pair:?}");
        }
        for rule in [
            "com",
            "uk co",
            "jp kawasaki *",
            "jp kawasaki !city",
            "io github",
        ] {
            assert!(has_rule(rule), "{rule}");
        }
        for rule in ["uk zz", "jp kawasaki", "io github x", "a-b", ""] {
            assert!(!has_rule(rule), "{rule}");
        }
    }
}

#[cfg(all(test, feature = "url"))]
mod tests {
    use super::*;

    #[test]
    fn spec_examples_table() {
        let table: &[(&str, Option<&str>, Option<&str>)] = &[
            ("com", Some("com"), None),
            ("example.com", Some("com"), Some("example.com")),
            ("www.example.com", Some("com"), Some("example.com")),
            ("sub.www.example.com", Some("com"), Some("example.com")),
            ("EXAMPLE.COM", Some("com"), Some("example.com")),
            ("example.com.", Some("com."), Some("example.com.")),
            ("github.io", Some("github.io"), None),
            (
                "whatwg.github.io",
                Some("github.io"),
                Some("whatwg.github.io"),
            ),
            ("إختبار", Some("xn--kgbechtv"), None),
            (
                "example.إختبار",
                Some("xn--kgbechtv"),
                Some("example.xn--kgbechtv"),
            ),
            (
                "sub.example.إختبار",
                Some("xn--kgbechtv"),
                Some("example.xn--kgbechtv"),
            ),
            ("[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", None, None),
        ];
        for &(input, suffix, registrable) in table {
            let host = Host::parse(input, false).unwrap();
            assert_eq!(public_suffix(&host).as_deref(), suffix, "{input}");
            assert_eq!(registrable_domain(&host).as_deref(), registrable, "{input}");
        }
        // The "*" rule: an unlisted top-level label is a public suffix.
        let host = Host::parse("a.b.zz-not-a-tld", false).unwrap();
        assert_eq!(public_suffix(&host).as_deref(), Some("zz-not-a-tld"));
        assert_eq!(registrable_domain(&host).as_deref(), Some("b.zz-not-a-tld"));
    }
}
