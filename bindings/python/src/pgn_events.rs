//! `_PgnEvents`: the core's [`EventReader`] over a Python text handle, for `read_game(handle,
//! Visitor=...)`: the events are converted to tuples only; the visitor calls are made in Python
//! (`qipan/_pgn_reader.py`).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use qipan::pgn::{EventReader, GameLines, Limits, LineSource, LineStep, PgnEvent};
use qipan::tree::AnyGameTree;

/// The lines of a Python handle, read with its `readline()`; while `kept` is `Some`, every line
/// read is kept there too.
struct HandleLines {
    readline: Py<PyAny>,
    kept: Option<Vec<String>>,
}

impl LineSource for HandleLines {
    type Error = PyErr;

    fn read_line(&mut self, buf: &mut String) -> PyResult<bool> {
        let start = buf.len();
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
            if let Some(kept) = &mut self.kept {
                kept.push(buf[start..].to_owned());
            }
            Ok(buf.len() > start)
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
            reader: EventReader::new(HandleLines {
                readline,
                kept: None,
            }),
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

/// The next game of a text handle as python-chess's `read_game` reads it
/// ([`AnyGameTree::read_events`]), `None` at the end of the stream. A game whose moves only the
/// record reader reads (Xiangqi) is read by it from the lines read so far and the rest of the game.
pub fn read_tree(handle: &Bound<'_, PyAny>) -> PyResult<Option<AnyGameTree>> {
    let readline = handle.getattr("readline")?.unbind();
    let limits = Limits::default();
    let mut reader = EventReader::new(HandleLines {
        readline,
        kept: Some(Vec::new()),
    });
    let game = match AnyGameTree::read_events(&mut reader, &limits)? {
        None => return Ok(None),
        Some(Ok(tree)) => tree,
        Some(Err(_)) => {
            let HandleLines { readline, kept } = reader.into_source();
            let mut lines = GameLines::new(limits, 1);
            let mut ended = false;
            for line in kept.unwrap_or_default() {
                if lines.feed(line.as_bytes()) == LineStep::End {
                    ended = true;
                    break;
                }
            }
            let mut source = HandleLines {
                readline,
                kept: None,
            };
            let mut line = String::new();
            while !ended {
                line.clear();
                if !source.read_line(&mut line)? {
                    break;
                }
                ended = lines.feed(line.as_bytes()) == LineStep::End;
            }
            match lines.finish() {
                Some(raw) => AnyGameTree::read_lenient(&raw, &limits),
                None => return Ok(None),
            }
        }
    };
    Ok(Some(game))
}

/// Adds `_PgnEvents` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PgnEvents>()
}
