/**
 * The HTML Standard's common microsyntaxes (§2.3–2.4: numbers, dates and times, colors, tokens,
 * references, boolean and enumerated attributes), encoding-parsing URLs (§2.5) and the `meta`
 * charset extraction (§2.6.5).
 *
 * Every function returns a plain value, or `null` where the spec's algorithm returns an error,
 * failure or nothing; bad input never throws. A missing argument throws a `TypeError`, and
 * string arguments are converted as WebIDL converts a `DOMString` (so a Symbol throws too).
 *
 * Bounds: integers and durations' seconds are returned only when a Number holds them exactly
 * (within ±`Number.MAX_SAFE_INTEGER`); beyond that the result is `null`. Years range up to
 * 4294967295 (a larger year makes the string fail to parse). Fractions of a second are kept to
 * the millisecond (later digits are dropped). Serializers take the objects the parsers return;
 * a field that is not an integer Number in range makes the result `null`.
 */
export declare namespace html {
  // Numbers (§2.4.4)

  /** The rules for parsing integers ("42", " -7px" → -7). */
  function parseInteger(value: string): number | null;
  /** A valid integer: ASCII digits with an optional "-". */
  function isValidInteger(value: string): boolean;
  /** The rules for parsing non-negative integers. */
  function parseNonNegativeInteger(value: string): number | null;
  function isValidNonNegativeInteger(value: string): boolean;
  /** The rules for parsing floating-point number values (never -0; null beyond the largest double). */
  function parseFloatingPoint(value: string): number | null;
  function isValidFloatingPoint(value: string): boolean;
  /** The best representation of a number as a floating-point number (ECMAScript's ToString: 0.1 + 0.2 → "0.30000000000000004"); null for NaN, ±Infinity and non-numbers. */
  function serializeFloatingPoint(value: number): string | null;
  /** The rules for parsing dimension values ("50%", "100px" → 100 as a length). */
  function parseDimension(value: string): Dimension | null;
  /** The rules for parsing nonzero dimension values. */
  function parseNonZeroDimension(value: string): Dimension | null;
  /** The rules for parsing a list of floating-point numbers (never an error; unparseable items are 0). */
  function parseFloatList(value: string): number[];
  /** A valid list of floating-point numbers: valid floating-point numbers separated by ",". */
  function isValidFloatList(value: string): boolean;
  /** The rules for parsing a list of dimensions (frameset rows/cols: "1*,50%,100"). */
  function parseDimensionList(value: string): ListDimension[];

  // Dates and times (§2.4.5)

  function parseMonth(value: string): MonthValue | null;
  function isValidMonth(value: string): boolean;
  /** "2005-02"; null if out of range. */
  function serializeMonth(value: MonthValue): string | null;
  function parseDate(value: string): DateValue | null;
  function isValidDate(value: string): boolean;
  /** "2016-02-29"; null if not a real date. */
  function serializeDate(value: DateValue): string | null;
  /** Accepts an optional "--" prefix ("--02-29"). */
  function parseYearlessDate(value: string): YearlessDateValue | null;
  function isValidYearlessDate(value: string): boolean;
  /** "02-29". */
  function serializeYearlessDate(value: YearlessDateValue): string | null;
  function parseTime(value: string): TimeValue | null;
  function isValidTime(value: string): boolean;
  /** The shortest valid time string: "19:45", "19:45:45", "19:45:45.5". */
  function serializeTime(value: TimeInput): string | null;
  /** "2016-02-29T19:45" or "2016-02-29 19:45". */
  function parseLocalDateTime(value: string): LocalDateTimeValue | null;
  function isValidLocalDateTime(value: string): boolean;
  function isValidNormalizedLocalDateTime(value: string): boolean;
  /** The valid normalized local date and time string: "2016-02-29T19:45:30.5". */
  function serializeLocalDateTime(value: LocalDateTimeInput): string | null;
  /** "Z", "+05:30", "-0530" (both fields negative for "-"). */
  function parseTimeZoneOffset(value: string): TimeZoneOffsetValue | null;
  function isValidTimeZoneOffset(value: string): boolean;
  /** "Z" for zero, else "+HH:MM" or "-HH:MM"; null if hours and minutes have different signs. */
  function serializeTimeZoneOffset(value: TimeZoneOffsetValue): string | null;
  /** The moment in UTC and the offset it was written with: "1979-10-14T12:00:00.001-04:00" → 16:00:00.001 UTC. */
  function parseGlobalDateTime(value: string): GlobalDateTimeValue | null;
  function isValidGlobalDateTime(value: string): boolean;
  /** The normalized form (HTML 5.x): UTC, "T", the shortest time, "Z". */
  function isValidNormalizedGlobalDateTime(value: string): boolean;
  /** The fields as a moment in UTC, written "1979-10-14T16:00:00.001Z" (any `timeZoneOffset` is ignored). */
  function serializeGlobalDateTime(value: LocalDateTimeInput): string | null;
  /** "2026-W53". */
  function parseWeek(value: string): WeekValue | null;
  function isValidWeek(value: string): boolean;
  function serializeWeek(value: WeekValue): string | null;
  /** "PT4H18M3S" or "4h 18m 3s"; null for months or years, and beyond Number.MAX_SAFE_INTEGER seconds. */
  function parseDuration(value: string): DurationValue | null;
  function isValidDuration(value: string): boolean;
  /** The ISO-like form, largest units first: "P1DT1H1M1.5S", "PT0S". */
  function serializeDuration(value: DurationInput): string | null;
  /** The rules to parse a date or time string: a date, a time, or a global date and time. */
  function parseDateOrTime(value: string): DateOrTimeValue | null;
  /** A valid date string with optional time: a date, or a global date and time. */
  function isValidDateWithOptionalTime(value: string): boolean;
  /** The number of days in month 1–12 of a year (Gregorian leap years); null for other arguments. */
  function daysInMonth(month: number, year: number): number | null;
  /** The number of weeks in a week-year (52 or 53); null unless year is an integer 0–4294967295. */
  function weeksInYear(year: number): number | null;

  // Colors (§2.4.6)

  /** "#rrggbb" (hex digits in either case). */
  function parseSimpleColor(value: string): Color | null;
  function isValidSimpleColor(value: string): boolean;
  function isValidLowercaseSimpleColor(value: string): boolean;
  /** "#rrggbb" in lowercase. */
  function serializeSimpleColor(value: Color): string | null;
  /** The rules for parsing a legacy color value (bgcolor="chucknorris" → #c00000); null for "" and "transparent". */
  function parseLegacyColor(value: string): Color | null;

  // Tokens (§2.4.7–2.4.8), references (§2.4.9)

  /** Split a string on ASCII whitespace (space-separated tokens). */
  function splitOnAsciiWhitespace(value: string): string[];
  /** Split a string on commas, each token stripped of ASCII whitespace ("a ,b,,d d" → a, b, "", "d d"). */
  function splitOnCommas(value: string): string[];
  /** Whether no space-separated token repeats (compared case-sensitively unless asciiCaseInsensitive). */
  function hasUniqueTokens(value: string, options?: { asciiCaseInsensitive?: boolean }): boolean;
  /** The rules for parsing a hash-name reference: the text after the first "#" ("#map" → "map"), or null. */
  function parseHashNameReference(value: string): string | null;

  // Attributes (§2.4.2–2.4.3)

  /** A boolean attribute's state: true when the attribute is present (any string), false when missing (null/undefined). */
  function booleanAttribute(value: string | null | undefined): boolean;
  /** Whether a present boolean attribute's value conforms: "" or the attribute's name, ASCII case-insensitively. */
  function isValidBooleanAttributeValue(value: string, attributeName: string): boolean;
  /**
   * Determines the state of an enumerated attribute from its value (null or undefined when the
   * attribute is missing): the state of an ASCII case-insensitively matching keyword, else the
   * empty, invalid or missing value default that applies. Returns null for "no state".
   *
   * @example enumeratedAttributeState('OFF', { keywords: { on: 'on', off: 'off', '': 'on' }, missing: 'default', invalid: 'default' }) // 'off'
   */
  function enumeratedAttributeState(value: string | null | undefined, definition: EnumeratedAttribute): string | null;

  // Fetching (§2.6.5)

  /**
   * The algorithm for extracting a character encoding from a meta element's content attribute:
   * the encoding label it names ("text/html; charset=utf-8" → "utf-8"), not yet resolved to an
   * encoding, or null.
   */
  function extractMetaCharset(content: string): string | null;

  /**
   * The same algorithm to its end: the name of the encoding the label names ("UTF-8",
   * "windows-1252", …), or null when there is no label or the Encoding Standard does not know it.
   */
  function extractMetaCharsetEncoding(content: string): string | null;

  // URLs (§2.5)

  /**
   * Encoding-parse-and-serialize a URL as a document whose character encoding has the label
   * `encoding` (default "utf-8") does, against `base` if given: the serialized URL, or null on
   * failure. Only the query uses the document's encoding. Throws a RangeError for an unknown
   * label and a TypeError for an invalid base.
   */
  function encodingParseAndSerializeURL(url: string, encoding?: string, base?: string): string | null;

  // Values

  interface Dimension {
    value: number;
    kind: 'length' | 'percentage';
  }
  interface ListDimension {
    value: number;
    unit: 'absolute' | 'relative' | 'percentage';
  }
  interface MonthValue {
    year: number;
    month: number;
  }
  interface DateValue {
    year: number;
    month: number;
    day: number;
  }
  interface YearlessDateValue {
    month: number;
    day: number;
  }
  interface TimeValue {
    hour: number;
    minute: number;
    second: number;
    millisecond: number;
  }
  /** A time to serialize: second and millisecond default to 0. */
  interface TimeInput {
    hour: number;
    minute: number;
    second?: number;
    millisecond?: number;
  }
  interface LocalDateTimeValue extends DateValue, TimeValue {}
  interface LocalDateTimeInput extends DateValue, TimeInput {}
  /** Hours −23–23 and minutes −59–59, both negative (or zero) for an offset west of UTC. */
  interface TimeZoneOffsetValue {
    hours: number;
    minutes: number;
  }
  /** The date and time fields are the moment in UTC. */
  interface GlobalDateTimeValue extends LocalDateTimeValue {
    timeZoneOffset: TimeZoneOffsetValue;
  }
  interface WeekValue {
    year: number;
    week: number;
  }
  interface DurationValue {
    seconds: number;
    milliseconds: number;
  }
  interface DurationInput {
    seconds: number;
    milliseconds?: number;
  }
  type DateOrTimeValue =
    | ({ kind: 'date' } & DateValue)
    | ({ kind: 'time' } & TimeValue)
    | ({ kind: 'globalDateTime' } & GlobalDateTimeValue);
  interface Color {
    red: number;
    green: number;
    blue: number;
  }
  interface EnumeratedAttribute {
    /** Keyword → state; an array lists keywords that are their own states. */
    keywords: Readonly<Record<string, string>> | readonly string[];
    /** The missing value default: the state when the attribute is missing. */
    missing?: string;
    /** The invalid value default: the state for a value that matches no keyword. */
    invalid?: string;
    /** The empty value default: the state for the empty string, when no keyword is "". */
    empty?: string;
  }
}
