//! `cargo run --release -p qipan-benches --bin replay-one -- READER FILE`: one replay of a record
//! file by one reader, its totals printed — `qipan` (what `qipan validate --jobs 1` does per game)
//! or `peer` (pgn-reader + shakmaty with the same endings, `replay_peer`). For paired timing of
//! whole processes, the runs of each reader alternating:
//!
//! ```sh
//! farm-bench -n 9 -- target/release/replay-one qipan FILE --vs 'target/release/replay-one peer FILE'
//! ```

#![forbid(unsafe_code)]

use qipan_benches::replay_peer::{replay, Repetition};

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(reader), Some(path)) = (args.next(), args.next()) else {
        eprintln!("usage: replay-one qipan|peer FILE");
        std::process::exit(2);
    };
    let path = std::path::PathBuf::from(path);
    let totals = match reader.as_str() {
        "qipan" => qipan_benches::qipan_replay(&path),
        "peer" => {
            let file = std::fs::File::open(&path).expect("the record file");
            replay(
                std::io::BufReader::with_capacity(1 << 16, file),
                Repetition::Window,
            )
        }
        _ => {
            eprintln!("the reader is qipan or peer");
            std::process::exit(2);
        }
    };
    println!("{totals:?}");
}
