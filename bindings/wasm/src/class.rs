//! [`board_class!`]: one `#[wasm_bindgen]` class per game, generated from [`crate::board::Board`].
//!
//! The macro writes the struct and every method the two classes share; each game adds its
//! constructor and its own notations in a second `#[wasm_bindgen] impl` block.

/// Writes the methods both games share for the JS class `$class`, a struct with a field
/// `board: Board<_>`.
///
/// (Doc comments are written out here rather than passed in: wasm-bindgen copies only literal
/// `///` comments into the `.d.ts`.)
macro_rules! board_class {
    ($class:ident) => {
        #[wasm_bindgen]
        impl $class {
            /// Every legal move, in coordinates (UCI for chess, ICCS for Xiangqi).
            ///
            /// Throws `InvalidFenError` while the board is set up into a position that cannot
            /// be played (as every method that needs legal moves does).
            #[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "string[]")]
            pub fn legal_moves(&self) -> Result<js_sys::Array, wasm_bindgen::JsValue> {
                self.board.legal_moves()
            }

            /// chess.js's `moves()`: the legal moves in the game's notation (SAN; WXF in
            /// Xiangqi), or with `{verbose: true}` as `Move` objects; `square` keeps the moves
            /// from one square, `piece` those of one piece type.
            ///
            /// (Typed by chess.js's overloads in the custom section of lib.rs, not here.)
            #[wasm_bindgen(skip_typescript)]
            pub fn moves(
                &self,
                #[wasm_bindgen(unchecked_optional_param_type = "MovesOptions")]
                options: wasm_bindgen::JsValue,
            ) -> Result<js_sys::Array, wasm_bindgen::JsValue> {
                self.board.moves(&options)
            }

            /// chess.js's `move()`: plays a move given as text (SAN or coordinates; WXF, ICCS
            /// or Chinese in Xiangqi) or as `{from, to, promotion}`; answers its `Move`.
            ///
            /// Throws `InvalidMoveError`, `IllegalMoveError` or `AmbiguousMoveError`; the board
            /// is then unchanged.
            #[wasm_bindgen(js_name = move, unchecked_return_type = "Move")]
            pub fn move_(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "string | MoveInput")]
                mv: wasm_bindgen::JsValue,
            ) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue> {
                self.board.move_js(&mv)
            }

            /// chess.js's `undo()`: takes back the last move and answers its `Move`; `null` at
            /// the start.
            #[wasm_bindgen(unchecked_return_type = "Move | null")]
            pub fn undo(&mut self) -> wasm_bindgen::JsValue {
                self.board.undo()
            }

            /// chess.js's `get(square)`: the piece on `square` as `{type, color}`, or `undefined`
            /// (also for a name that is not a square).
            #[wasm_bindgen(unchecked_return_type = "Piece | undefined")]
            pub fn get(
                &self,
                #[wasm_bindgen(unchecked_param_type = "string")] square: wasm_bindgen::JsValue,
            ) -> wasm_bindgen::JsValue {
                self.board.get(&square)
            }

            /// chess.js's `put({type, color}, square)`: puts a piece on a square (whatever stood
            /// there is replaced) and starts a new game from the result. `false`, and nothing
            /// changed, for an unknown piece or square, a second king (general) of one side,
            /// or a Xiangqi piece on a point it can never reach or beyond its side's count.
            pub fn put(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "Piece")] piece: wasm_bindgen::JsValue,
                #[wasm_bindgen(unchecked_param_type = "string")] square: wasm_bindgen::JsValue,
            ) -> bool {
                self.board.put(&piece, &square)
            }

            /// chess.js's `remove(square)`: takes the piece off and answers it, or `undefined`.
            #[wasm_bindgen(unchecked_return_type = "Piece | undefined")]
            pub fn remove(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "string")] square: wasm_bindgen::JsValue,
            ) -> wasm_bindgen::JsValue {
                self.board.remove(&square)
            }

            /// chess.js's `board()`: rows from the last rank down (rank 8, or 9 in Xiangqi),
            /// each from file `a`, of `{square, type, color}` or `null`.
            #[wasm_bindgen(unchecked_return_type = "(BoardSquare | null)[][]")]
            pub fn board(&self) -> js_sys::Array {
                self.board.board()
            }

            /// chess.js's `ascii()`: the board as text in a frame.
            pub fn ascii(&self) -> String {
                self.board.ascii()
            }

            /// chess.js's `load(fen)`: a new game at `fen` under the same rules. Throws
            /// `InvalidFenError` (the board is then unchanged).
            pub fn load(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "string")] fen: wasm_bindgen::JsValue,
            ) -> Result<(), wasm_bindgen::JsValue> {
                if fen.is_undefined() || fen.is_null() {
                    return Err(crate::js::error(
                        qipan::ErrorKind::InvalidFen,
                        "FEN must be a string",
                    ));
                }
                self.board.load(&fen)
            }

            /// chess.js's `reset()`: a new game from the start position.
            pub fn reset(&mut self) {
                self.board.reset()
            }

            /// chess.js's `clear()`: an empty board, White / Red to move (no moves until both
            /// kings / generals are put on it).
            pub fn clear(&mut self) {
                self.board.clear()
            }

            /// chess.js's `isAttacked(square, color)`: whether a piece of `color` attacks
            /// `square` (`false` for a name that is not a square).
            #[wasm_bindgen(js_name = isAttacked)]
            pub fn is_attacked(
                &self,
                #[wasm_bindgen(unchecked_param_type = "string")] square: wasm_bindgen::JsValue,
                #[wasm_bindgen(unchecked_param_type = "Color")] color: wasm_bindgen::JsValue,
            ) -> Result<bool, wasm_bindgen::JsValue> {
                self.board.is_attacked(&square, &color)
            }

            /// chess.js's `attackers(square, color?)`: the squares of the pieces of `color` (the
            /// side to move when left out) that attack `square`, from the last rank down.
            #[wasm_bindgen(unchecked_return_type = "string[]")]
            pub fn attackers(
                &self,
                #[wasm_bindgen(unchecked_param_type = "string")] square: wasm_bindgen::JsValue,
                #[wasm_bindgen(unchecked_optional_param_type = "Color")]
                color: wasm_bindgen::JsValue,
            ) -> Result<js_sys::Array, wasm_bindgen::JsValue> {
                self.board.attackers(&square, &color)
            }

            /// chess.js's `inCheck()`: whether the side to move has a king (general) under
            /// attack; works on any board, playable or not.
            #[wasm_bindgen(js_name = inCheck)]
            pub fn in_check(&self) -> bool {
                self.board.is_check()
            }

            /// The FEN, as `fen()`.
            #[wasm_bindgen(js_name = toString)]
            pub fn to_string_js(&self) -> String {
                self.board.fen()
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

            /// The moves played since the start position, in coordinates; with
            /// `{verbose: true}` as chess.js's `Move` objects.
            ///
            /// (Typed by overloads in the custom section of lib.rs, not here.)
            #[wasm_bindgen(skip_typescript)]
            pub fn history(&self, options: wasm_bindgen::JsValue) -> js_sys::Array {
                self.board
                    .history_moves(&options)
                    .unwrap_or_else(|| self.board.history())
            }

            /// The current position as FEN.
            pub fn fen(&self) -> String {
                self.board.fen()
            }

            /// The side to move as chess.js names it: `"w"` (White; Red in Xiangqi) or `"b"`.
            #[wasm_bindgen(unchecked_return_type = "Color")]
            pub fn turn(&self) -> String {
                self.board.turn()
            }

            /// Whether the side to move is in check (as `inCheck()`).
            #[wasm_bindgen(js_name = isCheck)]
            pub fn is_check(&self) -> bool {
                self.board.is_check()
            }

            /// Whether the side to move is in check and has no legal move.
            #[wasm_bindgen(js_name = isCheckmate)]
            pub fn is_checkmate(&self) -> Result<bool, wasm_bindgen::JsValue> {
                self.board.is_checkmate()
            }

            /// Whether the side to move has no legal move and is not in check.
            #[wasm_bindgen(js_name = isStalemate)]
            pub fn is_stalemate(&self) -> Result<bool, wasm_bindgen::JsValue> {
                self.board.is_stalemate()
            }

            /// Whether neither side can win by any legal sequence of moves.
            #[wasm_bindgen(js_name = isInsufficientMaterial)]
            pub fn is_insufficient_material(&self) -> Result<bool, wasm_bindgen::JsValue> {
                self.board.is_insufficient_material()
            }

            /// Whether neither side can win by any legal sequence of moves, proven (chess: the
            /// unwinnability analysis; Xiangqi: the material test).
            #[wasm_bindgen(js_name = isDeadPosition)]
            pub fn is_dead_position(&self) -> Result<bool, wasm_bindgen::JsValue> {
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

            /// The kind of proof behind `canWin(color)` being `false`: `"material"`,
            /// `"game_over"`, `"blocked_structure"` or `"exhausted_search"`; `null` otherwise.
            #[wasm_bindgen(js_name = cannotWinProof, unchecked_return_type = "string | null")]
            pub fn cannot_win_proof(
                &self,
                #[wasm_bindgen(unchecked_param_type = "string")] color: wasm_bindgen::JsValue,
            ) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue> {
                self.board.cannot_win_proof(&color)
            }

            /// chess.js's `isDraw()`: the game is drawn or a draw can be claimed (by the
            /// board's rules: in Xiangqi the move limit, a drawn repetition, no material).
            #[wasm_bindgen(js_name = isDraw)]
            pub fn is_draw(&self) -> Result<bool, wasm_bindgen::JsValue> {
                self.board.is_draw()
            }

            /// chess.js's `isThreefoldRepetition()`: the position has occurred three times.
            #[wasm_bindgen(js_name = isThreefoldRepetition)]
            pub fn is_threefold_repetition(&self) -> Result<bool, wasm_bindgen::JsValue> {
                self.board.is_threefold_repetition()
            }

            /// chess.js's `hash()`: a 64-bit key of the position in hexadecimal (no leading
            /// zeros), its zobrist key (chess: the Polyglot key): equal positions (placement,
            /// side to move; chess: castling rights, en passant square when a pawn stands ready
            /// to take) have equal keys. Throws `InvalidFenError` while the board is set up into
            /// a position that cannot be played.
            pub fn hash(&self) -> Result<String, wasm_bindgen::JsValue> {
                self.board.hash()
            }

            /// chess.js's `findPiece({type, color})`: the squares the piece stands on, from the
            /// last rank down, each rank from file `a`.
            #[wasm_bindgen(js_name = findPiece, unchecked_return_type = "string[]")]
            pub fn find_piece(
                &self,
                #[wasm_bindgen(unchecked_param_type = "Piece")] piece: wasm_bindgen::JsValue,
            ) -> js_sys::Array {
                self.board.find_piece(&piece)
            }

            /// chess.js's `moveNumber()`: the number of the move to be played (the FEN's).
            #[wasm_bindgen(js_name = moveNumber)]
            pub fn move_number(&self) -> f64 {
                self.board.move_number()
            }

            /// Whether the side to move may claim a draw now.
            #[wasm_bindgen(js_name = canClaimDraw)]
            pub fn can_claim_draw(&self) -> Result<bool, wasm_bindgen::JsValue> {
                self.board.can_claim_draw()
            }

            /// Whether the game is over; with a truthy `claimDraw`, a claimable draw counts.
            #[wasm_bindgen(js_name = isGameOver)]
            pub fn is_game_over(
                &self,
                #[wasm_bindgen(js_name = claimDraw, unchecked_optional_param_type = "boolean")]
                claim_draw: wasm_bindgen::JsValue,
            ) -> Result<bool, wasm_bindgen::JsValue> {
                self.board.is_game_over(&claim_draw)
            }

            /// How the game ended, `{termination, winner, result}`, or `null` while it goes on;
            /// with a truthy `claimDraw`, a claimable draw counts.
            #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
            pub fn outcome(
                &self,
                #[wasm_bindgen(js_name = claimDraw, unchecked_optional_param_type = "boolean")]
                claim_draw: wasm_bindgen::JsValue,
            ) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue> {
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
            pub fn agree_draw(&mut self) -> Result<bool, wasm_bindgen::JsValue> {
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

            /// An independent copy of the board, its history included.
            #[wasm_bindgen(js_name = clone)]
            pub fn copy(&self) -> $class {
                self.clone()
            }
        }

        // Drawing is not rules: the rules-only build leaves it out.
        #[cfg(feature = "svg")]
        #[wasm_bindgen]
        impl $class {
            /// An SVG picture of the position.
            pub fn svg(&self) -> Result<String, wasm_bindgen::JsValue> {
                self.board.svg()
            }
        }
    };
}

pub(crate) use board_class;
