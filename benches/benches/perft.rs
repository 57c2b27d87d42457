//! `cargo bench -p qipan-benches`: perft with bulk counting at the leaves, qipan beside shakmaty
//! and cozy-chess on the same positions, and qipan's Xiangqi.

use criterion::{criterion_group, criterion_main, Criterion};
use qipan_benches::{qipan_chess, qipan_xiangqi, CHESS_CASES};

#[path = "../peers.rs"]
mod peers;

fn chess(c: &mut Criterion) {
    for (name, fen, depth) in CHESS_CASES {
        let mut group = c.benchmark_group(format!("perft/{name}/d{depth}"));
        group.sample_size(10);
        group.bench_function("qipan", |b| b.iter(|| qipan_chess(fen, depth)));
        group.bench_function("cozy-chess", |b| b.iter(|| peers::cozy(fen, depth)));
        group.bench_function("shakmaty", |b| b.iter(|| peers::shakmaty(fen, depth)));
        group.finish();
    }
}

fn xiangqi(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft/xiangqi-start/d5");
    group.sample_size(10);
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    group.bench_function("qipan", |b| b.iter(|| qipan_xiangqi(fen, 5)));
    group.finish();
}

criterion_group!(benches, chess, xiangqi);
criterion_main!(benches);
