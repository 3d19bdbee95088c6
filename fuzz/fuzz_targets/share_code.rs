//! libFuzzer target: the share-code decoder (checks in `carcassonne::fuzzing`; docs/testing.md).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| carcassonne::fuzzing::share_code(data));
