//! `cargo bench -p qipan-benches --bench polyglot`: Polyglot book lookups per second on
//! `data/polyglot/performance.bin` (1.4 MB): `find_all` for the positions of an opening line, from
//! a book held in memory and from the file read by positioned reads (through the page cache).

#![forbid(unsafe_code)]

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use qipan::chess::polyglot::Book;
use qipan::{Chess, Variant};

const BOOK: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../data/polyglot/performance.bin"
);

/// The positions along a main line of the Ruy Lopez (most of them are in the book).
fn positions() -> Vec<Chess> {
    let mut pos = Chess::start();
    let mut out = vec![pos];
    for uci in [
        "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7",
    ] {
        let mv = pos.parse_uci(uci).expect("a legal move of the line");
        pos.play_unchecked(mv);
        out.push(pos);
    }
    out
}

fn polyglot(c: &mut Criterion) {
    let positions = positions();
    let memory = Book::from_bytes(std::fs::read(BOOK).expect("the book")).expect("a book");
    let file = Book::open(BOOK).expect("the book");
    let mut group = c.benchmark_group("polyglot");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("find_all (memory)", |b| {
        b.iter(|| {
            for pos in &positions {
                black_box(memory.find_all(black_box(pos), 1, &[]).unwrap());
            }
        })
    });
    group.bench_function("find_all (file)", |b| {
        b.iter(|| {
            for pos in &positions {
                black_box(file.find_all(black_box(pos), 1, &[]).unwrap());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, polyglot);
criterion_main!(benches);
