//! Perft of qipan beside shakmaty and cozy-chess, written once for the criterion benches
//! (`benches/perft.rs`) and the one-run ratio table (`src/bin/compare.rs`); the record files
//! and the pgn-reader + shakmaty replay that `compare` measures `qipan validate` against.

#![forbid(unsafe_code)]

pub mod records;
pub mod replay_peer;

/// The chess positions every library is measured on: (name, FEN, depth).
pub const CHESS_CASES: [(&str, &str, u32); 2] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
    ),
];

/// qipan's chess perft from a FEN.
pub fn qipan_chess(fen: &str, depth: u32) -> u64 {
    qipan::perft(&qipan::Chess::from_fen(fen).expect("valid FEN"), depth)
}

/// qipan's Xiangqi perft from a FEN.
pub fn qipan_xiangqi(fen: &str, depth: u32) -> u64 {
    qipan::perft(
        &qipan::xiangqi::Xiangqi::from_fen(fen).expect("valid FEN"),
        depth,
    )
}

/// What qipan's replay found, to compare with the peer's ([`replay_peer::Totals`]).
pub fn qipan_replay(path: &std::path::Path) -> replay_peer::Totals {
    use qipan::pgn::{check_game, Limits, Splitter};
    let limits = Limits::default();
    let file = std::fs::File::open(path).expect("the record file");
    let reader = std::io::BufReader::with_capacity(1 << 16, file);
    let mut totals = replay_peer::Totals::default();
    for raw in Splitter::new(reader, limits) {
        let check = check_game(&raw.expect("readable"), &limits, None);
        totals.games += 1;
        totals.plies += check.plies as u64;
        totals.valid += u64::from(check.errors.is_empty());
        match check.ending.name() {
            Some("checkmate") => totals.checkmates += 1,
            Some("none") | None => {}
            Some(_) => totals.draws += 1,
        }
    }
    totals
}
