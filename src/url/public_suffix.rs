//! URL §3.2: public suffix and registrable domain, with the Public Suffix List algorithm
//! (https://publicsuffix.org/list/) over weft's copy of the list ([`RULES`], ICANN and private
//! sections: the spec's examples need "github.io"), including the list's implicit "*" rule.
//! The algorithm works on a domain (an ASCII host the host parser produced); with the URL
//! parser in the build, on hosts too.

mod public_suffix_list;

#[cfg(feature = "url")]
use crate::url::Host;
use public_suffix_list::RULES;

/// Splits a trailing "." off a domain, as the spec's trailingDot step does.
fn split_trailing_dot(domain: &str) -> (&str, &str) {
    match domain.strip_suffix('.') {
        Some(rest) => (rest, "."),
        None => (domain, ""),
    }
}

/// Whether `rule` (labels reversed, see [`RULES`]) is a line of the sorted table: a binary
/// search over bytes that finds each probe's line by scanning back to the previous newline.
fn has_rule(rule: &str) -> bool {
    let table = RULES.as_bytes();
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
            std::cmp::Ordering::Equal => return true,
            std::cmp::Ordering::Less => low = end + 1,
            std::cmp::Ordering::Greater => high = start,
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
        let separator = if k == 0 { "" } else { "." };
        key.push_str(separator);
        key.push('!');
        key.push_str(label);
        if has_rule(&key) {
            return k;
        }
        key.truncate(parent_len);
        key.push_str(separator);
        key.push('*');
        let wildcard = has_rule(&key);
        key.truncate(parent_len);
        key.push_str(separator);
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
    format!("{suffix}{trailing_dot}")
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
    Some(format!("{registrable}{trailing_dot}"))
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
