//! `outcome()`'s quick dead-position check, measured: how many of the labelled set's dead
//! positions (`can_win none`) it ends, and its cost on the positions of random games (every ply
//! of 200 playouts: the first 60 plies, and all 300) against the position outcome without it, in one run.
//!
//! `cargo run -p qipan-benches --release --example unwinnable_quick`
use std::time::Instant;

use qipan::chess::Chess;
use qipan::{Outcome, Termination, Variant};

/// Timing rounds per set of positions.
const ROUNDS: usize = 15;

fn outcome_before(pos: &Chess) -> Option<Outcome> {
    let has_moves = pos.has_legal_moves();
    if !has_moves && pos.is_check() {
        return Some(Outcome::win(Termination::Checkmate, !pos.turn()));
    }
    if pos.is_insufficient_material() {
        return Some(Outcome::draw(Termination::InsufficientMaterial));
    }
    if !has_moves {
        return Some(Outcome::draw(Termination::Stalemate));
    }
    None
}

fn main() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/chess-unwinnable-labelled.epd"
    ))
    .expect("the labelled set");
    let (mut dead, mut ended) = (0, 0);
    for line in text.lines().filter(|l| l.contains("; can_win none ;")) {
        let pos: Chess = line.split(';').next().unwrap().trim().parse().unwrap();
        dead += 1;
        ended += usize::from(pos.position_outcome().is_some());
    }
    println!(
        "dead positions of the set ended by outcome(): {ended} of {dead} ({:.1}%)",
        100.0 * ended as f64 / dead as f64
    );
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut games = Vec::new();
    for _ in 0..200 {
        let mut pos = Chess::start();
        for ply in 0..300 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            pos.play_unchecked(moves[(state % moves.len() as u64) as usize]);
            games.push((ply, pos));
        }
    }
    let all: Vec<Chess> = games.iter().map(|&(_, p)| p).collect();
    let early: Vec<Chess> = games
        .iter()
        .filter(|&&(ply, _)| ply < 60)
        .map(|&(_, p)| p)
        .collect();
    // Interleaved rounds, the fastest of each kept: the machine is shared, and a single timing
    // of a few milliseconds is mostly noise.
    for (name, games) in [("plies 1-60", early), ("plies 1-300", all)] {
        let (mut best_before, mut best_after) = (f64::MAX, f64::MAX);
        let (mut before, mut after) = (0, 0);
        for _ in 0..ROUNDS {
            let start = Instant::now();
            before = games.iter().filter_map(outcome_before).count();
            best_before = best_before.min(start.elapsed().as_secs_f64());
            let start = Instant::now();
            after = games.iter().filter_map(Variant::position_outcome).count();
            best_after = best_after.min(start.elapsed().as_secs_f64());
        }
        println!(
            "{name}: {} random-game positions: outcome without the check {:.3} µs, with it {:.3} µs ({:+.1}%); ended {before} / {after} (fastest of {ROUNDS} rounds)",
            games.len(),
            best_before * 1e6 / games.len() as f64,
            best_after * 1e6 / games.len() as f64,
            100.0 * (best_after / best_before - 1.0)
        );
    }
}
