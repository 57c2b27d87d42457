//! Coordinates read without a position (`CoordMove`, python-chess's `Move.from_uci`): a chess and
//! a Xiangqi position reached by byte-chosen moves, then the rest of the input as text. No panic;
//! an accepted text reads back as itself, its points are on a board, and either game's
//! position reads it as a legal move or refuses it with a typed error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipan::{CoordMove, GameKind, Variant};
use qipan_fuzz::{check_error, reach_chess, reach_xiangqi, text, Bytes};

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let chess = reach_chess(&mut bytes);
    let xiangqi = reach_xiangqi(&mut bytes);
    let text = text(bytes.rest());
    let mv = match CoordMove::parse(&text) {
        Ok(mv) => mv,
        Err(e) => return check_error(&e),
    };
    assert_eq!(CoordMove::parse(mv.as_str()), Ok(mv), "{text:?}");
    assert_eq!(mv.as_str().len(), text.len(), "{text:?}");
    for game in [None, Some(GameKind::Chess), Some(GameKind::Xiangqi)] {
        let (from, to) = mv.squares(game);
        assert!(from < 90 && to < 90, "{text:?}");
    }
    if mv.drop_role().is_some() {
        assert!(mv.promotion().is_none());
    }
    match chess.parse_move(mv.as_str()) {
        Ok(played) => assert!(chess.is_legal(played) || mv.is_null()),
        Err(e) => check_error(&e),
    }
    match xiangqi.parse_move(mv.as_str()) {
        Ok(played) => assert!(xiangqi.is_legal(played) || mv.is_null()),
        Err(e) => check_error(&e),
    }
});
