//! `Book`: a Polyglot opening book read from a `Uint8Array`, looked up with a `ChessBoard`.
//! Every rule is the core's ([`qipan::chess::polyglot`]); entries come back in book order with
//! their moves as chess.js `Move` objects.

use js_sys::{Array, Function, Object, Reflect};
use qipan::chess::polyglot::{self, BookEntry};
use qipan::chess::{Chess, Move};
use wasm_bindgen::prelude::*;

use crate::chess::ChessBoard;
use crate::js;
use crate::verbose::describe_all;

#[wasm_bindgen(typescript_custom_section)]
const TS_BOOK: &'static str = r#"
/** An entry of a Polyglot book: the position's key, the move as stored, its weight and learn
 * value, and the legal move it stands for (a chess.js `Move`). */
export interface BookEntry {
  key: bigint;
  rawMove: number;
  weight: number;
  learn: number;
  move: Move;
}

/** Options of `Book.findAll` and `Book.find`. */
export interface BookLookupOptions {
  /** Leave out entries with a smaller weight (default 1). */
  minimumWeight?: number;
  /** Moves to leave out: SAN or UCI strings, or chess.js `Move` objects. */
  excludeMoves?: (string | { lan: string })[];
}
"#;

/// A Polyglot opening book held in memory.
#[wasm_bindgen]
pub struct Book {
    book: polyglot::Book<Vec<u8>>,
}

fn field(options: &JsValue, name: &str) -> JsValue {
    if options.is_object() {
        Reflect::get(options, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    }
}

/// `{minimumWeight, excludeMoves}`: the weight and the legal moves of `pos` to leave out.
fn lookup_options(pos: &Chess, options: &JsValue) -> Result<(u16, Vec<Move>), JsValue> {
    let minimum = field(options, "minimumWeight");
    let minimum = if minimum.is_undefined() {
        1
    } else {
        js::integer(&minimum, "minimumWeight", u32::from(u16::MAX))? as u16
    };
    let mut exclude = Vec::new();
    let moves = field(options, "excludeMoves");
    if !moves.is_undefined() {
        if !Array::is_array(&moves) {
            return Err(js::named_error(
                "TypeError",
                "excludeMoves must be an array",
            ));
        }
        for item in Array::from(&moves).iter() {
            let text = if item.is_string() {
                item
            } else {
                field(&item, "lan")
            };
            let text = js::text(
                &text,
                qipan::ErrorKind::InvalidMove,
                "move",
                js::MAX_MOVE_LEN,
            )?;
            if let Ok(mv) = qipan::Variant::parse_any(pos, &text) {
                exclude.push(mv);
            }
        }
    }
    Ok((minimum, exclude))
}

fn book_error(e: polyglot::BookError) -> JsValue {
    js::named_error("InvalidBookError", &e.to_string())
}

/// The JS entries of `found`, in order.
fn entries(pos: &Chess, found: &[BookEntry]) -> Array {
    let moves: Vec<Move> = found.iter().map(|f| f.mv).collect();
    let objects = describe_all(pos, &moves);
    let out = Array::new();
    for (f, mv) in found.iter().zip(objects.iter()) {
        let entry = Object::new();
        let set = |name: &str, value: JsValue| {
            // Setting a property on a fresh plain object cannot fail.
            let _ = Reflect::set(&entry, &JsValue::from_str(name), &value);
        };
        set("key", js_sys::BigInt::from(f.entry.key).into());
        set("rawMove", f.entry.raw_move.into());
        set("weight", f.entry.weight.into());
        set("learn", f.entry.learn.into());
        set("move", mv);
        out.push(&entry);
    }
    out
}

/// `random()` in [0, 1) (Math.random when not given) scaled to `0..n`.
fn draw(random: &Option<Function>, n: u64) -> u64 {
    let value = match random {
        Some(f) => f.call0(&JsValue::NULL).ok().and_then(|v| v.as_f64()),
        None => Some(js_sys::Math::random()),
    };
    let value = value
        .filter(|v| v.is_finite())
        .unwrap_or(0.0)
        .clamp(0.0, 1.0);
    ((value * n as f64) as u64).min(n - 1)
}

#[wasm_bindgen]
impl Book {
    /// A book from its bytes. Throws `InvalidBookError` when the length is not a multiple of 16.
    #[wasm_bindgen(constructor)]
    pub fn new(data: &[u8]) -> Result<Book, JsValue> {
        Ok(Book {
            book: polyglot::Book::from_bytes(data.to_vec()).map_err(book_error)?,
        })
    }

    /// The number of entries.
    #[wasm_bindgen(getter)]
    pub fn size(&self) -> f64 {
        self.book.len() as f64
    }

    /// The entries of the board's position in book order (legal moves only; castling written
    /// king-takes-rook is the castling move), as python-chess's `find_all`.
    #[wasm_bindgen(js_name = findAll, unchecked_return_type = "BookEntry[]")]
    pub fn find_all(
        &self,
        board: &ChessBoard,
        #[wasm_bindgen(unchecked_optional_param_type = "BookLookupOptions")] options: JsValue,
    ) -> Result<Array, JsValue> {
        let pos = board.chess_position()?;
        let (minimum, exclude) = lookup_options(pos, &options)?;
        let found = self
            .book
            .find_all(pos, minimum, &exclude)
            .map_err(book_error)?;
        Ok(entries(pos, &found))
    }

    /// The entry with the highest weight (the first of equals), or `null`.
    #[wasm_bindgen(unchecked_return_type = "BookEntry | null")]
    pub fn find(
        &self,
        board: &ChessBoard,
        #[wasm_bindgen(unchecked_optional_param_type = "BookLookupOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let pos = board.chess_position()?;
        let (minimum, exclude) = lookup_options(pos, &options)?;
        let found = self.book.find(pos, minimum, &exclude).map_err(book_error)?;
        Ok(found.map_or(JsValue::NULL, |f| entries(pos, &[f]).get(0)))
    }

    /// An entry chosen with probability proportional to its weight, or `null`; `random` returns
    /// numbers in [0, 1) like `Math.random` (the default).
    #[wasm_bindgen(js_name = weightedChoice, unchecked_return_type = "BookEntry | null")]
    pub fn weighted_choice(
        &self,
        board: &ChessBoard,
        #[wasm_bindgen(unchecked_optional_param_type = "() => number")] random: Option<Function>,
    ) -> Result<JsValue, JsValue> {
        let pos = board.chess_position()?;
        let found = self
            .book
            .weighted_choice(pos, &[], |n| draw(&random, n))
            .map_err(book_error)?;
        Ok(found.map_or(JsValue::NULL, |f| entries(pos, &[f]).get(0)))
    }
}
