//! The reading half: V8 wire-format bytes (versions 13–15, as V8 and Node write them) to an op
//! stream for the JavaScript builder, validating everything V8's `ValueDeserializer` validates.
//!
//! Hostile input is expected: every length is checked against the bytes that remain before
//! anything is allocated for it, nesting lives in an explicit stack (each level consumes at
//! least one input byte), and the output grows at most linearly with the input.

use super::DataCloneError;
use super::ops::{
    ErrorPrototype, Op, Ops, VIEW_BACKED_BY_RESIZABLE, VIEW_LENGTH_TRACKING, ViewKind, opcode,
};
use super::serialize::{BufferInfo, check_regexp_flags, check_view};
use super::wire::{
    self, BIGINT_MAX_BYTE_LENGTH, FIRST_VERSION_WITH_VIEW_FLAGS, LATEST_VERSION,
    OLDEST_READABLE_VERSION, Reader, error_tag, tag,
};

/// Options of [`deserialize_to_ops`]: how many out-of-band objects the caller can supply.
#[derive(Clone, Copy, Debug, Default)]
pub struct DeserializeOptions {
    /// Length of the transfer list ('t' indices must be below it).
    pub transferred_buffers: u32,
    /// Number of SharedArrayBuffers shared in-process ('u' indices must be below it).
    pub shared_buffers: u32,
}

#[derive(Clone, Copy, Debug)]
enum WireState {
    Ready,
    /// An Error or serializable object still being read: V8 registers it only when complete.
    Pending,
    Buffer(BufferInfo),
}

/// What the op stream calls a wire object.
#[derive(Clone, Copy, Debug)]
struct WireEntry {
    op_id: u32,
    state: WireState,
}

enum Frame {
    Root {
        done: bool,
    },
    Object {
        properties: u32,
        awaiting_value: bool,
    },
    DenseArray {
        length: u32,
        remaining: u32,
        properties: u32,
        awaiting_value: bool,
    },
    SparseArray {
        length: u32,
        properties: u32,
        awaiting_value: bool,
    },
    Map {
        values: u32,
    },
    Set {
        values: u32,
    },
    Error {
        wire_id: u32,
        /// Index in `Ops::code` of the Error op's prototype operand, patched when the
        /// prototype tag comes.
        prototype_at: usize,
        awaiting_cause: bool,
    },
    Serializable {
        wire_id: u32,
        data_done: bool,
    },
}

/// Deserializes V8 wire-format bytes into an op stream (see the module docs for its format).
///
/// Reads versions 13 to 15; rejects, with a message naming the byte offset and the problem,
/// anything V8 would reject plus: trailing bytes after the value, varints over 32 bits, WebAssembly
/// and shared objects, and host objects other than Node's ArrayBufferViews.
pub fn deserialize_to_ops(
    bytes: &[u8],
    options: &DeserializeOptions,
) -> Result<Ops, DataCloneError> {
    // Every object, property and op takes at least one input byte, so below 4 GiB of input
    // every count fits the u32s of the op stream.
    if u32::try_from(bytes.len()).is_err() {
        return Err(DataCloneError::new("serialized data larger than 4 GiB"));
    }
    let mut d = Deserializer {
        r: Reader::new(bytes),
        options: *options,
        version: 0,
        out: Ops {
            code: Vec::with_capacity(bytes.len().min(1 << 20)),
            ..Ops::default()
        },
        objects: Vec::new(),
        next_op_id: 0,
        stack: vec![Frame::Root { done: false }],
    };
    d.read_header()?;
    d.run()?;
    Ok(d.out)
}

struct Deserializer<'a> {
    r: Reader<'a>,
    options: DeserializeOptions,
    version: u32,
    out: Ops,
    /// By wire id.
    objects: Vec<WireEntry>,
    next_op_id: u32,
    stack: Vec<Frame>,
}

/// A string payload as it is on the wire.
enum WireString<'a> {
    OneByte(&'a [u8]),
    TwoByte(&'a [u8]),
    Utf8(&'a [u8]),
}

/// A buffer just read, before knowing whether a view follows.
enum BufferValue<'a> {
    New(Op<'a>, BufferInfo),
    Ref(u32, BufferInfo),
}

impl<'a> Deserializer<'a> {
    /// `ReadHeader`.
    fn read_header(&mut self) -> Result<(), DataCloneError> {
        if self.r.byte()? != tag::VERSION {
            return Err(DataCloneError::at(0, "missing the 0xFF version header"));
        }
        let version = self.r.varint_u32()?;
        if version > LATEST_VERSION {
            return Err(DataCloneError::at(
                1,
                format!(
                    "format version {version} is newer than the newest weft reads ({LATEST_VERSION})"
                ),
            ));
        }
        if version < OLDEST_READABLE_VERSION {
            return Err(DataCloneError::at(
                1,
                format!(
                    "format version {version} is older than the oldest weft reads ({OLDEST_READABLE_VERSION})"
                ),
            ));
        }
        self.version = version;
        Ok(())
    }

    fn run(&mut self) -> Result<(), DataCloneError> {
        while let Some(top) = self.stack.last_mut() {
            match top {
                Frame::Root { done: true } => break,
                Frame::Root { done: false } => self.read_value()?,
                Frame::Object { awaiting_value, .. } => {
                    if *awaiting_value {
                        self.read_value()?;
                    } else {
                        self.key_or_end(tag::END_JS_OBJECT)?;
                    }
                }
                Frame::SparseArray { awaiting_value, .. } => {
                    if *awaiting_value {
                        self.read_value()?;
                    } else {
                        self.key_or_end(tag::END_SPARSE_JS_ARRAY)?;
                    }
                }
                Frame::DenseArray {
                    remaining,
                    awaiting_value,
                    ..
                } => {
                    if *remaining > 0 {
                        if self.r.peek_tag()? == tag::THE_HOLE {
                            self.r.byte()?;
                            self.emit(Op::Hole);
                            self.value_completed();
                        } else {
                            self.read_value()?;
                        }
                    } else if *awaiting_value {
                        self.read_value()?;
                    } else {
                        self.key_or_end(tag::END_DENSE_JS_ARRAY)?;
                    }
                }
                Frame::Map { .. } => self.value_or_end(tag::END_JS_MAP)?,
                Frame::Set { .. } => self.value_or_end(tag::END_JS_SET)?,
                Frame::Error { awaiting_cause, .. } => {
                    if *awaiting_cause {
                        self.read_value()?;
                    } else {
                        self.error_field()?;
                    }
                }
                &mut Frame::Serializable { wire_id, data_done } => {
                    if data_done {
                        self.end_serializable(wire_id)?;
                    } else {
                        self.read_value()?;
                    }
                }
            }
        }
        // V8 ignores what follows the value; weft takes it as corruption.
        while self.r.remaining() > 0 {
            if self.r.byte()? != tag::PADDING {
                return Err(DataCloneError::at(
                    self.r.position() - 1,
                    "unexpected bytes after the complete value",
                ));
            }
        }
        Ok(())
    }

    fn emit(&mut self, op: Op<'_>) {
        if op.creates_object() {
            self.next_op_id += 1;
        }
        self.out.push(op);
    }

    fn emit_string(&mut self, opcode: u32, s: WireString<'_>) {
        let start = self.out.units.len();
        match s {
            WireString::OneByte(bytes) => {
                self.out.units.extend(bytes.iter().map(|&b| u16::from(b)))
            }
            WireString::TwoByte(bytes) => self.out.units.extend(
                bytes
                    .chunks_exact(2)
                    .map(|pair| u16::from_le_bytes([pair[0], pair[1]])),
            ),
            WireString::Utf8(bytes) => self
                .out
                .units
                .extend(String::from_utf8_lossy(bytes).encode_utf16()),
        }
        let len = (self.out.units.len() - start) as u32;
        self.out.code.extend([opcode, len]);
    }

    /// A new wire object that becomes the op with id `op_id`.
    fn new_wire_object(&mut self, op_id: u32, state: WireState) -> u32 {
        let wire_id = self.objects.len() as u32;
        self.objects.push(WireEntry { op_id, state });
        wire_id
    }

    /// A wire object that is the next op emitted.
    fn new_ready_object(&mut self) {
        self.new_wire_object(self.next_op_id, WireState::Ready);
    }

    fn value_completed(&mut self) {
        let Some(top) = self.stack.last_mut() else {
            return;
        };
        match top {
            Frame::Root { done } => *done = true,
            Frame::Object {
                properties,
                awaiting_value,
            }
            | Frame::SparseArray {
                properties,
                awaiting_value,
                ..
            } => {
                *properties += 1;
                *awaiting_value = false;
            }
            Frame::DenseArray {
                remaining,
                properties,
                awaiting_value,
                ..
            } => {
                if *remaining > 0 {
                    *remaining -= 1;
                } else {
                    *properties += 1;
                    *awaiting_value = false;
                }
            }
            Frame::Map { values } | Frame::Set { values } => *values += 1,
            Frame::Error { awaiting_cause, .. } => *awaiting_cause = false,
            Frame::Serializable { data_done, .. } => *data_done = true,
        }
    }

    fn pop_completed(&mut self) {
        self.stack.pop();
        self.value_completed();
    }

    /// A tag that starts a value, after skipping padding and `kVerifyObjectCount` records.
    fn value_tag(&mut self) -> Result<u8, DataCloneError> {
        loop {
            let t = self.r.tag()?;
            if t != tag::VERIFY_OBJECT_COUNT {
                return Ok(t);
            }
            self.r.varint_u32()?;
        }
    }

    fn wire_string(&mut self, t: u8) -> Result<Option<WireString<'a>>, DataCloneError> {
        Ok(Some(match t {
            tag::ONE_BYTE_STRING => {
                let len = self.r.varint_u32()? as usize;
                WireString::OneByte(self.r.raw(len)?)
            }
            tag::TWO_BYTE_STRING => {
                let len = self.r.varint_u32()? as usize;
                if len % 2 != 0 {
                    return Err(self
                        .r
                        .error(format!("two-byte string has an odd byte length {len}")));
                }
                WireString::TwoByte(self.r.raw(len)?)
            }
            tag::UTF8_STRING => {
                let len = self.r.varint_u32()? as usize;
                WireString::Utf8(self.r.raw(len)?)
            }
            _ => return Ok(None),
        }))
    }

    /// `ReadString`: a value that must be a string.
    fn read_string(&mut self, what: &str) -> Result<WireString<'a>, DataCloneError> {
        let at = self.r.position();
        let t = self.value_tag()?;
        self.wire_string(t)?.ok_or_else(|| {
            DataCloneError::at(
                at,
                format!("{what} must be a string, found tag {}", describe_tag(t)),
            )
        })
    }

    /// A property key: V8 accepts strings and numbers (`IsValidObjectKey`).
    fn read_key(&mut self) -> Result<(), DataCloneError> {
        let at = self.r.position();
        let t = self.value_tag()?;
        if let Some(s) = self.wire_string(t)? {
            self.emit_string(opcode::STRING, s);
        } else {
            let n = match t {
                tag::INT32 => f64::from(self.r.zigzag_i32()?),
                tag::UINT32 => f64::from(self.r.varint_u32()?),
                tag::DOUBLE => self.r.double()?,
                _ => {
                    return Err(DataCloneError::at(
                        at,
                        format!(
                            "a property key must be a string or a number, found tag {}",
                            describe_tag(t)
                        ),
                    ));
                }
            };
            self.emit(Op::Number(n));
        }
        match self.stack.last_mut() {
            Some(Frame::Object { awaiting_value, .. })
            | Some(Frame::SparseArray { awaiting_value, .. })
            | Some(Frame::DenseArray { awaiting_value, .. }) => *awaiting_value = true,
            _ => {}
        }
        Ok(())
    }

    /// `ReadJSObjectProperties`' loop: the end tag, or the next key.
    fn key_or_end(&mut self, end_tag: u8) -> Result<(), DataCloneError> {
        if self.r.peek_tag()? != end_tag {
            return self.read_key();
        }
        let at = self.r.position();
        self.r.byte()?;
        let count = self.r.varint_u32()?;
        match self.stack.last() {
            Some(&Frame::Object { properties, .. }) => {
                if count != properties {
                    return Err(DataCloneError::at(
                        at,
                        format!("object ends claiming {count} properties but has {properties}"),
                    ));
                }
            }
            Some(&Frame::DenseArray {
                length, properties, ..
            })
            | Some(&Frame::SparseArray {
                length, properties, ..
            }) => {
                let expected_length = self.r.varint_u32()?;
                if count != properties || expected_length != length {
                    return Err(DataCloneError::at(
                        at,
                        format!(
                            "array ends claiming {count} properties and length {expected_length} but has {properties} and {length}"
                        ),
                    ));
                }
            }
            _ => return Err(DataCloneError::at(at, "end tag outside an object")),
        }
        self.emit(Op::End);
        self.pop_completed();
        Ok(())
    }

    /// `ReadJSMap` / `ReadJSSet`: the end tag, or the next value.
    fn value_or_end(&mut self, end_tag: u8) -> Result<(), DataCloneError> {
        // V8 reads a Map's key and value together: no end tag between them.
        let inside_entry =
            matches!(self.stack.last(), Some(Frame::Map { values }) if values % 2 == 1);
        if inside_entry || self.r.peek_tag()? != end_tag {
            return self.read_value();
        }
        let at = self.r.position();
        self.r.byte()?;
        let count = self.r.varint_u32()?;
        let (Some(Frame::Map { values }) | Some(Frame::Set { values })) = self.stack.last() else {
            return Err(DataCloneError::at(at, "end tag outside a Map or Set"));
        };
        if count != *values {
            return Err(DataCloneError::at(
                at,
                format!("Map or Set ends claiming {count} values but has {values}"),
            ));
        }
        self.emit(Op::End);
        self.pop_completed();
        Ok(())
    }

    /// One field of `ReadJSError`'s loop.
    fn error_field(&mut self) -> Result<(), DataCloneError> {
        let at = self.r.position();
        let field = self.r.varint_u32()?;
        let prototype = match u8::try_from(field).unwrap_or(0) {
            error_tag::EVAL_ERROR_PROTOTYPE => Some(ErrorPrototype::EvalError),
            error_tag::RANGE_ERROR_PROTOTYPE => Some(ErrorPrototype::RangeError),
            error_tag::REFERENCE_ERROR_PROTOTYPE => Some(ErrorPrototype::ReferenceError),
            error_tag::SYNTAX_ERROR_PROTOTYPE => Some(ErrorPrototype::SyntaxError),
            error_tag::TYPE_ERROR_PROTOTYPE => Some(ErrorPrototype::TypeError),
            error_tag::URI_ERROR_PROTOTYPE => Some(ErrorPrototype::UriError),
            error_tag::MESSAGE => {
                let s = self.read_string("an Error's message")?;
                self.emit_string(opcode::ERROR_MESSAGE, s);
                return Ok(());
            }
            error_tag::STACK => {
                let s = self.read_string("an Error's stack")?;
                self.emit_string(opcode::ERROR_STACK, s);
                return Ok(());
            }
            error_tag::CAUSE => {
                self.emit(Op::ErrorCause);
                if let Some(Frame::Error { awaiting_cause, .. }) = self.stack.last_mut() {
                    *awaiting_cause = true;
                }
                return Ok(());
            }
            error_tag::END => {
                if let Some(&Frame::Error { wire_id, .. }) = self.stack.last()
                    && let Some(entry) = self.objects.get_mut(wire_id as usize)
                {
                    entry.state = WireState::Ready;
                }
                self.emit(Op::End);
                self.pop_completed();
                return Ok(());
            }
            _ => None,
        };
        let Some(prototype) = prototype else {
            return Err(DataCloneError::at(
                at,
                format!("unknown Error field tag {field}"),
            ));
        };
        if let Some(&Frame::Error { prototype_at, .. }) = self.stack.last()
            && let Some(slot) = self.out.code.get_mut(prototype_at)
        {
            *slot = prototype.code();
        }
        Ok(())
    }

    fn end_serializable(&mut self, wire_id: u32) -> Result<(), DataCloneError> {
        let at = self.r.position();
        if self.r.tag()? != tag::END_JS_OBJECT || self.r.varint_u32()? != 2 {
            return Err(DataCloneError::at(
                at,
                "a serializable object (NaN-keyed) must have exactly the properties NaN and \"value\"",
            ));
        }
        if let Some(entry) = self.objects.get_mut(wire_id as usize) {
            entry.state = WireState::Ready;
        }
        self.pop_completed();
        Ok(())
    }

    fn read_bigint(&mut self) -> Result<(bool, &'a [u8]), DataCloneError> {
        let bitfield = self.r.varint_u32()?;
        let byte_length = (bitfield >> 1) as usize & BIGINT_MAX_BYTE_LENGTH;
        let digits = self.r.raw(byte_length)?;
        let significant = digits.iter().rposition(|&b| b != 0).map_or(0, |i| i + 1);
        Ok((bitfield & 1 == 1 && significant > 0, &digits[..significant]))
    }

    /// `ReadObject`: one complete value, or the opening of a container.
    fn read_value(&mut self) -> Result<(), DataCloneError> {
        let at = self.r.position();
        let t = self.value_tag()?;
        if let Some(s) = self.wire_string(t)? {
            self.emit_string(opcode::STRING, s);
            self.value_completed();
            return Ok(());
        }
        match t {
            tag::UNDEFINED => self.emit(Op::Undefined),
            tag::NULL => self.emit(Op::Null),
            tag::TRUE => self.emit(Op::True),
            tag::FALSE => self.emit(Op::False),
            tag::INT32 => {
                let n = self.r.zigzag_i32()?;
                self.emit(Op::Number(f64::from(n)));
            }
            tag::UINT32 => {
                let n = self.r.varint_u32()?;
                self.emit(Op::Number(f64::from(n)));
            }
            tag::DOUBLE => {
                let n = self.r.double()?;
                self.emit(Op::Number(n));
            }
            tag::BIGINT => {
                let (negative, magnitude) = self.read_bigint()?;
                self.emit(Op::BigInt {
                    negative,
                    magnitude,
                });
            }
            tag::OBJECT_REFERENCE => {
                let id = self.r.varint_u32()?;
                let entry = *self.objects.get(id as usize).ok_or_else(|| {
                    DataCloneError::at(
                        at,
                        format!("reference to object {id}, which has not been read"),
                    )
                })?;
                match entry.state {
                    WireState::Pending => {
                        return Err(DataCloneError::at(
                            at,
                            format!("reference to object {id} before its deserialization finished"),
                        ));
                    }
                    WireState::Buffer(info) => {
                        return self.buffer_then_view(BufferValue::Ref(entry.op_id, info));
                    }
                    WireState::Ready => self.emit(Op::BackRef(entry.op_id)),
                }
            }
            tag::BEGIN_JS_OBJECT => return self.begin_object(),
            tag::BEGIN_DENSE_JS_ARRAY => {
                let length = self.r.varint_u32()?;
                // As V8: every element takes at least one byte.
                if length as usize > self.r.remaining() {
                    return Err(DataCloneError::at(
                        at,
                        format!(
                            "dense array length {length} exceeds the {} bytes that remain",
                            self.r.remaining()
                        ),
                    ));
                }
                self.new_ready_object();
                self.emit(Op::BeginDenseArray { length });
                self.stack.push(Frame::DenseArray {
                    length,
                    remaining: length,
                    properties: 0,
                    awaiting_value: false,
                });
                return Ok(());
            }
            tag::BEGIN_SPARSE_JS_ARRAY => {
                let length = self.r.varint_u32()?;
                self.new_ready_object();
                self.emit(Op::BeginSparseArray { length });
                self.stack.push(Frame::SparseArray {
                    length,
                    properties: 0,
                    awaiting_value: false,
                });
                return Ok(());
            }
            tag::BEGIN_JS_MAP | tag::BEGIN_JS_SET => {
                self.new_ready_object();
                if t == tag::BEGIN_JS_MAP {
                    self.emit(Op::BeginMap);
                    self.stack.push(Frame::Map { values: 0 });
                } else {
                    self.emit(Op::BeginSet);
                    self.stack.push(Frame::Set { values: 0 });
                }
                return Ok(());
            }
            tag::DATE => {
                let time = self.r.double()?;
                self.new_ready_object();
                self.emit(Op::Date(time));
            }
            tag::TRUE_OBJECT | tag::FALSE_OBJECT => {
                self.new_ready_object();
                self.emit(Op::BooleanObject(t == tag::TRUE_OBJECT));
            }
            tag::NUMBER_OBJECT => {
                let n = self.r.double()?;
                self.new_ready_object();
                self.emit(Op::NumberObject(n));
            }
            tag::BIGINT_OBJECT => {
                let (negative, magnitude) = self.read_bigint()?;
                self.new_ready_object();
                self.emit(Op::BigIntObject {
                    negative,
                    magnitude,
                });
            }
            tag::STRING_OBJECT => {
                let s = self.read_string("a String object's value")?;
                self.new_ready_object();
                self.next_op_id += 1;
                self.emit_string(opcode::STRING_OBJECT, s);
            }
            tag::REGEXP => {
                let source = self.read_string("a RegExp's source")?;
                let flags = self.r.varint_u32()?;
                check_regexp_flags(flags).map_err(|m| DataCloneError::at(at, m))?;
                self.new_ready_object();
                self.next_op_id += 1;
                let start = self.out.code.len();
                self.emit_string(opcode::REGEXP, source);
                // emit_string wrote [REGEXP, len]; the op is [REGEXP, flags, len].
                self.out.code.insert(start + 1, flags);
            }
            tag::ARRAY_BUFFER => {
                let len = self.r.varint_u32()?;
                let data = self.r.raw(len as usize)?;
                let info = BufferInfo {
                    byte_length: Some(len),
                    resizable: Some(false),
                };
                return self.buffer_then_view(BufferValue::New(Op::ArrayBuffer(data), info));
            }
            tag::RESIZABLE_ARRAY_BUFFER => {
                let len = self.r.varint_u32()?;
                let max_byte_length = self.r.varint_u32()?;
                if len > max_byte_length {
                    return Err(DataCloneError::at(
                        at,
                        format!(
                            "resizable ArrayBuffer byte length {len} exceeds its maxByteLength {max_byte_length}"
                        ),
                    ));
                }
                let data = self.r.raw(len as usize)?;
                let info = BufferInfo {
                    byte_length: Some(len),
                    resizable: Some(true),
                };
                let op = Op::ResizableArrayBuffer {
                    data,
                    max_byte_length,
                };
                return self.buffer_then_view(BufferValue::New(op, info));
            }
            tag::ARRAY_BUFFER_TRANSFER => {
                let index = self.r.varint_u32()?;
                if index >= self.options.transferred_buffers {
                    return Err(DataCloneError::at(
                        at,
                        format!(
                            "transferred ArrayBuffer {index} is not in the transfer list of {}",
                            self.options.transferred_buffers
                        ),
                    ));
                }
                let info = BufferInfo {
                    byte_length: None,
                    resizable: None,
                };
                return self
                    .buffer_then_view(BufferValue::New(Op::TransferredArrayBuffer(index), info));
            }
            tag::SHARED_ARRAY_BUFFER => {
                let index = self.r.varint_u32()?;
                if index >= self.options.shared_buffers {
                    return Err(DataCloneError::at(
                        at,
                        format!(
                            "SharedArrayBuffer {index} is not among the {} shared buffers",
                            self.options.shared_buffers
                        ),
                    ));
                }
                let info = BufferInfo {
                    byte_length: None,
                    resizable: Some(false),
                };
                return self.buffer_then_view(BufferValue::New(Op::SharedArrayBuffer(index), info));
            }
            tag::ERROR => {
                let wire_id = self.new_wire_object(self.next_op_id, WireState::Pending);
                let prototype_at = self.out.code.len() + 1;
                self.emit(Op::Error(ErrorPrototype::Error));
                self.stack.push(Frame::Error {
                    wire_id,
                    prototype_at,
                    awaiting_cause: false,
                });
                return Ok(());
            }
            tag::HOST_OBJECT => self.node_host_object(at)?,
            tag::THE_HOLE => return Err(DataCloneError::at(at, "a hole outside a dense array")),
            tag::ARRAY_BUFFER_VIEW => {
                return Err(DataCloneError::at(
                    at,
                    "an ArrayBufferView that does not follow an ArrayBuffer",
                ));
            }
            tag::SHARED_OBJECT => {
                return Err(DataCloneError::at(
                    at,
                    "shared objects (shared structs) are not supported",
                ));
            }
            tag::WASM_MODULE_TRANSFER | tag::WASM_MEMORY_TRANSFER | tag::LEGACY_WASM_MODULE => {
                return Err(DataCloneError::at(
                    at,
                    "WebAssembly modules and memories are not supported",
                ));
            }
            _ => {
                return Err(DataCloneError::at(
                    at,
                    format!(
                        "unexpected tag {} where a value should start",
                        describe_tag(t)
                    ),
                ));
            }
        }
        self.value_completed();
        Ok(())
    }

    /// 'o': an ordinary object, or weft's serializable-object encoding `{ NaN: name, value }`.
    fn begin_object(&mut self) -> Result<(), DataCloneError> {
        let mut peek = self.r.clone();
        let is_serializable = peek.tag() == Ok(tag::DOUBLE) && peek.double().is_ok_and(f64::is_nan);
        if !is_serializable {
            self.new_ready_object();
            self.emit(Op::BeginObject);
            self.stack.push(Frame::Object {
                properties: 0,
                awaiting_value: false,
            });
            return Ok(());
        }
        self.r = peek;
        let wire_id = self.new_wire_object(self.next_op_id, WireState::Pending);
        let name = self.read_string("a serializable object's class name")?;
        let at = self.r.position();
        let key = self.read_string("a serializable object's second key")?;
        let is_value_key = match key {
            WireString::OneByte(b) | WireString::Utf8(b) => b == b"value",
            WireString::TwoByte(b) => {
                b.chunks_exact(2).map(|p| p[0]).eq(*b"value")
                    && b.chunks_exact(2).all(|p| p[1] == 0)
            }
        };
        if !is_value_key {
            return Err(DataCloneError::at(
                at,
                "a serializable object's second key must be \"value\"",
            ));
        }
        self.next_op_id += 1;
        self.emit_string(opcode::SERIALIZABLE, name);
        self.stack.push(Frame::Serializable {
            wire_id,
            data_done: false,
        });
        Ok(())
    }

    /// Node's `DefaultDeserializer._readHostObject`: type index, byte length, bytes.
    fn node_host_object(&mut self, at: usize) -> Result<(), DataCloneError> {
        let index = self.r.varint_u32()?;
        let kind = ViewKind::from_code(index)
            .filter(|k| k.node_host_index() == Some(index))
            .ok_or_else(|| {
                DataCloneError::at(
                    at,
                    format!("unknown host object (not a Node ArrayBufferView type index: {index})"),
                )
            })?;
        let byte_length = self.r.varint_u32()?;
        if byte_length % kind.element_size() != 0 {
            return Err(DataCloneError::at(
                at,
                format!(
                    "{} byte length {byte_length} is not a multiple of {}",
                    kind.name(),
                    kind.element_size()
                ),
            ));
        }
        let data = self.r.raw(byte_length as usize)?;
        self.new_ready_object();
        self.emit(Op::View {
            kind,
            byte_offset: 0,
            byte_length,
            flags: 0,
        });
        self.emit(Op::ArrayBuffer(data));
        Ok(())
    }

    /// A buffer value, and the view over it if 'V' follows (V8's `ReadObject` does the same
    /// peek after any value that is an ArrayBuffer).
    fn buffer_then_view(&mut self, buffer: BufferValue<'a>) -> Result<(), DataCloneError> {
        let info = match buffer {
            BufferValue::New(_, info) | BufferValue::Ref(_, info) => info,
        };
        // The buffer's wire id comes first; its op id is decided below.
        let buffer_wire = matches!(buffer, BufferValue::New(..))
            .then(|| self.new_wire_object(0, WireState::Buffer(info)));
        let view = if self.r.peek_tag_at_end() == Some(tag::ARRAY_BUFFER_VIEW) {
            Some(self.read_view_header(info)?)
        } else {
            None
        };
        if let Some(view) = view {
            self.new_ready_object();
            self.emit(view);
        }
        match buffer {
            BufferValue::New(op, _) => {
                if let Some(entry) = buffer_wire.and_then(|w| self.objects.get_mut(w as usize)) {
                    entry.op_id = self.next_op_id;
                }
                self.emit(op);
            }
            BufferValue::Ref(op_id, _) => self.emit(Op::BackRef(op_id)),
        }
        self.value_completed();
        Ok(())
    }

    /// `ReadJSArrayBufferView`, after its buffer.
    fn read_view_header(&mut self, buffer: BufferInfo) -> Result<Op<'a>, DataCloneError> {
        let at = self.r.position();
        self.r.byte()?;
        let subtag = self.r.byte()?;
        let kind = ViewKind::from_v8_subtag(subtag).ok_or_else(|| {
            DataCloneError::at(
                at,
                format!("unknown ArrayBufferView subtag {}", describe_tag(subtag)),
            )
        })?;
        let byte_offset = self.r.varint_u32()?;
        let byte_length = self.r.varint_u32()?;
        let wire_flags = if self.version >= FIRST_VERSION_WITH_VIEW_FLAGS {
            self.r.varint_u32()?
        } else {
            0
        };
        // Other bits are ignored, as V8 does.
        let mut flags = 0;
        if wire_flags & wire::VIEW_FLAG_LENGTH_TRACKING != 0 {
            flags |= VIEW_LENGTH_TRACKING;
        }
        if wire_flags & wire::VIEW_FLAG_BACKED_BY_RAB != 0 {
            flags |= VIEW_BACKED_BY_RESIZABLE;
        }
        check_view(kind, byte_offset, byte_length, flags, buffer)
            .map_err(|m| DataCloneError::at(at, m))?;
        Ok(Op::View {
            kind,
            byte_offset,
            byte_length: if flags & VIEW_LENGTH_TRACKING != 0 {
                0
            } else {
                byte_length
            },
            flags,
        })
    }
}

/// A tag for messages: the character when printable, else hex.
fn describe_tag(t: u8) -> String {
    if t.is_ascii_graphic() {
        format!("'{}' ({t:#04x})", t as char)
    } else {
        format!("{t:#04x}")
    }
}
