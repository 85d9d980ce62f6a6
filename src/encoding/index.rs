//! Indexes (§5) of the CJK encodings: unpacked on first use from the compact form
//! `tools/encoding_tables` writes, into arrays for the decoders ("index code point") and
//! reverse maps for the encoders ("index pointer", index Shift_JIS pointer, index Big5
//! pointer).
//!
//! The packed form is a range-coded token per pointer (see `tools/encoding_tables/generate.rs`
//! for the model this mirrors): the tables cost about 56 KB instead of about 190 KB as arrays.

use super::tables::cjk;
use alloc::{boxed::Box, vec, vec::Vec};
use once_cell::race::OnceBox;

/// A packed index: `len` pointers, the range-coded tokens, and the block of code points that
/// "fill" tokens draw from in order.
pub(crate) struct PackedIndex {
    pub(crate) len: u32,
    pub(crate) fill: Option<(u32, u32)>,
    pub(crate) data: &'static [u8],
}

const SEQUENTIAL: u32 = 0;
const NULL: u32 = 1;
const FILL: u32 = 2;

/// LZMA's range decoder with 11-bit probabilities adapting by 1/16. Past the end of the data
/// it reads zeros, so it can never fail.
struct RangeDecoder {
    data: &'static [u8],
    pos: usize,
    range: u32,
    code: u32,
}

impl RangeDecoder {
    fn new(data: &'static [u8]) -> Self {
        let mut decoder = RangeDecoder {
            data,
            pos: 0,
            range: 0xFFFF_FFFF,
            code: 0,
        };
        for _ in 0..5 {
            decoder.code = (decoder.code << 8) | u32::from(decoder.next_byte());
        }
        decoder
    }

    fn next_byte(&mut self) -> u8 {
        let byte = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        byte
    }

    fn normalize(&mut self) {
        if self.range < 1 << 24 {
            self.range <<= 8;
            self.code = (self.code << 8) | u32::from(self.next_byte());
        }
    }

    fn bit(&mut self, prob: &mut u16) -> u32 {
        let bound = (self.range >> 11) * u32::from(*prob);
        let bit = if self.code < bound {
            self.range = bound;
            *prob += (2048 - *prob) >> 4;
            0
        } else {
            self.code -= bound;
            self.range -= bound;
            *prob -= *prob >> 4;
            1
        };
        self.normalize();
        bit
    }

    fn tree(&mut self, probs: &mut [u16], bits: u32) -> u32 {
        let mut node = 1usize;
        for _ in 0..bits {
            let bit = probs.get_mut(node).map_or(0, |prob| self.bit(prob));
            node = (node << 1) | bit as usize;
        }
        (node as u32) - (1 << bits)
    }

    fn direct(&mut self, bits: u32) -> u32 {
        let mut value = 0;
        for _ in 0..bits {
            self.range >>= 1;
            let bit = if self.code >= self.range {
                self.code -= self.range;
                1
            } else {
                0
            };
            value = (value << 1) | bit;
            self.normalize();
        }
        value
    }
}

impl PackedIndex {
    /// The index as an array from pointer to code point (0 where the index has none).
    fn unpack(&self) -> Vec<u32> {
        const PLACEHOLDER: u32 = u32::MAX;
        let mut kind_probs = [[1024u16; 4]; 4];
        let mut sign_prob = 1024u16;
        let mut bucket_probs = [[1024u16; 32]; 2];
        let mut mantissa_probs = [[1024u16; 3]; 22];
        let mut rc = RangeDecoder::new(self.data);
        let mut out = vec![0u32; self.len as usize];
        let mut previous_kind = SEQUENTIAL as usize;
        let mut previous: u32 = 0;
        for slot in out.iter_mut() {
            let kind = rc.tree(&mut kind_probs[previous_kind & 3], 2);
            previous_kind = kind as usize;
            match kind {
                SEQUENTIAL => {
                    previous = previous.wrapping_add(1);
                    *slot = previous;
                }
                NULL => {}
                FILL => *slot = PLACEHOLDER,
                _ => {
                    let sign = rc.bit(&mut sign_prob);
                    let bits = rc.tree(&mut bucket_probs[sign as usize & 1], 5);
                    let mut magnitude = 1u32;
                    if let Some(mantissa) = mantissa_probs.get_mut(bits as usize)
                        && bits >= 2
                    {
                        let first = rc.bit(&mut mantissa[0]);
                        magnitude = (magnitude << 1) | first;
                        if bits >= 3 {
                            let second = mantissa
                                .get_mut(1 + first as usize)
                                .map_or(0, |prob| rc.bit(prob));
                            magnitude = (magnitude << 1) | second;
                            magnitude = (magnitude << (bits - 3)) | rc.direct(bits - 3);
                        }
                    }
                    let base = previous.wrapping_add(1);
                    previous = if sign == 1 {
                        base.wrapping_sub(magnitude)
                    } else {
                        base.wrapping_add(magnitude)
                    };
                    *slot = previous;
                }
            }
        }
        if let Some((low, high)) = self.fill {
            // The fill positions take, in order, the block's code points no other pointer has.
            let mut used = vec![false; (high - low + 1) as usize];
            for &code_point in &out {
                if let Some(flag) = code_point
                    .checked_sub(low)
                    .and_then(|i| used.get_mut(i as usize))
                {
                    *flag = true;
                }
            }
            let mut next =
                (low..=high).filter(|&c| !used.get((c - low) as usize).copied().unwrap_or(true));
            for slot in out.iter_mut().filter(|slot| **slot == PLACEHOLDER) {
                *slot = next.next().unwrap_or(0);
            }
        }
        out
    }
}

fn unpack_bmp(index: &PackedIndex) -> Box<[u16]> {
    index.unpack().into_iter().map(|c| c as u16).collect()
}

/// Index jis0208: pointer → code point (0 for null).
pub(crate) fn jis0208() -> &'static [u16] {
    static TABLE: OnceBox<Box<[u16]>> = OnceBox::new();
    TABLE.get_or_init(|| Box::new(unpack_bmp(&cjk::JIS0208)))
}

/// Index jis0212.
pub(crate) fn jis0212() -> &'static [u16] {
    static TABLE: OnceBox<Box<[u16]>> = OnceBox::new();
    TABLE.get_or_init(|| Box::new(unpack_bmp(&cjk::JIS0212)))
}

/// Index EUC-KR.
pub(crate) fn euc_kr() -> &'static [u16] {
    static TABLE: OnceBox<Box<[u16]>> = OnceBox::new();
    TABLE.get_or_init(|| Box::new(unpack_bmp(&cjk::EUC_KR)))
}

/// Index gb18030.
pub(crate) fn gb18030() -> &'static [u16] {
    static TABLE: OnceBox<Box<[u16]>> = OnceBox::new();
    TABLE.get_or_init(|| Box::new(unpack_bmp(&cjk::GB18030)))
}

/// Index Big5 (it has code points above U+FFFF).
pub(crate) fn big5() -> &'static [u32] {
    static TABLE: OnceBox<Box<[u32]>> = OnceBox::new();
    TABLE.get_or_init(|| Box::new(cjk::BIG5.unpack().into_boxed_slice()))
}

/// The index code point for `pointer` in `index`, `None` for null.
pub(crate) fn code_point<T: Copy + Into<u32>>(index: &[T], pointer: usize) -> Option<u32> {
    index.get(pointer).map(|&c| c.into()).filter(|&c| c != 0)
}

/// An encoder's reverse index: code point → pointer, in 256-entry pages for the BMP (only the
/// pages in use are allocated) and a sorted list above it.
pub(crate) struct Reverse {
    page_of: [u16; 256],
    pages: Vec<[u16; 256]>,
    astral: Vec<(u32, u16)>,
}

const NO_POINTER: u16 = u16::MAX;

impl Reverse {
    /// Builds from the code points `code_point(pointer)` of pointers 0 to `len` − 1 (0 for
    /// none); the first pointer of a code point wins unless `last_wins(code_point)`. One
    /// instance for every index (function pointers, not generic): it runs once per index. Not
    /// `&dyn Fn(usize) -> u32` either: in the wasm, calling one has the signature of core::fmt's
    /// `Display::fmt`, and that kept every formatting method in the function table alive.
    #[inline(never)]
    fn build(len: usize, code_point: fn(usize) -> u32, last_wins: fn(u32) -> bool) -> Reverse {
        let mut reverse = Reverse {
            page_of: [0; 256],
            pages: Vec::new(),
            astral: Vec::new(),
        };
        for pointer in 0..len {
            let code_point = code_point(pointer);
            let Ok(pointer) = u16::try_from(pointer) else {
                continue;
            };
            if code_point == 0 || pointer == NO_POINTER {
                continue;
            }
            let overwrite = last_wins(code_point);
            if code_point > 0xFFFF {
                // Kept sorted as it grows: a sort routine would cost the wasm ~8 KB.
                match reverse
                    .astral
                    .binary_search_by_key(&code_point, |&(c, _)| c)
                {
                    Ok(i) if overwrite => {
                        if let Some(entry) = reverse.astral.get_mut(i) {
                            entry.1 = pointer;
                        }
                    }
                    Ok(_) => {}
                    Err(i) => reverse.astral.insert(i, (code_point, pointer)),
                }
                continue;
            }
            let page = (code_point >> 8) as usize;
            let Some(page_number) = reverse.page_of.get_mut(page) else {
                continue;
            };
            if *page_number == 0 {
                reverse.pages.push([NO_POINTER; 256]);
                *page_number = reverse.pages.len() as u16;
            }
            if let Some(slot) = reverse
                .pages
                .get_mut(usize::from(*page_number) - 1)
                .and_then(|p| p.get_mut((code_point & 0xFF) as usize))
                && (*slot == NO_POINTER || overwrite)
            {
                *slot = pointer;
            }
        }
        reverse
    }

    /// The pointer for `code_point`, if any.
    pub(crate) fn pointer(&self, code_point: u32) -> Option<u16> {
        if code_point > 0xFFFF {
            let i = self
                .astral
                .binary_search_by_key(&code_point, |&(c, _)| c)
                .ok()?;
            return self.astral.get(i).map(|&(_, p)| p);
        }
        let page = *self.page_of.get((code_point >> 8) as usize)?;
        let pointer = *self
            .pages
            .get(usize::from(page).checked_sub(1)?)?
            .get((code_point & 0xFF) as usize)?;
        (pointer != NO_POINTER).then_some(pointer)
    }
}

/// The code point at `pointer` in a BMP index (0 for none).
fn bmp_entry(index: &[u16], pointer: usize) -> u32 {
    index.get(pointer).copied().map_or(0, u32::from)
}

/// Index pointer in index jis0208 (the EUC-JP and ISO-2022-JP encoders).
pub(crate) fn jis0208_pointers() -> &'static Reverse {
    static TABLE: OnceBox<Reverse> = OnceBox::new();
    TABLE.get_or_init(|| {
        Box::new(Reverse::build(
            jis0208().len(),
            |p| bmp_entry(jis0208(), p),
            |_| false,
        ))
    })
}

/// Index Shift_JIS pointer: index jis0208 without pointers 8272 to 8835.
pub(crate) fn shift_jis_pointers() -> &'static Reverse {
    static TABLE: OnceBox<Reverse> = OnceBox::new();
    TABLE.get_or_init(|| {
        let entry = |p| match p {
            8272..=8835 => 0,
            _ => bmp_entry(jis0208(), p),
        };
        Box::new(Reverse::build(jis0208().len(), entry, |_| false))
    })
}

/// Index pointer in index EUC-KR.
pub(crate) fn euc_kr_pointers() -> &'static Reverse {
    static TABLE: OnceBox<Reverse> = OnceBox::new();
    TABLE.get_or_init(|| {
        Box::new(Reverse::build(
            euc_kr().len(),
            |p| bmp_entry(euc_kr(), p),
            |_| false,
        ))
    })
}

/// Index pointer in index gb18030.
pub(crate) fn gb18030_pointers() -> &'static Reverse {
    static TABLE: OnceBox<Reverse> = OnceBox::new();
    TABLE.get_or_init(|| {
        Box::new(Reverse::build(
            gb18030().len(),
            |p| bmp_entry(gb18030(), p),
            |_| false,
        ))
    })
}

/// Index Big5 pointer: pointers from (0xA1 − 0x81) × 157 on; the last pointer for U+2550,
/// U+255E, U+2561, U+256A, U+5341 and U+5345, the first for the rest.
pub(crate) fn big5_pointers() -> &'static Reverse {
    static TABLE: OnceBox<Reverse> = OnceBox::new();
    TABLE.get_or_init(|| {
        let entry = |p| match big5().get(p) {
            Some(&c) if p >= (0xA1 - 0x81) * 157 => c,
            _ => 0,
        };
        Box::new(Reverse::build(big5().len(), entry, |c| {
            matches!(c, 0x2550 | 0x255E | 0x2561 | 0x256A | 0x5341 | 0x5345)
        }))
    })
}

/// The index gb18030 ranges code point for `pointer` (§5).
pub(crate) fn gb18030_ranges_code_point(pointer: u32) -> Option<u32> {
    // 1. Pointers above 39419 and below 189000, or above 1237575: null.
    if (pointer > 39419 && pointer < 189000) || pointer > 1237575 {
        return None;
    }
    // 2. Pointer 7457: U+E7C7.
    if pointer == 7457 {
        return Some(0xE7C7);
    }
    // 3.-4. The last range at or below pointer, offset by the distance.
    let ranges = &cjk::GB18030_RANGES;
    let i = ranges
        .partition_point(|&(p, _)| p <= pointer)
        .checked_sub(1)?;
    let &(offset, code_point_offset) = ranges.get(i)?;
    Some(code_point_offset + pointer - offset)
}

/// The index gb18030 ranges pointer for `code_point` (§5).
pub(crate) fn gb18030_ranges_pointer(code_point: u32) -> u32 {
    // 1. U+E7C7: pointer 7457.
    if code_point == 0xE7C7 {
        return 7457;
    }
    // 2.-3. The last range at or below the code point, offset by the distance.
    let ranges = &cjk::GB18030_RANGES;
    let i = ranges
        .partition_point(|&(_, c)| c <= code_point)
        .saturating_sub(1);
    let (pointer_offset, offset) = ranges.get(i).copied().unwrap_or((0, 0x80));
    pointer_offset + code_point.saturating_sub(offset)
}

/// Index ISO-2022-JP katakana: the code point for `pointer`.
pub(crate) fn iso_2022_jp_katakana(pointer: u32) -> Option<u32> {
    cjk::ISO_2022_JP_KATAKANA
        .get(pointer as usize)
        .map(|&c| u32::from(c))
}
