//! libFuzzer target: any action on any reachable game (checks in `carcassonne::fuzzing`; docs/testing.md).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| carcassonne::fuzzing::actions(data));
