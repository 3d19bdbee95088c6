//! libFuzzer target: the record parser and replay (checks in `carcassonne::fuzzing`; docs/testing.md).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| carcassonne::fuzzing::record_text(data));
