//! Structured serialization (HTML §2.9) in V8's wire format: the op streams cross the boundary
//! once in each direction.
//!
//! `serialize`: the JS walker sizes the four input streams ([`clone_ops_input`]), writes its op
//! stream into them through typed-array views of wasm memory, then [`clone_serialize`] writes the
//! bytes to the io output buffer. `deserialize`: JS writes the bytes to the io input buffer,
//! [`clone_deserialize`] leaves the op stream in the output streams and returns where they are;
//! the JS builder reads them in place, then calls [`clone_release`].

use super::errors::dom_exception;
use super::io::{set_output, with_input_bytes};
use crate::html::structured_clone::{
    DataCloneError, DeserializeOptions, Ops, SerializeOptions, ViewEncoding, deserialize_to_ops,
    serialize_ops,
};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

/// Streams above this many elements are released after use (as the io buffers are).
const RETAIN_LIMIT: usize = 1 << 20;

thread_local! {
    /// What the walker wrote.
    static INPUT: RefCell<Ops> = RefCell::new(Ops::new());
    /// What the reader produced.
    static OUTPUT: RefCell<Ops> = RefCell::new(Ops::new());
    /// Addresses and lengths of the four streams, for JS to read after a call.
    static LAYOUT: RefCell<[u32; 8]> = const { RefCell::new([0; 8]) };
}

fn data_clone_error(error: DataCloneError) -> JsValue {
    dom_exception(error.message(), "DataCloneError")
}

/// Records the streams' addresses and lengths; returns the address of the record:
/// `[code, code length, numbers, numbers length, units, units length, bytes, bytes length]`.
fn publish(ops: &Ops) -> *const u32 {
    // wasm32 addresses and lengths fit a u32.
    let layout = [
        ops.code.as_ptr() as u32,
        ops.code.len() as u32,
        ops.numbers.as_ptr() as u32,
        ops.numbers.len() as u32,
        ops.units.as_ptr() as u32,
        ops.units.len() as u32,
        ops.bytes.as_ptr() as u32,
        ops.bytes.len() as u32,
    ];
    LAYOUT.with_borrow_mut(|record| {
        *record = layout;
        record.as_ptr()
    })
}

fn release_if_large(ops: &mut Ops) {
    if ops.code.capacity() > RETAIN_LIMIT
        || ops.numbers.capacity() > RETAIN_LIMIT
        || ops.units.capacity() > RETAIN_LIMIT
        || ops.bytes.capacity() > RETAIN_LIMIT
    {
        *ops = Ops::new();
    }
}

/// Makes the input streams these lengths (zero-filled) for the walker to write; returns the
/// address of their layout record (see [`publish`]). The addresses are valid until the next call
/// into the module.
#[wasm_bindgen(js_name = cloneOpsInput)]
pub fn clone_ops_input(code: usize, numbers: usize, units: usize, bytes: usize) -> *const u32 {
    INPUT.with_borrow_mut(|ops| {
        ops.code.clear();
        ops.code.resize(code, 0);
        ops.numbers.clear();
        ops.numbers.resize(numbers, 0.0);
        ops.units.clear();
        ops.units.resize(units, 0);
        ops.bytes.clear();
        ops.bytes.resize(bytes, 0);
        publish(ops)
    })
}

/// StructuredSerialize (or ForStorage) of the op stream in the input streams: V8 wire-format
/// bytes into the io output buffer; returns their length. `v8_views`: write every
/// ArrayBufferView in V8's own form instead of Node's host-object form.
/// Throws a DataCloneError DOMException for a stream the writer rejects.
#[wasm_bindgen(js_name = cloneSerialize)]
pub fn clone_serialize(for_storage: bool, v8_views: bool) -> Result<usize, JsValue> {
    let options = SerializeOptions {
        for_storage,
        views: if v8_views {
            ViewEncoding::V8
        } else {
            ViewEncoding::NodeHostObject
        },
    };
    INPUT.with_borrow_mut(|ops| {
        let result = serialize_ops(ops.as_ops_ref(), &options);
        release_if_large(ops);
        result.map(set_output).map_err(data_clone_error)
    })
}

/// Validates `len` bytes of io input as V8 wire format and turns them into an op stream in the
/// output streams; returns the address of their layout record (see [`publish`]).
/// `transferred` and `shared`: how many transferred ArrayBuffers and SharedArrayBuffers the
/// caller can supply. Throws a DataCloneError DOMException for bytes the reader rejects.
#[wasm_bindgen(js_name = cloneDeserialize)]
pub fn clone_deserialize(len: usize, transferred: u32, shared: u32) -> Result<*const u32, JsValue> {
    let options = DeserializeOptions {
        transferred_buffers: transferred,
        shared_buffers: shared,
    };
    let ops = with_input_bytes(len, |bytes| deserialize_to_ops(bytes, &options))
        .map_err(data_clone_error)?;
    Ok(OUTPUT.with_borrow_mut(|out| {
        *out = ops;
        publish(out)
    }))
}

/// Releases the output streams once JS has read them (kept if small, for reuse).
#[wasm_bindgen(js_name = cloneRelease)]
pub fn clone_release() {
    OUTPUT.with_borrow_mut(|out| {
        out.code.clear();
        out.numbers.clear();
        out.units.clear();
        out.bytes.clear();
        release_if_large(out);
    });
}

#[cfg(test)]
mod tests {
    use super::super::io::{io_input, io_output};
    use super::*;
    use crate::html::structured_clone::{Op, opcode};
    use js_sys::Reflect;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn layout(address: *const u32) -> [u32; 8] {
        // SAFETY: the call just returned the address of the 8-word layout record.
        unsafe { std::ptr::read(address.cast::<[u32; 8]>()) }
    }

    fn write_ops(ops: &Ops) {
        let record = layout(clone_ops_input(
            ops.code.len(),
            ops.numbers.len(),
            ops.units.len(),
            ops.bytes.len(),
        ));
        // SAFETY: clone_ops_input just sized each stream to these lengths at these addresses.
        unsafe {
            std::ptr::copy_nonoverlapping(ops.code.as_ptr(), record[0] as *mut u32, ops.code.len());
            std::ptr::copy_nonoverlapping(
                ops.numbers.as_ptr(),
                record[2] as *mut f64,
                ops.numbers.len(),
            );
            std::ptr::copy_nonoverlapping(
                ops.units.as_ptr(),
                record[4] as *mut u16,
                ops.units.len(),
            );
            std::ptr::copy_nonoverlapping(
                ops.bytes.as_ptr(),
                record[6] as *mut u8,
                ops.bytes.len(),
            );
        }
    }

    fn serialized(len: usize) -> Vec<u8> {
        // SAFETY: the last call left `len` bytes in the output buffer at io_output().
        unsafe { std::slice::from_raw_parts(io_output(), len) }.to_vec()
    }

    fn write_input(bytes: &[u8]) -> usize {
        let address = io_input(bytes.len());
        // SAFETY: io_input just made the input buffer `bytes.len()` bytes long at `address`.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), address, bytes.len()) };
        bytes.len()
    }

    #[wasm_bindgen_test]
    fn round_trip_through_both_calls() {
        let mut ops = Ops::new();
        let key: Vec<u16> = "a".encode_utf16().collect();
        ops.push(Op::BeginObject);
        ops.push(Op::String(&key));
        ops.push(Op::Number(1.5));
        ops.push(Op::End);
        write_ops(&ops);
        let bytes = serialized(clone_serialize(false, false).unwrap());
        assert_eq!(bytes[0], 0xFF);

        let record = layout(clone_deserialize(write_input(&bytes), 0, 0).unwrap());
        // SAFETY: the record describes the output streams, valid until the next call.
        let code =
            unsafe { std::slice::from_raw_parts(record[0] as *const u32, record[1] as usize) };
        assert_eq!(
            code,
            [
                opcode::BEGIN_OBJECT,
                opcode::STRING,
                1,
                opcode::NUMBER,
                opcode::END
            ]
        );
        assert_eq!(record[3], 1);
        clone_release();
    }

    #[wasm_bindgen_test]
    fn errors_are_data_clone_errors() {
        let error = clone_deserialize(write_input(&[0xFF, 0x0F, b'o']), 0, 0).unwrap_err();
        assert_eq!(
            Reflect::get(&error, &"name".into()).unwrap(),
            "DataCloneError"
        );
        write_ops(&Ops {
            code: vec![opcode::END],
            ..Ops::new()
        });
        let error = clone_serialize(false, false).unwrap_err();
        assert_eq!(Reflect::get(&error, &"code".into()).unwrap(), 25);
    }
}
