//! `cargo run --release -p qipan-benches --bin compare`: one run, one thread, the best of a few
//! timings per library, and the ratios the performance targets are stated in.

use std::time::Instant;

use qipan_benches::{qipan_chess, qipan_xiangqi, CHESS_CASES};

#[path = "../../peers.rs"]
mod peers;

const XIANGQI_START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Best wall time of `runs` runs, and the node count (checked equal across runs).
fn best(runs: usize, f: impl Fn() -> u64) -> (f64, u64) {
    let mut best = f64::INFINITY;
    let mut nodes = 0;
    for _ in 0..runs {
        let t = Instant::now();
        nodes = std::hint::black_box(f());
        best = best.min(t.elapsed().as_secs_f64());
    }
    (best, nodes)
}

fn main() {
    let runs = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    println!("| position | library | nodes | best time (s) | Mnps | qipan speed-up |");
    println!("|---|---|---:|---:|---:|---:|");
    let mut cozy_start_nps = 0.0;
    for (name, fen, depth) in CHESS_CASES {
        let (q, qn) = best(runs, || qipan_chess(fen, depth));
        let (c, cn) = best(runs, || peers::cozy(fen, depth));
        let (s, sn) = best(runs, || peers::shakmaty(fen, depth));
        assert!(
            qn == cn && cn == sn,
            "node counts differ: qipan {qn}, cozy {cn}, shakmaty {sn}"
        );
        if name == "start" {
            cozy_start_nps = cn as f64 / c;
        }
        for (lib, t) in [("qipan", q), ("cozy-chess", c), ("shakmaty", s)] {
            println!(
                "| {name} d{depth} | {lib} | {qn} | {t:.3} | {:.1} | {:.2}x |",
                qn as f64 / t / 1e6,
                t / q
            );
        }
    }
    let (x, xn) = best(runs, || qipan_xiangqi(XIANGQI_START, 5));
    let xnps = xn as f64 / x;
    println!(
        "| xiangqi start d5 | qipan | {xn} | {x:.3} | {:.1} | |",
        xnps / 1e6
    );
    println!(
        "\nXiangqi start d5 nodes/s over cozy-chess chess start d6 nodes/s: {:.2} (target >= 0.25)",
        xnps / cozy_start_nps
    );
}
