//! The names and modes every front end shares, decided once in the core: rule-set names (the
//! table in `data/rule-names.tsv`, read by the CLI, Python and JS tests too), game names, and
//! Chess960 as a mode of the rules that survives a record's round trip.

use qipan::chess::{Chess, ChessRules};
use qipan::pgn::{replay_with, summarize, Limits, Splitter};
use qipan::tree::{AnyGameTree, GameTree, WriteOptions};
use qipan::xiangqi::XiangqiRules;
use qipan::{Game, GameKind};

/// `(game, given, Ok(canonical) | Err(message))` from the shared table.
fn rule_names() -> Vec<(String, String, Result<String, String>)> {
    let text = include_str!("../../../data/rule-names.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 3, "{line}");
            let expected = match f[2].split_at(1) {
                ("=", name) => Ok(name.to_owned()),
                ("!", message) => Err(message.to_owned()),
                _ => panic!("bad expectation in {line}"),
            };
            (f[0].to_owned(), f[1].to_owned(), expected)
        })
        .collect()
}

#[test]
fn rule_names_from_the_shared_table() {
    let rows = rule_names();
    assert!(rows.len() >= 10);
    for (game, given, expected) in rows {
        let got = match game.as_str() {
            "chess" => given.parse::<ChessRules>().map(|r| r.to_string()),
            "xiangqi" => given.parse::<XiangqiRules>().map(|r| r.to_string()),
            other => panic!("unknown game {other}"),
        }
        .map_err(|e| e.to_string());
        assert_eq!(got, expected, "{game} {given}");
    }
}

#[test]
fn game_names_and_tags() {
    for (name, kind) in [
        ("chess", GameKind::Chess),
        ("Standard", GameKind::Chess),
        ("chess960", GameKind::Chess960),
        ("Fischerandom", GameKind::Chess960),
        ("xiangqi", GameKind::Xiangqi),
        ("Chinese Chess", GameKind::Xiangqi),
        ("中国象棋", GameKind::Xiangqi),
    ] {
        assert_eq!(name.parse::<GameKind>(), Ok(kind), "{name}");
    }
    for kind in GameKind::ALL {
        assert_eq!(kind.name().parse::<GameKind>(), Ok(kind));
    }
    assert!("crazyhouse".parse::<GameKind>().is_err());
}

/// A seeded xorshift (no external crate).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Before the rules carried the mode, a Chess960 game was written without a `Variant` tag and
/// read back as standard chess (its FEN refused, or castling read the standard way).
#[test]
fn chess960_games_from_every_start_round_trip_through_pgn() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut castles = 0;
    for n in 0..960 {
        let start = Chess::chess960_start(n).unwrap();
        let mut game: Game<Chess> = Game::with_rules(start, ChessRules::CHESS960);
        assert_eq!(game.kind(), GameKind::Chess960);
        for _ in 0..(20 + rng.below(60)) {
            if game.outcome().is_some() {
                break;
            }
            let moves = game.position().legal_moves();
            // Prefer castling when it is there, so that the round trip meets it often.
            let mv = moves
                .iter()
                .copied()
                .find(|m| m.is_castle() && rng.below(2) == 0)
                .unwrap_or(moves[rng.below(moves.len())]);
            castles += usize::from(mv.is_castle());
            game.push(mv).unwrap();
        }
        let text =
            AnyGameTree::from(GameTree::from_game(&game)).write_pgn(&WriteOptions::default());
        let raw = Splitter::new(text.as_bytes(), Limits::default())
            .next()
            .unwrap()
            .unwrap();
        let summary = summarize(&raw, &Limits::default(), &[]);
        assert_eq!(summary.variant, Ok(GameKind::Chess960), "{text}");
        assert_eq!(summary.error, None, "{text}");
        let report = replay_with::<Chess>(&raw, &Limits::default(), &ChessRules::CHESS960);
        assert_eq!(report.game.moves(), game.moves(), "start {n}: {text}");
        assert_eq!(report.game.position(), game.position(), "start {n}");
        assert_eq!(report.game.kind(), GameKind::Chess960);
    }
    assert!(castles > 100, "only {castles} castling moves were tried");
}

#[test]
fn the_rules_carry_the_chess960_mode() {
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    assert!(
        Game::<Chess>::from_fen(fen).is_err(),
        "standard rules refuse H-file rights"
    );
    let game = Game::<Chess>::from_fen_with(fen, ChessRules::CHESS960).unwrap();
    assert_eq!(game.kind(), GameKind::Chess960);
    // Its FEN is written in the mode (X-FEN / Shredder-FEN rights) and reads back the same.
    let written = game.position().fen();
    let again = Game::<Chess>::from_fen_with(&written, *game.rules()).unwrap();
    assert_eq!(again.position(), game.position(), "{written}");
    // With Chess960 rules, the standard start castles king-takes-rook.
    let mut start: Game<Chess> = Game::new_with(ChessRules::CHESS960);
    for mv in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"] {
        start.push_coord(mv).unwrap();
    }
    assert!(start.push_coord("e1h1").is_ok());
    assert!(Game::<Chess>::new().push_coord("e1h1").is_err());
}
