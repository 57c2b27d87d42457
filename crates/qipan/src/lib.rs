#![doc = include_str!("../../../README.md")]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod any;
mod color;
mod coord_move;
mod error;
mod game;
mod kind;
mod notation;
mod outcome;
mod perft;
mod square_set;
mod text;
mod variant;
mod verdict;

pub mod archive;
pub mod board;
pub mod engine;
pub mod pgn;
pub mod rating;
pub mod records;
pub mod render;
pub mod tree;

pub mod chess;
pub mod xiangqi;

pub use color::Color;
pub use coord_move::CoordMove;
pub use error::{ErrorKind, MoveError, UnknownRules};
pub use game::Game;
pub use kind::{GameKind, UnknownGame};
pub use notation::{Notation, NotationError};
pub use outcome::{Ending, Outcome, ParseTerminationError, Termination};
pub use perft::{
    check_perft_work, divide, divide_threads, estimate_perft, perft, perft_threads, PerftEstimate,
    PerftTooBig, MAX_PERFT_DEPTH, MAX_PERFT_WORK,
};
pub use text::{printable, shorten};
pub use variant::{GameRules, History, HistoryRules, Notate, Variant, Winnability};
pub use verdict::{ProofKind, Verdict};

pub use any::{AnyFenError, AnyGame, AnyMove, AnyPosition, AnyVariant};
pub use chess::Chess;
pub use variant::{is_null_move_text, NULL_MOVE_TEXTS};
pub use xiangqi::Xiangqi;

/// The traits of a game's rules, for code that calls them on a concrete position
/// (`use qipan::prelude::*`): [`Variant`], [`Notate`], [`HistoryRules`], [`Winnability`] and
/// [`GameRules`].
pub mod prelude {
    pub use crate::{GameRules, HistoryRules, Notate, Variant, Winnability};
}

/// The examples of `docs/records.md`, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/records.md")]
pub struct RecordsDoc;
