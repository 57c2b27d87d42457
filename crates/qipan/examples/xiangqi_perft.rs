//! Times Xiangqi perft: `cargo run --release -p qipan --example xiangqi_perft -- [depth] [fen]`.

use std::time::Instant;

use qipan::{perft, Variant, Xiangqi};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(5);
    let fen: Vec<String> = args.collect();
    let pos = if fen.is_empty() {
        Xiangqi::start()
    } else {
        Xiangqi::from_fen(&fen.join(" ")).expect("valid FEN")
    };
    let t = Instant::now();
    let n = perft(&pos, depth);
    let s = t.elapsed().as_secs_f64();
    println!(
        "perft({depth}) = {n} in {s:.3} s: {:.1} M leaves/s",
        n as f64 / s / 1e6
    );
}
