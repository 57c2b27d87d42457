//! The comment commands of `qipan.pgn` nodes (`clock()`, `eval()`, `arrows()` and their
//! setters): the core's `qipan::tree::annotations` on a `_PgnTree` node, values converted only.
//! python-chess's own types (`PovScore`, `Arrow`) are made in Python (`qipan/_pgn_annotations.py`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use qipan::tree::annotations::{AnnotationError, Arrow, ArrowColor, Eval, EvalScore};

use crate::pgn_tree::PgnTree;

/// An evaluation as Python gets it: whether it is a mate, the number, the depth.
type EvalTuple = (bool, i64, Option<u64>);

fn eval_tuple(eval: Eval) -> EvalTuple {
    match eval.score {
        EvalScore::Centipawns(cp) => (false, cp, eval.depth),
        EvalScore::Mate(n) => (true, n, eval.depth),
    }
}

fn error(e: AnnotationError) -> PyErr {
    match e {
        // python-chess's error: its `inf // 3600` is NaN.
        AnnotationError::Infinite(_) => {
            PyValueError::new_err("cannot convert float NaN to integer")
        }
        AnnotationError::OffBoard { .. } => PyValueError::new_err(e.to_string()),
    }
}

/// The node's clock, move time, evaluation and arrows (`(tail, head, colour name)`).
#[pyfunction]
#[allow(clippy::type_complexity)]
fn _pgn_annotations(
    tree: PyRef<'_, PgnTree>,
    index: usize,
) -> PyResult<(
    Option<f64>,
    Option<f64>,
    Option<EvalTuple>,
    Vec<(u8, u8, &'static str)>,
)> {
    let id = tree.id(index)?;
    let all = tree.tree.annotations(id);
    let arrows = all
        .arrows
        .iter()
        .map(|a| (a.tail, a.head, a.color.name()))
        .collect();
    Ok((all.clock, all.emt, all.eval.map(eval_tuple), arrows))
}

/// Sets (or with `None` removes) the clock (`clk`) or the move time (`emt`).
#[pyfunction]
fn _pgn_set_time(
    mut tree: PyRefMut<'_, PgnTree>,
    index: usize,
    clock: bool,
    seconds: Option<f64>,
) -> PyResult<()> {
    let id = tree.id(index)?;
    if clock {
        tree.tree.set_clock(id, seconds)
    } else {
        tree.tree.set_emt(id, seconds)
    }
    .map_err(error)
}

/// Sets (or with `None` removes) the evaluation: `(is_mate, value)` from White's (Red's) side.
#[pyfunction]
#[pyo3(signature = (tree, index, score, depth=None))]
fn _pgn_set_eval(
    mut tree: PyRefMut<'_, PgnTree>,
    index: usize,
    score: Option<(bool, i64)>,
    depth: Option<u64>,
) -> PyResult<()> {
    let id = tree.id(index)?;
    let eval = score.map(|(mate, value)| Eval {
        score: if mate {
            EvalScore::Mate(value)
        } else {
            EvalScore::Centipawns(value)
        },
        depth,
    });
    tree.tree.set_eval(id, eval);
    Ok(())
}

/// Replaces the arrows and coloured squares: `(tail, head, colour name)` each.
#[pyfunction]
fn _pgn_set_arrows(
    mut tree: PyRefMut<'_, PgnTree>,
    index: usize,
    arrows: Vec<(i64, i64, String)>,
) -> PyResult<()> {
    let id = tree.id(index)?;
    let square = |s: i64| {
        u8::try_from(s)
            .map_err(|_| PyValueError::new_err(format!("square {s} is not on the board")))
    };
    let arrows = arrows
        .iter()
        .map(|(tail, head, color)| {
            Ok(Arrow::new(
                ArrowColor::from_name(color),
                square(*tail)?,
                square(*head)?,
            ))
        })
        .collect::<PyResult<Vec<_>>>()?;
    tree.tree.set_arrows(id, &arrows).map_err(error)
}

/// Adds the functions to the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_pgn_annotations, m)?)?;
    m.add_function(wrap_pyfunction!(_pgn_set_time, m)?)?;
    m.add_function(wrap_pyfunction!(_pgn_set_eval, m)?)?;
    m.add_function(wrap_pyfunction!(_pgn_set_arrows, m)?)?;
    Ok(())
}
