// HTML common microsyntaxes (HTML §2.3–2.4) and the meta charset extraction (§2.6.5), exported
// from the package as the namespace `html`. Every function returns a plain value, or null where
// the spec's algorithm returns an error, failure or nothing; bad input never throws. Only a
// missing argument throws a TypeError (and, as WebIDL's string conversion does, a Symbol).
//
// Parsed values cross from wasm as numbers in one record of doubles (src/bindings/html.rs),
// read in place here and turned into objects; parts of the input cross as UTF-16 offsets and
// are sliced from the caller's own string.
// Named imports (not a destructured namespace), so that bundlers can drop unused glue.
import * as glue from '#glue';
import { HtmlParser as P, HtmlSerializer as S, HtmlValidator as V } from '#glue';
import { readAscii, writeString } from './io.js';
// The other areas' modules (separate files: one instance, one wasm each, however imported).
import { labelToEncoding } from '#area/encoding';
import { parseURL } from '#area/url';
import { wasm } from './runtime.js';
import { requireArguments, toDOMString, toUSVString } from './webidl.js';

// The record's length: RECORD_LEN in src/bindings/html.rs.
const RECORD_LENGTH = 10;
let record = new Float64Array(0);

/**
 * The record, as a view renewed when memory grows or the instance is replaced. Asking the glue
 * for its address first also lets the glue replace an instance that panicked (it does so at its
 * next call), so that serializers write their fields into the instance that reads them.
 */
function recordView() {
  const address = glue.htmlRecord();
  const buffer = wasm().memory.buffer;
  if (record.buffer !== buffer || record.byteOffset !== address) record = new Float64Array(buffer, address, RECORD_LENGTH);
  return record;
}

function input(args, name) {
  requireArguments(args.length, 1, `html.${name}`);
  return toDOMString(args[0]);
}

/** Runs a parser; its fields from the record, or null on error. */
function parse(parser, string) {
  return glue.htmlParse(parser, writeString(string)) ? recordView() : null;
}

function isValid(validator, args, name) {
  return glue.htmlIsValid(validator, writeString(input(args, name)));
}

// ----- Numbers (§2.4.4)

/**
 * The rules for parsing integers. Null for an error, and for an integer beyond
 * ±Number.MAX_SAFE_INTEGER, which no Number holds exactly.
 */
export function parseInteger(value) {
  return parse(P.Integer, input(arguments, 'parseInteger'))?.[0] ?? null;
}

export function isValidInteger(value) {
  return isValid(V.Integer, arguments, 'isValidInteger');
}

/** The rules for parsing non-negative integers (null beyond Number.MAX_SAFE_INTEGER). */
export function parseNonNegativeInteger(value) {
  return parse(P.NonNegativeInteger, input(arguments, 'parseNonNegativeInteger'))?.[0] ?? null;
}

export function isValidNonNegativeInteger(value) {
  return isValid(V.NonNegativeInteger, arguments, 'isValidNonNegativeInteger');
}

/** The rules for parsing floating-point number values (never -0; null beyond the doubles). */
export function parseFloatingPoint(value) {
  return parse(P.FloatingPoint, input(arguments, 'parseFloatingPoint'))?.[0] ?? null;
}

export function isValidFloatingPoint(value) {
  return isValid(V.FloatingPoint, arguments, 'isValidFloatingPoint');
}

// The host's Number-to-String conversion and finiteness test as they were when webweft loaded
// (a page may replace the globals later).
const numberToString = String;
const numberIsFinite = Number.isFinite;

/**
 * The best representation of a number as a floating-point number, which the spec defines as
 * ECMAScript's Number::toString(n): the host's own, which every JS engine has. (The Rust crate
 * has the same algorithm for native use, which the wasm tests check this against; in the wasm
 * it would bring core::fmt's float formatting.) Null unless a finite Number.
 */
export function serializeFloatingPoint(number) {
  requireArguments(arguments.length, 1, 'html.serializeFloatingPoint');
  return typeof number === 'number' && numberIsFinite(number) ? numberToString(number) : null;
}

const DIMENSION_KINDS = ['length', 'percentage'];

function dimension(fields) {
  return fields && { value: fields[0], kind: DIMENSION_KINDS[fields[1]] };
}

/** The rules for parsing dimension values: {value, kind: 'length' | 'percentage'}. */
export function parseDimension(value) {
  return dimension(parse(P.Dimension, input(arguments, 'parseDimension')));
}

/** The rules for parsing nonzero dimension values. */
export function parseNonZeroDimension(value) {
  return dimension(parse(P.NonzeroDimension, input(arguments, 'parseNonZeroDimension')));
}

/** The rules for parsing a list of floating-point numbers (never an error). */
export function parseFloatList(value) {
  return Array.from(glue.htmlParseFloatList(writeString(input(arguments, 'parseFloatList'))));
}

export function isValidFloatList(value) {
  return isValid(V.FloatList, arguments, 'isValidFloatList');
}

const LIST_UNITS = ['absolute', 'relative', 'percentage'];

/** The rules for parsing a list of dimensions: [{value, unit: 'absolute' | 'relative' | 'percentage'}]. */
export function parseDimensionList(value) {
  const pairs = glue.htmlParseDimensionList(writeString(input(arguments, 'parseDimensionList')));
  const list = [];
  for (let i = 0; i < pairs.length; i += 2) list.push({ value: pairs[i], unit: LIST_UNITS[pairs[i + 1]] });
  return list;
}

// ----- Dates and times (§2.4.5)

// Object literals with every field spelled out: V8 builds them far faster than spreads.
const month = (r) => ({ year: r[0], month: r[1] });
const date = (r) => ({ year: r[0], month: r[1], day: r[2] });
const yearlessDate = (r) => ({ month: r[0], day: r[1] });
const time = (r) => ({ hour: r[0], minute: r[1], second: r[2], millisecond: r[3] });
const localDateTime = (r) => ({
  year: r[0],
  month: r[1],
  day: r[2],
  hour: r[3],
  minute: r[4],
  second: r[5],
  millisecond: r[6],
});
const timeZoneOffset = (r) => ({ hours: r[0], minutes: r[1] });
const globalDateTime = (r) => ({
  year: r[0],
  month: r[1],
  day: r[2],
  hour: r[3],
  minute: r[4],
  second: r[5],
  millisecond: r[6],
  timeZoneOffset: { hours: r[7], minutes: r[8] },
});
const week = (r) => ({ year: r[0], week: r[1] });
const duration = (r) => ({ seconds: r[0], milliseconds: r[1] });

function parseTo(parser, shape, args, name) {
  const fields = parse(parser, input(args, name));
  return fields && shape(fields);
}

/**
 * Puts a value's fields in the record and serializes it; null if the value is not an object
 * or its fields are not integers in range. `defaults` fills fields that are undefined.
 */
function runSerializer(serializer, value, names, defaults = {}) {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return null;
  const fields = names.map((name) => {
    const field = value[name] === undefined ? defaults[name] : value[name];
    return typeof field === 'number' ? field : NaN;
  });
  recordView().set(fields);
  const length = glue.htmlSerialize(serializer);
  return length === undefined ? null : readAscii(length);
}

function serializeArgument(args, name) {
  requireArguments(args.length, 1, `html.${name}`);
  return args[0];
}

const DATE = ['year', 'month', 'day'];
const TIME = ['hour', 'minute', 'second', 'millisecond'];
const DATE_AND_TIME = [...DATE, ...TIME];
const TIME_DEFAULTS = { second: 0, millisecond: 0 };

export function parseMonth(value) {
  return parseTo(P.Month, month, arguments, 'parseMonth');
}
export function isValidMonth(value) {
  return isValid(V.Month, arguments, 'isValidMonth');
}
export function serializeMonth(value) {
  return runSerializer(S.Month, serializeArgument(arguments, 'serializeMonth'), ['year', 'month']);
}

export function parseDate(value) {
  return parseTo(P.Date, date, arguments, 'parseDate');
}
export function isValidDate(value) {
  return isValid(V.Date, arguments, 'isValidDate');
}
export function serializeDate(value) {
  return runSerializer(S.Date, serializeArgument(arguments, 'serializeDate'), DATE);
}

export function parseYearlessDate(value) {
  return parseTo(P.YearlessDate, yearlessDate, arguments, 'parseYearlessDate');
}
export function isValidYearlessDate(value) {
  return isValid(V.YearlessDate, arguments, 'isValidYearlessDate');
}
export function serializeYearlessDate(value) {
  return runSerializer(S.YearlessDate, serializeArgument(arguments, 'serializeYearlessDate'), ['month', 'day']);
}

export function parseTime(value) {
  return parseTo(P.Time, time, arguments, 'parseTime');
}
export function isValidTime(value) {
  return isValid(V.Time, arguments, 'isValidTime');
}
/** The shortest valid time string ("19:45", "19:45:45.5"); second and millisecond default to 0. */
export function serializeTime(value) {
  return runSerializer(S.Time, serializeArgument(arguments, 'serializeTime'), TIME, TIME_DEFAULTS);
}

export function parseLocalDateTime(value) {
  return parseTo(P.LocalDateTime, localDateTime, arguments, 'parseLocalDateTime');
}
export function isValidLocalDateTime(value) {
  return isValid(V.LocalDateTime, arguments, 'isValidLocalDateTime');
}
export function isValidNormalizedLocalDateTime(value) {
  return isValid(V.NormalizedLocalDateTime, arguments, 'isValidNormalizedLocalDateTime');
}
/** The valid normalized local date and time string ("2016-02-29T19:45:30.5"). */
export function serializeLocalDateTime(value) {
  return runSerializer(S.LocalDateTime, serializeArgument(arguments, 'serializeLocalDateTime'), DATE_AND_TIME, TIME_DEFAULTS);
}

/** {hours, minutes}, both negative for a "-" offset. */
export function parseTimeZoneOffset(value) {
  return parseTo(P.TimeZoneOffset, timeZoneOffset, arguments, 'parseTimeZoneOffset');
}
export function isValidTimeZoneOffset(value) {
  return isValid(V.TimeZoneOffset, arguments, 'isValidTimeZoneOffset');
}
export function serializeTimeZoneOffset(value) {
  return runSerializer(S.TimeZoneOffset, serializeArgument(arguments, 'serializeTimeZoneOffset'), ['hours', 'minutes']);
}

/** The moment in UTC ({year, …, millisecond}) and the offset it was written with. */
export function parseGlobalDateTime(value) {
  return parseTo(P.GlobalDateTime, globalDateTime, arguments, 'parseGlobalDateTime');
}
export function isValidGlobalDateTime(value) {
  return isValid(V.GlobalDateTime, arguments, 'isValidGlobalDateTime');
}
export function isValidNormalizedGlobalDateTime(value) {
  return isValid(V.NormalizedGlobalDateTime, arguments, 'isValidNormalizedGlobalDateTime');
}
/** The fields as a moment in UTC, written "…T…Z" (any timeZoneOffset is ignored). */
export function serializeGlobalDateTime(value) {
  return runSerializer(S.GlobalDateTime, serializeArgument(arguments, 'serializeGlobalDateTime'), DATE_AND_TIME, TIME_DEFAULTS);
}

export function parseWeek(value) {
  return parseTo(P.Week, week, arguments, 'parseWeek');
}
export function isValidWeek(value) {
  return isValid(V.Week, arguments, 'isValidWeek');
}
export function serializeWeek(value) {
  return runSerializer(S.Week, serializeArgument(arguments, 'serializeWeek'), ['year', 'week']);
}

/** {seconds, milliseconds}; null also beyond Number.MAX_SAFE_INTEGER seconds. */
export function parseDuration(value) {
  return parseTo(P.Duration, duration, arguments, 'parseDuration');
}
export function isValidDuration(value) {
  return isValid(V.Duration, arguments, 'isValidDuration');
}
/** The ISO-like form, largest units first ("P1DT1H1M1.5S"); milliseconds default to 0. */
export function serializeDuration(value) {
  return runSerializer(S.Duration, serializeArgument(arguments, 'serializeDuration'), ['seconds', 'milliseconds'], {
    milliseconds: 0,
  });
}

const DATE_OR_TIME = [
  (r) => ({ kind: 'date', year: r[1], month: r[2], day: r[3] }),
  (r) => ({ kind: 'time', hour: r[1], minute: r[2], second: r[3], millisecond: r[4] }),
  (r) => ({
    kind: 'globalDateTime',
    year: r[1],
    month: r[2],
    day: r[3],
    hour: r[4],
    minute: r[5],
    second: r[6],
    millisecond: r[7],
    timeZoneOffset: { hours: r[8], minutes: r[9] },
  }),
];

/** The rules to parse a date or time string: a date, a time, or a global date and time, by `kind`. */
export function parseDateOrTime(value) {
  const fields = parse(P.DateOrTime, input(arguments, 'parseDateOrTime'));
  return fields && DATE_OR_TIME[fields[0]](fields);
}
export function isValidDateWithOptionalTime(value) {
  return isValid(V.DateWithOptionalTime, arguments, 'isValidDateWithOptionalTime');
}

function integerArgument(value) {
  return typeof value === 'number' ? value : NaN;
}

/** The number of days in a month (1–12) of a year; null for other arguments. */
export function daysInMonth(month, year) {
  requireArguments(arguments.length, 2, 'html.daysInMonth');
  return glue.htmlDaysInMonth(integerArgument(month), integerArgument(year)) ?? null;
}

/** The number of weeks of a week-year (52 or 53); null for a year that is not an integer 0–4294967295. */
export function weeksInYear(year) {
  requireArguments(arguments.length, 1, 'html.weeksInYear');
  return glue.htmlWeeksInYear(integerArgument(year)) ?? null;
}

// ----- Colors (§2.4.6)

const color = (r) => ({ red: r[0], green: r[1], blue: r[2] });

export function parseSimpleColor(value) {
  return parseTo(P.SimpleColor, color, arguments, 'parseSimpleColor');
}
export function isValidSimpleColor(value) {
  return isValid(V.SimpleColor, arguments, 'isValidSimpleColor');
}
export function isValidLowercaseSimpleColor(value) {
  return isValid(V.LowercaseSimpleColor, arguments, 'isValidLowercaseSimpleColor');
}
/** "#rrggbb" in lowercase hex. */
export function serializeSimpleColor(value) {
  return runSerializer(S.SimpleColor, serializeArgument(arguments, 'serializeSimpleColor'), ['red', 'green', 'blue']);
}
/** The rules for parsing a legacy color value (bgcolor, color, text, …). */
export function parseLegacyColor(value) {
  return parseTo(P.LegacyColor, color, arguments, 'parseLegacyColor');
}

// ----- Tokens (§2.4.7–2.4.8), references (§2.4.9)

function slices(string, ranges) {
  const tokens = [];
  for (let i = 0; i < ranges.length; i += 2) tokens.push(string.slice(ranges[i], ranges[i + 1]));
  return tokens;
}

/** Infra's split a string on ASCII whitespace (space-separated tokens). */
export function splitOnAsciiWhitespace(value) {
  const string = input(arguments, 'splitOnAsciiWhitespace');
  return slices(string, glue.htmlSplitOnAsciiWhitespace(writeString(string)));
}

/** Infra's split a string on commas (comma-separated tokens, whitespace stripped). */
export function splitOnCommas(value) {
  const string = input(arguments, 'splitOnCommas');
  return slices(string, glue.htmlSplitOnCommas(writeString(string)));
}

// Strings cross into wasm as UTF-8, where a lone surrogate can only be U+FFFD. Where strings are
// compared with each other, a lone surrogate is written as an escape instead, which keeps two
// strings equal (and ASCII case-insensitively equal) exactly when they were: U+10FFFF becomes
// U+10FFFF U+10FFFF, and the lone surrogate U+D800 + n becomes U+10FFFF U+F0000 + n. Neither has
// ASCII in it, so splitting on ASCII whitespace and ASCII case folding see the same.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const ESCAPED = /[\uD800-\uDFFF]|\u{10FFFF}/gu;

function comparable(strings) {
  if (!strings.some((string) => LONE_SURROGATE.test(string))) return strings;
  const escape = (c) => (c === '\u{10FFFF}' ? c + c : `\u{10FFFF}${String.fromCodePoint(0xf0000 + c.charCodeAt(0) - 0xd800)}`);
  return strings.map((string) => string.replace(ESCAPED, escape));
}

/**
 * Whether the space-separated tokens are unique (an unordered or ordered set of unique
 * space-separated tokens), compared case-sensitively unless `asciiCaseInsensitive`.
 */
export function hasUniqueTokens(value, options) {
  const [string] = comparable([input(arguments, 'hasUniqueTokens')]);
  return glue.htmlHasUniqueTokens(writeString(string), Boolean(options?.asciiCaseInsensitive));
}

/** The rules for parsing a hash-name reference: the name after the first "#", or null. */
export function parseHashNameReference(value) {
  const string = input(arguments, 'parseHashNameReference');
  const range = parse(P.HashNameReference, string);
  return range && string.slice(range[0], range[1]);
}

// ----- Attributes (§2.4.2–2.4.3)

/** A boolean attribute's state: true when present (any string), false when missing (null or undefined). */
export function booleanAttribute(value) {
  requireArguments(arguments.length, 1, 'html.booleanAttribute');
  return value !== null && value !== undefined;
}

/** Whether a present boolean attribute's value is conforming: "" or the attribute's name, ASCII case-insensitively. */
export function isValidBooleanAttributeValue(value, attributeName) {
  requireArguments(arguments.length, 2, 'html.isValidBooleanAttributeValue');
  return glue.htmlIsValidBooleanAttributeValue(...comparable([toDOMString(value), toDOMString(attributeName)]));
}

/**
 * Determines the state of an enumerated attribute: `value` is the attribute's value, or null
 * (or undefined) when it is missing; `definition.keywords` maps each keyword to its state (an
 * array lists keywords that are their own states); `missing`, `invalid` and `empty` are the
 * optional missing, invalid and empty value defaults. Returns the state, or null for no state.
 */
export function enumeratedAttributeState(value, definition) {
  requireArguments(arguments.length, 2, 'html.enumeratedAttributeState');
  if (
    definition === null ||
    typeof definition !== 'object' ||
    definition.keywords == null ||
    typeof definition.keywords !== 'object'
  ) {
    throw new TypeError('html.enumeratedAttributeState: the definition must be an object with a keywords array or object.');
  }
  const entries = Array.isArray(definition.keywords)
    ? definition.keywords.map((keyword) => [toDOMString(keyword), toDOMString(keyword)])
    : Object.entries(definition.keywords).map(([keyword, state]) => [keyword, toDOMString(state)]);
  const states = [];
  const stateIndex = (state) => {
    if (state === undefined || state === null) return undefined;
    const name = toDOMString(state);
    const index = states.indexOf(name);
    return index >= 0 ? index : states.push(name) - 1;
  };
  const keywordStates = entries.map(([, state]) => stateIndex(state));
  const missing = stateIndex(definition.missing);
  const invalid = stateIndex(definition.invalid);
  const empty = stateIndex(definition.empty);
  const present = value !== null && value !== undefined;
  const strings = comparable([present ? toDOMString(value) : '', ...entries.map(([keyword]) => keyword)]);
  const index = glue.htmlEnumeratedAttributeState(
    present ? strings[0] : undefined,
    strings.slice(1),
    new Uint32Array(keywordStates),
    missing,
    invalid,
    empty,
  );
  return index === undefined ? null : states[index];
}

// ----- Fetching (§2.6.5)

/**
 * The algorithm for extracting a character encoding from a meta element, given its content
 * attribute: the encoding label it finds (not yet resolved to an encoding), or null.
 */
export function extractMetaCharset(content) {
  const string = input(arguments, 'extractMetaCharset');
  const range = parse(P.MetaCharset, string);
  return range && string.slice(range[0], range[1]);
}

/**
 * The same algorithm to its end: the name of the encoding the label names ("UTF-8",
 * "windows-1252", ...), or null when there is no label or the Encoding Standard does not know it.
 */
export function extractMetaCharsetEncoding(content) {
  // The last step: getting an encoding from the label (the encoding area's table).
  const label = extractMetaCharset(input(arguments, 'extractMetaCharsetEncoding'));
  return label === null ? null : labelToEncoding(label);
}

// ----- URLs (§2.5)

/**
 * Encoding-parse-and-serialize a URL as a document with character encoding `encoding` (a label)
 * does, against `base` if given: the serialized URL, or null on failure. The query is encoded
 * with the document's encoding, everything else with UTF-8. RangeError for an unknown label,
 * TypeError for an invalid base.
 */
export function encodingParseAndSerializeURL(url, encoding = 'utf-8', base = undefined) {
  const string = toUSVString(input(arguments, 'encodingParseAndSerializeURL'));
  const label = toDOMString(encoding);
  if (base !== undefined) base = toUSVString(base);
  // The URL parser with the document's encoding for the query (the url area: an unknown label is
  // its RangeError), then the URL serializer.
  const { url: parsed } = parseURL(string, base, { encoding: label });
  if (parsed !== null) return parsed.href;
  // The environment's base URL is a URL: a string that does not parse is the caller's error.
  if (base !== undefined && parseURL(base).url === null)
    throw new TypeError(`html.encodingParseAndSerializeURL: invalid base URL ${JSON.stringify(base)}`);
  return null;
}
