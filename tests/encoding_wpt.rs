//! The WPT encoding tests that need no browser, run natively against the Rust API:
//! the legacy multi-byte `*_chars.html` spans as decoder (and encoder) vectors, and the cases
//! of several `*.any.js` files, extracted from their source. Each test prints passed/total and
//! fails on any failure.
#![cfg(feature = "encoding-legacy")]

mod encoding_support;

use encoding_support::wpt_dir;
use webweft::encoding::{Decoder, DecoderErrorMode, Encoder, Encoding, TextDecoder};

fn read(path: &str) -> Vec<u8> {
    let path = wpt_dir().join(path);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn read_text(path: &str) -> String {
    String::from_utf8(read(path)).expect("UTF-8 test source")
}

fn hex_bytes(text: &str) -> Vec<u8> {
    text.split_whitespace()
        .map(|h| u8::from_str_radix(h, 16).unwrap())
        .collect()
}

fn decode(label: &str, bytes: &[u8]) -> String {
    TextDecoder::new(label, false, false)
        .unwrap()
        .decode(bytes, false)
        .unwrap()
}

struct Tally {
    name: String,
    passed: usize,
    total: usize,
    failures: Vec<String>,
}

impl Tally {
    fn new(name: &str) -> Self {
        Tally {
            name: name.to_owned(),
            passed: 0,
            total: 0,
            failures: Vec::new(),
        }
    }

    fn check(&mut self, ok: bool, what: impl FnOnce() -> String) {
        self.total += 1;
        if ok {
            self.passed += 1;
        } else if self.failures.len() < 10 {
            self.failures.push(what());
        }
    }

    fn finish(self) {
        println!("{}: {}/{} passed", self.name, self.passed, self.total);
        assert!(self.total > 0, "{}: no cases found", self.name);
        assert!(
            self.failures.is_empty(),
            "{}: {}/{} passed; first failures: {:#?}",
            self.name,
            self.passed,
            self.total,
            self.failures
        );
    }
}

/// `<span data-cp="HEX" data-bytes="HEX HEX">` spans of a `*_chars.html` file.
fn spans(path: &str) -> Vec<(u32, Vec<u8>)> {
    let bytes = read(path);
    // The markup is ASCII; the raw character bytes inside the spans are not looked at.
    let text = String::from_utf8_lossy(&bytes);
    text.split("<span data-cp=\"")
        .skip(1)
        .map(|span| {
            let (cp, rest) = span.split_once('"').unwrap();
            let bytes = rest
                .split_once("data-bytes=\"")
                .unwrap()
                .1
                .split_once('"')
                .unwrap()
                .0;
            (u32::from_str_radix(cp, 16).unwrap(), hex_bytes(bytes))
        })
        .collect()
}

/// Code points whose spans are encoder-only: the Japanese encoders map U+00A5, U+203E and
/// U+2212 to bytes that decode to other code points (0x5C, 0x7E, U+FF0D).
const ENCODE_ONLY: [u32; 3] = [0xA5, 0x203E, 0x2212];

fn chars_file(path: &str, encoding: Encoding, encodes: impl Fn(&[u8]) -> bool) {
    let spans = spans(path);
    let japanese = matches!(
        encoding,
        Encoding::EucJp | Encoding::Iso2022Jp | Encoding::ShiftJis
    );
    let mut decoding = Tally::new(&format!("{path} (decode)"));
    let mut encoding_tally = Tally::new(&format!("{path} (encode)"));
    for (cp, bytes) in &spans {
        let expected = char::from_u32(*cp).unwrap().to_string();
        if !(japanese && ENCODE_ONLY.contains(cp)) {
            let mut decoder = Decoder::new(encoding, DecoderErrorMode::Fatal).unwrap();
            let mut output = String::new();
            let ok =
                decoder.decode_to_string(bytes, &mut output, true).is_ok() && output == expected;
            decoding.check(ok, || {
                format!("{bytes:02X?} -> {output:?}, expected U+{cp:04X}")
            });
        }
        if encodes(bytes) {
            let mut encoded = Vec::new();
            let result = Encoder::new(encoding)
                .unwrap()
                .encode_or_fail(&expected, &mut encoded);
            encoding_tally.check(result.is_ok() && &encoded == bytes, || {
                format!("U+{cp:04X} -> {encoded:02X?}, expected {bytes:02X?}")
            });
        }
    }
    decoding.finish();
    if encoding_tally.total > 0 {
        encoding_tally.finish();
    }
}

#[test]
fn legacy_mb_japanese_euc_jp_chars() {
    // jis0212 (0x8F) sequences are decode-only.
    chars_file(
        "encoding/legacy-mb-japanese/euc-jp/eucjp_chars.html",
        Encoding::EucJp,
        |b| b[0] != 0x8F,
    );
}

#[test]
fn legacy_mb_japanese_iso_2022_jp_chars() {
    chars_file(
        "encoding/legacy-mb-japanese/iso-2022-jp/iso2022jp_chars.html",
        Encoding::Iso2022Jp,
        |_| true,
    );
}

#[test]
fn legacy_mb_japanese_shift_jis_chars() {
    chars_file(
        "encoding/legacy-mb-japanese/shift_jis/sjis_chars.html",
        Encoding::ShiftJis,
        |_| true,
    );
}

#[test]
fn legacy_mb_korean_euc_kr_chars() {
    chars_file(
        "encoding/legacy-mb-korean/euc-kr/euckr_chars.html",
        Encoding::EucKr,
        |_| true,
    );
}

#[test]
fn legacy_mb_tchinese_big5_chars() {
    chars_file(
        "encoding/legacy-mb-tchinese/big5/big5_chars.html",
        Encoding::Big5,
        |_| true,
    );
}

#[test]
fn legacy_mb_tchinese_big5_chars_extra() {
    // Hong Kong extensions below pointer (0xA1 − 0x81) × 157: decode-only.
    chars_file(
        "encoding/legacy-mb-tchinese/big5/big5_chars_extra.html",
        Encoding::Big5,
        |_| false,
    );
}

/// A JavaScript string literal's value (the escapes the WPT files use).
fn js_string(literal: &str) -> String {
    let quote = literal.chars().next().unwrap();
    let body = &literal[1..literal.len() - 1];
    assert!(quote == '"' || quote == '\'');
    let mut units: Vec<u16> = Vec::new();
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            let mut buffer = [0u16; 2];
            units.extend_from_slice(c.encode_utf16(&mut buffer));
            continue;
        }
        let hex = |chars: &mut std::iter::Peekable<std::str::Chars>, n: usize| {
            let digits: String = (0..n).map(|_| chars.next().unwrap()).collect();
            u32::from_str_radix(&digits, 16).unwrap()
        };
        match chars.next().unwrap() {
            'x' => units.push(hex(&mut chars, 2) as u16),
            'u' if chars.peek() == Some(&'{') => {
                chars.next();
                let digits: String = chars.by_ref().take_while(|&c| c != '}').collect();
                let c = char::from_u32(u32::from_str_radix(&digits, 16).unwrap()).unwrap();
                let mut buffer = [0u16; 2];
                units.extend_from_slice(c.encode_utf16(&mut buffer));
            }
            'u' => units.push(hex(&mut chars, 4) as u16),
            'n' => units.push(0x0A),
            'r' => units.push(0x0D),
            't' => units.push(0x09),
            '0' => units.push(0),
            other => units.push(other as u16),
        }
    }
    String::from_utf16(&units).expect("no lone surrogates in expected output")
}

/// Splits the text after `decode(` into its top-level arguments.
fn call_arguments(text: &str) -> Vec<String> {
    let mut arguments = Vec::new();
    let mut depth = 0;
    let mut current = String::new();
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for c in text.chars() {
        if let Some(q) = quote {
            current.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            '"' | '\'' => {
                quote = Some(c);
                current.push(c);
            }
            '[' | '(' | '{' => {
                depth += 1;
                current.push(c);
            }
            ']' | '}' => {
                depth -= 1;
                current.push(c);
            }
            ')' if depth == 0 => {
                arguments.push(current.trim().to_owned());
                return arguments;
            }
            ')' => {
                depth -= 1;
                current.push(c);
            }
            ',' if depth == 0 => {
                arguments.push(current.trim().to_owned());
                current.clear();
            }
            _ => current.push(c),
        }
    }
    arguments
}

fn js_bytes(array: &str) -> Vec<u8> {
    array
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(
            |n| match n.strip_prefix("0x").or_else(|| n.strip_prefix("0X")) {
                Some(hex) => u8::from_str_radix(hex, 16).unwrap(),
                None => n.parse().unwrap(),
            },
        )
        .collect()
}

/// `decode([bytes], "expected", "description")` calls at the start of a line.
fn decode_calls(source: &str) -> Vec<(Vec<u8>, String, String)> {
    let mut calls = Vec::new();
    let mut rest = source;
    while let Some(at) = rest.find("\ndecode(") {
        rest = &rest[at + "\ndecode(".len()..];
        let arguments = call_arguments(rest);
        calls.push((
            js_bytes(&arguments[0]),
            js_string(&arguments[1]),
            js_string(&arguments[2]),
        ));
    }
    calls
}

#[test]
fn iso_2022_jp_decoder_any_js() {
    let source = read_text("encoding/iso-2022-jp-decoder.any.js");
    let mut tally = Tally::new("encoding/iso-2022-jp-decoder.any.js");
    for (bytes, expected, description) in decode_calls(&source) {
        let output = decode("iso-2022-jp", &bytes);
        tally.check(output == expected, || {
            format!("{description}: {output:?} != {expected:?}")
        });
    }
    tally.finish();
}

#[test]
fn gb18030_decoder_any_js() {
    let source = read_text("encoding/legacy-mb-schinese/gb18030/gb18030-decoder.any.js");
    let mut tally = Tally::new("encoding/legacy-mb-schinese/gb18030/gb18030-decoder.any.js");
    let mut cases = decode_calls(&source);
    // The loop over resources/ranges.js: the four bytes of each range's first pointer.
    let ranges = read_text("encoding/legacy-mb-schinese/gb18030/resources/ranges.js");
    for (i, line) in ranges
        .lines()
        .filter(|l| l.trim_start().starts_with('[') && l.contains('"'))
        .enumerate()
    {
        let entry = line
            .trim()
            .trim_end_matches(',')
            .trim_start_matches('[')
            .trim_end_matches(']');
        let (pointer, literal) = entry.split_once(',').unwrap();
        let arguments = [pointer.trim().to_owned(), literal.trim().to_owned()];
        let pointer: u32 = arguments[0].parse().unwrap();
        let bytes = vec![
            (pointer / 12600 + 0x81) as u8,
            ((pointer % 12600) / 1260 + 0x30) as u8,
            ((pointer % 1260) / 10 + 0x81) as u8,
            (pointer % 10 + 0x30) as u8,
        ];
        cases.push((bytes, js_string(&arguments[1]), format!("range {i}")));
    }
    for (bytes, expected, description) in cases {
        for label in ["gb18030", "gbk"] {
            let output = decode(label, &bytes);
            tally.check(output == expected, || {
                format!("{label} {description}: {output:?} != {expected:?}")
            });
        }
    }
    tally.finish();
}

#[test]
fn gbk_decoder_any_js() {
    let source = read_text("encoding/legacy-mb-schinese/gbk/gbk-decoder.any.js");
    let array = |name: &str| -> Vec<u32> {
        let start = source.find(name).unwrap();
        let body = &source[start..];
        let body = &body[body.find('[').unwrap() + 1..body.find(']').unwrap()];
        body.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|n| {
                n.strip_prefix("0x").map_or_else(
                    || n.parse().unwrap(),
                    |h| u32::from_str_radix(h, 16).unwrap(),
                )
            })
            .collect()
    };
    let pointers = array("const gbkPointers");
    let code_points = array("const codePoints");
    assert_eq!(pointers.len(), code_points.len());
    let mut tally = Tally::new("encoding/legacy-mb-schinese/gbk/gbk-decoder.any.js");
    for (pointer, code_point) in pointers.iter().zip(&code_points) {
        // The test computes `pointer / 190 + 0x81` in floating point and stores it in a
        // Uint8Array, which truncates: the integer division.
        let trail = pointer % 190;
        let bytes = [
            (pointer / 190 + 0x81) as u8,
            (trail + if trail < 0x3F { 0x40 } else { 0x41 }) as u8,
        ];
        let output = decode("GBK", &bytes);
        let first = output.encode_utf16().next().map(u32::from);
        tally.check(first == Some(*code_point), || {
            format!("pointer {pointer}: {output:?}")
        });
    }
    tally.finish();
}

#[test]
fn textdecoder_fatal_single_byte_any_js() {
    let source = read_text("encoding/textdecoder-fatal-single-byte.any.js");
    let mut tally = Tally::new("encoding/textdecoder-fatal-single-byte.any.js");
    let mut encodings = 0;
    for line in source
        .lines()
        .filter(|l| l.trim_start().starts_with("{encoding: '"))
    {
        let label = line.split('\'').nth(1).unwrap();
        let bad = js_bytes(
            line.split("bad: ")
                .nth(1)
                .unwrap()
                .split(']')
                .next()
                .unwrap(),
        );
        encodings += 1;
        for byte in 0..=255u8 {
            let mut decoder = TextDecoder::new(label, true, false).unwrap();
            let threw = decoder.decode(&[byte], false).is_err();
            tally.check(threw == bad.contains(&byte), || {
                format!("{label} {byte:#04X}: threw {threw}")
            });
        }
    }
    assert_eq!(encodings, 28);
    tally.finish();
}

#[test]
fn textdecoder_labels_any_js() {
    // resources/encodings.js is encodings.json; the test checks every label, uppercased and
    // with ASCII whitespace around it.
    let source = read_text("encoding/resources/encodings.js");
    let json = &source[source.find('[').unwrap()..source.rfind(']').unwrap() + 1];
    let table: serde_json::Value = serde_json::from_str(json).unwrap();
    let mut tally = Tally::new("encoding/textdecoder-labels.any.js");
    for group in table.as_array().unwrap() {
        for encoding in group["encodings"].as_array().unwrap() {
            let name = encoding["name"].as_str().unwrap();
            if name == "replacement" {
                continue;
            }
            for label in encoding["labels"].as_array().unwrap() {
                let label = label.as_str().unwrap();
                let mut variants = vec![label.to_owned(), label.to_uppercase()];
                for ws in [" ", "\t", "\n", "\x0C", "\r"] {
                    variants.push(format!("{ws}{label}"));
                    variants.push(format!("{label}{ws}"));
                    variants.push(format!("{ws}{label}{ws}"));
                }
                for variant in variants {
                    let got = TextDecoder::new(&variant, false, false)
                        .map(|d| d.encoding().lowercase_name());
                    tally.check(got == Ok(&name.to_lowercase()), || {
                        format!("{variant:?} -> {got:?}")
                    });
                }
            }
        }
    }
    tally.finish();
}

#[test]
fn textdecoder_fatal_any_js() {
    let source = read_text("encoding/textdecoder-fatal.any.js");
    let mut tally = Tally::new("encoding/textdecoder-fatal.any.js (bad inputs)");
    for line in source
        .lines()
        .filter(|l| l.trim_start().starts_with("{ encoding: '"))
    {
        let label = line.split('\'').nth(1).unwrap();
        let input = js_bytes(
            line.split("input: ")
                .nth(1)
                .unwrap()
                .split(']')
                .next()
                .unwrap(),
        );
        let threw = TextDecoder::new(label, true, false)
            .unwrap()
            .decode(&input, false)
            .is_err();
        tally.check(threw, || format!("{label} {input:02X?} did not throw"));
    }
    tally.finish();
}

/// Runs the statements of a test body that use `TextDecoder` objects: declarations
/// `const NAME = new TextDecoder(LABEL?)` and `assert_equals(NAME.decode(ARGS), "EXPECTED")`
/// or `assert_equals(new TextDecoder(LABEL?).decode(new Uint8Array([...])), "EXPECTED")`.
fn run_decoder_statements(source: &str, tally: &mut Tally) {
    let mut decoders: Vec<(String, TextDecoder)> = Vec::new();
    for line in source.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("const ") {
            if let Some((name, init)) = rest.split_once(" = new TextDecoder(") {
                let arguments = call_arguments(init);
                let label = arguments
                    .first()
                    .filter(|a| !a.is_empty())
                    .map_or("utf-8".to_owned(), |a| js_string(a));
                decoders.push((
                    name.to_owned(),
                    TextDecoder::new(&label, false, false).unwrap(),
                ));
            }
            continue;
        }
        let Some(rest) = line.strip_prefix("assert_equals(") else {
            continue;
        };
        let arguments = call_arguments(rest);
        if arguments.len() < 2 || !arguments[1].starts_with(['"', '\'']) {
            continue;
        }
        let expected = js_string(&arguments[1]);
        let call = &arguments[0];
        let parse = |after: &str| {
            let arguments = call_arguments(after);
            let input = arguments
                .first()
                .filter(|a| !a.is_empty())
                .map(|a| {
                    js_bytes(
                        a.trim_start_matches("new Uint8Array(")
                            .trim_start_matches("bytes(")
                            .trim_end_matches(')'),
                    )
                })
                .unwrap_or_default();
            let stream = arguments
                .get(1)
                .is_some_and(|o| o.replace(' ', "").contains("stream:true"));
            (input, stream)
        };
        let output = if let Some(init) = call.strip_prefix("new TextDecoder(") {
            let arguments = call_arguments(init);
            let label = arguments
                .first()
                .filter(|a| !a.is_empty())
                .map_or("utf-8".to_owned(), |a| js_string(a));
            let after = &init[init.find(").decode(").unwrap() + ").decode(".len()..];
            let (input, stream) = parse(after);
            TextDecoder::new(&label, false, false)
                .unwrap()
                .decode(&input, stream)
        } else if let Some((name, after)) = call.split_once(".decode(") {
            let (input, stream) = parse(after);
            let decoder = &mut decoders
                .iter_mut()
                .find(|(n, _)| n == name)
                .unwrap_or_else(|| panic!("no decoder {name}"))
                .1;
            decoder.decode(&input, stream)
        } else {
            continue;
        };
        let output = output.unwrap_or_else(|_| "<TypeError>".to_owned());
        tally.check(output == expected, || format!("{line}: got {output:?}"));
    }
}

#[test]
fn textdecoder_eof_any_js() {
    let source = read_text("encoding/textdecoder-eof.any.js");
    let mut tally = Tally::new("encoding/textdecoder-eof.any.js");
    run_decoder_statements(&source, &mut tally);
    tally.finish();
}

#[test]
fn textdecoder_streaming_any_js_chunk_tests() {
    // The "UTF-8 chunk tests" block (the per-window loop is covered by the property tests).
    let source = read_text("encoding/textdecoder-streaming.any.js");
    let block = &source[source.find("const decoder = new TextDecoder();").unwrap()..];
    let mut tally = Tally::new("encoding/textdecoder-streaming.any.js (UTF-8 chunk tests)");
    run_decoder_statements(block, &mut tally);
    tally.finish();
}

#[test]
fn textdecoder_streaming_any_js_windows() {
    // The string and octets of the file, decoded in windows of 1 to 5 bytes.
    let string = "\x00123ABCabc\u{80}\u{FF}\u{100}\u{1000}\u{FFFD}\u{10000}\u{10FFFF}";
    let mut tally = Tally::new("encoding/textdecoder-streaming.any.js (windows)");
    for label in ["utf-8", "utf-16le", "utf-16be"] {
        let octets: Vec<u8> = match label {
            "utf-8" => string.as_bytes().to_vec(),
            "utf-16le" => string.encode_utf16().flat_map(u16::to_le_bytes).collect(),
            _ => string.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        };
        for window in 1..=5 {
            let mut decoder = TextDecoder::new(label, false, false).unwrap();
            let mut out = String::new();
            for chunk in octets.chunks(window) {
                out += &decoder.decode(chunk, true).unwrap();
            }
            out += &decoder.decode(&[], false).unwrap();
            tally.check(out == string, || {
                format!("{label} window {window}: {out:?}")
            });
        }
    }
    tally.finish();
}

#[test]
fn textdecoder_fatal_streaming_any_js() {
    let mut tally = Tally::new("encoding/textdecoder-fatal-streaming.any.js");
    for (label, sequence) in [
        ("utf-8", vec![0xC0]),
        ("utf-16le", vec![0x00]),
        ("utf-16be", vec![0x00]),
    ] {
        let threw = TextDecoder::new(label, true, false)
            .unwrap()
            .decode(&sequence, false)
            .is_err();
        tally.check(threw, || format!("{label} did not throw"));
        tally.check(decode(label, &sequence) == "\u{FFFD}", || {
            format!("{label} no U+FFFD")
        });
    }
    let mut decoder = TextDecoder::new("utf-16le", true, false).unwrap();
    let (odd, even) = ([0x00u8], [0x00u8, 0x00]);
    tally.check(decoder.decode(&odd, true) == Ok(String::new()), || {
        "odd stream".into()
    });
    tally.check(decoder.decode(&odd, false) == Ok("\0".into()), || {
        "odd flush".into()
    });
    tally.check(
        decoder.decode(&even, true).is_ok() && decoder.decode(&odd, false).is_err(),
        || "even, odd".into(),
    );
    tally.check(
        decoder.decode(&odd, true).is_ok() && decoder.decode(&even, false).is_err(),
        || "odd, even".into(),
    );
    tally.check(decoder.decode(&even, true) == Ok("\0".into()), || {
        "even stream".into()
    });
    tally.check(decoder.decode(&even, false) == Ok("\0".into()), || {
        "even flush".into()
    });
    tally.finish();
}

#[test]
fn textdecoder_byte_order_marks_and_ignore_bom() {
    // textdecoder-byte-order-marks.any.js and textdecoder-ignorebom.any.js, transcribed.
    let mut tally =
        Tally::new("encoding/textdecoder-byte-order-marks.any.js + textdecoder-ignorebom.any.js");
    let text = "z\u{A2}\u{6C34}\u{1D11E}\u{F8FF}\u{10FFFD}\u{FFFE}";
    let cases: [(&str, Vec<u8>, Vec<u8>); 3] = [
        ("utf-8", vec![0xEF, 0xBB, 0xBF], text.as_bytes().to_vec()),
        (
            "utf-16le",
            vec![0xFF, 0xFE],
            text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        ),
        (
            "utf-16be",
            vec![0xFE, 0xFF],
            text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        ),
    ];
    for (label, bom, body) in &cases {
        let with_bom = [bom.as_slice(), body].concat();
        tally.check(decode(label, &with_bom) == text, || {
            format!("{label}: BOM stripped")
        });
        tally.check(decode(label, body) == text, || format!("{label}: no BOM"));
        let kept = TextDecoder::new(label, false, true)
            .unwrap()
            .decode(&with_bom, false)
            .unwrap();
        tally.check(kept == format!("\u{FEFF}{text}"), || {
            format!("{label}: ignoreBOM keeps it")
        });
        // A BOM of another encoding is not stripped.
        for (other, other_bom, _) in &cases {
            if other != label {
                let output = decode(label, &[other_bom.as_slice(), body].concat());
                tally.check(!output.starts_with(text), || {
                    format!("{label} with {other} BOM")
                });
            }
        }
        // BOM seen: only the first BOM of a stream is removed, even across chunks and calls.
        let mut decoder = TextDecoder::new(label, false, false).unwrap();
        let mut out = String::new();
        for chunk in [bom.as_slice(), bom.as_slice(), body.as_slice()] {
            for byte in chunk {
                out += &decoder.decode(&[*byte], true).unwrap();
            }
        }
        out += &decoder.decode(&[], false).unwrap();
        tally.check(out == format!("\u{FEFF}{text}"), || {
            format!("{label}: second BOM kept: {out:?}")
        });
    }
    tally.finish();
}

#[test]
fn api_invalid_and_replacement_labels() {
    // api-invalid-label.any.js, api-replacement-encodings.any.js, unsupported-encodings:
    // labels with other whitespace or unknown ones throw RangeError, as do replacement labels.
    let mut tally =
        Tally::new("encoding/api-invalid-label.any.js + api-replacement-encodings.any.js");
    for label in [
        "\u{B}utf-8",
        "utf-8\u{B}",
        "\u{A0}utf-8",
        "utf-8\u{2028}",
        "unicode-1-1-utf-7",
        "x-user-defined\0",
        "utf-32",
        "ucs-4",
    ] {
        tally.check(TextDecoder::new(label, false, false).is_err(), || {
            format!("{label:?} accepted")
        });
    }
    for label in [
        "csiso2022kr",
        "hz-gb-2312",
        "iso-2022-cn",
        "iso-2022-cn-ext",
        "iso-2022-kr",
        "replacement",
    ] {
        tally.check(
            Encoding::for_label(label) == Some(Encoding::Replacement),
            || label.to_owned(),
        );
        tally.check(TextDecoder::new(label, false, false).is_err(), || {
            format!("{label} accepted")
        });
    }
    tally.finish();
}
