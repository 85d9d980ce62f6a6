//! Domain to ASCII and domain to Unicode (URL §3.3), with and without beStrict: no panic, and
//!   - success of to ASCII gives ASCII, and with beStrict a valid domain (LDH labels of 1 to 63,
//!     at most 253 in all), which beStrict false also accepts unchanged;
//!   - to ASCII is idempotent: its result converts to itself;
//!   - where ToASCII ran (beStrict, or non-ASCII input), to Unicode has no errors on the input
//!     nor on the result, gives the same string for both, and that converts back to the
//!     same ASCII.
#![no_main]

use libfuzzer_sys::fuzz_target;
use webweft::url::{domain_to_ascii, domain_to_unicode, is_valid_domain};

fn check(input: &str) {
    for be_strict in [false, true] {
        let (unicode, unicode_errors) = domain_to_unicode(input, be_strict);
        let Ok(ascii) = domain_to_ascii(input, be_strict) else {
            continue;
        };
        assert!(ascii.is_ascii(), "{input:?} → {ascii:?}");
        if be_strict {
            assert!(is_valid_domain(input));
            assert!(ascii.len() <= 253, "{ascii:?}");
            for label in ascii.split('.') {
                assert!((1..=63).contains(&label.len()), "{ascii:?}");
                assert!(
                    label
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-'),
                    "{ascii:?}"
                );
            }
            assert_eq!(
                domain_to_ascii(input, false).as_deref(),
                Ok(&*ascii),
                "{input:?}"
            );
        }
        // Idempotence.
        assert_eq!(
            domain_to_ascii(&ascii, be_strict).as_deref(),
            Ok(&*ascii),
            "{input:?}"
        );
        // Round trip through Unicode. Without beStrict an ASCII input only gets lowercased
        // (the URL Standard's fast path skips IDNA), so only non-ASCII input went through
        // ToASCII's checks.
        if be_strict || !input.is_ascii() {
            let (back, errors) = domain_to_unicode(&ascii, be_strict);
            assert_eq!(errors, Ok(()), "{input:?} → {ascii:?} → {back:?}");
            assert_eq!(
                domain_to_ascii(&back, be_strict).as_deref(),
                Ok(&*ascii),
                "{back:?}"
            );
            assert_eq!(unicode_errors, Ok(()), "{input:?}");
            assert_eq!(unicode, back, "{input:?}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    // A domain over 253 (ASCII) fails beStrict anyway; past a few labels more length finds
    // nothing new and costs executions.
    if data.len() > 512 {
        return;
    }
    check(&String::from_utf8_lossy(data));
});
