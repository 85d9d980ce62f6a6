//! HTML §13.2.3.2 "Determining the character encoding": the encoding sniffing algorithm, the
//! prescan of a byte stream (with its "get an attribute" and "get an XML encoding"), and the
//! confidence of the result.

use crate::encoding::{Encoding, bom_sniff};
use crate::html::fetching::extract_character_encoding_from_meta_element;
use crate::infra::strings::isomorphic_decode;
use alloc::vec::Vec;

/// The number of bytes the standard encourages user agents to prescan (§13.2.3.2 step 5).
pub const DEFAULT_MAX_PRESCAN_BYTES: usize = 1024;

/// The confidence with which the encoding was determined (§13.2.3.1). The standard's third
/// value, *irrelevant*, belongs to input streams with a known definite encoding, which never
/// reach the sniffing algorithm.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Confidence {
    /// The encoding may change while parsing (a later `meta` can override it).
    Tentative,
    /// The encoding is final.
    Certain,
}

/// What the encoding sniffing algorithm needs besides the bytes.
#[derive(Clone, Copy, Debug)]
pub struct SniffingInputs<'a> {
    /// The label of the encoding the transport layer specifies (the `charset` parameter of the
    /// `Content-Type`), if any.
    pub transport_layer_encoding_label: Option<&'a str>,
    /// The end condition of the prescan: how many bytes it may look at (the standard encourages
    /// 1024). At 0 the prescan aborts at once, and get an XML encoding still reads the bytes.
    pub max_prescan_bytes: usize,
    /// The implementation-defined or user-specified default encoding (step 9).
    pub default_encoding: Encoding,
}

impl Default for SniffingInputs<'_> {
    /// No transport-layer label, the first 1024 bytes prescanned, windows-1252 as the default
    /// (the suggested default for locales without another entry in the standard's table).
    fn default() -> Self {
        SniffingInputs {
            transport_layer_encoding_label: None,
            max_prescan_bytes: DEFAULT_MAX_PRESCAN_BYTES,
            default_encoding: Encoding::Windows1252,
        }
    }
}

/// The encoding sniffing algorithm (§13.2.3.2) on the bytes known so far, without the steps
/// that need a browsing context (the user's override, the parent document's encoding, past
/// visits) or guesswork (frequency analysis).
pub fn encoding_sniffing_algorithm(
    bytes: &[u8],
    inputs: &SniffingInputs<'_>,
) -> (Encoding, Confidence) {
    // 9. Otherwise, return the default encoding with confidence tentative.
    encoding_sniffing_algorithm_before_default(bytes, inputs)
        .unwrap_or((inputs.default_encoding, Confidence::Tentative))
}

/// The encoding sniffing algorithm's steps 1–8: `None` where it comes to step 9's default
/// encoding (for callers that keep the default in another form, such as a label).
pub fn encoding_sniffing_algorithm_before_default(
    bytes: &[u8],
    inputs: &SniffingInputs<'_>,
) -> Option<(Encoding, Confidence)> {
    // 1. If the result of BOM sniffing is an encoding, return it with confidence certain.
    if let Some(encoding) = bom_sniff(bytes) {
        return Some((encoding, Confidence::Certain));
    }
    // 4. If the transport layer specifies a supported encoding, return it with certain.
    if let Some(encoding) = inputs
        .transport_layer_encoding_label
        .and_then(Encoding::for_label)
    {
        return Some((encoding, Confidence::Certain));
    }
    // 5. Prescan the byte stream, with the end condition after max_prescan_bytes; an encoding
    //    found is returned with confidence tentative.
    prescan_a_byte_stream_to_determine_its_encoding(bytes, inputs.max_prescan_bytes)
        .map(|encoding| (encoding, Confidence::Tentative))
}

/// html-encoding-sniffer's XML mode, which follows WebKit's sniffing of XML documents until the
/// HTML Standard defines one (whatwg/html#12968): a byte order mark, then the transport-layer
/// label, then, once 8 bytes are known, the UTF-16 '<?x' signatures or the XML declaration
/// (get an XML encoding). `None` leaves the caller's default (UTF-8 for XML).
pub fn xml_encoding_sniffing(
    bytes: &[u8],
    transport_layer_encoding_label: Option<&str>,
) -> Option<Encoding> {
    // RFC 7303 §3.2 gives a byte order mark precedence over the transport layer.
    bom_sniff(bytes)
        .or_else(|| transport_layer_encoding_label.and_then(Encoding::for_label))
        .or_else(|| match bytes {
            [_, _, _, _, _, _, _, _, ..] if bytes.starts_with(b"<\0?\0x\0") => {
                Some(Encoding::Utf16Le)
            }
            [_, _, _, _, _, _, _, _, ..] if bytes.starts_with(b"\0<\0?\0x") => {
                Some(Encoding::Utf16Be)
            }
            [_, _, _, _, _, _, _, _, ..] => get_an_xml_encoding(bytes),
            _ => None,
        })
}

/// Running out of bytes or reaching the end condition: the prescan aborts.
struct Aborted;

/// Prescan a byte stream to determine its encoding (§13.2.3.2), with the end condition after
/// `end_condition` bytes: `None` is failure. When the prescan aborts, get an XML encoding runs
/// on all of `bytes` (the end condition bounds the prescan only).
pub fn prescan_a_byte_stream_to_determine_its_encoding(
    bytes: &[u8],
    end_condition: usize,
) -> Option<Encoding> {
    let prescanned = bytes.get(..end_condition).unwrap_or(bytes);
    match prescan(prescanned) {
        Ok(encoding) => Some(encoding),
        Err(Aborted) => get_an_xml_encoding(bytes),
    }
}

/// The prescan's steps 1–4 over `bytes`, which end where the byte stream runs out or the end
/// condition is reached.
fn prescan(bytes: &[u8]) -> Result<Encoding, Aborted> {
    let at = |position: usize| bytes.get(position).copied().ok_or(Aborted);
    let starts_with = |position: usize, prefix: &[u8]| {
        bytes
            .get(position..)
            .is_some_and(|rest| rest.starts_with(prefix))
    };
    // 1. Let position point at the first byte.
    let mut position = 0;
    // 2. Prescan for UTF-16 XML declarations: '<?x' in UTF-16LE or UTF-16BE.
    if starts_with(0, &[0x3C, 0x00, 0x3F, 0x00, 0x78, 0x00]) {
        return Ok(Encoding::Utf16Le);
    }
    if starts_with(0, &[0x00, 0x3C, 0x00, 0x3F, 0x00, 0x78]) {
        return Ok(Encoding::Utf16Be);
    }
    // 3. Loop: if position points to:
    loop {
        let byte = at(position)?;
        if starts_with(position, b"<!--") {
            // `<!--`: advance to the first 0x3E preceded by two 0x2D bytes after the 0x3C
            // (which may be those of `<!--`).
            position += 4;
            while !(at(position)? == b'>' && bytes[position - 2..position] == *b"--") {
                position += 1;
            }
        } else if byte == b'<'
            && bytes
                .get(position + 1..position + 5)
                .is_some_and(|name| name.eq_ignore_ascii_case(b"meta"))
            && bytes
                .get(position + 5)
                .is_some_and(|&b| matches!(b, 0x09 | 0x0A | 0x0C | 0x0D | 0x20 | 0x2F))
        {
            // `<meta` followed by a space or slash:
            // 1. Advance position to that space or slash.
            position += 5;
            // 2–5. attribute list, got pragma, need pragma and charset.
            let mut attribute_list: Vec<Vec<u8>> = Vec::new();
            let mut got_pragma = false;
            let mut need_pragma = None;
            // Outer `None` is null; inner `None` is failure.
            let mut charset: Option<Option<Encoding>> = None;
            // 6. Attributes: get an attribute, until there is none.
            while let Some(Attribute { name, value }) = get_an_attribute(bytes, &mut position)? {
                // 7–8. Skip a name already in attribute list; add it.
                if attribute_list.contains(&name) {
                    continue;
                }
                // 9. Run the step for the attribute's name:
                match name.as_slice() {
                    b"http-equiv" if value == b"content-type" => got_pragma = true,
                    b"content" => {
                        let found = extract_character_encoding_from_meta_element(
                            &isomorphic_decode(&value),
                        );
                        if let Some(encoding) = found
                            && charset.is_none()
                        {
                            charset = Some(Some(encoding));
                            need_pragma = Some(true);
                        }
                    }
                    b"charset" => {
                        charset = Some(Encoding::for_label(&isomorphic_decode(&value)));
                        need_pragma = Some(false);
                    }
                    _ => {}
                }
                attribute_list.push(name);
                // 10. Return to the step labeled attributes.
            }
            // 11–13. Processing: null need pragma, a needed pragma not got, or a failed
            //        charset go to next byte.
            let charset = match (need_pragma, charset) {
                (Some(true), _) if !got_pragma => None,
                (Some(_), Some(Some(charset))) => Some(charset),
                _ => None,
            };
            if let Some(charset) = charset {
                // 14–16. UTF-16BE/LE becomes UTF-8, x-user-defined windows-1252.
                return Ok(match charset {
                    Encoding::Utf16Be | Encoding::Utf16Le => Encoding::Utf8,
                    Encoding::XUserDefined => Encoding::Windows1252,
                    other => other,
                });
            }
        } else if byte == b'<' && {
            let letter = if at(position + 1)? == b'/' {
                at(position + 2)?
            } else {
                at(position + 1)?
            };
            letter.is_ascii_alphabetic()
        } {
            // `<`, optionally `/`, and an ASCII letter:
            // 1. Advance position to the next 0x09, 0x0A, 0x0C, 0x0D, 0x20 or 0x3E byte.
            while !matches!(at(position)?, 0x09 | 0x0A | 0x0C | 0x0D | 0x20 | 0x3E) {
                position += 1;
            }
            // 2. Repeatedly get an attribute until there is none.
            while get_an_attribute(bytes, &mut position)?.is_some() {}
        } else if byte == b'<' && matches!(at(position + 1)?, b'!' | b'/' | b'?') {
            // `<!`, `</` or `<?`: advance to the first 0x3E after the 0x3C.
            position += 1;
            while at(position)? != b'>' {
                position += 1;
            }
        }
        // Any other byte: do nothing with it.
        // 4. Next byte: move position to the next byte; return to loop.
        position += 1;
    }
}

/// An attribute that get an attribute sniffed: its name and value, ASCII lowercased bytes.
struct Attribute {
    name: Vec<u8>,
    value: Vec<u8>,
}

/// Get an attribute (§13.2.3.2) at `*position`: `Ok(None)` when there is none (a 0x3E).
fn get_an_attribute(bytes: &[u8], position: &mut usize) -> Result<Option<Attribute>, Aborted> {
    let at = |position: usize| bytes.get(position).copied().ok_or(Aborted);
    let is_space = |byte: u8| matches!(byte, 0x09 | 0x0A | 0x0C | 0x0D | 0x20);
    // 1. Skip 0x09, 0x0A, 0x0C, 0x0D, 0x20 and 0x2F bytes.
    while is_space(at(*position)?) || at(*position)? == b'/' {
        *position += 1;
    }
    // 2. A 0x3E: there is no attribute.
    if at(*position)? == b'>' {
        return Ok(None);
    }
    // 3. Let attribute name and attribute value be empty.
    let mut name = Vec::new();
    let empty_value = |name| {
        Ok(Some(Attribute {
            name,
            value: Vec::new(),
        }))
    };
    // 4–5. The name, up to "=", a space, "/" or ">".
    loop {
        match at(*position)? {
            // "=" after a non-empty name: advance and go to value.
            b'=' if !name.is_empty() => {
                *position += 1;
                return get_an_attribute_value(bytes, position, name).map(Some);
            }
            // A space: go to spaces.
            byte if is_space(byte) => break,
            // "/" or ">": the attribute has an empty value.
            b'/' | b'>' => return empty_value(name),
            byte => name.push(byte.to_ascii_lowercase()),
        }
        *position += 1;
    }
    // 6. Spaces: skip them.
    while is_space(at(*position)?) {
        *position += 1;
    }
    // 7. Anything but "=": the attribute has an empty value.
    if at(*position)? != b'=' {
        return empty_value(name);
    }
    // 8. Advance position past the "=".
    *position += 1;
    get_an_attribute_value(bytes, position, name).map(Some)
}

/// Get an attribute's steps 9–12 (from "value"), at `*position` just past the "=".
fn get_an_attribute_value(
    bytes: &[u8],
    position: &mut usize,
    name: Vec<u8>,
) -> Result<Attribute, Aborted> {
    let at = |position: usize| bytes.get(position).copied().ok_or(Aborted);
    let is_space = |byte: u8| matches!(byte, 0x09 | 0x0A | 0x0C | 0x0D | 0x20);
    let mut value = Vec::new();
    // 9. Value: skip spaces.
    while is_space(at(*position)?) {
        *position += 1;
    }
    // 10. The byte at position:
    match at(*position)? {
        // A quote: the bytes up to the matching quote, lowercased; position ends past it.
        quote @ (b'"' | b'\'') => loop {
            *position += 1;
            let byte = at(*position)?;
            if byte == quote {
                *position += 1;
                return Ok(Attribute { name, value });
            }
            value.push(byte.to_ascii_lowercase());
        },
        // ">": the attribute has an empty value.
        b'>' => return Ok(Attribute { name, value }),
        byte => {
            value.push(byte.to_ascii_lowercase());
            *position += 1;
        }
    }
    // 11–12. Up to a space or ">", lowercased.
    loop {
        let byte = at(*position)?;
        if is_space(byte) || byte == b'>' {
            return Ok(Attribute { name, value });
        }
        value.push(byte.to_ascii_lowercase());
        *position += 1;
    }
}

/// Get an XML encoding (§13.2.3.2): the encoding an `<?xml` declaration at the start of
/// `bytes` names; `None` is failure. The declaration ends at the first 0x3E
/// (xmlDeclarationEnd), which bounds the search for "encoding" and its value, as the standard
/// computes it to (its later steps leave the bound implicit) and as engines do.
pub fn get_an_xml_encoding(bytes: &[u8]) -> Option<Encoding> {
    // 1–2. If the stream does not start with `<?xml`, return failure.
    if !bytes.starts_with(b"<?xml") {
        return None;
    }
    // 3. Let xmlDeclarationEnd be the next 0x3E byte, or return failure.
    let xml_declaration_end = bytes.iter().position(|&b| b == b'>')?;
    let declaration = &bytes[..xml_declaration_end];
    // 4–5. Set encodingPosition past the first `encoding`, or return failure.
    let mut encoding_position = declaration
        .windows(8)
        .position(|window| window == b"encoding")?
        + 8;
    let at = |position: usize| declaration.get(position).copied();
    // 6. Skip bytes that are 0x20 or below.
    while at(encoding_position)? <= 0x20 {
        encoding_position += 1;
    }
    // 7–8. If the byte is not "=", return failure; advance past it.
    if at(encoding_position)? != b'=' {
        return None;
    }
    encoding_position += 1;
    // 9. Skip bytes that are 0x20 or below.
    while at(encoding_position)? <= 0x20 {
        encoding_position += 1;
    }
    // 10–12. Let quoteMark be the byte, a quote or failure; advance past it.
    let quote_mark = at(encoding_position)?;
    if quote_mark != b'"' && quote_mark != b'\'' {
        return None;
    }
    encoding_position += 1;
    // 13–14. potentialEncoding is the bytes up to the next quoteMark, or failure.
    let rest = declaration.get(encoding_position..)?;
    let potential_encoding = &rest[..rest.iter().position(|&b| b == quote_mark)?];
    // 15. If it has a byte 0x20 or below, return failure.
    if potential_encoding.iter().any(|&b| b <= 0x20) {
        return None;
    }
    // 16. Get an encoding from potentialEncoding, isomorphic decoded.
    let encoding = Encoding::for_label(&isomorphic_decode(potential_encoding))?;
    // 17–18. UTF-16BE/LE becomes UTF-8.
    Some(match encoding {
        Encoding::Utf16Be | Encoding::Utf16Le => Encoding::Utf8,
        other => other,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prescan_all(bytes: &[u8]) -> Option<Encoding> {
        prescan_a_byte_stream_to_determine_its_encoding(bytes, usize::MAX)
    }

    #[test]
    fn meta_charset_and_pragma() {
        assert_eq!(
            prescan_all(b"<meta charset=shift_jis>"),
            Some(Encoding::ShiftJis)
        );
        assert_eq!(
            prescan_all(b"<META CHARSET='UTF-16'>"),
            Some(Encoding::Utf8)
        );
        assert_eq!(
            prescan_all(b"<meta charset=x-user-defined>"),
            Some(Encoding::Windows1252)
        );
        assert_eq!(
            prescan_all(b"<meta content='text/html; charset=koi8-r'>"),
            None
        );
        assert_eq!(
            prescan_all(b"<meta content='text/html; charset=koi8-r' http-equiv=Content-Type>"),
            Some(Encoding::Koi8R)
        );
        // A failed charset is not null: a later content does not replace it.
        assert_eq!(
            prescan_all(b"<meta charset=bogus content='charset=koi8-r' http-equiv=content-type>"),
            None
        );
        // The first of two charset attributes counts.
        assert_eq!(
            prescan_all(b"<meta charset=gbk charset=big5>"),
            Some(Encoding::Gbk)
        );
        assert_eq!(
            prescan_all(b"<!-- <meta charset=gbk> --><meta charset=big5>"),
            Some(Encoding::Big5)
        );
        assert_eq!(prescan_all(b"<!--><meta charset=gbk>"), Some(Encoding::Gbk));
        assert_eq!(
            prescan_all(b"<p title='<meta charset=gbk>'><meta charset=big5>"),
            Some(Encoding::Big5)
        );
        assert_eq!(
            prescan_all(b"<?x <meta charset=gbk>?><meta charset=big5>"),
            Some(Encoding::Big5)
        );
        assert_eq!(prescan_all(b"<meta charset=gbk"), None);
    }

    #[test]
    fn end_condition_and_xml() {
        let late = [&[b' '; 1024][..], b"<meta charset=gbk>"].concat();
        assert_eq!(
            prescan_a_byte_stream_to_determine_its_encoding(&late, 1024),
            None
        );
        assert_eq!(prescan_all(&late), Some(Encoding::Gbk));
        assert_eq!(
            prescan_all(b"<?xml version='1.0' encoding='ISO-8859-2'?>"),
            Some(Encoding::Iso8859_2)
        );
        assert_eq!(
            prescan_all(b"<?xml encoding = \"utf-16\"?>"),
            Some(Encoding::Utf8)
        );
        assert_eq!(prescan_all(b"<?xml version='1.0'?> encoding='gbk'"), None);
        assert_eq!(prescan_all(b"<?xml encoding='g bk'?>"), None);
        assert_eq!(prescan_all(b"<\0?\0x\0m\0l\0"), Some(Encoding::Utf16Le));
        assert_eq!(prescan_all(b"\0<\0?\0x\0m\0l"), Some(Encoding::Utf16Be));
    }

    #[test]
    fn xml_mode() {
        assert_eq!(
            xml_encoding_sniffing(b"\xFE\xFF", Some("gbk")),
            Some(Encoding::Utf16Be)
        );
        assert_eq!(
            xml_encoding_sniffing(b"<?xml", Some("gbk")),
            Some(Encoding::Gbk)
        );
        assert_eq!(
            xml_encoding_sniffing(b"<?xml encoding='gbk'?>", None),
            Some(Encoding::Gbk)
        );
        assert_eq!(xml_encoding_sniffing(b"<?xml e>", None), None);
        assert_eq!(
            xml_encoding_sniffing(b"<\0?\0x\0m\0", None),
            Some(Encoding::Utf16Le)
        );
        assert_eq!(xml_encoding_sniffing(b"<\0?\0x\0", None), None);
        assert_eq!(
            xml_encoding_sniffing(b"\0<\0?\0x\0m", None),
            Some(Encoding::Utf16Be)
        );
    }

    #[test]
    fn sniffing_order_and_confidence() {
        let inputs = SniffingInputs {
            transport_layer_encoding_label: Some("latin2"),
            ..SniffingInputs::default()
        };
        let html = b"\xEF\xBB\xBF<meta charset=gbk>";
        assert_eq!(
            encoding_sniffing_algorithm(html, &inputs),
            (Encoding::Utf8, Confidence::Certain)
        );
        assert_eq!(
            encoding_sniffing_algorithm(&html[3..], &inputs),
            (Encoding::Iso8859_2, Confidence::Certain)
        );
        let unsupported = SniffingInputs {
            transport_layer_encoding_label: Some("bogus"),
            ..SniffingInputs::default()
        };
        assert_eq!(
            encoding_sniffing_algorithm(&html[3..], &unsupported),
            (Encoding::Gbk, Confidence::Tentative)
        );
        assert_eq!(
            encoding_sniffing_algorithm(b"<p>", &SniffingInputs::default()),
            (Encoding::Windows1252, Confidence::Tentative)
        );
        let no_prescan = SniffingInputs {
            max_prescan_bytes: 0,
            default_encoding: Encoding::Utf8,
            ..SniffingInputs::default()
        };
        assert_eq!(
            encoding_sniffing_algorithm(&html[3..], &no_prescan),
            (Encoding::Utf8, Confidence::Tentative)
        );
        assert_eq!(
            encoding_sniffing_algorithm(b"<?xml encoding='gbk'?>", &no_prescan),
            (Encoding::Gbk, Confidence::Tentative)
        );
    }
}
