//! MIME Sniffing for `js/mimesniff.js`: parse a MIME type, validate and lowercase the pieces
//! its setters take, serialize, the MIME type groups, and the computed MIME type of a resource.
//!
//! Strings arrive in the io input buffer (UTF-8). A MIME type crosses both ways as its pieces
//! joined by NUL, "type\0subtype\0name\0value…": no piece of a valid MIME type holds a NUL
//! (types and names are HTTP tokens, values HTTP quoted-string tokens), and every code point
//! is at most U+00FF, so results go out isomorphic encoded for JS to read as Latin-1.

use super::io::{set_output, with_input_bytes, with_input_str};
use crate::infra::http::{
    solely_contains_http_quoted_string_token_code_points, solely_contains_http_token_code_points,
};
use crate::infra::strings::{ascii_lowercase, isomorphic_encode};
use crate::mimesniff::{
    MimeType, ResourceMetadata, Retrieval, determine_computed_mime_type, resource_header,
};
use alloc::string::String;
use wasm_bindgen::prelude::*;

/// Failure, where the exports below return a length.
const FAILURE: i32 = -1;

/// Writes `text` (code points ≤ U+00FF) isomorphic encoded to the output; its length.
fn output_latin1(text: &str) -> i32 {
    isomorphic_encode(text)
        .map(|bytes| set_output(bytes) as i32)
        .unwrap_or(FAILURE)
}

/// A MIME type's pieces joined by NUL.
fn pieces(mime_type: &MimeType) -> String {
    let mut text = String::from(mime_type.type_());
    text.push('\0');
    text.push_str(mime_type.subtype());
    for (name, value) in mime_type.parameters().iter() {
        text.push('\0');
        text.push_str(name);
        text.push('\0');
        text.push_str(value);
    }
    text
}

/// Parse a MIME type from the `len` input bytes (a string; with `from_bytes`, a byte
/// sequence, isomorphic decoded): the pieces' length in the output, or -1 for failure.
#[wasm_bindgen(js_name = mimesniffParse)]
pub fn mimesniff_parse(len: usize, from_bytes: bool) -> i32 {
    let parsed = if from_bytes {
        with_input_bytes(len, MimeType::parse_from_bytes)
    } else {
        with_input_str(len, MimeType::parse)
    };
    parsed.map_or(FAILURE, |mime_type| output_latin1(&pieces(&mime_type)))
}

/// What the setters check: a type, subtype or parameter name (HTTP token code points, not
/// empty) or a parameter value (HTTP quoted-string token code points).
#[wasm_bindgen(js_name = MimesniffPiece)]
#[derive(Clone, Copy)]
pub enum Piece {
    Token = 0,
    Value = 1,
}

/// Checks the `len` input bytes as `piece`: the length of the value the setter stores (a
/// token ASCII lowercased) in the output, or -1 if it is not one.
#[wasm_bindgen(js_name = mimesniffValidate)]
pub fn mimesniff_validate(piece: Piece, len: usize) -> i32 {
    with_input_str(len, |text| match piece {
        Piece::Token if !text.is_empty() && solely_contains_http_token_code_points(text) => {
            output_latin1(&ascii_lowercase(text))
        }
        Piece::Value if solely_contains_http_quoted_string_token_code_points(text) => {
            output_latin1(text)
        }
        _ => FAILURE,
    })
}

/// The MIME type whose pieces (valid, as the setters keep them) are the `len` input bytes.
fn from_pieces(len: usize) -> Option<MimeType> {
    with_input_str(len, |text| {
        let mut pieces = text.split('\0');
        let mut mime_type = MimeType::parse("x/x")?;
        mime_type.set_type(pieces.next()?).ok()?;
        mime_type.set_subtype(pieces.next()?).ok()?;
        while let (Some(name), Some(value)) = (pieces.next(), pieces.next()) {
            mime_type.parameters_mut().set(name, value).ok()?;
        }
        Some(mime_type)
    })
}

/// Serialize a MIME type given as its pieces: the serialization's length in the output.
#[wasm_bindgen(js_name = mimesniffSerialize)]
pub fn mimesniff_serialize(len: usize) -> i32 {
    from_pieces(len).map_or(FAILURE, |mime_type| output_latin1(&mime_type.serialize()))
}

/// The MIME type groups (§4.6) a MIME type given as its pieces belongs to, one bit each in
/// this order: image, audio or video, font, ZIP-based, archive, XML, HTML, scriptable,
/// JavaScript, JSON.
#[wasm_bindgen(js_name = mimesniffGroups)]
pub fn mimesniff_groups(len: usize) -> u32 {
    from_pieces(len).map_or(0, |mime_type| {
        [
            mime_type.is_image(),
            mime_type.is_audio_or_video(),
            mime_type.is_font(),
            mime_type.is_zip_based(),
            mime_type.is_archive(),
            mime_type.is_xml(),
            mime_type.is_html(),
            mime_type.is_scriptable(),
            mime_type.is_javascript(),
            mime_type.is_json(),
        ]
        .iter()
        .enumerate()
        .fold(0, |groups, (bit, &member)| {
            groups | u32::from(member) << bit
        })
    })
}

/// How the supplied type was given (`Retrieval`), for [`mimesniff_computed`].
#[wasm_bindgen(js_name = MimesniffSupplied)]
#[derive(Clone, Copy)]
pub enum Supplied {
    /// Neither a Content-Type header nor a provided type.
    None = 0,
    /// The last Content-Type header's value.
    ContentType = 1,
    /// The MIME type the file system or another protocol provides.
    Provided = 2,
}

/// The result of [`mimesniff_computed`] that means "the supplied MIME type".
const SUPPLIED: i32 = -2;

/// Determine the computed MIME type (§7) of the resource whose first `resource_len` input bytes
/// are its bytes, followed by `supplied_len` bytes of the supplied type (`supplied` says which
/// kind). `is_supported` answers "supported by the user agent" for the supplied MIME type (it
/// must not throw). Returns -2 for the supplied MIME type itself, else the sniffed MIME type's
/// length in the output (its essence).
#[wasm_bindgen(js_name = mimesniffComputed)]
pub fn mimesniff_computed(
    resource_len: usize,
    supplied_len: usize,
    supplied: Supplied,
    no_sniff: bool,
    is_supported: &js_sys::Function,
) -> i32 {
    // A copy: `is_supported` runs JS, which may call into this module (and its io buffers).
    let input = with_input_bytes(resource_len + supplied_len, <[u8]>::to_vec);
    let (resource, supplied_type) = input.split_at(resource_len.min(input.len()));
    let supplied_type = core::str::from_utf8(supplied_type).unwrap_or_default();
    let retrieval = match supplied {
        Supplied::None => Retrieval::Http { content_type: None },
        Supplied::ContentType => Retrieval::Http {
            content_type: Some(supplied_type),
        },
        Supplied::Provided => Retrieval::Other {
            provided_type: Some(supplied_type),
        },
    };
    let metadata = ResourceMetadata::new(retrieval, no_sniff);
    let computed = determine_computed_mime_type(resource_header(resource), &metadata, |_| {
        is_supported
            .call0(&JsValue::UNDEFINED)
            .is_ok_and(|answer| answer.is_truthy())
    });
    if metadata.supplied_mime_type.as_ref() == Some(&computed) {
        SUPPLIED
    } else {
        output_latin1(&computed.essence())
    }
}
