//! Checks shared by the url_parse and url_setters targets.
use webweft::url::{Url, component};

/// The component offsets agree with the getters: protocol, hostname and pathname are the
/// slices of the href the offsets name.
pub fn check_components(url: &Url) {
    let href = url.href();
    let c = url.components();
    let slice = |a: u32, b: u32| &href[a as usize..b as usize];
    assert_eq!(slice(0, c[component::PROTOCOL_END]), url.protocol());
    assert_eq!(
        slice(c[component::HOST_START], c[component::HOST_END]),
        url.hostname()
    );
    let path_end = [c[component::SEARCH_START], c[component::HASH_START]]
        .into_iter()
        .find(|&v| v != component::NONE)
        .unwrap_or(href.len() as u32);
    assert_eq!(
        slice(c[component::PATHNAME_START], path_end),
        url.pathname()
    );
}
