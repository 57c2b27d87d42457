//! XBoard engines replayed from transcripts (`tests/engines/xb-*.txt`, by `replay.sh`): the
//! handshake's features (`done=0` then `done=1`, options), play with a hint and analysis read
//! right, and every misbehaviour ending in a typed error within its timeout.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use qipan::engine::{
    Engine, EngineError, Limit, OptionKind, Protocol, Score, SearchOptions, Timeouts,
};
use qipan::{Chess, Game};

fn short() -> Timeouts {
    Timeouts {
        reply: Duration::from_secs(2),
        search: Duration::from_secs(2),
        grace: Duration::from_secs(1),
        quit: Duration::from_millis(300),
    }
}

fn start(name: &str) -> Result<Engine, EngineError> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/engines");
    let args = [
        dir.join("replay.sh").display().to_string(),
        dir.join(name).display().to_string(),
    ];
    Engine::start("sh", &args, Protocol::Xboard, short())
}

fn depth(d: u32) -> Limit {
    Limit {
        depth: Some(d),
        ..Limit::default()
    }
}

fn play(engine: &mut Engine) -> Result<qipan::engine::PlayResult<qipan::chess::Move>, EngineError> {
    let game: Game<Chess> = Game::new();
    engine.play(&game, &depth(4), &SearchOptions::default())
}

#[test]
fn plays_and_analyses() {
    let mut engine = start("xb-play.txt").unwrap();
    assert_eq!(engine.name(), Some("Player"));
    let skill = engine.option("skill level").unwrap();
    assert_eq!(
        (skill.kind, skill.min, skill.max),
        (OptionKind::Spin, Some(-20), Some(20))
    );
    assert_eq!(
        engine.option("Ponder").unwrap().default.as_deref(),
        Some("false")
    );
    let mut game: Game<Chess> = Game::new();
    game.push_coord("e2e4").unwrap();
    // The transcript waits for `usermove e2e4` and `sd 4`: anything else times out.
    let result = engine
        .play(&game, &depth(4), &SearchOptions::default())
        .unwrap();
    assert_eq!(result.best.best.unwrap().to_string(), "e7e5");
    assert_eq!(result.best.ponder.unwrap().to_string(), "g1f3");
    let info = result.info;
    assert_eq!(
        (info.depth, info.score, info.time_ms, info.nodes),
        (Some(4), Some(Score::Cp(25)), Some(120), Some(3000))
    );
    assert_eq!(
        (info.seldepth, info.nps, info.tbhits),
        (Some(6), Some(250000), Some(0))
    );
    assert_eq!(info.pv.len(), 2);
    // Analysis from a position of its own (`setboard`), stopped by the client at depth 2.
    let rook: Game<Chess> = Game::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    let lines = engine
        .analyse(&rook, &depth(2), &SearchOptions::default())
        .unwrap();
    assert_eq!(lines[0].depth, Some(2));
    assert_eq!(lines[0].score, Some(Score::Mate(3)));
    let pv: Vec<String> = lines[0].pv.iter().map(|m| m.to_string()).collect();
    assert_eq!(pv, ["h1h7", "e8d8", "e1d2"]);
    assert!(engine.quit());
}

#[test]
fn offers_a_draw_and_resigns() {
    let mut engine = start("xb-resigns.txt").unwrap();
    let result = play(&mut engine).unwrap();
    assert_eq!(result.best.best, None);
    assert!(result.best.draw && result.best.resign);
    assert_eq!(result.info.score, Some(Score::Mate(-2)));
}

#[test]
fn speaks_with_gnu_chess_quirks() {
    // The transcript answers only `depth 4` after `Invalid move: sd 4`, two `pong`s a `ping`,
    // the move as `My move is : b8c6`; the second search sends `depth` at once.
    let mut engine = start("xb-gnuchess.txt").unwrap();
    assert_eq!(engine.name(), Some("GNU Chess"));
    let mut game: Game<Chess> = Game::new();
    game.push_coord("e2e4").unwrap();
    for _ in 0..2 {
        let result = engine
            .play(&game, &depth(4), &SearchOptions::default())
            .unwrap();
        assert_eq!(result.best.best.unwrap().to_string(), "b8c6");
        let pv: Vec<String> = result.info.pv.iter().map(|m| m.to_string()).collect();
        assert_eq!(pv, ["b8c6", "b1c3", "g8f6", "g1f3"]);
        assert_eq!(
            (result.info.depth, result.info.score, result.info.nodes),
            (Some(4), Some(Score::Cp(-3)), Some(1123))
        );
    }
    assert!(engine.quit());
}

#[test]
fn misbehaving_engines_end_in_typed_errors() {
    let begin = Instant::now();
    assert!(matches!(
        start("xb-silent.txt"),
        Err(EngineError::Timeout { .. })
    ));
    assert!(begin.elapsed() < Duration::from_secs(4));
    let begin = Instant::now();
    assert!(matches!(
        start("xb-done0.txt"),
        Err(EngineError::Timeout { .. })
    ));
    assert!(begin.elapsed() < Duration::from_secs(5));
    assert!(matches!(start("xb-noping.txt"), Err(EngineError::Usage(m)) if m.contains("ping")));
    let mut illegal = start("xb-illegal.txt").unwrap();
    assert!(matches!(
        play(&mut illegal),
        Err(EngineError::IllegalMove(_))
    ));
    let mut dies = start("xb-dies.txt").unwrap();
    assert!(matches!(
        play(&mut dies),
        Err(EngineError::Terminated { .. })
    ));
    let mut refuses = start("xb-refuses.txt").unwrap();
    // `sd` refused is retried as `depth`; that refused too is a typed refusal before `go`.
    assert!(
        matches!(play(&mut refuses), Err(EngineError::Refused(line)) if line.contains("depth"))
    );
    let begin = Instant::now();
    let mut flood = start("xb-flood.txt").unwrap();
    assert!(matches!(play(&mut flood), Err(EngineError::Timeout { .. })));
    assert!(begin.elapsed() < Duration::from_secs(6));
    flood.quit();
}

#[test]
fn what_xboard_cannot_do_is_refused_before_anything_is_sent() {
    let mut engine = start("xb-play.txt").unwrap();
    let game: Game<Chess> = Game::new();
    let multipv = SearchOptions {
        multipv: Some(3),
        analysis: true,
        ..SearchOptions::default()
    };
    assert!(matches!(
        engine.analyse(&game, &depth(2), &multipv),
        Err(EngineError::Usage(_))
    ));
    let mixed = Limit {
        nodes: Some(100),
        movetime: Some(Duration::from_secs(1)),
        ..Limit::default()
    };
    assert!(matches!(
        engine.play(&game, &mixed, &SearchOptions::default()),
        Err(EngineError::Usage(_))
    ));
}
