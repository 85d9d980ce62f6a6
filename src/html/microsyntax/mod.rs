//! HTML §2.3–2.4 "Common microsyntaxes" (WHATWG numbering §2.3): the parsing rules, validity
//! checks and serializations of the attribute value syntaxes HTML shares.
//!
//! Every parser follows its algorithm step by step and returns `None` where the spec returns
//! "an error", "failure" or "nothing". No parser panics on any input.
//!
//! Where the spec's values are mathematical numbers, the Rust types bound them; each module
//! says how (for example integers are `i64`, years are `u32`, times are exact to the
//! millisecond) and what happens beyond the bound.
//!
//! ```
//! use webweft::html::microsyntax::{
//!     Duration, Time, parse_duration_string, parse_floating_point_number_value,
//!     serialize_time_string,
//! };
//!
//! assert_eq!(parse_floating_point_number_value("1.5e2"), Some(150.0));
//! let time = Time { hour: 19, minute: 45, second: 0, millisecond: 0 };
//! assert_eq!(serialize_time_string(time).as_deref(), Some("19:45"));
//! assert_eq!(
//!     parse_duration_string("4h 18m 3s"),
//!     Some(Duration { seconds: 15483, milliseconds: 0 })
//! );
//! ```

pub mod attributes;
pub mod colors;
pub mod dates;
pub mod durations;
mod idioms;
mod named_colors;
pub mod numbers;
pub mod references;
pub mod strings;
pub mod tokens;

pub use attributes::{
    EnumeratedAttribute, Keyword, boolean_attribute_state, is_valid_boolean_attribute_value,
};
pub use colors::{
    SimpleColor, is_valid_lowercase_simple_color, is_valid_simple_color, parse_legacy_color_value,
    parse_simple_color_value, serialize_simple_color_value,
};
pub use dates::{
    Date, DateOrTime, GlobalDateTime, LocalDateTime, Month, Time, TimeZoneOffset, Week,
    YearlessDate, is_valid_date_string, is_valid_date_string_with_optional_time,
    is_valid_global_date_and_time_string, is_valid_local_date_and_time_string,
    is_valid_month_string, is_valid_normalized_global_date_and_time_string,
    is_valid_normalized_local_date_and_time_string, is_valid_time_string,
    is_valid_time_zone_offset_string, is_valid_week_string, is_valid_yearless_date_string,
    number_of_days_in_month, parse_date_or_time_string, parse_date_string,
    parse_global_date_and_time_string, parse_local_date_and_time_string, parse_month_string,
    parse_time_string, parse_time_zone_offset_string, parse_week_string,
    parse_yearless_date_string, serialize_date_string, serialize_month_string,
    serialize_normalized_global_date_and_time_string,
    serialize_normalized_local_date_and_time_string, serialize_time_string,
    serialize_time_zone_offset_string, serialize_week_string, serialize_yearless_date_string,
    week_number_of_last_day,
};
pub use durations::{
    Duration, is_valid_duration_string, parse_duration_string, serialize_duration_string,
};
pub use numbers::{
    Dimension, DimensionKind, ListDimension, ListDimensionUnit,
    best_representation_of_floating_point_number, is_valid_floating_point_number, is_valid_integer,
    is_valid_list_of_floating_point_numbers, is_valid_non_negative_integer, parse_dimension_value,
    parse_floating_point_number_value, parse_integer, parse_list_of_dimensions,
    parse_list_of_floating_point_numbers, parse_non_negative_integer,
    parse_nonzero_dimension_value,
};
pub use references::parse_hash_name_reference;
pub use strings::{is_ascii_case_insensitive_prefix_match, is_prefix_match};
pub use tokens::{TokenComparison, is_unordered_set_of_unique_space_separated_tokens};
