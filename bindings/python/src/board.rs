//! [`Board`]: everything a Python board does, written once in plain Rust over any
//! [`BindVariant`]. The `#[pyclass]` wrappers in [`crate::pyboard`] only convert arguments and
//! errors.

use qipan::board::{Board as CoreBoard, EditPolicy};
use qipan::{
    shorten, Color, ErrorKind, Game, GameKind, MoveError, Outcome, Termination, MAX_PERFT_DEPTH,
};

use crate::errors::BoardError;
use crate::games::BindVariant;
use crate::repr::MoveRepr;
use crate::state_names::StateNames;

/// What a pickled board holds: start FEN, rule set, moves in coordinates, adjudication.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    /// The FEN of the start position.
    pub start_fen: String,
    /// The rule set's name.
    pub rules: String,
    /// The moves played, in coordinate notation.
    pub moves: Vec<String>,
    /// A resignation, agreed draw or time forfeit: termination name and winner's colour.
    pub adjudication: Option<(String, Option<String>)>,
}

/// A game of `V` as the Python boards see it: the core's editable board
/// ([`qipan::board::Board`]) under python-chess's policy (an edit clears the move stack), with
/// its answers converted to Python's errors.
#[derive(Debug, Clone)]
pub struct Board<V: BindVariant> {
    inner: CoreBoard<V>,
    states: StateNames,
}

/// Boards are equal when their games are: the names of their states are not part of the value.
impl<V: BindVariant> PartialEq for Board<V> {
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}

impl<V: BindVariant> Eq for Board<V> {}

impl<V: BindVariant> Board<V> {
    /// A board from `fen` (the start position when `None`) under the rule set called `rules`
    /// (the default rules when `None`).
    pub fn new(fen: Option<&str>, rules: Option<&str>) -> Result<Self, BoardError> {
        let rules = match rules {
            None => V::Rules::default(),
            Some(name) => name
                .parse::<V::Rules>()
                .map_err(|e| BoardError::value(e.to_string()))?,
        };
        let mut board = Board::from_position(V::start_with(&rules), rules);
        // The start FEN (`ChessBoard()`'s default) is the start position already built: read
        // only another FEN.
        if let Some(fen) = fen.filter(|&fen| !is_start_fen::<V>(fen)) {
            // As `set_fen`: a chess FEN of a board that fails validation is held (python-chess's
            // `Board(fen)` takes any FEN it can read).
            board.load_fen(fen)?;
        }
        Ok(board)
    }

    /// Sets the board from `fen` under its rules, forgetting the moves: a playable position, or
    /// (chess) any setup the FEN describes, held as unplayable as python-chess's `set_fen` does.
    /// Text that is not a FEN raises `InvalidFenError` and changes nothing.
    pub fn load_fen(&mut self, fen: &str) -> Result<(), BoardError> {
        let mut next = self.copy(false);
        next.inner
            .load_fen_or_setup(fen)
            .map_err(|e| fen_error::<V>(fen, &e))?;
        *self = next;
        self.states.changed();
        Ok(())
    }

    /// A board from the position `start` under `rules`.
    pub fn from_position(start: V, rules: V::Rules) -> Self {
        Board::from_game(Game::with_rules(start, rules))
    }

    /// A board over `game` (a record's game at one of its nodes, say).
    pub fn from_game(game: Game<V>) -> Self {
        Board {
            inner: CoreBoard::from_game(game)
                .with_policy(EditPolicy::ClearHistory)
                .with_plays_any(true),
            states: StateNames::default(),
        }
    }

    /// `Ok` for a playable board; `InvalidFenError` naming what is wrong for one set up into a
    /// placement that cannot be played. Every method that needs legal moves asks this first.
    pub fn playable(&self) -> Result<(), BoardError> {
        self.inner
            .playable()
            .map_err(|e| BoardError::new(ErrorKind::InvalidFen, e.to_string()))
    }

    /// Whether the board can be played (see [`Board::playable`]).
    pub fn is_playable(&self) -> bool {
        self.inner.is_playable()
    }

    /// Whether the side to move is in check, on a board playable or not.
    pub fn is_check_anyhow(&self) -> bool {
        self.inner.is_check()
    }

    /// The set-up as given while the game plays it leniently and stands at its start
    /// ([`CoreBoard::given_setup`]).
    pub fn given_setup(&self) -> Option<&V::Setup> {
        self.inner.given_setup()
    }

    /// The board as it stands, playable or not.
    pub fn setup(&self) -> V::Setup {
        self.inner.setup()
    }

    /// Changes the setup with `edit` (an error changes nothing); the board then starts a new
    /// game from it under the same rules, or holds it as unplayable.
    pub fn edit<E>(&mut self, edit: impl FnOnce(&mut V::Setup) -> Result<(), E>) -> Result<(), E> {
        self.states.changed();
        self.inner.edit(edit)
    }

    /// Changes the side to move, castling rights, en passant square or clocks with `edit`; the
    /// moves stay, as python-chess's attributes ([`CoreBoard::edit_state`]).
    pub fn edit_state<E>(
        &mut self,
        edit: impl FnOnce(&mut V::Setup) -> Result<(), E>,
    ) -> Result<(), E> {
        self.states.changed();
        self.inner.edit_state(edit)
    }

    /// The moves played, oldest first (before a change of the side to move too).
    pub fn moves(&self) -> Vec<V::Move> {
        self.inner.history().into_iter().map(|(_, mv)| mv).collect()
    }

    /// Starts a new game from `setup` under the same rules, or holds it as unplayable (the
    /// moves played are forgotten either way).
    pub fn set_up(&mut self, setup: V::Setup) {
        self.states.changed();
        self.inner.set_up(setup);
    }

    /// The core's board.
    pub fn core(&self) -> &CoreBoard<V> {
        &self.inner
    }

    /// The game: positions, moves, rules.
    pub fn game(&self) -> &Game<V> {
        self.inner.game()
    }

    /// The current position.
    pub fn position(&self) -> &V {
        self.inner.position()
    }

    /// The name of the rule set in force.
    pub fn rules_name(&self) -> String {
        self.inner.rules().to_string()
    }

    /// The legal moves of the current position.
    pub fn legal_moves(&self) -> V::MoveList {
        self.position().legal_moves()
    }

    /// The legal move of this game that `repr` stands for.
    pub fn resolve(&self, repr: &MoveRepr) -> Result<V::Move, BoardError> {
        self.playable()?;
        resolve_on(self.position(), repr)
    }

    /// Plays the move `repr` stands for; an illegal one changes nothing.
    pub fn push(&mut self, repr: &MoveRepr) -> Result<V::Move, BoardError> {
        let mv = self.resolve(repr)?;
        self.push_resolved(mv);
        Ok(mv)
    }

    /// Plays a move that [`Board::resolve`] returned for the current position (or one listed
    /// as legal in the current state, see [`Board::state`]).
    pub fn push_resolved(&mut self, mv: V::Move) {
        self.inner.push_unchecked(mv);
        self.states.pushed();
    }

    /// The name of the board's current state: the same name means the same position, for ever
    /// (see [`StateNames`]); never 0.
    #[inline]
    pub fn state(&self) -> u64 {
        self.states.current()
    }

    /// Parses move text with `parse` (coordinates, SAN, WXF...) and plays it.
    pub fn push_with(
        &mut self,
        text: &str,
        parse: impl FnOnce(&V, &str) -> Result<V::Move, MoveError>,
    ) -> Result<V::Move, BoardError> {
        self.playable()?;
        let mv = parse(self.position(), text)?;
        self.push_resolved(mv);
        Ok(mv)
    }

    /// Checks that `repr` is legal and writes it with `write` (SAN, WXF, Chinese...).
    pub fn write_with(
        &self,
        repr: &MoveRepr,
        write: impl FnOnce(&V, V::Move) -> String,
    ) -> Result<String, BoardError> {
        let mv = self.resolve(repr)?;
        Ok(write(self.position(), mv))
    }

    /// Takes back the last move.
    pub fn pop(&mut self) -> Option<V::Move> {
        let mv = self.inner.pop_move()?;
        self.states.popped();
        Some(mv)
    }

    /// The last move played.
    pub fn peek(&self) -> Option<V::Move> {
        self.inner.peek()
    }

    /// The FEN of the current position.
    pub fn fen(&self) -> String {
        self.inner.fen()
    }

    /// A Unicode diagram of the board, playable or not.
    pub fn diagram(&self) -> String {
        match self.inner.is_playable() {
            false => V::setup_diagram(&self.setup()),
            true => self.position().diagram(),
        }
    }

    /// An SVG picture of the board, playable or not, as python-chess's `_repr_svg_` draws it:
    /// the last move tinted and a king in check marked.
    pub fn svg(&self) -> String {
        let setup = self.setup();
        let options = qipan::render::SvgOptions {
            last_move: self.peek().and_then(V::move_squares),
            check: V::checked_king(&setup),
            ..Default::default()
        };
        V::setup_svg_with(&setup, &options)
    }

    /// An SVG picture of the board with `options` (python-chess's `chess.svg.board`).
    pub fn svg_with(&self, options: &qipan::render::SvgOptions) -> String {
        V::setup_svg_with(&self.setup(), options)
    }

    /// python-chess's `ply()`: half-moves since the start of the game as the move number and
    /// the side to move count them (a board set up at move 30 starts at ply 58), not the moves
    /// played on this board.
    pub fn ply_by_move_number(&self) -> u32 {
        let fullmoves = self.inner.fullmove_number();
        2 * fullmoves.saturating_sub(1) + u32::from(self.inner.turn() == Color::Black)
    }

    /// The side to move as python-chess has it: `true` for White (Red in Xiangqi).
    pub fn turn(&self) -> bool {
        self.inner.turn() == Color::White
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> Result<bool, BoardError> {
        self.playable()?;
        Ok(self.position().is_checkmate())
    }

    /// Whether the side to move has no legal move and is not in check.
    pub fn is_stalemate(&self) -> Result<bool, BoardError> {
        self.playable()?;
        Ok(self.position().is_stalemate())
    }

    /// Whether the side to move may claim `termination` now.
    pub fn can_claim(&self, termination: Termination) -> Result<bool, BoardError> {
        self.playable()?;
        Ok(self.game().claimable().contains(&termination))
    }

    /// How the game ended, if it has; with `claim_draw` also a draw the side to move may claim.
    pub fn outcome(&self, claim_draw: bool) -> Result<Option<Outcome>, BoardError> {
        self.playable()?;
        Ok(self.game().outcome_claiming(claim_draw))
    }

    /// `color` resigns. Ignored when the game is over.
    pub fn resign(&mut self, color: Color) -> Result<bool, BoardError> {
        Ok(self.game_mut()?.resign(color))
    }

    /// Both sides agree to a draw. Ignored when the game is over.
    pub fn agree_draw(&mut self) -> Result<bool, BoardError> {
        Ok(self.game_mut()?.agree_draw())
    }

    /// `color` runs out of time. Ignored when the game is over.
    pub fn flag(&mut self, color: Color) -> Result<bool, BoardError> {
        Ok(self.game_mut()?.flag(color))
    }

    fn game_mut(&mut self) -> Result<&mut Game<V>, BoardError> {
        self.states.changed();
        self.inner
            .game_mut()
            .map_err(|e| BoardError::new(ErrorKind::InvalidFen, e.to_string()))
    }

    /// The position to run perft from, after checking `depth` (and that the board is playable).
    pub fn perft_root(&self, depth: i64) -> Result<(V, u32), BoardError> {
        self.playable()?;
        match u32::try_from(depth) {
            Ok(d) if d <= MAX_PERFT_DEPTH => Ok((self.position().clone(), d)),
            _ => Err(BoardError::value(format!(
                "perft depth must be between 0 and {MAX_PERFT_DEPTH}, not {depth}"
            ))),
        }
    }

    /// A copy; without `stack` it starts from the current position with no history.
    pub fn copy(&self, stack: bool) -> Self {
        if stack {
            return self.clone();
        }
        let mut copy = Board::from_position(self.position().clone(), self.inner.rules().clone());
        if !self.is_playable() || self.given_setup().is_some() || self.inner.promoted() != 0 {
            copy.set_up(self.setup());
        }
        copy
    }

    /// What pickling keeps.
    pub fn snapshot(&self) -> Snapshot {
        let game = self.game();
        // An unplayable board pickles its FEN (a chess one loads back unplayable).
        let start_fen = if self.is_playable() {
            game.start().fen()
        } else {
            self.fen()
        };
        // The start's promoted pieces (python-chess pickles its `promoted` mask) as the `~`
        // marks loading reads; those of promotions played come back with the moves.
        let marks = self.inner.promoted_at_start();
        let start_fen = match start_fen.split_once(' ') {
            Some((placement, rest)) if marks != 0 => {
                let marked = qipan::chess::mark_promoted(placement, qipan::chess::Bitboard(marks));
                format!("{marked} {rest}")
            }
            _ => start_fen,
        };
        Snapshot {
            start_fen,
            rules: self.rules_name(),
            // The game since the last edit (a change of the side to move keeps the moves
            // before it in the history, which a pickle does not replay).
            moves: game
                .positions()
                .iter()
                .zip(game.moves())
                .map(|(pos, &mv)| pos.coord(mv))
                .collect(),
            adjudication: game.adjudication().map(|o| {
                (
                    o.termination.as_str().to_owned(),
                    o.winner.map(|c| V::color_name(c).to_owned()),
                )
            }),
        }
    }

    /// The board a [`Snapshot`] describes.
    pub fn restore(snapshot: &Snapshot) -> Result<Self, BoardError> {
        let mut board = Self::new(None, Some(&snapshot.rules))?;
        board.load_fen(&snapshot.start_fen)?;
        for text in &snapshot.moves {
            board.push_with(text, |pos, text| pos.parse_move(text))?;
        }
        if let Some((termination, winner)) = &snapshot.adjudication {
            let winner = match winner {
                None => None,
                Some(name) => Some(Color::from_name(name).ok_or_else(|| bad_state(name))?),
            };
            let termination: Termination =
                termination.parse().map_err(|_| bad_state(termination))?;
            let outcome = Outcome {
                termination,
                winner,
            };
            if !board.game_mut()?.restore_adjudication(outcome) {
                return Err(bad_state(termination.as_str()));
            }
        }
        Ok(board)
    }
}

impl<V: BindVariant> Board<V> {
    /// Plays the move `repr` stands for when it is not legal here but this game's Python `push`
    /// plays it anyway (see [`BindVariant::push_not_legal`]).
    pub fn push_not_legal(&mut self, repr: &MoveRepr) -> Option<V::Move> {
        let mv = V::push_not_legal(&mut self.inner, repr)?;
        self.states.pushed();
        Some(mv)
    }
}

fn fen_error<V: BindVariant>(fen: &str, e: &impl std::fmt::Display) -> BoardError {
    BoardError::new(
        ErrorKind::InvalidFen,
        format!("invalid {} FEN {:?}: {e}", V::NAME, shorten(fen)),
    )
}

/// Whether `fen` is, character for character, the start FEN of `V`'s game, whose position
/// [`Variant::start_with`](qipan::Variant::start_with) builds under every rule set.
fn is_start_fen<V: BindVariant>(fen: &str) -> bool {
    match V::KIND {
        GameKind::Chess | GameKind::Chess960 => fen == qipan::chess::START_FEN,
        GameKind::Xiangqi => fen == qipan::xiangqi::START_FEN,
    }
}

/// The legal move of `pos` that `repr` stands for.
pub fn resolve_on<V: BindVariant>(pos: &V, repr: &MoveRepr) -> Result<V::Move, BoardError> {
    if let Some(mv) = V::unwrap(repr) {
        if pos.is_legal(mv) {
            return Ok(mv);
        }
        // A move of another position of this game: moves compare by coordinates, so the
        // same coordinates may still be legal here (an en passant capture elsewhere is a
        // plain capture here, say).
        return pos
            .parse_move(&repr.coord())
            .map_err(|_| MoveError::illegal(&repr.coord(), pos.fen()).into());
    }
    match repr {
        MoveRepr::Coords { mv, game: None } => Ok(pos.parse_move(mv.as_str())?),
        MoveRepr::Coords { mv, game: Some(g) } if *g == V::KIND => Ok(pos.parse_move(mv.as_str())?),
        other => Err(BoardError::new(
            ErrorKind::IllegalMove,
            format!(
                "illegal move {:?}: a {} move cannot be played on a {} board",
                other.coord(),
                other.game().map_or("foreign", |g| g.name()),
                V::NAME
            ),
        )),
    }
}

fn bad_state(what: &str) -> BoardError {
    BoardError::value(format!("cannot restore a board: bad adjudication {what:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use qipan::chess::Chess;
    use qipan::xiangqi::Xiangqi;
    use qipan::Variant;

    #[test]
    fn snapshot_round_trip_keeps_moves_rules_and_adjudication() {
        let mut board: Board<Xiangqi> = Board::new(None, Some("simple")).unwrap();
        for text in ["h2e2", "h9g7"] {
            board.push_with(text, |pos, t| pos.parse_move(t)).unwrap();
        }
        assert!(board.resign(Color::Black).unwrap());
        let snapshot = board.snapshot();
        assert_eq!(snapshot.rules, "simple");
        assert_eq!(snapshot.moves, ["h2e2", "h9g7"]);
        assert_eq!(
            snapshot.adjudication,
            Some(("resignation".into(), Some("red".into())))
        );
        assert_eq!(Board::<Xiangqi>::restore(&snapshot).unwrap(), board);
    }

    #[test]
    fn bad_snapshots_are_errors() {
        let mut snapshot = Board::<Chess>::new(None, None).unwrap().snapshot();
        snapshot.moves.push("e2e5".into());
        assert_eq!(
            Board::<Chess>::restore(&snapshot).unwrap_err().kind,
            Some(ErrorKind::IllegalMove)
        );
        snapshot.moves.clear();
        snapshot.adjudication = Some(("checkmate".into(), Some("white".into())));
        assert_eq!(Board::<Chess>::restore(&snapshot).unwrap_err().kind, None);
    }

    #[test]
    fn foreign_and_illegal_moves_change_nothing() {
        let mut board: Board<Chess> = Board::new(None, None).unwrap();
        let xq = Xiangqi::start().legal_moves()[0];
        let err = board.push(&MoveRepr::Xiangqi(xq)).unwrap_err();
        assert_eq!(err.kind, Some(ErrorKind::IllegalMove));
        let text = MoveRepr::Coords {
            mv: "e2e5".parse().unwrap(),
            game: None,
        };
        assert_eq!(
            board.push(&text).unwrap_err().kind,
            Some(ErrorKind::IllegalMove)
        );
        let tied = MoveRepr::Coords {
            mv: "e2e4".parse().unwrap(),
            game: Some(qipan::GameKind::Xiangqi),
        };
        assert!(board.push(&tied).is_err());
        assert_eq!(board.game().ply(), 0);
        let e4 = MoveRepr::Coords {
            mv: "e2e4".parse().unwrap(),
            game: Some(qipan::GameKind::Chess),
        };
        assert!(board.push(&e4).is_ok());
    }

    #[test]
    fn the_start_fen_builds_what_reading_it_makes() {
        fn read<V: BindVariant>(fen: &str, rules: &str) -> Board<V> {
            let mut board = Board::new(None, Some(rules)).unwrap();
            board.inner.load_fen_or_setup(fen).unwrap();
            board
        }
        for rules in ["fide", "chess960"] {
            let built = Board::<Chess>::new(Some(qipan::chess::START_FEN), Some(rules)).unwrap();
            assert_eq!(
                built,
                read::<Chess>(qipan::chess::START_FEN, rules),
                "{rules}"
            );
        }
        for rules in ["asian", "chinese", "simple"] {
            let built =
                Board::<Xiangqi>::new(Some(qipan::xiangqi::START_FEN), Some(rules)).unwrap();
            assert_eq!(
                built,
                read::<Xiangqi>(qipan::xiangqi::START_FEN, rules),
                "{rules}"
            );
        }
    }

    #[test]
    fn perft_depth_bounds() {
        let board: Board<Chess> = Board::new(None, None).unwrap();
        assert!(board.perft_root(-1).is_err());
        assert!(board.perft_root(i64::from(MAX_PERFT_DEPTH) + 1).is_err());
        assert_eq!(board.perft_root(3).unwrap().1, 3);
    }
}
