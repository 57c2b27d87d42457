//! [`Game`]: a start position, the moves played, and everything the history decides — repetition,
//! move limits, draw claims and adjudications — written once for every [`Variant`].
//!
//! ```
//! use qipan::{Chess, Game, Termination, Color};
//! let mut game: Game<Chess> = Game::new();
//! for mv in ["f2f3", "e7e5", "g2g4", "d8h4"] {
//!     game.push_coord(mv).unwrap();
//! }
//! let outcome = game.outcome().unwrap();
//! assert_eq!(outcome.termination, Termination::Checkmate);
//! assert_eq!(outcome.winner, Some(Color::Black));
//! assert_eq!(outcome.result(), "0-1");
//! ```

use crate::{Color, GameKind, History, MoveError, Outcome, Termination, Variant};

/// A game of a [`Variant`]: positions, moves and their repetition keys, one per ply.
///
/// Positions are kept for every ply (copy-make), so [`Game::pop`] is exact and a variant's
/// history rules can look at every position of a repeated cycle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game<V: Variant> {
    positions: Vec<V>,
    keys: Vec<u64>,
    moves: Vec<V::Move>,
    rules: V::Rules,
    adjudication: Option<Outcome>,
}

impl<V: Variant> Default for Game<V> {
    fn default() -> Self {
        Game::new()
    }
}

impl<V: Variant> Game<V> {
    /// A game from the variant's start position, with the default rules.
    pub fn new() -> Self {
        Game::new_with(V::Rules::default())
    }

    /// A game from the start position of `rules` (Chess960: the standard array), under `rules`.
    pub fn new_with(rules: V::Rules) -> Self {
        Game::with_rules(V::start_with(&rules), rules)
    }

    /// A game from `start`, under the rules its mode implies ([`Variant::rules_of`]: Chess960
    /// for a position read as Chess960, else the default rules).
    pub fn from_position(start: V) -> Self {
        let rules = start.rules_of();
        Game::with_rules(start, rules)
    }

    /// A game from `start` under `rules`; the position takes the mode of the rules
    /// ([`Variant::set_mode`]: how castling is written, for one).
    pub fn with_rules(mut start: V, rules: V::Rules) -> Self {
        start.set_mode(&rules);
        let key = start.repetition_key();
        // Room for the first moves from the start: the vectors do not grow (a reallocation
        // each) on the first pushes of a new game.
        const FIRST_PLIES: usize = 8;
        let mut positions = Vec::with_capacity(FIRST_PLIES + 1);
        positions.push(start);
        let mut keys = Vec::with_capacity(FIRST_PLIES + 1);
        keys.push(key);
        Game {
            positions,
            keys,
            moves: Vec::with_capacity(FIRST_PLIES),
            rules,
            adjudication: None,
        }
    }

    /// A game from a FEN, with the default rules.
    pub fn from_fen(fen: &str) -> Result<Self, V::FenError> {
        Game::from_fen_with(fen, V::Rules::default())
    }

    /// A game from a FEN read as a game under `rules` reads it (Chess960 castling rights).
    pub fn from_fen_with(fen: &str, rules: V::Rules) -> Result<Self, V::FenError> {
        V::from_fen_for(fen, &rules).map(|start| Game::with_rules(start, rules))
    }

    /// The rules this game is played under.
    pub fn rules(&self) -> &V::Rules {
        &self.rules
    }

    /// The game these rules make (chess, Chess960, Xiangqi).
    pub fn kind(&self) -> GameKind {
        V::kind(&self.rules)
    }

    /// Changes the rules (the history is judged anew from now on); every position takes the
    /// mode of the new rules.
    pub fn set_rules(&mut self, rules: V::Rules) {
        for pos in &mut self.positions {
            pos.set_mode(&rules);
        }
        self.rules = rules;
    }

    /// The position the game started from.
    pub fn start(&self) -> &V {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &V {
        self.positions.last().expect("a game always has a position")
    }

    /// Every position of the game, the start first and the current one last
    /// (`positions().len() == moves().len() + 1`).
    pub fn positions(&self) -> &[V] {
        &self.positions
    }

    /// The repetition key of every position, parallel to [`Game::positions`].
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// The moves played.
    pub fn moves(&self) -> &[V::Move] {
        &self.moves
    }

    /// The number of plies played.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// The last move played.
    pub fn last_move(&self) -> Option<V::Move> {
        self.moves.last().copied()
    }

    /// Plays a move after checking that it is legal; an illegal move changes nothing. The null
    /// move ([`Variant::null_move`]) is accepted when the side to move is not in check.
    pub fn push(&mut self, mv: V::Move) -> Result<(), MoveError> {
        let allowed = if V::is_null(mv) {
            !self.position().is_check()
        } else {
            self.position().is_legal(mv)
        };
        if !allowed {
            return Err(MoveError::illegal(
                &self.position().coord(mv),
                self.position().fen(),
            ));
        }
        self.push_unchecked(mv);
        Ok(())
    }

    /// The side to move passes ([`Variant::play_null`]): an error in check, where passing would
    /// leave the king attacked.
    pub fn push_null(&mut self) -> Result<(), MoveError> {
        self.push(V::null_move())
    }

    /// Plays a move that the current position's [`Variant::is_legal`] accepts, or the null move.
    pub fn push_unchecked(&mut self, mv: V::Move) {
        // The move is played on the copy in its place in the vector, not on a copy moved there
        // afterwards; the copy is made from the vector into its new slot (after any growth),
        // not through a temporary.
        let last = self.positions.len() - 1;
        self.positions.extend_from_within(last..);
        let next = self
            .positions
            .last_mut()
            .expect("a game always has a position");
        next.play_or_pass(mv);
        self.keys.push(next.repetition_key());
        self.moves.push(mv);
    }

    /// Plays `mv`, whose resulting position `after` the caller made (a move the position's own
    /// rules do not play, such as python-chess's pseudo-legal push).
    pub fn push_played(&mut self, mv: V::Move, after: V) {
        self.keys.push(after.repetition_key());
        self.positions.push(after);
        self.moves.push(mv);
    }

    /// Parses a move in coordinate notation and plays it.
    pub fn push_coord(&mut self, text: &str) -> Result<V::Move, MoveError> {
        let mv = self.position().parse_move(text)?;
        self.push_unchecked(mv);
        Ok(mv)
    }

    /// Parses a move in any notation the variant reads and plays it.
    pub fn push_any(&mut self, text: &str) -> Result<V::Move, MoveError> {
        let mv = self.position().parse_any(text)?;
        self.push_unchecked(mv);
        Ok(mv)
    }

    /// Takes back the last move (and any adjudication); `None` at the start.
    pub fn pop(&mut self) -> Option<V::Move> {
        let mv = self.moves.pop()?;
        // Truncated, not popped: a popped position would be moved out only to be dropped.
        self.positions.truncate(self.positions.len() - 1);
        self.keys.truncate(self.keys.len() - 1);
        self.adjudication = None;
        Some(mv)
    }

    /// What the history rules see of the game: its positions, their keys and its rules.
    pub fn history(&self) -> History<'_, V> {
        History::new(&self.positions, &self.keys, &self.rules)
    }

    /// How many times the current position has occurred, this time included.
    pub fn repetitions(&self) -> usize {
        self.history().repetitions()
    }

    /// How many times the position after `mv` would have occurred, that time included.
    pub fn repetitions_after(&self, mv: V::Move) -> usize {
        self.history().repetitions_after(mv)
    }

    /// How the game has ended, counting only what ends it without a claim: an adjudication, then
    /// what the position decides, then what the history decides.
    pub fn outcome(&self) -> Option<Outcome> {
        self.adjudication
            .or_else(|| self.position().position_outcome())
            .or_else(|| V::history_outcome(self.history()))
    }

    /// [`Game::outcome`], and with `claim_draw` also the first draw the side to move could claim.
    pub fn outcome_claiming(&self, claim_draw: bool) -> Option<Outcome> {
        self.outcome().or_else(|| {
            if claim_draw {
                self.claimable().first().copied().map(Outcome::draw)
            } else {
                None
            }
        })
    }

    /// Whether the game is over ([`Game::outcome_claiming`] is `Some`).
    pub fn is_game_over(&self, claim_draw: bool) -> bool {
        self.outcome_claiming(claim_draw).is_some()
    }

    /// The draws the side to move may claim now, in the order python-chess tries them.
    pub fn claimable(&self) -> Vec<Termination> {
        V::claimable(self.history())
    }

    /// Whether the side to move may claim a draw now.
    pub fn can_claim_draw(&self) -> bool {
        !self.claimable().is_empty()
    }

    /// The adjudication recorded by [`Game::resign`], [`Game::agree_draw`] or [`Game::flag`].
    pub fn adjudication(&self) -> Option<Outcome> {
        self.adjudication
    }

    /// `color` resigns: the other side wins. Ignored (returns `false`) when the game is over.
    pub fn resign(&mut self, color: Color) -> bool {
        self.adjudicate(Outcome::win(Termination::Resignation, !color))
    }

    /// Both sides agree to a draw. Ignored (returns `false`) when the game is over.
    pub fn agree_draw(&mut self) -> bool {
        self.adjudicate(Outcome::draw(Termination::Agreement))
    }

    /// `color` runs out of time: a loss, or a draw when the opponent is proven unable to win by
    /// any legal sequence of moves (FIDE 6.9, [`Winnability::winnability`](crate::Winnability::winnability)). Without a proof (the
    /// analysis undetermined within its bound) the flag loses, as an arbiter without a proof
    /// would rule. Ignored (returns `false`) when the game is over.
    pub fn flag(&mut self, color: Color) -> bool {
        let outcome = if self.position().winnability(!color) == crate::Verdict::Cannot {
            Outcome::draw(Termination::Timeout)
        } else {
            Outcome::win(Termination::Timeout, !color)
        };
        self.adjudicate(outcome)
    }

    /// Takes back the adjudication, if any (the moves stay): what `undo` does after a
    /// resignation, an agreed draw or a flag.
    pub fn take_back_adjudication(&mut self) -> Option<Outcome> {
        self.adjudication.take()
    }

    /// Records an adjudication as it was decided before (a saved game being restored): a
    /// resignation or time forfeit with a winner, an agreed draw, a drawn time forfeit, or a
    /// tablebase adjudication.
    /// Refused (`false`) for any other outcome, and when the game is over.
    pub fn restore_adjudication(&mut self, outcome: Outcome) -> bool {
        let valid = matches!(
            (outcome.termination, outcome.winner),
            (Termination::Resignation, Some(_))
                | (Termination::Agreement, None)
                | (Termination::Timeout, _)
                | (Termination::Tablebase, _)
        );
        valid && self.adjudicate(outcome)
    }

    pub(crate) fn adjudicate(&mut self, outcome: Outcome) -> bool {
        if self.outcome().is_some() {
            return false;
        }
        self.adjudication = Some(outcome);
        true
    }
}
