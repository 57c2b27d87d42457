//! `check_game` (what `qipan validate` asks of each game, with its one-pass reader of plain chess
//! games) against the general replay, on any bytes (see `qipan_fuzz::check_checks`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| qipan_fuzz::check_checks(data));
