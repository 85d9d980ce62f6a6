//! The writing half: an op stream (the StructuredSerializeInternal record tree, already walked
//! in JavaScript) to V8 wire-format bytes, exactly as V8's `ValueSerializer` (with Node's
//! `DefaultSerializer` delegate, by default) writes the same value.
//!
//! Non-recursive: nesting lives in an explicit stack, so depth is bounded only by memory.

use super::DataCloneError;
use super::ops::{
    ErrorPrototype, Op, OpReader, OpsRef, VIEW_BACKED_BY_RESIZABLE, VIEW_LENGTH_TRACKING, ViewKind,
};
use super::wire::{
    self, BIGINT_MAX_BYTE_LENGTH, CANONICAL_NAN_BITS, LATEST_VERSION, Writer, error_tag,
    regexp_flag, tag,
};

/// How ArrayBufferViews are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ViewEncoding {
    /// As Node's `v8.serialize` (its `DefaultSerializer`) writes them — a host object holding
    /// a copy of the viewed bytes — whenever that loses nothing: the view covers the whole of a
    /// fixed-length ArrayBuffer that nothing else references. Every other view is written in
    /// V8's own form, which Node's `v8.deserialize` also reads.
    #[default]
    NodeHostObject,
    /// Always V8's own form: the buffer ('B', '~', 't' or 'u'), then 'V'.
    V8,
}

/// Options of [`serialize_ops`].
#[derive(Clone, Copy, Debug, Default)]
pub struct SerializeOptions {
    /// StructuredSerializeForStorage: SharedArrayBuffers and transfers are errors.
    pub for_storage: bool,
    pub views: ViewEncoding,
}

/// What a back-reference may point to, by op id.
#[derive(Clone, Copy, Debug)]
enum Entry {
    /// Serialized; the id V8's deserializer gives it.
    Ready(u32),
    /// Serialized buffer, with what is known of it (for validating views).
    Buffer(u32, BufferInfo),
    /// Still being serialized and not yet usable by V8's deserializer (Error,
    /// serializable object, or a view whose buffer comes first on the wire).
    Pending,
    /// Folded into a Node host-object view; never referenced (checked up front).
    Elided,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct BufferInfo {
    /// None for shared and transferred buffers, whose length lives elsewhere.
    pub byte_length: Option<u32>,
    /// None for transferred buffers; shared buffers count as not backed by a resizable one.
    pub resizable: Option<bool>,
}

#[derive(Debug)]
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
        op_id: u32,
        wire_id: u32,
        awaiting_cause: bool,
    },
    View {
        op_id: u32,
        kind: ViewKind,
        byte_offset: u32,
        byte_length: u32,
        flags: u32,
    },
    Serializable {
        op_id: u32,
        wire_id: u32,
    },
}

/// Serializes an op stream to V8 wire-format (version 15) bytes.
///
/// Errors (a DataCloneError in JS) for ops that do not form exactly one well-formed value, for
/// SharedArrayBuffers or transfers when `for_storage`, and for values V8 cannot represent
/// (views outside their buffer, invalid RegExp flags, BigInts over 2^30 bytes).
pub fn serialize_ops(
    ops: OpsRef<'_>,
    options: &SerializeOptions,
) -> Result<Vec<u8>, DataCloneError> {
    // Every object, property and element takes at least one code word, so below 2^32 code
    // words every count fits a u32.
    if u32::try_from(ops.code.len()).is_err() {
        return Err(DataCloneError::new("op stream longer than 2^32 code words"));
    }
    let referenced = back_referenced_ids(ops)?;
    let mut s = Serializer {
        w: Writer::with_capacity(16 + ops.code.len() * 2 + ops.units.len() + ops.bytes.len()),
        options: *options,
        reader: OpReader::new(ops),
        referenced,
        entries: Vec::new(),
        next_wire_id: 0,
        stack: vec![Frame::Root { done: false }],
    };
    // WriteHeader.
    s.w.tag(tag::VERSION);
    s.w.varint(u64::from(LATEST_VERSION));
    s.run()?;
    Ok(s.w.out)
}

/// Op ids that some BackRef names: a view whose buffer is one of these must keep the buffer as
/// its own wire object.
fn back_referenced_ids(ops: OpsRef<'_>) -> Result<Vec<bool>, DataCloneError> {
    let mut count = 0u32;
    let mut targets = Vec::new();
    for op in OpReader::new(ops) {
        let op = op?;
        if let Op::BackRef(id) = op {
            targets.push(id);
        }
        if op.creates_object() {
            count += 1;
        }
    }
    let mut referenced = vec![false; count as usize];
    for id in targets {
        if let Some(r) = referenced.get_mut(id as usize) {
            *r = true;
        }
    }
    Ok(referenced)
}

struct Serializer<'a> {
    w: Writer,
    options: SerializeOptions,
    reader: OpReader<'a>,
    referenced: Vec<bool>,
    /// By op id.
    entries: Vec<Entry>,
    next_wire_id: u32,
    stack: Vec<Frame>,
}

/// What the innermost open construct accepts next.
enum Expect {
    Value,
    /// A dense array element: a value or a Hole.
    Element,
    /// A value or End (Map, Set).
    ValueOrEnd,
    /// A property key (String or Number) or End.
    KeyOrEnd,
    /// ErrorMessage, ErrorCause, ErrorStack or End.
    ErrorField,
    /// An ArrayBuffer op or a BackRef to one.
    Buffer,
    Nothing,
}

impl<'a> Serializer<'a> {
    fn error(&self, at: usize, message: impl std::fmt::Display) -> DataCloneError {
        DataCloneError::new(format!(
            "cannot serialize (op at code index {at}): {message}"
        ))
    }

    fn top(&mut self) -> &mut Frame {
        // The Root frame is never popped.
        let last = self.stack.len() - 1;
        &mut self.stack[last]
    }

    fn expect(&self) -> Expect {
        match self.stack.last() {
            Some(Frame::Root { done: false }) => Expect::Value,
            Some(Frame::Object { awaiting_value, .. })
            | Some(Frame::SparseArray { awaiting_value, .. }) => {
                if *awaiting_value {
                    Expect::Value
                } else {
                    Expect::KeyOrEnd
                }
            }
            Some(Frame::DenseArray {
                remaining,
                awaiting_value,
                ..
            }) => {
                if *remaining > 0 {
                    Expect::Element
                } else if *awaiting_value {
                    Expect::Value
                } else {
                    Expect::KeyOrEnd
                }
            }
            Some(Frame::Map { .. }) | Some(Frame::Set { .. }) => Expect::ValueOrEnd,
            Some(Frame::Error { awaiting_cause, .. }) => {
                if *awaiting_cause {
                    Expect::Value
                } else {
                    Expect::ErrorField
                }
            }
            Some(Frame::View { .. }) => Expect::Buffer,
            Some(Frame::Serializable { .. }) => Expect::Value,
            Some(Frame::Root { done: true }) | None => Expect::Nothing,
        }
    }

    fn run(&mut self) -> Result<(), DataCloneError> {
        loop {
            let at = self.reader.code_position();
            let Some(op) = self.reader.next_op()? else {
                break;
            };
            match self.expect() {
                Expect::Value | Expect::Element | Expect::ValueOrEnd => {
                    let element = matches!(self.expect(), Expect::Element);
                    let end_ok = matches!(self.expect(), Expect::ValueOrEnd);
                    match op {
                        Op::End if end_ok || element => self.end(at)?,
                        Op::Hole if element => {
                            self.w.tag(tag::THE_HOLE);
                            self.value_completed();
                        }
                        _ => self.value(at, op)?,
                    }
                }
                Expect::KeyOrEnd => match op {
                    Op::End => self.end(at)?,
                    Op::String(units) => self.key_string(units),
                    Op::Number(n) => self.key_number(at, n)?,
                    other => {
                        return Err(self.error(
                            at,
                            format_args!(
                                "expected a property key (String or Number) or End, found {}",
                                other.kind()
                            ),
                        ));
                    }
                },
                Expect::ErrorField => self.error_field(at, op)?,
                Expect::Buffer => self.view_buffer(at, op)?,
                Expect::Nothing => {
                    return Err(self.error(at, "ops remain after the complete value"));
                }
            }
        }
        if !matches!(self.stack.as_slice(), [Frame::Root { done: true }]) {
            return Err(DataCloneError::new(format!(
                "cannot serialize: the op stream ended inside {} unfinished construct(s)",
                self.stack.len().saturating_sub(1).max(1)
            )));
        }
        if !self.reader.is_exhausted() {
            return Err(DataCloneError::new(
                "cannot serialize: the op stream has unused numbers, units or bytes",
            ));
        }
        Ok(())
    }

    /// Gives the next op id its entry; returns the op id.
    fn new_object(&mut self, entry: Entry) -> u32 {
        let op_id = self.entries.len() as u32;
        self.entries.push(entry);
        op_id
    }

    fn new_wire_id(&mut self) -> u32 {
        let id = self.next_wire_id;
        self.next_wire_id += 1;
        id
    }

    /// A ready object with a fresh wire id (the common case: `WriteJSReceiver`).
    fn ready_object(&mut self) {
        let wire = self.new_wire_id();
        self.new_object(Entry::Ready(wire));
    }

    /// Called when a complete value has been written in the innermost construct.
    fn value_completed(&mut self) {
        loop {
            match self.top() {
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
                // Views are completed by `view_buffer`.
                Frame::View { .. } => {}
                &mut Frame::Serializable { op_id, wire_id } => {
                    self.w.tag(tag::END_JS_OBJECT);
                    self.w.varint(2);
                    self.entries[op_id as usize] = Entry::Ready(wire_id);
                    self.stack.pop();
                    continue;
                }
            }
            return;
        }
    }

    fn key_string(&mut self, units: &[u16]) {
        match array_index(units) {
            Some(index) => self.w.number(f64::from(index)),
            None => self.w.string(units),
        }
        self.key_written();
    }

    fn key_number(&mut self, at: usize, n: f64) -> Result<(), DataCloneError> {
        if !(n >= 0.0 && n <= f64::from(MAX_ARRAY_INDEX) && n.fract() == 0.0) {
            // An integer is printed exactly; other numbers are not printed (core's float
            // formatting would be a fifth of this wasm).
            if n.fract() == 0.0 && n.abs() < 9_007_199_254_740_992.0 {
                return Err(self.error(
                    at,
                    format_args!("a Number property key must be an array index, not {}; pass other keys as Strings", n as i64),
                ));
            }
            return Err(self.error(
                at,
                format_args!("a Number property key must be an array index, not a fraction, infinity or NaN; pass other keys as Strings"),
            ));
        }
        self.w.number(n);
        self.key_written();
        Ok(())
    }

    fn key_written(&mut self) {
        if let Frame::Object { awaiting_value, .. }
        | Frame::SparseArray { awaiting_value, .. }
        | Frame::DenseArray { awaiting_value, .. } = self.top()
        {
            *awaiting_value = true;
        }
    }

    /// End of the innermost Object, array, Map or Set.
    fn end(&mut self, at: usize) -> Result<(), DataCloneError> {
        match *self.top() {
            Frame::Object { properties, .. } => {
                self.w.tag(tag::END_JS_OBJECT);
                self.w.varint(u64::from(properties));
            }
            Frame::DenseArray {
                length,
                remaining,
                properties,
                ..
            } => {
                if remaining > 0 {
                    return Err(self.error(
                        at,
                        format_args!(
                            "dense array of length {length} ended {remaining} element(s) early"
                        ),
                    ));
                }
                self.w.tag(tag::END_DENSE_JS_ARRAY);
                self.w.varint(u64::from(properties));
                self.w.varint(u64::from(length));
            }
            Frame::SparseArray {
                length, properties, ..
            } => {
                self.w.tag(tag::END_SPARSE_JS_ARRAY);
                self.w.varint(u64::from(properties));
                self.w.varint(u64::from(length));
            }
            Frame::Map { values } => {
                if values % 2 != 0 {
                    return Err(self.error(at, "Map ended after a key without its value"));
                }
                self.w.tag(tag::END_JS_MAP);
                self.w.varint(u64::from(values));
            }
            Frame::Set { values } => {
                self.w.tag(tag::END_JS_SET);
                self.w.varint(u64::from(values));
            }
            _ => return Err(self.error(at, "End where no container is open")),
        }
        self.stack.pop();
        self.value_completed();
        Ok(())
    }

    fn error_field(&mut self, at: usize, op: Op<'_>) -> Result<(), DataCloneError> {
        match op {
            Op::ErrorMessage(units) => {
                self.w.varint(u64::from(error_tag::MESSAGE));
                self.w.string(units);
            }
            Op::ErrorStack(units) => {
                self.w.varint(u64::from(error_tag::STACK));
                self.w.string(units);
            }
            Op::ErrorCause => {
                self.w.varint(u64::from(error_tag::CAUSE));
                if let Frame::Error { awaiting_cause, .. } = self.top() {
                    *awaiting_cause = true;
                }
            }
            Op::End => {
                self.w.varint(u64::from(error_tag::END));
                if let Frame::Error { op_id, wire_id, .. } = *self.top() {
                    self.entries[op_id as usize] = Entry::Ready(wire_id);
                }
                self.stack.pop();
                self.value_completed();
            }
            other => {
                return Err(self.error(
                    at,
                    format_args!(
                        "expected ErrorMessage, ErrorCause, ErrorStack or End inside an Error, found {}",
                        other.kind()
                    ),
                ));
            }
        }
        Ok(())
    }

    fn bigint(
        &mut self,
        at: usize,
        negative: bool,
        magnitude: &[u8],
    ) -> Result<(), DataCloneError> {
        // V8 writes whole 64-bit digits, without leading zero digits; zero has no sign.
        let significant = magnitude.iter().rposition(|&b| b != 0).map_or(0, |i| i + 1);
        let byte_length = significant.div_ceil(8) * 8;
        if byte_length > BIGINT_MAX_BYTE_LENGTH {
            return Err(self.error(at, "BigInt is too large to serialize"));
        }
        let sign = u64::from(negative && significant > 0);
        self.w.varint(((byte_length as u64) << 1) | sign);
        self.w.raw(&magnitude[..significant]);
        self.w
            .out
            .resize(self.w.out.len() + (byte_length - significant), 0);
        Ok(())
    }

    /// Writes one value op (not a key, not End, not an Error field).
    fn value(&mut self, at: usize, op: Op<'_>) -> Result<(), DataCloneError> {
        match op {
            Op::Undefined => self.w.tag(tag::UNDEFINED),
            Op::Null => self.w.tag(tag::NULL),
            Op::True => self.w.tag(tag::TRUE),
            Op::False => self.w.tag(tag::FALSE),
            Op::Number(n) => self.w.number(n),
            Op::String(units) => self.w.string(units),
            Op::BigInt {
                negative,
                magnitude,
            } => {
                self.w.tag(tag::BIGINT);
                self.bigint(at, negative, magnitude)?;
            }
            Op::BackRef(id) => {
                let wire = match self.entries.get(id as usize) {
                    Some(Entry::Ready(wire)) | Some(Entry::Buffer(wire, _)) => *wire,
                    Some(Entry::Pending) => {
                        return Err(self.error(
                            at,
                            format_args!("back-reference to object {id} inside its own serialization (an Error's cause or a serializable object's data cannot contain the object itself)"),
                        ));
                    }
                    Some(Entry::Elided) | None => {
                        return Err(self.error(
                            at,
                            format_args!(
                                "back-reference to object {id}, which has not been serialized"
                            ),
                        ));
                    }
                };
                self.w.tag(tag::OBJECT_REFERENCE);
                self.w.varint(u64::from(wire));
            }
            Op::BeginObject => {
                self.ready_object();
                self.w.tag(tag::BEGIN_JS_OBJECT);
                self.stack.push(Frame::Object {
                    properties: 0,
                    awaiting_value: false,
                });
                return Ok(());
            }
            Op::BeginDenseArray { length } => {
                self.ready_object();
                self.w.tag(tag::BEGIN_DENSE_JS_ARRAY);
                self.w.varint(u64::from(length));
                self.stack.push(Frame::DenseArray {
                    length,
                    remaining: length,
                    properties: 0,
                    awaiting_value: false,
                });
                return Ok(());
            }
            Op::BeginSparseArray { length } => {
                self.ready_object();
                self.w.tag(tag::BEGIN_SPARSE_JS_ARRAY);
                self.w.varint(u64::from(length));
                self.stack.push(Frame::SparseArray {
                    length,
                    properties: 0,
                    awaiting_value: false,
                });
                return Ok(());
            }
            Op::BeginMap => {
                self.ready_object();
                self.w.tag(tag::BEGIN_JS_MAP);
                self.stack.push(Frame::Map { values: 0 });
                return Ok(());
            }
            Op::BeginSet => {
                self.ready_object();
                self.w.tag(tag::BEGIN_JS_SET);
                self.stack.push(Frame::Set { values: 0 });
                return Ok(());
            }
            Op::Date(t) => {
                self.ready_object();
                self.w.tag(tag::DATE);
                self.w.double(t);
            }
            Op::RegExp { flags, source } => {
                check_regexp_flags(flags).map_err(|m| self.error(at, m))?;
                self.ready_object();
                self.w.tag(tag::REGEXP);
                self.w.string(source);
                self.w.varint(u64::from(flags));
            }
            Op::BooleanObject(b) => {
                self.ready_object();
                self.w.tag(if b {
                    tag::TRUE_OBJECT
                } else {
                    tag::FALSE_OBJECT
                });
            }
            Op::NumberObject(n) => {
                self.ready_object();
                self.w.tag(tag::NUMBER_OBJECT);
                self.w.double(n);
            }
            Op::BigIntObject {
                negative,
                magnitude,
            } => {
                self.ready_object();
                self.w.tag(tag::BIGINT_OBJECT);
                self.bigint(at, negative, magnitude)?;
            }
            Op::StringObject(units) => {
                self.ready_object();
                self.w.tag(tag::STRING_OBJECT);
                self.w.string(units);
            }
            Op::ArrayBuffer(_)
            | Op::ResizableArrayBuffer { .. }
            | Op::SharedArrayBuffer(_)
            | Op::TransferredArrayBuffer(_) => {
                self.array_buffer(at, op)?;
            }
            Op::View {
                kind,
                byte_offset,
                byte_length,
                flags,
            } => return self.view(at, kind, byte_offset, byte_length, flags),
            Op::Error(prototype) => {
                let wire_id = self.new_wire_id();
                let op_id = self.new_object(Entry::Pending);
                self.w.tag(tag::ERROR);
                let prototype_tag = match prototype {
                    // The default prototype on the deserializing side.
                    ErrorPrototype::Error => None,
                    ErrorPrototype::EvalError => Some(error_tag::EVAL_ERROR_PROTOTYPE),
                    ErrorPrototype::RangeError => Some(error_tag::RANGE_ERROR_PROTOTYPE),
                    ErrorPrototype::ReferenceError => Some(error_tag::REFERENCE_ERROR_PROTOTYPE),
                    ErrorPrototype::SyntaxError => Some(error_tag::SYNTAX_ERROR_PROTOTYPE),
                    ErrorPrototype::TypeError => Some(error_tag::TYPE_ERROR_PROTOTYPE),
                    ErrorPrototype::UriError => Some(error_tag::URI_ERROR_PROTOTYPE),
                };
                if let Some(t) = prototype_tag {
                    self.w.varint(u64::from(t));
                }
                self.stack.push(Frame::Error {
                    op_id,
                    wire_id,
                    awaiting_cause: false,
                });
                return Ok(());
            }
            Op::Serializable { name } => {
                // An ordinary object whose first key is the number NaN, which neither V8 nor
                // weft ever writes as a key: { NaN: name, value: data }.
                let wire_id = self.new_wire_id();
                let op_id = self.new_object(Entry::Pending);
                self.w.tag(tag::BEGIN_JS_OBJECT);
                self.w.tag(tag::DOUBLE);
                self.w.raw(&CANONICAL_NAN_BITS.to_le_bytes());
                self.w.string(name);
                self.w.string(&SERIALIZABLE_DATA_KEY);
                self.stack.push(Frame::Serializable { op_id, wire_id });
                return Ok(());
            }
            Op::Hole => return Err(self.error(at, "Hole outside a dense array's elements")),
            Op::End => return Err(self.error(at, "End where a value is expected")),
            Op::ErrorMessage(_) | Op::ErrorCause | Op::ErrorStack(_) => {
                return Err(self.error(at, "Error field outside an Error"));
            }
        }
        self.value_completed();
        Ok(())
    }

    /// `WriteJSArrayBuffer` (and the shared/transfer cases); records what views need to know.
    fn array_buffer(&mut self, at: usize, op: Op<'_>) -> Result<BufferInfo, DataCloneError> {
        let info = match op {
            Op::ArrayBuffer(data) => {
                self.w.tag(tag::ARRAY_BUFFER);
                self.w.varint(data.len() as u64);
                self.w.raw(data);
                BufferInfo {
                    byte_length: Some(data.len() as u32),
                    resizable: Some(false),
                }
            }
            Op::ResizableArrayBuffer {
                data,
                max_byte_length,
            } => {
                if data.len() as u64 > u64::from(max_byte_length) {
                    return Err(self.error(
                        at,
                        format_args!("resizable ArrayBuffer's byte length {} exceeds its maxByteLength {max_byte_length}", data.len()),
                    ));
                }
                self.w.tag(tag::RESIZABLE_ARRAY_BUFFER);
                self.w.varint(data.len() as u64);
                self.w.varint(u64::from(max_byte_length));
                self.w.raw(data);
                BufferInfo {
                    byte_length: Some(data.len() as u32),
                    resizable: Some(true),
                }
            }
            Op::SharedArrayBuffer(index) => {
                // StructuredSerializeInternal: "If forStorage is true, then throw".
                if self.options.for_storage {
                    return Err(
                        self.error(at, "a SharedArrayBuffer cannot be serialized for storage")
                    );
                }
                self.w.tag(tag::SHARED_ARRAY_BUFFER);
                self.w.varint(u64::from(index));
                BufferInfo {
                    byte_length: None,
                    resizable: Some(false),
                }
            }
            Op::TransferredArrayBuffer(index) => {
                if self.options.for_storage {
                    return Err(self.error(
                        at,
                        "an ArrayBuffer cannot be transferred when serializing for storage",
                    ));
                }
                self.w.tag(tag::ARRAY_BUFFER_TRANSFER);
                self.w.varint(u64::from(index));
                BufferInfo {
                    byte_length: None,
                    resizable: None,
                }
            }
            _ => return Err(self.error(at, "expected an ArrayBuffer op")),
        };
        let wire = self.new_wire_id();
        self.new_object(Entry::Buffer(wire, info));
        Ok(info)
    }

    fn view(
        &mut self,
        at: usize,
        kind: ViewKind,
        byte_offset: u32,
        byte_length: u32,
        flags: u32,
    ) -> Result<(), DataCloneError> {
        let op_id = self.entries.len() as u32;
        if self.options.views == ViewEncoding::NodeHostObject
            && let Some(index) = kind.node_host_index()
            && byte_offset == 0
            && flags == 0
            && !self
                .referenced
                .get(op_id as usize + 1)
                .copied()
                .unwrap_or(true)
        {
            let mut peek = self.reader.clone();
            if let Ok(Some(Op::ArrayBuffer(data))) = peek.next_op()
                && data.len() as u64 == u64::from(byte_length)
            {
                if byte_length % kind.element_size() != 0 {
                    return Err(self.error(
                        at,
                        format_args!(
                            "{} byte length {byte_length} is not a multiple of {}",
                            kind.name(),
                            kind.element_size()
                        ),
                    ));
                }
                // Node's DefaultSerializer._writeHostObject: type index, byte length, bytes.
                self.reader = peek;
                self.ready_object();
                self.new_object(Entry::Elided);
                self.w.tag(tag::HOST_OBJECT);
                self.w.varint(u64::from(index));
                self.w.varint(u64::from(byte_length));
                self.w.raw(data);
                self.value_completed();
                return Ok(());
            }
        }
        // V8's form: the buffer first (it gets the lower wire id), then 'V'.
        self.new_object(Entry::Pending);
        self.stack.push(Frame::View {
            op_id,
            kind,
            byte_offset,
            byte_length,
            flags,
        });
        Ok(())
    }

    /// The buffer of the innermost View, then the view itself (`WriteJSArrayBufferView`).
    fn view_buffer(&mut self, at: usize, op: Op<'_>) -> Result<(), DataCloneError> {
        let info = match op {
            Op::BackRef(id) => {
                match self.entries.get(id as usize) {
                    Some(&Entry::Buffer(wire, info)) => {
                        self.w.tag(tag::OBJECT_REFERENCE);
                        self.w.varint(u64::from(wire));
                        info
                    }
                    _ => {
                        return Err(self.error(
                        at,
                        format_args!("a View's BackRef must name an ArrayBuffer, and object {id} is not one"),
                    ));
                    }
                }
            }
            Op::ArrayBuffer(_)
            | Op::ResizableArrayBuffer { .. }
            | Op::SharedArrayBuffer(_)
            | Op::TransferredArrayBuffer(_) => self.array_buffer(at, op)?,
            other => {
                return Err(self.error(
                    at,
                    format_args!(
                        "a View must be followed by its buffer, found {}",
                        other.kind()
                    ),
                ));
            }
        };
        let Some(Frame::View {
            op_id,
            kind,
            byte_offset,
            byte_length,
            flags,
        }) = self.stack.pop()
        else {
            return Err(self.error(at, "buffer outside a View"));
        };
        let length_tracking = flags & VIEW_LENGTH_TRACKING != 0;
        // V8 writes the raw byte_length field, which is 0 for a length-tracking view.
        let byte_length = if length_tracking { 0 } else { byte_length };
        check_view(kind, byte_offset, byte_length, flags, info).map_err(|m| self.error(at, m))?;
        self.w.tag(tag::ARRAY_BUFFER_VIEW);
        self.w.tag(kind.v8_subtag());
        self.w.varint(u64::from(byte_offset));
        self.w.varint(u64::from(byte_length));
        let mut wire_flags = 0;
        if length_tracking {
            wire_flags |= wire::VIEW_FLAG_LENGTH_TRACKING;
        }
        if flags & VIEW_BACKED_BY_RESIZABLE != 0 {
            wire_flags |= wire::VIEW_FLAG_BACKED_BY_RAB;
        }
        self.w.varint(u64::from(wire_flags));
        let wire = self.new_wire_id();
        self.entries[op_id as usize] = Entry::Ready(wire);
        self.value_completed();
        Ok(())
    }
}

/// The key under which a serializable object's data is stored.
const SERIALIZABLE_DATA_KEY: [u16; 5] = [
    b'v' as u16,
    b'a' as u16,
    b'l' as u16,
    b'u' as u16,
    b'e' as u16,
];

/// 2^32 − 2, the largest array index.
pub(super) const MAX_ARRAY_INDEX: u32 = u32::MAX - 1;

/// The array index a property key string denotes (canonical decimal, ≤ 2^32 − 2): V8 writes
/// such keys as numbers.
fn array_index(units: &[u16]) -> Option<u32> {
    if units.is_empty() || units.len() > 10 || (units.len() > 1 && units[0] == u16::from(b'0')) {
        return None;
    }
    let mut value: u64 = 0;
    for &u in units {
        let digit = u.checked_sub(u16::from(b'0')).filter(|d| *d <= 9)?;
        value = value * 10 + u64::from(digit);
    }
    u32::try_from(value).ok().filter(|&v| v <= MAX_ARRAY_INDEX)
}

/// The flag checks of V8's `ReadJSRegExp`, applied when writing too.
pub(super) fn check_regexp_flags(flags: u32) -> Result<(), String> {
    if flags >> regexp_flag::COUNT != 0 {
        return Err(format!("unknown RegExp flag bits {flags:#x}"));
    }
    if flags & regexp_flag::LINEAR != 0 {
        return Err("the RegExp 'l' (linear) flag is not supported".into());
    }
    if flags & regexp_flag::UNICODE != 0 && flags & regexp_flag::UNICODE_SETS != 0 {
        return Err("a RegExp cannot have both the 'u' and 'v' flags".into());
    }
    Ok(())
}

/// The checks of V8's `ReadJSArrayBufferView` and `ValidateJSArrayBufferViewFlags`, with what
/// is known of the buffer. `byte_length` is the value on the wire (0 when length-tracking).
pub(super) fn check_view(
    kind: ViewKind,
    byte_offset: u32,
    byte_length: u32,
    flags: u32,
    buffer: BufferInfo,
) -> Result<(), String> {
    let length_tracking = flags & VIEW_LENGTH_TRACKING != 0;
    let backed_by_resizable = flags & VIEW_BACKED_BY_RESIZABLE != 0;
    if let Some(len) = buffer.byte_length {
        if byte_offset > len || byte_length > len - byte_offset {
            return Err(format!(
                "{} (offset {byte_offset}, length {byte_length}) lies outside its {len}-byte buffer",
                kind.name()
            ));
        }
    }
    let size = kind.element_size();
    if byte_offset % size != 0 || byte_length % size != 0 {
        return Err(format!(
            "{} offset {byte_offset} and length {byte_length} must be multiples of {size}",
            kind.name()
        ));
    }
    match buffer.resizable {
        Some(true) if !backed_by_resizable => {
            Err("a view of a resizable ArrayBuffer must have the backed-by-resizable flag".into())
        }
        Some(false) if backed_by_resizable => {
            Err("the backed-by-resizable flag is set but the buffer is not resizable".into())
        }
        Some(false) if length_tracking && buffer.byte_length.is_some() => {
            Err("a length-tracking view needs a resizable buffer".into())
        }
        _ => Ok(()),
    }
}
