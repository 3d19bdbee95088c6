//! libFuzzer target: the tile-file loader (checks in `carcassonne::fuzzing`; docs/testing.md).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| carcassonne::fuzzing::tile_file(data));
