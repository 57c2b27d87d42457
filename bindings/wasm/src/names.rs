//! [`NameTable`]: the JS strings of moves, made once and handed out again.
//!
//! Turning Rust text into a JS string costs more than generating the moves, so every move's
//! coordinate text is made into a JS string once, kept in a JS array at the move's slot (the
//! core's dense index, [`Editable::move_index`]), and a list of moves crosses
//! the boundary as one `Uint16Array` view of slots that a small JS function maps to the strings.

use std::cell::RefCell;

use js_sys::Array;
use qipan::board::Editable;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(inline_js = "
export function qipanTable(length) {
  const table = [];
  for (let i = 0; i < length; i++) table.push(undefined);
  return table;
}
export function qipanNames(table, slots) {
  const out = new Array(slots.length);
  for (let i = 0; i < slots.length; i++) out[i] = table[slots[i]];
  return out;
}
")]
extern "C" {
    /// A JS array of `length` `undefined`s, built by `push` so that V8 keeps it packed (an array
    /// filled sparsely falls back to dictionary elements, several times slower to read).
    #[wasm_bindgen(js_name = qipanTable)]
    fn new_table(length: u32) -> Array;
    /// `slots.map(slot => table[slot])`, in JS.
    #[wasm_bindgen(js_name = qipanNames)]
    fn names_at(table: &Array, slots: &[u16]) -> Array;
}

/// The JS strings of one variant's moves by slot, with a bitset of the slots filled.
#[derive(Debug)]
pub struct NameTable {
    strings: Array,
    filled: RefCell<Vec<u64>>,
}

impl NameTable {
    /// An empty table of `slots` slots.
    pub fn new(slots: usize) -> NameTable {
        NameTable {
            strings: new_table(slots as u32),
            filled: RefCell::new(vec![0; slots.div_ceil(64)]),
        }
    }

    /// The slot of `mv` (played from `pos`), its string made first if `filled` says it is
    /// missing.
    fn slot_in<V: Editable>(&self, filled: &mut [u64], pos: &V, mv: V::Move) -> u32 {
        let slot = pos.move_index(mv);
        let (word, bit) = (slot / 64, 1u64 << (slot % 64));
        let slot = slot as u32;
        match filled.get_mut(word) {
            Some(w) if *w & bit != 0 => {}
            Some(w) => {
                self.strings.set(slot, JsValue::from_str(&pos.coord(mv)));
                *w |= bit;
            }
            // A slot past the table (a `move_index` bug) is rewritten every time, never missed.
            None => self.strings.set(slot, JsValue::from_str(&pos.coord(mv))),
        }
        slot
    }

    /// The JS string of one move, played from `pos`.
    pub fn name<V: Editable>(&self, pos: &V, mv: V::Move) -> JsValue {
        let slot = self.with_filled(|table, filled| table.slot_in(filled, pos, mv));
        self.strings.get(slot)
    }

    /// The JS strings of moves, each with the position it is played from.
    pub fn names<'a, V: Editable>(
        &self,
        moves: impl ExactSizeIterator<Item = (&'a V, V::Move)>,
    ) -> Array {
        let mut slots: Vec<u16> = Vec::with_capacity(moves.len());
        self.with_filled(|table, filled| {
            slots.extend(moves.map(|(pos, mv)| table.slot_in(filled, pos, mv) as u16));
        });
        names_at(&self.strings, &slots)
    }

    /// Runs `f` with the bitset of filled slots (nothing re-enters a table, so the borrow cannot
    /// fail; if it did, an empty bitset would only cost strings made again).
    fn with_filled<R>(&self, f: impl FnOnce(&Self, &mut [u64]) -> R) -> R {
        match self.filled.try_borrow_mut() {
            Ok(mut filled) => f(self, &mut filled),
            Err(_) => f(self, &mut []),
        }
    }
}
