//! libFuzzer target: a text pack's `say` on any request (checks in `carcassonne::fuzzing`; docs/testing.md).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| carcassonne::fuzzing::pack_request(data));
