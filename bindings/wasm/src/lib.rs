//! WebAssembly bindings of [qipan]: the npm package `qipan`, with one class per game,
//! `ChessBoard` and `XiangqiBoard`, generated from one generic [`board::Board`].
//!
//! Build the package with `bindings/wasm/build.sh`; see `docs/javascript.md` for the JS API.
//! Every error is a JS `Error` whose `name` is `InvalidFenError`, `InvalidMoveError`,
//! `IllegalMoveError` or `AmbiguousMoveError` (and `TypeError`/`RangeError` for arguments of the
//! wrong type or range); no input traps or changes a board it was refused by.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod board;
mod class;
pub mod games;
pub mod js;
pub mod names;
pub mod rating;
pub mod records;
pub mod trees;

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
  | "dead_position";

/** How a game ended: why, who won (`null` for a draw) and the PGN result. */
export interface Outcome {
  termination: Termination;
  winner: "white" | "black" | "red" | null;
  result: "1-0" | "0-1" | "1/2-1/2";
}

/** The names of the errors the boards throw (`error.name`). */
export type QipanErrorName =
  | "InvalidFenError" | "InvalidMoveError" | "IllegalMoveError" | "AmbiguousMoveError"
  | "InvalidPgnError";
"#;
