//! `qipan.Termination`: a Python `enum.Enum` with python-chess's member names, so that
//! `outcome.termination == chess.Termination.CHECKMATE`-style code ports by changing the import.
//!
//! The enum is made once, when the module is loaded, with the functional `enum.Enum` API: a
//! `#[pyclass]` enum would not be an `enum.Enum` (no `Termination["CHECKMATE"]`, no iteration,
//! no `.name` / `.value` as users of python-chess expect). Each member's value is the core's
//! lower-case name (`"checkmate"`), so `Termination("checkmate")` works too.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyType};
use qipan::{shorten, Termination};

/// The members only python-chess has (its variant endings): no core termination is behind them,
/// but code naming them runs.
const EXTRA_MEMBERS: [&str; 3] = ["variant_win", "variant_loss", "variant_draw"];

/// The enum class, and its members in the order of [`Termination::ALL`].
struct TerminationEnum {
    class: Py<PyType>,
    core_members: Vec<Py<PyAny>>,
}

static TERMINATION_ENUM: PyOnceLock<TerminationEnum> = PyOnceLock::new();

/// Every member's value (the core's names first, in the core's order).
fn member_values() -> Vec<&'static str> {
    let mut values: Vec<&'static str> = Termination::ALL.iter().map(|t| t.as_str()).collect();
    for extra in EXTRA_MEMBERS {
        if !values.contains(&extra) {
            values.push(extra);
        }
    }
    values
}

fn enum_of(py: Python<'_>) -> PyResult<&TerminationEnum> {
    TERMINATION_ENUM.get_or_try_init(py, || {
        let members: Vec<(String, &str)> = member_values()
            .into_iter()
            .map(|value| (value.to_ascii_uppercase(), value))
            .collect();
        let enum_class = py.import("enum")?.getattr("Enum")?;
        let kwargs = pyo3::types::PyDict::new(py);
        kwargs.set_item("module", "qipan")?;
        kwargs.set_item("qualname", "Termination")?;
        let cls = enum_class.call(("Termination", members), Some(&kwargs))?;
        cls.setattr(
            "__doc__",
            "Why a game ended: python-chess's names (CHECKMATE, FIFTY_MOVES, ...) and qipan's \
                 own (PERPETUAL_CHECK, RESIGNATION, ...); each value is the lower-case name.",
        )?;
        let core_members = Termination::ALL
            .iter()
            .map(|t| cls.call1((t.as_str(),)).map(Bound::unbind))
            .collect::<PyResult<_>>()?;
        Ok(TerminationEnum {
            class: cls.cast_into::<PyType>()?.unbind(),
            core_members,
        })
    })
}

/// The `Termination` enum class, made on first use.
pub fn termination_enum(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    Ok(enum_of(py)?.class.bind(py))
}

/// The enum member of `termination`.
pub fn termination_member(py: Python<'_>, termination: Termination) -> PyResult<Bound<'_, PyAny>> {
    let members = &enum_of(py)?.core_members;
    match Termination::ALL.iter().position(|t| *t == termination) {
        Some(i) => Ok(members[i].bind(py).clone()),
        None => termination_enum(py)?.call1((termination.as_str(),)),
    }
}

/// A termination argument: a `Termination` member or its lower-case name.
pub fn termination_arg(value: &Bound<'_, PyAny>) -> PyResult<Termination> {
    let py = value.py();
    let name = if value.is_instance(termination_enum(py)?)? {
        value.getattr("value")?.extract::<String>()?
    } else if let Ok(s) = value.cast::<PyString>() {
        s.to_cow()?.into_owned()
    } else {
        return Err(PyTypeError::new_err(format!(
            "a termination is a qipan.Termination or its name, not {}",
            value.get_type().name()?
        )));
    };
    name.parse::<Termination>().map_err(|_| {
        PyValueError::new_err(format!(
            "termination {:?} is not one qipan's rules decide",
            shorten(&name)
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_core_termination_and_the_python_chess_names_are_members() {
        let values = member_values();
        for t in Termination::ALL {
            assert!(values.contains(&t.as_str()));
        }
        for name in [
            "variant_win",
            "variant_loss",
            "variant_draw",
            "dead_position",
        ] {
            assert_eq!(values.iter().filter(|v| **v == name).count(), 1, "{name}");
        }
    }
}
