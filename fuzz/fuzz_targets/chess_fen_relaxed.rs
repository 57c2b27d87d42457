//! Chess FEN, relaxed (unreachable but playable positions): no panic on any text; an accepted
//! position keeps every invariant and reads back from its own FEN; its children keep their keys.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipan::chess::{Chess, FenOptions};
use qipan_fuzz::{check_chess, check_children, text};

fuzz_target!(|data: &[u8]| {
    let fen = text(data);
    for chess960 in [false, true] {
        let options = FenOptions {
            relaxed: true,
            chess960,
        };
        if let Ok(pos) = Chess::from_fen_with(&fen, options) {
            check_chess(&pos, options, true);
            check_children(&pos, Chess::zobrist_recomputed);
        }
    }
});
