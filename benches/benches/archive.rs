//! `cargo bench -p qipan-benches --bench archive`: reading and replaying Xiangqi archives — the
//! 21 XQF files of `data/xiangqi-archives/` (files/s) and the 1956 championship library, a CBL of
//! 93 games (games/s). Each game is read, made a game tree (every move checked) and its main
//! line replayed with the Result tag checked (`ArchiveGame::replay`), as `qipan validate` does.

#![forbid(unsafe_code)]

use std::path::Path;

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use qipan::archive::{read_archive, ArchiveLimits};
use qipan::xiangqi::XiangqiRules;

fn files(filter: impl Fn(&str) -> bool) -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/xiangqi-archives");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| filter(&p.file_name().unwrap().to_string_lossy().to_lowercase()))
        .collect();
    paths.sort();
    paths.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

/// Reads and replays every game of `bytes`; the plies played.
fn read_and_replay(bytes: &[u8]) -> usize {
    let limits = ArchiveLimits::default();
    let games = read_archive(bytes, &limits).unwrap();
    let mut plies = 0;
    for (i, game) in games.iter().enumerate() {
        if let Ok(game) = game {
            plies += game.replay(i as u64 + 1, XiangqiRules::default()).plies();
        }
    }
    plies
}

fn archives(c: &mut Criterion) {
    let mut group = c.benchmark_group("xiangqi-archives");
    group.sample_size(10);
    let xqf = files(|name| name.ends_with(".xqf"));
    assert_eq!(xqf.len(), 21);
    group.throughput(Throughput::Elements(xqf.len() as u64));
    group.bench_function("21 XQF files, read + replay (files)", |b| {
        b.iter(|| {
            xqf.iter()
                .map(|f| read_and_replay(black_box(f)))
                .sum::<usize>()
        })
    });
    let cbl = files(|name| name.starts_with("1956") && name.ends_with(".cbl"));
    let games = read_archive(&cbl[0], &ArchiveLimits::default())
        .unwrap()
        .len();
    assert_eq!(games, 93);
    group.throughput(Throughput::Elements(games as u64));
    group.bench_function("CBL library of 93 games, read + replay (games)", |b| {
        b.iter(|| read_and_replay(black_box(&cbl[0])))
    });
    group.throughput(Throughput::Elements(games as u64));
    group.bench_function("CBL library of 93 games, read + game trees (games)", |b| {
        b.iter(|| {
            let games = read_archive(black_box(&cbl[0]), &ArchiveLimits::default()).unwrap();
            let trees = games.iter().enumerate().filter_map(|(i, g)| {
                Some(
                    g.as_ref()
                        .ok()?
                        .to_tree(i as u64 + 1, XiangqiRules::default())
                        .len(),
                )
            });
            trees.sum::<usize>()
        })
    });
    group.throughput(Throughput::Elements(games as u64));
    group.bench_function("CBL library of 93 games, read only (games)", |b| {
        b.iter(|| {
            read_archive(black_box(&cbl[0]), &ArchiveLimits::default())
                .unwrap()
                .len()
        })
    });
    group.finish();
}

criterion_group!(benches, archives);
criterion_main!(benches);
