//! [`Board`]: the board logic of both JS classes, written once over any [`JsVariant`].
//!
//! Every method takes its arguments as `JsValue`s, checks them (see [`crate::js`]) and answers
//! with a JS value or a named JS `Error`. A failed call never changes the board: moves are parsed
//! and checked against the current position before anything is pushed.

use js_sys::{Array, Object, Reflect};
use qipan::{shorten, Color, ErrorKind, Game, MoveError, Outcome, Variant, MAX_PERFT_DEPTH};
use wasm_bindgen::JsValue;

use crate::games::{JsVariant, Played};
use crate::js;

/// A game of `V` as the JS classes see it: a [`Game`] with string moves in and out.
#[derive(Debug, Clone)]
pub struct Board<V: JsVariant> {
    pub(crate) game: Game<V>,
    /// The record's headers and comments ([`crate::records`]).
    pub(crate) record: crate::records::Record,
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
        let start = if fen.is_undefined() || fen.is_null() {
            V::start_with(&rules)
        } else {
            let text = js::text(fen, ErrorKind::InvalidFen, "FEN", js::MAX_FEN_LEN)?;
            V::from_fen_for(text.trim(), &rules).map_err(|e| {
                js::error(
                    ErrorKind::InvalidFen,
                    &format!("invalid FEN {:?}: {e}", shorten(&text)),
                )
            })?
        };
        Ok(Board {
            game: Game::with_rules(start, rules),
            record: Default::default(),
        })
    }

    /// A board from `start` under the rules its mode implies (Chess960 for a Chess960 start).
    pub fn from_position(start: V) -> Self {
        Board {
            game: Game::from_position(start),
            record: Default::default(),
        }
    }

    /// The game behind the board.
    pub fn game(&self) -> &Game<V> {
        &self.game
    }

    /// The current position.
    pub fn position(&self) -> &V {
        self.game.position()
    }

    /// The legal moves in coordinate notation, as a JS array of strings.
    pub fn legal_moves(&self) -> Array {
        let pos = self.position();
        let moves = pos.legal_moves();
        V::with_names(|names| names.names(moves.iter().map(|&mv| Played(pos, mv))))
    }

    /// Parses `text` with `parse` and plays the move; answers the move in coordinate notation.
    pub fn push_with(&mut self, text: &JsValue, parse: Parser<V>) -> Result<JsValue, JsValue> {
        let text = js::text(text, ErrorKind::InvalidMove, "move", js::MAX_MOVE_LEN)?;
        let pos = self.position();
        let mv = parse(pos, text.trim()).map_err(|e| js::move_error(&e))?;
        // The parsers answer legal moves only; `Game::push` checks once more, so a parser bug
        // cannot corrupt the board.
        let name = V::with_names(|names| names.name(Played(pos, mv)));
        self.game.push(mv).map_err(|e| js::move_error(&e))?;
        Ok(name)
    }

    /// Writes the legal move `text` (coordinate notation) with `write`.
    pub fn notate_with(&self, text: &JsValue, write: Writer<V>) -> Result<String, JsValue> {
        let text = js::text(text, ErrorKind::InvalidMove, "move", js::MAX_MOVE_LEN)?;
        let pos = self.position();
        let mv = pos
            .parse_move(text.trim())
            .map_err(|e| js::move_error(&e))?;
        Ok(write(pos, mv))
    }

    /// Takes back the last move; answers it in coordinate notation, `undefined` at the start.
    pub fn pop(&mut self) -> JsValue {
        match self.game.pop() {
            // The move was played from what is now the current position.
            Some(mv) => V::with_names(|names| names.name(Played(self.game.position(), mv))),
            None => JsValue::UNDEFINED,
        }
    }

    /// The moves played so far, in coordinate notation.
    pub fn history(&self) -> Array {
        let played = self
            .game
            .positions()
            .iter()
            .zip(self.game.moves().iter().copied());
        V::with_names(|names| names.names(played.map(|(pos, mv)| Played(pos, mv))))
    }

    /// The current position as FEN.
    pub fn fen(&self) -> String {
        self.position().fen()
    }

    /// The side to move: `"white"`/`"black"`, or `"red"`/`"black"` in Xiangqi.
    pub fn turn(&self) -> String {
        V::color_name(self.position().turn()).to_owned()
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.position().is_check()
    }

    /// Whether the side to move is in check and has no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.position().is_checkmate()
    }

    /// Whether the side to move is not in check and has no legal move.
    pub fn is_stalemate(&self) -> bool {
        self.position().is_stalemate()
    }

    /// The name of the rule set in force (`"fide"`, `"chess960"`, `"asian"`, `"chinese"`, `"simple"`).
    pub fn rules(&self) -> String {
        self.game.rules().to_string()
    }

    /// `color` resigns; `false` (and nothing changes) when the game is already over.
    pub fn resign(&mut self, color: &JsValue) -> Result<bool, JsValue> {
        Ok(self.game.resign(color_from_js(color)?))
    }

    /// Both sides agree to a draw; `false` when the game is already over.
    pub fn agree_draw(&mut self) -> bool {
        self.game.agree_draw()
    }

    /// `color` runs out of time: a loss, or a draw when the opponent cannot win (the core's
    /// [`Game::flag`]); `false` when the game is already over.
    pub fn flag(&mut self, color: &JsValue) -> Result<bool, JsValue> {
        Ok(self.game.flag(color_from_js(color)?))
    }

    /// Whether neither side can win by any legal sequence of moves.
    pub fn is_insufficient_material(&self) -> bool {
        self.position().is_insufficient_material()
    }

    /// Whether neither side can win by any legal sequence of moves, proven (chess: the
    /// unwinnability analysis, FIDE 1.3 / 5.2.2; Xiangqi: the material test).
    pub fn is_dead_position(&self) -> bool {
        self.position().is_dead_position()
    }

    /// Whether `color` (`"white"`, `"black"`, `"red"`) can still win: `true` (a winning line
    /// exists), `false` (proven impossible) or `null` (undetermined within the analysis's bound).
    pub fn can_win(&self, color: &JsValue) -> Result<JsValue, JsValue> {
        let color = color_from_js(color)?;
        Ok(match self.position().winnable(color) {
            Some(known) => JsValue::from_bool(known),
            None => JsValue::NULL,
        })
    }

    /// Whether the side to move may claim a draw.
    pub fn can_claim_draw(&self) -> bool {
        self.game.can_claim_draw()
    }

    /// Whether the game is over, counting claimable draws when `claim_draw` is truthy.
    pub fn is_game_over(&self, claim_draw: &JsValue) -> bool {
        self.game.is_game_over(js::flag(claim_draw))
    }

    /// The outcome as `{termination, winner, result}`, or `null` while the game goes on.
    pub fn outcome(&self, claim_draw: &JsValue) -> JsValue {
        match self.game.outcome_claiming(js::flag(claim_draw)) {
            Some(outcome) => outcome_object::<V>(outcome),
            None => JsValue::NULL,
        }
    }

    /// Leaf nodes of the legal-move tree `depth` plies deep.
    pub fn perft(&self, depth: &JsValue) -> Result<f64, JsValue> {
        let depth = js::integer(depth, "depth", MAX_PERFT_DEPTH)?;
        Ok(qipan::perft(self.position(), depth) as f64)
    }

    /// An SVG picture of the position.
    pub fn svg(&self) -> String {
        self.position().svg()
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

/// A colour argument: `"white"`, `"red"`, `"black"` or their first letters (any case), or a
/// boolean as in python-chess (`true` for White / Red).
fn color_from_js(value: &JsValue) -> Result<Color, JsValue> {
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
