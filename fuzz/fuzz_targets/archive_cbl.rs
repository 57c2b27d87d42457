//! CBL libraries (the games found after the 576-byte header): any bytes through `qipan::archive::read_archive` (see
//! `qipan_fuzz::check_archive`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| qipan_fuzz::check_archive(data, b"CCBridgeLibrary\0"));
