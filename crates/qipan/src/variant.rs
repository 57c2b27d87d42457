//! The seam between the games: [`Variant`].
//!
//! Everything that does not depend on the game — perft, [`Game`](crate::Game) with its history,
//! claims and adjudications, the bindings' shared code — is written once against this trait. A
//! variant's position is a small value that is copied to make a move (copy-make), so `Clone` must
//! be cheap.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::ops::Deref;

use crate::{Color, Game, MoveError, Outcome, Termination};

/// The rules of one game, implemented by its position type.
pub trait Variant: Clone + Eq + Hash + Debug + Send + Sync + Sized + 'static {
    /// A move. `Display` writes coordinate notation (UCI for chess, ICCS for Xiangqi).
    type Move: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static;
    /// The legal moves of a position, without heap allocation.
    type MoveList: Deref<Target = [Self::Move]> + IntoIterator<Item = Self::Move> + Default + Debug;
    /// The error of this variant's FEN parser.
    type FenError: std::error::Error + Clone + PartialEq + Send + Sync + 'static;
    /// Settings of the game's rules that a [`Game`] carries (repetition rule set, move limit...).
    type Rules: Clone + Debug + Default + PartialEq + Eq + Send + Sync + 'static;

    /// The variant's name: `"chess"`, `"xiangqi"`.
    const NAME: &'static str;

    /// The start position.
    fn start() -> Self;
    /// Reads and validates a FEN: a position that cannot arise in a game is an error.
    fn from_fen(fen: &str) -> Result<Self, Self::FenError>;
    /// Writes the position as FEN.
    fn fen(&self) -> String;
    /// The side to move.
    fn turn(&self) -> Color;
    /// The name of a side in this game (`"white"`, or `"red"` in Xiangqi).
    fn color_name(color: Color) -> &'static str {
        color.name()
    }

    /// Every legal move.
    fn legal_moves(&self) -> Self::MoveList;
    /// The number of legal moves, counted without playing them where the variant can.
    fn count_legal_moves(&self) -> usize {
        self.legal_moves().len()
    }
    /// Whether `mv` is legal here. Must agree with [`Variant::legal_moves`] for every value of
    /// `Self::Move`, including nonsense ones.
    fn is_legal(&self, mv: Self::Move) -> bool;
    /// Plays a move that [`Variant::is_legal`] accepts. Any other move leaves an unspecified (but
    /// memory-safe) position.
    fn play_unchecked(&mut self, mv: Self::Move);
    /// Whether the side to move is in check.
    fn is_check(&self) -> bool;

    /// Parses a move in coordinate notation (UCI / ICCS) and checks that it is legal.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;
    /// Parses a move in any notation the variant reads (coordinates, SAN; ICCS, WXF, Chinese).
    fn parse_any(&self, text: &str) -> Result<Self::Move, MoveError> {
        self.parse_move(text)
    }
    /// Writes a move in coordinate notation as this position writes it (Chess960 castling, for one,
    /// depends on the position's mode). Defaults to `Display`.
    fn coord(&self, mv: Self::Move) -> String {
        mv.to_string()
    }
    /// Writes a move in the variant's usual human notation (SAN for chess, WXF for Xiangqi).
    fn notation(&self, mv: Self::Move) -> String {
        self.coord(mv)
    }

    /// The zobrist key of the position.
    fn zobrist(&self) -> u64;
    /// The key under which positions count as repeated. Defaults to [`Variant::zobrist`].
    fn repetition_key(&self) -> u64 {
        self.zobrist()
    }
    /// Plies since the last capture (and pawn move in chess). A [`Game`] looks for repetitions only
    /// this far back.
    fn halfmove_clock(&self) -> u32;

    /// What the position alone decides (checkmate, stalemate, insufficient material...).
    fn position_outcome(&self) -> Option<Outcome>;
    /// What the history decides automatically (repetition, move limits).
    fn history_outcome(game: &Game<Self>) -> Option<Outcome>;
    /// Draws the side to move may claim now (chess: threefold repetition, fifty moves).
    fn claimable(game: &Game<Self>) -> Vec<Termination> {
        let _ = game;
        Vec::new()
    }
    /// Whether `color` could checkmate (or otherwise win) by some legal sequence of moves; used to
    /// adjudicate a time forfeit: a flag loses only when the opponent could still win.
    fn has_mating_material(&self, color: Color) -> bool {
        let _ = color;
        true
    }
    /// Whether `color` is proven unable to checkmate (or otherwise win) by any sequence of legal
    /// moves: the flag exception (FIDE 6.9). `false` means "not proven" (the flag then loses).
    /// Defaults to the material test, `!has_mating_material`.
    fn cannot_win(&self, color: Color) -> bool {
        !self.has_mating_material(color)
    }
    /// Whether `color` can still win by some sequence of legal moves: `Some(true)` (a winning line
    /// exists), `Some(false)` (proven impossible) or `None` (undetermined). Defaults to the
    /// material test, which only ever proves "cannot".
    fn winnable(&self, color: Color) -> Option<bool> {
        if self.has_mating_material(color) {
            None
        } else {
            Some(false)
        }
    }
    /// A Unicode diagram of the position.
    fn diagram(&self) -> String {
        self.fen()
    }
    /// An SVG picture of the position (for Jupyter, the web page, the CLI). Defaults to the
    /// Unicode diagram set in a monospaced SVG text block.
    fn svg(&self) -> String {
        crate::render::text_svg(&self.diagram())
    }
}
