//! The op stream: a flat, prefix-order encoding of the StructuredSerializeInternal record tree,
//! built by the JavaScript graph walker (or [`Ops::push`]) and consumed by
//! [`serialize_ops`](super::serialize_ops); produced by
//! [`deserialize_to_ops`](super::deserialize_to_ops) and consumed by the JavaScript builder.
//! The format is specified in the [module documentation](super#the-op-stream).

use super::DataCloneError;

/// Opcodes, the first `u32` of every op in [`Ops::code`].
pub mod opcode {
    pub const UNDEFINED: u32 = 0;
    pub const NULL: u32 = 1;
    pub const TRUE: u32 = 2;
    pub const FALSE: u32 = 3;
    pub const NUMBER: u32 = 4;
    pub const STRING: u32 = 5;
    pub const BIGINT: u32 = 6;
    pub const HOLE: u32 = 7;
    pub const BACK_REF: u32 = 8;
    pub const BEGIN_OBJECT: u32 = 9;
    pub const BEGIN_DENSE_ARRAY: u32 = 10;
    pub const BEGIN_SPARSE_ARRAY: u32 = 11;
    pub const BEGIN_MAP: u32 = 12;
    pub const BEGIN_SET: u32 = 13;
    pub const END: u32 = 14;
    pub const DATE: u32 = 15;
    pub const REGEXP: u32 = 16;
    pub const BOOLEAN_OBJECT: u32 = 17;
    pub const NUMBER_OBJECT: u32 = 18;
    pub const BIGINT_OBJECT: u32 = 19;
    pub const STRING_OBJECT: u32 = 20;
    pub const ARRAY_BUFFER: u32 = 21;
    pub const RESIZABLE_ARRAY_BUFFER: u32 = 22;
    pub const SHARED_ARRAY_BUFFER: u32 = 23;
    pub const TRANSFERRED_ARRAY_BUFFER: u32 = 24;
    pub const VIEW: u32 = 25;
    pub const ERROR: u32 = 26;
    pub const ERROR_MESSAGE: u32 = 27;
    pub const ERROR_CAUSE: u32 = 28;
    pub const ERROR_STACK: u32 = 29;
    pub const SERIALIZABLE: u32 = 30;
}

/// `View` flag: the view tracks the length of its (resizable) buffer.
pub const VIEW_LENGTH_TRACKING: u32 = 1;
/// `View` flag: the view's buffer is a resizable, non-shared ArrayBuffer.
pub const VIEW_BACKED_BY_RESIZABLE: u32 = 2;

/// The constructor of an ArrayBufferView. The codes 0–12 are Node's host-object type indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewKind {
    Int8Array = 0,
    Uint8Array = 1,
    Uint8ClampedArray = 2,
    Int16Array = 3,
    Uint16Array = 4,
    Int32Array = 5,
    Uint32Array = 6,
    Float32Array = 7,
    Float64Array = 8,
    DataView = 9,
    /// Node's `Buffer` (a Uint8Array subclass; a plain Uint8Array where there is no Buffer).
    NodeBuffer = 10,
    BigInt64Array = 11,
    BigUint64Array = 12,
    Float16Array = 13,
}

impl ViewKind {
    const ALL: [ViewKind; 14] = [
        ViewKind::Int8Array,
        ViewKind::Uint8Array,
        ViewKind::Uint8ClampedArray,
        ViewKind::Int16Array,
        ViewKind::Uint16Array,
        ViewKind::Int32Array,
        ViewKind::Uint32Array,
        ViewKind::Float32Array,
        ViewKind::Float64Array,
        ViewKind::DataView,
        ViewKind::NodeBuffer,
        ViewKind::BigInt64Array,
        ViewKind::BigUint64Array,
        ViewKind::Float16Array,
    ];

    pub fn from_code(code: u32) -> Option<ViewKind> {
        Self::ALL.get(usize::try_from(code).ok()?).copied()
    }

    pub fn code(self) -> u32 {
        self as u32
    }

    /// `BYTES_PER_ELEMENT` (1 for DataView).
    pub fn element_size(self) -> u32 {
        match self {
            ViewKind::Int8Array
            | ViewKind::Uint8Array
            | ViewKind::Uint8ClampedArray
            | ViewKind::DataView
            | ViewKind::NodeBuffer => 1,
            ViewKind::Int16Array | ViewKind::Uint16Array | ViewKind::Float16Array => 2,
            ViewKind::Int32Array | ViewKind::Uint32Array | ViewKind::Float32Array => 4,
            ViewKind::Float64Array | ViewKind::BigInt64Array | ViewKind::BigUint64Array => 8,
        }
    }

    /// The constructor's name.
    pub fn name(self) -> &'static str {
        match self {
            ViewKind::Int8Array => "Int8Array",
            ViewKind::Uint8Array => "Uint8Array",
            ViewKind::Uint8ClampedArray => "Uint8ClampedArray",
            ViewKind::Int16Array => "Int16Array",
            ViewKind::Uint16Array => "Uint16Array",
            ViewKind::Int32Array => "Int32Array",
            ViewKind::Uint32Array => "Uint32Array",
            ViewKind::Float32Array => "Float32Array",
            ViewKind::Float64Array => "Float64Array",
            ViewKind::DataView => "DataView",
            ViewKind::NodeBuffer => "Buffer",
            ViewKind::BigInt64Array => "BigInt64Array",
            ViewKind::BigUint64Array => "BigUint64Array",
            ViewKind::Float16Array => "Float16Array",
        }
    }

    /// V8's `ArrayBufferViewTag`.
    pub(super) fn v8_subtag(self) -> u8 {
        match self {
            ViewKind::Int8Array => b'b',
            ViewKind::Uint8Array | ViewKind::NodeBuffer => b'B',
            ViewKind::Uint8ClampedArray => b'C',
            ViewKind::Int16Array => b'w',
            ViewKind::Uint16Array => b'W',
            ViewKind::Int32Array => b'd',
            ViewKind::Uint32Array => b'D',
            ViewKind::Float16Array => b'h',
            ViewKind::Float32Array => b'f',
            ViewKind::Float64Array => b'F',
            ViewKind::BigInt64Array => b'q',
            ViewKind::BigUint64Array => b'Q',
            ViewKind::DataView => b'?',
        }
    }

    pub(super) fn from_v8_subtag(subtag: u8) -> Option<ViewKind> {
        Self::ALL
            .into_iter()
            .filter(|&k| k != ViewKind::NodeBuffer)
            .find(|k| k.v8_subtag() == subtag)
    }

    /// The type index Node's `DefaultSerializer` writes for this view as a host object
    /// (Node has none for Float16Array).
    pub(super) fn node_host_index(self) -> Option<u32> {
        (self != ViewKind::Float16Array).then_some(self as u32)
    }
}

/// Which Error constructor a serialized Error gets (the HTML Standard's \[\[Name\]\]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorPrototype {
    Error = 0,
    EvalError = 1,
    RangeError = 2,
    ReferenceError = 3,
    SyntaxError = 4,
    TypeError = 5,
    UriError = 6,
}

impl ErrorPrototype {
    const ALL: [ErrorPrototype; 7] = [
        ErrorPrototype::Error,
        ErrorPrototype::EvalError,
        ErrorPrototype::RangeError,
        ErrorPrototype::ReferenceError,
        ErrorPrototype::SyntaxError,
        ErrorPrototype::TypeError,
        ErrorPrototype::UriError,
    ];

    pub fn from_code(code: u32) -> Option<ErrorPrototype> {
        Self::ALL.get(usize::try_from(code).ok()?).copied()
    }

    pub fn code(self) -> u32 {
        self as u32
    }

    /// The constructor's name, which is also the serialized \[\[Name\]\].
    pub fn name(self) -> &'static str {
        match self {
            ErrorPrototype::Error => "Error",
            ErrorPrototype::EvalError => "EvalError",
            ErrorPrototype::RangeError => "RangeError",
            ErrorPrototype::ReferenceError => "ReferenceError",
            ErrorPrototype::SyntaxError => "SyntaxError",
            ErrorPrototype::TypeError => "TypeError",
            ErrorPrototype::UriError => "URIError",
        }
    }
}

/// One op, decoded. Strings are UTF-16 code units (lone surrogates allowed, as in JS); byte
/// payloads borrow from [`Ops::bytes`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Op<'a> {
    Undefined,
    Null,
    True,
    False,
    Number(f64),
    String(&'a [u16]),
    /// `magnitude` is little-endian; high zero bytes are allowed when serializing.
    BigInt {
        negative: bool,
        magnitude: &'a [u8],
    },
    /// A missing element of a dense array.
    Hole,
    /// The object with this op id (see the module docs) again.
    BackRef(u32),
    BeginObject,
    BeginDenseArray {
        length: u32,
    },
    BeginSparseArray {
        length: u32,
    },
    BeginMap,
    BeginSet,
    End,
    Date(f64),
    /// `flags` uses V8's bits: g 1, i 2, m 4, y 8, u 16, s 32, d 128, v 256.
    RegExp {
        flags: u32,
        source: &'a [u16],
    },
    BooleanObject(bool),
    NumberObject(f64),
    BigIntObject {
        negative: bool,
        magnitude: &'a [u8],
    },
    StringObject(&'a [u16]),
    ArrayBuffer(&'a [u8]),
    ResizableArrayBuffer {
        data: &'a [u8],
        max_byte_length: u32,
    },
    /// The index-th SharedArrayBuffer of the in-process clone.
    SharedArrayBuffer(u32),
    /// The index-th ArrayBuffer of the transfer list.
    TransferredArrayBuffer(u32),
    /// An ArrayBufferView; exactly one buffer value follows (an ArrayBuffer op of any of the
    /// four kinds, or a BackRef to one). `flags`: [`VIEW_LENGTH_TRACKING`],
    /// [`VIEW_BACKED_BY_RESIZABLE`].
    View {
        kind: ViewKind,
        byte_offset: u32,
        byte_length: u32,
        flags: u32,
    },
    /// Begins an Error; `ErrorMessage`, `ErrorCause` (then a value) and `ErrorStack` follow,
    /// then `End`.
    Error(ErrorPrototype),
    ErrorMessage(&'a [u16]),
    ErrorCause,
    ErrorStack(&'a [u16]),
    /// An instance of a registered serializable class; exactly one value (its data) follows.
    Serializable {
        name: &'a [u16],
    },
}

impl Op<'_> {
    /// The op's name, for error messages (a derived `Debug` of its fields would bring core's
    /// float formatting into the wasm).
    pub fn kind(&self) -> &'static str {
        match self {
            Op::Undefined => "Undefined",
            Op::Null => "Null",
            Op::True => "True",
            Op::False => "False",
            Op::Number(_) => "Number",
            Op::String(_) => "String",
            Op::BigInt { .. } => "BigInt",
            Op::Hole => "Hole",
            Op::BackRef(_) => "BackRef",
            Op::BeginObject => "BeginObject",
            Op::BeginDenseArray { .. } => "BeginDenseArray",
            Op::BeginSparseArray { .. } => "BeginSparseArray",
            Op::BeginMap => "BeginMap",
            Op::BeginSet => "BeginSet",
            Op::End => "End",
            Op::Date(_) => "Date",
            Op::RegExp { .. } => "RegExp",
            Op::BooleanObject(_) => "BooleanObject",
            Op::NumberObject(_) => "NumberObject",
            Op::BigIntObject { .. } => "BigIntObject",
            Op::StringObject(_) => "StringObject",
            Op::ArrayBuffer(_) => "ArrayBuffer",
            Op::ResizableArrayBuffer { .. } => "ResizableArrayBuffer",
            Op::SharedArrayBuffer(_) => "SharedArrayBuffer",
            Op::TransferredArrayBuffer(_) => "TransferredArrayBuffer",
            Op::View { .. } => "View",
            Op::Error(_) => "Error",
            Op::ErrorMessage(_) => "ErrorMessage",
            Op::ErrorCause => "ErrorCause",
            Op::ErrorStack(_) => "ErrorStack",
            Op::Serializable { .. } => "Serializable",
        }
    }

    /// Whether this op creates an object, and so takes the next op id.
    pub fn creates_object(&self) -> bool {
        matches!(
            self,
            Op::BeginObject
                | Op::BeginDenseArray { .. }
                | Op::BeginSparseArray { .. }
                | Op::BeginMap
                | Op::BeginSet
                | Op::Date(_)
                | Op::RegExp { .. }
                | Op::BooleanObject(_)
                | Op::NumberObject(_)
                | Op::BigIntObject { .. }
                | Op::StringObject(_)
                | Op::ArrayBuffer(_)
                | Op::ResizableArrayBuffer { .. }
                | Op::SharedArrayBuffer(_)
                | Op::TransferredArrayBuffer(_)
                | Op::View { .. }
                | Op::Error(_)
                | Op::Serializable { .. }
        )
    }
}

/// An owned op stream: four parallel streams, each consumed in order.
#[derive(Clone, Debug, Default)]
pub struct Ops {
    /// Opcodes, each followed by its fixed number of `u32` operands.
    pub code: Vec<u32>,
    /// The `f64` of every Number, Date and NumberObject op.
    pub numbers: Vec<f64>,
    /// The UTF-16 code units of every string payload.
    pub units: Vec<u16>,
    /// ArrayBuffer contents and BigInt magnitudes.
    pub bytes: Vec<u8>,
}

/// A borrowed op stream, e.g. typed-array views of the JS walker's output.
#[derive(Clone, Copy, Debug, Default)]
pub struct OpsRef<'a> {
    pub code: &'a [u32],
    pub numbers: &'a [f64],
    pub units: &'a [u16],
    pub bytes: &'a [u8],
}

/// Lengths of payloads are `u32` in the op stream, as they are on the wire.
fn len_u32(len: usize) -> u32 {
    u32::try_from(len).expect("op payloads are limited to u32::MAX elements")
}

impl Ops {
    pub fn new() -> Self {
        Ops::default()
    }

    pub fn as_ops_ref(&self) -> OpsRef<'_> {
        OpsRef {
            code: &self.code,
            numbers: &self.numbers,
            units: &self.units,
            bytes: &self.bytes,
        }
    }

    /// Decodes the ops one by one.
    pub fn iter(&self) -> OpReader<'_> {
        OpReader::new(self.as_ops_ref())
    }

    fn string_payload(&mut self, opcode: u32, units: &[u16]) {
        self.code.extend([opcode, len_u32(units.len())]);
        self.units.extend_from_slice(units);
    }

    fn bigint_payload(&mut self, opcode: u32, negative: bool, magnitude: &[u8]) {
        self.code
            .extend([opcode, u32::from(negative), len_u32(magnitude.len())]);
        self.bytes.extend_from_slice(magnitude);
    }

    /// Appends one op.
    ///
    /// # Panics
    /// If a payload has more than `u32::MAX` elements (no wire format value can).
    pub fn push(&mut self, op: Op<'_>) {
        use opcode::*;
        match op {
            Op::Undefined => self.code.push(UNDEFINED),
            Op::Null => self.code.push(NULL),
            Op::True => self.code.push(TRUE),
            Op::False => self.code.push(FALSE),
            Op::Number(n) => {
                self.code.push(NUMBER);
                self.numbers.push(n);
            }
            Op::String(units) => self.string_payload(STRING, units),
            Op::BigInt {
                negative,
                magnitude,
            } => self.bigint_payload(BIGINT, negative, magnitude),
            Op::Hole => self.code.push(HOLE),
            Op::BackRef(id) => self.code.extend([BACK_REF, id]),
            Op::BeginObject => self.code.push(BEGIN_OBJECT),
            Op::BeginDenseArray { length } => self.code.extend([BEGIN_DENSE_ARRAY, length]),
            Op::BeginSparseArray { length } => self.code.extend([BEGIN_SPARSE_ARRAY, length]),
            Op::BeginMap => self.code.push(BEGIN_MAP),
            Op::BeginSet => self.code.push(BEGIN_SET),
            Op::End => self.code.push(END),
            Op::Date(t) => {
                self.code.push(DATE);
                self.numbers.push(t);
            }
            Op::RegExp { flags, source } => {
                self.code.extend([REGEXP, flags, len_u32(source.len())]);
                self.units.extend_from_slice(source);
            }
            Op::BooleanObject(b) => self.code.extend([BOOLEAN_OBJECT, u32::from(b)]),
            Op::NumberObject(n) => {
                self.code.push(NUMBER_OBJECT);
                self.numbers.push(n);
            }
            Op::BigIntObject {
                negative,
                magnitude,
            } => self.bigint_payload(BIGINT_OBJECT, negative, magnitude),
            Op::StringObject(units) => self.string_payload(STRING_OBJECT, units),
            Op::ArrayBuffer(data) => {
                self.code.extend([ARRAY_BUFFER, len_u32(data.len())]);
                self.bytes.extend_from_slice(data);
            }
            Op::ResizableArrayBuffer {
                data,
                max_byte_length,
            } => {
                self.code
                    .extend([RESIZABLE_ARRAY_BUFFER, len_u32(data.len()), max_byte_length]);
                self.bytes.extend_from_slice(data);
            }
            Op::SharedArrayBuffer(index) => self.code.extend([SHARED_ARRAY_BUFFER, index]),
            Op::TransferredArrayBuffer(index) => {
                self.code.extend([TRANSFERRED_ARRAY_BUFFER, index])
            }
            Op::View {
                kind,
                byte_offset,
                byte_length,
                flags,
            } => self
                .code
                .extend([VIEW, kind.code(), byte_offset, byte_length, flags]),
            Op::Error(prototype) => self.code.extend([ERROR, prototype.code()]),
            Op::ErrorMessage(units) => self.string_payload(ERROR_MESSAGE, units),
            Op::ErrorCause => self.code.push(ERROR_CAUSE),
            Op::ErrorStack(units) => self.string_payload(ERROR_STACK, units),
            Op::Serializable { name } => self.string_payload(SERIALIZABLE, name),
        }
    }
}

/// Decodes an op stream, validating opcodes, operands and payload bounds.
#[derive(Clone, Debug)]
pub struct OpReader<'a> {
    ops: OpsRef<'a>,
    code: usize,
    numbers: usize,
    units: usize,
    bytes: usize,
}

impl<'a> OpReader<'a> {
    pub fn new(ops: OpsRef<'a>) -> Self {
        OpReader {
            ops,
            code: 0,
            numbers: 0,
            units: 0,
            bytes: 0,
        }
    }

    /// The index in `code` of the next op.
    pub fn code_position(&self) -> usize {
        self.code
    }

    /// Whether all four streams have been consumed.
    pub fn is_exhausted(&self) -> bool {
        self.code == self.ops.code.len()
            && self.numbers == self.ops.numbers.len()
            && self.units == self.ops.units.len()
            && self.bytes == self.ops.bytes.len()
    }

    fn error(&self, at: usize, message: impl std::fmt::Display) -> DataCloneError {
        DataCloneError::new(format!("invalid op stream at code index {at}: {message}"))
    }

    fn operand(&mut self, at: usize) -> Result<u32, DataCloneError> {
        let v = *self
            .ops
            .code
            .get(self.code)
            .ok_or_else(|| self.error(at, "missing operand"))?;
        self.code += 1;
        Ok(v)
    }

    fn flag(&mut self, at: usize) -> Result<bool, DataCloneError> {
        match self.operand(at)? {
            0 => Ok(false),
            1 => Ok(true),
            v => Err(self.error(at, format_args!("boolean operand is {v}, not 0 or 1"))),
        }
    }

    fn number(&mut self, at: usize) -> Result<f64, DataCloneError> {
        let v = *self
            .ops
            .numbers
            .get(self.numbers)
            .ok_or_else(|| self.error(at, "the numbers stream is exhausted"))?;
        self.numbers += 1;
        Ok(v)
    }

    fn units(&mut self, at: usize) -> Result<&'a [u16], DataCloneError> {
        let len = self.operand(at)? as usize;
        let slice = self
            .ops
            .units
            .get(self.units..)
            .and_then(|rest| rest.get(..len))
            .ok_or_else(|| self.error(at, "the units stream is shorter than the string length"))?;
        self.units += len;
        Ok(slice)
    }

    fn bytes(&mut self, at: usize, len: u32) -> Result<&'a [u8], DataCloneError> {
        let len = len as usize;
        let slice = self
            .ops
            .bytes
            .get(self.bytes..)
            .and_then(|rest| rest.get(..len))
            .ok_or_else(|| self.error(at, "the bytes stream is shorter than the payload length"))?;
        self.bytes += len;
        Ok(slice)
    }

    /// The next op, `Ok(None)` at the end of `code`.
    pub fn next_op(&mut self) -> Result<Option<Op<'a>>, DataCloneError> {
        use opcode::*;
        let at = self.code;
        let Some(&opcode) = self.ops.code.get(at) else {
            return Ok(None);
        };
        self.code += 1;
        let op = match opcode {
            UNDEFINED => Op::Undefined,
            NULL => Op::Null,
            TRUE => Op::True,
            FALSE => Op::False,
            NUMBER => Op::Number(self.number(at)?),
            STRING => Op::String(self.units(at)?),
            BIGINT | BIGINT_OBJECT => {
                let negative = self.flag(at)?;
                let len = self.operand(at)?;
                let magnitude = self.bytes(at, len)?;
                if opcode == BIGINT {
                    Op::BigInt {
                        negative,
                        magnitude,
                    }
                } else {
                    Op::BigIntObject {
                        negative,
                        magnitude,
                    }
                }
            }
            HOLE => Op::Hole,
            BACK_REF => Op::BackRef(self.operand(at)?),
            BEGIN_OBJECT => Op::BeginObject,
            BEGIN_DENSE_ARRAY => Op::BeginDenseArray {
                length: self.operand(at)?,
            },
            BEGIN_SPARSE_ARRAY => Op::BeginSparseArray {
                length: self.operand(at)?,
            },
            BEGIN_MAP => Op::BeginMap,
            BEGIN_SET => Op::BeginSet,
            END => Op::End,
            DATE => Op::Date(self.number(at)?),
            REGEXP => {
                let flags = self.operand(at)?;
                Op::RegExp {
                    flags,
                    source: self.units(at)?,
                }
            }
            BOOLEAN_OBJECT => Op::BooleanObject(self.flag(at)?),
            NUMBER_OBJECT => Op::NumberObject(self.number(at)?),
            STRING_OBJECT => Op::StringObject(self.units(at)?),
            ARRAY_BUFFER => {
                let len = self.operand(at)?;
                Op::ArrayBuffer(self.bytes(at, len)?)
            }
            RESIZABLE_ARRAY_BUFFER => {
                let len = self.operand(at)?;
                let max_byte_length = self.operand(at)?;
                Op::ResizableArrayBuffer {
                    data: self.bytes(at, len)?,
                    max_byte_length,
                }
            }
            SHARED_ARRAY_BUFFER => Op::SharedArrayBuffer(self.operand(at)?),
            TRANSFERRED_ARRAY_BUFFER => Op::TransferredArrayBuffer(self.operand(at)?),
            VIEW => {
                let code = self.operand(at)?;
                let kind = ViewKind::from_code(code)
                    .ok_or_else(|| self.error(at, format_args!("unknown view kind {code}")))?;
                let byte_offset = self.operand(at)?;
                let byte_length = self.operand(at)?;
                let flags = self.operand(at)?;
                if flags & !(VIEW_LENGTH_TRACKING | VIEW_BACKED_BY_RESIZABLE) != 0 {
                    return Err(self.error(at, format_args!("unknown view flags {flags:#x}")));
                }
                Op::View {
                    kind,
                    byte_offset,
                    byte_length,
                    flags,
                }
            }
            ERROR => {
                let code = self.operand(at)?;
                Op::Error(ErrorPrototype::from_code(code).ok_or_else(|| {
                    self.error(at, format_args!("unknown error prototype {code}"))
                })?)
            }
            ERROR_MESSAGE => Op::ErrorMessage(self.units(at)?),
            ERROR_CAUSE => Op::ErrorCause,
            ERROR_STACK => Op::ErrorStack(self.units(at)?),
            SERIALIZABLE => Op::Serializable {
                name: self.units(at)?,
            },
            other => return Err(self.error(at, format_args!("unknown opcode {other}"))),
        };
        Ok(Some(op))
    }
}

impl<'a> Iterator for OpReader<'a> {
    type Item = Result<Op<'a>, DataCloneError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_op().transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_then_read_every_op() {
        let s: Vec<u16> = "ab".encode_utf16().collect();
        let all = [
            Op::Undefined,
            Op::Null,
            Op::True,
            Op::False,
            Op::Number(1.5),
            Op::String(&s),
            Op::BigInt {
                negative: true,
                magnitude: &[1, 2],
            },
            Op::Hole,
            Op::BackRef(3),
            Op::BeginObject,
            Op::BeginDenseArray { length: 2 },
            Op::BeginSparseArray { length: 9 },
            Op::BeginMap,
            Op::BeginSet,
            Op::End,
            Op::Date(0.0),
            Op::RegExp {
                flags: 3,
                source: &s,
            },
            Op::BooleanObject(true),
            Op::NumberObject(-0.0),
            Op::BigIntObject {
                negative: false,
                magnitude: &[],
            },
            Op::StringObject(&s),
            Op::ArrayBuffer(&[1, 2, 3]),
            Op::ResizableArrayBuffer {
                data: &[4],
                max_byte_length: 8,
            },
            Op::SharedArrayBuffer(0),
            Op::TransferredArrayBuffer(1),
            Op::View {
                kind: ViewKind::Float64Array,
                byte_offset: 8,
                byte_length: 16,
                flags: VIEW_LENGTH_TRACKING,
            },
            Op::Error(ErrorPrototype::UriError),
            Op::ErrorMessage(&s),
            Op::ErrorCause,
            Op::ErrorStack(&s),
            Op::Serializable { name: &s },
        ];
        let mut ops = Ops::new();
        for op in all {
            ops.push(op);
        }
        let decoded: Vec<Op<'_>> = ops.iter().collect::<Result<_, _>>().unwrap();
        assert_eq!(decoded, all);
        let mut reader = ops.iter();
        while reader.next_op().unwrap().is_some() {}
        assert!(reader.is_exhausted());
    }

    #[test]
    fn malformed_streams_are_errors() {
        let bad = |code: &[u32]| {
            OpReader::new(OpsRef {
                code,
                ..OpsRef::default()
            })
            .collect::<Result<Vec<_>, _>>()
            .is_err()
        };
        assert!(bad(&[99]));
        assert!(bad(&[opcode::NUMBER]));
        assert!(bad(&[opcode::STRING, 1]));
        assert!(bad(&[opcode::STRING]));
        assert!(bad(&[opcode::ARRAY_BUFFER, u32::MAX]));
        assert!(bad(&[opcode::VIEW, 14, 0, 0, 0]));
        assert!(bad(&[opcode::VIEW, 1, 0, 0, 4]));
        assert!(bad(&[opcode::ERROR, 7]));
        assert!(bad(&[opcode::BOOLEAN_OBJECT, 2]));
    }

    #[test]
    fn view_kind_tables_agree() {
        for kind in ViewKind::ALL {
            assert_eq!(ViewKind::from_code(kind.code()), Some(kind));
            if kind != ViewKind::NodeBuffer {
                assert_eq!(ViewKind::from_v8_subtag(kind.v8_subtag()), Some(kind));
            }
        }
    }
}
