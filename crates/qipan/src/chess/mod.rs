//! Chess by the FIDE Laws (articles 3 and 5): bitboard position, strictly legal move generation,
//! FEN, UCI, SAN, Polyglot zobrist keys, and the [`Variant`] implementation.
//!
//! ```
//! use qipan::chess::{Chess, Square};
//! use qipan::{perft, Variant};
//! let mut pos = Chess::start();
//! assert_eq!(pos.legal_moves().len(), 20);
//! let mv = pos.parse_san("Nf3").unwrap();
//! assert_eq!(pos.uci(mv), "g1f3");
//! pos.play_unchecked(mv);
//! assert!(pos.piece_at(Square::F3).is_some());
//! assert_eq!(perft(&Chess::start(), 2), 400);
//! let kiwipete: Chess = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse().unwrap();
//! assert_eq!(kiwipete.count_legal_moves(), 48);
//! assert_eq!(kiwipete.to_string(), kiwipete.fen());
//! ```

pub mod attacks;
mod bitboard;
mod chess960;
mod epd;
mod fen;
mod inspect;
mod move_sink;
mod movegen;
mod moves;
mod piece;
mod position;
mod position_problems;
mod promoted;
mod pseudo;
mod role;
mod rules;
mod san;
mod setup;
mod setup_fen;
mod square;
mod svg;
pub mod syzygy;
mod text_board;
mod uci;
mod unwinnable;
mod validate;
mod zobrist;

pub mod polyglot;

pub use bitboard::Bitboard;
pub use epd::{check_epd_opcode, epd_fen, python_float, split_epd, EpdError, EpdOperand};
pub use fen::{FenError, FenOptions};
pub use move_sink::MoveList;
pub use moves::{CastlingSide, Move, MoveKind};
pub use piece::Piece;
pub use position::Chess;
pub use promoted::mark_promoted;
pub use pseudo::EnPassantCaptures;
pub use role::Role;
pub use rules::{CastlingMode, ChessRules};
pub use setup::{Setup, SetupError, StatusFlags};
pub use setup_fen::UnplayableSetup;
pub use text_board::{EnPassantField, TextBoardOptions};

/// The FEN of the standard start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
pub use square::{ParseSquareError, Square};
pub use unwinnable::{Analysis, Effort, ProofKind, Verdict, QUICK_NODES};
pub use validate::{PositionError, PositionProblems};

use crate::notation::{Notation, NotationError};
use crate::{
    Color, GameKind, History, HistoryRules, MoveError, Notate, Outcome, Termination, Variant,
    Winnability,
};

impl Chess {
    /// The position as FEN (same as [`Chess::to_fen`]).
    pub fn fen(&self) -> String {
        self.to_fen()
    }

    /// The Polyglot zobrist key, kept up to date incrementally.
    #[inline]
    pub fn zobrist(&self) -> u64 {
        self.zobrist
    }

    /// The key under which positions count as repeated: the zobrist key, with the en passant
    /// square counted only when an en passant capture is legal (as python-chess compares
    /// positions for repetition).
    pub fn repetition_key(&self) -> u64 {
        match self.ep {
            Some(ep) if self.legal_ep_square().is_none() => self.zobrist ^ zobrist::ep_key(ep),
            _ => self.zobrist,
        }
    }

    /// A Unicode diagram: 8 ranks (rank 8 first) with rank numbers, then the file letters.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            out.push(char::from(b'1' + rank as u8));
            for file in 0..8 {
                out.push(' ');
                out.push(
                    self.piece_at(Square::new(rank * 8 + file))
                        .map_or('·', Piece::unicode),
                );
            }
            out.push('\n');
        }
        out.push_str("  a b c d e f g h\n");
        out
    }
}

impl std::str::FromStr for Chess {
    type Err = FenError;
    /// Reads a FEN with strict validation (standard chess).
    fn from_str(fen: &str) -> Result<Chess, FenError> {
        Chess::from_fen_strict(fen)
    }
}

impl std::fmt::Display for Chess {
    /// Writes the FEN.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_fen())
    }
}

impl Variant for Chess {
    type Move = Move;
    type MoveList = MoveList;
    type FenError = FenError;
    type Rules = ChessRules;

    const NAME: &'static str = "chess";

    fn start() -> Chess {
        Chess::new()
    }

    fn from_fen(fen: &str) -> Result<Chess, FenError> {
        Chess::from_fen_strict(fen)
    }

    fn kind(rules: &ChessRules) -> GameKind {
        if rules.is_chess960() {
            GameKind::Chess960
        } else {
            GameKind::Chess
        }
    }

    fn start_with(rules: &ChessRules) -> Chess {
        let mut start = Chess::new();
        start.chess960 = rules.is_chess960();
        start
    }

    fn from_fen_for(fen: &str, rules: &ChessRules) -> Result<Chess, FenError> {
        Chess::from_fen_with(
            fen,
            FenOptions {
                relaxed: false,
                chess960: rules.is_chess960(),
            },
        )
    }

    fn from_fen_relaxed_for(fen: &str, rules: &ChessRules) -> Result<Chess, FenError> {
        Chess::from_fen_with(
            fen,
            FenOptions {
                relaxed: true,
                chess960: rules.is_chess960(),
            },
        )
    }

    fn rules_of(&self) -> ChessRules {
        if self.chess960 {
            ChessRules::CHESS960
        } else {
            ChessRules::FIDE
        }
    }

    fn set_mode(&mut self, rules: &ChessRules) {
        self.chess960 = rules.is_chess960();
    }

    fn fen(&self) -> String {
        self.to_fen()
    }

    fn turn(&self) -> Color {
        self.turn
    }

    // Inlined so the 2 KiB list is written in place, not copied out of a wrapper.
    #[inline]
    fn legal_moves(&self) -> MoveList {
        Chess::legal_moves(self)
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        Chess::count_legal_moves(self)
    }

    #[inline]
    fn is_legal(&self, mv: Move) -> bool {
        Chess::is_legal(self, mv)
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        Chess::play_unchecked(self, mv);
    }

    fn is_check(&self) -> bool {
        Chess::is_check(self)
    }

    fn null_move() -> Move {
        Move::null()
    }

    fn play_null(&mut self) {
        Chess::play_null(self);
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_uci(text)
    }

    /// A null move (`--`, `Z0`, `0000`, `@@@@`), else UCI, then SAN.
    fn parse_any(&self, text: &str) -> Result<Move, MoveError> {
        if let Some(null) = self.parse_null(text) {
            return null;
        }
        // Text that cannot be UCI goes straight to SAN: UCI would refuse it with an error
        // (two allocations) that is thrown away.
        let b = text.as_bytes();
        let could_be_uci = (b.len() == 4 || b.len() == 5)
            && square::Square::from_ascii(&b[..2]).is_some()
            && square::Square::from_ascii(&b[2..4]).is_some();
        if !could_be_uci {
            return self.parse_san(text);
        }
        match self.parse_uci(text) {
            Err(MoveError::Invalid { .. }) => self.parse_san(text),
            result => result,
        }
    }

    fn zobrist(&self) -> u64 {
        self.zobrist
    }

    fn repetition_key(&self) -> u64 {
        Chess::repetition_key(self)
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmoves
    }

    fn fullmove_number(&self) -> u32 {
        self.fullmoves
    }

    fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Checkmate (the side that moved wins), then insufficient material, then stalemate — the
    /// order of python-chess's `outcome()` — then a dead position proven by the quick check
    /// (see [`Chess::is_dead_position`]).
    fn position_outcome(&self) -> Option<Outcome> {
        let legal_moves = self.count_legal_moves();
        if legal_moves == 0 && self.is_check() {
            return Some(Outcome::win(Termination::Checkmate, !self.turn));
        }
        if self.is_insufficient_material() {
            return Some(Outcome::draw(Termination::InsufficientMaterial));
        }
        if legal_moves == 0 {
            return Some(Outcome::draw(Termination::Stalemate));
        }
        if self.is_dead_position_quick(legal_moves) {
            return Some(Outcome::draw(Termination::DeadPosition));
        }
        None
    }
}

impl Notate for Chess {
    fn coord(&self, mv: Move) -> String {
        self.uci(mv)
    }

    fn notation(&self, mv: Move) -> String {
        self.san(mv)
    }

    const NOTATIONS: &'static [Notation] = &[Notation::San, Notation::Lan, Notation::Uci];

    fn write_move(&self, mv: Move, notation: Notation) -> Result<String, NotationError> {
        match notation {
            Notation::San => Ok(self.san(mv)),
            Notation::Lan if mv.is_null() => Ok("--".to_owned()),
            Notation::Lan => Ok(self.lan(mv)),
            Notation::Uci => Ok(self.uci(mv)),
            other => Err(NotationError::NotForGame {
                game: "chess",
                notation: other,
                expected: "san, lan, uci",
            }),
        }
    }

    fn svg(&self) -> String {
        svg::chess_svg(self)
    }

    fn diagram(&self) -> String {
        Chess::diagram(self)
    }
}

impl HistoryRules for Chess {
    /// The seventy-five-move rule (halfmove clock at least 150), then fivefold repetition.
    fn history_outcome(history: History<'_, Chess>) -> Option<Outcome> {
        let pos = history.position();
        if pos.is_seventyfive_moves() {
            return Some(Outcome::draw(Termination::SeventyfiveMoves));
        }
        if history.repetitions() >= 5 {
            return Some(Outcome::draw(Termination::FivefoldRepetition));
        }
        None
    }

    /// The fifty-move rule, then threefold repetition (now, or after a legal move).
    fn claimable(history: History<'_, Chess>) -> Vec<Termination> {
        let pos = history.position();
        let mut claims = Vec::new();
        if pos.can_claim_fifty_moves() {
            claims.push(Termination::FiftyMoves);
        }
        if history.repetitions() >= 3
            || pos
                .legal_moves()
                .into_iter()
                .any(|mv| history.repetitions_after(mv) >= 3)
        {
            claims.push(Termination::ThreefoldRepetition);
        }
        claims
    }
}

impl Winnability for Chess {
    fn has_insufficient_material(&self, color: Color) -> bool {
        Chess::has_insufficient_material(self, color)
    }

    fn is_insufficient_material(&self) -> bool {
        Chess::is_insufficient_material(self)
    }

    /// [`Chess::can_win_within`] with the full effort ([`Chess::can_win`]'s): the verdict and
    /// its proof's kind.
    fn winnability_with_proof(
        &self,
        color: Color,
    ) -> (crate::Verdict<Move>, Option<crate::ProofKind>) {
        let analysis = self.can_win_within(color, Effort::FULL);
        (analysis.verdict, analysis.proof)
    }

    fn is_dead_position(&self) -> bool {
        Chess::is_dead_position(self)
    }
}
