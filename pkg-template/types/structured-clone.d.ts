/** The options of `structuredClone` (WebIDL `StructuredSerializeOptions`). */
export interface StructuredSerializeOptions {
  /** Objects to transfer rather than copy: ArrayBuffers (detached in the original), and platform objects the host can transfer (MessagePort, ...). */
  transfer?: Iterable<object>;
}

/**
 * HTML `structuredClone(value, {transfer})`: a deep copy made by StructuredSerializeWithTransfer
 * then StructuredDeserializeWithTransfer, in this realm. Throws a "DataCloneError" DOMException
 * naming what cannot be cloned (functions, symbols, WeakMaps, Promises, Proxies, detached
 * buffers, non-serializable platform objects) and where it is.
 */
export function structuredClone<T = any>(value: T, options?: StructuredSerializeOptions): T;

/** The options of `serialize`. */
export interface SerializeOptions {
  /** StructuredSerializeForStorage: SharedArrayBuffers and platform objects are DataCloneErrors. */
  forStorage?: boolean;
  /** As `structuredClone`'s; the transferred objects are received by `deserialize` of the returned bytes, once. */
  transfer?: Iterable<object>;
}

/**
 * StructuredSerialize of `value` as V8 wire-format bytes (version 15), which Node's
 * `v8.deserialize` reads. SharedArrayBuffers, transferred objects and host-cloned platform
 * objects are referred to out of band: such bytes deserialize only in this process, from the
 * same Uint8Array. Throws a "DataCloneError" DOMException.
 */
export function serialize(value: unknown, options?: SerializeOptions): Uint8Array<ArrayBuffer>;

/**
 * StructuredDeserialize of V8 wire-format bytes (versions 13–15, as `v8.serialize` and
 * `serialize` write them) in this realm. Throws a "DataCloneError" DOMException naming the byte
 * offset and the problem for bytes that are not a valid serialization.
 */
export function deserialize(bytes: ArrayBufferView | ArrayBufferLike): unknown;

/** How `registerSerializable` serializes one class. */
export interface SerializableClass<T, D = unknown> {
  /** Identifies the class in serialized bytes ("DOMException" and names starting "weft:" are reserved). */
  name: string;
  /** The data to serialize in the instance's place: any serializable value. */
  serialize(instance: T): D;
  /** Makes an instance back from its (deserialized) data. */
  deserialize(data: D): T;
}

/**
 * Makes instances of `constructor` and its subclasses serializable by `structuredClone`,
 * `serialize` and `deserialize`. Registering a class again replaces its registration.
 */
export function registerSerializable<T, D = unknown>(constructor: abstract new (...args: any[]) => T, options: SerializableClass<T, D>): void;
