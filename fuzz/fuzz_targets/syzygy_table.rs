//! Syzygy tables: any bytes as one table file (the first byte picks the material and WDL or DTZ;
//! the other tables are the real ones of `data/syzygy`), then probes of a few positions of that
//! material. Every probe gives a value or a typed error: no panic, no out-of-bounds read, no hang.
//! The seeds (fuzz/seeds/syzygy_table) are the real files, written by `fuzz/seed_syzygy.sh`.
#![no_main]

use std::sync::{Arc, OnceLock};

use libfuzzer_sys::fuzz_target;
use qipan::chess::syzygy::Tablebase;
use qipan::Chess;

macro_rules! tables {
    ($($name:literal),*) => {
        [$(($name, include_bytes!(concat!("../../data/syzygy/", $name)) as &[u8])),*]
    };
}

const FILES: [(&str, &[u8]); 14] = tables!(
    "KQvK.rtbw",
    "KQvK.rtbz",
    "KRvK.rtbw",
    "KRvK.rtbz",
    "KPvK.rtbw",
    "KPvK.rtbz",
    "KRRvK.rtbw",
    "KRRvK.rtbz",
    "KRvKB.rtbw",
    "KRvKB.rtbz",
    "KBvK.rtbw",
    "KBvK.rtbz",
    "KNvKN.rtbw",
    "KNvKN.rtbz"
);

/// The materials fuzzed, with positions of each (captures, checks, both sides to move).
const CASES: [(&str, [&str; 4]); 5] = [
    (
        "KRRvK",
        [
            "8/8/8/8/8/5k2/8/KRR5 w - - 0 1",
            "8/8/8/8/8/5k2/8/KRR5 b - - 0 1",
            "8/8/8/8/8/8/2k5/KRR5 b - - 0 1",
            "7k/8/8/8/3R4/8/R7/K7 w - - 0 1",
        ],
    ),
    (
        "KPvK",
        [
            "8/8/8/8/8/5k2/P7/K7 w - - 0 1",
            "8/8/8/8/8/5k2/P7/K7 b - - 0 1",
            "8/2k5/8/4P3/8/8/8/K7 w - - 0 1",
            "8/4P3/8/8/8/5k2/8/K7 b - - 0 1",
        ],
    ),
    (
        "KRvKB",
        [
            "8/8/8/8/8/5k2/3b4/KR6 w - - 0 1",
            "8/8/8/8/8/5k2/3b4/KR6 b - - 0 1",
            "8/8/8/3b4/8/5k2/8/KR6 b - - 0 1",
            "1R6/8/8/8/8/5k2/3b4/K7 w - - 0 1",
        ],
    ),
    (
        "KQvK",
        [
            "8/8/8/8/8/5k2/8/KQ6 w - - 0 1",
            "8/8/8/8/8/5k2/8/KQ6 b - - 0 1",
            "k7/8/K7/8/8/8/8/1Q6 w - - 0 1",
            "7k/8/8/8/8/8/8/KQ6 b - - 0 1",
        ],
    ),
    (
        "KNvKN",
        [
            "8/8/8/8/8/5k2/3n4/KN6 w - - 0 1",
            "8/8/8/8/8/5k2/3n4/KN6 b - - 0 1",
            "8/8/8/8/3n4/5k2/8/KN6 w - - 0 1",
            "n7/8/8/8/8/5k2/8/KN6 b - - 0 1",
        ],
    ),
];

fn files() -> &'static Vec<(&'static str, Arc<[u8]>)> {
    static FILES_ARC: OnceLock<Vec<(&'static str, Arc<[u8]>)>> = OnceLock::new();
    FILES_ARC.get_or_init(|| FILES.iter().map(|(n, b)| (*n, Arc::from(*b))).collect())
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, table)) = data.split_first() else {
        return;
    };
    let (name, fens) = CASES[usize::from(pick >> 1) % CASES.len()];
    let file = format!("{name}.{}", if pick & 1 == 0 { "rtbw" } else { "rtbz" });
    let tables = Tablebase::new();
    for (n, bytes) in files() {
        tables.add_bytes(n, bytes.clone()).unwrap();
    }
    tables.add_bytes(&file, table.to_vec()).unwrap();
    for fen in fens {
        let pos: Chess = fen.parse().unwrap();
        let _ = tables.probe_wdl(&pos);
        let _ = tables.probe_dtz(&pos);
    }
});
