//! `cargo run --release -p qipan-benches --bin replay-one -- READER FILE`: one replay of a record
//! file by one reader, its totals printed — `qipan` (what `qipan validate --jobs 1` does per game)
//! or `peer` (pgn-reader + shakmaty with the same endings, `replay_peer`) — or `verify`: every
//! game's `check_game` against the general replay (`replay_with`), which must agree (the
//! one-pass reader of plain chess games against the reader it stands in for). For paired timing of
//! whole processes, the runs of each reader alternating:
//!
//! ```sh
//! for i in $(seq 9); do
//!     /usr/bin/time -f "qipan %U" target/release/replay-one qipan FILE
//!     /usr/bin/time -f "peer %U" target/release/replay-one peer FILE
//! done
//! ```

#![forbid(unsafe_code)]

use qipan_benches::replay_peer::{replay, Repetition};

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(reader), Some(path)) = (args.next(), args.next()) else {
        eprintln!("usage: replay-one qipan|peer|verify FILE");
        std::process::exit(2);
    };
    let path = std::path::PathBuf::from(path);
    let totals = match reader.as_str() {
        "qipan" => qipan_benches::qipan_replay(&path),
        "verify" => verify(&path),
        "peer" => {
            let file = std::fs::File::open(&path).expect("the record file");
            replay(
                std::io::BufReader::with_capacity(1 << 16, file),
                Repetition::Window,
            )
        }
        _ => {
            eprintln!("the reader is qipan, peer or verify");
            std::process::exit(2);
        }
    };
    println!("{totals:?}");
}

/// Every game of `path` through `check_game` and through `replay_with` under the rules its tags
/// name: the same validity, plies and ending, or a panic naming the game.
fn verify(path: &std::path::Path) -> qipan_benches::replay_peer::Totals {
    use qipan::chess::ChessRules;
    use qipan::pgn::{check_game, replay_with, Limits, Splitter};
    use qipan::{Chess, GameKind};
    let limits = Limits::default();
    let file = std::fs::File::open(path).expect("the record file");
    let mut totals = qipan_benches::replay_peer::Totals::default();
    for raw in Splitter::new(std::io::BufReader::new(file), limits) {
        let raw = raw.expect("readable");
        let check = check_game(&raw, &limits, None);
        let rules = match check.variant {
            Ok(GameKind::Chess) => ChessRules::FIDE,
            Ok(GameKind::Chess960) => ChessRules::CHESS960,
            _ => continue,
        };
        let report = replay_with::<Chess>(&raw, &limits, &rules);
        let ending = report.ending();
        assert_eq!(
            check.errors.is_empty(),
            report.errors.is_empty(),
            "game {}",
            raw.index
        );
        assert_eq!(check.notes, report.notes, "game {}", raw.index);
        assert_eq!(check.plies, report.plies(), "game {}", raw.index);
        if check.errors.is_empty() {
            assert_eq!(check.ending, ending, "game {}", raw.index);
        }
        totals.games += 1;
        totals.plies += check.plies as u64;
        totals.valid += u64::from(check.errors.is_empty());
    }
    totals
}
