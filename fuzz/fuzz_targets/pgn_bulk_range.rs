//! Bulk replay by byte ranges: any bytes as a PGN file, cut at byte-chosen points; the ranges
//! together replay exactly the games of the whole file, once each, in order (the contract of
//! `qipan::pgn::replay_range`), and a whole-file replay on two threads equals the inline one.
#![no_main]

use std::io::Cursor;

use libfuzzer_sys::fuzz_target;
use qipan::pgn::{replay_range, replay_source, BulkOptions, GameSummary, Limits};
use qipan_fuzz::Bytes;

fn options(jobs: usize) -> BulkOptions {
    BulkOptions {
        tags: vec!["Event".into(), "Result".into()],
        jobs,
        limits: Limits::default(),
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let cut_count = bytes.u8() % 8;
    let picks: Vec<u16> = (0..cut_count).map(|_| bytes.u16()).collect();
    let text = bytes.rest().to_vec();
    let size = text.len() as u64;

    let whole: Vec<GameSummary> = replay_source(Cursor::new(text.clone()), options(1))
        .map(|g| g.expect("reading a buffer cannot fail"))
        .collect();
    if picks.first().is_some_and(|p| p & 1 == 1) {
        let parallel: Vec<GameSummary> = replay_source(Cursor::new(text.clone()), options(2))
            .map(|g| g.unwrap())
            .collect();
        assert_eq!(parallel, whole, "two threads");
    }

    let mut cuts: Vec<u64> = picks.iter().map(|&p| u64::from(p) % (size + 1)).collect();
    cuts.push(0);
    cuts.push(size);
    cuts.sort_unstable();
    let mut ranged: Vec<GameSummary> = Vec::new();
    for pair in cuts.windows(2) {
        let base = ranged.len() as u64;
        let games = replay_range(Cursor::new(text.clone()), pair[0], pair[1], options(1))
            .expect("seeking a buffer cannot fail");
        for game in games {
            let mut game = game.unwrap();
            game.index += base;
            if let Some(e) = game.error.as_mut() {
                e.game += base;
            }
            ranged.push(game);
        }
    }
    assert_eq!(ranged, whole, "cuts {cuts:?}");
});
