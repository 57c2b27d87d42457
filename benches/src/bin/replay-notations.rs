//! `cargo run --release -p qipan-benches --bin replay-notations -- [RUNS] [GAMES]`: Xiangqi record
//! replay per ply beside chess record replay per ply, in one run.
//!
//! The same kind of games (long seeded playouts, `qipan_benches::records`) in chess SAN and in
//! Xiangqi ICCS, WXF, Chinese (simplified) and Chinese (traditional) — the four Xiangqi files hold
//! the same games, only the moves' text differs — are generated into `target/bench-data/`. Then,
//! runs interleaved file by file:
//!
//! - the `qipan validate --jobs 1 --json FILE` command (the `qipan` binary beside this one, or
//!   `$QIPAN`), its CPU time (user + system of the child, reader thread included);
//! - the general reader in this process: `pgn::replay` of every game (tokenizer, visitor, a
//!   `Game` per ply), the CPU time of this thread.
//!
//! It prints the median ns per ply of each and the Xiangqi ÷ chess ratios (the goal: ≤ 2.0).
//! Build both binaries first: `cargo build --release -p qipan-cli -p qipan-benches --bins`.

#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

use qipan::pgn::{replay, Limits, Splitter};
use qipan::{Chess, Variant, Xiangqi};
use qipan_benches::records::{chess_file, ensure, xiangqi_file_in, XiangqiNotation};

/// CPU seconds (user + system, 10 ms ticks) from `/proc/self/stat` (`children`: of the waited-for
/// children) or `/proc/thread-self/stat` (this thread).
fn cpu(children: bool) -> f64 {
    let file = if children {
        "/proc/self/stat"
    } else {
        "/proc/thread-self/stat"
    };
    let stat = std::fs::read_to_string(file).unwrap_or_default();
    let Some(close) = stat.rfind(')') else {
        return 0.0;
    };
    let fields: Vec<&str> = stat[close + 2..].split(' ').collect();
    // Fields 14–17 of stat(5) (utime, stime, cutime, cstime): the first here is field 3.
    let first = if children { 13 } else { 11 };
    let tick = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (tick(first) + tick(first + 1)) / 100.0
}

/// One `qipan validate --jobs 1 --json` of `path`: its CPU seconds and the plies it counted.
fn validate(qipan: &Path, path: &Path) -> (f64, u64) {
    let before = cpu(true);
    let output = Command::new(qipan)
        .args(["validate", "--jobs", "1", "--json"])
        .arg(path)
        .output()
        .expect("qipan runs");
    let seconds = cpu(true) - before;
    let json = String::from_utf8_lossy(&output.stdout);
    // The summary's `"plies": N` (the first one: the totals come first).
    let plies = json
        .split("\"plies\":")
        .nth(1)
        .and_then(|rest| {
            let digits: String = rest
                .trim_start()
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            digits.parse().ok()
        })
        .unwrap_or_else(|| {
            panic!(
                "no plies in the output of qipan validate {}",
                path.display()
            )
        });
    (seconds, plies)
}

/// The general reader over every game of `path` as `V`: CPU seconds of this thread and plies.
fn general<V: Variant>(path: &Path) -> (f64, u64) {
    let limits = Limits::default();
    let before = cpu(false);
    let file = std::fs::File::open(path).expect("the record file");
    let mut plies = 0;
    for raw in Splitter::new(std::io::BufReader::with_capacity(1 << 16, file), limits) {
        let report = replay::<V>(&raw.expect("readable"), &limits);
        plies += std::hint::black_box(report.plies()) as u64;
    }
    (cpu(false) - before, plies)
}

fn median(times: &mut [f64]) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

struct Row {
    name: String,
    path: PathBuf,
    xiangqi: bool,
    validate: Vec<f64>,
    general: Vec<f64>,
    plies: u64,
}

fn main() {
    let mut args = std::env::args().skip(1);
    let runs: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(5);
    let games: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(40_000);
    let qipan = std::env::var_os("QIPAN")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            std::env::current_exe()
                .expect("this binary's path")
                .with_file_name("qipan")
        });
    assert!(
        qipan.exists(),
        "{} missing: cargo build --release -p qipan-cli",
        qipan.display()
    );
    let mut rows = vec![Row {
        name: "chess SAN".into(),
        path: ensure(&format!("chess-{games}.pgn"), || chess_file(games, 19)).expect("chess file"),
        xiangqi: false,
        validate: Vec::new(),
        general: Vec::new(),
        plies: 0,
    }];
    for notation in XiangqiNotation::SINGLE {
        let name = notation.name();
        let path = ensure(&format!("xiangqi-{name}-{games}.pgn"), || {
            xiangqi_file_in(games, 19, notation)
        })
        .expect("Xiangqi file");
        rows.push(Row {
            name: format!("xiangqi {name}"),
            path,
            xiangqi: true,
            validate: Vec::new(),
            general: Vec::new(),
            plies: 0,
        });
    }
    let load = || std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "qipan: {}; {games} games a file; median of {runs} runs, interleaved; load average before: {}",
        qipan.display(),
        load().trim()
    );
    for _ in 0..runs.max(1) {
        for row in &mut rows {
            let (t, plies) = validate(&qipan, &row.path);
            row.validate.push(t);
            row.plies = plies;
            let (t, plies) = if row.xiangqi {
                general::<Xiangqi>(&row.path)
            } else {
                general::<Chess>(&row.path)
            };
            assert_eq!(
                plies, row.plies,
                "{}: the readers count other plies",
                row.name
            );
            row.general.push(t);
        }
    }
    println!("load average after: {}\n", load().trim());
    println!("| record file | MB | plies | `validate --jobs 1` ns/ply | ÷ chess | general reader ns/ply | ÷ chess |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let mut chess = (0.0, 0.0);
    for row in &mut rows {
        let per_ply = |t: f64| t * 1e9 / row.plies as f64;
        let v = per_ply(median(&mut row.validate));
        let g = per_ply(median(&mut row.general));
        if !row.xiangqi {
            chess = (v, g);
        }
        let mb = std::fs::metadata(&row.path).map_or(0, |m| m.len()) as f64 / 1e6;
        println!(
            "| {} | {mb:.0} | {} | {v:.0} | {:.2} | {g:.0} | {:.2} |",
            row.name,
            row.plies,
            v / chess.0,
            g / chess.1
        );
    }
}
