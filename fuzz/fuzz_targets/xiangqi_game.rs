//! A Xiangqi [`Game`] driven by the input: a flags byte (bit 0 simple repetition rules, bit 3
//! Chinese rules, bit 1 a move limit from the next four bytes, bit 2 read a FEN line), optionally a FEN line, then
//! byte-chosen moves, raw move values, take-backs and adjudications, with every invariant checked
//! after each ply (see `qipan_fuzz::play_game`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipan::xiangqi::{RuleSet, XiangqiRules};
use qipan::{Game, Xiangqi};
use qipan_fuzz::{
    check_xiangqi, check_xiangqi_move, play_game, raw_xiangqi, reach, Bytes, XIANGQI_FENS,
};

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let flags = bytes.u8();
    let mut rules = XiangqiRules::default();
    if flags & 1 != 0 {
        rules.repetition = RuleSet::SimpleRepetition;
    } else if flags & 8 != 0 {
        rules.repetition = RuleSet::Chinese;
    }
    if flags & 2 != 0 {
        rules.move_limit = bytes.u32();
    }
    let from_text = if flags & 4 != 0 {
        std::str::from_utf8(bytes.line())
            .ok()
            .and_then(|fen| Xiangqi::from_fen(fen).ok())
    } else {
        None
    };
    let start = from_text.unwrap_or_else(|| {
        reach(
            XIANGQI_FENS,
            |f| Xiangqi::from_fen(f).unwrap(),
            &mut Bytes::new(&[bytes.u8()]),
        )
    });
    play_game(
        Game::with_rules(start, rules),
        &mut bytes,
        |pos| check_xiangqi(pos, false),
        check_xiangqi_move,
        |b| raw_xiangqi(b.u8(), b.u8()),
    );
});
