//! GNU Chess 6 (Debian's `gnuchess`, which speaks XBoard only), installed by
//! scripts/test-parts/10-rust.sh. python-chess's client cannot finish a handshake with it, so
//! no reference client is the oracle here: every move the client returns must be legal (the
//! rules check it when it is pushed), the engine's own verdicts must hold (its mating move
//! mates), and two fresh processes searching to the same depth must agree line for line (the
//! engine is deterministic at a fixed depth once out of its opening book). Searches are shallow:
//! the whole file takes a few seconds.

use std::path::Path;

use qipan::chess::ChessRules;
use qipan::engine::{
    Engine, EngineError, Info, Limit, Protocol, Score, SearchEvent, SearchOptions, Timeouts,
};
use qipan::{Chess, Game};

/// Starts GNU Chess, again when a start stays silent.
///
/// GNU Chess 6.2.7 can deadlock as it starts (gdb shows its adapter thread in `setbuffer(stdin)`
/// waiting for the stdin lock that its input thread holds inside `fgets`; the handshake's quick
/// prods nearly always free it): it then never answers anything, and the client's
/// handshake ends in its reply timeout, as it must. That timeout is tested in the client's own
/// tests; here a silent start is retried, at most three times.
fn gnuchess() -> Engine {
    let program = ["/usr/games", "/usr/bin", "/usr/local/bin"]
        .iter()
        .map(|dir| Path::new(dir).join("gnuchess"))
        .find(|path| path.exists())
        .expect("gnuchess is not installed (scripts/test-parts/10-rust.sh installs it)");
    let mut tries = 0;
    loop {
        tries += 1;
        match Engine::start(
            &program.display().to_string(),
            &["--xboard".to_owned()],
            Protocol::Xboard,
            Timeouts::default(),
        ) {
            Err(EngineError::Timeout { .. }) if tries < 3 => continue,
            started => return started.unwrap(),
        }
    }
}

fn depth(d: u32) -> Limit {
    Limit {
        depth: Some(d),
        ..Limit::default()
    }
}

/// Middlegame positions (out of the engine's opening book, whose choices are random).
const STARTS: [&str; 2] = [
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9",
    "2r2rk1/pp1b1ppp/4pn2/q2p4/3P4/P1NBPQ2/1P3PPP/R4RK1 b - - 3 16",
];

/// What a search shows, with its moves as text.
fn shown(
    info: &Info<qipan::chess::Move>,
) -> (Option<u32>, Option<Score>, Option<u64>, Vec<String>) {
    let pv = info.pv.iter().map(|m| m.to_string()).collect();
    (info.depth, info.score, info.nodes, pv)
}

/// GNU Chess plays both sides from `fen` for `plies` moves (or to the game's end) at depth 3.
fn self_play(engine: &mut Engine, fen: &str, plies: usize) -> Vec<String> {
    let mut game: Game<Chess> = Game::from_fen(fen).unwrap();
    let mut record = Vec::new();
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let result = engine
            .play(&game, &depth(3), &SearchOptions::default())
            .unwrap();
        let mv = result.best.best.expect("a move in a game that is not over");
        // The summary is the deepest thinking line, whose first move is the move played.
        assert_eq!(result.info.pv.first(), Some(&mv), "{fen}: {record:?}");
        assert!(result.info.depth >= Some(3) && result.info.score.is_some());
        game.push(mv).unwrap();
        record.push(format!("{mv} {:?}", shown(&result.info)));
    }
    record
}

/// The thinking lines of an analysis up to the first of depth `d`, then stopped.
fn analyse_to(engine: &mut Engine, game: &Game<Chess>, d: u32) -> Vec<String> {
    let options = SearchOptions {
        analysis: true,
        ..SearchOptions::default()
    };
    engine
        .start_search(game, &Limit::default(), &options)
        .unwrap();
    let mut lines = Vec::new();
    loop {
        match engine.next_event(game.position(), None).unwrap() {
            SearchEvent::Info(info) => {
                assert!(!info.pv.is_empty() && info.score.is_some());
                let reached = info.depth >= Some(d);
                lines.push(format!("{:?}", shown(&info)));
                if reached {
                    break;
                }
            }
            SearchEvent::BestMove(best) => panic!("an infinite analysis ended: {best:?}"),
        }
    }
    engine.stop().unwrap();
    loop {
        if let SearchEvent::BestMove(best) = engine.next_event(game.position(), None).unwrap() {
            let mv = best.best.expect("a best move");
            assert!(game.position().legal_moves().contains(&mv));
            return lines;
        }
    }
}

/// One engine's session: self-play from each start, analyses of them, an analysis summary, and
/// play after analysis. What it returns is what a second fresh process must repeat.
fn session() -> (Vec<Vec<String>>, Vec<Vec<String>>) {
    let mut engine = gnuchess();
    assert_eq!(engine.name(), Some("GNU Chess"));
    let games: Vec<Vec<String>> = STARTS
        .iter()
        .map(|fen| self_play(&mut engine, fen, 8))
        .collect();
    for game in &games {
        assert_eq!(game.len(), 8);
    }
    let starts: Vec<Game<Chess>> = STARTS.iter().map(|f| Game::from_fen(f).unwrap()).collect();
    let analyses: Vec<Vec<String>> = starts
        .iter()
        .map(|g| analyse_to(&mut engine, g, 4))
        .collect();
    for lines in &analyses {
        assert!(lines.len() >= 4, "{lines:?}");
    }
    // `analyse` stops at the depth too, and play goes on after analysis.
    let summary = engine
        .analyse(&starts[0], &depth(3), &SearchOptions::default())
        .unwrap();
    assert!(summary[0].depth >= Some(3) && !summary[0].pv.is_empty());
    let played = engine
        .play(&starts[1], &depth(2), &SearchOptions::default())
        .unwrap();
    assert!(played.best.best.is_some());
    assert!(engine.quit());
    (games, analyses)
}

#[test]
fn plays_and_analyses_the_same_way_twice() {
    // Two fresh processes side by side (each spends most of its time starting up).
    let second = std::thread::spawn(session);
    let first = session();
    assert_eq!(first, second.join().unwrap());
}

#[test]
fn mates_castles_and_refuses_what_it_does_not_know() {
    let mut engine = gnuchess();
    // A mate in one: the move mates (the rules say so), and the game's end is read as such.
    let mut mate: Game<Chess> = Game::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap();
    let result = engine
        .play(&mate, &depth(3), &SearchOptions::default())
        .unwrap();
    assert!(!result.best.resign && !result.best.draw);
    mate.push(result.best.best.unwrap()).unwrap();
    assert!(mate.position().is_checkmate());
    // A game from the standard start with castling in it (the engine's book stays out: the
    // position after these moves is searched).
    let mut castled: Game<Chess> = Game::new();
    for mv in [
        "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1", "f8c5", "d2d3", "e8g8",
    ] {
        castled.push_coord(mv).unwrap();
    }
    let result = engine
        .play(&castled, &depth(2), &SearchOptions::default())
        .unwrap();
    castled.push(result.best.best.unwrap()).unwrap();
    // Node limits are `nps`, which GNU Chess does not know (`Invalid move: nps 1`): a typed
    // refusal before the search starts, and the engine plays on.
    let nodes = Limit {
        nodes: Some(1000),
        ..Limit::default()
    };
    assert!(matches!(
        engine.play(&castled, &nodes, &SearchOptions::default()),
        Err(EngineError::Refused(line)) if line.contains("nps")
    ));
    engine
        .play(&castled, &depth(2), &SearchOptions::default())
        .unwrap();
    // GNU Chess plays no variants: Chess960 is refused before anything is sent.
    let fischer: Game<Chess> =
        Game::with_rules(Chess::chess960_start(0).unwrap(), ChessRules::CHESS960);
    assert!(matches!(
        engine.play(&fischer, &depth(2), &SearchOptions::default()),
        Err(EngineError::Usage(_))
    ));
    assert!(engine.quit());
}
