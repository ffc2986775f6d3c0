//! Dates for game records: ISO-8601 UTC strings from [`SystemTime`] without a
//! date library, using the proleptic Gregorian calendar.

use std::time::{SystemTime, UNIX_EPOCH};

const SECONDS_PER_DAY: i64 = 86_400;
/// Days in a 400-year Gregorian cycle.
const DAYS_PER_ERA: i64 = 146_097;
/// Days from 0000-03-01 to 1970-01-01: counting years from March puts the
/// leap day at the end of the year, which keeps the month arithmetic linear.
const EPOCH_SHIFT: i64 = 719_468;

/// The date (year, month 1..=12, day 1..=31) that lies `days` days after
/// 1970-01-01 (negative: before).
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let shifted = days + EPOCH_SHIFT;
    let era = shifted.div_euclid(DAYS_PER_ERA);
    let day_of_era = shifted.rem_euclid(DAYS_PER_ERA);
    // Years of 365 days, corrected for the leap days of the 4-, 100- and
    // 400-year cycles already passed in this era.
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    // Months from March have lengths 31,30,31,30,31 repeating: 153 days per 5.
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_from_march + 2) / 5 + 1) as u32;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// Days from 1970-01-01 to the given date; the inverse of [`civil_from_days`].
pub fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let year = year - i64::from(month <= 2);
    let era = year.div_euclid(400);
    let year_of_era = year.rem_euclid(400);
    let month_from_march = i64::from((month + 9) % 12);
    let day_of_year = (153 * month_from_march + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * DAYS_PER_ERA + day_of_era - EPOCH_SHIFT
}

/// `time` as `YYYY-MM-DDTHH:MM:SSZ` (whole seconds, UTC).
pub fn iso8601_utc(time: SystemTime) -> String {
    let seconds = match time.duration_since(UNIX_EPOCH) {
        Ok(after) => i64::try_from(after.as_secs()).unwrap_or(i64::MAX),
        // Before 1970: round down to the whole second.
        Err(before) => {
            let d = before.duration();
            let whole = i64::try_from(d.as_secs()).unwrap_or(i64::MAX / 2);
            -whole - i64::from(d.subsec_nanos() > 0)
        }
    };
    let (year, month, day) = civil_from_days(seconds.div_euclid(SECONDS_PER_DAY));
    let in_day = seconds.rem_euclid(SECONDS_PER_DAY);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        in_day / 3600,
        in_day / 60 % 60,
        in_day % 60
    )
}

/// The current time as [`iso8601_utc`] writes it.
pub fn now_iso8601() -> String {
    iso8601_utc(SystemTime::now())
}

fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Reads `YYYY-MM-DD` at the start of `text`, checking the calendar.
pub(crate) fn parse_date(text: &str) -> Option<(i64, u32, u32)> {
    let b = text.as_bytes();
    if b.len() < 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let year = digits(&b[0..4])?;
    let month = digits(&b[5..7])? as u32;
    let day = digits(&b[8..10])? as u32;
    ((1..=12).contains(&month) && day >= 1 && day <= days_in_month(year, month))
        .then_some((year, month, day))
}

/// Whether `text` is a date as the save format stores it: `YYYY-MM-DD` or
/// `YYYY-MM-DDTHH:MM:SSZ`.
pub fn is_valid_date(text: &str) -> bool {
    if parse_date(text).is_none() {
        return false;
    }
    let time = &text.as_bytes()[10..];
    match time {
        [] => true,
        [b'T', h @ .., b'Z'] if h.len() == 8 && h[2] == b':' && h[5] == b':' => {
            matches!(
                (digits(&h[0..2]), digits(&h[3..5]), digits(&h[6..8])),
                (Some(0..=23), Some(0..=59), Some(0..=60))
            )
        }
        _ => false,
    }
}

fn digits(b: &[u8]) -> Option<i64> {
    b.iter().try_fold(0i64, |n, &c| {
        c.is_ascii_digit().then(|| n * 10 + i64::from(c - b'0'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn known_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(
            days_from_civil(2100, 3, 1) - days_from_civil(2100, 2, 28),
            1
        );
        let t = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        assert_eq!(iso8601_utc(t), "2023-11-14T22:13:20Z");
        let before = UNIX_EPOCH - Duration::from_millis(500);
        assert_eq!(iso8601_utc(before), "1969-12-31T23:59:59Z");
    }

    #[test]
    fn days_and_dates_round_trip_over_centuries() {
        let mut previous = civil_from_days(-800_000);
        for days in -799_999..800_000 {
            let date = civil_from_days(days);
            assert_eq!(days_from_civil(date.0, date.1, date.2), days);
            // Each day follows the one before: next day, or the 1st of the next month.
            let (y, m, d) = previous;
            let expected = if d < days_in_month(y, m) {
                (y, m, d + 1)
            } else if m < 12 {
                (y, m + 1, 1)
            } else {
                (y + 1, 1, 1)
            };
            assert_eq!(date, expected);
            previous = date;
        }
    }

    #[test]
    fn date_validation() {
        for good in ["2024-02-29", "2023-11-14T22:13:20Z", "1999-12-31T23:59:60Z"] {
            assert!(is_valid_date(good), "{good}");
        }
        for bad in [
            "",
            "2023-02-29",
            "2023-13-01",
            "2023-00-10",
            "2023-1-01",
            "2023-11-14T24:00:00Z",
            "2023-11-14T22:13:20",
            "2023-11-14 22:13:20Z",
            "yesterday",
            "2023-11-14T22:13Z",
            "２０２３-11-14",
        ] {
            assert!(!is_valid_date(bad), "{bad}");
        }
    }
}
