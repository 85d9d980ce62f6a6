#[cfg(feature = "structured-clone")]
pub mod structured_clone;
