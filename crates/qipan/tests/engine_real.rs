//! The client against the real engines (Debian's `stockfish` and `fairy-stockfish`, installed by
//! scripts/test-parts/10-rust.sh). Fairy-Stockfish searches differently in its UCI and UCCI modes
//! (its evaluation differs), so each dialect plays a game of its own here; the move-for-move
//! comparisons with reference clients are in bindings/python/tests/test_engine_differential.py.

use std::path::Path;

use qipan::chess::ChessRules;
use qipan::engine::{Engine, Limit, Protocol, SearchOptions, Timeouts, XiangqiDialect};
use qipan::{Chess, Game, Xiangqi};

fn program(name: &str) -> String {
    for dir in ["/usr/games", "/usr/bin", "/usr/local/bin"] {
        let path = Path::new(dir).join(name);
        if path.exists() {
            return path.display().to_string();
        }
    }
    panic!("{name} is not installed (scripts/test-parts/10-rust.sh installs it)");
}

fn start(name: &str, protocol: Protocol) -> Engine {
    let mut engine = Engine::start(&program(name), &[], protocol, Timeouts::default()).unwrap();
    engine.configure("Threads", "1").unwrap();
    engine
}

fn fresh(nodes: u64) -> (Limit, SearchOptions<qipan::xiangqi::Move>) {
    let limit = Limit {
        nodes: Some(nodes),
        ..Limit::default()
    };
    let options = SearchOptions {
        new_game: true,
        ..SearchOptions::default()
    };
    (limit, options)
}

#[test]
fn stockfish_plays_chess_with_repetitions_in_view() {
    let mut engine = start("stockfish", Protocol::Uci);
    let mut game: Game<Chess> = Game::new();
    for mv in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        game.push_coord(mv).unwrap();
    }
    let limit = Limit {
        nodes: Some(3000),
        ..Limit::default()
    };
    let options = SearchOptions {
        multipv: Some(2),
        ..SearchOptions::default()
    };
    let lines = engine.analyse(&game, &limit, &options).unwrap();
    assert_eq!(lines.len(), 2);
    // f6g8 repeats the start position a third time: the engine, seeing the moves, scores it 0.
    let repeat = game.position().parse_uci("f6g8").unwrap();
    let draw = lines.iter().find(|l| l.pv.first() == Some(&repeat));
    if let Some(line) = draw {
        assert_eq!(line.score, Some(qipan::engine::Score::Cp(0)));
    }
    for line in &lines {
        assert!(!line.pv.is_empty() && line.score.is_some());
    }
    assert!(engine.quit());
}

#[test]
fn fairy_stockfish_plays_xiangqi_in_both_dialects() {
    for (protocol, dialect) in [
        (Protocol::Uci, XiangqiDialect::UciVariant),
        (Protocol::Ucci, XiangqiDialect::Ucci),
    ] {
        let mut engine = start("fairy-stockfish", protocol);
        assert_eq!(engine.xiangqi_dialect(), dialect);
        let mut game: Game<Xiangqi> = Game::new();
        let (limit, options) = fresh(1000);
        for _ in 0..16 {
            let result = engine.play(&game, &limit, &options).unwrap();
            assert!(result.info.score.is_some() && !result.info.pv.is_empty());
            assert_eq!(result.info.pv.first(), result.best.best.as_ref());
            let Some(mv) = result.best.best else { break };
            game.push(mv).unwrap();
        }
        assert!(game.ply() >= 10, "{protocol}: {}", game.ply());
        assert!(engine.quit());
    }
}

#[test]
fn fairy_stockfish_plays_and_analyses_over_xboard() {
    let mut engine = Engine::start(
        &program("fairy-stockfish"),
        &[],
        Protocol::Xboard,
        Timeouts::default(),
    )
    .unwrap();
    assert!(engine
        .xboard_feature("variants")
        .unwrap()
        .contains("xiangqi"));
    assert_eq!(engine.name(), Some("Fairy-Stockfish"));
    engine.configure("Skill Level", "20").unwrap();
    let depth = Limit {
        depth: Some(4),
        ..Limit::default()
    };
    let play = SearchOptions::default();
    let mut chess: Game<Chess> = Game::new();
    let mut xiangqi: Game<Xiangqi> = Game::new();
    // Chess and Xiangqi in turn: `new` keeps the variant in Fairy-Stockfish, so chess is named.
    for _ in 0..6 {
        let mv = engine
            .play(&chess, &depth, &play)
            .unwrap()
            .best
            .best
            .unwrap();
        chess.push(mv).unwrap();
        let result = engine
            .play(&xiangqi, &depth, &SearchOptions::default())
            .unwrap();
        assert_eq!(result.info.depth, Some(4));
        assert_eq!(result.info.pv.first(), result.best.best.as_ref());
        xiangqi.push(result.best.best.unwrap()).unwrap();
    }
    // Analysis mode stops at the depth asked for.
    let lines = engine.analyse(&chess, &depth, &play).unwrap();
    assert!(lines[0].depth >= Some(4) && !lines[0].pv.is_empty());
    // A mate in one is found and scored as a mate.
    let mate: Game<Chess> = Game::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap();
    let result = engine.play(&mate, &depth, &play).unwrap();
    assert_eq!(result.best.best.unwrap().to_string(), "a1a8");
    assert_eq!(result.info.score, Some(qipan::engine::Score::Mate(1)));
    // Node limits are `nps`, which Fairy-Stockfish does not know: a typed refusal, and the
    // engine plays on.
    let nodes = Limit {
        nodes: Some(1000),
        ..Limit::default()
    };
    assert!(matches!(
        engine.play(&chess, &nodes, &play),
        Err(qipan::engine::EngineError::Refused(_))
    ));
    engine.play(&chess, &depth, &play).unwrap();
    // Fairy-Stockfish 11.1 refuses castling moves in the game after an analysis (`analyze`,
    // `exit`) unless it is sent a second `new`: a game with castling, right after analyses, is
    // searched, played and analysed.
    let mut castled: Game<Chess> = Game::new();
    for mv in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"] {
        castled.push_coord(mv).unwrap();
    }
    assert!(engine.analyse(&chess, &depth, &play).unwrap()[0].depth >= Some(4));
    let reply = engine.play(&castled, &depth, &play).unwrap();
    castled.push(reply.best.best.unwrap()).unwrap();
    assert!(engine.analyse(&castled, &depth, &play).unwrap()[0].depth >= Some(4));
    assert!(engine.analyse(&castled, &depth, &play).unwrap()[0].depth >= Some(4));
    engine.play(&chess, &depth, &play).unwrap();
    assert!(engine.quit());
}

/// Fairy-Stockfish over XBoard (`variant fischerandom`, Shredder-FEN, castling king-takes-rook)
/// and over UCI (`UCI_Chess960`), both from a cleared hash to the same depth: the same move,
/// score and PV, in Chess960 games with castling in their history and in the engine's lines.
#[test]
fn fairy_stockfish_plays_chess960_over_xboard_as_over_uci() {
    let mut xboard = Engine::start(
        &program("fairy-stockfish"),
        &[],
        Protocol::Xboard,
        Timeouts::default(),
    )
    .unwrap();
    assert!(xboard
        .xboard_feature("variants")
        .unwrap()
        .split(',')
        .any(|v| v == "fischerandom"));
    let mut uci = start("fairy-stockfish", Protocol::Uci);
    let depth = Limit {
        depth: Some(6),
        ..Limit::default()
    };
    let options = SearchOptions {
        new_game: true,
        ..SearchOptions::default()
    };
    let mut games: Vec<Game<Chess>> = [0, 191, 518, 707, 959]
        .iter()
        .map(|&n| Game::with_rules(Chess::chess960_start(n).unwrap(), ChessRules::CHESS960))
        .collect();
    // Both sides able to castle both ways at once (king b1/b8 between rooks a and e).
    let open = "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1";
    games.push(Game::from_fen_with(open, ChessRules::CHESS960).unwrap());
    let mut castled: Game<Chess> = Game::from_fen_with(open, ChessRules::CHESS960).unwrap();
    for mv in ["b1a1", "b8e8"] {
        castled.push_coord(mv).unwrap();
        assert!(castled.moves().last().unwrap().is_castle());
    }
    games.push(castled);
    let mut agreed = 0;
    for mut game in games {
        for _ in 0..4 {
            xboard.configure("Clear Hash", "").unwrap();
            uci.configure("Clear Hash", "").unwrap();
            let ours = xboard
                .play(&game, &depth, &SearchOptions::default())
                .unwrap();
            let reference = uci.play(&game, &depth, &options).unwrap();
            assert_eq!(
                ours.best.best,
                reference.best.best,
                "{}",
                game.position().fen()
            );
            assert_eq!(ours.info.score, reference.info.score);
            assert_eq!(ours.info.pv, reference.info.pv);
            agreed += 1;
            game.push(ours.best.best.unwrap()).unwrap();
        }
        let lines = xboard
            .analyse(&game, &depth, &SearchOptions::default())
            .unwrap();
        assert!(lines[0].depth >= Some(6) && !lines[0].pv.is_empty());
    }
    assert_eq!(agreed, 28);
    assert!(xboard.quit() && uci.quit());
}
