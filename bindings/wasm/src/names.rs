//! [`NameTable`]: the JS strings of moves, made once and handed out again.
//!
//! Turning Rust text into a JS string costs more than generating the moves, so every move's
//! coordinate text is made into a JS string once, kept in a JS array at the move's slot
//! ([`JsVariant::name_slot`](crate::board::JsVariant::name_slot)), and a list of moves crosses
//! the boundary as one `Uint16Array` view of slots that a small JS function maps to the strings.

use std::cell::RefCell;

use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::board::JsVariant;

#[wasm_bindgen(inline_js = "
export function qipanNames(table, slots) {
  const out = new Array(slots.length);
  for (let i = 0; i < slots.length; i++) out[i] = table[slots[i]];
  return out;
}
")]
extern "C" {
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
            strings: Array::new(),
            filled: RefCell::new(vec![0; slots.div_ceil(64)]),
        }
    }

    /// The slot of `mv` (played from `pos`), its string made first if needed.
    pub fn slot<V: JsVariant>(&self, pos: &V, mv: V::Move) -> u16 {
        let slot = pos.name_slot(mv);
        let (word, bit) = (usize::from(slot) / 64, 1u64 << (slot % 64));
        // `try_borrow_mut` cannot fail (nothing re-enters), and a failure only costs a remake.
        let mut filled = self.filled.try_borrow_mut().ok();
        let known = filled
            .as_ref()
            .and_then(|f| f.get(word))
            .is_some_and(|w| w & bit != 0);
        if !known {
            self.strings
                .set(u32::from(slot), JsValue::from_str(&pos.coord(mv)));
            if let Some(w) = filled.as_mut().and_then(|f| f.get_mut(word)) {
                *w |= bit;
            }
        }
        slot
    }

    /// The JS string of `mv`, played from `pos`.
    pub fn name<V: JsVariant>(&self, pos: &V, mv: V::Move) -> JsValue {
        let slot = self.slot(pos, mv);
        self.strings.get(u32::from(slot))
    }

    /// The JS strings of moves, each with the position it is played from.
    pub fn names<'a, V: JsVariant + 'a>(
        &self,
        moves: impl Iterator<Item = (&'a V, V::Move)>,
    ) -> Array {
        let slots: Vec<u16> = moves.map(|(pos, mv)| self.slot(pos, mv)).collect();
        names_at(&self.strings, &slots)
    }
}
