//! URL §6.2 "URLSearchParams class": the list model and its methods.

use super::form_urlencoded;
use super::record::Url;
use crate::infra::strings::code_unit_cmp;
use alloc::{borrow::ToOwned, string::String, vec::Vec};

/// A URLSearchParams object's list of name-value tuples, with the class's methods.
///
/// The URL object link (the spec's "URL object" and "update" steps) is explicit here:
/// after a mutating method, a binding whose params belong to a URL calls
/// [`UrlSearchParams::update`] with that URL; after the URL's `href` or `search` setter it
/// rebuilds the list with [`UrlSearchParams::from_url`] (or `parse` of the new value).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UrlSearchParams {
    list: Vec<(String, String)>,
}

impl UrlSearchParams {
    /// An empty list.
    pub fn new() -> Self {
        Self::default()
    }

    /// `new URLSearchParams(string)`: a leading "?" is removed, then the string is parsed.
    pub fn parse(init: &str) -> Self {
        let init = init.strip_prefix('?').unwrap_or(init);
        Self {
            list: form_urlencoded::parse_str(init),
        }
    }

    /// `new URLSearchParams(sequence or record)`: the pairs as given. (A binding throws the
    /// `TypeError` for inner sequences whose size is not 2 before calling this.)
    pub fn from_pairs<I, N, V>(pairs: I) -> Self
    where
        I: IntoIterator<Item = (N, V)>,
        N: Into<String>,
        V: Into<String>,
    {
        Self {
            list: pairs
                .into_iter()
                .map(|(n, v)| (n.into(), v.into()))
                .collect(),
        }
    }

    /// "Initialize a URL object" step: the list from `url`'s query (empty when null).
    pub fn from_url(url: &Url) -> Self {
        Self {
            list: form_urlencoded::parse_str(url.query().unwrap_or("")),
        }
    }

    /// The tuples.
    pub fn list(&self) -> &[(String, String)] {
        &self.list
    }

    /// `size`.
    pub fn size(&self) -> usize {
        self.list.len()
    }

    /// `append(name, value)`.
    pub fn append(&mut self, name: &str, value: &str) {
        self.list.push((name.to_owned(), value.to_owned()));
    }

    /// `delete(name, value)`: removes tuples with that name (and that value, if given).
    pub fn delete(&mut self, name: &str, value: Option<&str>) {
        self.list
            .retain(|(n, v)| !(n == name && value.is_none_or(|value| v == value)));
    }

    /// `get(name)`: the first value for `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.list
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// `getAll(name)`.
    pub fn get_all(&self, name: &str) -> Vec<&str> {
        self.list
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// `has(name, value)`.
    pub fn has(&self, name: &str, value: Option<&str>) -> bool {
        self.list
            .iter()
            .any(|(n, v)| n == name && value.is_none_or(|value| v == value))
    }

    /// `set(name, value)`: the first tuple named `name` gets `value`, the others are
    /// removed; appended if there was none.
    pub fn set(&mut self, name: &str, value: &str) {
        let mut found = false;
        self.list.retain_mut(|(n, v)| {
            if n != name {
                return true;
            }
            if found {
                return false;
            }
            found = true;
            *v = value.to_owned();
            true
        });
        if !found {
            self.append(name, value);
        }
    }

    /// `sort()`: stable sort by name, comparing UTF-16 code units.
    pub fn sort(&mut self) {
        self.list.sort_by(|a, b| code_unit_cmp(&a.0, &b.0));
    }

    /// The stringifier: the application/x-www-form-urlencoded serialization.
    pub fn serialize(&self) -> String {
        form_urlencoded::serialize(&self.list)
    }

    /// The update steps for params whose URL object is `url`: set url's query to the
    /// serialization, or to null when that is empty.
    pub fn update(&self, url: &mut Url) {
        let serialized = self.serialize();
        url.set_query((!serialized.is_empty()).then_some(serialized.as_str()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_methods() {
        let mut p = UrlSearchParams::parse("?a=1&b=2&a=3");
        assert_eq!(p.size(), 3);
        assert_eq!(p.get("a"), Some("1"));
        assert_eq!(p.get_all("a"), ["1", "3"]);
        assert!(p.has("a", Some("3")) && !p.has("a", Some("2")) && p.has("b", None));
        p.set("a", "x");
        assert_eq!(p.serialize(), "a=x&b=2");
        p.append("c", "y z");
        p.delete("b", Some("nope"));
        assert_eq!(p.size(), 3);
        p.delete("b", None);
        assert_eq!(p.serialize(), "a=x&c=y+z");
        let mut s =
            UrlSearchParams::from_pairs([("\u{FFFD}", "1"), ("\u{1F600}", "2"), ("z", "3")]);
        s.sort();
        assert_eq!(s.get_all("z"), ["3"]);
        assert_eq!(s.list()[0].0, "z");
        assert_eq!(s.list()[1].0, "\u{1F600}");
    }

    #[test]
    fn update_steps_set_the_query() {
        let mut url = Url::parse("https://example.com/?a=b ~#f", None).unwrap();
        let mut params = UrlSearchParams::from_url(&url);
        params.sort();
        params.update(&mut url);
        assert_eq!(url.href(), "https://example.com/?a=b+%7E#f");
        params.delete("a", None);
        params.update(&mut url);
        assert_eq!(url.href(), "https://example.com/#f");
    }
}
