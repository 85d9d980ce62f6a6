//! Index round trips: every pointer of every index decodes to its code point, pointers
//! without one are errors, and every code point the standard's encoder maps encodes to the
//! bytes of the pointer the standard picks (first pointer, with the Shift_JIS and Big5
//! exclusions).
#![cfg(feature = "encoding-legacy")]

mod encoding_support;

use encoding_support::load_index;
use std::collections::BTreeMap;
use webweft::encoding::{Decoder, DecoderErrorMode, EncodeError, Encoder, Encoding};

fn decode(encoding: Encoding, bytes: &[u8]) -> String {
    let mut decoder = Decoder::new(encoding, DecoderErrorMode::Replacement).unwrap();
    let mut output = String::new();
    decoder.decode_to_string(bytes, &mut output, true).unwrap();
    output
}

fn encode(encoding: Encoding, text: &str) -> Result<Vec<u8>, EncodeError> {
    let mut output = Vec::new();
    Encoder::new(encoding)
        .unwrap()
        .encode_or_fail(text, &mut output)?;
    Ok(output)
}

fn ch(code_point: u32) -> String {
    char::from_u32(code_point).unwrap().to_string()
}

/// The first pointer of each code point among `entries`.
fn first_pointers<'a>(entries: impl Iterator<Item = (&'a u32, &'a u32)>) -> BTreeMap<u32, u32> {
    let mut map = BTreeMap::new();
    for (&pointer, &code_point) in entries {
        map.entry(code_point).or_insert(pointer);
    }
    map
}

/// Checks every pointer below `len`: decoding `bytes(pointer)` gives the index code point,
/// or an error (U+FFFD, then a restored ASCII trailing byte). Returns pointers checked.
fn check_decoding(
    encoding: Encoding,
    index: &BTreeMap<u32, u32>,
    len: u32,
    bytes: impl Fn(u32) -> Vec<u8>,
    special: impl Fn(u32) -> Option<String>,
) -> usize {
    let mut checked = 0;
    for pointer in 0..len {
        let input = bytes(pointer);
        let expected = match (special(pointer), index.get(&pointer)) {
            (Some(text), _) => text,
            (None, Some(&code_point)) => ch(code_point),
            (None, None) => {
                let last = *input.last().unwrap();
                if last < 0x80 {
                    format!("\u{FFFD}{}", char::from(last))
                } else {
                    "\u{FFFD}".to_owned()
                }
            }
        };
        assert_eq!(
            decode(encoding, &input),
            expected,
            "{encoding} pointer {pointer} {input:02X?}"
        );
        checked += 1;
    }
    checked
}

/// Checks that every code point in `expected` encodes to `bytes(pointer)`.
fn check_encoding(
    encoding: Encoding,
    expected: &BTreeMap<u32, u32>,
    bytes: impl Fn(u32) -> Vec<u8>,
) -> usize {
    for (&code_point, &pointer) in expected {
        assert_eq!(
            encode(encoding, &ch(code_point)).unwrap(),
            bytes(pointer),
            "{encoding} U+{code_point:04X} pointer {pointer}"
        );
    }
    expected.len()
}

fn gb18030_bytes(pointer: u32) -> Vec<u8> {
    let trail = pointer % 190;
    vec![
        (pointer / 190 + 0x81) as u8,
        (trail + if trail < 0x3F { 0x40 } else { 0x41 }) as u8,
    ]
}

#[test]
fn gb18030_and_gbk() {
    let index = load_index("gb18030");
    for encoding in [Encoding::Gb18030, Encoding::Gbk] {
        assert_eq!(
            check_decoding(encoding, &index, 126 * 190, gb18030_bytes, |_| None),
            23940
        );
    }
    // The encoder: index pointer (first), the Private Use side table, U+E5E5 an error.
    let pua: [(u32, [u8; 2]); 18] = [
        (0xE78D, [0xA6, 0xD9]),
        (0xE78E, [0xA6, 0xDA]),
        (0xE78F, [0xA6, 0xDB]),
        (0xE790, [0xA6, 0xDC]),
        (0xE791, [0xA6, 0xDD]),
        (0xE792, [0xA6, 0xDE]),
        (0xE793, [0xA6, 0xDF]),
        (0xE794, [0xA6, 0xEC]),
        (0xE795, [0xA6, 0xED]),
        (0xE796, [0xA6, 0xF3]),
        (0xE81E, [0xFE, 0x59]),
        (0xE826, [0xFE, 0x61]),
        (0xE82B, [0xFE, 0x66]),
        (0xE82C, [0xFE, 0x67]),
        (0xE832, [0xFE, 0x6D]),
        (0xE843, [0xFE, 0x7E]),
        (0xE854, [0xFE, 0x90]),
        (0xE864, [0xFE, 0xA0]),
    ];
    let mut expected = first_pointers(index.iter());
    expected.remove(&0x20AC); // GBK encodes U+20AC as 0x80; checked below
    for encoding in [Encoding::Gb18030, Encoding::Gbk] {
        assert_eq!(
            check_encoding(encoding, &expected, gb18030_bytes),
            expected.len()
        );
        for (code_point, bytes) in pua {
            assert_eq!(encode(encoding, &ch(code_point)).unwrap(), bytes);
            // These bytes decode to the code points GB18030-2022 gave them instead.
            assert_ne!(decode(encoding, &bytes), ch(code_point));
        }
        let error = encode(encoding, "\u{E5E5}").unwrap_err();
        assert_eq!((error.code_point, error.read), ('\u{E5E5}', 3));
    }
    assert_eq!(encode(Encoding::Gbk, "\u{20AC}").unwrap(), [0x80]);
    assert_eq!(
        encode(Encoding::Gb18030, "\u{20AC}").unwrap(),
        gb18030_bytes(
            index
                .iter()
                .find(|(_, c)| **c == 0x20AC)
                .map(|(p, _)| *p)
                .unwrap()
        )
    );
    // Every other scalar value round-trips through gb18030 (four-byte sequences included);
    // GBK fails exactly on those not in index gb18030.
    let mut four_byte = 0;
    for code_point in (0x80..=0x10FFFF).filter(|c| !(0xD800..=0xDFFF).contains(c)) {
        if code_point == 0xE5E5 || pua.iter().any(|(c, _)| *c == code_point) {
            continue;
        }
        let text = ch(code_point);
        let bytes = encode(Encoding::Gb18030, &text).unwrap();
        assert_eq!(
            decode(Encoding::Gb18030, &bytes),
            text,
            "U+{code_point:04X}"
        );
        if bytes.len() == 4 {
            four_byte += 1;
            assert!(encode(Encoding::Gbk, &text).is_err());
        }
    }
    // Scalar values from U+0080, less U+E5E5, the 18 side-table code points and those with a
    // two-byte sequence (the index's code points, U+20AC included).
    assert_eq!(
        four_byte,
        (0x10FFFF - 0x80 + 1 - 2048) - 1 - 18 - (expected.len() + 1)
    );
}

fn big5_bytes(pointer: u32) -> Vec<u8> {
    let trail = pointer % 157;
    vec![
        (pointer / 157 + 0x81) as u8,
        (trail + if trail < 0x3F { 0x40 } else { 0x62 }) as u8,
    ]
}

#[test]
fn big5() {
    let index = load_index("big5");
    let pairs = |pointer| match pointer {
        1133 => Some("\u{CA}\u{304}".to_owned()),
        1135 => Some("\u{CA}\u{30C}".to_owned()),
        1164 => Some("\u{EA}\u{304}".to_owned()),
        1166 => Some("\u{EA}\u{30C}".to_owned()),
        _ => None,
    };
    assert_eq!(
        check_decoding(Encoding::Big5, &index, 126 * 157, big5_bytes, pairs),
        19782
    );
    // Index Big5 pointer: no pointers below (0xA1 − 0x81) × 157; the last pointer for six
    // code points.
    let mut expected = first_pointers(index.range((0xA1 - 0x81) * 157..));
    for (&pointer, &code_point) in index.range((0xA1 - 0x81) * 157..) {
        if [0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345].contains(&code_point) {
            expected.insert(code_point, pointer);
        }
    }
    assert_eq!(
        check_encoding(Encoding::Big5, &expected, big5_bytes),
        expected.len()
    );
    // Code points only in the excluded HKSCS range cannot be encoded.
    let hkscs_only = index
        .range(..(0xA1 - 0x81) * 157)
        .filter(|(_, c)| !expected.contains_key(c))
        .count();
    for (_, &code_point) in index.range(..(0xA1 - 0x81) * 157) {
        if !expected.contains_key(&code_point) {
            assert!(encode(Encoding::Big5, &ch(code_point)).is_err());
        }
    }
    assert!(hkscs_only > 3000);
}

fn shift_jis_bytes(pointer: u32) -> Vec<u8> {
    let lead = pointer / 188;
    let trail = pointer % 188;
    vec![
        (lead + if lead < 0x1F { 0x81 } else { 0xC1 }) as u8,
        (trail + if trail < 0x3F { 0x40 } else { 0x41 }) as u8,
    ]
}

#[test]
fn shift_jis() {
    let index = load_index("jis0208");
    // EUDC: pointers 8836 to 10715 decode to Private Use code points.
    let eudc = |pointer| {
        (8836..=10715)
            .contains(&pointer)
            .then(|| ch(0xE000 - 8836 + pointer))
    };
    assert_eq!(
        check_decoding(Encoding::ShiftJis, &index, 11280, shift_jis_bytes, eudc),
        11280
    );
    let expected = first_pointers(index.iter().filter(|(p, _)| !(8272..=8835).contains(*p)));
    assert_eq!(
        check_encoding(Encoding::ShiftJis, &expected, shift_jis_bytes),
        expected.len()
    );
    assert_eq!(
        encode(Encoding::ShiftJis, "\u{2212}").unwrap(),
        encode(Encoding::ShiftJis, "\u{FF0D}").unwrap()
    );
    assert_eq!(
        encode(Encoding::ShiftJis, "\u{A5}\u{203E}\u{80}\u{FF61}\u{FF9F}").unwrap(),
        [0x5C, 0x7E, 0x80, 0xA1, 0xDF]
    );
}

#[test]
fn euc_jp() {
    let jis0208 = load_index("jis0208");
    let bytes = |p: u32| vec![(p / 94 + 0xA1) as u8, (p % 94 + 0xA1) as u8];
    assert_eq!(
        check_decoding(Encoding::EucJp, &jis0208, 94 * 94, bytes, |_| None),
        8836
    );
    let jis0212 = load_index("jis0212");
    let bytes_0212 = |p: u32| vec![0x8F, (p / 94 + 0xA1) as u8, (p % 94 + 0xA1) as u8];
    assert_eq!(
        check_decoding(Encoding::EucJp, &jis0212, 94 * 94, bytes_0212, |_| None),
        8836
    );
    let expected = first_pointers(jis0208.iter());
    assert!(expected.values().all(|&p| p < 8836));
    assert_eq!(
        check_encoding(Encoding::EucJp, &expected, bytes),
        expected.len()
    );
    // jis0212 is decode-only.
    let only_0212 = jis0212
        .values()
        .filter(|c| !expected.contains_key(c))
        .count();
    assert!(
        jis0212
            .values()
            .filter(|c| !expected.contains_key(c))
            .all(|&c| encode(Encoding::EucJp, &ch(c)).is_err())
    );
    assert!(only_0212 > 5000);
    for katakana in 0xFF61..=0xFF9F {
        let bytes = encode(Encoding::EucJp, &ch(katakana)).unwrap();
        assert_eq!(bytes, [0x8E, (katakana - 0xFF61 + 0xA1) as u8]);
        assert_eq!(decode(Encoding::EucJp, &bytes), ch(katakana));
    }
}

#[test]
fn iso_2022_jp() {
    let index = load_index("jis0208");
    let bytes = |p: u32| {
        vec![
            0x1B,
            0x24,
            0x42,
            (p / 94 + 0x21) as u8,
            (p % 94 + 0x21) as u8,
        ]
    };
    // Errors in the jis0208 state keep the state: no restored ASCII byte.
    for pointer in 0..94 * 94 {
        let expected = index
            .get(&pointer)
            .map_or("\u{FFFD}".to_owned(), |&c| ch(c));
        assert_eq!(
            decode(Encoding::Iso2022Jp, &bytes(pointer)),
            expected,
            "pointer {pointer}"
        );
    }
    let expected = first_pointers(index.iter());
    let with_escapes = |p: u32| {
        let mut b = bytes(p);
        b.extend_from_slice(&[0x1B, 0x28, 0x42]);
        b
    };
    assert_eq!(
        check_encoding(Encoding::Iso2022Jp, &expected, with_escapes),
        expected.len()
    );
    // Halfwidth katakana are encoded as their fullwidth forms (index ISO-2022-JP katakana).
    let katakana = load_index("iso-2022-jp-katakana");
    for (&pointer, &fullwidth) in &katakana {
        assert_eq!(
            encode(Encoding::Iso2022Jp, &ch(0xFF61 + pointer)).unwrap(),
            with_escapes(expected[&fullwidth])
        );
    }
}

#[test]
fn euc_kr() {
    let index = load_index("euc-kr");
    let bytes = |p: u32| vec![(p / 190 + 0x81) as u8, (p % 190 + 0x41) as u8];
    assert_eq!(
        check_decoding(Encoding::EucKr, &index, 126 * 190, bytes, |_| None),
        23940
    );
    let expected = first_pointers(index.iter());
    assert_eq!(
        check_encoding(Encoding::EucKr, &expected, bytes),
        expected.len()
    );
}

#[test]
fn single_byte_encodings() {
    let mut checked = 0;
    for encoding in Encoding::ALL.into_iter().filter(|e| e.is_single_byte()) {
        let name = if encoding == Encoding::Iso8859_8I {
            "iso-8859-8".to_owned()
        } else {
            encoding.lowercase_name().to_owned()
        };
        let index = load_index(&name);
        for byte in 0..=255u8 {
            let expected = match byte {
                0x00..=0x7F => ch(u32::from(byte)),
                _ => index
                    .get(&u32::from(byte - 0x80))
                    .map_or("\u{FFFD}".to_owned(), |&c| ch(c)),
            };
            assert_eq!(
                decode(encoding, &[byte]),
                expected,
                "{encoding} {byte:#04X}"
            );
        }
        for (&code_point, &pointer) in &first_pointers(index.iter()) {
            assert_eq!(
                encode(encoding, &ch(code_point)).unwrap(),
                [(pointer + 0x80) as u8]
            );
        }
        let ascii: String = (0..0x80u8).map(char::from).collect();
        assert_eq!(encode(encoding, &ascii).unwrap(), ascii.as_bytes());
        checked += 1;
    }
    assert_eq!(checked, 28);
}

#[test]
fn x_user_defined() {
    for byte in 0..=255u8 {
        let code_point = if byte < 0x80 {
            u32::from(byte)
        } else {
            0xF780 + u32::from(byte) - 0x80
        };
        assert_eq!(decode(Encoding::XUserDefined, &[byte]), ch(code_point));
        assert_eq!(
            encode(Encoding::XUserDefined, &ch(code_point)).unwrap(),
            [byte]
        );
    }
    assert!(encode(Encoding::XUserDefined, "\u{F800}").is_err());
}
