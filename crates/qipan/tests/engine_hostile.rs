//! Misbehaving engines, replayed from transcripts by `tests/engines/replay.sh`: each ends in a
//! typed error within its timeout, or (Pikafish's dialect, UCCI's `nobestmove`) in the right
//! values.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use qipan::engine::{
    Engine, EngineError, Limit, Protocol, Score, ScoreBound, SearchOptions, Timeouts,
    XiangqiDialect,
};
use qipan::{Chess, Game, Xiangqi};

fn transcript(name: &str) -> Vec<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/engines");
    vec![
        dir.join("replay.sh").display().to_string(),
        dir.join(name).display().to_string(),
    ]
}

fn short() -> Timeouts {
    Timeouts {
        reply: Duration::from_secs(2),
        search: Duration::from_secs(2),
        grace: Duration::from_secs(1),
        quit: Duration::from_millis(300),
    }
}

fn start(name: &str, protocol: Protocol) -> Result<Engine, EngineError> {
    Engine::start("sh", &transcript(name), protocol, short())
}

fn nodes(n: u64) -> Limit {
    Limit {
        nodes: Some(n),
        ..Limit::default()
    }
}

#[test]
fn pikafish_dialect_is_detected_and_spoken() {
    let mut engine = start("pikafish.txt", Protocol::Uci).unwrap();
    assert_eq!(engine.name(), Some("Pikafish dev-20240822"));
    assert_eq!(engine.xiangqi_dialect(), XiangqiDialect::UciPlain);
    assert_eq!(engine.options().len(), 11);
    let mut game: Game<Xiangqi> = Game::new();
    game.push_coord("h2e2").unwrap();
    // The transcript waits for `moves h2e2` (ranks 0-9): another dialect would time out here.
    let qipan::engine::SearchResult { best, lines } = engine
        .search(&game, &nodes(5000), &SearchOptions::default())
        .unwrap();
    assert_eq!(best.best.unwrap().to_string(), "b9c7");
    assert_eq!(best.ponder.unwrap().to_string(), "b0c2");
    let info = &lines[0];
    assert_eq!(info.depth, Some(7));
    assert_eq!(info.score, Some(Score::Cp(-25)));
    assert_eq!(info.bound, ScoreBound::Upper);
    assert_eq!(info.wdl, Some((12, 950, 38)));
    assert_eq!(
        info.string.as_deref(),
        Some("NNUE evaluation using pikafish.nnue")
    );
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    assert_eq!(pv, ["b9c7"]);
    assert!(engine.quit());
}

#[test]
fn death_mid_search_is_terminated() {
    let mut engine = start("dies.txt", Protocol::Uci).unwrap();
    let started = Instant::now();
    let err = engine
        .play(
            &Game::<Chess>::new(),
            &nodes(100),
            &SearchOptions::default(),
        )
        .unwrap_err();
    assert!(
        matches!(&err, EngineError::Terminated { status: Some(s), .. } if s.contains('3')),
        "{err:?}"
    );
    assert!(started.elapsed() < Duration::from_secs(2));
    // Every later command fails the same way.
    assert!(engine.ping().unwrap_err().is_terminated());
}

#[test]
fn a_flood_ends_in_a_timeout() {
    for name in ["flood.txt", "zeros.txt"] {
        let mut engine = start(name, Protocol::Uci).unwrap();
        let started = Instant::now();
        let err = engine
            .play(
                &Game::<Chess>::new(),
                &nodes(100),
                &SearchOptions::default(),
            )
            .unwrap_err();
        assert_eq!(
            err,
            EngineError::Timeout {
                waiting_for: "bestmove".into()
            },
            "{name}"
        );
        let took = started.elapsed();
        assert!(
            took >= Duration::from_secs(2) && took < Duration::from_secs(5),
            "{took:?}"
        );
        // quit cannot be heard: the engine is killed after the grace period.
        let started = Instant::now();
        assert!(!engine.quit());
        assert!(started.elapsed() < Duration::from_secs(3));
    }
}

#[test]
fn an_illegal_best_move_is_an_error() {
    let mut engine = start("illegal.txt", Protocol::Uci).unwrap();
    let game = Game::<Chess>::new();
    engine
        .start_search(&game, &nodes(10), &SearchOptions::default())
        .unwrap();
    // The PV stops at its first illegal move.
    let event = engine.next_event(game.position(), None).unwrap();
    let qipan::engine::SearchEvent::Info(info) = event else {
        panic!("{event:?}")
    };
    assert_eq!(info.pv.len(), 1);
    let err = engine.next_event(game.position(), None).unwrap_err();
    assert!(
        matches!(&err, EngineError::IllegalMove(qipan::MoveError::Illegal { text, .. }) if text == "e2e5"),
        "{err:?}"
    );
    assert!(!engine.is_searching());
}

#[test]
fn silence_times_out() {
    let started = Instant::now();
    let err = start("silent.txt", Protocol::Uci).unwrap_err();
    assert_eq!(
        err,
        EngineError::Timeout {
            waiting_for: "uciok".into()
        }
    );
    assert!(started.elapsed() < Duration::from_secs(4));

    let mut engine = start("hangs.txt", Protocol::Uci).unwrap();
    let err = engine
        .play(&Game::<Chess>::new(), &nodes(1), &SearchOptions::default())
        .unwrap_err();
    assert!(matches!(err, EngineError::Timeout { .. }));
    // An infinite search waits only as long as asked.
    let started = Instant::now();
    assert!(!engine.quit());
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[test]
fn ucci_nobestmove_and_draw_offer() {
    let mut engine = start("nobestmove.txt", Protocol::Ucci).unwrap();
    assert_eq!(engine.xiangqi_dialect(), XiangqiDialect::Ucci);
    let game: Game<Xiangqi> = Game::new();
    let depth = |d| Limit {
        depth: Some(d),
        ..Limit::default()
    };
    let result = engine
        .play(&game, &depth(0), &SearchOptions::default())
        .unwrap();
    assert_eq!(result.best.best, None);
    let result = engine
        .play(&game, &depth(3), &SearchOptions::default())
        .unwrap();
    assert_eq!(result.best.best.unwrap().to_string(), "h2e2");
    assert!(result.best.draw && !result.best.resign);
    assert_eq!(result.info.score, Some(Score::Cp(12)));
    // A UCCI engine plays no chess.
    assert!(matches!(
        engine.play(&Game::<Chess>::new(), &depth(1), &SearchOptions::default()),
        Err(EngineError::Usage(_))
    ));
    assert!(engine.quit());
}

#[test]
fn a_missing_program_cannot_start() {
    let err = Engine::start("/nonexistent/engine", &[], Protocol::Uci, short()).unwrap_err();
    assert!(matches!(err, EngineError::Spawn { .. }), "{err:?}");
}

#[test]
fn pondering_searches_the_expected_reply_until_the_next_command() {
    let mut engine = start("ponder.txt", Protocol::Uci).unwrap();
    let mut game: Game<Chess> = Game::new();
    let ponder = SearchOptions {
        ponder: true,
        ..SearchOptions::default()
    };
    // The transcript waits for `go ponder` on e2e4 e7e5, then for `stop`: another order times out.
    let result = engine.play(&game, &nodes(100), &ponder).unwrap();
    assert_eq!(result.best.best.unwrap().to_string(), "e2e4");
    assert!(engine.is_pondering() && !engine.is_searching());
    game.push_coord("e2e4").unwrap();
    game.push_coord("c7c5").unwrap();
    let next = engine
        .play(&game, &nodes(100), &SearchOptions::default())
        .unwrap();
    assert_eq!(next.best.best.unwrap().to_string(), "g1f3");
    assert!(!engine.is_pondering());
    assert!(engine.quit());
}

#[test]
fn the_expected_reply_is_a_ponderhit() {
    let mut engine = start("ponderhit.txt", Protocol::Uci).unwrap();
    let mut game: Game<Chess> = Game::new();
    let ponder = SearchOptions {
        ponder: true,
        ..SearchOptions::default()
    };
    let first = engine.play(&game, &nodes(100), &ponder).unwrap();
    game.push(first.best.best.unwrap()).unwrap();
    game.push(first.best.ponder.unwrap()).unwrap();
    // The transcript answers only `ponderhit` here: a new search would time out.
    let second = engine.play(&game, &nodes(100), &ponder).unwrap();
    assert_eq!(second.best.best.unwrap().to_string(), "g1f3");
    assert_eq!(second.info.score, Some(Score::Cp(30)));
    assert!(engine.is_pondering());
    // Quitting stops the ponder search.
    assert!(engine.quit());
}
