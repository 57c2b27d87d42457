//! chess.js's moves on a [`Board`] of either game: `moves({verbose, square, piece})`,
//! `move(sanOrObject)` and `undo()`, with chess.js's `Move` objects.
//!
//! A list of moves crosses the boundary in one call: the facts of every move packed in a
//! `Uint32Array`, and the notations and FENs in one string, which a small JS function turns into
//! `Move` objects (the same fields and methods as chess.js 1.4.0's `Move`).

use js_sys::{Array, Reflect};
use qipan::{Color, ErrorKind};
use wasm_bindgen::prelude::*;

use crate::board::Board;
use crate::games::{JsVariant, MoveFacts};
use crate::js;
use crate::setup::{self, Point};

#[wasm_bindgen(inline_js = "
class Move {
  color; from; to; piece; captured; promotion; flags; san; lan; before; after;
  isCapture() { return this.flags.indexOf('c') > -1; }
  isPromotion() { return this.flags.indexOf('p') > -1; }
  isEnPassant() { return this.flags.indexOf('e') > -1; }
  isKingsideCastle() { return this.flags.indexOf('k') > -1; }
  isQueensideCastle() { return this.flags.indexOf('q') > -1; }
  isBigPawn() { return this.flags.indexOf('b') > -1; }
}
const FLAGS = ['n', 'c', 'b', 'e', 'p', 'k', 'q', '-'];
function square(code, firstRank) {
  return String.fromCharCode(97 + (code & 15)) + ((code >> 4) + firstRank);
}
export function qipanLines(text) {
  return text === '' ? [] : text.split('\\n');
}
export function qipanMoves(packed, texts, firstRank) {
  const lines = texts.split('\\n');
  const out = new Array(packed.length >> 1);
  let before = '';
  for (let i = 0; i < out.length; i++) {
    const facts = packed[2 * i], pieces = packed[2 * i + 1];
    const m = new Move();
    m.color = (facts >>> 24) & 1 ? 'b' : 'w';
    m.from = square(facts & 255, firstRank);
    m.to = square((facts >> 8) & 255, firstRank);
    m.piece = String.fromCharCode(pieces & 255);
    if ((pieces >> 8) & 255) m.captured = String.fromCharCode((pieces >> 8) & 255);
    if (pieces >> 16) m.promotion = String.fromCharCode(pieces >> 16);
    let flags = '';
    for (let bit = 0; bit < 8; bit++) if ((facts >> 16) & (1 << bit)) flags += FLAGS[bit];
    m.flags = flags;
    m.san = lines[3 * i];
    m.lan = m.from + m.to + (m.promotion ?? '');
    // An empty line: the same position as the move before.
    if (lines[3 * i + 1] !== '') before = lines[3 * i + 1];
    m.before = before;
    m.after = lines[3 * i + 2];
    out[i] = m;
  }
  return out;
}
")]
extern "C" {
    /// The lines of `text` (none for an empty text): a list of strings in one crossing.
    #[wasm_bindgen(js_name = qipanLines)]
    fn lines(text: &str) -> Array;
    /// chess.js `Move` objects from packed facts (two words a move: squares, flags and the
    /// mover's colour; the pieces' letters), `san`, `before` (empty: as the move before) and
    /// `after` lines, and the first rank's digit.
    #[wasm_bindgen(js_name = qipanMoves)]
    fn move_objects(packed: &[u32], texts: &str, first_rank: u8) -> Array;
}

/// A point as the JS function reads it: file in the low four bits, rank above.
fn code(p: Point) -> u32 {
    u32::from(p.file) | u32::from(p.rank) << 4
}

/// chess.js `Move` objects of the legal moves `moves` of `pos`.
pub(crate) fn describe_all<V: JsVariant>(pos: &V, moves: &[V::Move]) -> Array {
    describe_played(moves.iter().map(|&mv| (pos, mv)), moves.len())
}

/// chess.js `Move` objects of moves, each with the position it is played from (`count` of them).
fn describe_played<'a, V: JsVariant + 'a>(
    played: impl Iterator<Item = (&'a V, V::Move)>,
    count: usize,
) -> Array {
    let mut packed = Vec::with_capacity(2 * count);
    let mut texts = String::with_capacity(count * 80);
    let mut last: Option<&V> = None;
    for (i, (pos, mv)) in played.enumerate() {
        let MoveFacts {
            from,
            to,
            piece,
            captured,
            promotion,
            flags,
        } = pos.describe(mv);
        let black = u32::from(pos.turn() == Color::Black);
        packed.push(code(from) | code(to) << 8 | u32::from(flags) << 16 | black << 24);
        packed.push(
            u32::from(piece)
                | captured.map_or(0, u32::from) << 8
                | promotion.map_or(0, u32::from) << 16,
        );
        if i > 0 {
            texts.push('\n');
        }
        texts.push_str(&pos.notation(mv));
        texts.push('\n');
        // The FEN before is written once for a run of moves from the same position.
        if !last.is_some_and(|l| std::ptr::eq(l, pos)) {
            texts.push_str(&pos.fen());
        }
        last = Some(pos);
        texts.push('\n');
        let mut after = pos.clone();
        after.play_or_pass(mv);
        texts.push_str(&after.fen());
    }
    move_objects(&packed, &texts, V::FIRST_RANK)
}

/// Sorts by key, stably. A move list is short (a few dozen), and the standard library's sorts
/// would add about 10 kB to the module.
pub(crate) fn insertion_sort<T: Copy>(items: &mut [(u32, T)]) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && items[j - 1].0 > items[j].0 {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Reads `moves()`'s options: `{verbose, square, piece}`.
struct MovesOptions {
    verbose: bool,
    square: Option<String>,
    piece: Option<String>,
}

impl MovesOptions {
    fn read(value: &JsValue) -> MovesOptions {
        let field = |name: &str| {
            if value.is_object() {
                Reflect::get(value, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
            } else {
                JsValue::UNDEFINED
            }
        };
        MovesOptions {
            verbose: js::flag(&field("verbose")),
            // ASCII folding: squares and pieces are ASCII (and Unicode folding costs tables).
            square: field("square").as_string().map(|s| s.to_ascii_lowercase()),
            piece: field("piece").as_string().map(|s| s.to_ascii_lowercase()),
        }
    }
}

impl<V: JsVariant> Board<V> {
    /// chess.js's `moves({verbose, square, piece})`: the legal moves (from `square`, of the
    /// piece type `piece`), as the game's notation (SAN, WXF) or, verbose, as `Move` objects.
    pub fn moves(&self, options: &JsValue) -> Result<Array, JsValue> {
        let options = MovesOptions::read(options);
        let pos = self.position()?;
        // In chess.js's order, so that a ported program lists moves as it did (Xiangqi keeps the
        // core's order: equal keys stay in place).
        let mut keyed: Vec<(u32, V::Move)> = pos
            .legal_moves()
            .into_iter()
            .map(|mv| (pos.listing_key(mv), mv))
            .collect();
        insertion_sort(&mut keyed);
        let mut moves: Vec<V::Move> = keyed.into_iter().map(|(_, mv)| mv).collect();
        if options.square.is_some() || options.piece.is_some() {
            let square = match &options.square {
                // chess.js: a square that is not one gives no moves.
                Some(name) => match setup::parse::<V>(name) {
                    Some(p) => Some(p),
                    None => return Ok(Array::new()),
                },
                None => None,
            };
            let piece = options.piece.as_deref().and_then(|p| p.chars().next());
            moves.retain(|&mv| {
                let facts = pos.describe(mv);
                square.map_or(true, |p| facts.from == p) && piece.map_or(true, |c| facts.piece == c)
            });
        }
        if options.verbose {
            return Ok(describe_all(pos, &moves));
        }
        // One buffer for all the texts, each ending at its offset.
        let mut texts = String::with_capacity(moves.len() * 6);
        let mut ends = Vec::with_capacity(moves.len());
        for &mv in &moves {
            pos.push_notation(mv, &mut texts);
            ends.push(texts.len());
        }
        if let Some(strings) = crate::names::move_texts(&texts, &ends) {
            return Ok(strings);
        }
        let mut joined = String::with_capacity(texts.len() + ends.len());
        let mut start = 0;
        for (i, &end) in ends.iter().enumerate() {
            if i > 0 {
                joined.push('\n');
            }
            joined.push_str(&texts[start..end]);
            start = end;
        }
        Ok(lines(&joined))
    }

    /// chess.js's `move(sanOrObject)`: plays a move given as text (SAN or coordinates; WXF,
    /// ICCS or Chinese in Xiangqi) or as `{from, to, promotion}`, and answers its `Move`.
    pub fn move_js(&mut self, arg: &JsValue) -> Result<JsValue, JsValue> {
        let pos = self.position()?;
        let mv = if arg.is_object() {
            let field = |name: &str| {
                Reflect::get(arg, &JsValue::from_str(name))
                    .ok()
                    .and_then(|v| v.as_string())
            };
            let (from, to, promotion) = (field("from"), field("to"), field("promotion"));
            let found = pos.legal_moves().into_iter().find(|&mv| {
                let facts = pos.describe(mv);
                Some(setup::name::<V>(facts.from)) == from
                    && Some(setup::name::<V>(facts.to)) == to
                    && facts.promotion.map_or(true, |p| {
                        promotion.as_deref() == Some(p.encode_utf8(&mut [0; 4]))
                    })
            });
            found.ok_or_else(|| {
                js::error(
                    ErrorKind::IllegalMove,
                    &format!(
                        "illegal move {{from: {from:?}, to: {to:?}, promotion: {promotion:?}}} in {}",
                        pos.fen()
                    ),
                )
            })?
        } else {
            let text = js::text(arg, ErrorKind::InvalidMove, "move", js::MAX_MOVE_LEN)?;
            pos.parse_any(text.trim()).map_err(|e| js::move_error(&e))?
        };
        let described = describe_all(pos, &[mv]).get(0);
        self.play(mv)?;
        Ok(described)
    }

    /// chess.js's `history({verbose: true})`: the moves played as `Move` objects; `None`
    /// without `verbose` (the caller answers its coordinates).
    pub fn history_moves(&self, options: &JsValue) -> Option<Array> {
        if !MovesOptions::read(options).verbose {
            return None;
        }
        // After an edit, chess.js describes the moves on the edited board taken back.
        let played = self.core.history_on_board();
        let count = played.len();
        Some(describe_played(
            played.iter().map(|(pos, mv)| (pos, *mv)),
            count,
        ))
    }

    /// The moves played since the start, in the game's notation (SAN; WXF in Xiangqi): chess.js's
    /// plain `history()`, without building `Move` objects.
    pub fn history_notation(&self) -> Array {
        let played = self.core.history();
        let mut texts = String::with_capacity(played.len() * 6);
        for (i, (pos, mv)) in played.into_iter().enumerate() {
            if i > 0 {
                texts.push('\n');
            }
            texts.push_str(&pos.notation(mv));
        }
        lines(&texts)
    }

    /// chess.js's `undo()`: takes back the last move and answers its `Move`, `null` at the start.
    pub fn undo(&mut self) -> JsValue {
        match self.pop_move() {
            Some((pos, mv)) => describe_all(&pos, &[mv]).get(0),
            None => JsValue::NULL,
        }
    }
}
