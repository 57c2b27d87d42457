//! Hostile input: absurd FEN counters and megabyte-long strings into every parser. Nothing may
//! panic, every answer is an error (or the one sensible position), and time stays linear.

use std::time::{Duration, Instant};

use qipan::chess::{Chess, FenOptions};
use qipan::xiangqi::{parse_iccs_move, IccsRanks};
use qipan::{Game, Termination, Variant, Xiangqi};

const CHESS_BOARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
const XQ_BOARD: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - -";

/// One mebibyte.
const MB: usize = 1 << 20;

/// Runs `f`, failing when it takes longer than a linear pass over a megabyte ever should.
fn quick<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let out = f();
    let took = started.elapsed();
    assert!(
        took < Duration::from_secs(2),
        "{what} took {took:?} (quadratic?)"
    );
    out
}

/// Megabyte strings of every shape a parser might loop over.
fn huge_inputs() -> Vec<(&'static str, String)> {
    vec![
        ("letters", "a".repeat(MB)),
        ("slashes", "/".repeat(MB)),
        ("spaces", " ".repeat(MB)),
        ("fields", "w ".repeat(MB / 2)),
        ("digits", "1".repeat(MB)),
        ("eights", "8/".repeat(MB / 2)),
        ("nines", "9/".repeat(MB / 2)),
        ("nul", "\0".repeat(MB)),
        ("hanzi", "炮二平五".repeat(MB / 12)),
        ("combining", "e\u{301}".repeat(MB / 3)),
        ("moves", "e2e4 ".repeat(MB / 5)),
        ("san", "Nf3+".repeat(MB / 4)),
        ("wxf", "C2.5".repeat(MB / 4)),
        (
            "valid FEN then spaces",
            format!("{CHESS_BOARD} 0 1{}", " ".repeat(MB)),
        ),
        (
            "valid board, huge clock",
            format!("{CHESS_BOARD} {} 1", "9".repeat(MB)),
        ),
        (
            "valid Xiangqi board, huge clock",
            format!("{XQ_BOARD} 0 {}", "9".repeat(MB)),
        ),
    ]
}

#[test]
fn hostile_fen_counters_beyond_u32() {
    let too_big = u64::from(u32::MAX) + 1;
    for fen in [
        format!("{CHESS_BOARD} {too_big} 1"),
        format!("{CHESS_BOARD} 0 {too_big}"),
        format!("{CHESS_BOARD} 99999999999999999999999999999999 1"),
        format!("{CHESS_BOARD} -1 1"),
        format!("{CHESS_BOARD} 0 -1"),
        format!("{CHESS_BOARD} 0 0"),
        format!("{CHESS_BOARD} 1e9 1"),
        format!("{CHESS_BOARD} 0x10 1"),
    ] {
        assert!(Chess::from_fen_strict(&fen).is_err(), "{fen}");
    }
    for fen in [
        format!("{XQ_BOARD} {too_big} 1"),
        format!("{XQ_BOARD} 0 {too_big}"),
        format!("{XQ_BOARD} 99999999999999999999999999999999 1"),
        format!("{XQ_BOARD} -1 1"),
        format!("{XQ_BOARD} 0 0"),
    ] {
        assert!(Xiangqi::from_fen(&fen).is_err(), "{fen}");
    }
}

#[test]
fn hostile_fen_counters_at_u32_max_saturate() {
    let max = u32::MAX;
    let mut game: Game<Chess> = Game::from_fen(&format!("{CHESS_BOARD} {max} {max}")).unwrap();
    assert_eq!(
        game.outcome().map(|o| o.termination),
        Some(Termination::SeventyfiveMoves)
    );
    for mv in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        game.push_coord(mv).unwrap();
        let pos = game.position();
        assert_eq!((pos.halfmoves(), pos.fullmoves()), (max, max));
        assert_eq!(Chess::from_fen_strict(&pos.fen()).as_ref(), Ok(pos));
    }
    game.push_coord("e2e4").unwrap();
    assert_eq!(game.position().halfmoves(), 0);

    let mut game: Game<Xiangqi> = Game::from_fen(&format!("{XQ_BOARD} {max} {max}")).unwrap();
    assert_eq!(
        game.outcome().map(|o| o.termination),
        Some(Termination::MoveLimit)
    );
    for mv in ["h2e2", "h9g7", "e2h2", "g7h9"] {
        game.push_coord(mv).unwrap();
        let pos = game.position();
        assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (max, max));
        assert_eq!(Xiangqi::from_fen(&pos.fen()).as_ref(), Ok(pos));
    }
    // A move limit near u32::MAX moves does not overflow either.
    let mut rules = *game.rules();
    rules.move_limit = u32::MAX;
    game.set_rules(rules);
    let _ = game.outcome();
}

#[test]
fn hostile_megabyte_fens() {
    for (name, text) in huge_inputs() {
        for options in [
            FenOptions::default(),
            FenOptions {
                relaxed: true,
                chess960: true,
            },
        ] {
            let result = quick(name, || Chess::from_fen_with(&text, options));
            if name == "valid FEN then spaces" {
                assert_eq!(result.map(|p| p.fen()), Ok(Chess::start().fen()));
            } else {
                let e = result.expect_err(name);
                quick(name, || e.to_string());
            }
        }
        let result = quick(name, || Xiangqi::from_fen(&text));
        let e = result.expect_err(name);
        quick(name, || e.to_string());
    }
}

#[test]
fn hostile_megabyte_moves() {
    let chess = Chess::start();
    let xiangqi = Xiangqi::start();
    for (name, text) in huge_inputs() {
        quick(name, || {
            assert!(chess.parse_uci(&text).is_err(), "UCI {name}");
            assert!(chess.parse_san(&text).is_err(), "SAN {name}");
            assert!(chess.parse_any(&text).is_err(), "any {name}");
            for ranks in [IccsRanks::ZeroBased, IccsRanks::OneBased] {
                assert!(parse_iccs_move(&text, ranks).is_err(), "ICCS {name}");
                assert!(
                    xiangqi.parse_iccs_with(&text, ranks).is_err(),
                    "ICCS {name}"
                );
            }
            assert!(xiangqi.parse_wxf(&text).is_err(), "WXF {name}");
            assert!(xiangqi.parse_chinese(&text).is_err(), "Chinese {name}");
            assert!(xiangqi.parse_any(&text).is_err(), "any {name}");
            let mut game: Game<Xiangqi> = Game::new();
            assert!(game.push_any(&text).is_err());
            assert_eq!(game.ply(), 0);
        });
    }
}

#[test]
fn hostile_long_games_stay_linear() {
    // Thousands of plies of shuffling, judged after every ply: the repetition window keeps the
    // work per ply bounded by the plies since the last irreversible move.
    let mut game: Game<Xiangqi> = Game::new();
    let mut rules = *game.rules();
    rules.move_limit = 0;
    game.set_rules(rules);
    quick("long Xiangqi game", || {
        for i in 0..4000 {
            let mv = ["h2h1", "h9g7", "h1h2", "g7h9"][i % 4];
            game.push_unchecked(game.position().parse_move(mv).unwrap());
            let _ = game.outcome();
        }
    });
    assert_eq!(game.ply(), 4000);
}

/// Every game of `text`, split, parsed and replayed as chess and as Xiangqi, within the time a
/// linear pass allows; returns the number of games.
fn read_records(what: &str, text: &[u8]) -> usize {
    use qipan::pgn::{replay, Limits, Splitter};
    use qipan::tree::{AnyGameTree, WriteOptions};
    quick(what, || {
        let limits = Limits::default();
        let mut games = 0;
        for raw in Splitter::new(text, limits) {
            let raw = raw.expect("reading from memory");
            games += 1;
            let _ = AnyGameTree::read(&raw, &limits).map(|t| t.write_pgn(&WriteOptions::default()));
            let chess = replay::<Chess>(&raw, &limits);
            let xiangqi = replay::<Xiangqi>(&raw, &limits);
            assert!(chess.plies() <= limits.max_plies && xiangqi.plies() <= limits.max_plies);
        }
        games
    })
}

#[test]
fn hostile_megabyte_records() {
    let mut cases: Vec<(&str, Vec<u8>)> = vec![
        ("one 4 MiB line", "1. e4 ".repeat(4 * MB / 6).into_bytes()),
        ("deep variations", "(".repeat(MB).into_bytes()),
        ("closing parens", ")".repeat(MB).into_bytes()),
        ("comments", "{}".repeat(MB / 2).into_bytes()),
        (
            "unclosed comment",
            format!("1. e4 {{{}", "x\n".repeat(MB / 2)).into_bytes(),
        ),
        ("tags", "[A \"b\"]\n".repeat(MB / 8).into_bytes()),
        ("escapes", "%\n".repeat(MB / 2).into_bytes()),
        ("nags", "$1 ".repeat(MB / 3).into_bytes()),
        ("binary", (0..MB).map(|i| (i * 7 % 256) as u8).collect()),
    ];
    // 30,000 plies of knights shuffling: replay stops at `Limits::max_plies`.
    let mut long = String::new();
    for i in 0..7500 {
        long.push_str(&format!("{}. Nf3 Nf6 {}. Ng1 Ng8 ", 2 * i + 1, 2 * i + 2));
    }
    cases.push(("30,000 plies", long.into_bytes()));
    for (what, text) in cases {
        read_records(what, &text);
    }
}

#[test]
fn hostile_trailers_and_null_moves() {
    use qipan::pgn::{Limits, Splitter, SyntaxError};
    // An XQBase trailer that never ends: the game it closes grows to `Limits::max_game`, is
    // cut there and reported, and holds no more than that in memory.
    let mut text = b"[Game \"Chinese Chess\"]\n1. h2e2 h9g7 *\n====\n".to_vec();
    text.extend(
        "欢迎访问 http://example.org/\n"
            .repeat(24 * MB / 32)
            .into_bytes(),
    );
    assert!(text.len() > Limits::default().max_game);
    let games = read_records("endless trailer", &text);
    assert_eq!(games, 1);
    let raw = Splitter::new(&text[..], Limits::default())
        .next()
        .unwrap()
        .unwrap();
    assert!(matches!(raw.error, Some(SyntaxError::GameTooLarge { .. })));
    assert!(raw.bytes.is_empty());
    // Trailers, one rule line after another, and rules without text; a megabyte line of `=`
    // words (each one a candidate for a rule only at the start of a line: linear, not quadratic).
    read_records("rules", &"====\n".repeat(MB / 5).into_bytes());
    read_records("= words", &"= ".repeat(MB / 2).into_bytes());
    read_records("==== words", &"1. e4 ==== ".repeat(MB / 11).into_bytes());
    read_records("= lines", &"=\n".repeat(MB / 2).into_bytes());
    read_records(
        "games with trailers",
        &"[A \"b\"]\n1. e4 *\n=====\nx\n"
            .repeat(MB / 24)
            .into_bytes(),
    );
    // A file of null moves: passes are played up to `Limits::max_plies`, in linear time.
    for pass in ["-- ", "Z0 ", "0000 ", "@@@@ ", "e.p. "] {
        read_records(pass, &pass.repeat(MB / pass.len()).into_bytes());
    }
    let passes = "-- ".repeat(30_000);
    let raw = Splitter::new(passes.as_bytes(), Limits::default())
        .next()
        .unwrap()
        .unwrap();
    let report = qipan::pgn::replay::<Chess>(&raw, &Limits::default());
    assert_eq!(report.plies(), Limits::default().max_plies);
    assert_eq!(report.errors[0].kind, qipan::pgn::RecordErrorKind::Syntax);
}
