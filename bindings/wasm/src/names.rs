//! [`NameTable`]: the JS strings of moves, made once and handed out again.
//!
//! Turning Rust text into a JS string costs more than generating the moves, so every move's
//! coordinate text is made into a JS string once, kept in a JS array at the move's slot (the
//! core's dense index, [`Editable::move_index`]), and a list of moves crosses
//! the boundary as one `Uint16Array` view of slots that a small JS function maps to the strings.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

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

/// The JS strings of short move texts (SAN, WXF) by their content, made once and handed out
/// again: `moves()` is called for every position a program shows, and decoding its texts from
/// one string and splitting it costs more than writing them. At most [`TextTable::CAPACITY`]
/// texts are kept (the distinct SAN texts number a few tens of thousands at most); past that,
/// or for a text over eight bytes, the caller makes its strings itself.
#[derive(Debug)]
pub struct TextTable {
    strings: Array,
    ids: RefCell<HashMap<u64, u16, BuildHasherDefault<KeyHasher>>>,
}

impl TextTable {
    /// The most texts a table keeps (their ids cross as `u16`).
    pub const CAPACITY: usize = u16::MAX as usize;

    /// An empty table.
    pub fn new() -> TextTable {
        TextTable {
            strings: Array::new(),
            ids: RefCell::new(HashMap::default()),
        }
    }

    /// The JS strings of the texts in `texts`, the one ending at each of `ends` (ascending
    /// offsets), or `None` when one of them cannot be kept.
    pub fn strings(&self, texts: &str, ends: &[usize]) -> Option<Array> {
        let mut ids = self.ids.try_borrow_mut().ok()?;
        let mut slots: Vec<u16> = Vec::with_capacity(ends.len());
        let mut start = 0;
        for &end in ends {
            let text = texts.get(start..end)?;
            start = end;
            let key = packed(text)?;
            let id = match ids.get(&key) {
                Some(&id) => id,
                None => {
                    if ids.len() >= TextTable::CAPACITY {
                        return None;
                    }
                    let id = ids.len() as u16;
                    self.strings.push(&JsValue::from_str(text));
                    ids.insert(key, id);
                    id
                }
            };
            slots.push(id);
        }
        Some(names_at(&self.strings, &slots))
    }
}

impl Default for TextTable {
    fn default() -> TextTable {
        TextTable::new()
    }
}

/// A text of one to eight bytes as a key (its bytes; move texts hold no zero byte, so trailing
/// zeros end a text and no two texts share a key).
fn packed(text: &str) -> Option<u64> {
    let bytes = text.as_bytes();
    if bytes.is_empty() || bytes.len() > 8 || bytes.contains(&0) {
        return None;
    }
    let mut key = [0u8; 8];
    key[..bytes.len()].copy_from_slice(bytes);
    Some(u64::from_le_bytes(key))
}

/// A hasher for the table's keys: one multiplication (the keys are the texts themselves, not
/// chosen by an adversary who could gain by collisions beyond a slower lookup).
#[derive(Debug, Default, Clone, Copy)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }
}

thread_local!(static TEXTS: TextTable = TextTable::new());

/// The JS strings of the texts in `texts` ending at `ends`, from the one table of move texts, or
/// `None` when one of them cannot be kept there.
pub fn move_texts(texts: &str, ends: &[usize]) -> Option<Array> {
    TEXTS.with(|table| table.strings(texts, ends))
}
