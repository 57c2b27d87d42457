//! `check_game` on Xiangqi records (its one-pass reader of plain Xiangqi games, in ICCS, WXF and
//! Chinese) against the general replay, on any bytes (see `qipan_fuzz::check_checks_xiangqi`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| qipan_fuzz::check_checks_xiangqi(data));
