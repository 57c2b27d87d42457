//! The semi-static proof on pawn walls built from the input: rammed pawn pairs on chosen files
//! and ranks, pawns that can still step, kings and minor or major pieces on chosen squares,
//! either side to move. Every "cannot" it gives (the proof kind "blocked structure") must
//! survive an enumeration of the whole reachable set (when it closes within its bound): no
//! checkmate of the loser anywhere in it; so must every position `outcome()` ends as dead (no
//! checkmate of either side). The analysis must never panic.
#![no_main]

use std::collections::{HashSet, VecDeque};

use libfuzzer_sys::fuzz_target;
use qipan::chess::{Chess, Effort, ProofKind, Role};
use qipan::{Color, Termination, Variant};
use qipan_fuzz::Bytes;

/// The most positions the enumeration visits; beyond it the proof is not checked. At 100,000 an
/// input took 1.2 s alone and over the fuzzer's 10 s timeout on a loaded machine; the larger
/// sets are enumerated by `dead_quick.rs`'s random walls instead.
const LIMIT: usize = 30_000;

/// A position built from the input: `None` when it is not legal.
fn wall(bytes: &mut Bytes) -> Option<Chess> {
    let mut board = [' '; 64];
    for file in 0..8 {
        let choice = bytes.u8();
        // Rammed pair with the white pawn on ranks 2-6 (index 1..=5), or nothing.
        if choice % 8 < 6 {
            let rank = 1 + (choice / 8) as usize % 5;
            board[rank * 8 + file] = 'P';
            board[(rank + 1) * 8 + file] = 'p';
        }
    }
    let count = 2 + bytes.u8() % 6;
    for i in 0..count {
        let kind = bytes.u8();
        let piece = match i {
            0 => 'K',
            1 => 'k',
            _ => b"PpNnBbRrQq"[kind as usize % 10] as char,
        };
        let square = (bytes.u8() % 64) as usize;
        if board[square] != ' ' {
            continue;
        }
        board[square] = piece;
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                ' ' => empty += 1,
                piece => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(piece);
                }
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let turn = if bytes.u8() % 2 == 0 { 'w' } else { 'b' };
    format!("{fen} {turn} - - 0 1").parse().ok()
}

/// The position without its clocks (pieces, side to move, castling, en passant), as numbers:
/// a FEN text key made the enumeration of a large reachable set outlast the fuzzer's timeout.
type Key = ([u64; 6], u64, bool, u64, Option<usize>);

fn key(pos: &Chess) -> Key {
    (
        Role::ALL.map(|role| pos.by_role(role).0),
        pos.by_color(Color::White).0,
        pos.turn() == Color::White,
        pos.castling_rooks().0,
        pos.ep_square().map(|sq| sq.index()),
    )
}

/// Whether a checkmate of `winner`'s opponent (of either side for `None`) is reachable from
/// `pos`: `None` beyond [`LIMIT`].
fn mate_reachable(pos: &Chess, winner: Option<Color>) -> Option<bool> {
    let mut seen = HashSet::from([key(pos)]);
    let mut queue = VecDeque::from([*pos]);
    while let Some(p) = queue.pop_front() {
        let moves = p.legal_moves();
        if moves.is_empty() {
            if p.is_check() && winner != Some(p.turn()) {
                return Some(true);
            }
            continue;
        }
        for mv in moves {
            let mut child = p;
            child.play_unchecked(mv);
            if seen.insert(key(&child)) {
                if seen.len() > LIMIT {
                    return None;
                }
                queue.push_back(child);
            }
        }
    }
    Some(false)
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let Some(pos) = wall(&mut bytes) else {
        return;
    };
    for winner in Color::ALL {
        let analysis = pos.can_win_within(winner, Effort::QUICK);
        if analysis.proof == Some(ProofKind::BlockedStructure) {
            assert_ne!(
                mate_reachable(&pos, Some(winner)),
                Some(true),
                "{}: {winner:?} proven unable to mate, but a mate is reachable",
                pos.fen()
            );
        }
    }
    // `outcome()`'s quick check ends a game as dead only where neither side can mate.
    if pos.position_outcome().map(|o| o.termination) == Some(Termination::DeadPosition) {
        assert_ne!(
            mate_reachable(&pos, None),
            Some(true),
            "{}: ended as dead, but a mate is reachable",
            pos.fen()
        );
    }
});
