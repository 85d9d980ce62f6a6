//! The URL parser never panics, its output is ASCII and idempotent, the component offsets
//! agree with the getters, canParse agrees with parse, and validation reporting never
//! changes the result. Run: `RUSTC_BOOTSTRAP=1 cargo fuzz run url_parse` in fuzz/.
#![no_main]

use libfuzzer_sys::fuzz_target;
use webweft::url::{Host, Url, Utf8, ValidationError};

#[path = "shared/url_components.rs"]
mod url_components;
use url_components::check_components;

fn check(url: &Url) {
    let href = url.href();
    assert!(href.is_ascii());
    let again = Url::parse(href, None).expect("a serialization reparses");
    assert_eq!(again.href(), href, "idempotence");
    check_components(url);
    let _ = url.origin().ascii_serialization();
    if let Ok(host) = Host::parse(url.hostname(), !url.is_special()) {
        let _ = webweft::url::registrable_domain(&host);
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Split into input and base at the first NUL, when there is one.
    let (input, base) = match text.split_once('\0') {
        Some((input, base)) => (input, Some(base)),
        None => (text, None),
    };
    let base_url = base.and_then(|b| Url::parse(b, None).ok());
    let parsed = Url::parse(input, base_url.as_ref());
    let mut errors: Vec<ValidationError> = Vec::new();
    let reported = Url::parse_with(input, base_url.as_ref(), &Utf8, &mut errors);
    assert_eq!(
        parsed.as_ref().ok().map(Url::href),
        reported.as_ref().ok().map(Url::href)
    );
    if base.is_none() || base_url.is_some() {
        assert_eq!(parsed.is_ok(), Url::can_parse(input, base));
    }
    if let Ok(url) = &parsed {
        check(url);
    }
    let _ = Host::parse(input, false);
    let _ = Host::parse(input, true);
    let _ = webweft::url::UrlSearchParams::parse(input).serialize();
});
