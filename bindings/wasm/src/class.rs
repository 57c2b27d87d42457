//! [`board_class!`]: one `#[wasm_bindgen]` class per game, generated from [`crate::board::Board`].
//!
//! The macro writes the struct and every method the two classes share; each game adds its
//! constructor and its own notations in a second `#[wasm_bindgen] impl` block.

/// Writes the methods both games share for the JS class `$class`, a struct with a field
/// `board: Board<_>`; `$sides` is the TypeScript type of its side names.
///
/// (Doc comments are written out here rather than passed in: wasm-bindgen copies only literal
/// `///` comments into the `.d.ts`.)
macro_rules! board_class {
    ($class:ident, $sides:literal) => {
        #[wasm_bindgen]
        impl $class {
            /// Every legal move, in coordinates (UCI for chess, ICCS for Xiangqi).
            #[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "string[]")]
            pub fn legal_moves(&self) -> js_sys::Array {
                self.board.legal_moves()
            }

            /// Plays a move given in coordinates (UCI / ICCS) and answers it in coordinates.
            ///
            /// Throws `InvalidMoveError` for text that is not a move and `IllegalMoveError` for a
            /// move the position does not allow; the board is then unchanged.
            #[wasm_bindgen(unchecked_return_type = "string")]
            pub fn push(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "string")] mv: wasm_bindgen::JsValue,
            ) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue> {
                self.board
                    .push_with(&mv, |pos, text| qipan::Variant::parse_move(pos, text))
            }

            /// Takes back the last move and answers it in coordinates; `undefined` at the start.
            #[wasm_bindgen(unchecked_return_type = "string | undefined")]
            pub fn pop(&mut self) -> wasm_bindgen::JsValue {
                self.board.pop()
            }

            /// The moves played since the start position, in coordinates.
            #[wasm_bindgen(unchecked_return_type = "string[]")]
            pub fn history(&self) -> js_sys::Array {
                self.board.history()
            }

            /// The current position as FEN.
            pub fn fen(&self) -> String {
                self.board.fen()
            }

            /// The side to move, in lower case.
            #[wasm_bindgen(unchecked_return_type = $sides)]
            pub fn turn(&self) -> String {
                self.board.turn()
            }

            /// Whether the side to move is in check.
            #[wasm_bindgen(js_name = isCheck)]
            pub fn is_check(&self) -> bool {
                self.board.is_check()
            }

            /// Whether the side to move is in check and has no legal move.
            #[wasm_bindgen(js_name = isCheckmate)]
            pub fn is_checkmate(&self) -> bool {
                self.board.is_checkmate()
            }

            /// Whether the side to move has no legal move and is not in check.
            #[wasm_bindgen(js_name = isStalemate)]
            pub fn is_stalemate(&self) -> bool {
                self.board.is_stalemate()
            }

            /// Whether neither side can win by any legal sequence of moves.
            #[wasm_bindgen(js_name = isInsufficientMaterial)]
            pub fn is_insufficient_material(&self) -> bool {
                self.board.is_insufficient_material()
            }

            /// Whether neither side can win by any legal sequence of moves, proven (chess: the
            /// unwinnability analysis; Xiangqi: the material test).
            #[wasm_bindgen(js_name = isDeadPosition)]
            pub fn is_dead_position(&self) -> bool {
                self.board.is_dead_position()
            }

            /// Whether `color` can still win: `true` (a winning line exists), `false` (proven
            /// impossible) or `null` (undetermined within the analysis's bound).
            #[wasm_bindgen(js_name = canWin, unchecked_return_type = "boolean | null")]
            pub fn can_win(
                &self,
                #[wasm_bindgen(unchecked_param_type = "string")] color: wasm_bindgen::JsValue,
            ) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue> {
                self.board.can_win(&color)
            }

            /// Whether the side to move may claim a draw now.
            #[wasm_bindgen(js_name = canClaimDraw)]
            pub fn can_claim_draw(&self) -> bool {
                self.board.can_claim_draw()
            }

            /// Whether the game is over; with a truthy `claimDraw`, a claimable draw counts.
            #[wasm_bindgen(js_name = isGameOver)]
            pub fn is_game_over(
                &self,
                #[wasm_bindgen(js_name = claimDraw, unchecked_optional_param_type = "boolean")]
                claim_draw: wasm_bindgen::JsValue,
            ) -> bool {
                self.board.is_game_over(&claim_draw)
            }

            /// How the game ended, `{termination, winner, result}`, or `null` while it goes on;
            /// with a truthy `claimDraw`, a claimable draw counts.
            #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
            pub fn outcome(
                &self,
                #[wasm_bindgen(js_name = claimDraw, unchecked_optional_param_type = "boolean")]
                claim_draw: wasm_bindgen::JsValue,
            ) -> wasm_bindgen::JsValue {
                self.board.outcome(&claim_draw)
            }

            /// The number of leaf nodes of the legal-move tree `depth` plies deep (0 to 20, as in
            /// Python; deep counts take long).
            pub fn perft(
                &self,
                #[wasm_bindgen(unchecked_param_type = "number")] depth: wasm_bindgen::JsValue,
            ) -> Result<f64, wasm_bindgen::JsValue> {
                self.board.perft(&depth)
            }

            /// The rule set in force: `"fide"` or `"chess960"`; `"asian"`, `"chinese"` or `"simple"`.
            pub fn rules(&self) -> String {
                self.board.rules()
            }

            /// `color` resigns (`"white"`, `"red"`, `"black"`, their first letters, or a
            /// boolean, `true` for White / Red): the other side wins. Answers `false` and changes
            /// nothing when the game is already over.
            pub fn resign(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "string | boolean")]
                color: wasm_bindgen::JsValue,
            ) -> Result<bool, wasm_bindgen::JsValue> {
                self.board.resign(&color)
            }

            /// Both sides agree to a draw. Answers `false` when the game is already over.
            #[wasm_bindgen(js_name = agreeDraw)]
            pub fn agree_draw(&mut self) -> bool {
                self.board.agree_draw()
            }

            /// `color` runs out of time: a loss, or a draw when the opponent could not win by
            /// any legal sequence of moves. Answers `false` when the game is already over.
            pub fn flag(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "string | boolean")]
                color: wasm_bindgen::JsValue,
            ) -> Result<bool, wasm_bindgen::JsValue> {
                self.board.flag(&color)
            }

            /// An SVG picture of the position.
            pub fn svg(&self) -> String {
                self.board.svg()
            }

            /// An independent copy of the board, its history included.
            #[wasm_bindgen(js_name = clone)]
            pub fn copy(&self) -> $class {
                self.clone()
            }
        }
    };
}

pub(crate) use board_class;
