//! Game records of both games read as trees of moves (comments, NAGs, variations) and written
//! back in every notation (see `qipan_fuzz::check_tree`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| qipan_fuzz::check_tree(data));
