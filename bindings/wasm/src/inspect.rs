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
use crate::setup::{JsSetup, PieceCode, Point};
use crate::verbose::insertion_sort;

#[wasm_bindgen(inline_js = "
export function qipanPiece(letter) {
  const type = letter.toLowerCase();
  return { type, color: letter === type ? 'b' : 'w' };
}
export function qipanBoard(letters, files, topRank) {
  const rows = [];
  for (let i = 0, rank = topRank; i < letters.length; i += files, rank--) {
    const row = new Array(files);
    for (let j = 0; j < files; j++) {
      const letter = letters[i + j];
      if (letter === '.') {
        row[j] = null;
      } else {
        const type = letter.toLowerCase();
        row[j] = { square: String.fromCharCode(97 + j) + rank, type, color: letter === type ? 'b' : 'w' };
      }
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
    #[wasm_bindgen(js_name = qipanBoard)]
    fn board_rows(letters: &str, files: u32, top_rank: u32) -> Array;
}

/// The FEN letter of a piece.
fn fen_letter((letter, color): PieceCode) -> char {
    match color {
        Color::White => letter.to_ascii_uppercase(),
        Color::Black => letter,
    }
}

/// A square argument, or `None` for anything that is not a square's name.
fn point<S: JsSetup>(value: &JsValue) -> Option<Point> {
    value.as_string().and_then(|name| S::parse(&name))
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
        point::<V::Setup>(square)
            .and_then(|p| self.setup().piece(p))
            .map_or(JsValue::UNDEFINED, |piece| {
                piece_object(&fen_letter(piece).to_string())
            })
    }

    /// chess.js's `put({type, color}, square)`: `true` when the piece now stands there.
    pub fn put(&mut self, piece: &JsValue, square: &JsValue) -> bool {
        let (Some(piece), Some(point)) = (piece_code(piece), point::<V::Setup>(square)) else {
            return false;
        };
        self.edit(|setup| setup.place(point, Some(piece)))
    }

    /// chess.js's `remove(square)`: the piece taken off, or `undefined`.
    pub fn remove(&mut self, square: &JsValue) -> JsValue {
        let Some(point) = point::<V::Setup>(square) else {
            return JsValue::UNDEFINED;
        };
        let taken = self.get(square);
        if !taken.is_undefined() {
            self.edit(|setup| setup.place(point, None));
        }
        taken
    }

    /// chess.js's `clear()`: an empty board, White / Red to move, history gone (a board that
    /// cannot be played until the kings are put back).
    pub fn clear(&mut self) {
        self.set_up(V::Setup::empty());
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
        let setup = self.setup();
        let letters: String = V::Setup::points()
            .map(|p| setup.piece(p).map_or('.', fen_letter))
            .collect();
        let top_rank = V::Setup::RANKS - 1 + V::Setup::FIRST_RANK;
        board_rows(&letters, u32::from(V::Setup::FILES), u32::from(top_rank))
    }

    /// chess.js's `ascii()`: the board in a frame, rank numbers on the left, files below.
    pub fn ascii(&self) -> String {
        let setup = self.setup();
        let files = usize::from(V::Setup::FILES);
        let frame = format!("   +{}+\n", "-".repeat(3 * files));
        let mut out = frame.clone();
        for rank in (0..V::Setup::RANKS).rev() {
            out.push_str(&format!(" {} |", rank + V::Setup::FIRST_RANK));
            for file in 0..V::Setup::FILES {
                let letter = setup.piece(Point { file, rank }).map_or('.', fen_letter);
                out.push_str(&format!(" {letter} "));
            }
            out.push_str("|\n");
        }
        out.push_str(&frame);
        out.push_str("    ");
        for file in 0..V::Setup::FILES {
            out.push_str(&format!(" {} ", char::from(b'a' + file)));
        }
        // chess.js ends the file row without its last space.
        out.truncate(out.trim_end().len());
        out
    }

    /// chess.js's `attackers(square, color?)`: the squares of `color`'s pieces (the side to
    /// move's when left out) that attack `square`, in board order.
    pub fn attackers(&self, square: &JsValue, color: &JsValue) -> Result<Array, JsValue> {
        let setup = self.setup();
        let by = if color.is_undefined() || color.is_null() {
            setup.turn()
        } else {
            color_from_js(color)?
        };
        let out = Array::new();
        if let Some(p) = point::<V::Setup>(square) {
            // chess.js lists them from the last rank down, each rank from file a.
            let mut found: Vec<(u32, Point)> = setup
                .attackers(p, by)
                .into_iter()
                .map(|q| {
                    (
                        u32::from(V::Setup::RANKS - q.rank) << 4 | u32::from(q.file),
                        q,
                    )
                })
                .collect();
            insertion_sort(&mut found);
            for (_, q) in found {
                out.push(&JsValue::from_str(&V::Setup::name(q)));
            }
        }
        Ok(out)
    }

    /// chess.js's `isAttacked(square, color)`: whether a piece of `color` attacks `square`.
    pub fn is_attacked(&self, square: &JsValue, color: &JsValue) -> Result<bool, JsValue> {
        let by = color_from_js(color)?;
        Ok(point::<V::Setup>(square).is_some_and(|p| !self.setup().attackers(p, by).is_empty()))
    }

    /// The side to move as chess.js names it.
    pub fn turn_letter(&self) -> &'static str {
        color_letter(self.setup().turn())
    }
}
