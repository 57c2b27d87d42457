//! [`Board`]: one editable board for every front end — a [`Game`] (position, moves, rules)
//! plus a set-up that cannot be played, held as such while it lasts, with the [`EditPolicy`]
//! saying what an edit does to the moves played.
//!
//! python-chess's boards clear the move stack on every edit ([`EditPolicy::ClearHistory`]);
//! chess.js's keep their history on `put`/`remove`, and `undo` then takes the move back on the
//! edited board, keeping the edit ([`EditPolicy::KeepHistory`]). The Python and JS classes and
//! `qipan play` all hold this board and only convert values and errors.

mod chess_board;
mod promoted;
mod setup;
mod slot;
mod text;
mod unplay;

use std::fmt;

pub use setup::Editable;
pub use slot::MoveSlot;
pub use text::framed_text;

use crate::{shorten, Color, Game, MoveError};
use promoted::PromotedTrack;
use unplay::unplay;

/// What an edit (a piece put or taken off, the side to move or the castling rights changed) does
/// to the moves played before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum EditPolicy {
    /// The edited board starts a new game: the moves are forgotten (python-chess).
    #[default]
    ClearHistory,
    /// The moves stay in the history; taking one back after an edit undoes it on the edited
    /// board, so the edit stays (chess.js).
    KeepHistory,
}

/// Why a board cannot answer a question that needs legal moves: it is set up into a placement
/// that cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotPlayable<E> {
    /// The board's FEN.
    pub fen: String,
    /// Why it cannot be played.
    pub why: E,
}

impl<E: fmt::Display> fmt::Display for NotPlayable<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the board {:?} is not a playable position: {}",
            shorten(&self.fen),
            self.why
        )
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for NotPlayable<E> {}

/// Why a move could not be played on a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayError<E> {
    /// The board is set up into a placement that cannot be played.
    NotPlayable(NotPlayable<E>),
    /// The move is not legal (or not a move).
    Move(MoveError),
}

impl<E: fmt::Display> fmt::Display for PlayError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::NotPlayable(e) => e.fmt(f),
            PlayError::Move(e) => e.fmt(f),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for PlayError<E> {}

impl<E> From<MoveError> for PlayError<E> {
    fn from(e: MoveError) -> Self {
        PlayError::Move(e)
    }
}

impl<E> From<NotPlayable<E>> for PlayError<E> {
    fn from(e: NotPlayable<E>) -> Self {
        PlayError::NotPlayable(e)
    }
}

/// An editable board of `V`: position, moves, rules, and an unplayable set-up while there is
/// one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board<V: Editable> {
    /// The game since the last edit (under [`EditPolicy::KeepHistory`]) or since the start.
    game: Game<V>,
    /// The set-up and why it cannot be played, while it cannot; the game then holds no moves
    /// and stands at the last playable position.
    unplayable: Option<(V::Setup, V::SetupError)>,
    /// The moves played before the last edits, each with the position it was played from
    /// ([`EditPolicy::KeepHistory`] only; empty otherwise).
    kept: Vec<(V, V::Move)>,
    policy: EditPolicy,
    relaxed: bool,
    /// Whether a set-up that fails validation is played anyway from its lenient position
    /// ([`Editable::lenient_from_setup`]), as python-chess plays every board.
    plays_any: bool,
    /// The set-up as it was given, when the game plays it leniently: its fields as set (castling
    /// rights, en passant square) answer while the game stands at its start.
    given: Option<V::Setup>,
    /// The promoted-pieces mask along the game, and at each kept position.
    promoted: PromotedTrack,
    kept_promoted: Vec<u64>,
}

impl<V: Editable> Board<V> {
    /// A board from the position `start` under `rules`, clearing the history on edits.
    pub fn new(start: V, rules: V::Rules) -> Self {
        Board::from_game(Game::with_rules(start, rules))
    }

    /// The start position of `rules`.
    pub fn start(rules: V::Rules) -> Self {
        Board::new(V::start_with(&rules), rules)
    }

    /// A board over `game` (a record's game at one of its nodes, say).
    pub fn from_game(game: Game<V>) -> Self {
        Board {
            promoted: PromotedTrack::of_game(&game, 0),
            kept_promoted: Vec::new(),
            game,
            unplayable: None,
            kept: Vec::new(),
            policy: EditPolicy::ClearHistory,
            relaxed: false,
            plays_any: false,
            given: None,
        }
    }

    /// The board with `policy` for later edits.
    pub fn with_policy(mut self, policy: EditPolicy) -> Self {
        self.policy = policy;
        self
    }

    /// The board reading positions that cannot arise in a game but can be played from (chess:
    /// impossible checks, too much material; set up piece by piece, also a side without a king,
    /// as chess.js plays it) as playable when `relaxed` ([`Editable::from_setup`]).
    pub fn with_relaxed(mut self, relaxed: bool) -> Self {
        self.relaxed = relaxed;
        self
    }

    /// The board playing set-ups that fail validation from their lenient position when
    /// `plays_any` (chess: python-chess's boards, which generate moves on any placement).
    pub fn with_plays_any(mut self, plays_any: bool) -> Self {
        self.plays_any = plays_any;
        self
    }

    /// The set-up as given while the game plays it leniently and stands at its start: its
    /// castling rights and en passant square as set, which the position played has cleaned.
    pub fn given_setup(&self) -> Option<&V::Setup> {
        self.given.as_ref().filter(|_| self.game.ply() == 0)
    }

    /// The edit policy.
    pub fn policy(&self) -> EditPolicy {
        self.policy
    }

    /// Whether the board plays relaxed positions.
    pub fn relaxed(&self) -> bool {
        self.relaxed
    }

    /// The rules in force.
    pub fn rules(&self) -> &V::Rules {
        self.game.rules()
    }

    /// Reads `fen` as a playable position (relaxed or not, as the board is) and starts a new game
    /// from it under the same rules; an error changes nothing.
    pub fn load_fen(&mut self, fen: &str) -> Result<(), V::FenError> {
        let rules = self.rules().clone();
        let pos = if self.relaxed {
            V::from_fen_relaxed_for(fen, &rules)?
        } else {
            V::from_fen_for(fen, &rules)?
        };
        self.restart(Game::with_rules(pos, rules));
        Ok(())
    }

    /// As [`Board::load_fen`], but a FEN of a placement that cannot be played (chess: no king,
    /// the side not to move in check...) is held as an unplayable set-up, as python-chess's
    /// `set_fen` holds it; text that is not a FEN is an error and changes nothing.
    pub fn load_fen_or_setup(&mut self, fen: &str) -> Result<(), V::FenError> {
        match self.load_fen(fen) {
            Ok(()) => {
                self.given = V::fen_beyond_game(fen, &self.game, self.rules());
                Ok(())
            }
            Err(e) => match V::setup_from_fen(fen, self.rules()) {
                Some(setup) => {
                    self.reset_to(setup);
                    Ok(())
                }
                None => Err(e),
            },
        }
    }

    /// A new game from `setup` (playable or held as unplayable), the history forgotten whatever
    /// the policy (chess.js's `clear`, `load`, `reset`).
    pub fn reset_to(&mut self, setup: V::Setup) {
        self.kept.clear();
        self.kept_promoted.clear();
        self.game = Game::with_rules(self.game.position().clone(), self.rules().clone());
        self.take(setup);
    }

    /// An empty board (White / Red to move, move 1) in the mode of the rules, history forgotten.
    pub fn clear(&mut self) {
        let empty = V::empty_setup(self.rules());
        self.reset_to(empty);
    }

    /// The start position of the rules in force, history forgotten.
    pub fn reset(&mut self) {
        let start = V::start_with(self.rules());
        self.restart(Game::with_rules(start, self.rules().clone()));
    }

    fn restart(&mut self, game: Game<V>) {
        self.kept.clear();
        self.kept_promoted.clear();
        self.promoted = PromotedTrack::default();
        self.game = game;
        self.unplayable = None;
        self.given = None;
    }

    /// `Ok` for a playable board; for one set up into a placement that cannot be played, what
    /// is wrong. Every question that needs legal moves asks this first.
    pub fn playable(&self) -> Result<(), NotPlayable<V::SetupError>> {
        match &self.unplayable {
            None => Ok(()),
            Some((setup, why)) => Err(NotPlayable {
                fen: V::setup_fen(setup),
                why: why.clone(),
            }),
        }
    }

    /// Whether the board can be played.
    pub fn is_playable(&self) -> bool {
        self.unplayable.is_none()
    }

    /// Why the board cannot be played, while it cannot.
    pub fn unplayable(&self) -> Option<&V::SetupError> {
        self.unplayable.as_ref().map(|(_, why)| why)
    }

    /// The board as it stands, playable or not.
    pub fn setup(&self) -> V::Setup {
        match (&self.unplayable, self.given_setup()) {
            (Some((setup, _)), _) | (None, Some(setup)) => *setup,
            (None, None) => {
                let mut setup = V::setup_of_game(&self.game);
                V::set_setup_promoted(&mut setup, self.promoted.current());
                setup
            }
        }
    }

    /// The promoted-pieces mask of the game's start (of the set-up on an unplayable board).
    pub fn promoted_at_start(&self) -> u64 {
        match &self.unplayable {
            Some((setup, _)) => V::setup_promoted(setup),
            None => self.promoted.at(0),
        }
    }

    /// The promoted-pieces mask (python-chess's `promoted`), playable or not.
    pub fn promoted(&self) -> u64 {
        match &self.unplayable {
            Some((setup, _)) => V::setup_promoted(setup),
            None => self.promoted.current(),
        }
    }

    /// Changes the set-up with `edit` (an error changes nothing); the board then plays on from
    /// the result or holds it as unplayable, and the moves are forgotten or kept as the policy
    /// says.
    pub fn edit<T, E>(&mut self, edit: impl FnOnce(&mut V::Setup) -> Result<T, E>) -> Result<T, E> {
        let mut setup = self.setup();
        let answer = edit(&mut setup)?;
        self.set_up(setup);
        Ok(answer)
    }

    /// Sets the board to `setup` as an edit does ([`Board::edit`]).
    pub fn set_up(&mut self, setup: V::Setup) {
        match self.policy {
            EditPolicy::ClearHistory => {
                self.kept.clear();
                self.kept_promoted.clear();
            }
            EditPolicy::KeepHistory => self.keep_moves(),
        }
        self.game = Game::with_rules(self.game.position().clone(), self.rules().clone());
        self.take(setup);
    }

    /// Changes the side to move, castling rights, en passant square or clocks with `edit` (an
    /// error changes nothing), keeping the moves under either policy: python-chess's `turn`,
    /// `castling_rights` and `ep_square` are plain attributes its move stack survives, and
    /// chess.js's `setCastlingRights` keeps the history. Taking a move back then restores these
    /// fields as they were before the move.
    pub fn edit_state<T, E>(
        &mut self,
        edit: impl FnOnce(&mut V::Setup) -> Result<T, E>,
    ) -> Result<T, E> {
        let mut setup = self.setup();
        let answer = edit(&mut setup)?;
        self.keep_moves();
        self.game = Game::with_rules(self.game.position().clone(), self.rules().clone());
        self.take(setup);
        Ok(answer)
    }

    /// Moves the game's moves into the kept history.
    fn keep_moves(&mut self) {
        if self.unplayable.is_none() {
            let played = self.game.positions().iter().cloned();
            self.kept
                .extend(played.zip(self.game.moves().iter().copied()));
            let track = &self.promoted;
            let masks = (0..self.game.ply()).map(|ply| track.at(ply));
            self.kept_promoted.extend(masks);
        }
    }

    /// Starts the game (which holds no moves) from `setup`, or holds it as unplayable.
    fn take(&mut self, setup: V::Setup) {
        self.given = None;
        self.promoted = PromotedTrack::starting(V::setup_promoted(&setup));
        match V::from_setup(&setup, self.rules(), self.relaxed) {
            Ok(pos) => {
                self.game = Game::with_rules(pos, self.rules().clone());
                self.unplayable = None;
                self.given = V::shows_less_than(&self.game, &setup).then_some(setup);
            }
            Err(why) => match self
                .plays_any
                .then(|| V::lenient_from_setup(&setup, self.rules()))
                .flatten()
            {
                Some(pos) => {
                    self.game = Game::with_rules(pos, self.rules().clone());
                    self.unplayable = None;
                    self.given = Some(setup);
                }
                None => self.unplayable = Some((setup, why)),
            },
        }
    }

    /// Puts `piece` on square `sq` (or empties it): `false`, and nothing changed, when the game
    /// refuses the piece there.
    /// Under [`EditPolicy::KeepHistory`] the edit is chess.js's `put` ([`Editable::put`]).
    pub fn set_piece_at(&mut self, sq: usize, piece: Option<V::Piece>) -> bool {
        let policy = self.policy;
        self.edit(|setup| {
            let done = match policy {
                EditPolicy::ClearHistory => V::set_setup_piece(setup, sq, piece),
                EditPolicy::KeepHistory => V::put(setup, sq, piece),
            };
            done.then_some(()).ok_or(())
        })
        .is_ok()
    }

    /// The piece on square `sq`, playable or not.
    pub fn piece_at(&self, sq: usize) -> Option<V::Piece> {
        V::setup_piece(&self.setup(), sq)
    }

    /// Takes the piece off `sq` and answers it. An edit even on an empty square, as in
    /// python-chess (whose `remove_piece_at` always clears the move stack) and chess.js.
    pub fn remove_piece_at(&mut self, sq: usize) -> Option<V::Piece> {
        let piece = self.piece_at(sq);
        self.set_piece_at(sq, None);
        piece
    }

    /// Sets the side to move ([`Board::edit_state`]: the moves stay).
    pub fn set_turn(&mut self, color: Color) {
        let _ = self.edit_state(|setup| {
            V::set_setup_turn(setup, color);
            Ok::<(), ()>(())
        });
    }

    /// The game since the last edit: positions, moves, rules (playable or not: an unplayable
    /// board's game holds no moves).
    pub fn game(&self) -> &Game<V> {
        &self.game
    }

    /// The game, or why the board cannot be played.
    pub fn playable_game(&self) -> Result<&Game<V>, NotPlayable<V::SetupError>> {
        self.playable()?;
        Ok(&self.game)
    }

    /// The game for an adjudication or another change that needs a playable board.
    pub fn game_mut(&mut self) -> Result<&mut Game<V>, NotPlayable<V::SetupError>> {
        self.playable()?;
        Ok(&mut self.game)
    }

    /// The current position (on an unplayable board: the last playable one).
    pub fn position(&self) -> &V {
        self.game.position()
    }

    /// The FEN of the board, playable or not.
    pub fn fen(&self) -> String {
        match &self.unplayable {
            Some((setup, _)) => V::setup_fen(setup),
            None => self.position().fen(),
        }
    }

    /// The side to move, playable or not.
    pub fn turn(&self) -> Color {
        match &self.unplayable {
            Some((setup, _)) => V::setup_turn(setup),
            None => self.position().turn(),
        }
    }

    /// The move number, playable or not.
    pub fn fullmove_number(&self) -> u32 {
        match &self.unplayable {
            Some((setup, _)) => V::setup_fullmoves(setup),
            None => self.position().fullmove_number(),
        }
    }

    /// Whether the side to move has a king (general) and it is attacked, playable or not.
    pub fn is_check(&self) -> bool {
        match &self.unplayable {
            Some((setup, _)) => V::setup_is_check(setup),
            None => self.position().is_check(),
        }
    }

    /// Plays the legal move `mv`; an illegal one (or an unplayable board) changes nothing.
    pub fn push(&mut self, mv: V::Move) -> Result<(), PlayError<V::SetupError>> {
        self.playable()?;
        if self.plays_any && self.position().captures_king(mv) && self.position().is_legal(mv) {
            self.push_unchecked(mv);
            return Ok(());
        }
        self.game.push(mv)?;
        self.pushed(mv);
        Ok(())
    }

    /// Plays a move already checked legal in the current position.
    #[inline]
    pub fn push_unchecked(&mut self, mv: V::Move) {
        let pos = self.game.position();
        self.promoted.pushed(pos, mv, self.game.ply());
        if self.plays_any && pos.captures_king(mv) {
            // Only on a board set up or pushed into a position where the king can be taken:
            // python-chess's boards (`plays_any`) drop the taken king's castling rights.
            let after = pos.play_capturing_king(mv);
            self.game.push_played(mv, after);
            return;
        }
        self.game.push_unchecked(mv);
    }

    /// Records in the promoted-pieces track the move just played.
    fn pushed(&mut self, mv: V::Move) {
        let ply = self.game.ply() - 1;
        self.promoted.pushed(&self.game.positions()[ply], mv, ply);
    }

    /// Parses `text` with `parse` (coordinates, SAN, WXF...) and plays the move.
    pub fn push_with(
        &mut self,
        text: &str,
        parse: impl FnOnce(&V, &str) -> Result<V::Move, MoveError>,
    ) -> Result<V::Move, PlayError<V::SetupError>> {
        self.playable()?;
        let mv = parse(self.position(), text)?;
        self.push(mv)?;
        Ok(mv)
    }

    /// Takes back the last move and answers it with the position it was played from. Under
    /// [`EditPolicy::KeepHistory`] a move played before an edit is taken back on the edited
    /// board: the squares the move changed get their pieces back, the others keep the edit.
    /// Under [`EditPolicy::ClearHistory`] (where only [`Board::edit_state`] keeps moves) the
    /// position before the move comes back whole.
    pub fn pop(&mut self) -> Option<(V, V::Move)> {
        if self.unplayable.is_none() && self.game.ply() > 0 {
            let mv = self.game.pop()?;
            self.promoted.popped(self.game.ply());
            return Some((self.game.position().clone(), mv));
        }
        self.pop_kept()
    }

    /// Takes back the last move as [`Board::pop`] does, answering the move alone.
    #[inline]
    pub fn pop_move(&mut self) -> Option<V::Move> {
        if self.unplayable.is_none() && self.game.ply() > 0 {
            let mv = self.game.pop();
            self.promoted.popped(self.game.ply());
            return mv;
        }
        self.pop_kept().map(|(_, mv)| mv)
    }

    /// Takes back the last move kept from before an edit.
    fn pop_kept(&mut self) -> Option<(V, V::Move)> {
        let (before, mv) = self.kept.pop()?;
        let mask = self.kept_promoted.pop().unwrap_or(0);
        let setup = match self.policy {
            EditPolicy::KeepHistory => unplay(&self.setup(), &before, mv),
            EditPolicy::ClearHistory => {
                let mut setup = before.setup_of();
                V::set_setup_promoted(&mut setup, mask);
                setup
            }
        };
        self.game = Game::with_rules(self.game.position().clone(), self.rules().clone());
        self.take(setup);
        // The move as taken back: from the board it was taken back to (chess.js's `undo`), or
        // the position it was played from when that board cannot be played.
        match self.unplayable {
            None => Some((self.game.position().clone(), mv)),
            Some(_) => Some((before, mv)),
        }
    }

    /// The last move played (before an edit too under [`EditPolicy::KeepHistory`]).
    pub fn peek(&self) -> Option<V::Move> {
        match self.game.last_move() {
            Some(mv) if self.unplayable.is_none() => Some(mv),
            _ => self.kept.last().map(|&(_, mv)| mv),
        }
    }

    /// Every move in the history with the position it was played from, oldest first.
    pub fn history(&self) -> Vec<(&V, V::Move)> {
        let kept = self.kept.iter().map(|(pos, mv)| (pos, *mv));
        let since = if self.unplayable.is_some() {
            &[][..]
        } else {
            self.game.moves()
        };
        let played = self.game.positions().iter().zip(since.iter().copied());
        kept.chain(played).collect()
    }

    /// The moves in the history in coordinate notation, oldest first.
    pub fn history_coords(&self) -> Vec<String> {
        self.history()
            .into_iter()
            .map(|(pos, mv)| pos.coord(mv))
            .collect()
    }

    /// The number of moves in the history.
    pub fn history_len(&self) -> usize {
        self.kept.len()
            + if self.unplayable.is_some() {
                0
            } else {
                self.game.ply()
            }
    }

    /// Whether the history holds moves played before an edit.
    pub fn has_kept_moves(&self) -> bool {
        !self.kept.is_empty()
    }
}

#[cfg(test)]
mod tests;
