//! URL §3.2: public suffix and registrable domain, from the Public Suffix List (the `psl`
//! crate's compiled copy; it applies the list's "*" default rule and includes the private
//! section, as the spec's examples — "github.io" — need).

use super::host::Host;

/// Splits a trailing "." off a domain, as the spec's trailingDot step does.
fn split_trailing_dot(domain: &str) -> (&str, &str) {
    match domain.strip_suffix('.') {
        Some(rest) => (rest, "."),
        None => (domain, ""),
    }
}

/// Obtain the public suffix of a host: `None` for a host that is not a domain.
pub fn public_suffix(host: &Host) -> Option<String> {
    let Host::Domain(domain) = host else {
        return None;
    };
    let (name, trailing_dot) = split_trailing_dot(domain);
    let suffix = psl::suffix(name.as_bytes())?;
    let suffix = std::str::from_utf8(suffix.as_bytes()).ok()?;
    Some(format!("{suffix}{trailing_dot}"))
}

/// Obtain the registrable domain of a host: `None` when the host is not a domain or is
/// itself a public suffix.
pub fn registrable_domain(host: &Host) -> Option<String> {
    let suffix = public_suffix(host)?;
    if let Host::Domain(domain) = host
        && *domain == suffix
    {
        return None;
    }
    let Host::Domain(domain) = host else {
        return None;
    };
    let (name, trailing_dot) = split_trailing_dot(domain);
    let registrable = psl::domain(name.as_bytes())?;
    let registrable = std::str::from_utf8(registrable.as_bytes()).ok()?;
    Some(format!("{registrable}{trailing_dot}"))
}

#[cfg(test)]
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
