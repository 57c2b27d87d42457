//! `cargo run --release -p qipan-benches --bin gen-records -- chess|xiangqi GAMES [SEED]`: writes
//! a seeded record file (see `qipan_benches::records`) to standard output. `compare` makes the
//! files it needs itself, in `target/bench-data/`.

#![forbid(unsafe_code)]

use std::io::Write;

use qipan_benches::records::{chess_file, xiangqi_file};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let seed = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(19);
    let text = match args.first().map(String::as_str) {
        Some("chess") => chess_file(games, seed),
        Some("xiangqi") => xiangqi_file(games, seed),
        _ => {
            eprintln!("usage: gen-records chess|xiangqi GAMES [SEED]");
            std::process::exit(2);
        }
    };
    if std::io::stdout().lock().write_all(text.as_bytes()).is_err() {
        std::process::exit(1);
    }
}
