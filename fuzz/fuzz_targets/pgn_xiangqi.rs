//! Xiangqi game records: any bytes through the PGN splitter, tokenizer, parser, writer and replay
//! (see `qipan_fuzz::check_pgn`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipan::Xiangqi;

fuzz_target!(|data: &[u8]| qipan_fuzz::check_pgn::<Xiangqi>(data));
