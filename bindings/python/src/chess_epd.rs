//! EPD on `ChessBoard` (python-chess's `epd()`, `set_epd()`, `Board.from_epd()`): the core reads
//! and writes the text (`qipan::chess::Chess::from_epd`, `epd`); these functions convert the
//! operations between the core's operands and Python values (`None`, `int`, `float`, `str`,
//! moves and lists of moves).

use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString};
use qipan::chess::{split_epd, Chess, EpdError, EpdOperand, Move};

use crate::board::Board;
use crate::chess_dropin::unchecked_move;
use crate::errors::BoardError;

/// An EPD error as the Python exception python-chess raises (a `ValueError`; illegal moves as
/// `IllegalMoveError`, which is one).
pub fn epd_error(err: EpdError) -> PyErr {
    match err {
        EpdError::Fen(err) => BoardError::new(qipan::ErrorKind::InvalidFen, err.to_string()).into(),
        EpdError::Move(err) => BoardError::from(err).into(),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// The operations as python-chess's dict: opcode -> `None`, `int`, `float`, `str`, a move or a
/// list of moves.
pub fn operations_dict<'py>(
    py: Python<'py>,
    pos: &Chess,
    ops: &[(String, EpdOperand)],
) -> PyResult<Bound<'py, PyDict>> {
    let (cache, wrap) = <Chess as crate::games::BindVariant>::moves_of(pos);
    let dict = PyDict::new(py);
    for (opcode, operand) in ops {
        let moves = |moves: &[Move]| -> PyResult<Bound<'py, PyAny>> {
            let objects = moves
                .iter()
                .map(|&mv| cache.one(py, mv, wrap))
                .collect::<PyResult<Vec<_>>>()?;
            Ok(PyList::new(py, objects)?.into_any())
        };
        let value: Bound<'py, PyAny> = match operand {
            EpdOperand::Empty => py.None().into_bound(py),
            EpdOperand::Integer(n) => n.into_pyobject(py)?.into_any(),
            EpdOperand::Number(x) => PyFloat::new(py, *x).into_any(),
            EpdOperand::Text(text) => PyString::new(py, text).into_any(),
            EpdOperand::Move(mv) => cache.one(py, *mv, wrap)?.into_bound(py).into_any(),
            EpdOperand::Moves(list) | EpdOperand::Variation(list) => moves(list)?,
        };
        dict.set_item(opcode, value)?;
    }
    Ok(dict)
}

/// The core move a Python move names in `pos`; `IllegalMoveError` when it names none.
fn move_in(pos: &Chess, value: &Bound<'_, PyAny>) -> PyResult<Move> {
    match unchecked_move(pos, value)? {
        Some(mv) => Ok(mv),
        None if crate::pymove::MoveArg::extract(value)?.repr().coord() == "0000" => {
            Ok(Move::null())
        }
        None => Err(BoardError::from(qipan::MoveError::illegal(
            &crate::pymove::MoveArg::extract(value)?.repr().coord(),
            pos.to_fen(),
        ))
        .into()),
    }
}

/// The core operand of a Python value given for `opcode`, as python-chess writes it.
fn operand_of(pos: &Chess, opcode: &str, value: &Bound<'_, PyAny>) -> PyResult<EpdOperand> {
    if value.is_none() {
        return Ok(EpdOperand::Empty);
    }
    if value.is_instance_of::<PyBool>() {
        // python-chess writes a bool as an int would be written: its str().
        return Ok(EpdOperand::Text(value.str()?.to_string()));
    }
    if value.is_instance_of::<PyInt>() {
        let n: i64 = value
            .extract()
            .map_err(|_| PyOverflowError::new_err("an EPD integer operand must fit in 64 bits"))?;
        return Ok(EpdOperand::Integer(n));
    }
    if let Ok(x) = value.cast::<PyFloat>() {
        return Ok(EpdOperand::Number(x.value()));
    }
    if value.is_instance_of::<PyString>() {
        return Ok(EpdOperand::Text(value.extract()?));
    }
    if value.hasattr("uci")? {
        return Ok(EpdOperand::Move(move_in(pos, value)?));
    }
    match opcode {
        "pv" if value.hasattr("__iter__")? => {
            let mut after = *pos;
            let mut line = Vec::new();
            for item in value.try_iter()? {
                let mv = move_in(&after, &item?)?;
                if mv.is_null() {
                    after.play_null();
                } else if after.is_legal(mv) {
                    after.play_unchecked(mv);
                } else {
                    return Err(epd_error(
                        qipan::MoveError::illegal(&after.uci(mv), after.to_fen()).into(),
                    ));
                }
                line.push(mv);
            }
            Ok(EpdOperand::Variation(line))
        }
        "am" | "bm" if value.hasattr("__iter__")? => Ok(EpdOperand::Moves(
            value
                .try_iter()?
                .map(|item| move_in(pos, &item?))
                .collect::<PyResult<_>>()?,
        )),
        _ => Ok(EpdOperand::Text(value.str()?.to_string())),
    }
}

/// python-chess's `board.epd(**operations)`.
pub fn epd(board: &Board<Chess>, operations: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
    let pos = crate::chess_dropin::position(board)?;
    let mut ops = Vec::new();
    if let Some(operations) = operations {
        for (key, value) in operations.iter() {
            let opcode: String = key.extract()?;
            qipan::chess::check_epd_opcode(&opcode).map_err(epd_error)?;
            let operand = operand_of(pos, &opcode, &value)?;
            ops.push((opcode, operand));
        }
    }
    pos.epd(&ops).map_err(epd_error)
}

/// python-chess's `board.set_epd(text)`: sets the position and returns the operations.
pub fn set_epd<'py>(
    py: Python<'py>,
    board: &mut Board<Chess>,
    text: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let (fields, operations) = split_epd(text);
    let Some(operations) = operations else {
        board.load_fen(text)?;
        return Ok(PyDict::new(py));
    };
    let rules = board.rules_name();
    let bare = Board::<Chess>::new(Some(&format!("{} 0 1", fields.join(" "))), Some(&rules))?;
    let pos = crate::chess_dropin::position(&bare)?;
    let ops = pos.parse_epd_operations(operations).map_err(epd_error)?;
    let dict = operations_dict(py, pos, &ops)?;
    board.load_fen(&qipan::chess::epd_fen(&fields, &ops))?;
    Ok(dict)
}
