//! The JavaScript copies of Rust algorithms in `js/fallback/` against the Rust ones: forgiving
//! base64 and isomorphic encode/decode (`js/fallback/base64.js`, `src/infra/`) and the
//! application/x-www-form-urlencoded parser and serializer (`js/fallback/form-urlencoded.js`,
//! `src/url/form_urlencoded.rs`). Random inputs from a fixed seed go through both, the
//! JavaScript in one `node` run of `tests/js_fallbacks.mjs`. (The UTF-8 coders of
//! `js/fallback/utf8.js` are checked against encoding.wasm by
//! `tests/node/utf8-fallback.test.mjs`.)
#![cfg(feature = "url")]

use serde_json::{Value, json};
use std::io::Write;
use std::process::{Command, Stdio};
use webweft::infra::strings::{isomorphic_decode, isomorphic_encode};
use webweft::infra::{forgiving_base64_decode, forgiving_base64_encode};
use webweft::url::form_urlencoded;

/// xorshift64*: the same inputs on every run.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A string of up to `max` characters, each from `alphabet`.
    fn string(&mut self, alphabet: &[char], max: usize) -> String {
        (0..self.below(max + 1))
            .map(|_| alphabet[self.below(alphabet.len())])
            .collect()
    }

    fn bytes(&mut self, max: usize) -> Vec<u8> {
        (0..self.below(max + 1))
            .map(|_| self.next() as u8)
            .collect()
    }
}

/// Runs tests/js_fallbacks.mjs on `cases`.
fn javascript(cases: &Value) -> Value {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/js_fallbacks.mjs");
    let mut child = Command::new("node")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("this test runs js/fallback/ with `node`, which must be on the PATH");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(cases.to_string().as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "tests/js_fallbacks.mjs failed");
    serde_json::from_slice(&output.stdout).unwrap()
}

/// Each `+` a space, each valid `%XX` its byte (URL §5.1's name and value steps).
fn form_decode_bytes(part: &str) -> Vec<u8> {
    let bytes = part.replace('+', " ").into_bytes();
    let hex = |b: u8| (b as char).to_digit(16);
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let (Some(high), Some(low)) = (hex(bytes[i + 1]), hex(bytes[i + 2]))
        {
            out.push((high * 16 + low) as u8);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    out
}

/// Whether the JavaScript parser may give up on `input` (decodeURIComponent's URIError): a name
/// or value with a `%` not followed by two hex digits, or whose percent-decoded bytes are not
/// UTF-8. The Rust parser, which takes such input as the standard says, then answers.
fn javascript_gives_up(input: &str) -> bool {
    input
        .split('&')
        .flat_map(|sequence| sequence.splitn(2, '='))
        .any(|part| {
            let bytes = part.as_bytes();
            let stray_percent = (0..bytes.len()).any(|i| {
                bytes[i] == b'%'
                    && !(i + 2 < bytes.len()
                        && bytes[i + 1].is_ascii_hexdigit()
                        && bytes[i + 2].is_ascii_hexdigit())
            });
            stray_percent || std::str::from_utf8(&form_decode_bytes(part)).is_err()
        })
}

#[test]
fn js_fallbacks_agree_with_the_rust_algorithms() {
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    let base64_alphabet: Vec<char> =
        "AQZaz09+/=  \t\n\x0c\r\x0b-_*.\u{a0}\u{ff}\u{141}\u{1F600}\0QUJD"
            .chars()
            .collect();
    let latin1: Vec<char> = "aZ09\0\u{7f}\u{80}\u{ff}\u{100}\u{141}\u{1F600}"
        .chars()
        .collect();
    let form_alphabet: Vec<char> = "ab=&+%%%20413Ffc9AE8Dé€\u{1F600} ~*._-".chars().collect();
    let text: Vec<char> =
        "aZ09 +&=%*-._~!'()\u{80}é€\u{7ff}\u{800}\u{ffff}\u{10000}\u{1F600}\u{10FFFF}"
            .chars()
            .collect();

    let base64_decode: Vec<String> = (0..20_000)
        .map(|_| random.string(&base64_alphabet, 24))
        .collect();
    let base64_encode: Vec<Vec<u8>> = (0..5_000).map(|_| random.bytes(40)).collect();
    let isomorphic_encode_cases: Vec<String> =
        (0..2_000).map(|_| random.string(&latin1, 12)).collect();
    let isomorphic_decode_cases: Vec<Vec<u8>> = (0..2_000).map(|_| random.bytes(12)).collect();
    let form_parse: Vec<String> = (0..20_000)
        .map(|_| random.string(&form_alphabet, 30))
        .collect();
    let form_serialize: Vec<Vec<(String, String)>> = (0..5_000)
        .map(|_| {
            (0..random.below(4))
                .map(|_| (random.string(&text, 8), random.string(&text, 8)))
                .collect()
        })
        .collect();

    let cases = json!({
        "base64Decode": base64_decode,
        "base64Encode": base64_encode,
        "isomorphicEncode": isomorphic_encode_cases,
        "isomorphicDecode": isomorphic_decode_cases,
        "formParse": form_parse,
        "formSerialize": form_serialize,
    });
    let results = javascript(&cases);

    for (input, js) in base64_decode
        .iter()
        .zip(results["base64Decode"].as_array().unwrap())
    {
        assert_eq!(
            js,
            &json!(forgiving_base64_decode(input)),
            "forgiving-base64 decode of {input:?}"
        );
    }
    for (input, js) in base64_encode
        .iter()
        .zip(results["base64Encode"].as_array().unwrap())
    {
        assert_eq!(
            js,
            &json!(forgiving_base64_encode(input)),
            "forgiving-base64 encode of {input:?}"
        );
    }
    for (input, js) in isomorphic_encode_cases
        .iter()
        .zip(results["isomorphicEncode"].as_array().unwrap())
    {
        assert_eq!(
            js,
            &json!(isomorphic_encode(input)),
            "isomorphic encode of {input:?}"
        );
    }
    for (input, js) in isomorphic_decode_cases
        .iter()
        .zip(results["isomorphicDecode"].as_array().unwrap())
    {
        assert_eq!(
            js,
            &json!(isomorphic_decode(input)),
            "isomorphic decode of {input:?}"
        );
    }
    let mut parsed_in_js = 0;
    for (input, js) in form_parse
        .iter()
        .zip(results["formParse"].as_array().unwrap())
    {
        if js.get("error").is_some() {
            assert_eq!(
                js["error"], "URIError",
                "form-urlencoded parse of {input:?}"
            );
            assert!(
                javascript_gives_up(input),
                "the JavaScript parser gave up on {input:?}"
            );
            continue;
        }
        parsed_in_js += 1;
        let expected: Vec<String> = form_urlencoded::parse_str(input)
            .into_iter()
            .flat_map(|(name, value)| [name, value])
            .collect();
        assert_eq!(js, &json!(expected), "form-urlencoded parse of {input:?}");
    }
    assert!(
        parsed_in_js > 5_000,
        "the JavaScript parser takes most generated inputs ({parsed_in_js})"
    );
    for (pairs, js) in form_serialize
        .iter()
        .zip(results["formSerialize"].as_array().unwrap())
    {
        assert_eq!(
            js,
            &json!(form_urlencoded::serialize(pairs)),
            "form-urlencoded serialize of {pairs:?}"
        );
    }
}
