//! HTML §2.9 "Safe passing of structured data": StructuredSerializeInternal's records, written
//! and read in V8's ValueSerializer wire format (version 15), so that Node's
//! `v8.deserialize(weft.serialize(x))` and `weft.deserialize(v8.serialize(x))` round-trip.
//!
//! # Division of labour
//!
//! Crossing the JS↔wasm boundary is expensive, so the object graph is walked in JavaScript,
//! never one wasm call per property. The JS walker runs StructuredSerializeInternal (§2.9.3:
//! memory map, type dispatch, \[\[OwnPropertyKeys\]\] order, DataCloneErrors for functions,
//! symbols, platform objects, detached buffers, out-of-bounds views) and emits the resulting
//! record tree as an **op stream** ([`Ops`]) in one call. [`serialize_ops`] turns the op
//! stream into bytes exactly as V8 would for the same value; [`deserialize_to_ops`] validates
//! bytes and turns them back into an op stream, from which a JS builder runs
//! StructuredDeserialize (§2.9.6) in one pass.
//!
//! The npm package does the byte half in JavaScript too (`js/structured-clone/wire.js`, measured
//! faster than crossing into wasm); `tests/node/structured-clone-codec.test.mjs` holds the two to
//! the same bytes, the same op streams and the same error messages.
//!
//! # The op stream
//!
//! Four parallel streams, each consumed strictly in order (so no op carries an offset):
//!
//! | stream | JS type | holds |
//! |---|---|---|
//! | `code` | `Uint32Array` | each op: its opcode, then its fixed number of `u32` operands |
//! | `numbers` | `Float64Array` | the `f64` of every `Number`, `Date`, `NumberObject` |
//! | `units` | `Uint16Array` | the UTF-16 code units of every string payload (lone surrogates allowed) |
//! | `bytes` | `Uint8Array` | ArrayBuffer contents, BigInt magnitudes (little-endian) |
//!
//! The stream holds exactly one value, in prefix order. "→ N units" means the op consumes the
//! next N code units of `units` (N is its last operand); likewise for bytes and numbers.
//!
//! | code | op | operands | consumes | then |
//! |---|---|---|---|---|
//! | 0 | `Undefined` | | | |
//! | 1 | `Null` | | | |
//! | 2 | `True` | | | |
//! | 3 | `False` | | | |
//! | 4 | `Number` | | 1 number | |
//! | 5 | `String` | len | len units | |
//! | 6 | `BigInt` | negative (0/1), byteLen | byteLen bytes | |
//! | 7 | `Hole` | | | (only as a dense array element) |
//! | 8 | `BackRef` | opId | | |
//! | 9 | `BeginObject`\* | | | (key, value)\*, `End` |
//! | 10 | `BeginDenseArray`\* | length | | `length` elements (values or `Hole`), (key, value)\*, `End` |
//! | 11 | `BeginSparseArray`\* | length | | (key, value)\*, `End` |
//! | 12 | `BeginMap`\* | | | (key value)\*, `End` |
//! | 13 | `BeginSet`\* | | | value\*, `End` |
//! | 14 | `End` | | | |
//! | 15 | `Date`\* | | 1 number (time value) | |
//! | 16 | `RegExp`\* | flags, len | len units (source) | |
//! | 17 | `BooleanObject`\* | value (0/1) | | |
//! | 18 | `NumberObject`\* | | 1 number | |
//! | 19 | `BigIntObject`\* | negative, byteLen | byteLen bytes | |
//! | 20 | `StringObject`\* | len | len units | |
//! | 21 | `ArrayBuffer`\* | byteLen | byteLen bytes | |
//! | 22 | `ResizableArrayBuffer`\* | byteLen, maxByteLen | byteLen bytes | |
//! | 23 | `SharedArrayBuffer`\* | index | | |
//! | 24 | `TransferredArrayBuffer`\* | index | | |
//! | 25 | `View`\* | kind, byteOffset, byteLength, flags | | one buffer: ops 21–24, or a `BackRef` to one |
//! | 26 | `Error`\* | prototype | | `ErrorMessage`? `ErrorCause` value? `ErrorStack`?, `End` |
//! | 27 | `ErrorMessage` | len | len units | |
//! | 28 | `ErrorCause` | | | one value |
//! | 29 | `ErrorStack` | len | len units | |
//! | 30 | `Serializable`\* | len | len units (class name) | one value (the class's data) |
//!
//! - **Op ids.** Each op marked \* creates an object and takes the next op id, counting from 0
//!   in stream order; `BackRef(id)` means that object again (the memory map of §2.9.3). A
//!   walker assigns the id when it emits the op; a builder stores each object under its id as
//!   soon as it creates it. A `BackRef` may not name an `Error` or `Serializable` whose
//!   closing has not been reached (V8 registers those only when complete), nor anything
//!   not yet emitted.
//! - **Keys** are `String` or `Number` ops. When serializing, canonical array-index strings
//!   ("0" … "4294967294") are written as numbers, as V8 does, so the walker may pass every key as
//!   a string; a `Number` key must be an array index. Deserialized keys are passed on as read
//!   (strings and numbers; the builder's `obj[key] = value` converts).
//! - **Arrays**: dense when every index below `length` is present (V8 writes dense only for
//!   packed arrays; a walker cannot see packedness, so `new Array(3).fill(0)`, which V8 writes
//!   sparse, is written dense by weft: both read back the same). Sparse: index keys as numbers,
//!   then other keys, in \[\[OwnPropertyKeys\]\] order.
//! - **Numbers** are plain `f64`; the writer picks V8's Int32 tag for every int32 except -0.
//! - **BigInt**: `negative` and the magnitude's little-endian bytes, any length when
//!   serializing; deserializing yields no high zero bytes and `negative = 0` for 0n.
//! - **RegExp flags** in V8's bits: g 1, i 2, m 4, y 8, u 16, s 32, d 128, v 256 (64 is V8's
//!   experimental `l`, rejected; `u` with `v` is rejected).
//! - **View kind**: 0 Int8Array, 1 Uint8Array, 2 Uint8ClampedArray, 3 Int16Array, 4
//!   Uint16Array, 5 Int32Array, 6 Uint32Array, 7 Float32Array, 8 Float64Array, 9 DataView, 10
//!   Node `Buffer`, 11 BigInt64Array, 12 BigUint64Array, 13 Float16Array (0–12 are Node's host
//!   type indices). `byteLength` is in bytes; it is ignored when serializing and 0 when
//!   deserializing a length-tracking view. Flags: 1 length-tracking, 2 backed by a resizable
//!   (non-shared) ArrayBuffer — required exactly when the buffer is resizable.
//! - **Error prototype**: 0 Error, 1 EvalError, 2 RangeError, 3 ReferenceError, 4 SyntaxError,
//!   5 TypeError, 6 URIError (the HTML Standard's \[\[Name\]\], "Error" for any other name). Fields
//!   come in V8's order: message, cause, stack. The HTML Standard serializes only name and
//!   message; stack is the "interesting accompanying data" it invites, and cause is what V8
//!   adds.
//! - **Indices** of `SharedArrayBuffer`/`TransferredArrayBuffer` are positions in lists the
//!   caller keeps beside the bytes (in-process only).
//!
//! ## For the JS walker (StructuredSerializeInternal)
//!
//! - Assign an op id to every op marked \* as it is emitted (including the buffer under a
//!   View, and a Buffer's private copy), and emit `BackRef` when memory already holds the value.
//!   For StructuredSerializeWithTransfer, transferred buffers are `TransferredArrayBuffer(i)`
//!   with `i` their position in the transfer list.
//! - Keys: own enumerable string keys in \[\[OwnPropertyKeys\]\] order (symbols skipped), as
//!   `String` ops. A dense array emits its `length` elements first, then its non-index keys.
//! - Throw DataCloneError itself for what the op stream cannot express: symbols, functions,
//!   non-serializable platform objects, detached ArrayBuffers, out-of-bounds views, and objects
//!   with other internal slots (WeakMap, Promise, ...). The writer checks the rest (storage,
//!   view bounds, RegExp flags, stream shape).
//! - Errors (\[\[ErrorData\]\], i.e. native errors only): prototype from `ToString(Get(name))`,
//!   `ErrorMessage` if "message" is an own data property (ToString of its value), `ErrorCause`
//!   if "cause" is, `ErrorStack` if `stack` is a string.
//! - Registered classes (checked before the generic object case): `Serializable(name)` then
//!   the value their `serialize(instance)` returns.
//!
//! ## For the JS builder (StructuredDeserialize)
//!
//! - Keep an explicit stack (a 100,000-deep value must not recurse) and a table of objects by
//!   op id; store containers when their Begin op is read (cycles), Errors and serializable
//!   objects when complete, a View when its buffer has been read.
//! - Define properties with `Object.defineProperty` semantics (CreateDataProperty), never by
//!   assignment: a key "__proto__" must not set the prototype.
//! - Holes stay holes: create dense arrays with `new Array(length)` and skip `Hole`.
//! - Errors: create with the prototype's constructor; define `message` (and `cause`, `stack`)
//!   as own non-enumerable data properties when present, as StructuredDeserialize does.
//! - Constructors can still throw on bytes that passed validation (`new RegExp` with an invalid
//!   pattern, a resizable ArrayBuffer's huge maxByteLength, a view over a shared or transferred
//!   buffer of the wrong size): turn that into DataCloneError.
//! - Kind 10 is `Buffer` where Node's Buffer exists, else Uint8Array.
//!
//! ## Rust API (what the bindings call)
//!
//! ```text
//! serialize_ops(ops: OpsRef<'_>, options: &SerializeOptions) -> Result<Vec<u8>, DataCloneError>
//! deserialize_to_ops(bytes: &[u8], options: &DeserializeOptions) -> Result<Ops, DataCloneError>
//! SerializeOptions { for_storage: bool, views: ViewEncoding /* NodeHostObject | V8 */ }
//! DeserializeOptions { transferred_buffers: u32, shared_buffers: u32 }
//! ```
//!
//! # Wire-format choices (deliberate differences from `v8.serialize`)
//!
//! weft's bytes equal Node's `v8.serialize` output for the same value except where V8's choice
//! depends on engine internals a JS walker cannot see, or where Node's is lossy:
//!
//! - **Strings**: one-byte (Latin-1) exactly when every code unit is ≤ 0xFF. V8 decides by the
//!   string's internal representation, so a Latin-1 string that V8 happens to hold in two-byte
//!   form (e.g. a slice of a two-byte string) differs in bytes, not in value.
//! - **Numbers**: Int32 for every int32 but -0, as V8 does on 64-bit hosts without pointer
//!   compression (Node); Chrome's 31-bit Smis write 2^30…2^31−1 as doubles. NaN is always
//!   written as the canonical quiet NaN.
//! - **Dense vs. sparse arrays**: see above.
//! - **ArrayBufferViews** ([`ViewEncoding::NodeHostObject`], the default): Node's
//!   `DefaultSerializer` writes every view as a host object holding only the viewed bytes, losing
//!   the buffer's identity, its other bytes, the offset, resizability and length tracking. weft
//!   writes Node's host form when that loses nothing (the view covers the whole of a
//!   fixed-length ArrayBuffer that nothing else references, not Float16Array, which Node
//!   lacks) — byte-identical to Node in the common case — and otherwise V8's own form ('B'
//!   … 'V'), which `v8.deserialize` also reads, faithfully. [`ViewEncoding::V8`] always uses
//!   V8's form (what V8's base `Serializer` writes). Node writes a `Buffer` from its shared pool
//!   as a host copy of its own bytes; a walker matches that by emitting a `Buffer` as kind 10
//!   over a fresh ArrayBuffer of just its bytes.
//! - **Registered serializable classes** are written as an ordinary object whose first key is
//!   the *number* NaN — `o`, `N`⟨NaN⟩, ⟨class name⟩, `"value"`, ⟨data⟩, `{ 2` — which Node
//!   reads as `{ NaN: "ClassName", value: data }`. Neither V8 nor weft ever writes a number key
//!   that is not an array index (the key "NaN" of a plain object is written as a string), so
//!   the encoding cannot collide with any ordinary object. A host object was rejected:
//!   Node's deserializer throws on host objects that are not its views.
//!
//! And in reading: weft rejects trailing bytes after the value (V8 ignores them), varints that
//! overflow 32 bits (V8 drops the high bits), versions before 13, and host objects other than
//! Node's views (type indices 0–12); it accepts a back-reference into an Error's cause only
//! once the Error is complete, as V8 does.
//!
//! Nesting depth is limited only by memory: both directions keep their own stack, and the
//! reader's grows by at most one frame per input byte.

mod deserialize;
mod ops;
mod serialize;
mod wire;

pub use deserialize::{DeserializeOptions, deserialize_to_ops};
pub use ops::{
    ErrorPrototype, Op, OpReader, Ops, OpsRef, VIEW_BACKED_BY_RESIZABLE, VIEW_LENGTH_TRACKING,
    ViewKind, opcode,
};
pub use serialize::{SerializeOptions, ViewEncoding, serialize_ops};

use std::fmt;

/// Why a value could not be serialized or bytes could not be deserialized; the bindings throw
/// it as a "DataCloneError" DOMException with this message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataCloneError {
    message: String,
}

impl DataCloneError {
    pub fn new(message: impl Into<String>) -> Self {
        DataCloneError {
            message: message.into(),
        }
    }

    /// An error in serialized data at byte `offset`.
    pub(crate) fn at(offset: usize, message: impl fmt::Display) -> Self {
        DataCloneError::new(format!(
            "invalid serialized data at byte {offset}: {message}"
        ))
    }

    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for DataCloneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DataCloneError {}
