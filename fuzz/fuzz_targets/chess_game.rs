//! A chess [`Game`] driven by the input: a flags byte (bit 0 relaxed, bit 1 Chess960, bit 2 read
//! a FEN line), optionally a FEN line, then byte-chosen moves, raw move values, take-backs and
//! adjudications, with every invariant checked after each ply (see `qipan_fuzz::play_game`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipan::chess::{Chess, FenOptions};
use qipan::Game;
use qipan_fuzz::{
    check_chess, check_chess_move, play_game, raw_chess, reach, Bytes, CHESS960_FENS, CHESS_FENS,
};

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let flags = bytes.u8();
    let options = FenOptions {
        relaxed: flags & 1 != 0,
        chess960: flags & 2 != 0,
    };
    let from_text = if flags & 4 != 0 {
        let line = bytes.line();
        std::str::from_utf8(line)
            .ok()
            .and_then(|fen| Chess::from_fen_with(fen, options).ok())
    } else {
        None
    };
    let start = from_text.unwrap_or_else(|| {
        let list = if options.chess960 {
            CHESS960_FENS
        } else {
            CHESS_FENS
        };
        reach(
            list,
            |f| {
                Chess::from_fen_with(
                    f,
                    FenOptions {
                        relaxed: true,
                        ..options
                    },
                )
                .unwrap()
            },
            &mut Bytes::new(&[bytes.u8()]),
        )
    });
    // Positions of the list may be unreachable (relaxed); read them back relaxed.
    let check_options = FenOptions {
        relaxed: options.relaxed || from_text.is_none(),
        ..options
    };
    play_game(
        Game::from_position(start),
        &mut bytes,
        |pos| check_chess(pos, check_options, false),
        check_chess_move,
        |b| raw_chess(b.u16()),
    );
});
