//! `qipan.rating`: the Chinese levels-and-points method (exact, with `decimal.Decimal` points)
//! and Elo, wrapping [`qipan::rating`].

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt, PyString};
use qipan::rating::{self, GameResult, Points};

/// Reads points from an `int`, a `str` (`"1234.5"`), a `float` or a `decimal.Decimal`.
fn points_arg(value: &Bound<'_, PyAny>) -> PyResult<Points> {
    if value.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(
            "points must be a number or a str, not bool",
        ));
    }
    let text = if value.is_instance_of::<PyString>() {
        value.extract::<String>()?
    } else if value.is_instance_of::<PyInt>() || value.is_instance_of::<PyFloat>() {
        value.str()?.extract::<String>()?
    } else {
        let decimal = value.py().import("decimal")?.getattr("Decimal")?;
        if !value.is_instance(&decimal)? {
            return Err(PyTypeError::new_err(format!(
                "points must be an int, float, decimal.Decimal or str, not {}",
                value.get_type().name()?
            )));
        }
        // Plain notation: `Decimal("1E+3")` is 1000 points.
        value
            .call_method1("__format__", ("f",))?
            .extract::<String>()?
    };
    text.trim()
        .parse::<Points>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Reads a game result: `"win"`, `"draw"`, `"loss"` (or `"w"`, `"d"`, `"l"`).
fn result_arg(result: &str) -> PyResult<GameResult> {
    result
        .parse::<GameResult>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Points as an exact `decimal.Decimal`.
fn to_decimal<'py>(py: Python<'py>, points: Points) -> PyResult<Bound<'py, PyAny>> {
    py.import("decimal")?
        .getattr("Decimal")?
        .call1((points.to_string(),))
}

/// The change of `mine`'s points after a game against `theirs` (`result` is `"win"`, `"draw"` or
/// `"loss"` from `mine`'s side) under the levels-and-points method, as an exact
/// `decimal.Decimal`. Points may be given as `int`, `str`, `float` or `Decimal`.
#[pyfunction]
fn level_change<'py>(
    py: Python<'py>,
    mine: &Bound<'py, PyAny>,
    theirs: &Bound<'py, PyAny>,
    result: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let change =
        rating::checked_level_change(points_arg(mine)?, points_arg(theirs)?, result_arg(result)?)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
    to_decimal(py, change)
}

/// The level (级别) of a number of points: 30 (100 points) up to 1 (3000 and above), or `None`
/// below 100 points (unrated).
#[pyfunction]
fn level(points: &Bound<'_, PyAny>) -> PyResult<Option<u8>> {
    Ok(rating::level(points_arg(points)?))
}

/// The Elo change of `mine` after a game against `theirs`: `k × (S − E)`.
#[pyfunction]
#[pyo3(signature = (mine, theirs, result, k = rating::DEFAULT_K))]
fn elo_change(mine: f64, theirs: f64, result: &str, k: f64) -> PyResult<f64> {
    Ok(rating::elo_change(mine, theirs, result_arg(result)?, k))
}

/// The Elo expected score of `mine` against `theirs`.
#[pyfunction]
fn elo_expected(mine: f64, theirs: f64) -> f64 {
    rating::elo_expected(mine, theirs)
}

/// Adds the rating functions to the `rating` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(level_change, m)?)?;
    m.add_function(wrap_pyfunction!(level, m)?)?;
    m.add_function(wrap_pyfunction!(elo_change, m)?)?;
    m.add_function(wrap_pyfunction!(elo_expected, m)?)?;
    m.add("DEFAULT_K", rating::DEFAULT_K)?;
    Ok(())
}
