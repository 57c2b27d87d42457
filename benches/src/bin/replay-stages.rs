//! `cargo run --release -p qipan-benches --bin replay-stages -- FILE [RUNS]`: CPU time of each stage of
//! qipan's replay on one record file (split; split and tokenize; split, tokenize and visit; the
//! whole check), to see where the time goes.

#![forbid(unsafe_code)]

use std::ops::ControlFlow;

use qipan::pgn::{check_game, visit_game, Limits, Splitter, Tokenizer, Visitor};

struct Nothing;
impl Visitor for Nothing {
    type Tags = ();
    type Movetext = ();
    type Output = ();
    fn begin_tags(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn move_text(&mut self, _: &mut (), _: &str, _: u64, _: usize) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, _: ()) {}
}

fn cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
    let Some(close) = stat.rfind(')') else {
        return 0.0;
    };
    let fields: Vec<&str> = stat[close + 2..].split(' ').collect();
    let tick = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (tick(11) + tick(12)) / 100.0
}

fn main() {
    let path = std::env::args().nth(1).expect("a record file");
    let limits = Limits::default();
    let games = || {
        let file = std::fs::File::open(&path).expect("the record file");
        Splitter::new(std::io::BufReader::with_capacity(1 << 16, file), limits)
            .map(|g| g.expect("readable"))
    };
    let runs: usize = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let stage = |name: &str, f: &dyn Fn() -> u64| {
        let mut best = f64::INFINITY;
        let mut n = 0;
        for _ in 0..runs {
            let t = cpu();
            n = f();
            best = best.min(cpu() - t);
        }
        println!("{name:<28} {best:>7.2} s CPU, best of {runs} ({n})");
    };
    stage("split", &|| games().map(|g| g.bytes.len() as u64).sum());
    stage("split + tokenize", &|| {
        games()
            .map(|g| {
                let text = String::from_utf8_lossy(&g.bytes);
                Tokenizer::new(&text, g.line).count() as u64
            })
            .sum()
    });
    stage("split + visit", &|| {
        games()
            .map(|g| u64::from(visit_game(&g, &limits, &mut Nothing).is_ok()))
            .sum()
    });
    stage("split + check_game", &|| {
        games()
            .map(|g| check_game(&g, &limits, None).plies as u64)
            .sum()
    });
    stage("pgn-reader, SAN parsed only", &|| {
        struct Count(u64);
        impl pgn_reader::Visitor for Count {
            type Tags = ();
            type Movetext = ();
            type Output = ();
            fn begin_tags(&mut self) -> ControlFlow<(), ()> {
                ControlFlow::Continue(())
            }
            fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
                ControlFlow::Continue(())
            }
            fn san(&mut self, _: &mut (), _: pgn_reader::SanPlus) -> ControlFlow<()> {
                self.0 += 1;
                ControlFlow::Continue(())
            }
            fn end_game(&mut self, _: ()) {}
        }
        let file = std::fs::File::open(&path).expect("the record file");
        let mut reader = pgn_reader::Reader::new(file);
        let mut count = Count(0);
        while let Ok(Some(())) = reader.read_game(&mut count) {}
        count.0
    });
}
