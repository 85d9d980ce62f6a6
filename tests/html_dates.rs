//! HTML §2.4.5 dates, times and durations: every example the spec gives, and edge cases.
#![cfg(feature = "html")]

use webweft::html::microsyntax::*;

fn date(year: u32, month: u8, day: u8) -> Date {
    Date { year, month, day }
}

fn time(hour: u8, minute: u8, second: u8, millisecond: u16) -> Time {
    Time {
        hour,
        minute,
        second,
        millisecond,
    }
}

#[test]
fn days_in_month_and_leap_years() {
    assert_eq!(number_of_days_in_month(1, 2023), 31);
    assert_eq!(number_of_days_in_month(4, 2023), 30);
    assert_eq!(number_of_days_in_month(2, 2023), 28);
    assert_eq!(number_of_days_in_month(2, 2024), 29);
    assert_eq!(number_of_days_in_month(2, 2000), 29);
    assert_eq!(number_of_days_in_month(2, 1900), 28);
    assert_eq!(number_of_days_in_month(2, 2100), 28);
    assert_eq!(number_of_days_in_month(2, 2400), 29);
    assert_eq!(number_of_days_in_month(13, 2024), 0);
}

#[test]
fn months() {
    let cases: &[(&str, Option<(u32, u8)>)] = &[
        ("2005-02", Some((2005, 2))),
        ("0033-03", Some((33, 3))),
        ("325-03", None),
        ("0000-01", None),
        ("2005-13", None),
        ("2005-00", None),
        ("2005-2", None),
        ("2005-002", None),
        ("12345-12", Some((12345, 12))),
        ("00002005-02", Some((2005, 2))),
        ("4294967295-12", Some((4294967295, 12))),
        ("4294967296-01", None),
        ("2005-02 ", None),
        (" 2005-02", None),
        ("2005/02", None),
        ("", None),
    ];
    for &(input, expected) in cases {
        let got = parse_month_string(input).map(|m| (m.year, m.month));
        assert_eq!(got, expected, "{input:?}");
        assert_eq!(
            is_valid_month_string(input),
            expected.is_some(),
            "{input:?}"
        );
    }
    assert_eq!(
        serialize_month_string(Month { year: 33, month: 3 }).as_deref(),
        Some("0033-03")
    );
    assert_eq!(serialize_month_string(Month { year: 0, month: 3 }), None);
    assert_eq!(serialize_month_string(Month { year: 1, month: 13 }), None);
}

#[test]
fn dates() {
    let cases: &[(&str, Option<Date>)] = &[
        ("2016-02-29", Some(date(2016, 2, 29))),
        ("1582-03-01", Some(date(1582, 3, 1))),
        ("0033-03-27", Some(date(33, 3, 27))),
        ("2016-03-01", Some(date(2016, 3, 1))),
        ("0033-03-03", Some(date(33, 3, 3))),
        ("325-03-03", None),
        ("2015-02-29", None),
        ("2000-02-29", Some(date(2000, 2, 29))),
        ("1900-02-29", None),
        ("2100-02-29", None),
        ("2004-02-29", Some(date(2004, 2, 29))),
        ("2016-04-31", None),
        ("2016-12-31", Some(date(2016, 12, 31))),
        ("2016-12-32", None),
        ("2016-01-00", None),
        ("2016-01-1", None),
        ("2016-01-01T", None),
        ("20160101", None),
    ];
    for &(input, expected) in cases {
        assert_eq!(parse_date_string(input), expected, "{input:?}");
        assert_eq!(is_valid_date_string(input), expected.is_some(), "{input:?}");
    }
    assert_eq!(
        serialize_date_string(date(2016, 2, 29)).as_deref(),
        Some("2016-02-29")
    );
    assert_eq!(serialize_date_string(date(2015, 2, 29)), None);
}

#[test]
fn yearless_dates() {
    let cases: &[(&str, Option<(u8, u8)>)] = &[
        ("02-29", Some((2, 29))),
        ("--02-29", Some((2, 29))),
        ("03-03", Some((3, 3))),
        ("-02-29", None),
        ("---02-29", None),
        ("02-30", None),
        ("13-01", None),
        ("04-31", None),
        ("4-01", None),
        ("", None),
    ];
    for &(input, expected) in cases {
        let got = parse_yearless_date_string(input).map(|d| (d.month, d.day));
        assert_eq!(got, expected, "{input:?}");
        assert_eq!(
            is_valid_yearless_date_string(input),
            expected.is_some(),
            "{input:?}"
        );
    }
    assert_eq!(
        serialize_yearless_date_string(YearlessDate { month: 2, day: 29 }).as_deref(),
        Some("02-29")
    );
}

#[test]
fn times() {
    let cases: &[(&str, Option<Time>, bool)] = &[
        ("19:45", Some(time(19, 45, 0, 0)), true),
        ("19:45:45.456", Some(time(19, 45, 45, 456)), true),
        ("00:00", Some(time(0, 0, 0, 0)), true),
        ("12:00:00", Some(time(12, 0, 0, 0)), true),
        ("23:59:59.999", Some(time(23, 59, 59, 999)), true),
        ("12:00:05.1", Some(time(12, 0, 5, 100)), true),
        ("12:00:05.12", Some(time(12, 0, 5, 120)), true),
        ("12:00:05.1234", Some(time(12, 0, 5, 123)), false),
        ("12:00:59.9999999999", Some(time(12, 0, 59, 999)), false),
        ("24:00", None, false),
        ("23:60", None, false),
        ("12:00:60", None, false),
        ("12:00:60.0", None, false),
        ("12:00:5", None, false),
        ("12:00:05.", None, false),
        ("12:00:05.1.2", None, false),
        ("12:00:012", None, false),
        ("12:00:0123", None, false),
        ("1:00", None, false),
        ("12:0", None, false),
        ("12-00", None, false),
        ("12:00:", None, false),
        ("12:00:01a", None, false),
        ("12:00Z", None, false),
        ("", None, false),
    ];
    for &(input, expected, valid) in cases {
        assert_eq!(parse_time_string(input), expected, "{input:?}");
        assert_eq!(is_valid_time_string(input), valid, "{input:?}");
    }
    assert_eq!(
        serialize_time_string(time(19, 45, 0, 0)).as_deref(),
        Some("19:45")
    );
    assert_eq!(
        serialize_time_string(time(19, 45, 45, 0)).as_deref(),
        Some("19:45:45")
    );
    assert_eq!(
        serialize_time_string(time(19, 45, 45, 456)).as_deref(),
        Some("19:45:45.456")
    );
    assert_eq!(
        serialize_time_string(time(19, 45, 45, 500)).as_deref(),
        Some("19:45:45.5")
    );
    assert_eq!(
        serialize_time_string(time(0, 0, 0, 10)).as_deref(),
        Some("00:00:00.01")
    );
    assert_eq!(serialize_time_string(time(24, 0, 0, 0)), None);
    assert_eq!(serialize_time_string(time(0, 0, 0, 1000)), None);
}

#[test]
fn local_dates_and_times() {
    let expected = LocalDateTime {
        date: date(2016, 2, 29),
        time: time(19, 45, 0, 0),
    };
    assert_eq!(
        parse_local_date_and_time_string("2016-02-29T19:45"),
        Some(expected)
    );
    assert_eq!(
        parse_local_date_and_time_string("2016-02-29 19:45"),
        Some(expected)
    );
    for invalid in [
        "2016-02-29t19:45",
        "2016-02-29  19:45",
        "2016-02-29T19:45Z",
        "2016-02-29",
    ] {
        assert_eq!(
            parse_local_date_and_time_string(invalid),
            None,
            "{invalid:?}"
        );
        assert!(!is_valid_local_date_and_time_string(invalid), "{invalid:?}");
    }
    assert!(is_valid_local_date_and_time_string("2016-02-29 19:45:00"));
    assert!(!is_valid_local_date_and_time_string(
        "2016-02-29T19:45:00.0001"
    ));
    for normalized in [
        "2016-02-29T19:45",
        "2016-02-29T19:45:30.5",
        "00002016-02-29T19:45",
    ] {
        assert!(
            is_valid_normalized_local_date_and_time_string(normalized),
            "{normalized:?}"
        );
    }
    for other in [
        "2016-02-29T19:45:00",
        "2016-02-29 19:45",
        "2016-02-29T19:45:30.50",
        "",
    ] {
        assert!(
            !is_valid_normalized_local_date_and_time_string(other),
            "{other:?}"
        );
    }
    let value = LocalDateTime {
        date: date(2016, 2, 29),
        time: time(19, 45, 30, 500),
    };
    assert_eq!(
        serialize_normalized_local_date_and_time_string(value).as_deref(),
        Some("2016-02-29T19:45:30.5")
    );
}

#[test]
fn time_zone_offsets() {
    let offset = |hours, minutes| TimeZoneOffset { hours, minutes };
    let cases: &[(&str, Option<TimeZoneOffset>, bool)] = &[
        ("Z", Some(offset(0, 0)), true),
        ("+00:00", Some(offset(0, 0)), true),
        ("-00:00", Some(offset(0, 0)), false),
        ("+0000", Some(offset(0, 0)), true),
        ("+05:30", Some(offset(5, 30)), true),
        ("-0530", Some(offset(-5, -30)), true),
        ("-00:30", Some(offset(0, -30)), true),
        ("+23:59", Some(offset(23, 59)), true),
        ("-23:59", Some(offset(-23, -59)), true),
        ("+24:00", None, false),
        ("+05:60", None, false),
        ("+5:30", None, false),
        ("+05:3", None, false),
        ("+05", None, false),
        ("+053", None, false),
        ("+05300", None, false),
        ("z", None, false),
        ("", None, false),
        ("05:30", None, false),
    ];
    for &(input, expected, valid) in cases {
        assert_eq!(parse_time_zone_offset_string(input), expected, "{input:?}");
        assert_eq!(is_valid_time_zone_offset_string(input), valid, "{input:?}");
    }
    assert_eq!(offset(-5, -30).total_minutes(), -330);
    assert_eq!(
        serialize_time_zone_offset_string(offset(0, 0)).as_deref(),
        Some("Z")
    );
    assert_eq!(
        serialize_time_zone_offset_string(offset(5, 30)).as_deref(),
        Some("+05:30")
    );
    assert_eq!(
        serialize_time_zone_offset_string(offset(0, -30)).as_deref(),
        Some("-00:30")
    );
    assert_eq!(serialize_time_zone_offset_string(offset(5, -30)), None);
    assert_eq!(serialize_time_zone_offset_string(offset(24, 0)), None);
}

#[test]
fn global_dates_and_times() {
    let global = |date, time, hours, minutes| GlobalDateTime {
        date,
        time,
        timezone: TimeZoneOffset { hours, minutes },
    };
    let cases: &[(&str, Option<GlobalDateTime>)] = &[
        // The spec's examples.
        (
            "0037-12-13 00:00Z",
            Some(global(date(37, 12, 13), time(0, 0, 0, 0), 0, 0)),
        ),
        (
            "1979-10-14T12:00:00.001-04:00",
            Some(global(date(1979, 10, 14), time(16, 0, 0, 1), -4, 0)),
        ),
        (
            "8592-01-01T02:09+02:09",
            Some(global(date(8592, 1, 1), time(0, 0, 0, 0), 2, 9)),
        ),
        ("2001-12-21  12:00Z", None),
        ("37-12-13 00:00Z", None),
        // Normalization to UTC across day, month, year and leap-day boundaries.
        (
            "2000-01-01T00:00+00:01",
            Some(global(date(1999, 12, 31), time(23, 59, 0, 0), 0, 1)),
        ),
        (
            "2000-12-31T23:59-00:01",
            Some(global(date(2001, 1, 1), time(0, 0, 0, 0), 0, -1)),
        ),
        (
            "2016-02-28T23:30-01:00",
            Some(global(date(2016, 2, 29), time(0, 30, 0, 0), -1, 0)),
        ),
        (
            "2015-02-28T23:30-01:00",
            Some(global(date(2015, 3, 1), time(0, 30, 0, 0), -1, 0)),
        ),
        (
            "2016-03-01T00:30+01:00",
            Some(global(date(2016, 2, 29), time(23, 30, 0, 0), 1, 0)),
        ),
        (
            "2000-01-01T23:59:59.999-23:59",
            Some(global(date(2000, 1, 2), time(23, 58, 59, 999), -23, -59)),
        ),
        (
            "0001-01-01T00:00+01:00",
            Some(global(date(0, 12, 31), time(23, 0, 0, 0), 1, 0)),
        ),
        ("4294967295-12-31T23:59-00:01", None),
        (
            "4294967295-12-31T23:59Z",
            Some(global(date(4294967295, 12, 31), time(23, 59, 0, 0), 0, 0)),
        ),
        ("2000-01-01T00:00", None),
        ("2000-01-01T00:00Zx", None),
        ("2000-01-01T00:00 Z", None),
        ("2000-01-01T00:00+24:00", None),
    ];
    for &(input, expected) in cases {
        assert_eq!(
            parse_global_date_and_time_string(input),
            expected,
            "{input:?}"
        );
    }
    for valid in [
        "0037-12-13 00:00Z",
        "1979-10-14T12:00:00.001-04:00",
        "8592-01-01T02:09+02:09",
        "2000-01-01T00:00+0000",
    ] {
        assert!(is_valid_global_date_and_time_string(valid), "{valid:?}");
        assert!(is_valid_date_string_with_optional_time(valid), "{valid:?}");
    }
    for invalid in [
        "2000-01-01T00:00-00:00",
        "2000-01-01T00:00:00.0001Z",
        "2000-01-01T00:00",
        "2001-12-21  12:00Z",
        "2000-02-30T00:00Z",
        "",
    ] {
        assert!(
            !is_valid_global_date_and_time_string(invalid),
            "{invalid:?}"
        );
    }
    assert!(is_valid_normalized_global_date_and_time_string(
        "1979-10-14T16:00:00.001Z"
    ));
    for other in [
        "1979-10-14T12:00:00.001-04:00",
        "2000-01-01 00:00Z",
        "2000-01-01T00:00:00Z",
        "2000-01-01T00:00+00:00",
    ] {
        assert!(
            !is_valid_normalized_global_date_and_time_string(other),
            "{other:?}"
        );
    }
    let parsed = parse_global_date_and_time_string("1979-10-14T12:00:00.001-04:00").unwrap();
    assert_eq!(
        serialize_normalized_global_date_and_time_string(parsed).as_deref(),
        Some("1979-10-14T16:00:00.001Z")
    );
    // The UTC moment of "0001-01-01T00:00+01:00" is in year 0: no valid string holds it.
    let year_zero = parse_global_date_and_time_string("0001-01-01T00:00+01:00").unwrap();
    assert_eq!(
        serialize_normalized_global_date_and_time_string(year_zero),
        None
    );
}

#[test]
fn weeks() {
    let cases: &[(&str, Option<(u32, u8)>)] = &[
        ("2026-W53", Some((2026, 53))),
        ("2025-W53", None),
        ("2025-W52", Some((2025, 52))),
        ("2020-W53", Some((2020, 53))),
        ("2021-W53", None),
        ("2015-W53", Some((2015, 53))),
        ("2004-W53", Some((2004, 53))),
        ("1992-W53", Some((1992, 53))),
        ("2000-W53", None),
        ("1900-W53", None),
        ("1970-W01", Some((1970, 1))),
        ("2026-W00", None),
        ("2026-W54", None),
        ("2026-w01", None),
        ("2026W01", None),
        ("2026-W1", None),
        ("0000-W01", None),
        ("0001-W01", Some((1, 1))),
        ("2026-W01 ", None),
    ];
    for &(input, expected) in cases {
        let got = parse_week_string(input).map(|w| (w.year, w.week));
        assert_eq!(got, expected, "{input:?}");
        assert_eq!(is_valid_week_string(input), expected.is_some(), "{input:?}");
    }
    // 53-week years in one 400-year cycle: 71 of them (ISO 8601).
    assert_eq!(
        (2000..2400)
            .filter(|&y| week_number_of_last_day(y) == 53)
            .count(),
        71
    );
    assert_eq!(
        serialize_week_string(Week {
            year: 2026,
            week: 53
        })
        .as_deref(),
        Some("2026-W53")
    );
    assert_eq!(
        serialize_week_string(Week {
            year: 2025,
            week: 53
        }),
        None
    );
}

#[test]
fn vaguer_moments_in_time() {
    assert_eq!(
        parse_date_or_time_string("2000-01-01"),
        Some(DateOrTime::Date(date(2000, 1, 1)))
    );
    assert_eq!(
        parse_date_or_time_string("12:00"),
        Some(DateOrTime::Time(time(12, 0, 0, 0)))
    );
    assert_eq!(
        parse_date_or_time_string("2000-01-01T12:00+01:00"),
        Some(DateOrTime::GlobalDateTime(GlobalDateTime {
            date: date(2000, 1, 1),
            time: time(11, 0, 0, 0),
            timezone: TimeZoneOffset {
                hours: 1,
                minutes: 0
            },
        }))
    );
    for none in [
        "2000-01-01T12:00",
        "2000-01-01 ",
        "2000-01-01x",
        "",
        "12:00Z",
        "2000-01-32",
    ] {
        assert_eq!(parse_date_or_time_string(none), None, "{none:?}");
    }
    assert!(is_valid_date_string_with_optional_time("2000-01-01"));
    assert!(!is_valid_date_string_with_optional_time("12:00"));
    assert!(!is_valid_date_string_with_optional_time("2000-01-01T12:00"));
}

#[test]
fn durations() {
    let d = |seconds, milliseconds| {
        Some(Duration {
            seconds,
            milliseconds,
        })
    };
    let cases: &[(&str, Option<Duration>)] = &[
        ("PT4H18M3S", d(15483, 0)),
        ("4h 18m 3s", d(15483, 0)),
        ("4h18m3s", d(15483, 0)),
        (" 4h 18m 3s ", d(15483, 0)),
        ("P1D", d(86400, 0)),
        ("P1DT2H", d(93600, 0)),
        ("P1W", d(604800, 0)),
        ("1w", d(604800, 0)),
        ("PT1M", d(60, 0)),
        ("1M", d(60, 0)),
        ("P0M", d(0, 0)),
        ("T1M", d(60, 0)),
        ("3m4s", d(184, 0)),
        ("1.5s", d(1, 500)),
        (".5s", d(0, 500)),
        ("1.5 s", d(1, 500)),
        ("1 s", d(1, 0)),
        ("PT1.23456S", d(1, 234)),
        ("PT0.0001S", d(0, 0)),
        ("1s2s", d(3, 0)),
        ("0.9s 0.9s", d(1, 800)),
        ("18446744073709551615s", d(u64::MAX, 0)),
        ("P1M", None),
        ("P1Y", None),
        ("1y", None),
        ("PT", None),
        ("P", None),
        ("", None),
        ("  ", None),
        ("1", None),
        ("1 ", None),
        ("1.s", None),
        ("1.5h", None),
        ("1x", None),
        ("p1d", None),
        ("-1s", None),
        ("99999999999999999999s", None),
        ("18446744073709551615s 1s", None),
        ("307445734561825861w", None),
    ];
    for &(input, expected) in cases {
        assert_eq!(parse_duration_string(input), expected, "{input:?}");
    }
    for valid in [
        "PT4H18M3S",
        "P1D",
        "PT1.5S",
        "P1DT1H",
        "PT0S",
        "4h 18m 3s",
        "1.5s",
        "  3s  ",
        "1S",
        "3 s",
        "1w 1d",
    ] {
        assert!(is_valid_duration_string(valid), "{valid:?}");
    }
    for invalid in [
        "PT1.5555S",
        "P1DT",
        "P",
        "PT",
        "P1W",
        "PT1M1H",
        "1.5m",
        "1s 2s",
        "",
        "P1M",
        "p1d",
        "1",
        "1.s",
    ] {
        assert!(!is_valid_duration_string(invalid), "{invalid:?}");
    }
    let serialize = |seconds, milliseconds| {
        serialize_duration_string(Duration {
            seconds,
            milliseconds,
        })
    };
    assert_eq!(serialize(15483, 0).as_deref(), Some("PT4H18M3S"));
    assert_eq!(serialize(0, 0).as_deref(), Some("PT0S"));
    assert_eq!(serialize(86400, 0).as_deref(), Some("P1D"));
    assert_eq!(serialize(90061, 500).as_deref(), Some("P1DT1H1M1.5S"));
    assert_eq!(serialize(0, 50).as_deref(), Some("PT0.05S"));
    assert_eq!(serialize(0, 1000), None);
}
