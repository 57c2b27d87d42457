//! One run, same positions: qipan's full "who can still win" analysis beside chasolver 3.0's
//! `winnability`, per kind of `data/chess-unwinnable-labelled.epd`, both colours of every
//! position; prints microseconds per query, the ratio, and how many each decided.
//!
//! `cargo run -p qipan-benches --release --example unwinnable_vs_chasolver [STEP [KIND…]]`
//! (every STEP-th position of each kind, default 1; only the kinds named, default all).
//! `ROUNDS=N` (default 3): rounds per kind, alternating qipan and chasolver; the fastest round
//! of each is reported.

use std::str::FromStr;
use std::time::Instant;

use chasolver::winnability;
use qipan::chess::Chess;
use qipan::Color;

fn main() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/chess-unwinnable-labelled.epd"
    ))
    .expect("the labelled set");
    let args: Vec<String> = std::env::args().skip(1).collect();
    let step: usize = args.first().map_or(1, |s| s.parse().expect("STEP"));
    let wanted = args.get(1..).unwrap_or_default();
    let rounds: usize = std::env::var("ROUNDS").map_or(3, |r| r.parse().expect("ROUNDS"));
    let mut kinds: Vec<(String, Vec<String>)> = Vec::new();
    for (index, line) in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .enumerate()
    {
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let kind = fields[2].trim_start_matches("kind ").to_owned();
        if index % step != 0 || !(wanted.is_empty() || wanted.contains(&kind)) {
            continue;
        }
        match kinds.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, fens)) => fens.push(fields[0].to_owned()),
            None => kinds.push((kind, vec![fields[0].to_owned()])),
        }
    }
    println!("kind           queries   qipan µs/q  chasolver µs/q  ratio  qipan decided  chasolver decided");
    let (mut all_q, mut all_c, mut all_n) = (0f64, 0f64, 0usize);
    for (kind, fens) in &kinds {
        let ours: Vec<Chess> = fens.iter().map(|f| f.parse().unwrap()).collect();
        let theirs: Vec<chess::Board> = fens
            .iter()
            .map(|f| chess::Board::from_str(f).unwrap())
            .collect();
        // Rounds alternate between the two, and the fastest round of each counts: on a shared
        // machine a load spike then hits one round, not one side.
        let (mut q, mut c) = (f64::INFINITY, f64::INFINITY);
        let (mut ours_decided, mut theirs_decided) = (0, 0);
        for _ in 0..rounds {
            let start = Instant::now();
            ours_decided = 0;
            for pos in &ours {
                for color in Color::ALL {
                    ours_decided += usize::from(pos.can_win(color).known().is_some());
                }
            }
            q = q.min(start.elapsed().as_secs_f64());
            let start = Instant::now();
            theirs_decided = 0;
            for board in &theirs {
                for color in [chess::Color::White, chess::Color::Black] {
                    theirs_decided += usize::from(winnability(board, color).is_some());
                }
            }
            c = c.min(start.elapsed().as_secs_f64());
        }
        let n = fens.len() * 2;
        println!(
            "{kind:<14} {n:>7} {:>12.1} {:>15.1} {:>6.2} {:>14} {:>18}",
            q * 1e6 / n as f64,
            c * 1e6 / n as f64,
            q / c,
            ours_decided,
            theirs_decided
        );
        all_q += q;
        all_c += c;
        all_n += n;
    }
    println!(
        "all            {all_n:>7} {:>12.1} {:>15.1} {:>6.2}",
        all_q * 1e6 / all_n as f64,
        all_c * 1e6 / all_n as f64,
        all_q / all_c
    );
}
