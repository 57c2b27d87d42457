//! `_PgnEvents`: the core's [`EventReader`] over a Python text handle, for `read_game(handle,
//! Visitor=...)`: the events are converted to tuples only; the visitor calls are made in Python
//! (`qipan/_pgn_reader.py`).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use qipan::pgn::{EventReader, LineSource, PgnEvent};

/// The lines of a Python handle, read with its `readline()`.
struct HandleLines {
    readline: Py<PyAny>,
}

impl LineSource for HandleLines {
    type Error = PyErr;

    fn read_line(&mut self, buf: &mut String) -> PyResult<bool> {
        Python::attach(|py| {
            let line = self.readline.call0(py)?;
            let line = line.bind(py);
            if let Ok(text) = line.cast::<PyString>() {
                buf.push_str(&text.to_cow()?);
            } else if let Ok(bytes) = line.cast::<PyBytes>() {
                buf.push_str(&String::from_utf8_lossy(bytes.as_bytes()));
            } else {
                return Err(PyTypeError::new_err(format!(
                    "readline() returned {}, not str",
                    line.get_type().name()?
                )));
            }
            Ok(!buf.is_empty())
        })
    }
}

/// One game of a text handle as events `(kind, text, value)`: kind 0 begin game, 1 tag (name,
/// value), 2 end headers, 3 comment, 4 NAG (its digits), 5 `(`, 6 `)`, 7 move, 8 result, 9 end
/// game.
#[pyclass(module = "qipan._qipan", name = "_PgnEvents", unsendable)]
pub struct PgnEvents {
    reader: EventReader<HandleLines>,
}

type EventTuple = (u8, Option<String>, Option<String>);

#[pymethods]
impl PgnEvents {
    #[new]
    fn new(handle: &Bound<'_, PyAny>) -> PyResult<Self> {
        let readline = handle.getattr("readline")?.unbind();
        Ok(PgnEvents {
            reader: EventReader::new(HandleLines { readline }),
        })
    }

    /// The next event, `None` when the handle holds no further game.
    fn next(&mut self) -> PyResult<Option<EventTuple>> {
        Ok(self.reader.next_event()?.map(|event| match event {
            PgnEvent::BeginGame => (0, None, None),
            PgnEvent::Tag { name, value } => (1, Some(name), Some(value)),
            PgnEvent::EndHeaders => (2, None, None),
            PgnEvent::Comment(text) => (3, Some(text), None),
            PgnEvent::Nag(digits) => (4, Some(digits), None),
            PgnEvent::StartVariation => (5, None, None),
            PgnEvent::EndVariation => (6, None, None),
            PgnEvent::Move(text) => (7, Some(text), None),
            PgnEvent::Result(result) => (8, Some(result.to_owned()), None),
            PgnEvent::EndGame => (9, None, None),
        }))
    }

    /// Reads the rest of the game without events but the end.
    fn skip_game(&mut self) {
        self.reader.skip_game();
    }
}

/// Adds `_PgnEvents` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PgnEvents>()
}
