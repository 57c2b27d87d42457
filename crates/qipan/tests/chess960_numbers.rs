//! Start positions by number and the number of a start position (issue: Chess960 item 2).

use qipan::{Chess, Variant};

#[test]
fn every_start_position_tells_its_number() {
    for n in 0..960 {
        let start = Chess::chess960_start(n).unwrap();
        assert_eq!(start.chess960_number(), Some(n), "{}", start.fen());
    }
    assert!(Chess::chess960_start(960).is_none());
}

#[test]
fn the_standard_start_is_518_and_other_positions_have_no_number() {
    // Scharnagl numbering: 518 is the standard position (FIDE / the issue text).
    assert_eq!(Chess::start().chess960_number(), Some(518));
    let mut moved = Chess::start();
    moved.play_unchecked(moved.parse_uci("e2e4").unwrap());
    assert_eq!(moved.chess960_number(), None);
    let no_castling =
        Chess::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1").unwrap();
    assert_eq!(no_castling.chess960_number(), None);
}
