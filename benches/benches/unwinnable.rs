//! `cargo bench -p qipan-benches --bench unwinnable`: the cost of the dead-position check in
//! `outcome()` on the positions of real games, and the full "who can still win" analysis.
//!
//! * `outcome/classics`: every position of the four games in fuzz/seeds/pgn_chess/chess-classics.pgn
//!   (Anderssen's Immortal and Evergreen games, Morphy's Opera game, Byrne–Fischer 1956), with
//!   today's position outcome (checkmate, insufficient material, stalemate: the code before the
//!   dead-position check, replicated here) and with the new one (plus the quick check).
//! * `can_win/classics`: the full analysis of both colours on the same positions.
//! * `can_win/endings`: the full analysis of both colours on 200 positions of random games after
//!   80 to 200 plies (little material left, as in most games decided on the clock).
//! * `vs_chasolver/<kind>`: qipan's full analysis and chasolver 3.0's `winnability` (MIT, a
//!   dev-dependency of the benches only) on the same positions of
//!   data/chess-unwinnable-labelled.epd, both colours: `game` (random game positions) and
//!   `hard` (the constructed endings: minor pieces, walls, corners). One-run ratios per kind:
//!   `cargo run -p qipan-benches --release --example unwinnable_vs_chasolver`.

#![forbid(unsafe_code)]

use criterion::{criterion_group, criterion_main, Criterion};
use qipan::chess::Chess;
use qipan::{Color, Outcome, Termination, Variant};

const CLASSICS: &str = include_str!("../../fuzz/seeds/pgn_chess/chess-classics.pgn");

/// Every position of the classic games (a small SAN reader: no variations in that file).
fn classic_positions() -> Vec<Chess> {
    let mut out = Vec::new();
    let mut pos = Chess::start();
    let mut in_comment = false;
    for line in CLASSICS.lines() {
        if line.starts_with('[') {
            continue;
        }
        for token in line.split_whitespace() {
            if token.starts_with('{') {
                in_comment = true;
            }
            if in_comment {
                in_comment = !token.ends_with('}');
                continue;
            }
            if ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
                pos = Chess::start();
                continue;
            }
            let san = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            let san = san.trim_end_matches(['!', '?']);
            if san.is_empty() {
                continue;
            }
            let mv = pos.parse_san(san).expect("a legal move of the classics");
            pos.play_unchecked(mv);
            out.push(pos);
        }
    }
    out
}

/// Positions of random games after 80 to 200 plies, every 10th ply (seeded xorshift).
fn ending_positions() -> Vec<Chess> {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut out = Vec::new();
    while out.len() < 200 {
        let mut pos = Chess::start();
        for ply in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            pos.play_unchecked(moves[(state % moves.len() as u64) as usize]);
            if ply >= 80 && ply % 10 == 0 {
                out.push(pos);
            }
        }
    }
    out.truncate(200);
    out
}

/// The position outcome before the dead-position check (checkmate, insufficient material,
/// stalemate), as `Chess::position_outcome` was.
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

fn outcome(c: &mut Criterion) {
    let positions = classic_positions();
    let mut group = c.benchmark_group(format!("outcome/classics/{}", positions.len()));
    group.bench_function("before", |b| {
        b.iter(|| positions.iter().filter_map(outcome_before).count())
    });
    group.bench_function("with dead-position check", |b| {
        b.iter(|| {
            positions
                .iter()
                .filter_map(Variant::position_outcome)
                .count()
        })
    });
    group.finish();
}

fn can_win(c: &mut Criterion) {
    for (name, positions) in [
        ("classics", classic_positions()),
        ("endings", ending_positions()),
    ] {
        let mut group = c.benchmark_group(format!("can_win/{name}/{}", positions.len()));
        group.sample_size(10);
        group.bench_function("both colours", |b| {
            b.iter(|| {
                positions
                    .iter()
                    .flat_map(|pos| Color::ALL.map(|color| pos.can_win(color).known()))
                    .filter(Option::is_some)
                    .count()
            })
        });
        group.finish();
    }
}

const LABELLED: &str = include_str!("../../data/chess-unwinnable-labelled.epd");

/// The labelled set's FENs of the kinds `kinds`, every `step`-th.
fn labelled_fens(kinds: &[&str], step: usize) -> Vec<String> {
    LABELLED
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter(|line| {
            kinds
                .iter()
                .any(|k| line.contains(&format!("; kind {k} ;")))
        })
        .step_by(step)
        .map(|line| line.split(';').next().unwrap().trim().to_owned())
        .collect()
}

fn vs_chasolver(c: &mut Criterion) {
    use std::str::FromStr;
    for (name, kinds) in [
        ("game", &["game", "ending"][..]),
        (
            "hard",
            &["minor", "wall", "wall-bishop", "wall-pieces", "corner"][..],
        ),
    ] {
        let fens = labelled_fens(kinds, 4);
        let ours: Vec<Chess> = fens.iter().map(|f| f.parse().unwrap()).collect();
        let theirs: Vec<chess::Board> = fens
            .iter()
            .map(|f| chess::Board::from_str(f).unwrap())
            .collect();
        let mut group = c.benchmark_group(format!("vs_chasolver/{name}/{}", fens.len()));
        group.sample_size(10);
        group.bench_function("qipan can_win", |b| {
            b.iter(|| {
                ours.iter()
                    .flat_map(|pos| Color::ALL.map(|color| pos.can_win(color).known()))
                    .filter(Option::is_some)
                    .count()
            })
        });
        group.bench_function("chasolver winnability", |b| {
            b.iter(|| {
                theirs
                    .iter()
                    .flat_map(|board| {
                        [chess::Color::White, chess::Color::Black]
                            .map(|color| chasolver::winnability(board, color))
                    })
                    .filter(Option::is_some)
                    .count()
            })
        });
        group.finish();
    }
}

criterion_group!(benches, outcome, can_win, vs_chasolver);
criterion_main!(benches);
