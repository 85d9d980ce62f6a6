//! HTML's encoding sniffing algorithm for the html-encoding-sniffer drop-in
//! (`js/html-encoding-sniffer.js`): its HTML mode (the standard's algorithm up to the default
//! encoding, which the caller keeps as the label it was given) and its XML mode.
//!
//! The input buffer holds the bytes, then the transport-layer label (UTF-8) if there is one.
//! The encoding's name goes to the output buffer (ASCII).

use super::io::{input_text, set_output, with_input_bytes};
use crate::html::encoding_sniffing::{
    SniffingInputs, encoding_sniffing_algorithm_before_default, xml_encoding_sniffing,
};
use alloc::vec::Vec;
use wasm_bindgen::prelude::*;

/// Sniffs the first `bytes_len` input bytes, with the `label_len` bytes after them as the
/// transport-layer label if `has_label`, and `max_prescan_bytes` (a non-negative integer or
/// +Infinity; the HTML mode's end condition) or, with `xml`, the XML mode: the name's length in
/// the output, or -1 where the caller's default applies.
#[wasm_bindgen(js_name = htmlEncodingSniff)]
pub fn html_encoding_sniff(
    bytes_len: usize,
    label_len: usize,
    has_label: bool,
    max_prescan_bytes: f64,
    xml: bool,
) -> i32 {
    let encoding = with_input_bytes(bytes_len + label_len, |input| {
        let (bytes, label) = input.split_at(bytes_len.min(input.len()));
        let label = has_label.then(|| input_text(label));
        if xml {
            xml_encoding_sniffing(bytes, label)
        } else {
            let inputs = SniffingInputs {
                transport_layer_encoding_label: label,
                // Saturating: +Infinity is no end condition at all.
                max_prescan_bytes: max_prescan_bytes as usize,
                ..SniffingInputs::default()
            };
            encoding_sniffing_algorithm_before_default(bytes, &inputs).map(|(encoding, _)| encoding)
        }
    });
    encoding.map_or(-1, |encoding| {
        set_output(Vec::from(encoding.name().as_bytes())) as i32
    })
}
