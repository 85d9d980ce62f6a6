//! Exceptions the specs name, built in the realm the module was instantiated in.

use alloc::string::String;
use wasm_bindgen::JsValue;

/// The encoding `label` names; a RangeError for an unknown label (as `new TextDecoder` throws).
#[cfg(feature = "encoding")]
pub fn encoding_for_label(label: &str) -> Result<crate::encoding::Encoding, JsValue> {
    crate::encoding::Encoding::for_label(label)
        .ok_or_else(|| js_sys::RangeError::new(&invalid_label_message(label)).into())
}

/// The message of the RangeError for an unknown label. Messages are concatenated, not
/// formatted: `format!` would keep core's formatting machinery in the wasm.
#[cfg(feature = "encoding")]
pub fn invalid_label_message(label: &str) -> String {
    super::concat(&["The encoding label provided ('", label, "') is invalid."])
}

/// The RangeError for an encoding this build cannot decode or encode with: one left out of
/// it (the legacy multi-byte encodings, in `weft/lite`) or one without an encoder.
#[cfg(feature = "encoding")]
pub fn encoding_error(error: crate::encoding::EncodingError) -> JsValue {
    use crate::encoding::EncodingError;
    let message = match error {
        EncodingError::NotIncluded(encoding) => super::concat(&[
            "The encoding ",
            encoding.name(),
            " is not included in this build (weft/lite leaves out the legacy multi-byte \
             encodings); the full `weft` entry has it.",
        ]),
        EncodingError::NoEncoder(encoding) => {
            super::concat(&["encoding ", encoding.name(), " has no encoder"])
        }
    };
    js_sys::RangeError::new(&message).into()
}
