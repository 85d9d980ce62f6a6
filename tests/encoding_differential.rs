//! Differential tests against the `encoding_rs` crate (Firefox's implementation of the same
//! standard): every decoder on random bytes and on real legacy-encoded web pages
//! (`BENCH_DATA_DIR/legacy-encoded/chardet-tests`), and every encoder on random text.
#![cfg(feature = "encoding-legacy")]

mod encoding_support;

use proptest::prelude::*;
use webweft::encoding::{Decoder, DecoderErrorMode, Encoding};

fn peer(encoding: Encoding) -> &'static encoding_rs::Encoding {
    encoding_rs::Encoding::for_label(encoding.name().as_bytes()).expect("every name is a label")
}

fn weft_decode(encoding: Encoding, bytes: &[u8]) -> String {
    let mut decoder = Decoder::new(encoding, DecoderErrorMode::Replacement).unwrap();
    let mut output = String::new();
    decoder.decode_to_string(bytes, &mut output, true).unwrap();
    output
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn every_decoder_agrees_on_random_bytes(bytes in prop::collection::vec(prop_oneof![any::<u8>(), 0x80u8..=0xFE, 0x21u8..=0x7E, Just(0x1Bu8)], 0..300)) {
        for encoding in Encoding::ALL {
            let (expected, _) = peer(encoding).decode_without_bom_handling(&bytes);
            prop_assert_eq!(weft_decode(encoding, &bytes), expected, "{}", encoding);
        }
    }

    /// Long input takes the single-byte decoders' whole-byte table (from 1024 bytes on), with
    /// unmapped bytes anywhere, through the UTF-16 output the bindings use; encodings
    /// alternate, so the table is rebuilt between them.
    #[test]
    fn single_byte_decoders_agree_on_long_input_to_utf16(bytes in prop::collection::vec(prop_oneof![8 => 0x20u8..=0x7E, 8 => 0x80u8..=0xFF, 1 => any::<u8>()], 1000..3000)) {
        for encoding in Encoding::ALL.into_iter().filter(|e| e.is_single_byte()) {
            let (expected, _) = peer(encoding).decode_without_bom_handling(&bytes);
            let mut decoder = Decoder::new(encoding, DecoderErrorMode::Replacement).unwrap();
            let mut units = Vec::new();
            decoder.decode_to_utf16_vec(&bytes, &mut units, true).unwrap();
            prop_assert_eq!(String::from_utf16(&units).unwrap(), expected, "{}", encoding);
        }
    }

    #[test]
    fn every_encoder_agrees_on_random_text(text in "[a-z\u{80}-\u{2FF}\u{2000}-\u{33FF}\u{4E00}-\u{9FFF}\u{AC00}-\u{D7A3}\u{E000}-\u{E900}\u{F900}-\u{FFFF}\u{20000}-\u{2A6DF}\u{1F600}]{0,32}") {
        for encoding in Encoding::ALL.into_iter().filter(|e| e.has_encoder()) {
            let (expected, _, _) = peer(encoding).encode(&text);
            let actual = webweft::encoding::encode(&text, encoding).unwrap();
            prop_assert_eq!(actual, expected.into_owned(), "{}", encoding);
        }
    }
}

/// chardet's folder names → the WHATWG label their pages are decoded with (per SOURCES.md).
fn label_for(folder: &str) -> Option<&'static str> {
    Some(match folder {
        "SHIFT_JIS" | "CP932" => "shift_jis",
        "EUC-JP" => "euc-jp",
        "iso-2022-jp" => "iso-2022-jp",
        "EUC-KR" | "CP949" => "euc-kr",
        "GB2312" => "gbk",
        "Big5" => "big5",
        "KOI8-R" => "koi8-r",
        "IBM866" => "ibm866",
        "MacCyrillic" => "x-mac-cyrillic",
        "MacRoman" => "macintosh",
        "TIS-620" => "windows-874",
        "iso-8859-1" | "windows-1252" => "windows-1252",
        "iso-8859-6-arabic" => "iso-8859-6",
        "iso-8859-7-greek" => "iso-8859-7",
        "iso-8859-9-turkish" => "windows-1254",
        "UTF-16" | "UTF-16LE" => "utf-16le",
        "UTF-16BE" => "utf-16be",
        "utf-8" | "utf-8-sig" | "ascii" => "utf-8",
        "iso-2022-kr" => "iso-2022-kr",
        f if f.starts_with("iso-8859-2-") => "iso-8859-2",
        f if f.starts_with("iso-8859-5-") => "iso-8859-5",
        f if f.starts_with("windows-1250-") => "windows-1250",
        f if f.starts_with("windows-1251-") => "windows-1251",
        "windows-1254-turkish" => "windows-1254",
        "windows-1255-hebrew" => "windows-1255",
        "windows-1256-arabic" => "windows-1256",
        // EUC-TW, Johab, IBM855, UTF-32*: not encodings of the standard.
        _ => return None,
    })
}

#[test]
fn real_pages_decode_identically() {
    let root = encoding_support::bench_dir().join("legacy-encoded/chardet-tests");
    let mut folders: Vec<_> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .collect();
    folders.sort_by_key(|e| e.file_name());
    let (mut pages, mut bytes, mut all_decoders) = (0, 0, 0);
    let mut differences = Vec::new();
    for folder in folders {
        let name = folder.file_name().to_string_lossy().into_owned();
        let Some(label) = label_for(&name) else {
            continue;
        };
        let encoding = Encoding::for_label(label).unwrap();
        let mut files: Vec<_> = std::fs::read_dir(folder.path())
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| e.path())
            .collect();
        files.sort();
        for (i, file) in files.iter().enumerate() {
            let input = std::fs::read(file).unwrap();
            // The page's own encoding, through "decode" (BOM sniffing) on both sides.
            let (ours, used) = webweft::encoding::decode(&input, encoding).unwrap();
            let (theirs, their_encoding, _) = peer(encoding).decode(&input);
            if ours != theirs || used.name() != their_encoding.name() {
                differences.push(format!("{} as {label}", file.display()));
            }
            pages += 1;
            bytes += input.len();
            // Every decoder on the first page of each folder.
            if i == 0 {
                for other in Encoding::ALL {
                    let (theirs, _) = peer(other).decode_without_bom_handling(&input);
                    if weft_decode(other, &input) != theirs {
                        differences.push(format!("{} as {other}", file.display()));
                    }
                    all_decoders += 1;
                }
            }
        }
    }
    println!(
        "{pages} pages ({bytes} bytes) in their encodings and {all_decoders} page × decoder pairs compared; {} differences",
        differences.len()
    );
    assert!(pages > 350);
    assert!(differences.is_empty(), "differences: {differences:#?}");
}
