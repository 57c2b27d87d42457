//! chess.js's inspection and setup methods on a [`Board`] of either game: `get`, `put`,
//! `remove`, `board()`, `ascii()`, `isAttacked`, `attackers`, `clear`, `reset`.
//!
//! Squares are read as chess.js reads them: a name that is not a square of the board (or not a
//! string) finds nothing — `get` answers `undefined`, `put` `false`, `attackers` `[]` — rather
//! than throwing. Pieces cross the boundary as one string of FEN letters that a small JS function
//! turns into chess.js's `{type, color}` objects.

use js_sys::{Array, Reflect};
use qipan::Color;
use wasm_bindgen::prelude::*;

use crate::board::{color_from_js, color_letter, Board};
use crate::games::JsVariant;
use crate::setup::{self, PieceCode, Point};
use crate::verbose::insertion_sort;

#[wasm_bindgen(inline_js = "
export function qipanPiece(letter) {
  const type = letter.toLowerCase();
  return { type, color: letter === type ? 'b' : 'w' };
}
// Square names by point (rank * 16 + file), built once: board() names every piece's square.
const QIPAN_SQUARE_NAMES = [];
for (let rank = 0; rank < 10; rank++) {
  for (let file = 0; file < 16; file++) QIPAN_SQUARE_NAMES[rank * 16 + file] = String.fromCharCode(97 + file) + rank;
}
// A FEN letter's code to chess.js's type and colour.
const QIPAN_TYPES = [];
const QIPAN_COLORS = [];
for (let code = 65; code < 123; code++) {
  const letter = String.fromCharCode(code);
  QIPAN_TYPES[code] = letter.toLowerCase();
  QIPAN_COLORS[code] = letter === letter.toLowerCase() ? 'b' : 'w';
}
export function qipanBoard(letters, files, topRank) {
  const rows = [];
  for (let i = 0, rank = topRank; i < letters.length; i += files, rank--) {
    const row = new Array(files);
    for (let j = 0; j < files; j++) {
      const code = letters[i + j];
      row[j] = code === 46 ? null
        : { square: QIPAN_SQUARE_NAMES[rank * 16 + j], type: QIPAN_TYPES[code], color: QIPAN_COLORS[code] };
    }
    rows.push(row);
  }
  return rows;
}
")]
extern "C" {
    /// chess.js's `{type, color}` of a FEN letter.
    #[wasm_bindgen(js_name = qipanPiece)]
    fn piece_object(letter: &str) -> JsValue;
    /// chess.js's `board()`: rows of `{square, type, color}` or `null` from one letter a point
    /// (`.` for empty) in board order, `files` a row, the first row's rank number `top_rank`.
    /// Bytes, not a string: JS reads them in place, with no text decoding.
    #[wasm_bindgen(js_name = qipanBoard)]
    fn board_rows(letters: &[u8], files: u32, top_rank: u32) -> Array;
}

/// The FEN letter of a piece.
fn fen_letter((letter, color): PieceCode) -> char {
    match color {
        Color::White => letter.to_ascii_uppercase(),
        Color::Black => letter,
    }
}

/// A square argument, or `None` for anything that is not a square's name.
fn point<V: JsVariant>(value: &JsValue) -> Option<Point> {
    value.as_string().and_then(|name| setup::parse::<V>(&name))
}

/// A `{type, color}` argument: chess.js's piece letters (any case; Xiangqi also `e`, `h`) and
/// `"w"`/`"b"` (also the names the other methods take); `None` for anything else.
fn piece_code(value: &JsValue) -> Option<PieceCode> {
    if !value.is_object() {
        return None;
    }
    let field = |name: &str| Reflect::get(value, &JsValue::from_str(name)).ok();
    let letter = field("type")?.as_string()?;
    let &[letter] = letter.as_bytes() else {
        return None;
    };
    let color = field("color")?;
    let color = color_from_js(&color).ok()?;
    Some((char::from(letter).to_ascii_lowercase(), color))
}

impl<V: JsVariant> Board<V> {
    /// chess.js's `get(square)`: `{type, color}` or `undefined`.
    pub fn get(&self, square: &JsValue) -> JsValue {
        point::<V>(square)
            .and_then(|p| setup::piece::<V>(&self.setup(), p))
            .map_or(JsValue::UNDEFINED, |piece| {
                piece_object(&fen_letter(piece).to_string())
            })
    }

    /// chess.js's `put({type, color}, square)`: `true` when the piece now stands there.
    pub fn put(&mut self, piece: &JsValue, square: &JsValue) -> bool {
        let (Some(piece), Some(point)) = (piece_code(piece), point::<V>(square)) else {
            return false;
        };
        self.edit(|s| setup::place::<V>(s, point, Some(piece)))
    }

    /// chess.js's `remove(square)`: the piece taken off, or `undefined`.
    pub fn remove(&mut self, square: &JsValue) -> JsValue {
        let Some(point) = point::<V>(square) else {
            return JsValue::UNDEFINED;
        };
        let taken = self.get(square);
        // An edit even on an empty square: chess.js then drops the castling rights and the en
        // passant square the board no longer supports, as after any `remove`.
        self.edit(|s| setup::place::<V>(s, point, None));
        taken
    }

    /// chess.js's `clear()`: an empty board, White / Red to move, history gone (a board that
    /// cannot be played until the kings are put back).
    pub fn clear(&mut self) {
        self.set_up(V::empty_setup(self.core.rules()));
        // chess.js's clear() drops the headers and comments too.
        #[cfg(feature = "records")]
        {
            self.record = Default::default();
        }
    }

    /// chess.js's `reset()`: the start position of the rules in force, history gone.
    pub fn reset(&mut self) {
        let rules = self.game_rules();
        self.set_up(V::start_with(&rules).setup_of());
        // chess.js's reset() is a load(), which drops the headers and comments.
        #[cfg(feature = "records")]
        {
            self.record = Default::default();
        }
    }

    /// chess.js's `board()`: rows from the last rank down, each from file `a`, of
    /// `{square, type, color}` or `null`.
    pub fn board(&self) -> Array {
        let now = self.setup();
        // FEN letters are ASCII.
        let letters: Vec<u8> = setup::points::<V>()
            .map(|p| setup::piece::<V>(&now, p).map_or(b'.', |code| fen_letter(code) as u8))
            .collect();
        let top_rank = setup::ranks::<V>() - 1 + V::FIRST_RANK;
        board_rows(
            &letters,
            u32::from(setup::files::<V>()),
            u32::from(top_rank),
        )
    }

    /// chess.js's `ascii()`: the board in a frame, rank numbers on the left, files below (the
    /// core's [`qipan::board::framed_text`]).
    pub fn ascii(&self) -> String {
        qipan::board::framed_text::<V>(&self.setup())
    }

    /// chess.js's `findPiece({type, color})`: the squares the piece stands on, from the last
    /// rank down, each rank from file `a`; `[]` for a piece the board does not know.
    pub fn find_piece(&self, piece: &JsValue) -> Array {
        let out = Array::new();
        // The piece as the board names it (Xiangqi's `e` and `h` are its `b` and `n`).
        let Some(wanted) = piece_code(piece)
            .and_then(|(letter, color)| V::piece_of_code(letter, color))
            .map(V::piece_code)
        else {
            return out;
        };
        let now = self.setup();
        // From the last rank down, each rank from file a, as chess.js lists them.
        for p in setup::points::<V>() {
            if setup::piece::<V>(&now, p) == Some(wanted) {
                out.push(&JsValue::from_str(&setup::name::<V>(p)));
            }
        }
        out
    }

    /// chess.js's `attackers(square, color?)`: the squares of `color`'s pieces (the side to
    /// move's when left out) that attack `square`, in board order.
    pub fn attackers(&self, square: &JsValue, color: &JsValue) -> Result<Array, JsValue> {
        let now = self.setup();
        let by = if color.is_undefined() || color.is_null() {
            V::setup_turn(&now)
        } else {
            color_from_js(color)?
        };
        let out = Array::new();
        if let Some(p) = point::<V>(square) {
            // chess.js lists them from the last rank down, each rank from file a.
            let mut found: Vec<(u32, Point)> = setup::attackers::<V>(&now, p, by)
                .into_iter()
                .map(|q| {
                    (
                        u32::from(setup::ranks::<V>() - q.rank) << 4 | u32::from(q.file),
                        q,
                    )
                })
                .collect();
            insertion_sort(&mut found);
            for (_, q) in found {
                out.push(&JsValue::from_str(&setup::name::<V>(q)));
            }
        }
        Ok(out)
    }

    /// chess.js's `isAttacked(square, color)`: whether a piece of `color` attacks `square`.
    pub fn is_attacked(&self, square: &JsValue, color: &JsValue) -> Result<bool, JsValue> {
        let by = color_from_js(color)?;
        Ok(point::<V>(square)
            .is_some_and(|p| !setup::attackers::<V>(&self.setup(), p, by).is_empty()))
    }

    /// The side to move as chess.js names it.
    pub fn turn_letter(&self) -> &'static str {
        color_letter(V::setup_turn(&self.setup()))
    }
}
