//! `ChessBoard`: chess for JavaScript, with UCI and SAN.

use qipan::chess::{Chess, Move, MoveKind, Role};
use qipan::Variant;
use wasm_bindgen::prelude::*;

use crate::board::{Board, JsVariant};
use crate::class::board_class;
use crate::names::NameTable;

impl JsVariant for Chess {
    fn rules_from_js(_value: &JsValue) -> Result<(), JsValue> {
        Ok(())
    }

    fn is_insufficient_material(&self) -> bool {
        Chess::is_insufficient_material(self)
    }

    fn name_slot(&self, mv: Move) -> u16 {
        // from + to (12 bits), then the text's kind: plain (normal, en passant), a promotion
        // piece, a castle in standard or in Chess960 mode. 7 * 4096 slots.
        let kind = match mv.kind() {
            MoveKind::Promotion(role) => match role {
                Role::Knight => 1,
                Role::Bishop => 2,
                Role::Rook => 3,
                _ => 4,
            },
            MoveKind::Castle if self.chess960() => 6,
            MoveKind::Castle => 5,
            _ => 0,
        };
        kind << 12 | (mv.to_u16() & 0x0fff)
    }

    fn with_names<R>(f: impl FnOnce(&NameTable) -> R) -> R {
        thread_local!(static NAMES: NameTable = NameTable::new(7 << 12));
        NAMES.with(f)
    }
}

/// A game of chess (FIDE Laws): moves in UCI (`"e2e4"`, `"e7e8q"`, castling `"e1g1"`) or SAN.
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct ChessBoard {
    board: Board<Chess>,
}

board_class!(ChessBoard);

#[wasm_bindgen]
impl ChessBoard {
    /// A board at `fen`, or at the start position when `fen` is left out.
    ///
    /// Throws `InvalidFenError` for a FEN that does not describe a legal position.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "string")] fen: JsValue,
    ) -> Result<ChessBoard, JsValue> {
        Ok(ChessBoard {
            board: Board::new(&fen, &JsValue::UNDEFINED)?,
        })
    }

    /// Plays a move given in SAN (`"Nf3"`, `"exd5"`, `"O-O"`, `"e8=Q+"`); answers it in UCI.
    ///
    /// Throws `InvalidMoveError`, `IllegalMoveError` or `AmbiguousMoveError` (`"Nd7"` when two
    /// knights can go there); the board is then unchanged.
    #[wasm_bindgen(js_name = pushSan, unchecked_return_type = "string")]
    pub fn push_san(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] san: JsValue,
    ) -> Result<JsValue, JsValue> {
        self.board.push_with(&san, |pos, text| pos.parse_san(text))
    }

    /// The SAN of a legal move given in UCI (`"g1f3"` → `"Nf3"`).
    pub fn san(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] uci: JsValue,
    ) -> Result<String, JsValue> {
        self.board.notate_with(&uci, |pos, mv| pos.san(mv))
    }
}

/// The start position's FEN.
#[wasm_bindgen(js_name = chessStartFen)]
pub fn chess_start_fen() -> String {
    Chess::start().fen()
}
