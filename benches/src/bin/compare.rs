//! `cargo run --release -p qipan-benches --bin compare`: one run, one thread, the best of a few
//! timings per library, and the ratios the performance targets are stated in. Then the replay
//! rows: `qipan validate --jobs 1`'s work beside pgn-reader + shakmaty's on generated record
//! files (median of the runs). `compare 5 replay` prints only those.

#![forbid(unsafe_code)]

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

/// CPU seconds this thread has used (user + system, from `/proc/thread-self/stat`, 10 ms
/// ticks), or `None` where that file is not there.
fn thread_cpu() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    let after_name = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = after_name.split(' ').collect();
    // Fields 14 and 15 of stat(5): the first two here are 3 and 4.
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// Median time of `runs` runs, and the last result: CPU time of this thread where Linux tells
/// it (the machines are shared, and the replay is one thread), else wall time.
fn median<T>(runs: usize, f: impl Fn() -> T) -> (f64, T) {
    let mut times = Vec::new();
    let mut result = None;
    for _ in 0..runs.max(1) {
        let (wall, cpu) = (Instant::now(), thread_cpu());
        result = Some(std::hint::black_box(f()));
        times.push(match (cpu, thread_cpu()) {
            (Some(before), Some(after)) => after - before,
            _ => wall.elapsed().as_secs_f64(),
        });
    }
    times.sort_by(f64::total_cmp);
    (times[times.len() / 2], result.expect("one run"))
}

/// Games of the generated files (`target/bench-data/`).
const CHESS_GAMES: usize = 100_000;
const XIANGQI_GAMES: usize = 50_000;

/// The replay rows: `qipan validate --jobs 1`'s work beside pgn-reader + shakmaty's.
fn replay_rows(runs: usize) {
    use qipan_benches::records::{chess_file, ensure, xiangqi_file};
    use qipan_benches::replay_peer::{replay, Repetition, Totals};
    let chess = ensure(&format!("chess-{CHESS_GAMES}.pgn"), || {
        chess_file(CHESS_GAMES, 19)
    })
    .expect("chess record file");
    let xiangqi = ensure(&format!("xiangqi-{XIANGQI_GAMES}.pgn"), || {
        xiangqi_file(XIANGQI_GAMES, 19)
    })
    .expect("Xiangqi record file");
    let size = |p: &std::path::Path| std::fs::metadata(p).map_or(0, |m| m.len()) as f64 / 1e6;
    println!(
        "\nReplay, one thread, median CPU time of {runs} runs: {} ({:.0} MB), {} ({:.0} MB)\n",
        chess.display(),
        size(&chess),
        xiangqi.display(),
        size(&xiangqi)
    );
    println!("| file | reader | games | plies | valid | mates | draws | median CPU (s) | games/s | qipan speed-up |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    let open =
        || std::io::BufReader::with_capacity(1 << 16, std::fs::File::open(&chess).expect("file"));
    let readers: [(&str, Option<Repetition>); 4] = [
        ("qipan (`validate --jobs 1`)", None),
        ("pgn-reader 0.29 + shakmaty 0.30", Some(Repetition::Window)),
        ("  same, a key per ply", Some(Repetition::Keys)),
        ("  same, no repetition (floor)", Some(Repetition::None)),
    ];
    // The runs are interleaved (qipan, then each peer, and again), so that a change in the
    // machine's load between runs falls on every reader alike.
    let mut times = vec![Vec::new(); readers.len()];
    let mut totals = vec![Totals::default(); readers.len()];
    for _ in 0..runs.max(1) {
        for (i, (_, repetition)) in readers.iter().enumerate() {
            let (t, result) = median(1, || match repetition {
                None => qipan_benches::qipan_replay(&chess),
                Some(r) => replay(open(), *r),
            });
            times[i].push(t);
            totals[i] = result;
        }
    }
    let medians: Vec<f64> = times
        .iter_mut()
        .map(|t| {
            t.sort_by(f64::total_cmp);
            t[t.len() / 2]
        })
        .collect();
    let (q, read) = (medians[0], (totals[0].games, totals[0].plies));
    for (i, (lib, _)) in readers.iter().enumerate() {
        let (t, totals) = (medians[i], &totals[i]);
        assert_eq!((totals.games, totals.plies), read, "{lib} read other games");
        println!(
            "| chess | {lib} | {} | {} | {} | {} | {} | {t:.3} | {:.0} | {:.2}x |",
            totals.games,
            totals.plies,
            totals.valid,
            totals.checkmates,
            totals.draws,
            totals.games as f64 / t,
            t / q
        );
    }
    let (x, xt) = median(runs, || qipan_benches::qipan_replay(&xiangqi));
    println!(
        "| xiangqi | qipan (`validate --jobs 1`) | {} | {} | {} | {} | {} | {x:.3} | {:.0} | |",
        xt.games,
        xt.plies,
        xt.valid,
        xt.checkmates,
        xt.draws,
        xt.games as f64 / x
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let runs = args.next().and_then(|s| s.parse().ok()).unwrap_or(5);
    if args.next().as_deref() == Some("replay") {
        replay_rows(runs);
        return;
    }
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
    replay_rows(runs);
}
