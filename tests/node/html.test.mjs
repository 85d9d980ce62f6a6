// weft.html: the HTML common microsyntaxes over the built package. Each table row is its own
// test (the spec's examples and edge cases, in the spirit of the Rust tests' tables), then
// properties: no function throws on any string, serializations round-trip through the parsers,
// and independent references (ECMAScript's own Number::toString and Date, small regex-based
// parsers) agree.
import assert from 'node:assert/strict';
import { wasmExports } from './wasm-instances.mjs';
import { test } from 'node:test';
import fc from 'fast-check';
import { html } from 'webweft';

/** An input as a test name shows it: strings quoted (long ones cut), -0, NaN and BigInts as written. */
function show(value) {
  if (typeof value === 'string') return JSON.stringify(value.length > 48 ? `${value.slice(0, 40)}…(${value.length})` : value);
  if (typeof value === 'bigint') return `${value}n`;
  return Object.is(value, -0) ? '-0' : String(value);
}

/** One test per row: `fn(input)` deep-equals `expected`. */
function table(name, fn, rows) {
  for (const [input, expected] of rows) {
    test(`html.${name}(${show(input)})`, () => {
      assert.deepEqual(fn(input), expected);
    });
  }
}

/** One test per input: `fn(input)` is `expected` (true or false). */
function each(name, fn, inputs, expected) {
  for (const input of inputs) {
    test(`html.${name}(${show(input)}) is ${expected}`, () => {
      assert.equal(fn(input), expected);
    });
  }
}

const date = (year, month, day) => ({ year, month, day });
const time = (hour, minute, second = 0, millisecond = 0) => ({ hour, minute, second, millisecond });
const rgb = (red, green, blue) => ({ red, green, blue });

// ----- The namespace

const EXPORTS = [
  'parseInteger',
  'isValidInteger',
  'parseNonNegativeInteger',
  'isValidNonNegativeInteger',
  'parseFloatingPoint',
  'isValidFloatingPoint',
  'serializeFloatingPoint',
  'parseDimension',
  'parseNonZeroDimension',
  'parseFloatList',
  'isValidFloatList',
  'parseDimensionList',
  'parseMonth',
  'isValidMonth',
  'serializeMonth',
  'parseDate',
  'isValidDate',
  'serializeDate',
  'parseYearlessDate',
  'isValidYearlessDate',
  'serializeYearlessDate',
  'parseTime',
  'isValidTime',
  'serializeTime',
  'parseLocalDateTime',
  'isValidLocalDateTime',
  'isValidNormalizedLocalDateTime',
  'serializeLocalDateTime',
  'parseTimeZoneOffset',
  'isValidTimeZoneOffset',
  'serializeTimeZoneOffset',
  'parseGlobalDateTime',
  'isValidGlobalDateTime',
  'isValidNormalizedGlobalDateTime',
  'serializeGlobalDateTime',
  'parseWeek',
  'isValidWeek',
  'serializeWeek',
  'parseDuration',
  'isValidDuration',
  'serializeDuration',
  'parseDateOrTime',
  'isValidDateWithOptionalTime',
  'daysInMonth',
  'weeksInYear',
  'parseSimpleColor',
  'isValidSimpleColor',
  'isValidLowercaseSimpleColor',
  'serializeSimpleColor',
  'parseLegacyColor',
  'splitOnAsciiWhitespace',
  'splitOnCommas',
  'hasUniqueTokens',
  'parseHashNameReference',
  'booleanAttribute',
  'isValidBooleanAttributeValue',
  'enumeratedAttributeState',
  'extractMetaCharset',
  'extractMetaCharsetEncoding',
  'encodingParseAndSerializeURL',
];
const PARSERS = EXPORTS.filter(
  (name) => /^(parse|isValid|split|has|extract)/.test(name) && name !== 'isValidBooleanAttributeValue',
);
const SERIALIZERS = EXPORTS.filter((name) => name.startsWith('serialize') && name !== 'serializeFloatingPoint');

test('html exports exactly the documented functions', () => {
  assert.deepEqual(Object.keys(html).sort(), [...EXPORTS].sort());
  for (const name of EXPORTS) assert.equal(typeof html[name], 'function', name);
});

test('every function throws a TypeError when called without arguments, and only then', () => {
  for (const name of EXPORTS) {
    assert.throws(() => html[name](), TypeError, name);
  }
  assert.throws(() => html.daysInMonth(2), TypeError);
  assert.throws(() => html.isValidBooleanAttributeValue(''), TypeError);
  assert.throws(() => html.enumeratedAttributeState(''), TypeError);
  assert.doesNotThrow(() => html.booleanAttribute(undefined));
  assert.doesNotThrow(() => html.serializeDate(undefined));
});

test('string arguments are converted as WebIDL DOMStrings (a Symbol throws a TypeError)', () => {
  assert.equal(html.parseInteger(42), 42);
  assert.equal(html.parseInteger({ toString: () => ' 7' }), 7);
  assert.equal(html.parseFloatingPoint(null), null, '"null"');
  assert.equal(html.parseFloatingPoint(-1.5e-7), -1.5e-7, '"-1.5e-7"');
  assert.equal(html.parseInteger(undefined), null, '"undefined"');
  for (const name of PARSERS) assert.throws(() => html[name](Symbol('x')), TypeError, name);
});

// ----- Numbers

table('parseInteger', html.parseInteger, [
  ['0', 0],
  ['-0', 0],
  ['42', 42],
  ['+42', 42],
  ['-42', -42],
  [' \t\n\f\r42', 42],
  ['42abc', 42],
  ['42.9', 42],
  ['1e3', 1],
  ['00000000000000000000000000042', 42],
  ['2147483648', 2147483648],
  ['-2147483649', -2147483649],
  ['9007199254740991', 9007199254740991],
  ['-9007199254740991', -9007199254740991],
  ['9007199254740992', null],
  ['-9007199254740992', null],
  ['9223372036854775807', null],
  ['99999999999999999999999999999', null],
  ['', null],
  ['   ', null],
  ['-', null],
  ['+', null],
  ['- 1', null],
  ['+-1', null],
  ['--1', null],
  ['abc', null],
  ['.5', null],
  ['\u00a01', null],
  ['\u000b1', null],
  ['\u0661', null],
  ['\uff11', null],
]);
test('parseInteger never returns -0', () => assert.ok(Object.is(html.parseInteger('-0'), 0)));

table('parseNonNegativeInteger', html.parseNonNegativeInteger, [
  ['0', 0],
  ['-0', 0],
  ['+0', 0],
  [' 7', 7],
  ['7px', 7],
  ['-1', null],
  ['-', null],
  ['', null],
  ['4294967296', 4294967296],
  ['9007199254740991', 9007199254740991],
  ['9007199254740992', null],
  ['18446744073709551616', null],
]);

each('isValidInteger', html.isValidInteger, ['0', '-0', '007', '-12', '12345678901234567890123'], true);
each('isValidInteger', html.isValidInteger, ['', '-', '+12', ' 1', '1 ', '1a', '1.0', '--1'], false);
each('isValidNonNegativeInteger', html.isValidNonNegativeInteger, ['0', '0123', '99999999999999999999'], true);
each('isValidNonNegativeInteger', html.isValidNonNegativeInteger, ['', '-0', '+1', ' 1', '1.5'], false);

table('parseFloatingPoint', html.parseFloatingPoint, [
  ['1', 1],
  ['-1', -1],
  ['+1', 1],
  [' \t1.5', 1.5],
  ['.5', 0.5],
  ['-.5', -0.5],
  ['1.', 1],
  ['1.e2', 100],
  ['1.5E2', 150],
  ['1e', 1],
  ['1e+', 1],
  ['1e-', 1],
  ['1ex', 1],
  ['1e-2', 0.01],
  ['1.5e2.5', 150],
  ['0x10', 0],
  ['4.35', 4.35],
  ['0.3', 0.3],
  ['9007199254740993', 9007199254740992],
  ['1.7976931348623157e308', Number.MAX_VALUE],
  ['1.7976931348623158e308', Number.MAX_VALUE],
  ['1.7976931348623159e308', null],
  ['1e309', null],
  ['-1e309', null],
  ['1e99999999999999999999999', null],
  ['1e-400', 0],
  ['5e-324', 5e-324],
  ['2.4703282292062328e-324', 5e-324],
  ['0e99999999999999999999', 0],
  [`0.${'0'.repeat(1000)}1e1001`, 1],
  ['9'.repeat(400), null],
  ['', null],
  ['-', null],
  ['.', null],
  ['.e1', null],
  ['e5', null],
  ['Infinity', null],
  ['NaN', null],
  ['\u00a01', null],
]);
test('parseFloatingPoint never returns -0', () => {
  for (const zero of ['-0', '-0.0e0', '-1e-400', '-.0']) assert.ok(Object.is(html.parseFloatingPoint(zero), 0), zero);
});

each(
  'isValidFloatingPoint',
  html.isValidFloatingPoint,
  ['1', '-1', '1.5', '.5', '-.5', '0.0', '1e5', '1E+5', '1e-5', '-0', '1.5e-05'],
  true,
);
each(
  'isValidFloatingPoint',
  html.isValidFloatingPoint,
  ['', '+1', '1.', '.', '1e', '1e+', ' 1', '1 ', 'Infinity', 'NaN', '-', '--1', '1.5.5', '1e1.5', '1x'],
  false,
);

table('serializeFloatingPoint', html.serializeFloatingPoint, [
  [0, '0'],
  [-0, '0'],
  [0.1 + 0.2, '0.30000000000000004'],
  [1e21, '1e+21'],
  [1e-7, '1e-7'],
  [123456789012345680000, '123456789012345680000'],
  [5e-324, '5e-324'],
  [Number.MAX_VALUE, '1.7976931348623157e+308'],
  [-Number.MAX_VALUE, '-1.7976931348623157e+308'],
  [Number.MIN_VALUE * 2 ** 52 - Number.MIN_VALUE, '2.225073858507201e-308'],
  [999999999999999900000, '999999999999999900000'],
  [1e-6, '0.000001'],
  [-1.5e-7, '-1.5e-7'],
  [2 ** 53 + 2, '9007199254740994'],
  [-42, '-42'],
  [NaN, null],
  [Infinity, null],
  [-Infinity, null],
  ['1', null],
  [1n, null],
]);

table('parseDimension', html.parseDimension, [
  ['100', { value: 100, kind: 'length' }],
  ['50%', { value: 50, kind: 'percentage' }],
  [' \t50%', { value: 50, kind: 'percentage' }],
  ['50.5%', { value: 50.5, kind: 'percentage' }],
  ['50.%', { value: 50, kind: 'percentage' }],
  ['50 %', { value: 50, kind: 'length' }],
  ['100px', { value: 100, kind: 'length' }],
  ['1.5.5%', { value: 1.5, kind: 'length' }],
  ['1e3', { value: 1, kind: 'length' }],
  ['0', { value: 0, kind: 'length' }],
  ['9'.repeat(400), { value: Infinity, kind: 'length' }],
  ['+50', null],
  ['-5', null],
  ['.5', null],
  ['', null],
  ['%', null],
]);

table('parseNonZeroDimension', html.parseNonZeroDimension, [
  ['0', null],
  ['0%', null],
  ['0.0', null],
  ['x', null],
  ['0.01%', { value: 0.01, kind: 'percentage' }],
  ['3', { value: 3, kind: 'length' }],
]);

table('parseFloatList', html.parseFloatList, [
  ['1,2,3', [1, 2, 3]],
  [' 1 ; 2 , 3 ', [1, 2, 3]],
  ['', []],
  [',,;  ', []],
  ['a1,b2', [1, 2]],
  ['x', [0]],
  ['1 2', [1, 2]],
  ['1e2,,.5', [100, 0.5]],
  ['5-3', [5]],
  ['-1.5e1;+2', [-15, 2]],
]);
each('isValidFloatList', html.isValidFloatList, ['1,2.5,-3e2', '0'], true);
each('isValidFloatList', html.isValidFloatList, ['', '1, 2', '1,', ',1', '1;2', '+1'], false);

const dims = (...pairs) => pairs.map(([value, unit]) => ({ value, unit }));
table('parseDimensionList', html.parseDimensionList, [
  ['1*,2*', dims([1, 'relative'], [2, 'relative'])],
  ['50%,*', dims([50, 'percentage'], [0, 'relative'])],
  ['100,200', dims([100, 'absolute'], [200, 'absolute'])],
  ['', []],
  [',', []],
  ['1,,2', dims([1, 'absolute'], [0, 'relative'], [2, 'absolute'])],
  [' 1.5 * ', dims([1.5, 'relative'])],
  ['1. 5%', dims([1.5, 'percentage'])],
  ['1,2,,', dims([1, 'absolute'], [2, 'absolute'])],
  ['x', dims([0, 'absolute'])],
  ['%', dims([0, 'percentage'])],
  ['25.25x*', dims([25.25, 'absolute'])],
]);

// ----- Dates and times

table('parseMonth', html.parseMonth, [
  ['2005-02', { year: 2005, month: 2 }],
  ['0033-03', { year: 33, month: 3 }],
  ['12345-12', { year: 12345, month: 12 }],
  ['00002005-02', { year: 2005, month: 2 }],
  ['4294967295-12', { year: 4294967295, month: 12 }],
  ['4294967296-01', null],
  ['325-03', null],
  ['0000-01', null],
  ['2005-13', null],
  ['2005-00', null],
  ['2005-2', null],
  ['2005-02 ', null],
  [' 2005-02', null],
  ['', null],
]);
each('isValidMonth', html.isValidMonth, ['2005-02', '0033-03'], true);
each('isValidMonth', html.isValidMonth, ['325-03', '2005-13', ''], false);

table('parseDate', html.parseDate, [
  ['2016-02-29', date(2016, 2, 29)],
  ['1582-03-01', date(1582, 3, 1)],
  ['0033-03-27', date(33, 3, 27)],
  ['2000-02-29', date(2000, 2, 29)],
  ['2016-12-31', date(2016, 12, 31)],
  ['325-03-03', null],
  ['2015-02-29', null],
  ['1900-02-29', null],
  ['2016-04-31', null],
  ['2016-12-32', null],
  ['2016-01-00', null],
  ['2016-01-1', null],
  ['2016-01-01T', null],
  ['20160101', null],
]);
each('isValidDate', html.isValidDate, ['2016-02-29', '0033-03-27'], true);
each('isValidDate', html.isValidDate, ['2015-02-29', '2016-1-01', '2016-01-01 '], false);

table('parseYearlessDate', html.parseYearlessDate, [
  ['02-29', { month: 2, day: 29 }],
  ['--02-29', { month: 2, day: 29 }],
  ['-02-29', null],
  ['---02-29', null],
  ['02-30', null],
  ['13-01', null],
  ['04-31', null],
  ['', null],
]);
each('isValidYearlessDate', html.isValidYearlessDate, ['02-29', '--12-31'], true);
each('isValidYearlessDate', html.isValidYearlessDate, ['-02-29', '02-30'], false);

table('parseTime', html.parseTime, [
  ['19:45', time(19, 45)],
  ['19:45:45.456', time(19, 45, 45, 456)],
  ['00:00', time(0, 0)],
  ['23:59:59.999', time(23, 59, 59, 999)],
  ['12:00:05.1', time(12, 0, 5, 100)],
  ['12:00:05.1234', time(12, 0, 5, 123)],
  ['12:00:59.9999999999', time(12, 0, 59, 999)],
  ['24:00', null],
  ['23:60', null],
  ['12:00:60', null],
  ['12:00:5', null],
  ['12:00:05.', null],
  ['12:00:05.1.2', null],
  ['1:00', null],
  ['12:00:', null],
  ['12:00Z', null],
  ['', null],
]);
each('isValidTime', html.isValidTime, ['19:45', '19:45:45.456', '12:00:05.1'], true);
each('isValidTime', html.isValidTime, ['12:00:05.1234', '24:00', '12:00:'], false);

table('parseLocalDateTime', html.parseLocalDateTime, [
  ['2016-02-29T19:45', { ...date(2016, 2, 29), ...time(19, 45) }],
  ['2016-02-29 19:45:30.5', { ...date(2016, 2, 29), ...time(19, 45, 30, 500) }],
  ['2016-02-29t19:45', null],
  ['2016-02-29  19:45', null],
  ['2016-02-29T19:45Z', null],
  ['2016-02-29', null],
]);
each('isValidLocalDateTime', html.isValidLocalDateTime, ['2016-02-29 19:45:00', '2016-02-29T19:45'], true);
each('isValidLocalDateTime', html.isValidLocalDateTime, ['2016-02-29T19:45:00.0001', '2016-02-29T19:45Z'], false);
each('isValidNormalizedLocalDateTime', html.isValidNormalizedLocalDateTime, ['2016-02-29T19:45', '2016-02-29T19:45:30.5'], true);
each(
  'isValidNormalizedLocalDateTime',
  html.isValidNormalizedLocalDateTime,
  ['2016-02-29T19:45:00', '2016-02-29 19:45', '2016-02-29T19:45:30.50', ''],
  false,
);

table('parseTimeZoneOffset', html.parseTimeZoneOffset, [
  ['Z', { hours: 0, minutes: 0 }],
  ['+00:00', { hours: 0, minutes: 0 }],
  ['-00:00', { hours: 0, minutes: 0 }],
  ['+0000', { hours: 0, minutes: 0 }],
  ['+05:30', { hours: 5, minutes: 30 }],
  ['-0530', { hours: -5, minutes: -30 }],
  ['-00:30', { hours: 0, minutes: -30 }],
  ['-23:59', { hours: -23, minutes: -59 }],
  ['+24:00', null],
  ['+05:60', null],
  ['+5:30', null],
  ['+05', null],
  ['+053', null],
  ['z', null],
  ['05:30', null],
]);
each('isValidTimeZoneOffset', html.isValidTimeZoneOffset, ['Z', '+00:00', '+0000', '-0530', '-00:30'], true);
each('isValidTimeZoneOffset', html.isValidTimeZoneOffset, ['-00:00', '+24:00', 'z', ''], false);

const global = (d, t, hours, minutes) => ({ ...d, ...t, timeZoneOffset: { hours, minutes } });
table('parseGlobalDateTime', html.parseGlobalDateTime, [
  ['0037-12-13 00:00Z', global(date(37, 12, 13), time(0, 0), 0, 0)],
  ['1979-10-14T12:00:00.001-04:00', global(date(1979, 10, 14), time(16, 0, 0, 1), -4, 0)],
  ['8592-01-01T02:09+02:09', global(date(8592, 1, 1), time(0, 0), 2, 9)],
  ['2000-01-01T00:00+00:01', global(date(1999, 12, 31), time(23, 59), 0, 1)],
  ['2000-12-31T23:59-00:01', global(date(2001, 1, 1), time(0, 0), 0, -1)],
  ['2016-02-28T23:30-01:00', global(date(2016, 2, 29), time(0, 30), -1, 0)],
  ['2015-02-28T23:30-01:00', global(date(2015, 3, 1), time(0, 30), -1, 0)],
  ['0001-01-01T00:00+01:00', global(date(0, 12, 31), time(23, 0), 1, 0)],
  ['4294967295-12-31T23:59-00:01', null],
  ['2001-12-21  12:00Z', null],
  ['37-12-13 00:00Z', null],
  ['2000-01-01T00:00', null],
  ['2000-01-01T00:00 Z', null],
  ['2000-01-01T00:00+24:00', null],
]);
each(
  'isValidGlobalDateTime',
  html.isValidGlobalDateTime,
  ['0037-12-13 00:00Z', '1979-10-14T12:00:00.001-04:00', '2000-01-01T00:00+0000'],
  true,
);
each(
  'isValidGlobalDateTime',
  html.isValidGlobalDateTime,
  ['2000-01-01T00:00-00:00', '2000-01-01T00:00:00.0001Z', '2000-02-30T00:00Z', ''],
  false,
);
each('isValidNormalizedGlobalDateTime', html.isValidNormalizedGlobalDateTime, ['1979-10-14T16:00:00.001Z'], true);
each(
  'isValidNormalizedGlobalDateTime',
  html.isValidNormalizedGlobalDateTime,
  ['1979-10-14T12:00:00.001-04:00', '2000-01-01 00:00Z', '2000-01-01T00:00:00Z'],
  false,
);

table('parseWeek', html.parseWeek, [
  ['2026-W53', { year: 2026, week: 53 }],
  ['2025-W53', null],
  ['2020-W53', { year: 2020, week: 53 }],
  ['2004-W53', { year: 2004, week: 53 }],
  ['2000-W53', null],
  ['1970-W01', { year: 1970, week: 1 }],
  ['2026-W00', null],
  ['2026-w01', null],
  ['2026-W1', null],
  ['0000-W01', null],
]);
each('isValidWeek', html.isValidWeek, ['2026-W53', '0001-W01'], true);
each('isValidWeek', html.isValidWeek, ['2025-W53', '2026W01'], false);

const d = (seconds, milliseconds = 0) => ({ seconds, milliseconds });
table('parseDuration', html.parseDuration, [
  ['PT4H18M3S', d(15483)],
  ['4h 18m 3s', d(15483)],
  [' 4h 18m 3s ', d(15483)],
  ['P1DT2H', d(93600)],
  ['P1W', d(604800)],
  ['1M', d(60)],
  ['P0M', d(0)],
  ['T1M', d(60)],
  ['1.5s', d(1, 500)],
  ['.5s', d(0, 500)],
  ['PT1.23456S', d(1, 234)],
  ['0.9s 0.9s', d(1, 800)],
  ['9007199254740991s', d(9007199254740991)],
  ['9007199254740992s', null],
  ['P1M', null],
  ['P1Y', null],
  ['PT', null],
  ['', null],
  ['1', null],
  ['1.5h', null],
  ['p1d', null],
  ['-1s', null],
]);
each('isValidDuration', html.isValidDuration, ['PT4H18M3S', 'P1D', 'PT1.5S', 'PT0S', '4h 18m 3s', '1w 1d', '  3s  '], true);
each('isValidDuration', html.isValidDuration, ['PT1.5555S', 'P1DT', 'P1W', 'PT1M1H', '1.5m', '1s 2s', '', 'P1M'], false);

table('parseDateOrTime', html.parseDateOrTime, [
  ['2000-01-01', { kind: 'date', ...date(2000, 1, 1) }],
  ['12:00', { kind: 'time', ...time(12, 0) }],
  ['2000-01-01T12:00+01:00', { kind: 'globalDateTime', ...global(date(2000, 1, 1), time(11, 0), 1, 0) }],
  ['2000-01-01T12:00', null],
  ['2000-01-01 ', null],
  ['12:00Z', null],
  ['', null],
]);
each('isValidDateWithOptionalTime', html.isValidDateWithOptionalTime, ['2000-01-01', '2000-01-01T12:00Z'], true);
each('isValidDateWithOptionalTime', html.isValidDateWithOptionalTime, ['12:00', '2000-01-01T12:00'], false);

test('serializers write the normalized forms', () => {
  assert.equal(html.serializeMonth({ year: 33, month: 3 }), '0033-03');
  assert.equal(html.serializeDate(date(2016, 2, 29)), '2016-02-29');
  assert.equal(html.serializeYearlessDate({ month: 2, day: 29 }), '02-29');
  assert.equal(html.serializeTime(time(19, 45)), '19:45');
  assert.equal(html.serializeTime({ hour: 19, minute: 45 }), '19:45', 'second and millisecond default to 0');
  assert.equal(html.serializeTime(time(19, 45, 45, 500)), '19:45:45.5');
  assert.equal(html.serializeTime(time(0, 0, 0, 10)), '00:00:00.01');
  assert.equal(html.serializeLocalDateTime({ ...date(2016, 2, 29), ...time(19, 45, 30, 500) }), '2016-02-29T19:45:30.5');
  assert.equal(html.serializeTimeZoneOffset({ hours: 0, minutes: 0 }), 'Z');
  assert.equal(html.serializeTimeZoneOffset({ hours: 0, minutes: -30 }), '-00:30');
  assert.equal(html.serializeTimeZoneOffset({ hours: -5, minutes: -30 }), '-05:30');
  const moment = html.parseGlobalDateTime('1979-10-14T12:00:00.001-04:00');
  assert.equal(html.serializeGlobalDateTime(moment), '1979-10-14T16:00:00.001Z');
  assert.equal(html.serializeWeek({ year: 2026, week: 53 }), '2026-W53');
  assert.equal(html.serializeDuration({ seconds: 15483 }), 'PT4H18M3S');
  assert.equal(html.serializeDuration({ seconds: 90061, milliseconds: 500 }), 'P1DT1H1M1.5S');
  assert.equal(html.serializeDuration({ seconds: 0 }), 'PT0S');
  assert.equal(html.serializeDuration({ seconds: 86400 }), 'P1D');
  assert.equal(html.serializeSimpleColor(rgb(255, 170, 0)), '#ffaa00');
});

test('serializers return null for values no valid string holds, and for non-values', () => {
  const cases = [
    ['serializeMonth', { year: 0, month: 3 }],
    ['serializeMonth', { year: 1, month: 13 }],
    ['serializeMonth', { year: 4294967296, month: 1 }],
    ['serializeDate', date(2015, 2, 29)],
    ['serializeDate', date(2016, 2.5, 1)],
    ['serializeDate', date('2016', 2, 1)],
    ['serializeDate', date(2016, NaN, 1)],
    ['serializeDate', date(2016, 2)],
    ['serializeYearlessDate', { month: 2, day: 30 }],
    ['serializeTime', time(24, 0)],
    ['serializeTime', time(0, 0, 0, 1000)],
    ['serializeTime', time(-1, 0)],
    ['serializeTime', { hour: 1, minute: 2, second: null }],
    ['serializeTimeZoneOffset', { hours: 5, minutes: -30 }],
    ['serializeTimeZoneOffset', { hours: 24, minutes: 0 }],
    ['serializeGlobalDateTime', html.parseGlobalDateTime('0001-01-01T00:00+01:00')],
    ['serializeWeek', { year: 2025, week: 53 }],
    ['serializeDuration', { seconds: 0, milliseconds: 1000 }],
    ['serializeDuration', { seconds: -1 }],
    ['serializeDuration', { seconds: 2 ** 53 }],
    ['serializeSimpleColor', rgb(256, 0, 0)],
    ['serializeSimpleColor', rgb(1.5, 0, 0)],
  ];
  for (const [name, value] of cases) assert.equal(html[name](value), null, `${name}(${JSON.stringify(value)})`);
  for (const name of SERIALIZERS) {
    for (const value of [null, undefined, 42, 'a string', Symbol('s'), {}, []]) {
      assert.equal(html[name](value), null, `${name}(${String(value)})`);
    }
  }
});

test('daysInMonth and weeksInYear', () => {
  assert.deepEqual(
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((month) => html.daysInMonth(month, 2023)),
    [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31],
  );
  assert.equal(html.daysInMonth(2, 2024), 29);
  assert.equal(html.daysInMonth(2, 2000), 29);
  assert.equal(html.daysInMonth(2, 1900), 28);
  assert.equal(html.daysInMonth(2, 0), 29);
  for (const [month, year] of [
    [0, 2000],
    [13, 2000],
    [1.5, 2000],
    [1, -1],
    [1, 2 ** 32],
    ['1', 2000],
    [1, NaN],
  ]) {
    assert.equal(html.daysInMonth(month, year), null, `${month} ${year}`);
  }
  assert.equal(html.weeksInYear(2026), 53);
  assert.equal(html.weeksInYear(2025), 52);
  assert.equal(html.weeksInYear(2020), 53);
  for (const year of [-1, 0.5, 2 ** 32, '2020', Infinity]) assert.equal(html.weeksInYear(year), null, String(year));
  let long = 0;
  for (let year = 2000; year < 2400; year++) if (html.weeksInYear(year) === 53) long++;
  assert.equal(long, 71, 'ISO 8601: 71 long years in every 400');
});

// ----- Colors

table('parseSimpleColor', html.parseSimpleColor, [
  ['#000000', rgb(0, 0, 0)],
  ['#FFaa00', rgb(255, 170, 0)],
  ['#abc', null],
  ['#abcdef0', null],
  ['abcdef', null],
  ['#abcdeg', null],
  ['', null],
  [' #abcdef', null],
  ['#ab\u00e9def', null],
]);
each('isValidSimpleColor', html.isValidSimpleColor, ['#FFaa00', '#000000'], true);
each('isValidSimpleColor', html.isValidSimpleColor, ['#abc', 'red', '#abcdef '], false);
each('isValidLowercaseSimpleColor', html.isValidLowercaseSimpleColor, ['#ffaa00'], true);
each('isValidLowercaseSimpleColor', html.isValidLowercaseSimpleColor, ['#FFaa00', 'ffaa00'], false);

table('parseLegacyColor', html.parseLegacyColor, [
  ['', null],
  ['transparent', null],
  [' TRANSPARENT\t', null],
  ['chucknorris', rgb(0xc0, 0, 0)],
  ['ninjaturtle', rgb(0, 0xa0, 0)],
  ['crap', rgb(0xc0, 0xa0, 0)],
  ['currentColor', rgb(0xc0, 0xe0, 0)],
  ['#abc', rgb(0xaa, 0xbb, 0xcc)],
  ['\t#ABC\n', rgb(0xaa, 0xbb, 0xcc)],
  ['abc', rgb(0x0a, 0x0b, 0x0c)],
  ['#abcd', rgb(0xab, 0xcd, 0)],
  ['#12345', rgb(0x12, 0x34, 0x50)],
  ['#1234567890ab', rgb(0x12, 0x56, 0x90)],
  ['#000000001000000002000000003', rgb(1, 2, 3)],
  ['#', rgb(0, 0, 0)],
  ['   ', rgb(0, 0, 0)],
  ['#ab\u{1F600}', rgb(0xab, 0, 0)],
  // A lone surrogate is one code point at most U+FFFF: it becomes one "0", not two.
  ['#ab\uD800', rgb(0x0a, 0x0b, 0)],
  ['red', rgb(255, 0, 0)],
  [' Red ', rgb(255, 0, 0)],
  ['RebeccaPurple', rgb(0x66, 0x33, 0x99)],
  ['LightGoldenRodYellow', rgb(0xfa, 0xfa, 0xd2)],
  [`${'\u{1F600}'.repeat(64)}ff`, rgb(0, 0, 0)],
  [`${'f'.repeat(128)}${'0'.repeat(50)}`, rgb(255, 255, 255)],
  [`${'f'.repeat(120)}${'0'.repeat(58)}`, rgb(255, 255, 0)],
]);

// ----- Tokens, references, attributes, meta charset

table('splitOnAsciiWhitespace', html.splitOnAsciiWhitespace, [
  ['  a\tb\n\fc\r ', ['a', 'b', 'c']],
  ['a\u000bb', ['a\u000bb']],
  ['a\u00a0b', ['a\u00a0b']],
  ['', []],
  ['   ', []],
  ['\u{1F600} \u00e9 x', ['\u{1F600}', '\u00e9', 'x']],
  ['\uD800 a\uDC00 \uDBFF\uDFFF', ['\uD800', 'a\uDC00', '\uDBFF\uDFFF']],
]);
table('splitOnCommas', html.splitOnCommas, [
  ['a ,b,,d d', ['a', 'b', '', 'd d']],
  ['', []],
  [',', ['']],
  ['a,', ['a']],
  [' a , b ', ['a', 'b']],
  ['\u00e9, \uD800 ,\u{1F600}', ['\u00e9', '\uD800', '\u{1F600}']],
]);

test('hasUniqueTokens', () => {
  assert.equal(html.hasUniqueTokens(''), true);
  assert.equal(html.hasUniqueTokens(' a b '), true);
  assert.equal(html.hasUniqueTokens('a b a'), false);
  assert.equal(html.hasUniqueTokens('a A'), true);
  assert.equal(html.hasUniqueTokens('a A', { asciiCaseInsensitive: true }), false);
  assert.equal(html.hasUniqueTokens('\u00e9 \u00c9', { asciiCaseInsensitive: true }), true, 'only ASCII folds');
  // Lone surrogates stay distinct from each other and from U+FFFD and U+10FFFF.
  assert.equal(html.hasUniqueTokens('\uD800 \uD801 \uFFFD \u{10FFFF} \u{10FFFF}\u{10FFFF}'), true);
  assert.equal(html.hasUniqueTokens('\uD800 \uD800'), false);
  assert.equal(html.hasUniqueTokens('x\uDC00 X\uDC00', { asciiCaseInsensitive: true }), false);
});

table('parseHashNameReference', html.parseHashNameReference, [
  ['#map', 'map'],
  ['map', null],
  ['#', null],
  ['a#', null],
  ['a#b#c', 'b#c'],
  ['##', '#'],
  ['#\u00e9', '\u00e9'],
  ['\u{1F600}#\uD800x', '\uD800x'],
]);

table('extractMetaCharset', html.extractMetaCharset, [
  ['text/html; charset=utf-8', 'utf-8'],
  ['text/html;charset="ISO-8859-1"', 'ISO-8859-1'],
  ["charset='koi8-r'", 'koi8-r'],
  ['charset = utf-8', 'utf-8'],
  ['CHARSET=UTF-8;foo', 'UTF-8'],
  ['charset=x y', 'x'],
  ['charset="a\'b"', "a'b"],
  ["charset=''", ''],
  ['charsetcharset=x', 'x'],
  ['charset charset=shift_jis', 'shift_jis'],
  ['charset="utf-8', null],
  ['charset=', null],
  ['text/html', null],
  ['', null],
  ['char\u00e9set=x; charset=windows-1252', 'windows-1252'],
  ['\u{1F600}charset=\u{1F600}\uD800;', '\u{1F600}\uD800'],
]);

test('booleanAttribute and isValidBooleanAttributeValue', () => {
  assert.equal(html.booleanAttribute(''), true);
  assert.equal(html.booleanAttribute('false'), true);
  assert.equal(html.booleanAttribute(null), false);
  assert.equal(html.booleanAttribute(undefined), false);
  assert.equal(html.isValidBooleanAttributeValue('', 'disabled'), true);
  assert.equal(html.isValidBooleanAttributeValue('Disabled', 'disabled'), true);
  assert.equal(html.isValidBooleanAttributeValue('true', 'disabled'), false);
  assert.equal(html.isValidBooleanAttributeValue(' disabled', 'disabled'), false);
  assert.equal(html.isValidBooleanAttributeValue('\uD800', '\uFFFD'), false, 'a lone surrogate is not U+FFFD');
  assert.equal(html.isValidBooleanAttributeValue('A\uD800', 'a\uD800'), true);
});

test('enumeratedAttributeState', () => {
  // dir: no defaults.
  const dir = { keywords: ['ltr', 'rtl', 'auto'] };
  assert.equal(html.enumeratedAttributeState('RTL', dir), 'rtl');
  assert.equal(html.enumeratedAttributeState('rtl ', dir), null);
  assert.equal(html.enumeratedAttributeState('', dir), null);
  assert.equal(html.enumeratedAttributeState(null, dir), null);
  // All three defaults, and a keyword mapped to another state.
  const editable = {
    keywords: { true: 'true', false: 'false', yes: 'true' },
    missing: 'inherit',
    invalid: 'inherit',
    empty: 'true',
  };
  assert.equal(html.enumeratedAttributeState(undefined, editable), 'inherit');
  assert.equal(html.enumeratedAttributeState('', editable), 'true');
  assert.equal(html.enumeratedAttributeState('FALSE', editable), 'false');
  assert.equal(html.enumeratedAttributeState('Yes', editable), 'true');
  assert.equal(html.enumeratedAttributeState('bogus', editable), 'inherit');
  // crossorigin: "" is a keyword; missing is no state, invalid is anonymous.
  const cors = {
    keywords: { anonymous: 'anonymous', '': 'anonymous', 'use-credentials': 'use-credentials' },
    invalid: 'anonymous',
  };
  assert.equal(html.enumeratedAttributeState('', cors), 'anonymous');
  assert.equal(html.enumeratedAttributeState(null, cors), null);
  assert.equal(html.enumeratedAttributeState('USE-CREDENTIALS', cors), 'use-credentials');
  assert.equal(html.enumeratedAttributeState('x', cors), 'anonymous');
  // Only ASCII case folds, and lone surrogates compare exactly.
  assert.equal(html.enumeratedAttributeState('\u0130', { keywords: ['i\u0307'], invalid: 'no' }), 'no');
  assert.equal(html.enumeratedAttributeState('\uD800', { keywords: ['\uFFFD'], invalid: 'no' }), 'no');
  assert.equal(html.enumeratedAttributeState('A\uD800', { keywords: ['a\uD800'] }), 'a\uD800');
  // A definition that is not one throws a TypeError (a programming error, not bad input).
  for (const definition of [null, 'dir', {}, { keywords: 'ltr' }]) {
    assert.throws(() => html.enumeratedAttributeState('ltr', definition), TypeError);
  }
});

// ----- Properties

// Characters the microsyntaxes care about, plus any code point and lone surrogates.
const syntaxChar = fc.constantFrom(
  ...'0123456789-+.:,;#%*eEPTWZHMSDYhmsdwy \t\n\f\r\u000b'.split(''),
  '\u00e9',
  '\u{1F600}',
  '\uD800',
  '\uDFFF',
  '\u{10FFFF}',
);
const anyChar = fc.oneof(syntaxChar, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }));
const anyString = fc.string({ unit: anyChar, maxLength: 40 });

test('no function throws on any string, and results have the documented types', () => {
  fc.assert(
    fc.property(anyString, (input) => {
      for (const name of PARSERS) {
        const result = html[name](input);
        if (name.startsWith('isValid') || name === 'hasUniqueTokens') assert.equal(typeof result, 'boolean', name);
      }
      assert.equal(typeof html.isValidBooleanAttributeValue(input, input.slice(1)), 'boolean');
      const state = html.enumeratedAttributeState(input, { keywords: ['a', input.toUpperCase()], invalid: 'x' });
      assert.ok(state === 'a' || state === 'x' || state === input.toUpperCase());
      for (const token of html.splitOnAsciiWhitespace(input)) assert.ok(input.includes(token));
      for (const token of html.splitOnCommas(input)) assert.ok(input.includes(token));
      const name = html.parseHashNameReference(input);
      if (name !== null) assert.equal(name, input.slice(input.indexOf('#') + 1));
    }),
    { numRuns: 3000 },
  );
});

test('splitting agrees with a regex reference, lone surrogates included', () => {
  const whitespace = /[\t\n\f\r ]+/;
  fc.assert(
    fc.property(anyString, (input) => {
      assert.deepEqual(html.splitOnAsciiWhitespace(input), input.split(whitespace).filter(Boolean));
      const body = input.endsWith(',') ? input.slice(0, -1) : input;
      const commas = input === '' ? [] : body.split(',').map((token) => token.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, ''));
      assert.deepEqual(html.splitOnCommas(input), commas);
    }),
    { numRuns: 2000 },
  );
});

test('parseInteger and parseNonNegativeInteger agree with a regex and BigInt reference', () => {
  const reference = (input) => {
    const match = /^[\t\n\f\r ]*([+-]?)([0-9]+)/.exec(input);
    if (!match) return null;
    const value = BigInt(match[2]) * (match[1] === '-' ? -1n : 1n);
    const limit = BigInt(Number.MAX_SAFE_INTEGER);
    return value > limit || value < -limit ? null : Number(value);
  };
  const integerish = fc.oneof(
    anyString,
    fc
      .tuple(fc.constantFrom('', ' ', '\t', '-', '+', ' -'), fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }), anyString)
      .map(([prefix, n, rest]) => `${prefix}${n}${rest}`),
  );
  fc.assert(
    fc.property(integerish, (input) => {
      const expected = reference(input);
      assert.equal(html.parseInteger(input), expected === null ? null : expected + 0, input);
      assert.equal(html.parseNonNegativeInteger(input), expected !== null && expected >= 0 ? expected : null, input);
      assert.equal(html.isValidInteger(input), /^-?[0-9]+$/.test(input), input);
    }),
    { numRuns: 3000 },
  );
});

test('floats convert with the Number and String captured at load, not ones a page replaced later', () => {
  const { Number: hostNumber, String: hostString } = globalThis;
  // A first call on this instance before the globals change (the wasm starts on first use).
  assert.equal(html.parseFloatingPoint('0.5'), 0.5);
  try {
    globalThis.Number = () => 42;
    globalThis.String = () => 'replaced';
    assert.equal(html.parseFloatingPoint('1.25e-3'), 0.00125);
    assert.equal(html.serializeFloatingPoint(0.00125), '0.00125');
    assert.equal(html.serializeFloatingPoint(1e21), '1e+21');
    assert.equal(html.serializeFloatingPoint(Infinity), null);
  } finally {
    Object.assign(globalThis, { Number: hostNumber, String: hostString });
  }
});

test('the best representation of any number is valid and parses back to it exactly', () => {
  fc.assert(
    fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
      const text = html.serializeFloatingPoint(n);
      assert.ok(html.isValidFloatingPoint(text), text);
      assert.ok(Object.is(html.parseFloatingPoint(text), n + 0), text);
    }),
    { numRuns: 5000 },
  );
});

test('parseFloatingPoint of a valid floating-point number equals Number()', () => {
  const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 25 });
  const valid = fc
    .tuple(
      fc.boolean(),
      fc.option(digits),
      fc.option(digits),
      fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '-', '+'), digits)),
    )
    .filter(([, integer, fraction]) => integer !== null || fraction !== null)
    .map(
      ([negative, integer, fraction, exponent]) =>
        `${negative ? '-' : ''}${integer ?? ''}${fraction === null ? '' : `.${fraction}`}${exponent === null ? '' : exponent.join('')}`,
    );
  fc.assert(
    fc.property(valid, (input) => {
      assert.ok(html.isValidFloatingPoint(input), input);
      const expected = Number(input);
      assert.ok(Object.is(html.parseFloatingPoint(input), Number.isFinite(expected) ? expected + 0 : null), input);
    }),
    { numRuns: 5000 },
  );
});

test('parseFloatingPoint rounds to the nearest double, ties to even, however many digits', () => {
  // 1 + 2^-53, halfway between 1 and the next double; 2^-1075 (1075 digits), halfway between 0 and
  // the smallest subnormal: ties go to the even one, a digit more goes up.
  const oneAndHalf = '1.00000000000000011102230246251565404236316680908203125';
  const halfSubnormal = `0.${(5n ** 1075n).toString().padStart(1075, '0')}`;
  for (const [input, expected] of [
    [oneAndHalf, 1],
    [`${oneAndHalf}00000000000000000000001`, 1.0000000000000002],
    [`${oneAndHalf.slice(0, -1)}4999999999999`, 1],
    [halfSubnormal, 0],
    [`${halfSubnormal}1`, 5e-324],
    ['2.2250738585072011e-308', 2.225073858507201e-308],
  ]) {
    assert.ok(Object.is(html.parseFloatingPoint(input), expected), input.slice(0, 60));
  }
});

const year = fc.integer({ min: 1, max: 4294967295 });
const smallYear = fc.integer({ min: 1, max: 275759 });
const dateValue = year.chain((y) =>
  fc.integer({ min: 1, max: 12 }).chain((m) => fc.integer({ min: 1, max: html.daysInMonth(m, y) }).map((day) => date(y, m, day))),
);
const timeValue = fc.record({
  hour: fc.integer({ min: 0, max: 23 }),
  minute: fc.integer({ min: 0, max: 59 }),
  second: fc.integer({ min: 0, max: 59 }),
  millisecond: fc.integer({ min: 0, max: 999 }),
});
const offsetValue = fc
  .tuple(fc.boolean(), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([negative, hours, minutes]) => (negative ? { hours: -hours + 0, minutes: -minutes + 0 } : { hours, minutes }));

test('every date and time value round-trips through its serialization, which is valid', () => {
  const roundTrip = (kind, arbitrary, normalized = `isValid${kind}`) =>
    fc.assert(
      fc.property(arbitrary, (value) => {
        const text = html[`serialize${kind}`](value);
        assert.equal(typeof text, 'string', `${kind} ${JSON.stringify(value)}`);
        assert.ok(html[normalized](text), text);
        assert.deepEqual(html[`parse${kind}`](text), { ...value }, text);
      }),
      { numRuns: 1000 },
    );
  roundTrip('Month', fc.record({ year, month: fc.integer({ min: 1, max: 12 }) }));
  roundTrip('Date', dateValue);
  roundTrip(
    'YearlessDate',
    fc
      .integer({ min: 1, max: 12 })
      .chain((month) => fc.integer({ min: 1, max: html.daysInMonth(month, 4) }).map((day) => ({ month, day }))),
  );
  roundTrip('Time', timeValue);
  roundTrip(
    'LocalDateTime',
    fc.tuple(dateValue, timeValue).map(([a, b]) => ({ ...a, ...b })),
    'isValidNormalizedLocalDateTime',
  );
  roundTrip('TimeZoneOffset', offsetValue);
  roundTrip(
    'GlobalDateTime',
    fc.tuple(dateValue, timeValue).map(([a, b]) => ({ ...a, ...b, timeZoneOffset: { hours: 0, minutes: 0 } })),
    'isValidNormalizedGlobalDateTime',
  );
  roundTrip(
    'Week',
    year.chain((y) => fc.integer({ min: 1, max: html.weeksInYear(y) }).map((week) => ({ year: y, week }))),
  );
  roundTrip(
    'Duration',
    fc.record({ seconds: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), milliseconds: fc.integer({ min: 0, max: 999 }) }),
  );
  roundTrip('SimpleColor', fc.record({ red: fc.nat(255), green: fc.nat(255), blue: fc.nat(255) }), 'isValidLowercaseSimpleColor');
});

test('a global date and time is the same moment as ECMAScript Date computes', () => {
  fc.assert(
    fc.property(
      smallYear.chain((y) =>
        fc
          .integer({ min: 1, max: 12 })
          .chain((m) => fc.integer({ min: 1, max: html.daysInMonth(m, y) }).map((day) => date(y, m, day))),
      ),
      timeValue,
      offsetValue,
      (local, t, offset) => {
        const text = `${html.serializeDate(local)}T${html.serializeTime(t)}${html.serializeTimeZoneOffset(offset)}`;
        const parsed = html.parseGlobalDateTime(text);
        const utc = new Date(0);
        utc.setUTCFullYear(local.year, local.month - 1, local.day);
        utc.setUTCHours(t.hour, t.minute - (offset.hours * 60 + offset.minutes), t.second, t.millisecond);
        if (utc.getUTCFullYear() === 0) {
          // The moment is in year 0, which no valid date string can hold.
          assert.equal(parsed.year, 0, text);
          assert.equal(html.serializeGlobalDateTime(parsed), null, text);
          return;
        }
        assert.deepEqual(
          parsed,
          {
            year: utc.getUTCFullYear(),
            month: utc.getUTCMonth() + 1,
            day: utc.getUTCDate(),
            hour: utc.getUTCHours(),
            minute: utc.getUTCMinutes(),
            second: utc.getUTCSeconds(),
            millisecond: utc.getUTCMilliseconds(),
            timeZoneOffset: offset,
          },
          text,
        );
        assert.ok(html.isValidGlobalDateTime(text), text);
        assert.equal(html.serializeGlobalDateTime(parsed), `${html.serializeDate(parsed)}T${html.serializeTime(parsed)}Z`);
      },
    ),
    { numRuns: 2000 },
  );
});

test('daysInMonth and weeksInYear agree with ECMAScript Date', () => {
  fc.assert(
    fc.property(smallYear, fc.integer({ min: 1, max: 12 }), (y, m) => {
      const next = new Date(0);
      next.setUTCFullYear(y, m, 0); // day 0 of the next month: the month's last day
      assert.equal(html.daysInMonth(m, y), next.getUTCDate());
      // ISO 8601: December 28th is always in the year's last week.
      const december28 = new Date(0);
      december28.setUTCFullYear(y, 11, 28);
      const thursday = new Date(december28);
      thursday.setUTCDate(28 + 3 - ((december28.getUTCDay() + 6) % 7));
      const january1 = new Date(0);
      january1.setUTCFullYear(thursday.getUTCFullYear(), 0, 1);
      const week = 1 + Math.floor((thursday - january1) / (7 * 86400000));
      assert.equal(html.weeksInYear(y), week, String(y));
    }),
    { numRuns: 2000 },
  );
});

test('parseSimpleColor agrees with a regex reference; serialization is lowercase', () => {
  const hexish = fc.string({ unit: fc.constantFrom(...'#0123456789abcdefABCDEFgG \u00e9'.split('')), maxLength: 9 });
  fc.assert(
    fc.property(fc.oneof(hexish, anyString), (input) => {
      const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(input);
      const expected = match && rgb(...match.slice(1).map((pair) => parseInt(pair, 16)));
      assert.deepEqual(html.parseSimpleColor(input), expected, input);
      if (expected) assert.equal(html.serializeSimpleColor(expected), input.toLowerCase());
      const legacy = html.parseLegacyColor(input);
      if (legacy) assert.match(html.serializeSimpleColor(legacy), /^#[0-9a-f]{6}$/);
    }),
    { numRuns: 3000 },
  );
});

test('100,000 calls, half of them errors, leave the wasm heap the size it was', async () => {
  const web = await import('webweft');
  web.html.parseInteger('1');
  const exports = wasmExports('htmlParse');
  const round = () => {
    for (let i = 0; i < 2_000; i++) {
      assert.equal(web.html.parseInteger(String(i)), i);
      assert.equal(web.html.parseDate('2015-02-29'), null);
      web.html.parseDimensionList('1*,2%,3');
      web.html.splitOnCommas('a,\u00e9,\uD800');
      web.html.serializeGlobalDateTime(web.html.parseGlobalDateTime('1979-10-14T12:00:00.001-04:00'));
      web.html.enumeratedAttributeState('x', { keywords: ['a', 'b'], invalid: 'a' });
      assert.equal(web.html.serializeDate({ year: 0, month: 1, day: 1 }), null);
      web.html.hasUniqueTokens('a b c a');
      web.html.parseFloatList('1,2,x');
      web.html.extractMetaCharset('charset=utf-8');
    }
  };
  round(); // reach the steady state (the allocator's free lists)
  const before = exports.memory.buffer.byteLength;
  for (let i = 0; i < 5; i++) round();
  assert.equal(exports.memory.buffer.byteLength, before);
});

test('after a panic, the first call of each kind runs on the fresh instance', async (t) => {
  // The test-only build with a deliberate panic (see tests/node/recovery.test.mjs).
  const weft = await import('../../target/pkg-testing/testing.js');
  t.mock.method(console, 'error', () => {});
  assert.throws(() => weft.panicForTesting(), WebAssembly.RuntimeError);
  assert.equal(weft.html.serializeDate(date(2016, 2, 29)), '2016-02-29', 'a serializer first');
  assert.throws(() => weft.panicForTesting(), WebAssembly.RuntimeError);
  assert.deepEqual(weft.html.parseDate('2016-02-29'), date(2016, 2, 29), 'a parser first');
  assert.throws(() => weft.panicForTesting(), WebAssembly.RuntimeError);
  assert.deepEqual(weft.html.splitOnCommas('a,b'), ['a', 'b'], 'a list first');
});

// ----- §2.6.5 to the end, and §2.5 encoding-parsing URLs

table('extractMetaCharsetEncoding', html.extractMetaCharsetEncoding, [
  ['text/html; charset=utf-8', 'UTF-8'],
  ['text/html;charset="ISO-8859-1"', 'windows-1252'],
  ["charset='koi8-r'", 'KOI8-R'],
  ['charset = x-sjis', 'Shift_JIS'],
  ['charset=unicode-1-1-utf-8', 'UTF-8'],
  ['charset=no-such-label', null],
  ['text/html', null],
]);

test('encodingParseAndSerializeURL encodes only the query with the document encoding', () => {
  const base = 'https://example.com/dir/page';
  assert.equal(
    html.encodingParseAndSerializeURL('a?\u00e9#\u00e9', 'windows-1252', base),
    'https://example.com/dir/a?%E9#%C3%A9',
  );
  assert.equal(html.encodingParseAndSerializeURL('a?\u00e9', undefined, base), 'https://example.com/dir/a?%C3%A9');
  assert.equal(html.encodingParseAndSerializeURL('?\u3042', 'shift_jis', base), 'https://example.com/dir/page?%82%A0');
  assert.equal(html.encodingParseAndSerializeURL('?\u00e9', 'shift_jis', base), 'https://example.com/dir/page?%26%23233%3B');
  assert.equal(html.encodingParseAndSerializeURL('?\u00e9', 'utf-16le', base), 'https://example.com/dir/page?%C3%A9');
  assert.equal(html.encodingParseAndSerializeURL('relative'), null);
  assert.equal(html.encodingParseAndSerializeURL('http://[::1', 'utf-8'), null);
  assert.throws(() => html.encodingParseAndSerializeURL('x', 'no-such-label', base), RangeError);
  assert.throws(() => html.encodingParseAndSerializeURL('x', 'utf-8', 'not a base'), TypeError);
  assert.throws(() => html.encodingParseAndSerializeURL(), TypeError);
});
