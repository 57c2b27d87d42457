//! Shared helpers of the qipan fuzz targets: reading the fuzzer's bytes, reaching varied
//! positions by byte-chosen legal moves, and the invariants every position must keep.

#![forbid(unsafe_code)]

mod game;
mod records;

pub use game::play_game;
pub use records::{
    check_archive, check_book, check_checks, check_checks_xiangqi, check_pgn, check_tree,
    pgn_limits,
};

use qipan::chess::{Chess, FenOptions, Move as ChessMove};
use qipan::xiangqi::{ChineseStyle, IccsRanks, Move as XqMove, Square as XqSquare};
use qipan::{MoveError, Variant, Xiangqi};

/// A cursor over the fuzzer's bytes; reads past the end give 0.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data }
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    pub fn u8(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    pub fn u16(&mut self) -> u16 {
        u16::from(self.u8()) | u16::from(self.u8()) << 8
    }

    pub fn u32(&mut self) -> u32 {
        u32::from(self.u16()) | u32::from(self.u16()) << 16
    }

    /// Everything up to the next `\n` (not included), or to the end.
    pub fn line(&mut self) -> &'a [u8] {
        let end = self
            .data
            .iter()
            .position(|&b| b == b'\n')
            .unwrap_or(self.data.len());
        let (line, rest) = self.data.split_at(end);
        self.data = rest.get(1..).unwrap_or_default();
        line
    }

    /// The bytes not read yet.
    pub fn rest(&mut self) -> &'a [u8] {
        std::mem::take(&mut self.data)
    }
}

/// The fuzzer's bytes as text: as they are when they are UTF-8, otherwise lossily decoded.
pub fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// Chess positions the text targets start from (then a few byte-chosen moves are played).
pub const CHESS_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1",
    "k7/2P5/8/8/8/8/5p2/K7 w - - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 3",
    "R3K2R/8/8/8/8/8/8/r3k2r b KQkq - 0 1",
    "1n2k1n1/8/8/8/8/8/8/1N2K1N1 w - - 99 80",
    "8/8/8/8/8/5k2/5p2/5K2 b - - 149 200",
];

/// Chess960 positions (X-FEN castling).
pub const CHESS960_FENS: &[&str] = &[
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    "qrkbnrbn/pppppppp/8/8/8/8/PPPPPPPP/QRKBNRBN w KQkq - 0 1",
];

/// Xiangqi positions the text targets start from.
pub const XIANGQI_FENS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 4 3",
    "3k5/8R/9/9/9/9/9/9/R8/4K4 w - - 0 1",
    "4k4/9/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1",
    "3k5/9/9/2P1P4/2P1P1P2/9/9/9/9/4K4 w - - 0 1",
    "2bak4/4a4/4b4/R1C1C1R2/9/9/9/9/4A4/3AK4 w - - 0 1",
    "3akab2/9/4b4/2H1H4/9/3p5/9/9/9/3K5 b - - 0 1",
    "4k4/4a4/4ba3/9/2c6/9/9/4B4/4A4/2C1KAB2 w - - 119 90",
];

/// A position from `list` chosen by a byte, then up to 15 byte-chosen legal moves played.
pub fn reach<V: Variant>(list: &[&str], load: impl Fn(&str) -> V, bytes: &mut Bytes) -> V {
    let mut pos = load(list[usize::from(bytes.u8()) % list.len()]);
    for _ in 0..bytes.u8() % 16 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(bytes.u8()) % moves.len()];
        pos.play_unchecked(mv);
    }
    pos
}

/// A chess position for a text target: a standard or Chess960 start, then some moves.
pub fn reach_chess(bytes: &mut Bytes) -> Chess {
    if bytes.u8() & 1 == 0 {
        reach(CHESS_FENS, |f| Chess::from_fen_relaxed(f).unwrap(), bytes)
    } else {
        reach(CHESS960_FENS, |f| Chess::from_fen_960(f).unwrap(), bytes)
    }
}

/// A Xiangqi position for a text target.
pub fn reach_xiangqi(bytes: &mut Bytes) -> Xiangqi {
    reach(XIANGQI_FENS, |f| Xiangqi::from_fen(f).unwrap(), bytes)
}

/// Error messages must be writable (and say something).
pub fn check_error(e: &MoveError) {
    assert!(!e.to_string().is_empty());
    if let MoveError::Ambiguous { candidates, .. } = e {
        assert!(candidates.len() >= 2, "ambiguous with {candidates:?}");
    }
}

/// SAN round trip of a legal move.
pub fn check_chess_move(pos: &Chess, mv: ChessMove) {
    let san = pos.san(mv);
    assert_eq!(pos.parse_san(&san), Ok(mv), "{pos:?}: SAN {san}");
    assert_eq!(
        pos.parse_any(&san),
        Ok(mv),
        "{pos:?}: SAN {san} by parse_any"
    );
}

/// The chess position invariants: legal moves agree with `is_legal` and the counter, the key is
/// the recomputed one, the FEN reads back to the same position (with `options`); and every move
/// round-trips through UCI (and SAN with `all_notation`).
pub fn check_chess(pos: &Chess, options: FenOptions, all_notation: bool) {
    assert_eq!(
        pos.zobrist(),
        pos.zobrist_recomputed(),
        "zobrist of {pos:?}"
    );
    let moves = pos.legal_moves();
    assert_eq!(pos.count_legal_moves(), moves.len(), "count of {pos:?}");
    assert_eq!(pos.has_legal_moves(), !moves.is_empty());
    let fen = pos.to_fen();
    let back = Chess::from_fen_with(&fen, options)
        .unwrap_or_else(|e| panic!("{fen} does not read back ({options:?}): {e}"));
    assert_eq!(back.to_fen(), fen, "FEN round trip");
    assert_eq!(back.repetition_key(), pos.repetition_key(), "{fen}");
    assert_eq!(back.legal_moves().len(), moves.len(), "{fen}");
    for (i, &mv) in moves.iter().enumerate() {
        assert!(pos.is_legal(mv), "{fen}: generated {mv:?} is not legal");
        assert!(!moves[..i].contains(&mv), "{fen}: {mv:?} twice");
        let uci = pos.uci(mv);
        assert_eq!(pos.parse_uci(&uci), Ok(mv), "{fen}: UCI {uci}");
        if all_notation {
            check_chess_move(pos, mv);
        }
    }
    if moves.is_empty() {
        assert!(
            pos.position_outcome().is_some(),
            "{fen}: no moves, no outcome"
        );
    }
    let _ = (pos.diagram(), pos.is_insufficient_material());
}

/// WXF and Chinese (both styles) round trips of a legal move.
pub fn check_xiangqi_move(pos: &Xiangqi, mv: XqMove) {
    let wxf = pos.wxf(mv);
    assert_eq!(pos.parse_wxf(&wxf), Ok(mv), "{pos:?}: WXF {wxf}");
    assert_eq!(
        pos.parse_any(&wxf),
        Ok(mv),
        "{pos:?}: WXF {wxf} by parse_any"
    );
    for style in [ChineseStyle::Simplified, ChineseStyle::Traditional] {
        let zh = pos.chinese_with(mv, style);
        assert_eq!(pos.parse_chinese(&zh), Ok(mv), "{pos:?}: Chinese {zh}");
        assert_eq!(
            pos.parse_any(&zh),
            Ok(mv),
            "{pos:?}: Chinese {zh} by parse_any"
        );
    }
}

/// The Xiangqi position invariants (as [`check_chess`]), with ICCS (both rank forms) round trips
/// of every legal move (and WXF and Chinese with `all_notation`).
pub fn check_xiangqi(pos: &Xiangqi, all_notation: bool) {
    assert_eq!(
        pos.zobrist(),
        pos.zobrist_recomputed(),
        "zobrist of {pos:?}"
    );
    let moves = pos.legal_moves();
    assert_eq!(pos.count_legal_moves(), moves.len(), "count of {pos:?}");
    let fen = pos.fen();
    let back = Xiangqi::from_fen(&fen).unwrap_or_else(|e| panic!("{fen} does not read back: {e}"));
    assert_eq!(&back, pos, "FEN round trip");
    assert_eq!(back.fen(), fen);
    assert_eq!(back.zobrist(), pos.zobrist());
    for (i, &mv) in moves.iter().enumerate() {
        assert!(pos.is_legal(mv), "{fen}: generated {mv} is not legal");
        assert!(!moves[..i].contains(&mv), "{fen}: {mv} twice");
        for ranks in [IccsRanks::ZeroBased, IccsRanks::OneBased] {
            let iccs = Xiangqi::iccs_with(mv, ranks);
            assert_eq!(pos.parse_iccs_with(&iccs, ranks), Ok(mv), "{fen}: {iccs}");
        }
        if all_notation {
            check_xiangqi_move(pos, mv);
        }
    }
    if moves.is_empty() {
        assert!(
            pos.position_outcome().is_some(),
            "{fen}: no moves, no outcome"
        );
    }
    let _ = pos.diagram();
}

/// Every child of `pos` keeps its key in step with a recomputed one.
pub fn check_children<V: Variant>(pos: &V, recompute: impl Fn(&V) -> u64) {
    for mv in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        assert_eq!(
            child.zobrist(),
            recompute(&child),
            "{} after {mv}",
            pos.fen()
        );
        let _ = child.fen();
    }
}

/// A raw move value (any 16 bits), legal or not.
pub fn raw_chess(raw: u16) -> ChessMove {
    ChessMove::from_u16(raw)
}

/// A raw move value for Xiangqi (any two points), legal or not.
pub fn raw_xiangqi(from: u8, to: u8) -> XqMove {
    let square = |b: u8| XqSquare::from_index(usize::from(b % 90)).expect("an index below 90");
    XqMove::new(square(from), square(to))
}
