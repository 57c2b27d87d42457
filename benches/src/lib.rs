//! Perft of qipan beside shakmaty and cozy-chess, written once for the criterion benches
//! (`benches/perft.rs`) and the one-run ratio table (`src/bin/compare.rs`).

#![forbid(unsafe_code)]

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
