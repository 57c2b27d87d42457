//! XBoard without input or output: the commands of a search and the reading of the engine's moves
//! and thinking lines in the searched position. [`Engine`](super::Engine)'s XBoard client sends
//! these commands over its process; the npm package's session hands them to JavaScript, which
//! moves the lines over its own transport. Both wait for the same `ping`/`pong` exchanges.

use std::time::Duration;

use super::command::Limit;
use super::dialect::{EngineGame, XiangqiDialect};
use super::error::EngineError;
use super::info::{Info, Score};
use super::search::SearchOptions;
use super::xboard::XboardMessage;
use crate::{Color, Game};

/// Commands some engines do not know and that change nothing a client relies on: their
/// refusals (`Error (…): post`) are ignored.
pub const XBOARD_OPTIONAL_COMMANDS: [&str; 9] = [
    "post", "nopost", "easy", "hard", "random", "computer", ".", "name", "rating",
];

/// Whether a refusal of `command` (the text after `Error (…):`) ends a search: refusals of
/// [`XBOARD_OPTIONAL_COMMANDS`] do not.
pub fn xboard_refusal_matters(command: &str) -> bool {
    let word = command.split_whitespace().next().unwrap_or("");
    !XBOARD_OPTIONAL_COMMANDS.contains(&word)
}

/// The answer to one announced feature: `accepted KEY`, or `rejected san` for `san=1` (moves are
/// read and written in coordinates).
pub fn xboard_feature_reply(key: &str, value: &str) -> String {
    let verdict = if key == "san" && value == "1" {
        "rejected"
    } else {
        "accepted"
    };
    format!("{verdict} {key}")
}

/// The latest value of a feature among those announced, in order.
pub fn xboard_feature<'a>(features: &'a [(String, String)], name: &str) -> Option<&'a str> {
    features
        .iter()
        .rev()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// What an XBoard client keeps between searches.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct XboardGameState {
    /// The variant of the last search (`None`: chess, `normal`).
    pub variant: Option<String>,
    /// After an analysis (`analyze`), a legal move of the analysed position (empty when there is
    /// none): Fairy-Stockfish keeps the analysis's positions until it is sent a move, and refuses
    /// castling in the next game otherwise.
    pub analysed: Option<String>,
    /// The command that sets a search depth: `sd` (the protocol's, when `None`), or `depth` once
    /// the engine refused `sd` (GNU Chess).
    pub depth_command: Option<&'static str>,
}

/// The commands of one XBoard search, in three groups with a `ping`/`pong` before the first
/// (dropping what an earlier search left behind) and between the second and third (collecting the
/// engine's refusals of the setup: any that [matters](xboard_refusal_matters) ends the search).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XboardPlan {
    /// `force` and a move handing back an analysis, `new`, `variant`, `force`, `setboard`, the
    /// game's moves, then the limits (play) or `exclude`/`include` (analysis).
    pub setup: Vec<String>,
    /// `post`, `easy` (or `hard`) and `go`; or `post` and `analyze`.
    pub start: Vec<String>,
    /// After `analyze` is sent: the value of [`XboardGameState::analysed`].
    pub analysed: Option<String>,
}

fn usage(text: &str) -> EngineError {
    EngineError::Usage(text.to_owned())
}

fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{}", d.as_secs())
    } else {
        format!("{s}")
    }
}

/// The commands of a search of `game`'s position (python-chess's mapping of limits to XBoard's
/// time controls). Checks what XBoard cannot do (multi-PV, banned moves, node limits with
/// clocks…) before it changes `state`.
pub fn xboard_search_plan<V: EngineGame>(
    features: &[(String, String)],
    state: &mut XboardGameState,
    game: &Game<V>,
    limit: &Limit,
    options: &SearchOptions<V::Move>,
) -> Result<XboardPlan, EngineError> {
    let feature = |name: &str| xboard_feature(features, name);
    let analysis = options.analysis;
    if options.multipv.is_some_and(|k| k > 1) {
        return Err(usage("XBoard engines have no multi-PV"));
    }
    if !options.ban_moves.is_empty() {
        return Err(usage("XBoard has no banned moves"));
    }
    if !options.root_moves.is_empty() && (!analysis || feature("exclude") != Some("1")) {
        return Err(usage(
            "XBoard takes root moves only in analysis, from engines with feature exclude=1",
        ));
    }
    let pos = game.position();
    let (clock, inc) = match pos.turn() {
        Color::White => (limit.white_clock, limit.white_inc),
        Color::Black => (limit.black_clock, limit.black_inc),
    };
    let clocks = limit.white_clock.is_some() || limit.black_clock.is_some();
    if analysis && clocks {
        return Err(usage("XBoard analysis takes no clocks"));
    }
    if !analysis && limit.nodes.is_some() {
        if limit.movetime.is_some() || clocks || inc.is_some() {
            return Err(usage("XBoard cannot mix node limits with time limits"));
        }
        if feature("nps") == Some("0") {
            return Err(usage(
                "the XBoard engine has no node limits (feature nps=0)",
            ));
        }
    }
    let variant = match V::UCI_VARIANT {
        "chess" if V::chess960(game.kind()) => "fischerandom",
        "chess" => "normal",
        other => other,
    };
    if variant != "normal"
        && !feature("variants").is_some_and(|v| v.split(',').any(|v| v.trim() == variant))
    {
        return Err(EngineError::Usage(format!(
            "the XBoard engine does not play {variant}"
        )));
    }
    let prefix = if feature("usermove") == Some("1") {
        "usermove "
    } else {
        ""
    };
    let mut setup = Vec::new();
    if let Some(mv) = state.analysed.take() {
        setup.push("force".to_owned());
        if !mv.is_empty() {
            setup.push(format!("{prefix}{mv}"));
        }
    }
    setup.push("new".to_owned());
    // `new` keeps the variant in some engines (Fairy-Stockfish): back to chess by name.
    let last = state.variant.take();
    if variant != "normal" || last.is_some() {
        setup.push(format!("variant {variant}"));
    }
    if variant != "normal" {
        state.variant = Some(variant.to_owned());
    }
    setup.push("force".to_owned());
    let start = game.start();
    if variant != "normal" || start.fen() != Game::<V>::new().start().fen() {
        // Chess960 as Shredder-FEN (the castling rooks' files), as python-chess sends it.
        setup.push(format!("setboard {}", V::xboard_fen(start)));
    }
    for (at, &mv) in game.positions().iter().zip(game.moves()) {
        let text = V::engine_move(at, mv, XiangqiDialect::Ucci);
        setup.push(format!("{prefix}{text}"));
    }
    let mut analysed = None;
    let begin = if analysis {
        if !options.root_moves.is_empty() {
            setup.push("exclude all".to_owned());
            for &mv in &options.root_moves {
                let text = V::engine_move(pos, mv, XiangqiDialect::Ucci);
                setup.push(format!("include {text}"));
            }
        }
        let any = pos.legal_moves().first().copied();
        analysed = Some(any.map_or_else(String::new, |mv| {
            V::engine_move(pos, mv, XiangqiDialect::Ucci)
        }));
        vec!["post".to_owned(), "analyze".to_owned()]
    } else {
        limit_commands(&mut setup, limit, pos.turn(), clock, inc, state);
        let easy = if options.ponder { "hard" } else { "easy" };
        vec!["post".to_owned(), easy.to_owned(), "go".to_owned()]
    };
    Ok(XboardPlan {
        setup,
        start: begin,
        analysed,
    })
}

fn limit_commands(
    out: &mut Vec<String>,
    limit: &Limit,
    turn: Color,
    clock: Option<Duration>,
    inc: Option<Duration>,
    state: &XboardGameState,
) {
    if limit.moves_to_go.is_some() || clock.is_some() || inc.is_some() {
        let base = clock.unwrap_or_default().as_secs();
        out.push(format!(
            "level {} {}:{:02} {}",
            limit.moves_to_go.unwrap_or(0),
            base / 60,
            base % 60,
            seconds(inc.unwrap_or_default())
        ));
    }
    if let Some(time) = limit.movetime {
        out.push(format!(
            "st {}",
            seconds(time.max(Duration::from_millis(10)))
        ));
    }
    if let Some(nodes) = limit.nodes {
        out.push("nps 1".to_owned());
        out.push(format!("st {}", nodes.max(1)));
    }
    if let Some(depth) = limit.depth {
        let word = state.depth_command.unwrap_or("sd");
        out.push(format!("{word} {}", depth.max(1)));
    }
    let centis = |d: Duration| (d.as_millis() / 10).max(1);
    for (clock, white) in [(limit.white_clock, true), (limit.black_clock, false)] {
        if let Some(clock) = clock {
            let own = white == (turn == Color::White);
            let word = if own { "time" } else { "otim" };
            out.push(format!("{word} {}", centis(clock)));
        }
    }
}

/// Reads an XBoard engine's move in `pos`: coordinates as the engine writes them (ranks 0–9 for
/// Xiangqi), or SAN (some engines post their lines in SAN). A move that is not legal is an error.
pub fn read_xboard_move<V: EngineGame>(pos: &V, text: &str) -> Result<V::Move, crate::MoveError> {
    V::read_engine_move(pos, text, XiangqiDialect::Ucci)
        .or_else(|e| pos.parse_any(text).map_err(|_| e))
}

/// The engine's `Hint:` after its move `best` in `pos`: the reply it expects (the ponder move),
/// kept only when it is legal after `best`; with the position after `best`, where it is played.
pub fn read_xboard_hint<V: EngineGame>(pos: &V, best: V::Move, hint: &str) -> Option<(V, V::Move)> {
    let mut after = pos.clone();
    after.play_or_pass(best);
    let reply = read_xboard_move(&after, hint).ok()?;
    Some((after, reply))
}

/// Whether `message`, received while the engine plays, says it resigns: `resign`, or a result
/// whose comment says so (`0-1 {White resigns}`).
pub fn xboard_resigns(message: &XboardMessage) -> bool {
    match message {
        XboardMessage::Resign => true,
        XboardMessage::Result { comment, .. } => comment.to_ascii_lowercase().contains("resign"),
        _ => false,
    }
}

/// A thinking line's moves read in `pos`: the PV is cut at its first move that is not legal.
pub fn read_xboard_thinking<V: EngineGame>(pos: &V, info: Info) -> Info<V::Move> {
    let mut current = pos.clone();
    info.map_moves(|prefix: &[V::Move], text: String| {
        if prefix.is_empty() {
            current = pos.clone();
        }
        let mv = read_xboard_move(&current, &text)?;
        current.play_or_pass(mv);
        Ok::<_, crate::MoveError>(mv)
    })
}

/// Whether an analysis under `limit` has reached it with this thinking line (XBoard analysis
/// has no limits of its own: the client ends it with `exit`).
pub fn xboard_analysis_reached<M>(limit: &Limit, info: &Info<M>) -> bool {
    limit.depth.is_some_and(|d| info.depth >= Some(d))
        || limit.nodes.is_some_and(|n| info.nodes >= Some(n))
        || limit
            .movetime
            .is_some_and(|t| info.time_ms >= Some(t.as_millis() as u64))
        || limit.mate.is_some_and(
            |m| matches!(info.score, Some(Score::Mate(k)) if k > 0 && k <= i64::from(m)),
        )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Chess, Xiangqi};

    fn features(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn play_then_analysis_then_play_in_xiangqi() {
        let features = features(&[
            ("setboard", "1"),
            ("ping", "1"),
            ("variants", "normal,xiangqi"),
        ]);
        let mut state = XboardGameState::default();
        let mut game: Game<Chess> = Game::new();
        game.push_coord("e2e4").unwrap();
        let depth = Limit {
            depth: Some(5),
            ..Limit::default()
        };
        let plan = xboard_search_plan(
            &features,
            &mut state,
            &game,
            &depth,
            &SearchOptions::default(),
        )
        .unwrap();
        assert_eq!(plan.setup, ["new", "force", "e2e4", "sd 5"]);
        assert_eq!(plan.start, ["post", "easy", "go"]);
        // An analysis remembers a legal move to hand the engine its state back.
        let analysis = SearchOptions {
            analysis: true,
            ..SearchOptions::default()
        };
        let plan = xboard_search_plan(&features, &mut state, &game, &depth, &analysis).unwrap();
        assert_eq!(plan.start, ["post", "analyze"]);
        state.analysed = plan.analysed;
        let mut xq: Game<Xiangqi> = Game::new();
        xq.push_coord("h2e2").unwrap();
        let nodes = Limit {
            nodes: Some(3000),
            ..Limit::default()
        };
        let plan = xboard_search_plan(
            &features,
            &mut state,
            &xq,
            &nodes,
            &SearchOptions::default(),
        )
        .unwrap();
        let fen = Xiangqi::xboard_fen(xq.start());
        // Any legal move of the analysed position (after 1. e4) hands it back.
        assert_eq!(plan.setup[0], "force");
        assert!(read_xboard_move(game.position(), &plan.setup[1]).is_ok());
        assert_eq!(plan.setup[2..5], ["new", "variant xiangqi", "force"]);
        assert_eq!(plan.setup[5], format!("setboard {fen}"));
        assert_eq!(plan.setup[6..], ["h2e2", "nps 1", "st 3000"]);
        assert_eq!(state.variant.as_deref(), Some("xiangqi"));
    }

    #[test]
    fn what_xboard_cannot_do_is_refused_before_anything_changes() {
        let mut state = XboardGameState {
            variant: Some("xiangqi".into()),
            ..XboardGameState::default()
        };
        let game: Game<Chess> = Game::new();
        let limit = Limit {
            nodes: Some(10),
            movetime: Some(Duration::from_secs(1)),
            ..Limit::default()
        };
        let plan = xboard_search_plan(&[], &mut state, &game, &limit, &SearchOptions::default());
        assert!(matches!(plan, Err(EngineError::Usage(_))));
        assert_eq!(state.variant.as_deref(), Some("xiangqi"));
        assert_eq!(xboard_feature_reply("san", "1"), "rejected san");
        assert_eq!(xboard_feature_reply("usermove", "1"), "accepted usermove");
        assert!(!xboard_refusal_matters("post"));
        assert!(xboard_refusal_matters("sd 5"));
    }
}
