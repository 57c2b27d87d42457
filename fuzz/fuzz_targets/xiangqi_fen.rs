//! Xiangqi FEN: no panic on any text; an accepted position keeps every invariant, reads back
//! from its own FEN, and its children keep their keys.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipan::Xiangqi;
use qipan_fuzz::{check_children, check_xiangqi, text};

fuzz_target!(|data: &[u8]| {
    let fen = text(data);
    if let Ok(pos) = Xiangqi::from_fen(&fen) {
        check_xiangqi(&pos, true);
        check_children(&pos, Xiangqi::zobrist_recomputed);
        assert_eq!(fen.parse::<Xiangqi>(), Ok(pos));
    }
});
