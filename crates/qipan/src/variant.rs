//! The seam between the games: [`Variant`].
//!
//! Everything that does not depend on the game — perft, [`Game`](crate::Game) with its history,
//! claims and adjudications, the bindings' shared code — is written once against this trait. A
//! variant's position is a small value that is copied to make a move (copy-make), so `Clone` must
//! be cheap.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::ops::Deref;
use std::str::FromStr;

use crate::notation::{Notation, NotationError};
use crate::{Color, GameKind, MoveError, Outcome, ProofKind, Termination, UnknownRules, Verdict};

/// The rules a [`Game`](crate::Game) carries: a value with one canonical name per rule set, read
/// with `FromStr` and written with `Display` — the names every front end takes (`--rules`,
/// `rules=`, `{rules}`).
pub trait GameRules:
    Clone
    + Debug
    + Default
    + PartialEq
    + Eq
    + Send
    + Sync
    + FromStr<Err = UnknownRules>
    + Display
    + 'static
{
    /// The canonical names, the default first.
    const NAMES: &'static [&'static str];
}

/// The ways records write a null move (a pass): `--` (python-chess and most programs), `Z0`
/// (ChessBase), `0000` (UCI and ICCS) and `@@@@` (some engines) — the four python-chess reads.
pub const NULL_MOVE_TEXTS: [&str; 4] = ["--", "Z0", "0000", "@@@@"];

/// Whether `text` is one of [`NULL_MOVE_TEXTS`].
#[inline]
pub fn is_null_move_text(text: &str) -> bool {
    // By length, then bytes: every move word of a record asks (the list is the reference).
    matches!(text.as_bytes(), b"--" | b"Z0" | b"0000" | b"@@@@")
}

/// The rules of one position of a game, implemented by its position type: its start, its FEN,
/// its legal moves and how they are read, check, mate, the keys and clocks a game's history
/// counts, and what the position alone decides.
///
/// A game's rules are four traits a reader can take one at a time. `Variant` requires the
/// other three, so generic code bound by `V: Variant` has them all:
/// - [`Notate`]: how the game writes its moves and draws its positions;
/// - [`HistoryRules`]: how a game's history ends it, or lets a player claim a draw;
/// - [`Winnability`]: whether a side can still win, three questions from the cheapest to the
///   dearest.
///
/// Code that calls their methods on a concrete position (`Xiangqi::start().svg()`) imports the
/// trait; `use qipan::prelude::*` brings all four.
pub trait Variant:
    Clone + Eq + Hash + Debug + Send + Sync + Sized + 'static + Notate + HistoryRules + Winnability
{
    /// A move. `Display` writes coordinate notation (UCI for chess, ICCS for Xiangqi).
    type Move: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static;
    /// The legal moves of a position, without heap allocation.
    type MoveList: Deref<Target = [Self::Move]> + IntoIterator<Item = Self::Move> + Default + Debug;
    /// The error of this variant's FEN parser.
    type FenError: std::error::Error + Clone + PartialEq + Send + Sync + 'static;
    /// The rules a [`Game`](crate::Game) carries (Chess960 castling; the Xiangqi repetition rule
    /// set, move limit...).
    type Rules: GameRules;

    /// The variant's name: `"chess"`, `"xiangqi"`.
    const NAME: &'static str;

    /// The start position.
    fn start() -> Self;
    /// Reads and validates a FEN: a position that cannot arise in a game is an error.
    fn from_fen(fen: &str) -> Result<Self, Self::FenError>;

    /// The game these rules make ([`GameKind::Chess960`] for chess under Chess960 rules).
    fn kind(rules: &Self::Rules) -> GameKind;
    /// The start position of a game under `rules` (Chess960: the standard array, no. 518).
    fn start_with(rules: &Self::Rules) -> Self {
        let _ = rules;
        Self::start()
    }
    /// Reads and validates a FEN as a game under `rules` reads it (Chess960 castling rights).
    fn from_fen_for(fen: &str, rules: &Self::Rules) -> Result<Self, Self::FenError> {
        let _ = rules;
        Self::from_fen(fen)
    }
    /// Reads a FEN like [`Variant::from_fen_for`], but also accepts positions that cannot arise
    /// in a game yet can be played from (chess: impossible checks, too much material).
    fn from_fen_relaxed_for(fen: &str, rules: &Self::Rules) -> Result<Self, Self::FenError> {
        Self::from_fen_for(fen, rules)
    }
    /// The rules this position's own mode implies (Chess960 for a position read as Chess960).
    fn rules_of(&self) -> Self::Rules {
        Self::Rules::default()
    }
    /// Puts the position in the mode of `rules` (how chess castling is read and written).
    fn set_mode(&mut self, rules: &Self::Rules) {
        let _ = rules;
    }
    /// Writes the position as FEN.
    fn fen(&self) -> String;
    /// The side to move.
    fn turn(&self) -> Color;

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
    /// Whether the side to move is in check and has no legal move.
    fn is_checkmate(&self) -> bool {
        self.is_check() && self.count_legal_moves() == 0
    }
    /// Whether the side to move is not in check and has no legal move.
    fn is_stalemate(&self) -> bool {
        !self.is_check() && self.count_legal_moves() == 0
    }

    /// The null move: a value of `Self::Move` that moves no piece (written `0000` in coordinate
    /// notation, `--` in PGN). Playing it passes the turn ([`Variant::play_null`]). It is never in
    /// [`Variant::legal_moves`] and [`Variant::is_legal`] refuses it, so move generation and perft
    /// never see it; [`Game::push`](crate::Game::push) plays it when the side to move is not in
    /// check.
    fn null_move() -> Self::Move;
    /// Whether `mv` is [`Variant::null_move`].
    fn is_null(mv: Self::Move) -> bool {
        mv == Self::null_move()
    }
    /// Passes the turn, as python-chess pushes `Move.null()`: the other side is to move, the en
    /// passant square is cleared, the halfmove clock counts one more ply and the move number
    /// advances after the second player's pass; the zobrist key follows.
    fn play_null(&mut self);
    /// Plays `mv` whether it is the null move or a move [`Variant::is_legal`] accepts.
    fn play_or_pass(&mut self, mv: Self::Move) {
        if Self::is_null(mv) {
            self.play_null();
        } else {
            self.play_unchecked(mv);
        }
    }
    /// Reads `text` as a null move if it is one of [`NULL_MOVE_TEXTS`]: `None` when it is not,
    /// the null move when the side to move may pass, and [`MoveError::Illegal`] in check (passing
    /// would leave the king in check).
    fn parse_null(&self, text: &str) -> Option<Result<Self::Move, MoveError>> {
        if !is_null_move_text(text) {
            return None;
        }
        Some(if self.is_check() {
            Err(MoveError::illegal(text, self.fen()))
        } else {
            Ok(Self::null_move())
        })
    }

    /// Parses a move in coordinate notation (UCI / ICCS) and checks that it is legal.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;
    /// Parses a move in any notation the variant reads (coordinates, SAN; ICCS, WXF, Chinese).
    fn parse_any(&self, text: &str) -> Result<Self::Move, MoveError> {
        self.parse_move(text)
    }

    /// The zobrist key of the position.
    fn zobrist(&self) -> u64;
    /// The key under which positions count as repeated. Defaults to [`Variant::zobrist`].
    fn repetition_key(&self) -> u64 {
        self.zobrist()
    }
    /// Plies since the last capture (and pawn move in chess). A [`Game`](crate::Game) looks for
    /// repetitions only this far back.
    fn halfmove_clock(&self) -> u32;
    /// The move number: 1 at the start, incremented after Black's move.
    fn fullmove_number(&self) -> u32;

    /// What the position alone decides (checkmate, stalemate, insufficient material...).
    fn position_outcome(&self) -> Option<Outcome>;
}

/// The move type of a game ([`Variant::Move`]), for the signatures of its other traits.
type MoveOf<V> = <V as Variant>::Move;

/// How a game writes its moves and draws its positions (its part of [`Variant`]).
pub trait Notate {
    /// The notations the game writes, its usual one ([`Notate::notation`]) first.
    const NOTATIONS: &'static [Notation];

    /// The name of a side in this game (`"white"`, or `"red"` in Xiangqi).
    fn color_name(color: Color) -> &'static str {
        color.name()
    }
    /// Writes a move in coordinate notation as this position writes it (Chess960 castling, for
    /// one, depends on the position's mode). Defaults to `Display`.
    fn coord(&self, mv: MoveOf<Self>) -> String
    where
        Self: Variant,
    {
        mv.to_string()
    }
    /// Writes a move in the game's usual human notation (SAN for chess, WXF for Xiangqi).
    fn notation(&self, mv: MoveOf<Self>) -> String
    where
        Self: Variant,
    {
        self.coord(mv)
    }
    /// Writes a move in `notation`, or says that the game has no such notation.
    fn write_move(&self, mv: MoveOf<Self>, notation: Notation) -> Result<String, NotationError>
    where
        Self: Variant;
    /// A Unicode diagram of the position.
    fn diagram(&self) -> String
    where
        Self: Variant,
    {
        self.fen()
    }
    /// An SVG picture of the position (for Jupyter, the web page, the CLI). Defaults to the
    /// Unicode diagram set in a monospaced SVG text block.
    fn svg(&self) -> String
    where
        Self: Variant,
    {
        crate::render::text_svg(&self.diagram())
    }
}

/// How a game's history ends it, or lets a player claim a draw (its part of [`Variant`]). The
/// rules read only the [`History`], never the game itself.
pub trait HistoryRules {
    /// What the history decides automatically (repetition, move limits).
    fn history_outcome(history: History<'_, Self>) -> Option<Outcome>
    where
        Self: Variant;
    /// Draws the side to move may claim now (chess: threefold repetition, fifty moves).
    fn claimable(history: History<'_, Self>) -> Vec<Termination>
    where
        Self: Variant,
    {
        let _ = history;
        Vec::new()
    }
}

/// Whether a side can still win (its part of [`Variant`]): three questions, from the cheapest
/// to the dearest — the material ([`Winnability::has_insufficient_material`]), every sequence of
/// legal moves ([`Winnability::winnability_with_proof`]), and both sides at once, a dead
/// position ([`Winnability::is_dead_position`]). The other two methods are their short forms.
pub trait Winnability {
    /// Whether `color` could not win by any sequence of legal moves on material alone
    /// (python-chess's `has_insufficient_material`). Defaults to `false` (never proven).
    fn has_insufficient_material(&self, color: Color) -> bool {
        let _ = color;
        false
    }
    /// Whether neither side has the material to win
    /// ([`Winnability::has_insufficient_material`] for both).
    fn is_insufficient_material(&self) -> bool {
        Color::ALL
            .iter()
            .all(|&c| self.has_insufficient_material(c))
    }
    /// Whether `color` can still win by some sequence of legal moves, with a winning line when
    /// one is found, and the kind of proof behind a [`Verdict::Cannot`] (`None` otherwise),
    /// from one analysis: the one a game implements. [`Verdict::Cannot`] is the flag exception
    /// (FIDE 6.9: a flag is then a draw). Defaults to the material test, which only ever proves
    /// "cannot".
    fn winnability_with_proof(&self, color: Color) -> (Verdict<MoveOf<Self>>, Option<ProofKind>)
    where
        Self: Variant,
    {
        if self.has_insufficient_material(color) {
            (Verdict::Cannot, Some(ProofKind::Material))
        } else {
            (Verdict::Undetermined, None)
        }
    }
    /// The verdict of [`Winnability::winnability_with_proof`].
    fn winnability(&self, color: Color) -> Verdict<MoveOf<Self>>
    where
        Self: Variant,
    {
        self.winnability_with_proof(color).0
    }
    /// Whether neither side can win by any sequence of legal moves, proven (a dead position):
    /// [`Winnability::winnability`] says [`Verdict::Cannot`] for both.
    fn is_dead_position(&self) -> bool
    where
        Self: Variant,
    {
        Color::ALL
            .iter()
            .all(|&c| self.winnability(c) == Verdict::Cannot)
    }
}

/// What the history rules see of a game ([`crate::Game::history`]): its positions, the start
/// first and the current one last, their repetition keys, and the rules. The rules of a game's
/// history (repetition, move limits, claims) read only this, never the game itself.
#[derive(Debug)]
pub struct History<'a, V: Variant> {
    // Never empty: a game always has a position.
    positions: &'a [V],
    keys: &'a [u64],
    rules: &'a V::Rules,
}

impl<V: Variant> Clone for History<'_, V> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<V: Variant> Copy for History<'_, V> {}

impl<'a, V: Variant> History<'a, V> {
    /// The history of a game with these positions (at least one) and their keys.
    pub(crate) fn new(positions: &'a [V], keys: &'a [u64], rules: &'a V::Rules) -> Self {
        debug_assert!(!positions.is_empty() && positions.len() == keys.len());
        History {
            positions,
            keys,
            rules,
        }
    }

    /// The current position.
    pub fn position(&self) -> &'a V {
        &self.positions[self.positions.len() - 1]
    }

    /// Every position, the start first and the current one last.
    pub fn positions(&self) -> &'a [V] {
        self.positions
    }

    /// The repetition key of every position, parallel to [`History::positions`].
    pub fn keys(&self) -> &'a [u64] {
        self.keys
    }

    /// The rules the game is played under.
    pub fn rules(&self) -> &'a V::Rules {
        self.rules
    }

    /// How many times the current position has occurred, this time included.
    pub fn repetitions(&self) -> usize {
        let last = self.keys.len() - 1;
        self.occurrences(self.keys[last], last, self.position().halfmove_clock())
    }

    /// How many times the position after `mv` would have occurred, that time included.
    pub fn repetitions_after(&self, mv: V::Move) -> usize {
        let mut next = self.position().clone();
        next.play_or_pass(mv);
        1 + self.occurrences(
            next.repetition_key(),
            self.keys.len(),
            next.halfmove_clock(),
        )
    }

    /// Occurrences of `key` among the keys at `index`, `index - 2`, ... no further back than
    /// `window` plies (positions before the last irreversible move cannot repeat).
    fn occurrences(&self, key: u64, index: usize, window: u32) -> usize {
        let oldest = index.saturating_sub(window as usize);
        (oldest..=index.min(self.keys.len().saturating_sub(1)))
            .rev()
            .filter(|&i| (index - i) % 2 == 0 && self.keys[i] == key)
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::{is_null_move_text, NULL_MOVE_TEXTS};

    #[test]
    fn null_move_texts_are_the_list() {
        for text in NULL_MOVE_TEXTS {
            assert!(is_null_move_text(text), "{text}");
        }
        for text in [
            "", "-", "---", "z0", "Z", "000", "00000", "@@@", "0000 ", " --", "--.4",
        ] {
            assert!(!is_null_move_text(text), "{text:?}");
        }
    }
}
