//! [`Board`]: the board logic of both JS classes, written once over any [`JsVariant`].
//!
//! Every method takes its arguments as `JsValue`s, checks them (see [`crate::js`]) and answers
//! with a JS value or a named JS `Error`. A failed call never changes the board: moves are parsed
//! and checked against the current position before anything is pushed.

use js_sys::{Array, Object, Reflect};
use qipan::{ErrorKind, Game, MoveError, Outcome, Variant};
use wasm_bindgen::JsValue;

use crate::js;
use crate::names::NameTable;

/// The deepest perft the classes run (chess depth 7 already takes about half a minute).
pub const MAX_PERFT_DEPTH: u32 = 10;

/// What a game needs beyond [`Variant`] to become a JS class.
pub trait JsVariant: Variant {
    /// Reads the rules argument of the constructor (`undefined` means the default rules).
    fn rules_from_js(value: &JsValue) -> Result<Self::Rules, JsValue>;
    /// Whether neither side can win by any legal sequence of moves.
    fn is_insufficient_material(&self) -> bool;
    /// The slot of `mv`'s coordinate text in the variant's [`NameTable`]: equal slots must mean
    /// equal text (a chess castle is written differently in Chess960 mode, so it has its own).
    fn name_slot(&self, mv: Self::Move) -> u16;
    /// Runs `f` on the variant's [`NameTable`] (one per variant, shared by all boards).
    fn with_names<R>(f: impl FnOnce(&NameTable) -> R) -> R;
}

/// A game of `V` as the JS classes see it: a [`Game`] with string moves in and out.
#[derive(Debug, Clone)]
pub struct Board<V: JsVariant> {
    game: Game<V>,
}

/// A parser of one notation (coordinates, SAN, WXF, Chinese).
pub type Parser<V> = fn(&V, &str) -> Result<<V as Variant>::Move, MoveError>;
/// A writer of one notation.
pub type Writer<V> = fn(&V, <V as Variant>::Move) -> String;

impl<V: JsVariant> Board<V> {
    /// A board from a FEN (`undefined` or `null`: the start position) under the given rules.
    pub fn new(fen: &JsValue, rules: &JsValue) -> Result<Self, JsValue> {
        let rules = V::rules_from_js(rules)?;
        let start = if fen.is_undefined() || fen.is_null() {
            V::start()
        } else {
            let text = js::text(fen, ErrorKind::InvalidFen, "FEN", js::MAX_FEN_LEN)?;
            V::from_fen(text.trim()).map_err(|e| {
                js::error(ErrorKind::InvalidFen, &format!("invalid FEN {text:?}: {e}"))
            })?
        };
        Ok(Board {
            game: Game::with_rules(start, rules),
        })
    }

    /// A board from `start` under the default rules.
    pub fn from_position(start: V) -> Self {
        Board {
            game: Game::from_position(start),
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
        V::with_names(|names| names.names(moves.iter().map(|&mv| (pos, mv))))
    }

    /// Parses `text` with `parse` and plays the move; answers the move in coordinate notation.
    pub fn push_with(&mut self, text: &JsValue, parse: Parser<V>) -> Result<JsValue, JsValue> {
        let text = js::text(text, ErrorKind::InvalidMove, "move", js::MAX_MOVE_LEN)?;
        let pos = self.position();
        let mv = parse(pos, text.trim()).map_err(|e| js::move_error(&e))?;
        // The parsers answer legal moves only; `Game::push` checks once more, so a parser bug
        // cannot corrupt the board.
        let name = V::with_names(|names| names.name(pos, mv));
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
            Some(mv) => V::with_names(|names| names.name(self.game.position(), mv)),
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
        V::with_names(|names| names.names(played))
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
        let pos = self.position();
        pos.is_check() && pos.count_legal_moves() == 0
    }

    /// Whether the side to move is not in check and has no legal move.
    pub fn is_stalemate(&self) -> bool {
        let pos = self.position();
        !pos.is_check() && pos.count_legal_moves() == 0
    }

    /// Whether neither side can win by any legal sequence of moves.
    pub fn is_insufficient_material(&self) -> bool {
        self.position().is_insufficient_material()
    }

    /// Whether neither side can win by any legal sequence of moves, proven (chess: the
    /// unwinnability analysis, FIDE 1.3 / 5.2.2; Xiangqi: the material test).
    pub fn is_dead_position(&self) -> bool {
        let pos = self.position();
        qipan::Color::ALL.into_iter().all(|c| pos.cannot_win(c))
    }

    /// Whether `color` (`"white"`, `"black"`, `"red"`) can still win: `true` (a winning line
    /// exists), `false` (proven impossible) or `null` (undetermined within the analysis's bound).
    pub fn can_win(&self, color: &JsValue) -> Result<JsValue, JsValue> {
        let name = js::text(color, ErrorKind::InvalidMove, "color", 16)?.to_ascii_lowercase();
        let Some(color) = qipan::Color::ALL
            .into_iter()
            .find(|&c| V::color_name(c) == name || c.name() == name)
        else {
            return Err(js::named_error(
                "TypeError",
                &format!("color must be \"white\", \"black\" or \"red\", not {name:?}"),
            ));
        };
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
