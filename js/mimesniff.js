// The MIME Sniffing Standard (src/mimesniff), and Fetch's data: URL processor (src/fetch) whose
// results are MIME type records: MIME type records as objects (the `MIMEType` and
// `MIMETypeParameters` classes of the whatwg-mimetype package, whose API webweft/whatwg-mimetype
// re-exports), parsing and serializing, the MIME type groups, and the computed MIME type of a
// resource. Every algorithm runs in wasm (src/bindings/mimesniff.rs); a MIME type crosses as its
// pieces joined by NUL, which no piece of a valid MIME type holds.
import {
  dataURLBody,
  dataURLProcess,
  MimesniffPiece as Piece,
  MimesniffSupplied as Supplied,
  mimesniffComputed,
  mimesniffGroups,
  mimesniffParse,
  mimesniffSerialize,
  mimesniffValidate,
} from '#glue';
import { readBytes, readLatin1, writeBytes, writeString } from './io.js';
import { toUint8Array } from './webidl.js';

// Captured at load: a page may replace the built-ins later.
const MapCtor = Map;
const StringCtor = String;
const ErrorCtor = Error;
const uncurry = Function.prototype.bind.bind(Function.prototype.call);
const mapGet = uncurry(Map.prototype.get);
const mapHas = uncurry(Map.prototype.has);
const mapSet = uncurry(Map.prototype.set);
const mapDelete = uncurry(Map.prototype.delete);
const mapClear = uncurry(Map.prototype.clear);
const mapForEach = uncurry(Map.prototype.forEach);
const mapKeys = uncurry(Map.prototype.keys);
const mapValues = uncurry(Map.prototype.values);
const mapEntries = uncurry(Map.prototype.entries);
const mapSize = uncurry(Object.getOwnPropertyDescriptor(Map.prototype, 'size').get);
const split = uncurry(String.prototype.split);
const subarray = uncurry(Uint8Array.prototype.subarray);

// The resource header's longest length (src/mimesniff RESOURCE_HEADER_MAX_LEN): only it crosses.
const RESOURCE_HEADER_MAX_LEN = 1445;
const FAILURE = -1;
const SUPPLIED = -2;

/** The piece checked as a token (lowercased) or a parameter value; null if it is not one. */
function validated(piece, value) {
  const length = mimesniffValidate(piece, writeString(value));
  return length === FAILURE ? null : readLatin1(length);
}

/** A parameter name as stored (ASCII lowercase), or null for one no map can hold. */
function storedName(name) {
  return validated(Piece.Token, StringCtor(name));
}

/** A MIME type's pieces joined by NUL (its parameters too with `withParameters`). */
function pieces(mimeType, withParameters) {
  let text = `${mimeType.type}\0${mimeType.subtype}`;
  if (withParameters) {
    // A MIMEType's map, or a record's own (a Map, as whatwg-mimetype's serializer takes).
    const { parameters } = mimeType;
    const map = parameters instanceof MIMETypeParameters ? parameters._map : parameters;
    mapForEach(map, (value, name) => {
      text += `\0${name}\0${value}`;
    });
  }
  return text;
}

// The groups' bits, in the order of src/bindings/mimesniff.rs mimesniffGroups.
const GROUP = {
  image: 1 << 0,
  audioOrVideo: 1 << 1,
  font: 1 << 2,
  zipBased: 1 << 3,
  archive: 1 << 4,
  xml: 1 << 5,
  html: 1 << 6,
  scriptable: 1 << 7,
  javaScript: 1 << 8,
  json: 1 << 9,
};

function inGroup(mimeType, group) {
  return (mimesniffGroups(writeString(pieces(mimeType, false))) & group) !== 0;
}

/** A MIME type's parameters: an ordered map from ASCII lowercase names to values. */
export class MIMETypeParameters {
  constructor(map) {
    this._map = map;
  }

  get size() {
    return mapSize(this._map);
  }

  get(name) {
    const key = storedName(name);
    return key === null ? undefined : mapGet(this._map, key);
  }

  has(name) {
    const key = storedName(name);
    return key !== null && mapHas(this._map, key);
  }

  set(name, value) {
    name = StringCtor(name);
    value = StringCtor(value);
    const key = storedName(name);
    if (key === null) {
      throw new ErrorCtor(`Invalid MIME type parameter name "${name}": only HTTP token code points are valid.`);
    }
    if (validated(Piece.Value, value) === null) {
      throw new ErrorCtor(`Invalid MIME type parameter value "${value}": only HTTP quoted-string token code points are valid.`);
    }
    return mapSet(this._map, key, value);
  }

  clear() {
    mapClear(this._map);
  }

  delete(name) {
    const key = storedName(name);
    return key !== null && mapDelete(this._map, key);
  }

  forEach(callbackFn, thisArg) {
    mapForEach(this._map, callbackFn, thisArg);
  }

  keys() {
    return mapKeys(this._map);
  }

  values() {
    return mapValues(this._map);
  }

  entries() {
    return mapEntries(this._map);
  }

  [Symbol.iterator]() {
    return mapEntries(this._map);
  }
}

/** Builds a MIMEType from parse's output (the pieces), or returns null for failure. */
function fromParse(length) {
  if (length === FAILURE) return null;
  const [type, subtype, ...parameters] = split(readLatin1(length), '\0');
  const map = new MapCtor();
  for (let i = 0; i + 1 < parameters.length; i += 2) mapSet(map, parameters[i], parameters[i + 1]);
  const mimeType = Object.create(MIMEType.prototype);
  mimeType._type = type;
  mimeType._subtype = subtype;
  mimeType._parameters = new MIMETypeParameters(map);
  return mimeType;
}

/** A MIME type record: type, subtype and parameters. */
export class MIMEType {
  constructor(string) {
    string = StringCtor(string);
    const parsed = fromParse(mimesniffParse(writeString(string), false));
    if (parsed === null) throw new ErrorCtor(`Could not parse MIME type string "${string}"`);
    this._type = parsed._type;
    this._subtype = parsed._subtype;
    this._parameters = parsed._parameters;
  }

  static parse(string) {
    return parseAs(this, string);
  }

  get essence() {
    return `${this.type}/${this.subtype}`;
  }

  get type() {
    return this._type;
  }

  set type(value) {
    this._type = validatedTypeOrSubtype('type', value);
  }

  get subtype() {
    return this._subtype;
  }

  set subtype(value) {
    this._subtype = validatedTypeOrSubtype('subtype', value);
  }

  get parameters() {
    return this._parameters;
  }

  toString() {
    return serializeMIMEType(this);
  }

  isJavaScript({ prohibitParameters = false } = {}) {
    return inGroup(this, GROUP.javaScript) && (!prohibitParameters || this._parameters.size === 0);
  }

  isXML() {
    return inGroup(this, GROUP.xml);
  }

  isHTML() {
    return inGroup(this, GROUP.html);
  }
}

/**
 * MIMEType.parse on `ctor` (outside the class: a self-reference in its body would make bundlers
 * rename the class, and its `name` with it).
 */
function parseAs(ctor, string) {
  // A subclass's constructor may do more; MIMEType's own parse fails without throwing, as a
  // thrown Error's stack trace was 43% of parse + toString's time over WPT's inputs (376 of 955 fail).
  if (ctor !== MIMEType) {
    try {
      return new ctor(string);
    } catch {
      return null;
    }
  }
  let text;
  try {
    text = StringCtor(string);
  } catch {
    return null;
  }
  return fromParse(mimesniffParse(writeString(text), false));
}

function validatedTypeOrSubtype(which, value) {
  value = StringCtor(value);
  const stored = validated(Piece.Token, value);
  if (stored !== null) return stored;
  if (value.length === 0) throw new ErrorCtor(`Invalid ${which}: must be a non-empty string`);
  // The message shows the value lowercased, as whatwg-mimetype's does.
  const lowercased = value.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  throw new ErrorCtor(`Invalid ${which} ${lowercased}: must contain only HTTP token code points`);
}

/** Parse a MIME type: a MIMEType, or null for failure. */
export function parseMIMEType(input) {
  return fromParse(mimesniffParse(writeString(StringCtor(input)), false));
}

/** Parse a MIME type from bytes (a BufferSource, isomorphic decoded): a MIMEType, or null. */
export function parseMIMETypeFromBytes(input) {
  return fromParse(mimesniffParse(writeBytes(toUint8Array(input, 'parseMIMETypeFromBytes')), true));
}

/** Serialize a MIME type (a MIMEType, or any object with its type, subtype and parameters). */
export function serializeMIMEType(mimeType) {
  const length = mimesniffSerialize(writeString(pieces(mimeType, true)));
  if (length === FAILURE) throw new TypeError('serializeMIMEType: not a valid MIME type');
  return readLatin1(length);
}

export const isImageMIMEType = (mimeType) => inGroup(mimeType, GROUP.image);
export const isAudioOrVideoMIMEType = (mimeType) => inGroup(mimeType, GROUP.audioOrVideo);
export const isFontMIMEType = (mimeType) => inGroup(mimeType, GROUP.font);
export const isZipBasedMIMEType = (mimeType) => inGroup(mimeType, GROUP.zipBased);
export const isArchiveMIMEType = (mimeType) => inGroup(mimeType, GROUP.archive);
export const isXMLMIMEType = (mimeType) => inGroup(mimeType, GROUP.xml);
export const isHTMLMIMEType = (mimeType) => inGroup(mimeType, GROUP.html);
export const isScriptableMIMEType = (mimeType) => inGroup(mimeType, GROUP.scriptable);
export const isJavaScriptMIMEType = (mimeType) => inGroup(mimeType, GROUP.javaScript);
export const isJSONMIMEType = (mimeType) => inGroup(mimeType, GROUP.json);

/**
 * Determining the computed MIME type of a resource (MIME Sniffing §7), with whatwg-mimetype's
 * options: `contentTypeHeader` (the last Content-Type header, for an HTTP resource; a string
 * sets the check-for-apache-bug flag when it is exactly one of the four Apache values),
 * `providedType` (the file system's or another protocol's type), `noSniff` and
 * `isSupported(mimeType)` (asked about a supplied image, audio or video type). Returns a
 * MIMEType: the supplied one itself, or a new one for a sniffed type.
 */
export function computedMIMEType(resource, { contentTypeHeader, providedType, noSniff = false, isSupported = () => true } = {}) {
  const bytes = toUint8Array(resource, 'computedMIMEType');
  let kind = Supplied.None;
  let supplied = '';
  if (contentTypeHeader !== undefined) {
    supplied = `${contentTypeHeader}`;
    // A header given as another object is parsed the same, but only a string is compared with
    // the Apache values (as whatwg-mimetype does): the Provided kind never sets that flag.
    kind = typeof contentTypeHeader === 'string' ? Supplied.ContentType : Supplied.Provided;
  } else if (providedType !== undefined) {
    supplied = `${providedType}`;
    kind = Supplied.Provided;
  }
  const suppliedMIMEType = kind === Supplied.None ? null : MIMEType.parse(supplied);
  let thrown;
  let threw = false;
  const answer = () => {
    try {
      return Boolean(isSupported(suppliedMIMEType));
    } catch (error) {
      threw = true;
      thrown = error;
      return false;
    }
  };
  const header = subarray(bytes, 0, RESOURCE_HEADER_MAX_LEN);
  const headerLength = writeBytes(header);
  const suppliedLength = writeString(supplied, headerLength);
  const result = mimesniffComputed(headerLength, suppliedLength, kind, Boolean(noSniff), answer);
  if (threw) throw thrown;
  return result === SUPPLIED ? suppliedMIMEType : new MIMEType(readLatin1(result));
}

/**
 * Fetch's data: URL processor from its third step, given a URL's serialization with exclude
 * fragment set (the second step's input): `{ mimeType, body }` (a MIMEType and a Uint8Array),
 * or null for failure. The data-urls drop-in serializes whatwg-url's records for it.
 */
export function dataURLProcessor(serializedURL) {
  const length = dataURLProcess(writeString(StringCtor(serializedURL)));
  if (length === FAILURE) return null;
  const mimeType = new MIMEType(readLatin1(length));
  return { mimeType, body: readBytes(dataURLBody()) };
}
