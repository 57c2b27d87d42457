//! Chess FEN, strict: no panic on any text; an accepted position keeps every invariant, reads
//! back from its own FEN, is accepted by the relaxed reader too, and its children keep their keys.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipan::chess::{Chess, FenOptions};
use qipan_fuzz::{check_chess, check_children, text};

fuzz_target!(|data: &[u8]| {
    let fen = text(data);
    for chess960 in [false, true] {
        let options = FenOptions {
            relaxed: false,
            chess960,
        };
        let Ok(pos) = Chess::from_fen_with(&fen, options) else {
            continue;
        };
        check_chess(&pos, options, true);
        let relaxed = Chess::from_fen_with(
            &fen,
            FenOptions {
                relaxed: true,
                chess960,
            },
        )
        .expect("strict accepts, relaxed must too");
        assert_eq!(relaxed, pos);
        check_children(&pos, Chess::zobrist_recomputed);
    }
});
