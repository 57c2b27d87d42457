//! [`JsVariant`]: what a game needs beyond [`qipan::Variant`] to become a JS class — conversion only:
//! where its move strings are kept, and how an object-form rules argument reads. Every rule and
//! rule-set name comes from the core.

use qipan::board::Editable;
use qipan::GameRules;
use wasm_bindgen::JsValue;

use crate::js;
use crate::names::NameTable;
use crate::setup::Point;

/// What a game needs beyond [`qipan::Variant`] to become a JS class.
pub trait JsVariant: Editable {
    /// Runs `f` on the variant's [`NameTable`] (one per variant, shared by all boards).
    fn with_names<R>(f: impl FnOnce(&NameTable) -> R) -> R;
    /// The facts of the legal move `mv` as chess.js's `Move` holds them.
    fn describe(&self, mv: Self::Move) -> MoveFacts;
    /// Where chess.js would list a move with these facts among the position's moves (lower
    /// first); the same for every move keeps the core's order.
    fn listing_order(facts: &MoveFacts) -> u32 {
        let _ = facts;
        0
    }
    /// Appends the game's notation of the legal move `mv` ([`qipan::Notate::notation`]) to
    /// `out`; a game may write it without a string of its own.
    fn push_notation(&self, mv: Self::Move, out: &mut String) {
        out.push_str(&self.notation(mv));
    }
    /// [`JsVariant::listing_order`] of the legal move `mv`; a game may answer it without
    /// describing the whole move.
    fn listing_key(&self, mv: Self::Move) -> u32 {
        Self::listing_order(&self.describe(mv))
    }
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

/// chess.js's move flags (`BITS`): the bits of [`MoveFacts::flags`].
pub mod flags {
    /// A move without capture.
    pub const NORMAL: u8 = 1;
    /// A capture (not en passant).
    pub const CAPTURE: u8 = 2;
    /// A pawn's double step.
    pub const BIG_PAWN: u8 = 4;
    /// An en passant capture.
    pub const EP_CAPTURE: u8 = 8;
    /// A promotion.
    pub const PROMOTION: u8 = 16;
    /// Castling king side.
    pub const KSIDE_CASTLE: u8 = 32;
    /// Castling queen side.
    pub const QSIDE_CASTLE: u8 = 64;
    /// The null move.
    pub const NULL_MOVE: u8 = 128;
}

/// A move as chess.js's `Move` describes it (the notation and the FENs are added by the board).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveFacts {
    /// Where the piece starts.
    pub from: Point,
    /// Where it goes (for castling: the king's square in standard chess, the rook's in Chess960).
    pub to: Point,
    /// The moving piece's lower-case letter.
    pub piece: char,
    /// The captured piece's letter (a pawn for en passant).
    pub captured: Option<char>,
    /// The promotion piece's letter.
    pub promotion: Option<char>,
    /// chess.js's flag bits ([`flags`]).
    pub flags: u8,
}
