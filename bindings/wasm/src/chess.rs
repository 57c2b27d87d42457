//! `ChessBoard`: chess for JavaScript, with UCI and SAN.

use qipan::chess::{CastlingSide, Chess, ChessRules, Move, MoveKind, Role, Setup, Square};
use qipan::{shorten, ErrorKind, Variant};
use wasm_bindgen::prelude::*;

use crate::board::{rules_from_js, Board};
use crate::class::board_class;
use crate::games::{flags, JsVariant, MoveFacts};
use crate::js;
use crate::names::NameTable;
use crate::setup::{chess_point, Point};

impl JsVariant for Chess {
    /// chess.js 1.4.0 generates moves square by square from a8 to h1; a pawn's single step,
    /// double step, then captures (towards the a-file first for White, the h-file for Black); a
    /// piece's moves ray by ray in its offset order, nearest first; promotions as n, b, r, q;
    /// castling last, king side first.
    fn listing_order(facts: &MoveFacts) -> u32 {
        if facts.flags & (flags::KSIDE_CASTLE | flags::QSIDE_CASTLE) != 0 {
            return 1 << 20 | u32::from(facts.flags & flags::QSIDE_CASTLE != 0);
        }
        let (from, to) = (facts.from, facts.to);
        let (dr, df) = (
            i32::from(to.rank) - i32::from(from.rank),
            i32::from(to.file) - i32::from(from.file),
        );
        // chess.js's offsets as (ranks up, files right).
        const KNIGHT: [(i32, i32); 8] = [
            (1, -2),
            (2, -1),
            (2, 1),
            (1, 2),
            (-1, 2),
            (-2, 1),
            (-2, -1),
            (-1, -2),
        ];
        const BISHOP: [(i32, i32); 4] = [(1, -1), (1, 1), (-1, 1), (-1, -1)];
        const ROOK: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
        const QUEEN: [(i32, i32); 8] = [
            (1, -1),
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 1),
            (-1, 0),
            (-1, -1),
            (0, -1),
        ];
        let ray = |dirs: &[(i32, i32)]| {
            let index = dirs
                .iter()
                .position(|&d| d == (dr.signum(), df.signum()))
                .unwrap_or(0);
            index as u32 * 8 + dr.unsigned_abs().max(df.unsigned_abs())
        };
        let step = match facts.piece {
            'p' if df == 0 => dr.unsigned_abs() - 1,
            // White's first capture is towards the a-file (offset -17), Black's towards h (+17).
            'p' => 2 + u32::from((df > 0) == (dr > 0)),
            'n' => KNIGHT.iter().position(|&d| d == (dr, df)).unwrap_or(0) as u32,
            'b' => ray(&BISHOP),
            'r' => ray(&ROOK),
            _ => ray(&QUEEN),
        };
        let promotion = match facts.promotion {
            Some('b') => 1,
            Some('r') => 2,
            Some('q') => 3,
            _ => 0,
        };
        let square = u32::from(7 - from.rank) * 8 + u32::from(from.file);
        square << 12 | step << 4 | promotion
    }

    fn push_notation(&self, mv: Move, out: &mut String) {
        self.push_san(mv, out);
    }

    /// The facts the order needs only (no capture, no double step): a move's kind, squares,
    /// piece and promotion.
    fn listing_key(&self, mv: Move) -> u32 {
        let castle = match mv.kind() {
            MoveKind::Castle => match mv.castling_side() {
                Some(CastlingSide::KingSide) => flags::KSIDE_CASTLE,
                _ => flags::QSIDE_CASTLE,
            },
            _ => 0,
        };
        if mv.is_null() {
            return Self::listing_order(&self.describe(mv));
        }
        Self::listing_order(&MoveFacts {
            from: chess_point(mv.from()),
            to: chess_point(mv.king_to()),
            piece: self.role_at(mv.from()).map_or('k', Role::char),
            captured: None,
            promotion: mv.promotion_role().map(Role::char),
            flags: castle,
        })
    }

    fn describe(&self, mv: Move) -> MoveFacts {
        if mv.is_null() {
            // chess.js's null move: "from a8 to a8" by the king, flag '-'.
            let a8 = Point { file: 0, rank: 7 };
            return MoveFacts {
                from: a8,
                to: a8,
                piece: 'k',
                captured: None,
                promotion: None,
                flags: flags::NULL_MOVE,
            };
        }
        let role_at = |sq: Square| self.role_at(sq).map(Role::char);
        let (captured, kind_flags) = match mv.kind() {
            MoveKind::EnPassant => (Some('p'), flags::EP_CAPTURE),
            MoveKind::Castle => match mv.castling_side() {
                Some(CastlingSide::KingSide) => (None, flags::KSIDE_CASTLE),
                _ => (None, flags::QSIDE_CASTLE),
            },
            _ => {
                let captured = role_at(mv.to());
                let base = if captured.is_some() {
                    flags::CAPTURE
                } else if self.double_step_square(mv).is_some() {
                    flags::BIG_PAWN
                } else {
                    flags::NORMAL
                };
                let promotion = mv.promotion_role().map_or(0, |_| flags::PROMOTION);
                (captured, base | promotion)
            }
        };
        // `to` is the square the move's coordinates name: the king's in standard chess, the
        // rook's (king takes rook) in Chess960.
        let to = if self.chess960() {
            mv.to()
        } else {
            mv.king_to()
        };
        MoveFacts {
            from: chess_point(mv.from()),
            to: chess_point(to),
            piece: role_at(mv.from()).unwrap_or('k'),
            captured,
            promotion: mv.promotion_role().map(Role::char),
            flags: kind_flags,
        }
    }

    fn with_names<R>(f: impl FnOnce(&NameTable) -> R) -> R {
        thread_local!(static NAMES: NameTable = NameTable::new(<Chess as qipan::board::Editable>::MOVE_INDICES));
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
#[cfg(feature = "records")]
crate::records::record_class!(ChessBoard);

#[wasm_bindgen]
impl ChessBoard {
    /// A board at `fen`, or at the start position when `fen` is left out. With
    /// `{chess960: true}` (or `{rules: "chess960"}`) the game follows Chess960 castling rules:
    /// the FEN may use X-FEN or Shredder-FEN castling rights, and castling moves are written
    /// king-takes-rook. `rules` is `"fide"` (the default) or `"chess960"`.
    ///
    /// With `{relaxed: true}` the board also plays positions that cannot arise in a game but can
    /// be played from (impossible checks, too much material), as chess.js does, whether read
    /// from a FEN or set up with `put`.
    ///
    /// Throws `InvalidFenError` for a FEN that does not describe a legal position, `TypeError`
    /// for unknown rules.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "string")] fen: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "{ chess960?: boolean, rules?: string, relaxed?: boolean }"
        )]
        options: JsValue,
    ) -> Result<ChessBoard, JsValue> {
        let option = |name: &str| {
            if options.is_object() {
                js_sys::Reflect::get(&options, &JsValue::from_str(name))
                    .unwrap_or(JsValue::UNDEFINED)
            } else {
                JsValue::UNDEFINED
            }
        };
        let rules = if js::flag(&option("chess960")) {
            ChessRules::CHESS960
        } else {
            rules_from_js::<Chess>(&option("rules"))?
        };
        Ok(ChessBoard {
            board: Board::with_rules_relaxed(&fen, rules, js::flag(&option("relaxed")))?,
        })
    }

    /// The Chess960 start position number `n` (0–959 in Scharnagl's numbering; 518 is the
    /// standard position), in Chess960 mode.
    ///
    /// Throws `RangeError` for a number outside 0–959, `TypeError` for a non-number.
    #[wasm_bindgen(js_name = fromChess960Pos)]
    pub fn from_chess960_pos(
        #[wasm_bindgen(unchecked_param_type = "number")] n: &JsValue,
    ) -> Result<ChessBoard, JsValue> {
        let n = js::integer(n, "Chess960 position number", 959)?;
        let position = Chess::chess960_start(n).unwrap_or_else(Chess::start);
        Ok(ChessBoard {
            board: Board::from_position(position),
        })
    }

    /// The Scharnagl number (0–959) of the position if it is a Chess960 start position (518 for
    /// the standard one), else `undefined`.
    #[wasm_bindgen(js_name = chess960Pos)]
    pub fn chess960_pos(&self) -> Option<u32> {
        self.board.position().ok()?.chess960_number()
    }

    /// Whether the game follows Chess960 castling rules.
    #[wasm_bindgen(js_name = isChess960)]
    pub fn is_chess960(&self) -> bool {
        self.board.game_rules().is_chess960()
    }

    /// A Chess960 board: `start` is a starting position's number (0–959 in Scharnagl's
    /// numbering; 518 is the standard position) or a FEN with X-FEN (`KQkq`) or Shredder-FEN
    /// (`HAha`) castling rights. Castling moves are written king-takes-rook (`"e1h1"`).
    ///
    /// Throws `InvalidFenError` for a bad FEN, `RangeError` for a number outside 0–959.
    pub fn chess960(
        #[wasm_bindgen(unchecked_param_type = "number | string")] start: JsValue,
    ) -> Result<ChessBoard, JsValue> {
        if start.is_string() {
            let fen = js::text(&start, ErrorKind::InvalidFen, "FEN", js::MAX_FEN_LEN)?;
            let position = Chess::from_fen_for(fen.trim(), &ChessRules::CHESS960).map_err(|e| {
                js::error(
                    ErrorKind::InvalidFen,
                    &format!("invalid Chess960 FEN {:?}: {e}", shorten(&fen)),
                )
            })?;
            return Ok(ChessBoard {
                board: Board::from_position(position),
            });
        }
        ChessBoard::from_chess960_pos(&start)
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

    /// A new game at `fen`, as `load`; a FEN that does not describe a playable position (no
    /// king, the side not to move in check...) is kept as a set-up board, as `put` keeps one:
    /// it can be inspected, and methods that need legal moves throw `InvalidFenError`.
    ///
    /// Throws `InvalidFenError` for text that is not a FEN at all.
    #[wasm_bindgen(js_name = loadSetup)]
    pub fn load_setup(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] fen: JsValue,
    ) -> Result<(), JsValue> {
        let text = js::text(&fen, ErrorKind::InvalidFen, "FEN", js::MAX_FEN_LEN)?;
        let setup = Setup::from_fen(text.trim(), self.is_chess960()).map_err(|e| {
            js::error(
                ErrorKind::InvalidFen,
                &format!("invalid FEN {:?}: {e}", shorten(&text)),
            )
        })?;
        self.board.set_up(setup);
        #[cfg(feature = "records")]
        {
            self.board.record = Default::default();
        }
        Ok(())
    }

    /// Sets the castling rights from a FEN castling field (`"KQkq"`, `"Kq"`, `"-"`; X-FEN or
    /// Shredder-FEN letters in Chess960) as chess.js's `setCastlingRights` sets them: the history
    /// stays (taking a move back restores the rights before it), and rights the placement does
    /// not support are dropped.
    ///
    /// Throws `InvalidFenError` for text that is not a castling field.
    #[wasm_bindgen(js_name = setCastling)]
    pub fn set_castling(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] field: JsValue,
    ) -> Result<(), JsValue> {
        let text = js::text(
            &field,
            ErrorKind::InvalidFen,
            "castling rights",
            js::MAX_FEN_LEN,
        )?;
        let mut fields: Vec<String> = self.board.fen().split(' ').map(str::to_owned).collect();
        if let Some(castling) = fields.get_mut(2) {
            text.trim().clone_into(castling);
        }
        let setup = Setup::from_fen(&fields.join(" "), self.is_chess960()).map_err(|e| {
            js::error(
                ErrorKind::InvalidFen,
                &format!("invalid castling rights {:?}: {e}", shorten(&text)),
            )
        })?;
        self.board.core.set_castling_rights(setup.castling_rights);
        Ok(())
    }

    /// Sets the en passant square (`"b6"`; `"-"`, `null` or `undefined` for none) as chess.js's
    /// `history()` sets its last double step's square again after `put` or `remove` cleared it:
    /// the history stays (taking a move back restores the square before it), and the position
    /// holds the square only while a pawn of the side to move stands ready to take there.
    ///
    /// Throws `InvalidFenError` for text that is not a square, or a square no double step of the
    /// side not to move explains; the board is then unchanged.
    #[wasm_bindgen(js_name = setEnPassant)]
    pub fn set_en_passant(
        &mut self,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] square: JsValue,
    ) -> Result<(), JsValue> {
        let square = if square.is_undefined() || square.is_null() {
            None
        } else {
            let text = js::text(&square, ErrorKind::InvalidFen, "en passant square", 8)?;
            match text.trim() {
                "-" => None,
                name => Some(name.parse::<Square>().map_err(|_| {
                    js::error(
                        ErrorKind::InvalidFen,
                        &format!("bad en passant square {:?}", shorten(&text)),
                    )
                })?),
            }
        };
        self.board
            .core
            .set_ep_square(square)
            .map_err(|e| js::error(ErrorKind::InvalidFen, &e.to_string()))
    }

    /// The moves played since the start in SAN (chess.js's `history()`; `history()` answers
    /// UCI).
    #[wasm_bindgen(js_name = sanHistory, unchecked_return_type = "string[]")]
    pub fn san_history(&self) -> js_sys::Array {
        self.board.history_notation()
    }

    /// The SAN of a legal move given in UCI (`"g1f3"` → `"Nf3"`).
    pub fn san(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] uci: JsValue,
    ) -> Result<String, JsValue> {
        self.board.notate_with(&uci, |pos, mv| pos.san(mv))
    }

    /// SAN without the check mark of a move in coordinates whether or not it can be played here
    /// (a piece in its way), disambiguated among the moves that can: chess.js's replay over an
    /// edit writes such moves. Throws `InvalidMoveError` for text that names no move.
    #[wasm_bindgen(js_name = sanUnchecked)]
    pub fn san_unchecked(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] uci: JsValue,
    ) -> Result<String, JsValue> {
        let text = js::text(&uci, ErrorKind::InvalidMove, "move", js::MAX_MOVE_LEN)?;
        self.board
            .position()?
            .san_plain_unchecked(text.trim())
            .map_err(|e| js::move_error(&e))
    }
}

#[cfg(feature = "books")]
impl ChessBoard {
    /// The position, or `InvalidFenError` while the board is set up into an unplayable one.
    pub(crate) fn chess_position(&self) -> Result<&Chess, JsValue> {
        self.board.position()
    }
}

#[cfg(feature = "engines")]
impl ChessBoard {
    /// The game (start and moves), or `InvalidFenError` while the board is unplayable.
    pub(crate) fn chess_game(&self) -> Result<&qipan::Game<Chess>, JsValue> {
        self.board.game()
    }
}

/// The start position's FEN.
#[wasm_bindgen(js_name = chessStartFen)]
pub fn chess_start_fen() -> String {
    Chess::start().fen()
}
