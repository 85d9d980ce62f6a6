pub mod wpt;
