//! The native part of `qipan.chess.engine`: one engine process ([`qipan::engine::Engine`]) and
//! its searches, with moves handed over as the boards' own `Move` objects. python-chess's shapes
//! (`SimpleEngine`, `PovScore`, `InfoDict`…) are built in Python, in `qipan/chess/engine.py`.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyTimeoutError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use qipan::chess::Chess;
use qipan::engine::{
    Engine, EngineError as CoreError, EngineGame, Info, Limit, Protocol, Score, ScoreBound,
    SearchEvent, SearchOptions, Timeouts, XiangqiDialect,
};
use qipan::xiangqi::Xiangqi;
use qipan::{Game, Variant};

use crate::games::BindVariant;
use crate::pyboard::{ChessBoard, XiangqiBoard};
use crate::pymove::PyMove;

create_exception!(
    qipan,
    EngineError,
    PyRuntimeError,
    "An engine misbehaved or was asked something it cannot do."
);
create_exception!(
    qipan,
    EngineTerminatedError,
    EngineError,
    "The engine process exited."
);

fn py_error(e: CoreError) -> PyErr {
    match e {
        CoreError::Terminated { .. } => EngineTerminatedError::new_err(e.to_string()),
        CoreError::Timeout { .. } => PyTimeoutError::new_err(e.to_string()),
        CoreError::Spawn { .. } => EngineTerminatedError::new_err(e.to_string()),
        _ => EngineError::new_err(e.to_string()),
    }
}

/// The position a running search is in.
#[derive(Debug, Clone)]
enum Searched {
    Chess(Chess),
    Xiangqi(Xiangqi),
}

#[derive(Debug)]
struct State {
    engine: Option<Engine>,
    searched: Option<Searched>,
}

/// An engine process (`qipan._qipan.NativeEngine`).
#[pyclass(module = "qipan", name = "NativeEngine")]
#[derive(Debug)]
pub struct NativeEngine {
    state: Mutex<State>,
}

fn duration(seconds: Option<f64>, name: &str) -> PyResult<Option<Duration>> {
    match seconds {
        None => Ok(None),
        Some(s) if (0.0..1e9).contains(&s) => Ok(Some(Duration::from_secs_f64(s))),
        Some(s) => Err(PyValueError::new_err(format!(
            "{name} must be a non-negative number of seconds, not {s}"
        ))),
    }
}

fn limit_of(limit: &Bound<'_, PyDict>) -> PyResult<Limit> {
    let get_f = |key: &str| -> PyResult<Option<f64>> {
        match limit.get_item(key)? {
            Some(v) if !v.is_none() => Ok(Some(v.extract()?)),
            _ => Ok(None),
        }
    };
    let get_u = |key: &str| -> PyResult<Option<u64>> {
        match limit.get_item(key)? {
            Some(v) if !v.is_none() => Ok(Some(v.extract()?)),
            _ => Ok(None),
        }
    };
    let small = |v: Option<u64>, key: &str| -> PyResult<Option<u32>> {
        v.map(|v| {
            u32::try_from(v).map_err(|_| PyValueError::new_err(format!("{key} is too large")))
        })
        .transpose()
    };
    Ok(Limit {
        depth: small(get_u("depth")?, "depth")?,
        nodes: get_u("nodes")?,
        mate: small(get_u("mate")?, "mate")?,
        movetime: duration(get_f("time")?, "time")?,
        white_clock: duration(get_f("white_clock")?, "white_clock")?,
        black_clock: duration(get_f("black_clock")?, "black_clock")?,
        white_inc: duration(get_f("white_inc")?, "white_inc")?,
        black_inc: duration(get_f("black_inc")?, "black_inc")?,
        moves_to_go: small(get_u("remaining_moves")?, "remaining_moves")?,
        infinite: limit
            .get_item("infinite")?
            .is_some_and(|v| v.is_truthy().unwrap_or(false)),
    })
}

fn move_obj<V: BindVariant>(py: Python<'_>, pos: &V, mv: V::Move) -> PyResult<Py<PyMove>> {
    let (cache, wrap) = V::moves_of(pos);
    cache.one(py, mv, wrap)
}

fn moves_list<V: BindVariant>(py: Python<'_>, pos: &V, moves: &[V::Move]) -> PyResult<Py<PyList>> {
    let objs: Vec<Py<PyMove>> = moves
        .iter()
        .map(|&mv| move_obj(py, pos, mv))
        .collect::<PyResult<_>>()?;
    Ok(PyList::new(py, objs)?.unbind())
}

/// An info line as a dict of plain values: `score` as `("cp" | "mate", n)`, `bound` as
/// `"lower"`/`"upper"`, `wdl` as a tuple, moves as `Move` objects, `time` in seconds.
fn info_dict<'py, V: BindVariant>(
    py: Python<'py>,
    pos: &V,
    info: &Info<V::Move>,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    macro_rules! put {
        ($key:literal, $value:expr) => {
            if let Some(v) = $value {
                d.set_item($key, v)?;
            }
        };
    }
    put!("depth", info.depth);
    put!("seldepth", info.seldepth);
    put!("time", info.time_ms.map(|t| t as f64 / 1000.0));
    put!("nodes", info.nodes);
    put!("nps", info.nps);
    put!("multipv", info.multipv);
    put!("hashfull", info.hashfull);
    put!("tbhits", info.tbhits);
    put!("cpuload", info.cpuload);
    put!("currmovenumber", info.currmovenumber);
    put!("string", info.string.as_deref());
    put!(
        "ebf",
        info.ebf.as_deref().and_then(|e| e.parse::<f64>().ok())
    );
    match info.score {
        Some(Score::Cp(cp)) => d.set_item("score", ("cp", cp))?,
        Some(Score::Mate(m)) => d.set_item("score", ("mate", m))?,
        None => {}
    }
    match info.bound {
        ScoreBound::Lower => d.set_item("lowerbound", true)?,
        ScoreBound::Upper => d.set_item("upperbound", true)?,
        ScoreBound::Exact => {}
    }
    put!("wdl", info.wdl);
    if let Some(mv) = info.currmove {
        d.set_item("currmove", move_obj(py, pos, mv)?)?;
    }
    if !info.pv.is_empty() {
        let mut current = pos.clone();
        let mut objs = Vec::with_capacity(info.pv.len());
        for &mv in &info.pv {
            objs.push(move_obj(py, &current, mv)?);
            current.play_or_pass(mv);
        }
        d.set_item("pv", PyList::new(py, objs)?)?;
    }
    if let Some((first, rest)) = &info.refutation {
        let mut after = pos.clone();
        after.play_or_pass(*first);
        let r = PyDict::new(py);
        r.set_item(move_obj(py, pos, *first)?, moves_list(py, &after, rest)?)?;
        d.set_item("refutation", r)?;
    }
    if let Some((cpu, moves)) = &info.currline {
        let r = PyDict::new(py);
        r.set_item(cpu, moves_list(py, pos, moves)?)?;
        d.set_item("currline", r)?;
    }
    Ok(d)
}

fn board_game<V, T>(
    board: &Bound<'_, PyAny>,
    get: impl Fn(&T) -> Game<V>,
) -> PyResult<Option<Game<V>>>
where
    T: pyo3::PyClass,
    V: Variant,
{
    match board.cast::<T>() {
        Ok(b) => Ok(Some(get(&b.borrow()))),
        Err(_) => Ok(None),
    }
}

fn move_args<V: BindVariant>(moves: &Bound<'_, PyAny>) -> PyResult<Vec<V::Move>> {
    let mut out = Vec::new();
    if moves.is_none() {
        return Ok(out);
    }
    for item in moves.try_iter()? {
        let item = item?;
        let mv = item
            .cast::<PyMove>()
            .map_err(|_| PyTypeError::new_err("expected Move objects"))?;
        let mv = V::unwrap(&mv.get().repr)
            .ok_or_else(|| PyValueError::new_err("a move of another game"))?;
        out.push(mv);
    }
    Ok(out)
}

/// How a search runs besides its moves: `(multipv, new_game, analysis, ponder)`.
type Flags = (Option<u32>, bool, bool, bool);

fn search_options<M>(root_moves: Vec<M>, flags: Flags) -> SearchOptions<M> {
    let (multipv, new_game, analysis, ponder) = flags;
    SearchOptions {
        multipv,
        root_moves,
        ban_moves: Vec::new(),
        new_game,
        analysis,
        ponder,
    }
}

impl NativeEngine {
    fn with<R>(&self, f: impl FnOnce(&mut State) -> PyResult<R>) -> PyResult<R> {
        let mut state = self
            .state
            .lock()
            .map_err(|_| EngineError::new_err("the engine was poisoned by a panic"))?;
        f(&mut state)
    }

    fn engine(state: &mut State) -> PyResult<&mut Engine> {
        state
            .engine
            .as_mut()
            .ok_or_else(|| EngineTerminatedError::new_err("the engine has quit"))
    }

    fn start<V: BindVariant + EngineGame>(
        &self,
        py: Python<'_>,
        game: Game<V>,
        limit: Limit,
        options: SearchOptions<V::Move>,
        wrap: fn(V) -> Searched,
    ) -> PyResult<()> {
        let pos = game.position().clone();
        self.with(|state| {
            let engine = Self::engine(state)?;
            py.detach(|| engine.start_search(&game, &limit, &options))
                .map_err(py_error)?;
            state.searched = Some(wrap(pos));
            Ok(())
        })
    }

    fn event<V: BindVariant + EngineGame>(
        py: Python<'_>,
        engine: &mut Engine,
        pos: &V,
        wait: Option<Duration>,
    ) -> PyResult<Option<Py<PyAny>>> {
        let asked = wait.map(|w| Instant::now() + w);
        let result = py.detach(|| engine.next_event(pos, wait));
        match result {
            Ok(SearchEvent::Info(info)) => Ok(Some(info_dict(py, pos, &info)?.into_any().unbind())),
            Ok(SearchEvent::BestMove(best)) => {
                let obj = |mv: Option<V::Move>, at: &V| -> PyResult<Py<PyAny>> {
                    match mv {
                        Some(mv) => Ok(move_obj(py, at, mv)?.into_any()),
                        None => Ok(py.None()),
                    }
                };
                let mut after = pos.clone();
                if let Some(mv) = best.best {
                    after.play_or_pass(mv);
                }
                let tuple = PyTuple::new(
                    py,
                    [
                        obj(best.best, pos)?,
                        obj(best.ponder, &after)?,
                        best.draw.into_pyobject(py)?.to_owned().into_any().unbind(),
                        best.resign
                            .into_pyobject(py)?
                            .to_owned()
                            .into_any()
                            .unbind(),
                    ],
                )?;
                Ok(Some(tuple.into_any().unbind()))
            }
            Err(CoreError::Timeout { .. })
                if asked.is_some_and(|a| engine.search_deadline().is_none_or(|d| a < d)) =>
            {
                Ok(None)
            }
            Err(e) => Err(py_error(e)),
        }
    }
}

#[pymethods]
impl NativeEngine {
    /// Starts `command[0]` with the other items as arguments and shakes hands in `protocol`
    /// (`"uci"`, `"ucci"` or `"xboard"`). Timeouts in seconds.
    #[new]
    #[pyo3(signature = (command, protocol, timeout=10.0, search_timeout=300.0))]
    fn new(
        py: Python<'_>,
        command: Vec<String>,
        protocol: &str,
        timeout: Option<f64>,
        search_timeout: Option<f64>,
    ) -> PyResult<Self> {
        let protocol = match protocol {
            "uci" => Protocol::Uci,
            "ucci" => Protocol::Ucci,
            "xboard" => Protocol::Xboard,
            other => return Err(PyValueError::new_err(format!("unknown protocol {other:?}"))),
        };
        let (program, args) = command
            .split_first()
            .ok_or_else(|| PyValueError::new_err("empty engine command"))?;
        let long = Duration::from_secs(86400 * 365);
        let reply = duration(timeout, "timeout")?.unwrap_or(long);
        let timeouts = Timeouts {
            reply,
            grace: reply,
            search: duration(search_timeout, "search_timeout")?.unwrap_or(long),
            quit: Duration::from_secs(1),
        };
        let engine = py
            .detach(|| Engine::start(program, args, protocol, timeouts))
            .map_err(py_error)?;
        Ok(NativeEngine {
            state: Mutex::new(State {
                engine: Some(engine),
                searched: None,
            }),
        })
    }

    /// The `id` lines as `(key, value)` pairs.
    fn id(&self) -> PyResult<Vec<(String, String)>> {
        self.with(|s| Ok(Self::engine(s)?.id().to_vec()))
    }

    /// The options: `(name, type, default, min, max, vars)`.
    #[allow(clippy::type_complexity)]
    fn options(
        &self,
    ) -> PyResult<
        Vec<(
            String,
            String,
            Option<String>,
            Option<i64>,
            Option<i64>,
            Vec<String>,
        )>,
    > {
        self.with(|s| {
            Ok(Self::engine(s)?
                .options()
                .iter()
                .map(|o| {
                    (
                        o.name.clone(),
                        o.kind.name().to_owned(),
                        o.default.clone(),
                        o.min,
                        o.max,
                        o.vars.clone(),
                    )
                })
                .collect())
        })
    }

    /// The engine's process id (`None` once it has quit).
    fn pid(&self) -> PyResult<Option<u32>> {
        self.with(|s| Ok(s.engine.as_mut().map(|e| e.process().id())))
    }

    /// The protocol: `"uci"`, `"ucci"` or `"xboard"`.
    fn protocol(&self) -> PyResult<String> {
        self.with(|s| Ok(Self::engine(s)?.protocol().name().to_owned()))
    }

    /// The Xiangqi dialect: `"ucci"`, `"uci-variant"` or `"uci-plain"`.
    fn dialect(&self) -> PyResult<String> {
        self.with(|s| Ok(Self::engine(s)?.xiangqi_dialect().to_string()))
    }

    /// Overrides the Xiangqi dialect.
    fn set_dialect(&self, dialect: &str) -> PyResult<()> {
        let dialect: XiangqiDialect = dialect
            .parse()
            .map_err(|e: qipan::engine::UnknownDialect| PyValueError::new_err(e.to_string()))?;
        self.with(|s| {
            Self::engine(s)?.set_xiangqi_dialect(dialect);
            Ok(())
        })
    }

    /// Sets an option (checked against its type); values are text.
    fn configure(&self, py: Python<'_>, name: &str, value: &str) -> PyResult<()> {
        self.with(|s| {
            let engine = Self::engine(s)?;
            py.detach(|| engine.configure(name, value))
                .map_err(py_error)
        })
    }

    /// `isready` / `readyok`.
    fn ping(&self, py: Python<'_>) -> PyResult<()> {
        self.with(|s| {
            let engine = Self::engine(s)?;
            py.detach(|| engine.ping()).map_err(py_error)
        })
    }

    /// Starts a search of `board`'s position (a `ChessBoard` or `XiangqiBoard`), its game's moves
    /// sent from the start. `limit` holds python-chess's `Limit` fields. `analysis`: an XBoard
    /// engine analyses (`analyze`) rather than plays (`go`). `ponder`: the engine ponders on the
    /// expected reply once the search ends, until the next command.
    #[pyo3(signature = (board, limit, multipv=None, root_moves=None, new_game=false, analysis=false, ponder=false))]
    #[allow(clippy::too_many_arguments)] // python-chess's keywords, one by one
    fn start_search(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        limit: &Bound<'_, PyDict>,
        multipv: Option<u32>,
        root_moves: Option<&Bound<'_, PyAny>>,
        new_game: bool,
        analysis: bool,
        ponder: bool,
    ) -> PyResult<()> {
        let flags = (multipv, new_game, analysis, ponder);
        let limit = limit_of(limit)?;
        let none = py.None().into_bound(py);
        let root_moves = root_moves.unwrap_or(&none);
        if let Some(game) = board_game(board, |b: &ChessBoard| b.inner.game().clone())? {
            let options = search_options(move_args::<Chess>(root_moves)?, flags);
            return self.start(py, game, limit, options, Searched::Chess);
        }
        if let Some(game) = board_game(board, |b: &XiangqiBoard| b.inner.game().clone())? {
            let options = search_options(move_args::<Xiangqi>(root_moves)?, flags);
            return self.start(py, game, limit, options, Searched::Xiangqi);
        }
        Err(PyTypeError::new_err(
            "expected a ChessBoard or a XiangqiBoard",
        ))
    }

    /// The next event of the running search: an info dict, or `(move, ponder, draw, resign)`
    /// when it ends; `None` when `wait` seconds pass first.
    #[pyo3(signature = (wait=None))]
    fn next_event(&self, py: Python<'_>, wait: Option<f64>) -> PyResult<Option<Py<PyAny>>> {
        let wait = duration(wait, "wait")?;
        self.with(|state| {
            let searched = state
                .searched
                .clone()
                .ok_or_else(|| EngineError::new_err("no search is running"))?;
            let engine = Self::engine(state)?;
            let event = match &searched {
                Searched::Chess(pos) => Self::event(py, engine, pos, wait),
                Searched::Xiangqi(pos) => Self::event(py, engine, pos, wait),
            };
            if !engine.is_searching() {
                state.searched = None;
            }
            event
        })
    }

    /// Whether a search is running.
    fn is_searching(&self) -> PyResult<bool> {
        self.with(|s| Ok(s.engine.as_ref().is_some_and(Engine::is_searching)))
    }

    /// Sends `stop` to the running search.
    fn stop(&self) -> PyResult<()> {
        self.with(|s| Self::engine(s)?.stop().map_err(py_error))
    }

    /// Sends `quit`, and kills the engine if it has not exited within a second.
    fn quit(&self, py: Python<'_>) -> PyResult<()> {
        self.with(|s| {
            if let Some(engine) = s.engine.take() {
                py.detach(|| engine.quit());
            }
            s.searched = None;
            Ok(())
        })
    }

    /// Whether the engine has quit.
    fn is_closed(&self) -> PyResult<bool> {
        self.with(|s| Ok(s.engine.is_none()))
    }
}

/// Adds the engine class and exceptions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<NativeEngine>()?;
    m.add("EngineError", py.get_type::<EngineError>())?;
    m.add(
        "EngineTerminatedError",
        py.get_type::<EngineTerminatedError>(),
    )?;
    Ok(())
}
