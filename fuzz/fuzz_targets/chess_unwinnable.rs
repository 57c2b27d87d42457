//! The unwinnability analysis on arbitrary positions: a FEN read from the input (strict, relaxed
//! or Chess960) or a start position with byte-chosen moves, and a node bound from the input. The
//! analysis must never panic nor visit more positions than its bound; a mating line must replay
//! to the right side's mate; "cannot" must not be refuted by a mate found by brute force (within
//! three plies, or one ply on crowded boards); a dead position must not contradict either.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipan::chess::{Chess, Effort, FenOptions, Verdict};
use qipan::{Color, Variant};
use qipan_fuzz::{reach_chess, Bytes};

/// Whether `winner` checkmates within `plies` plies by some sequence of legal moves (brute force,
/// independent of the analyser).
fn mates_within(pos: &Chess, winner: Color, plies: u32) -> bool {
    if pos.is_checkmate() {
        return pos.turn() != winner;
    }
    plies > 0
        && pos.legal_moves().into_iter().any(|mv| {
            let mut child = *pos;
            child.play_unchecked(mv);
            mates_within(&child, winner, plies - 1)
        })
}

/// The brute-force refutation depth: three plies with at most 8 units, else one move of the
/// winner (bounds the oracle's cost).
fn refutation_plies(pos: &Chess, winner: Color) -> u32 {
    if pos.occupied().count() <= 8 {
        3
    } else if pos.turn() == winner {
        1
    } else {
        2
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let mode = bytes.u8();
    let nodes = u64::from(bytes.u16() % 4096);
    let pos = match mode % 4 {
        0 => reach_chess(&mut bytes),
        m => {
            let Ok(fen) = std::str::from_utf8(bytes.line()) else {
                return;
            };
            let options = FenOptions {
                relaxed: m == 2,
                chess960: m == 3,
            };
            let Ok(pos) = Chess::from_fen_with(fen, options) else {
                return;
            };
            pos
        }
    };
    let effort = Effort {
        nodes,
        max_plies: u32::from(bytes.u8() % 64),
        proof_depth: u32::from(bytes.u8() % 4),
    };
    for color in Color::ALL {
        let analysis = pos.can_win_within(color, effort);
        assert!(
            analysis.nodes <= nodes,
            "{pos:?}: {} > {nodes}",
            analysis.nodes
        );
        match analysis.verdict {
            Verdict::CanWin(line) => {
                let mut p = pos;
                for mv in line {
                    assert!(p.is_legal(mv), "{pos:?}: illegal {mv:?} in the line");
                    p.play_unchecked(mv);
                }
                assert!(p.is_checkmate() && p.turn() != color, "{pos:?}: no mate");
            }
            Verdict::Cannot => {
                let plies = refutation_plies(&pos, color);
                assert!(
                    !mates_within(&pos, color, plies),
                    "{pos:?}: a mate refutes cannot"
                );
            }
            Verdict::Undetermined => {}
        }
    }
    if pos.is_dead_position_within(effort) {
        for color in Color::ALL {
            let plies = refutation_plies(&pos, color);
            assert!(
                !mates_within(&pos, color, plies),
                "{pos:?}: dead but a mate exists"
            );
        }
    }
    // outcome()'s quick check: "dead" only when both colours are refuted by no brute-force mate.
    if pos.position_outcome().map(|o| o.termination) == Some(qipan::Termination::DeadPosition) {
        for color in Color::ALL {
            let plies = refutation_plies(&pos, color);
            assert!(
                !mates_within(&pos, color, plies),
                "{pos:?}: outcome dead, a mate exists"
            );
        }
    }
});
