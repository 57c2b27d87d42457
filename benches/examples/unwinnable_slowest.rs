//! `cargo run -p qipan-benches --release --example unwinnable_slowest -- [TOP [KIND…]]`: the full
//! analysis of every query of the labelled set (of the kinds named, default all), and the TOP
//! slowest (default 20) with their verdict, proof kind, positions visited and time: where the
//! analysis spends its time.
use std::time::Instant;

use qipan::chess::{Chess, Effort};
use qipan::Color;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let top: usize = args.first().map_or(20, |s| s.parse().expect("TOP"));
    let wanted = args.get(1..).unwrap_or_default();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/chess-unwinnable-labelled.epd"
    ))
    .expect("the labelled set");
    let mut rows = Vec::new();
    let mut total = 0.0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let kind = fields[2].trim_start_matches("kind ");
        if !(wanted.is_empty() || wanted.iter().any(|k| k == kind)) {
            continue;
        }
        let pos: Chess = fields[0].parse().expect("a FEN");
        for color in Color::ALL {
            let start = Instant::now();
            let analysis = pos.can_win_within(color, Effort::FULL);
            let seconds = start.elapsed().as_secs_f64();
            total += seconds;
            rows.push((
                seconds,
                analysis,
                color,
                kind.to_owned(),
                fields[0].to_owned(),
            ));
        }
    }
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    let nodes: u64 = rows.iter().map(|row| row.1.nodes).sum();
    println!(
        "{} queries, {:.1} ms and {nodes} positions in all",
        rows.len(),
        total * 1e3
    );
    for (seconds, analysis, color, kind, fen) in rows.iter().take(top) {
        println!(
            "{:>9.2} ms {:>8} nodes {:<6} {:<12} {:?} {:?} {fen}",
            seconds * 1e3,
            analysis.nodes,
            color.name(),
            kind,
            analysis.verdict.known(),
            analysis.proof.map(|p| p.name()),
        );
    }
}
