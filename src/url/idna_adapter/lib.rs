//! webweft's Unicode back end for the `idna` crate, in place of ICU4X's (the root Cargo.toml
//! patches crates.io's `idna_adapter` with this crate): the same API, answered from compact
//! run tables that tools/idna_tables generates from ICU4X's data (tests/idna_tables.rs checks
//! them against ICU4X for every code point). Only non-ASCII and `xn--` domains come here, so
//! the tables are built for size, not lookup speed.

#![no_std]

extern crate alloc;

// Generated (tools/idna_tables), so rustfmt leaves them as generated.
#[path = "tables/normalization.rs"]
#[rustfmt::skip]
mod normalization;
#[path = "tables/properties.rs"]
#[rustfmt::skip]
mod properties;
mod run_table;

use alloc::vec::Vec;
use normalization::{COMPOSITION, MAPPING, SECONDS};
use properties::{BIDI_CLASS, IS_MARK, IS_VIRAMA, JOINING_TYPE};

// MAPPING's value kinds (low three bits; the rest is the payload or its length).
/// Valid; the payload is its combining value: Canonical_Combining_Class << 1, | 1 if it can be
/// the second character of a composition.
const VALID: u32 = 0;
// 1: disallowed.
const IGNORED: u32 = 2;
/// Mapped to one character, at a (zigzag) offset.
const DELTA: u32 = 3;
/// Mapped to the payload's characters (the first, then offsets).
const SEQUENCE: u32 = 4;
/// Valid, a primary composite: its canonical decomposition is the payload's two characters.
const DECOMPOSED: u32 = 5;
/// Mapped to one character, the same for the whole run.
const CONSTANT: u32 = 6;

// Joining_Type and Bidi_Class values as the tables number them (ICU4C's numbering).
const JT_DUAL_JOINING: u32 = 2;
const JT_LEFT_JOINING: u32 = 3;
const JT_RIGHT_JOINING: u32 = 4;
const JT_TRANSPARENT: u32 = 5;
const BC_LEFT_TO_RIGHT: u32 = 0;
const BC_RIGHT_TO_LEFT: u32 = 1;
const BC_EUROPEAN_NUMBER: u32 = 2;
const BC_EUROPEAN_SEPARATOR: u32 = 3;
const BC_EUROPEAN_TERMINATOR: u32 = 4;
const BC_ARABIC_NUMBER: u32 = 5;
const BC_COMMON_SEPARATOR: u32 = 6;
const BC_OTHER_NEUTRAL: u32 = 10;
const BC_ARABIC_LETTER: u32 = 13;
const BC_NONSPACING_MARK: u32 = 17;
const BC_BOUNDARY_NEUTRAL: u32 = 18;

const fn mask(values: &[u32]) -> u32 {
    let mut mask = 0;
    let mut i = 0;
    while i < values.len() {
        mask |= 1 << values[i];
        i += 1;
    }
    mask
}

/// Left_Joining or Dual_Joining.
pub const LEFT_OR_DUAL_JOINING_MASK: JoiningTypeMask =
    JoiningTypeMask(mask(&[JT_LEFT_JOINING, JT_DUAL_JOINING]));

/// Right_Joining or Dual_Joining.
pub const RIGHT_OR_DUAL_JOINING_MASK: JoiningTypeMask =
    JoiningTypeMask(mask(&[JT_RIGHT_JOINING, JT_DUAL_JOINING]));

/// The classes that make a domain a bidi domain (RFC 5893 §1.4): R, AL, AN.
pub const RTL_MASK: BidiClassMask = BidiClassMask(mask(&[
    BC_RIGHT_TO_LEFT,
    BC_ARABIC_LETTER,
    BC_ARABIC_NUMBER,
]));

/// RFC 5893 §2 rule 1: a label's first character is L, R or AL.
pub const FIRST_BC_MASK: BidiClassMask = BidiClassMask(mask(&[
    BC_LEFT_TO_RIGHT,
    BC_RIGHT_TO_LEFT,
    BC_ARABIC_LETTER,
]));

/// Rule 6: an LTR label ends (before trailing NSMs) in L or EN.
pub const LAST_LTR_MASK: BidiClassMask =
    BidiClassMask(mask(&[BC_LEFT_TO_RIGHT, BC_EUROPEAN_NUMBER]));

/// Rule 3: an RTL label ends (before trailing NSMs) in R, AL, EN or AN.
pub const LAST_RTL_MASK: BidiClassMask = BidiClassMask(mask(&[
    BC_RIGHT_TO_LEFT,
    BC_ARABIC_LETTER,
    BC_EUROPEAN_NUMBER,
    BC_ARABIC_NUMBER,
]));

/// Rule 5: an LTR label holds only L, EN, ES, CS, ET, ON, BN and NSM.
pub const MIDDLE_LTR_MASK: BidiClassMask = BidiClassMask(mask(&[
    BC_LEFT_TO_RIGHT,
    BC_EUROPEAN_NUMBER,
    BC_EUROPEAN_SEPARATOR,
    BC_COMMON_SEPARATOR,
    BC_EUROPEAN_TERMINATOR,
    BC_OTHER_NEUTRAL,
    BC_BOUNDARY_NEUTRAL,
    BC_NONSPACING_MARK,
]));

/// Rule 2: an RTL label holds only R, AL, AN, EN, ES, CS, ET, ON, BN and NSM.
pub const MIDDLE_RTL_MASK: BidiClassMask = BidiClassMask(mask(&[
    BC_RIGHT_TO_LEFT,
    BC_ARABIC_LETTER,
    BC_ARABIC_NUMBER,
    BC_EUROPEAN_NUMBER,
    BC_EUROPEAN_SEPARATOR,
    BC_COMMON_SEPARATOR,
    BC_EUROPEAN_TERMINATOR,
    BC_OTHER_NEUTRAL,
    BC_BOUNDARY_NEUTRAL,
    BC_NONSPACING_MARK,
]));

/// A Joining_Type value.
#[derive(Clone, Copy)]
pub struct JoiningType(u32);

impl JoiningType {
    pub fn to_mask(self) -> JoiningTypeMask {
        JoiningTypeMask(1 << self.0)
    }

    pub fn is_transparent(self) -> bool {
        self.0 == JT_TRANSPARENT
    }
}

/// A set of Joining_Type values.
#[derive(Clone, Copy)]
pub struct JoiningTypeMask(u32);

impl JoiningTypeMask {
    pub fn intersects(self, other: JoiningTypeMask) -> bool {
        self.0 & other.0 != 0
    }
}

/// A Bidi_Class value.
#[derive(Clone, Copy)]
pub struct BidiClass(u32);

impl BidiClass {
    pub fn to_mask(self) -> BidiClassMask {
        BidiClassMask(1 << self.0)
    }

    pub fn is_ltr(self) -> bool {
        self.0 == BC_LEFT_TO_RIGHT
    }

    pub fn is_nonspacing_mark(self) -> bool {
        self.0 == BC_NONSPACING_MARK
    }

    pub fn is_european_number(self) -> bool {
        self.0 == BC_EUROPEAN_NUMBER
    }

    pub fn is_arabic_number(self) -> bool {
        self.0 == BC_ARABIC_NUMBER
    }
}

/// A set of Bidi_Class values.
#[derive(Clone, Copy)]
pub struct BidiClassMask(u32);

impl BidiClassMask {
    pub fn intersects(self, other: BidiClassMask) -> bool {
        self.0 & other.0 != 0
    }
}

/// What the `idna` crate asks of its Unicode back end.
#[derive(Default)]
pub struct Adapter;

impl Adapter {
    pub const fn new() -> Self {
        Adapter
    }

    /// Canonical_Combining_Class is Virama.
    pub fn is_virama(&self, c: char) -> bool {
        IS_VIRAMA.get(u32::from(c)).0 != 0
    }

    /// General_Category is Mark (Mn, Mc or Me).
    pub fn is_mark(&self, c: char) -> bool {
        IS_MARK.get(u32::from(c)).0 != 0
    }

    pub fn bidi_class(&self, c: char) -> BidiClass {
        BidiClass(BIDI_CLASS.get(u32::from(c)).0)
    }

    pub fn joining_type(&self, c: char) -> JoiningType {
        JoiningType(JOINING_TYPE.get(u32::from(c)).0)
    }

    /// UTS #46 Processing steps 1 (Map: ignored characters removed, mapped ones mapped,
    /// disallowed ones replaced by U+FFFD; deviations and the STD3 statuses are valid, as
    /// nontransitional processing with UseSTD3ASCIIRules=false has them) and 2 (Normalize: NFC).
    pub fn map_normalize<'delegate, I: Iterator<Item = char> + 'delegate>(
        &'delegate self,
        iter: I,
    ) -> impl Iterator<Item = char> + 'delegate {
        normalize(iter, false)
    }

    /// The same, but an ignored character becomes U+FFFD: for the Validity Criteria's
    /// "is in NFC" and status checks of a Punycode-decoded label (the caller compares the
    /// result with its input).
    pub fn normalize_validate<'delegate, I: Iterator<Item = char> + 'delegate>(
        &'delegate self,
        iter: I,
    ) -> impl Iterator<Item = char> + 'delegate {
        normalize(iter, true)
    }
}

/// Maps and decomposes every character, then puts each run of non-starters in canonical
/// order and composes canonically (Unicode §3.11). Eager: a domain is short.
fn normalize(
    iter: impl Iterator<Item = char>,
    ignored_is_error: bool,
) -> impl Iterator<Item = char> {
    let mut text: Vec<(char, u32)> = Vec::new();
    for c in iter {
        if c.is_ascii() {
            // ASCII is valid but for upper case letters (STD3 rules are the caller's).
            text.push((c.to_ascii_lowercase(), 0));
            continue;
        }
        let (value, mut payload) = MAPPING.get(u32::from(c));
        match value & 7 {
            VALID => text.push((c, value >> 3)),
            IGNORED if !ignored_is_error => {}
            DELTA => decompose(
                &mut text,
                from_u32(u32::from(c).wrapping_add(unzigzag(value >> 3))),
            ),
            SEQUENCE => {
                // The first character, then each as an offset from the one before.
                let mut m = payload.varint();
                decompose(&mut text, from_u32(m));
                for _ in 1..value >> 3 {
                    m = m.wrapping_add(unzigzag(payload.varint()));
                    decompose(&mut text, from_u32(m));
                }
            }
            DECOMPOSED => decompose_pair(&mut text, payload.varint(), payload.varint()),
            CONSTANT => decompose(&mut text, from_u32(value >> 3)),
            // Disallowed, or ignored where that is an error.
            _ => text.push(('\u{FFFD}', 0)),
        }
    }
    canonical_order(&mut text);
    compose(&mut text);
    text.into_iter().map(|(c, _)| c)
}

/// Appends the full canonical decomposition of a valid character with its combining values
/// (what a mapping yields is valid; Hangul syllables stay whole, see `compose_pair`).
fn decompose(text: &mut Vec<(char, u32)>, c: char) {
    let (value, mut payload) = MAPPING.get(u32::from(c));
    match value & 7 {
        VALID => text.push((c, value >> 3)),
        DECOMPOSED => decompose_pair(text, payload.varint(), payload.varint()),
        _ => text.push(('\u{FFFD}', 0)),
    }
}

/// A primary composite's decomposition: its first character may decompose further.
fn decompose_pair(text: &mut Vec<(char, u32)>, first: u32, second: u32) {
    decompose(text, from_u32(first));
    decompose(text, from_u32(second));
}

fn from_u32(c: u32) -> char {
    char::from_u32(c).unwrap_or('\u{FFFD}')
}

fn unzigzag(n: u32) -> u32 {
    (n >> 1) ^ (n & 1).wrapping_neg()
}

/// Canonical Ordering Algorithm: a stable sort of each run of non-starters by class
/// (insertion sort: runs are a few marks long).
fn canonical_order(text: &mut [(char, u32)]) {
    for i in 1..text.len() {
        let mut j = i;
        let class = text[j].1 >> 1;
        while j > 0 && class != 0 && text[j - 1].1 >> 1 > class {
            text.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Canonical Composition Algorithm: each character that is not blocked from the last
/// starter and forms a primary composite with it is merged into it.
fn compose(text: &mut Vec<(char, u32)>) {
    let mut starter: Option<usize> = None;
    // Class of the last character kept after the starter; None right after it.
    let mut last_class: Option<u32> = None;
    let mut kept = 0;
    for i in 0..text.len() {
        let (c, combining) = text[i];
        let class = combining >> 1;
        if let (Some(s), true) = (starter, combining & 1 != 0) {
            let blocked = last_class.is_some_and(|last| last == 0 || last >= class);
            if !blocked {
                if let Some(composite) = compose_pair(text[s].0, c) {
                    text[s] = (composite, 0);
                    continue;
                }
            }
        }
        if class == 0 {
            starter = Some(kept);
            last_class = None;
        } else {
            last_class = Some(class);
        }
        text[kept] = (c, combining);
        kept += 1;
    }
    text.truncate(kept);
}

const S_BASE: u32 = 0xAC00;
const L_BASE: u32 = 0x1100;
const V_BASE: u32 = 0x1161;
const T_BASE: u32 = 0x11A7;
const L_COUNT: u32 = 19;
const V_COUNT: u32 = 21;
const T_COUNT: u32 = 28;
const S_COUNT: u32 = 11172;

/// The primary composite of `first` and `second`: Hangul by arithmetic (Unicode §3.12),
/// the rest from the composition table.
fn compose_pair(first: char, second: char) -> Option<char> {
    let (first, second) = (u32::from(first), u32::from(second));
    let (l, v) = (first.wrapping_sub(L_BASE), second.wrapping_sub(V_BASE));
    if l < L_COUNT && v < V_COUNT {
        return char::from_u32(S_BASE + (l * V_COUNT + v) * T_COUNT);
    }
    let (s, t) = (first.wrapping_sub(S_BASE), second.wrapping_sub(T_BASE));
    if s < S_COUNT && s % T_COUNT == 0 && t.wrapping_sub(1) < T_COUNT - 1 {
        return char::from_u32(first + t);
    }
    let (value, mut pairs) = COMPOSITION.get(first);
    if !run_table::has_payload(value) {
        return None;
    }
    let mut composite = first;
    for _ in 0..value >> 4 {
        let candidate = SECONDS.get(pairs.varint() as usize).copied();
        composite = composite.wrapping_add(unzigzag(pairs.varint()));
        if candidate == Some(second) {
            return char::from_u32(composite);
        }
    }
    None
}
