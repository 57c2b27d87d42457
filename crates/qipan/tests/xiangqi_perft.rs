//! Every position of `data/xiangqi-perft.epd` (counts from Fairy-Stockfish, Pikafish and the
//! published tables): depths up to 2,000,000 leaves in the default run, all depths with
//! `--ignored`.

use qipan::{perft, perft_threads, Variant, Xiangqi};

const EPD: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../data/xiangqi-perft.epd"
));

/// A line of the suite: line number, FEN, (depth, count) pairs.
type Case = (usize, &'static str, Vec<(u32, u64)>);

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for (n, line) in EPD.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim();
        let depths = parts
            .map(|p| {
                let p = p.trim();
                let (d, c) = p.split_once(' ').unwrap();
                (
                    d.trim_start_matches('D').parse().unwrap(),
                    c.trim().parse().unwrap(),
                )
            })
            .collect();
        out.push((n + 1, fen, depths));
    }
    out
}

fn run(limit: u64) {
    let cases = cases();
    assert_eq!(cases.len(), 56);
    for (line, fen, depths) in cases {
        let pos = Xiangqi::from_fen(fen).unwrap_or_else(|e| panic!("line {line}: {fen}: {e}"));
        assert_eq!(pos.fen(), fen, "line {line}: FEN round trip");
        for (depth, expected) in depths {
            if expected > limit {
                continue;
            }
            let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
            let count = if expected > 2_000_000 {
                perft_threads(&pos, depth, threads)
            } else {
                perft(&pos, depth)
            };
            assert_eq!(count, expected, "line {line}: {fen} depth {depth}");
        }
    }
}

#[test]
fn xiangqi_perft_suite_fast_depths() {
    run(2_000_000);
}

#[test]
#[ignore = "billions of nodes: run with --ignored in release mode"]
fn xiangqi_perft_suite_all_depths() {
    run(u64::MAX);
}
