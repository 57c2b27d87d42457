//! Chess960 start numbers and Chess960 FEN: a start number chosen by the input builds a position
//! whose number reads back; any text accepted as a Chess960 FEN reads back from its X-FEN and its
//! Shredder-FEN; then byte-chosen moves keep every invariant, and a position that claims a start
//! number really is that start position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipan::chess::{Chess, FenOptions};
use qipan_fuzz::{check_chess, Bytes};

const OPTIONS: FenOptions = FenOptions {
    relaxed: false,
    chess960: true,
};

fn check_number(pos: &Chess) {
    if let Some(n) = pos.chess960_number() {
        assert!(n < 960, "{pos:?}: number {n}");
        let start = Chess::chess960_start(n).unwrap();
        assert_eq!(start.occupied(), pos.occupied(), "start {n}");
        for sq in pos.occupied() {
            assert_eq!(start.piece_at(sq), pos.piece_at(sq), "start {n}");
        }
        assert_eq!(start.castling_rooks(), pos.castling_rooks(), "start {n}");
        assert_eq!(pos.turn(), qipan::Color::White, "start {n}");
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let mode = bytes.u8();
    let start = if mode & 1 == 0 {
        let n = u32::from(bytes.u16() % 1024);
        let Some(pos) = Chess::chess960_start(n) else {
            assert!(n >= 960);
            return;
        };
        assert_eq!(pos.chess960_number(), Some(n));
        pos
    } else {
        let line = bytes.line();
        let Ok(fen) = std::str::from_utf8(line) else {
            return;
        };
        let Ok(pos) = Chess::from_fen_960(fen) else {
            return;
        };
        pos
    };
    let shredder = start.fen_shredder();
    let back = Chess::from_fen_with(&shredder, OPTIONS)
        .unwrap_or_else(|e| panic!("{shredder} does not read back: {e}"));
    assert_eq!(back, start, "Shredder-FEN {shredder}");
    check_chess(&start, OPTIONS, true);
    check_number(&start);
    let mut pos = start;
    for _ in 0..bytes.u8() % 32 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[usize::from(bytes.u8()) % moves.len()]);
        check_chess(&pos, OPTIONS, false);
        check_number(&pos);
    }
});
