//! [`Board`]: the board logic of both JS classes, written once over any [`JsVariant`].
//!
//! Every method takes its arguments as `JsValue`s, checks them (see [`crate::js`]) and answers
//! with a JS value or a named JS `Error`. A failed call never changes the board: moves are parsed
//! and checked against the current position before anything is pushed.

use js_sys::{Array, Object, Reflect};
use qipan::board::{Board as CoreBoard, EditPolicy, PlayError};
use qipan::{shorten, Color, ErrorKind, Game, MoveError, Outcome, Variant, MAX_PERFT_DEPTH};
use wasm_bindgen::JsValue;

use crate::games::JsVariant;
use crate::js;

/// A game of `V` as the JS classes see it: the core's editable board ([`CoreBoard`]) under
/// chess.js's policy (the history stays on `put`/`remove`, and `undo` keeps the edit), with
/// string moves in and out.
#[derive(Debug, Clone)]
pub struct Board<V: JsVariant> {
    pub(crate) core: CoreBoard<V>,
    /// The record's headers and comments ([`crate::records`]; not in the rules-only build).
    #[cfg(feature = "records")]
    pub(crate) record: crate::record_data::Record,
}

/// A parser of one notation (coordinates, SAN, WXF, Chinese).
pub type Parser<V> = fn(&V, &str) -> Result<<V as Variant>::Move, MoveError>;
/// A writer of one notation.
pub type Writer<V> = fn(&V, <V as Variant>::Move) -> String;

impl<V: JsVariant> Board<V> {
    /// A board from a FEN (`undefined` or `null`: the start position) under the given rules.
    pub fn new(fen: &JsValue, rules: &JsValue) -> Result<Self, JsValue> {
        Board::with_rules(fen, rules_from_js::<V>(rules)?)
    }

    /// A board from a FEN (`undefined` or `null`: the start position of `rules`) under `rules`.
    pub fn with_rules(fen: &JsValue, rules: V::Rules) -> Result<Self, JsValue> {
        Board::with_rules_relaxed(fen, rules, false)
    }

    /// A board as [`Board::with_rules`]; `relaxed`, it also plays positions that cannot arise
    /// in a game but can be played from (chess: impossible checks, too much material), as
    /// chess.js plays them.
    pub fn with_rules_relaxed(
        fen: &JsValue,
        rules: V::Rules,
        relaxed: bool,
    ) -> Result<Self, JsValue> {
        let mut board = Board::over(Game::with_rules(V::start_with(&rules), rules), relaxed);
        if !(fen.is_undefined() || fen.is_null()) {
            let text = js::text(fen, ErrorKind::InvalidFen, "FEN", js::MAX_FEN_LEN)?;
            board.core.load_fen(text.trim()).map_err(|e| {
                js::error(
                    ErrorKind::InvalidFen,
                    &format!("invalid FEN {:?}: {e}", shorten(&text)),
                )
            })?;
        }
        Ok(board)
    }

    /// A board from `start` under the rules its mode implies (Chess960 for a Chess960 start).
    pub fn from_position(start: V) -> Self {
        Board::over(Game::from_position(start), false)
    }

    fn over(game: Game<V>, relaxed: bool) -> Self {
        Board {
            core: CoreBoard::from_game(game)
                .with_policy(EditPolicy::KeepHistory)
                .with_relaxed(relaxed),
            #[cfg(feature = "records")]
            record: Default::default(),
        }
    }

    /// Replaces the whole game with `game` (a record's main line, say), history and all.
    pub fn replace_game(&mut self, game: Game<V>) {
        self.core = CoreBoard::from_game(game)
            .with_policy(self.core.policy())
            .with_relaxed(self.core.relaxed());
    }

    /// The game behind the board; `InvalidFenError` while the board is set up unplayably.
    pub fn game(&self) -> Result<&Game<V>, JsValue> {
        self.core
            .playable_game()
            .map_err(|e| js::error(ErrorKind::InvalidFen, &e.to_string()))
    }

    /// The current position; `InvalidFenError` while the board is set up unplayably.
    pub fn position(&self) -> Result<&V, JsValue> {
        Ok(self.game()?.position())
    }

    /// The board as it stands, playable or not.
    pub fn setup(&self) -> V::Setup {
        self.core.setup()
    }

    /// Changes the setup with `edit` (which answers `false` to refuse, changing nothing); the
    /// board then plays on from it under the same rules, or holds it as unplayable, its
    /// history kept.
    pub fn edit(&mut self, edit: impl FnOnce(&mut V::Setup) -> bool) -> bool {
        self.core
            .edit(|setup| edit(setup).then_some(()).ok_or(()))
            .is_ok()
    }

    /// A new game from `setup` under the same rules (playable or held as unplayable), the
    /// history forgotten.
    pub fn set_up(&mut self, setup: V::Setup) {
        self.core.reset_to(setup);
    }

    /// Replaces the whole game with a new one at `fen` (or the start position) under the same
    /// rules; the board is unchanged when the FEN is refused.
    pub fn load(&mut self, fen: &JsValue) -> Result<(), JsValue> {
        *self = Board::with_rules_relaxed(fen, self.game_rules(), self.core.relaxed())?;
        Ok(())
    }

    /// The rules in force.
    pub fn game_rules(&self) -> V::Rules {
        self.core.rules().clone()
    }

    /// The legal moves in coordinate notation, as a JS array of strings.
    pub fn legal_moves(&self) -> Result<Array, JsValue> {
        let pos = self.position()?;
        let moves = pos.legal_moves();
        Ok(V::with_names(|names| {
            names.names(moves.iter().map(|&mv| (pos, mv)))
        }))
    }

    /// Plays the legal move `mv` (already checked against the position).
    pub fn play(&mut self, mv: V::Move) -> Result<(), JsValue> {
        self.core.push(mv).map_err(|e| play_error(&e))
    }

    /// Takes back the last move; answers it with the position it was played from.
    pub fn pop_move(&mut self) -> Option<(V, V::Move)> {
        self.core.pop()
    }

    /// Parses `text` with `parse` and plays the move; answers the move in coordinate notation.
    pub fn push_with(&mut self, text: &JsValue, parse: Parser<V>) -> Result<JsValue, JsValue> {
        let text = js::text(text, ErrorKind::InvalidMove, "move", js::MAX_MOVE_LEN)?;
        let pos = self.position()?;
        let mv = parse(pos, text.trim()).map_err(|e| js::move_error(&e))?;
        // The parsers answer legal moves only; the core checks once more, so a parser bug
        // cannot corrupt the board.
        let name = V::with_names(|names| names.name(pos, mv));
        self.play(mv)?;
        Ok(name)
    }

    /// Writes the legal move `text` (coordinate notation) with `write`.
    pub fn notate_with(&self, text: &JsValue, write: Writer<V>) -> Result<String, JsValue> {
        let text = js::text(text, ErrorKind::InvalidMove, "move", js::MAX_MOVE_LEN)?;
        let pos = self.position()?;
        let mv = pos
            .parse_move(text.trim())
            .map_err(|e| js::move_error(&e))?;
        Ok(write(pos, mv))
    }

    /// Takes back the last move; answers it in coordinate notation, `undefined` at the start.
    pub fn pop(&mut self) -> JsValue {
        match self.pop_move() {
            Some((pos, mv)) => V::with_names(|names| names.name(&pos, mv)),
            None => JsValue::UNDEFINED,
        }
    }

    /// The moves played so far (before edits too), in coordinate notation.
    pub fn history(&self) -> Array {
        let played = self.core.history();
        V::with_names(|names| names.names(played.into_iter()))
    }

    /// The current position as FEN.
    pub fn fen(&self) -> String {
        self.core.fen()
    }

    /// The side to move as chess.js names it: `"w"` (White, or Red in Xiangqi) or `"b"`.
    pub fn turn(&self) -> String {
        color_letter(self.core.turn()).to_owned()
    }

    /// Whether the side to move has a king (general) and it is attacked, playable or not.
    pub fn is_check(&self) -> bool {
        self.core.is_check()
    }

    /// Whether the side to move is in check and has no legal move.
    pub fn is_checkmate(&self) -> Result<bool, JsValue> {
        Ok(self.position()?.is_checkmate())
    }

    /// Whether the side to move is not in check and has no legal move.
    pub fn is_stalemate(&self) -> Result<bool, JsValue> {
        Ok(self.position()?.is_stalemate())
    }

    /// The name of the rule set in force (`"fide"`, `"chess960"`, `"asian"`, `"chinese"`, `"simple"`).
    pub fn rules(&self) -> String {
        self.core.rules().to_string()
    }

    /// `color` resigns; `false` (and nothing changes) when the game is already over.
    pub fn resign(&mut self, color: &JsValue) -> Result<bool, JsValue> {
        let color = color_from_js(color)?;
        Ok(self.game_mut()?.resign(color))
    }

    /// Both sides agree to a draw; `false` when the game is already over.
    pub fn agree_draw(&mut self) -> Result<bool, JsValue> {
        Ok(self.game_mut()?.agree_draw())
    }

    /// `color` runs out of time: a loss, or a draw when the opponent cannot win (the core's
    /// [`Game::flag`]); `false` when the game is already over.
    pub fn flag(&mut self, color: &JsValue) -> Result<bool, JsValue> {
        let color = color_from_js(color)?;
        Ok(self.game_mut()?.flag(color))
    }

    fn game_mut(&mut self) -> Result<&mut Game<V>, JsValue> {
        self.core
            .game_mut()
            .map_err(|e| js::error(ErrorKind::InvalidFen, &e.to_string()))
    }

    /// Whether neither side can win by any legal sequence of moves.
    pub fn is_insufficient_material(&self) -> Result<bool, JsValue> {
        Ok(self.position()?.is_insufficient_material())
    }

    /// Whether neither side can win by any legal sequence of moves, proven (chess: the
    /// unwinnability analysis, FIDE 1.3 / 5.2.2; Xiangqi: the material test).
    pub fn is_dead_position(&self) -> Result<bool, JsValue> {
        Ok(self.position()?.is_dead_position())
    }

    /// Whether `color` (`"white"`, `"black"`, `"red"`) can still win: `true` (a winning line
    /// exists), `false` (proven impossible) or `null` (undetermined within the analysis's bound).
    pub fn can_win(&self, color: &JsValue) -> Result<JsValue, JsValue> {
        let color = color_from_js(color)?;
        Ok(match self.position()?.winnability(color).known() {
            Some(known) => JsValue::from_bool(known),
            None => JsValue::NULL,
        })
    }

    /// The kind of proof behind `can_win(color)` being `false`: `"material"`, `"game_over"`,
    /// `"blocked_structure"` or `"exhausted_search"`; `null` when it is not `false`.
    pub fn cannot_win_proof(&self, color: &JsValue) -> Result<JsValue, JsValue> {
        let color = color_from_js(color)?;
        Ok(match self.position()?.winnability_with_proof(color).1 {
            Some(proof) => JsValue::from_str(proof.name()),
            None => JsValue::NULL,
        })
    }

    /// Whether the side to move may claim a draw.
    pub fn can_claim_draw(&self) -> Result<bool, JsValue> {
        Ok(self.game()?.can_claim_draw())
    }

    /// chess.js's `isDraw()` on either board: the game is drawn, or a draw can be claimed
    /// (the outcome counting claims has no winner).
    pub fn is_draw(&self) -> Result<bool, JsValue> {
        Ok(self
            .game()?
            .outcome_claiming(true)
            .is_some_and(|outcome| outcome.winner.is_none()))
    }

    /// chess.js's `isThreefoldRepetition()`: the position has occurred three times or more.
    pub fn is_threefold_repetition(&self) -> Result<bool, JsValue> {
        Ok(self.game()?.repetitions() >= 3)
    }

    /// chess.js's `hash()`: the position's zobrist key in hexadecimal (chess: its Polyglot
    /// key).
    pub fn hash(&self) -> Result<String, JsValue> {
        Ok(format!("{:x}", self.position()?.zobrist()))
    }

    /// chess.js's `moveNumber()`: the FEN's move number.
    pub fn move_number(&self) -> f64 {
        self.fen()
            .split(' ')
            .nth(5)
            // An integer parse: a float parse would bring its tables into the `.wasm`.
            .and_then(|n| n.parse::<u32>().ok())
            .map_or(1.0, f64::from)
    }

    /// Whether the game is over, counting claimable draws when `claim_draw` is truthy.
    pub fn is_game_over(&self, claim_draw: &JsValue) -> Result<bool, JsValue> {
        Ok(self.game()?.is_game_over(js::flag(claim_draw)))
    }

    /// The outcome as `{termination, winner, result}`, or `null` while the game goes on.
    pub fn outcome(&self, claim_draw: &JsValue) -> Result<JsValue, JsValue> {
        Ok(match self.game()?.outcome_claiming(js::flag(claim_draw)) {
            Some(outcome) => outcome_object::<V>(outcome),
            None => JsValue::NULL,
        })
    }

    /// Leaf nodes of the legal-move tree `depth` plies deep.
    pub fn perft(&self, depth: &JsValue) -> Result<f64, JsValue> {
        let depth = js::integer(depth, "depth", MAX_PERFT_DEPTH)?;
        Ok(qipan::perft(self.position()?, depth) as f64)
    }

    /// An SVG picture of the position.
    #[cfg(feature = "svg")]
    pub fn svg(&self) -> Result<String, JsValue> {
        Ok(self.position()?.svg())
    }
}

/// A move refused by the core board as a JS error.
fn play_error<E: std::fmt::Display>(e: &PlayError<E>) -> JsValue {
    match e {
        PlayError::Move(e) => js::move_error(e),
        PlayError::NotPlayable(e) => js::error(ErrorKind::InvalidFen, &e.to_string()),
    }
}

/// The rules argument: `undefined`/`null` for the default rules, a rule-set name read by the
/// core (the same names and error text as the command line and Python), or an object the game
/// reads itself ([`JsVariant::rules_from_object`]).
pub fn rules_from_js<V: JsVariant>(value: &JsValue) -> Result<V::Rules, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(V::Rules::default());
    }
    if let Some(name) = value.as_string() {
        return name
            .parse::<V::Rules>()
            .map_err(|e| js::named_error("TypeError", &e.to_string()));
    }
    V::rules_from_object(value)
}

/// chess.js's letter of a side: `"w"` for White (and Red), `"b"` for Black.
pub fn color_letter(color: Color) -> &'static str {
    match color {
        Color::White => "w",
        Color::Black => "b",
    }
}

/// A colour argument: `"white"`, `"red"`, `"black"` or their first letters (any case), or a
/// boolean as in python-chess (`true` for White / Red).
pub fn color_from_js(value: &JsValue) -> Result<Color, JsValue> {
    if let Some(white) = value.as_bool() {
        return Ok(if white { Color::White } else { Color::Black });
    }
    value
        .as_string()
        .and_then(|name| Color::from_name(&name))
        .ok_or_else(|| {
            js::named_error(
                "TypeError",
                "a colour is \"white\", \"red\", \"black\" (or w, r, b) or a boolean",
            )
        })
}

/// `{termination, winner, result}` for JS.
fn outcome_object<V: Variant>(outcome: Outcome) -> JsValue {
    let object = Object::new();
    let winner = outcome
        .winner
        .map_or(JsValue::NULL, |c| JsValue::from_str(V::color_name(c)));
    let fields = [
        (
            "termination",
            JsValue::from_str(outcome.termination.as_str()),
        ),
        ("winner", winner),
        ("result", JsValue::from_str(outcome.result())),
    ];
    for (key, value) in fields {
        // Setting a data property on a fresh plain object cannot fail.
        let _ = Reflect::set(&object, &JsValue::from_str(key), &value);
    }
    object.into()
}
