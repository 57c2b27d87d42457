//! WebAssembly bindings of [qipan]: the npm package `qipan`, with one class per game,
//! `ChessBoard` and `XiangqiBoard`, generated from one generic [`board::Board`].
//!
//! Build the package with `bindings/wasm/build.sh`; see `docs/javascript.md` for the JS API.
//! Every error is a JS `Error` whose `name` is `InvalidFenError`, `InvalidMoveError`,
//! `IllegalMoveError` or `AmbiguousMoveError` (and `TypeError`/`RangeError` for arguments of the
//! wrong type or range); no input traps or changes a board it was refused by.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "records")]
pub mod annotations;
pub mod board;
#[cfg(feature = "books")]
pub mod book;
mod class;
#[cfg(feature = "engines")]
pub mod engine;
#[cfg(feature = "engines")]
pub mod engine_values;
#[cfg(feature = "engines")]
pub mod engine_xboard;
pub mod games;
pub mod inspect;
pub mod js;
pub mod names;
#[cfg(feature = "rating")]
pub mod rating;
#[cfg(feature = "records")]
pub mod record_data;
#[cfg(feature = "records")]
pub mod records;
pub mod setup;
#[cfg(feature = "tablebases")]
pub mod syzygy;
#[cfg(feature = "records")]
pub mod trees;
pub mod verbose;

pub mod chess;
pub mod xiangqi;

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** Why a game ended (the python-chess names, with the Xiangqi endings). */
export type Termination =
  | "checkmate" | "stalemate" | "insufficient_material" | "seventyfive_moves"
  | "fivefold_repetition" | "fifty_moves" | "threefold_repetition" | "perpetual_check"
  | "perpetual_chase" | "repetition" | "move_limit" | "resignation" | "agreement" | "timeout"
  | "dead_position" | "tablebase";

/** How a game ended: why, who won (`null` for a draw) and the PGN result. */
export interface Outcome {
  termination: Termination;
  winner: "white" | "black" | "red" | null;
  result: "1-0" | "0-1" | "1/2-1/2";
}

/** A side as chess.js names it: `"w"` (White; Red in Xiangqi) or `"b"` (Black). */
export type Color = "w" | "b";

/**
 * A piece as chess.js gives it: `type` is the FEN letter in lower case (chess `p n b r q k`;
 * Xiangqi `k a b n r c p`: general, advisor, elephant, horse, chariot, cannon, soldier).
 */
export interface Piece {
  type: string;
  color: Color;
}

/** A cell of `board()`. */
export interface BoardSquare extends Piece {
  square: string;
}

/** The options of `moves()`, as chess.js's. */
export interface MovesOptions {
  /** `Move` objects instead of notation strings. */
  verbose?: boolean;
  /** Only the moves from this square. */
  square?: string;
  /** Only the moves of this piece type (a lower-case letter). */
  piece?: string;
}

/** A move for `move()` as an object, as chess.js takes it. */
export interface MoveInput {
  from: string;
  to: string;
  promotion?: string;
}

/**
 * A move as chess.js 1.4.0's `Move` describes it. `flags` holds chess.js's letters: `n` normal,
 * `c` capture, `b` pawn double step, `e` en passant, `p` promotion, `k`/`q` castling, `-` null
 * move. `san` is SAN (WXF in Xiangqi); `lan` is `from + to + promotion`; `before` and `after`
 * are FENs. In Chess960 a castling move's `to` is the rook's square.
 */
export interface Move {
  color: Color;
  from: string;
  to: string;
  piece: string;
  captured?: string;
  promotion?: string;
  flags: string;
  san: string;
  lan: string;
  before: string;
  after: string;
  isCapture(): boolean;
  isPromotion(): boolean;
  isEnPassant(): boolean;
  isKingsideCastle(): boolean;
  isQueensideCastle(): boolean;
  isBigPawn(): boolean;
}

/** chess.js's `moves()` and `history()` with their overloads (merged into the class). */
interface ChessJsMoves {
  /**
   * The legal moves as `Move` objects (chess in chess.js's order); `square` keeps the moves from
   * one square, `piece` those of one piece type. Throws `InvalidFenError` on a board that cannot
   * be played.
   */
  moves(options: MovesOptions & { verbose: true }): Move[];
  /** The legal moves in the game's notation: SAN (WXF in Xiangqi). */
  moves(options?: MovesOptions & { verbose?: false }): string[];
  /** The legal moves, as objects when `verbose` is true. */
  moves(options?: MovesOptions): string[] | Move[];
  /** The moves played since the start position as chess.js's `Move` objects. */
  history(options: { verbose: true }): Move[];
  /** The moves played since the start position, in coordinates (UCI; ICCS in Xiangqi). */
  history(options?: { verbose?: false }): string[];
}
export interface ChessBoard extends ChessJsMoves {}
export interface XiangqiBoard extends ChessJsMoves {}

/** The names of the errors the boards throw (`error.name`). */
export type QipanErrorName =
  | "InvalidFenError" | "InvalidMoveError" | "IllegalMoveError" | "AmbiguousMoveError"
  | "InvalidPgnError";
"#;
