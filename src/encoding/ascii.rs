//! ASCII fast paths, eight bytes at a time: every decoder spends most of its time in ASCII.

const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// Loads eight bytes as a little-endian word (the chunk always has eight bytes).
fn word(chunk: &[u8]) -> u64 {
    u64::from_le_bytes(chunk.try_into().unwrap_or([0x80; 8]))
}

/// Whether an eight-byte chunk is all ASCII.
pub(crate) fn is_ascii_word(chunk: &[u8]) -> bool {
    word(chunk) & HIGH_BITS == 0
}

/// The length of the run of ASCII bytes at the start of `src`.
pub(crate) fn ascii_prefix_len(src: &[u8]) -> usize {
    let mut chunks = src.chunks_exact(8);
    let mut length = 0;
    for chunk in &mut chunks {
        let high = word(chunk) & HIGH_BITS;
        if high != 0 {
            return length + (high.trailing_zeros() / 8) as usize;
        }
        length += 8;
    }
    let tail = chunks.remainder();
    length + tail.iter().position(|&b| b >= 0x80).unwrap_or(tail.len())
}

/// Copies the ASCII bytes at the start of `src` into `dst` as UTF-16 code units, as many as
/// fit; returns how many.
pub(crate) fn widen_ascii(src: &[u8], dst: &mut [u16]) -> usize {
    let mut copied = 0;
    for (from, to) in src.chunks_exact(8).zip(dst.chunks_exact_mut(8)) {
        if word(from) & HIGH_BITS != 0 {
            break;
        }
        for (to, &from) in to.iter_mut().zip(from) {
            *to = u16::from(from);
        }
        copied += 8;
    }
    let from = src.get(copied..).unwrap_or_default();
    let to = dst.get_mut(copied..).unwrap_or_default();
    for (to, &from) in to.iter_mut().zip(from) {
        if from >= 0x80 {
            break;
        }
        *to = u16::from(from);
        copied += 1;
    }
    copied
}

/// Copies the ASCII bytes at the start of `src` into `dst`, as many as fit; returns how many.
pub(crate) fn copy_ascii(src: &[u8], dst: &mut [u8]) -> usize {
    let limit = src.len().min(dst.len());
    let src = src.get(..limit).unwrap_or_default();
    let length = ascii_prefix_len(src);
    if let (Some(to), Some(from)) = (dst.get_mut(..length), src.get(..length)) {
        to.copy_from_slice(from);
    }
    length
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_stop_at_the_first_non_ascii_byte() {
        for length in 0..40 {
            for position in 0..=length {
                let mut bytes = vec![b'a'; length];
                if let Some(b) = bytes.get_mut(position) {
                    *b = 0x80;
                }
                assert_eq!(ascii_prefix_len(&bytes), position);
                let mut wide = vec![0u16; length];
                assert_eq!(widen_ascii(&bytes, &mut wide), position);
                assert!(wide[..position].iter().all(|&u| u == u16::from(b'a')));
                let mut narrow = vec![0u8; length / 2];
                assert_eq!(copy_ascii(&bytes, &mut narrow), position.min(length / 2));
            }
        }
    }
}
