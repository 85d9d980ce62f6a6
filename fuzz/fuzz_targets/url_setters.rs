//! Every setter on every parsed URL: no panic, and the result stays ASCII and idempotent.
#![no_main]

use libfuzzer_sys::fuzz_target;
use webweft::url::Url;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut chars = text.chars();
    let Some(which) = chars.next().map(u32::from) else { return };
    let rest = chars.as_str();
    let (href, value) = rest.split_once('\0').unwrap_or(("https://u:p@example.com:8080/p?q#f", rest));
    let Ok(mut url) = Url::parse(href, None) else { return };
    match which % 10 {
        0 => url.set_protocol(value),
        1 => url.set_username(value),
        2 => url.set_password(value),
        3 => url.set_host(value),
        4 => url.set_hostname(value),
        5 => url.set_port(value),
        6 => url.set_pathname(value),
        7 => url.set_search(value),
        8 => url.set_hash(value),
        _ => {
            let _ = url.set_href(value);
        }
    }
    assert!(url.href().is_ascii());
    let again = Url::parse(url.href(), None).expect("a serialization reparses");
    assert_eq!(again.href(), url.href(), "idempotence after a setter");
});
