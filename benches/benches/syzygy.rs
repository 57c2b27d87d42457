//! `cargo bench -p qipan-benches --bench syzygy`: Syzygy probes per second on the tables of
//! `data/syzygy` (files read through the page cache, tables already open): WDL and DTZ of a fixed
//! set of positions of several materials, and root probing (every legal move).

#![forbid(unsafe_code)]

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use qipan::chess::syzygy::Tablebase;
use qipan::Chess;

/// Positions of the repository's tables (pawnless and pawn, both sides to move, captures).
const FENS: [&str; 8] = [
    "8/8/8/8/8/5k2/8/KRR5 w - - 0 1",
    "8/8/8/8/8/5k2/8/KQ6 b - - 0 1",
    "8/2k5/8/4P3/8/8/8/K7 w - - 0 1",
    "8/8/8/8/8/5k2/3b4/KR6 b - - 0 1",
    "8/8/3r4/8/8/2k5/8/KR6 w - - 0 1",
    "8/8/8/8/3q4/2k5/8/KQ6 w - - 0 1",
    "8/8/8/8/8/5k2/3n4/KN6 w - - 0 1",
    "8/8/8/2Q5/8/5k2/8/KQ6 b - - 0 1",
];

fn tables() -> Tablebase {
    let mut tables = Tablebase::new();
    tables
        .add_directory(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/syzygy"))
        .unwrap();
    tables
}

fn syzygy(c: &mut Criterion) {
    let tables = tables();
    let positions: Vec<Chess> = FENS.iter().map(|f| f.parse().unwrap()).collect();
    // Open every table first.
    for pos in &positions {
        tables.probe_dtz(pos).unwrap();
    }
    let mut group = c.benchmark_group("syzygy");
    group.sample_size(20);
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("probe_wdl", |b| {
        b.iter(|| {
            for pos in &positions {
                black_box(tables.probe_wdl(black_box(pos)).unwrap());
            }
        })
    });
    group.bench_function("probe_dtz", |b| {
        b.iter(|| {
            for pos in &positions {
                black_box(tables.probe_dtz(black_box(pos)).unwrap());
            }
        })
    });
    group.bench_function("probe_root", |b| {
        b.iter(|| {
            for pos in &positions {
                black_box(tables.probe_root(black_box(pos)).unwrap());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, syzygy);
criterion_main!(benches);
