//! Python bindings of qipan: the native module `qipan._qipan`, re-exported by the `qipan`
//! package.
//!
//! The board logic is written once, in plain Rust, in [`board::Board`] over any
//! [`games::BindVariant`]; [`pyboard`] generates the `ChessBoard` and `XiangqiBoard` classes from it
//! with one macro.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod board;
pub mod bulk;
pub mod cache;
pub mod chess_dropin;
pub mod chess_epd;
pub mod chess_inspect;
pub mod chess_setup;
pub mod chess_text;
pub mod engine;
pub mod errors;
pub mod few_moves;
pub mod games;
pub mod legal;
pub mod pgn_annotations;
pub mod pgn_events;
pub mod pgn_tree;
pub mod piece;
pub mod polyglot;
pub mod pyboard;
pub mod pymove;
pub mod rating;
pub mod record_stream;
pub mod repr;
pub mod squareset;
pub mod state_names;
pub mod syzygy;
pub mod termination;
pub mod xiangqi_inspect;

use pyo3::prelude::*;

/// The native module: boards, moves, outcomes, exceptions and the `rating` submodule.
#[pymodule]
fn _qipan(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<pyboard::ChessBoard>()?;
    m.add_class::<pyboard::XiangqiBoard>()?;
    m.add_class::<pymove::PyMove>()?;
    m.add_class::<pymove::PyOutcome>()?;
    m.add_class::<legal::LegalMoves>()?;
    m.add_class::<piece::PyPiece>()?;
    m.add_class::<xiangqi_inspect::PyXiangqiPiece>()?;
    m.add_class::<squareset::SquareSet>()?;
    m.add_class::<chess_dropin::PseudoLegalMoves>()?;
    m.add_class::<few_moves::FewMoves>()?;
    m.add_class::<squareset::CarryRippler>()?;
    m.add("Termination", termination::termination_enum(py)?)?;
    m.add("InvalidFenError", py.get_type::<errors::InvalidFenError>())?;
    m.add(
        "InvalidMoveError",
        py.get_type::<errors::InvalidMoveError>(),
    )?;
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add(
        "AmbiguousMoveError",
        py.get_type::<errors::AmbiguousMoveError>(),
    )?;
    bulk::register(m)?;
    pgn_tree::register(m)?;
    record_stream::register(m)?;
    pgn_annotations::register(m)?;
    pgn_events::register(m)?;
    engine::register(m)?;
    polyglot::register(m)?;
    syzygy::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    let rating = PyModule::new(py, "rating")?;
    rating::register(&rating)?;
    m.add_submodule(&rating)?;
    Ok(())
}
