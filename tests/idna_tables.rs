//! webweft's IDNA back end (src/url/idna_adapter/, which the `idna` crate uses through the
//! root Cargo.toml's [patch]) against ICU4X, the back end it replaces: the committed tables are
//! a fresh generation from ICU4X's data (regenerate with `cargo run --example idna_tables`),
//! every code point maps, normalizes and has the properties ICU4X gives it, and strings that
//! exercise canonical ordering and composition normalize as ICU4X normalizes them.

#[path = "../tools/idna_tables/generate.rs"]
mod generate;

use icu_normalizer::properties::{CanonicalDecompositionBorrowed, Decomposed};
use icu_normalizer::uts46::Uts46MapperBorrowed;
use icu_properties::props::{BidiClass, GeneralCategory, JoiningType};
use icu_properties::{CodePointMapData, props::CanonicalCombiningClass};
use idna_adapter::Adapter;
use proptest::prelude::*;

#[test]
fn committed_tables_are_a_fresh_generation() {
    let files = generate::generate();
    let names: Vec<&str> = files.iter().map(|f| f.name).collect();
    assert_eq!(names, ["normalization.rs", "properties.rs"]);
    let tables =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/url/idna_adapter/tables");
    for file in files {
        let committed = std::fs::read_to_string(tables.join(file.name)).expect("committed table");
        assert!(
            committed == file.contents,
            "src/url/idna_adapter/tables/{} is stale: run `cargo run --example idna_tables`",
            file.name
        );
    }
}

fn every_char() -> impl Iterator<Item = char> {
    (0..=0x10FFFF).filter_map(char::from_u32)
}

/// Both normalizations of `text`, ours and ICU4X's.
fn check(text: &[char]) {
    let ours = Adapter::new();
    let icu = Uts46MapperBorrowed::new();
    let mapped: Vec<char> = ours.map_normalize(text.iter().copied()).collect();
    let expected: Vec<char> = icu.map_normalize(text.iter().copied()).collect();
    assert_eq!(mapped, expected, "map_normalize({text:?})");
    let validated: Vec<char> = ours.normalize_validate(text.iter().copied()).collect();
    let expected: Vec<char> = icu.normalize_validate(text.iter().copied()).collect();
    assert_eq!(validated, expected, "normalize_validate({text:?})");
}

#[test]
fn every_code_point_maps_as_icu4x_maps_it() {
    for c in every_char() {
        check(&[c]);
    }
}

#[test]
fn every_code_point_has_icu4x_properties() {
    use BidiClass as B;
    let ours = Adapter::new();
    let gc = CodePointMapData::<GeneralCategory>::new();
    let bidi = CodePointMapData::<BidiClass>::new();
    let jt = CodePointMapData::<JoiningType>::new();
    let ccc = CodePointMapData::<CanonicalCombiningClass>::new();
    // Each mask with the classes RFC 5893 (bidi) and RFC 5892 (ContextJ) give it.
    let bidi_masks = [
        (
            idna_adapter::RTL_MASK,
            &[B::RightToLeft, B::ArabicLetter, B::ArabicNumber][..],
        ),
        (
            idna_adapter::FIRST_BC_MASK,
            &[B::LeftToRight, B::RightToLeft, B::ArabicLetter],
        ),
        (
            idna_adapter::LAST_LTR_MASK,
            &[B::LeftToRight, B::EuropeanNumber],
        ),
        (
            idna_adapter::LAST_RTL_MASK,
            &[
                B::RightToLeft,
                B::ArabicLetter,
                B::EuropeanNumber,
                B::ArabicNumber,
            ],
        ),
        (
            idna_adapter::MIDDLE_LTR_MASK,
            &[
                B::LeftToRight,
                B::EuropeanNumber,
                B::EuropeanSeparator,
                B::CommonSeparator,
                B::EuropeanTerminator,
                B::OtherNeutral,
                B::BoundaryNeutral,
                B::NonspacingMark,
            ],
        ),
        (
            idna_adapter::MIDDLE_RTL_MASK,
            &[
                B::RightToLeft,
                B::ArabicLetter,
                B::ArabicNumber,
                B::EuropeanNumber,
                B::EuropeanSeparator,
                B::CommonSeparator,
                B::EuropeanTerminator,
                B::OtherNeutral,
                B::BoundaryNeutral,
                B::NonspacingMark,
            ],
        ),
    ];
    let joining_masks = [
        (
            idna_adapter::LEFT_OR_DUAL_JOINING_MASK,
            [JoiningType::LeftJoining, JoiningType::DualJoining],
        ),
        (
            idna_adapter::RIGHT_OR_DUAL_JOINING_MASK,
            [JoiningType::RightJoining, JoiningType::DualJoining],
        ),
    ];
    for c in every_char() {
        let is_mark = matches!(
            gc.get(c),
            GeneralCategory::NonspacingMark
                | GeneralCategory::SpacingMark
                | GeneralCategory::EnclosingMark
        );
        assert_eq!(ours.is_mark(c), is_mark, "is_mark({c:?})");
        assert_eq!(
            ours.is_virama(c),
            ccc.get(c) == CanonicalCombiningClass::Virama,
            "is_virama({c:?})"
        );
        let (class, ours_class) = (bidi.get(c), ours.bidi_class(c));
        for (mask, classes) in &bidi_masks {
            assert_eq!(
                mask.intersects(ours_class.to_mask()),
                classes.contains(&class),
                "bidi class of {c:?}"
            );
        }
        assert_eq!(ours_class.is_ltr(), class == B::LeftToRight, "{c:?}");
        assert_eq!(
            ours_class.is_nonspacing_mark(),
            class == B::NonspacingMark,
            "{c:?}"
        );
        assert_eq!(
            ours_class.is_european_number(),
            class == B::EuropeanNumber,
            "{c:?}"
        );
        assert_eq!(
            ours_class.is_arabic_number(),
            class == B::ArabicNumber,
            "{c:?}"
        );
        let (joining, ours_joining) = (jt.get(c), ours.joining_type(c));
        for (mask, types) in &joining_masks {
            assert_eq!(
                mask.intersects(ours_joining.to_mask()),
                types.contains(&joining),
                "joining type of {c:?}"
            );
        }
        assert_eq!(
            ours_joining.is_transparent(),
            joining == JoiningType::Transparent,
            "{c:?}"
        );
    }
}

/// Every canonical decomposition pair, composed, out of order behind marks of other classes,
/// and broken by an ignored or a disallowed character.
#[test]
fn every_canonical_pair_composes_as_icu4x_composes_it() {
    let decomposition = CanonicalDecompositionBorrowed::new();
    for c in every_char() {
        if let Decomposed::Expansion(first, second) = decomposition.decompose(c) {
            check(&[first, second]);
            check(&[first, '\u{0323}', second]);
            check(&[first, second, '\u{0323}', '\u{0301}']);
            check(&[first, '\u{00AD}', second]);
            check(&[first, '\u{0378}', second]);
            check(&[c, '\u{0327}']);
        }
    }
}

/// Characters that stress normalization: mapped to sequences, composing in either position,
/// non-starters of many classes, Hangul jamo and syllables, ignored and disallowed ones.
fn interesting_char() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            'a',
            'A',
            'e',
            'o',
            'u',
            'Å',
            'ſ',
            'ß',
            'ς',
            'İ',
            '\u{0300}',
            '\u{0301}',
            '\u{0308}',
            '\u{0323}',
            '\u{0327}',
            '\u{0345}',
            '\u{0344}',
            '\u{05B0}',
            '\u{0654}',
            '\u{094D}',
            '\u{093C}',
            '\u{0B47}',
            '\u{0B3E}',
            '\u{0B57}',
            '\u{0FB2}',
            '\u{0F80}',
            '\u{1100}',
            '\u{1161}',
            '\u{11A8}',
            '\u{AC00}',
            '\u{AC01}',
            '\u{3131}',
            '\u{314F}',
            '\u{00AD}',
            '\u{200C}',
            '\u{200D}',
            '\u{FE0F}',
            '\u{0378}',
            '\u{FFFD}',
            '\u{2126}',
            '\u{212B}',
            '\u{1E9B}',
            '\u{FB2C}',
            '\u{1D15E}',
            '\u{3099}',
            '\u{304B}',
            '\u{FF76}',
            '\u{FF9E}',
            '\u{2474}',
            '\u{33C0}',
            '\u{1F1E6}',
            '\u{0F73}',
            '\u{0F75}',
            '\u{0F81}',
        ]),
        (0x300u32..0x370).prop_map(|c| char::from_u32(c).unwrap()),
        any::<char>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]
    #[test]
    fn strings_normalize_as_icu4x_normalizes_them(
        text in prop::collection::vec(interesting_char(), 0..12)
    ) {
        check(&text);
    }
}
