//! [`JsVariant`]: what a game needs beyond [`Variant`] to become a JS class — conversion only:
//! where its move strings are kept, and how an object-form rules argument reads. Every rule and
//! rule-set name comes from the core.

use qipan::{GameRules, Variant};
use wasm_bindgen::JsValue;

use crate::js;
use crate::names::{NameSource, NameTable};

/// What a game needs beyond [`Variant`] to become a JS class.
pub trait JsVariant: Variant {
    /// The slot of `mv`'s coordinate text in the variant's [`NameTable`]: equal slots must mean
    /// equal text (a chess castle is written differently in Chess960 mode, so it has its own).
    fn name_slot(&self, mv: Self::Move) -> u16;
    /// Runs `f` on the variant's [`NameTable`] (one per variant, shared by all boards).
    fn with_names<R>(f: impl FnOnce(&NameTable) -> R) -> R;
    /// Reads a rules argument that is neither `undefined`, `null` nor a rule-set name.
    fn rules_from_object(value: &JsValue) -> Result<Self::Rules, JsValue> {
        let _ = value;
        Err(js::named_error(
            "TypeError",
            &format!(
                "rules must be a rule-set name: {}",
                Self::Rules::NAMES.join(", ")
            ),
        ))
    }
}

/// A move with the position it is played from: what a [`NameTable`] names.
#[derive(Debug)]
pub struct Played<'a, V: JsVariant>(pub &'a V, pub V::Move);

impl<V: JsVariant> NameSource for Played<'_, V> {
    fn slot(&self) -> u16 {
        self.0.name_slot(self.1)
    }

    fn text(&self) -> String {
        self.0.coord(self.1)
    }
}
