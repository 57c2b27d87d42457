//! Engine output: arbitrary bytes split into bounded lines as the process driver splits them, each
//! read as an engine message and as an XBoard message (features, options, thinking output, moves
//! in both forms, results, refusals); info lines and best moves read against a chess and a Xiangqi position
//! reached by the first bytes, in every dialect. No panic; every move kept is legal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipan::engine::{read_best_move, read_info, split_lines, EngineMessage, Line, XiangqiDialect};
use qipan::Game;
use qipan_fuzz::{reach_chess, reach_xiangqi, Bytes};

fn check<V: qipan::engine::EngineGame>(pos: &V, message: &EngineMessage, dialect: XiangqiDialect) {
    match message {
        EngineMessage::Info(info) => {
            let read = read_info(pos, (**info).clone(), dialect);
            let mut current = pos.clone();
            for &mv in &read.pv {
                assert!(current.is_legal(mv) || V::is_null(mv));
                current.play_or_pass(mv);
            }
            if let Some(mv) = read.currmove {
                assert!(pos.is_legal(mv) || V::is_null(mv));
            }
            // A game with the PV played writes a position command without panicking.
            let mut game = Game::from_position(pos.clone());
            for &mv in &read.pv {
                game.push_unchecked(mv);
            }
            let _ = qipan::engine::position_command(&game, qipan::engine::Protocol::Uci, dialect);
        }
        EngineMessage::BestMove { best, ponder, .. } => {
            if let Ok(result) = read_best_move(pos, best.as_deref(), ponder.as_deref(), dialect) {
                if let Some(mv) = result.best {
                    assert!(pos.is_legal(mv) || V::is_null(mv));
                }
            }
        }
        EngineMessage::Option(option) => {
            if let Some(default) = &option.default {
                let _ = option.check_value(default);
            }
        }
        _ => {}
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let chess = reach_chess(&mut bytes);
    let xiangqi = reach_xiangqi(&mut bytes);
    for line in split_lines(bytes.rest(), 4096) {
        let Line::Text(text) = line else { continue };
        // XBoard lines: features, options, thinking output (read in both games).
        match qipan::engine::XboardMessage::parse(&text) {
            qipan::engine::XboardMessage::Features(pairs) => {
                for (key, value) in pairs {
                    assert!(!key.is_empty() && !key.contains(char::is_whitespace));
                    if let Some(option) = qipan::engine::parse_option_feature(&value) {
                        if let Some(default) = &option.default {
                            let _ = option.check_value(default);
                        }
                    }
                }
            }
            qipan::engine::XboardMessage::Thinking(info) => {
                let message = EngineMessage::Info(info);
                check(&chess, &message, XiangqiDialect::Ucci);
                check(&xiangqi, &message, XiangqiDialect::Ucci);
            }
            qipan::engine::XboardMessage::Move(text) | qipan::engine::XboardMessage::Hint(text) => {
                use qipan::{engine::EngineGame, Variant};
                // One word (`move X`, `My move is : X`, `Hint: X`).
                assert!(!text.is_empty() && !text.contains(char::is_whitespace));
                // `0000` is the null move, as in UCI (python-chess reads it so too).
                if let Ok(mv) = qipan::Chess::read_engine_move(&chess, &text, XiangqiDialect::Ucci) {
                    assert!(chess.is_legal(mv) || qipan::Chess::is_null(mv));
                }
            }
            _ => {}
        }
        let message = EngineMessage::parse(&text);
        check(&chess, &message, XiangqiDialect::UciVariant);
        for dialect in [XiangqiDialect::Ucci, XiangqiDialect::UciVariant] {
            check(&xiangqi, &message, dialect);
        }
    }
});
