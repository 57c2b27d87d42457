#![doc = include_str!("../../../README.md")]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod color;
mod error;
mod game;
mod outcome;
mod perft;
mod variant;

pub mod pgn;
pub mod rating;
pub mod render;

pub mod chess;
pub mod xiangqi;

pub use color::Color;
pub use error::{ErrorKind, MoveError};
pub use game::Game;
pub use outcome::{Outcome, ParseTerminationError, Termination};
pub use perft::{divide, divide_threads, perft, perft_threads};
pub use variant::Variant;

pub use chess::Chess;
pub use variant::{is_null_move_text, NULL_MOVE_TEXTS};
pub use xiangqi::Xiangqi;
