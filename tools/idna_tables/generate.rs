//! Generates `src/url/idna_adapter/tables/` from ICU4X's compiled data: the UTS #46 mapping
//! (with each valid character's canonical combining class or decomposition), the canonical
//! composition pairs NFC can need, and the four properties the `idna` crate checks (Virama,
//! General_Category marks, Bidi_Class, Joining_Type). Shared by the `idna_tables` example and
//! `tests/idna_tables.rs`.
//!
//! Every table is a run table (see `src/url/idna_adapter/run_table.rs`): the code points
//! 0..=U+10FFFF cut into runs of one value, each written as two LEB128 varints (run length,
//! value), a value of kind (low three bits) 4 or 5 followed by its varint payload; and
//! every `CHECKPOINT_EVERY`th run's first code point and byte offset, for a binary search.

use icu_normalizer::properties::{
    CanonicalCombiningClassMapBorrowed, CanonicalCompositionBorrowed,
    CanonicalDecompositionBorrowed, Decomposed,
};
use icu_normalizer::uts46::Uts46MapperBorrowed;
use icu_properties::CodePointMapData;
use icu_properties::props::{BidiClass, GeneralCategory, JoiningType};
use std::fmt::Write;

/// Runs between two checkpoints: a lookup decodes at most this many runs.
pub const CHECKPOINT_EVERY: usize = 16;

// Value kinds (low three bits), as src/url/idna_adapter/ reads them; 4 and 5 carry a payload.
const VALID: u32 = 0;
const DISALLOWED: u32 = 1;
const IGNORED: u32 = 2;
const DELTA: u32 = 3;
const SEQUENCE: u32 = 4;
const DECOMPOSED: u32 = 5;
const CONSTANT: u32 = 6;

pub struct File {
    pub name: &'static str,
    pub contents: String,
}

/// One value of a run table: a number, or a kind with its payload.
#[derive(Clone, PartialEq)]
enum Value {
    Plain(u32),
    Payload(u32, Vec<u32>),
}

fn chars() -> impl Iterator<Item = (u32, Option<char>)> {
    (0..=0x10FFFFu32).map(|c| (c, char::from_u32(c)))
}

fn is_hangul_syllable(c: char) -> bool {
    ('\u{AC00}'..='\u{D7A3}').contains(&c)
}

/// Per code point: None for a surrogate, else `uts46`.
type Mapping = Option<Option<Vec<char>>>;

/// What UTS #46 does with one code point (nontransitional, STD3 rules off): None when it is
/// ignored, else the NFC of its mapping (U+FFFD when it is disallowed).
fn uts46(c: char) -> Option<Vec<char>> {
    let mapper = Uts46MapperBorrowed::new();
    let mapped: Vec<char> = mapper.map_normalize(core::iter::once(c)).collect();
    let validated: Vec<char> = mapper.normalize_validate(core::iter::once(c)).collect();
    if mapped.is_empty() {
        assert_eq!(
            validated,
            ['\u{FFFD}'],
            "{c:?}: ignored, so an error when validating"
        );
        return None;
    }
    assert_eq!(
        mapped, validated,
        "{c:?}: the two operations differ only for ignored"
    );
    Some(mapped)
}

/// The canonical decomposition of a primary composite (one level; Hangul is algorithmic).
fn primary_composite(c: char) -> Option<(char, char)> {
    if is_hangul_syllable(c) {
        return None;
    }
    match CanonicalDecompositionBorrowed::new().decompose(c) {
        Decomposed::Expansion(first, second)
            if CanonicalCompositionBorrowed::new().compose(first, second) == Some(c) =>
        {
            Some((first, second))
        }
        _ => None,
    }
}

/// The UTS #46 mapping of every code point, NFC (the adapter decomposes each character of a
/// mapping by looking it up again: valid primary composites carry their decomposition, other
/// valid characters their `combining` value). Consecutive code points mapped to one character
/// share a `CONSTANT` run.
fn mapping_values(mappings: &[Mapping], combining: &[u32]) -> Vec<Value> {
    let single = |c: u32| match mappings.get(c as usize) {
        Some(Some(Some(m))) if m.len() == 1 && u32::from(m[0]) != c => Some(m[0]),
        _ => None,
    };
    let values: Vec<Value> = chars()
        .map(|(code, c)| match (c, &mappings[code as usize]) {
            (None, _) => Value::Plain(DISALLOWED),
            (Some(_), None) => unreachable!(),
            (Some(_), Some(None)) => Value::Plain(IGNORED),
            (Some(c), Some(Some(m))) if m[..] == [c] => match primary_composite(c) {
                Some((first, second)) => {
                    assert_eq!(
                        combining[code as usize], 0,
                        "{c:?}: a composite is a starter"
                    );
                    Value::Payload(DECOMPOSED, vec![u32::from(first), u32::from(second)])
                }
                None => Value::Plain(VALID | combining[code as usize] << 3),
            },
            (Some(_), Some(Some(m))) if m[..] == ['\u{FFFD}'] => Value::Plain(DISALLOWED),
            (Some(_), Some(Some(m))) if m.len() == 1 => {
                let target = m[0];
                if single(code.wrapping_sub(1)) == Some(target) || single(code + 1) == Some(target)
                {
                    Value::Plain(CONSTANT | u32::from(target) << 3)
                } else {
                    Value::Plain(
                        DELTA | zigzag(i64::from(u32::from(target)) - i64::from(code)) << 3,
                    )
                }
            }
            (Some(_), Some(Some(m))) => {
                Value::Payload(SEQUENCE, m.iter().copied().map(u32::from).collect())
            }
        })
        .collect();
    // Every character a mapping or decomposition yields is valid, so that looking it up
    // again gives its own decomposition.
    for value in &values {
        if let Value::Payload(_, chars) = value {
            for &x in chars {
                assert!(
                    matches!(
                        &values[x as usize],
                        Value::Plain(v) if v & 7 == VALID
                    ) || matches!(&values[x as usize], Value::Payload(DECOMPOSED, _)),
                    "U+{x:04X} is yielded but not valid"
                );
            }
        }
    }
    // A sequence's characters after the first as zigzag offsets from the one before.
    values
        .into_iter()
        .map(|value| match value {
            Value::Payload(SEQUENCE, chars) => {
                let offsets = chars
                    .windows(2)
                    .map(|w| zigzag(i64::from(w[1]) - i64::from(w[0])));
                Value::Payload(
                    SEQUENCE,
                    chars[..1].iter().copied().chain(offsets).collect(),
                )
            }
            value => value,
        })
        .collect()
}

fn zigzag(n: i64) -> u32 {
    let z = (n << 1) ^ (n >> 63);
    u32::try_from(z).expect("delta fits")
}

/// Canonical composition pairs by their first character: the payload lists (index of the
/// second in `seconds`, composite as a zigzag offset from the previous one, the first
/// character for the first) for each composite in code point order.
fn composition_value(c: u32, by_first: &[Vec<(u32, u32)>], seconds: &[u32]) -> Value {
    let pairs = &by_first[c as usize];
    if pairs.is_empty() {
        return Value::Plain(0);
    }
    let mut payload = Vec::new();
    let mut previous = c;
    for &(second, composite) in pairs {
        payload.push(seconds.binary_search(&second).expect("a second") as u32);
        payload.push(zigzag(i64::from(composite) - i64::from(previous)));
        previous = composite;
    }
    Value::Payload(SEQUENCE, payload)
}

/// The primary composites (Hangul is algorithmic) NFC can form from what the mapping yields:
/// only valid characters, and the composites formed from them. (second, composite) pairs by
/// first character, in composite order.
fn composition_pairs(mappings: &[Mapping]) -> Vec<Vec<(u32, u32)>> {
    let mut pairs = Vec::new();
    let mut possible = vec![false; 0x110000];
    for (c, mapping) in chars().zip(mappings) {
        if let (Some(c), Some(Some(m))) = (c.1, mapping) {
            possible[c as usize] = m[..] == [c];
            if let Some((first, second)) = primary_composite(c) {
                pairs.push((u32::from(first), u32::from(second), u32::from(c)));
            }
        }
    }
    loop {
        let mut grew = false;
        for &(first, second, composite) in &pairs {
            if possible[first as usize]
                && possible[second as usize]
                && !possible[composite as usize]
            {
                possible[composite as usize] = true;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    let mut by_first = vec![Vec::new(); 0x110000];
    for (first, second, composite) in pairs {
        if possible[first as usize] && possible[second as usize] {
            assert!(
                mappings[composite as usize]
                    == Some(Some(vec![char::from_u32(composite).unwrap()])),
                "U+{composite:04X}: composed from valid characters, so valid"
            );
            by_first[first as usize].push((second, composite));
        }
    }
    by_first
}

/// Runs of equal values, then the varint stream and its checkpoints.
fn run_table(name: &str, doc: &str, values: impl Iterator<Item = Value>) -> String {
    let mut sequences = false;
    let mut runs: Vec<(u32, Value)> = Vec::new();
    for value in values {
        match runs.last_mut() {
            Some((length, last)) if *last == value && !matches!(value, Value::Payload(..)) => {
                *length += 1
            }
            _ => runs.push((1, value)),
        }
    }
    let mut bytes = Vec::new();
    let mut checkpoints = Vec::new();
    let mut start = 0u32;
    for (i, (length, value)) in runs.iter().enumerate() {
        if i % CHECKPOINT_EVERY == 0 {
            checkpoints.push((start, u16::try_from(bytes.len()).expect("offsets fit u16")));
        }
        varint(&mut bytes, *length);
        match value {
            Value::Plain(v) => varint(&mut bytes, *v),
            Value::Payload(kind, payload) => {
                sequences = true;
                varint(&mut bytes, kind | (payload.len() as u32) << 3);
                for &p in payload {
                    varint(&mut bytes, p);
                }
            }
        }
        start += length;
    }
    assert_eq!(start, 0x110000);
    let mut out = String::new();
    writeln!(out, "/// {doc}").unwrap();
    writeln!(out, "pub static {name}: RunTable = RunTable {{").unwrap();
    writeln!(out, "    sequences: {sequences},").unwrap();
    writeln!(out, "    starts: &[").unwrap();
    for chunk in checkpoints.chunks(10) {
        let line: Vec<String> = chunk.iter().map(|(c, _)| format!("0x{c:X}")).collect();
        writeln!(out, "        {},", line.join(", ")).unwrap();
    }
    writeln!(out, "    ],").unwrap();
    writeln!(out, "    offsets: &[").unwrap();
    for chunk in checkpoints.chunks(12) {
        let line: Vec<String> = chunk.iter().map(|(_, o)| o.to_string()).collect();
        writeln!(out, "        {},", line.join(", ")).unwrap();
    }
    writeln!(out, "    ],").unwrap();
    writeln!(out, "    bytes: &[").unwrap();
    for chunk in bytes.chunks(20) {
        let line: Vec<String> = chunk.iter().map(|b| b.to_string()).collect();
        writeln!(out, "        {},", line.join(", ")).unwrap();
    }
    writeln!(out, "    ],").unwrap();
    writeln!(out, "}};").unwrap();
    if std::env::var_os("IDNA_TABLES_STATS").is_some() {
        eprintln!("{name}: {} runs, {} bytes", runs.len(), bytes.len());
    }
    out
}

fn varint(out: &mut Vec<u8>, mut n: u32) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

const HEADER: &str = "// Generated by `cargo run --example idna_tables` from ICU4X's compiled data; do not edit.\n\
// tests/idna_tables.rs checks that this file is a fresh generation.\n\n\
use crate::run_table::RunTable;\n\n";

/// Canonical_Combining_Class << 1, | 1 for the characters that are the second of a primary
/// composite (the only ones the adapter tries to compose with the starter before them).
fn combining_values(by_first: &[Vec<(u32, u32)>]) -> Vec<u32> {
    let ccc = CanonicalCombiningClassMapBorrowed::new();
    let mut values: Vec<u32> = chars()
        .map(|(c, _)| u32::from(ccc.get32_u8(c)) << 1)
        .collect();
    for &(second, _) in by_first.iter().flatten() {
        values[second as usize] |= 1;
    }
    // Hangul's vowels and trailing consonants (Unicode §3.12).
    for c in (0x1161..=0x1175).chain(0x11A8..=0x11C2) {
        values[c] |= 1;
    }
    values
}

pub fn generate() -> Vec<File> {
    let mappings: Vec<Mapping> = chars().map(|(_, c)| c.map(uts46)).collect();
    let by_first = composition_pairs(&mappings);
    let mut seconds: Vec<u32> = by_first
        .iter()
        .flatten()
        .map(|&(second, _)| second)
        .collect();
    seconds.sort();
    seconds.dedup();
    let combining = combining_values(&by_first);
    let mut normalization = String::from(HEADER);
    normalization += &run_table(
        "MAPPING",
        "UTS #46 mapping (NFC) and valid characters' decompositions or combining values: kind in the low three bits.",
        mapping_values(&mappings, &combining).into_iter(),
    );
    normalization.push('\n');
    normalization += &run_table(
        "COMPOSITION",
        "Canonical composition pairs by first character: (index in SECONDS, composite offset).",
        chars().map(|(c, _)| composition_value(c, &by_first, &seconds)),
    );
    normalization.push('\n');
    writeln!(normalization, "/// The second characters of compositions.").unwrap();
    writeln!(
        normalization,
        "pub static SECONDS: [u32; {}] = [",
        seconds.len()
    )
    .unwrap();
    for chunk in seconds.chunks(10) {
        let line: Vec<String> = chunk.iter().map(|c| format!("0x{c:X}")).collect();
        writeln!(normalization, "    {},", line.join(", ")).unwrap();
    }
    writeln!(normalization, "];").unwrap();

    let mut properties = String::from(HEADER);
    let gc = CodePointMapData::<GeneralCategory>::new();
    let bidi = CodePointMapData::<BidiClass>::new();
    let jt = CodePointMapData::<JoiningType>::new();
    properties += &run_table(
        "IS_VIRAMA",
        "Canonical_Combining_Class is Virama: 1, else 0.",
        chars().map(|(c, _)| Value::Plain(u32::from(combining[c as usize] >> 1 == 9))),
    );
    properties.push('\n');
    properties += &run_table(
        "IS_MARK",
        "General_Category is Mark (Mn, Mc or Me): 1, else 0.",
        chars().map(|(c, _)| {
            let is_mark = matches!(
                gc.get32(c),
                GeneralCategory::NonspacingMark
                    | GeneralCategory::SpacingMark
                    | GeneralCategory::EnclosingMark
            );
            Value::Plain(u32::from(is_mark))
        }),
    );
    properties.push('\n');
    properties += &run_table(
        "BIDI_CLASS",
        "Bidi_Class (ICU4C numbering).",
        chars().map(|(c, _)| Value::Plain(u32::from(bidi.get32(c).to_icu4c_value()))),
    );
    properties.push('\n');
    properties += &run_table(
        "JOINING_TYPE",
        "Joining_Type (ICU4C numbering).",
        chars().map(|(c, _)| Value::Plain(u32::from(jt.get32(c).to_icu4c_value()))),
    );
    vec![
        File {
            name: "normalization.rs",
            contents: normalization,
        },
        File {
            name: "properties.rs",
            contents: properties,
        },
    ]
}
