//! Replaying records on the real games: moves, FEN tags, result checks, variant detection, and the
//! writer's round trip. Expected values come from the texts and the rules.

use qipan::pgn::{replay, GameReport, Limits, RawGame, RecordErrorKind, ResultCheck, Splitter};
use qipan::tree::{AnyGameTree, GameTree, WriteOptions};
use qipan::{Chess, Color, GameKind, Termination, UnknownGame, Variant, Xiangqi};

#[allow(unused_imports)]
use qipan::pgn::{visit_game, SyntaxError, Visitor};
#[path = "support/text_record.rs"]
mod text_record;
use text_record::TextRecord;

/// A played game written as PGN by the game tree (the library's one writer).
fn written<V: Variant>(game: &qipan::Game<V>) -> String
where
    AnyGameTree: From<GameTree<V>>,
{
    AnyGameTree::from(GameTree::from_game(game)).write_pgn(&WriteOptions::default())
}

fn games(text: &str) -> Vec<RawGame> {
    Splitter::new(text.as_bytes(), Limits::default())
        .map(|g| g.unwrap())
        .collect()
}

fn one<V: Variant>(text: &str) -> GameReport<V> {
    let games = games(text);
    assert_eq!(games.len(), 1);
    replay::<V>(&games[0], &Limits::default())
}

const OPERA: &str =
    "[Event \"Paris\"]\n[Site \"Paris FRA\"]\n[Date \"1858.??.??\"]\n[Round \"?\"]\n\
[White \"Paul Morphy\"]\n[Black \"Duke Karl of Brunswick and Count Isouard\"]\n[Result \"1-0\"]\n\n\
1. e4 e5 2. Nf3 d6 3. d4 Bg4 {a weak move} 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6\n\
7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5! cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8\n\
13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+! Nxb8 17. Rd8# 1-0\n";

#[test]
fn the_opera_game_ends_in_mate_as_its_tag_says() {
    let report = one::<Chess>(OPERA);
    assert!(report.is_valid(), "{:?}", report.errors);
    assert_eq!(report.plies(), 33);
    let outcome = report.outcome().unwrap();
    assert_eq!(outcome.termination, Termination::Checkmate);
    assert_eq!(outcome.winner, Some(Color::White));
    assert_eq!(report.result_check, ResultCheck::Consistent);
    assert_eq!(report.result_token.as_deref(), Some("1-0"));
    assert_eq!(report.tag("White"), Some("Paul Morphy"));
    assert_eq!(
        report.final_fen(),
        "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17"
    );
}

#[test]
fn the_fen_tag_sets_the_start_and_variations_are_skipped() {
    let report = one::<Chess>(
        "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O (1. Rh8+ Kd7) Kd7 *\n",
    );
    assert!(report.is_valid(), "{:?}", report.errors);
    assert_eq!(report.final_fen(), "8/3k4/8/8/8/8/8/5RK1 w - - 2 2");
    let report = one::<Chess>("[FEN \"not a position\"]\n\n1. e4 *\n");
    assert_eq!(report.errors.len(), 1);
    assert_eq!(report.errors[0].kind, RecordErrorKind::BadFen);
    assert_eq!(report.result_check, ResultCheck::Unchecked);
}

const FOOLS_MATE: &str = "1. f3 e5 2. g4 Qh4#";

fn with_result(tag: Option<&str>, moves: &str, token: &str) -> GameReport<Chess> {
    let tag = tag.map_or(String::new(), |t| format!("[Result \"{t}\"]\n\n"));
    one::<Chess>(&format!("{tag}{moves} {token}\n"))
}

#[test]
fn result_tags_are_checked_against_the_real_ending() {
    // Agrees: 0-1 after Black mates; no tag at all.
    assert!(with_result(Some("0-1"), FOOLS_MATE, "0-1").is_valid());
    assert!(with_result(None, FOOLS_MATE, "").is_valid());
    // Disagrees: White checkmated but 1-0; a draw.
    for claimed in ["1-0", "1/2-1/2"] {
        let report = with_result(Some(claimed), FOOLS_MATE, claimed);
        assert_eq!(report.errors.len(), 1, "{claimed}");
        let error = &report.errors[0];
        assert_eq!(error.kind, RecordErrorKind::ResultMismatch);
        assert_eq!((error.game, error.line), (1, 3));
        assert!(
            matches!(report.result_check, ResultCheck::Mismatch { real } if real.winner == Some(Color::Black))
        );
    }
    // `*` ("unknown or unfinished") on the mate: a note with the real ending, an error only
    // under strict checking.
    let report = with_result(Some("*"), FOOLS_MATE, "*");
    assert!(report.is_valid(), "{:?}", report.errors);
    assert!(
        matches!(report.result_check, ResultCheck::Unmarked { real } if real.winner == Some(Color::Black))
    );
    assert_eq!(report.notes.len(), 1);
    let strict = report.strict_errors();
    assert_eq!(
        (strict.len(), strict[0].kind),
        (1, RecordErrorKind::ResultMismatch)
    );
    assert_eq!((strict[0].game, strict[0].line), (1, 3));
    // Undecided by the rules: any result stands (resignation, agreement, time).
    for claimed in ["1-0", "0-1", "1/2-1/2", "*"] {
        assert!(
            with_result(Some(claimed), "1. e4 e5", claimed).is_valid(),
            "{claimed}"
        );
    }
    // The tag and the movetext's token disagree.
    let report = with_result(Some("1-0"), "1. e4 e5", "0-1");
    assert_eq!(report.errors.len(), 1);
    assert_eq!(report.errors[0].kind, RecordErrorKind::ResultMismatch);
}

#[test]
fn a_stalemate_is_a_draw_in_chess() {
    let loyd = "1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 \
                8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6";
    let report = with_result(Some("1/2-1/2"), loyd, "1/2-1/2");
    assert!(report.is_valid(), "{:?}", report.errors);
    assert_eq!(
        report.outcome().unwrap().termination,
        Termination::Stalemate
    );
    let report = with_result(Some("1-0"), loyd, "1-0");
    assert_eq!(report.errors[0].kind, RecordErrorKind::ResultMismatch);
}

#[test]
fn move_errors_carry_game_line_ply_and_text() {
    let text = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e5\n2. Ke3 *\n\n[Event \"c\"]\n\n1. Nf3 Nf6 2. d3 d6 3. Nd2 *\n\n[Event \"d\"]\n\n1. e4 zz9 *\n\n[Event \"e\"]\n\n1. e4 {open *\n";
    let games = games(text);
    let reports: Vec<GameReport<Chess>> = games
        .iter()
        .map(|g| replay(g, &Limits::default()))
        .collect();
    assert!(reports[0].is_valid());
    let found: Vec<_> = reports[1..]
        .iter()
        .map(|r| {
            let e = &r.errors[0];
            (e.game, e.line, e.ply, e.text.clone(), e.kind)
        })
        .collect();
    assert_eq!(
        found,
        [
            (
                2,
                8,
                Some(3),
                Some("Ke3".to_owned()),
                RecordErrorKind::IllegalMove
            ),
            (
                3,
                12,
                Some(5),
                Some("Nd2".to_owned()),
                RecordErrorKind::AmbiguousMove
            ),
            (
                4,
                16,
                Some(2),
                Some("zz9".to_owned()),
                RecordErrorKind::UnparsableMove
            ),
            (5, 20, None, None, RecordErrorKind::Syntax),
        ]
    );
    assert_eq!(reports[1].plies(), 2, "replay stops at the bad move");
}

const XIANGQI_MATE: &str = "[Variant \"xiangqi\"]\n[Result \"1-0\"]\n[FEN \"3k5/9/9/9/9/9/9/9/R7R/4K4 w - - 0 1\"]\n\n1. a1a9 d9d8 2. i1-i8 d8d7 3. A9A7 1-0\n";

#[test]
fn xiangqi_records_replay_in_iccs() {
    let games = games(XIANGQI_MATE);
    let tags = qipan::pgn::read_tags(&games[0], &Limits::default()).unwrap();
    assert_eq!(GameKind::from_tags(&tags), Ok(GameKind::Xiangqi));
    let report = replay::<Xiangqi>(&games[0], &Limits::default());
    assert!(report.is_valid(), "{:?}", report.errors);
    let outcome = report.outcome().unwrap();
    assert_eq!(outcome.termination, Termination::Checkmate);
    assert_eq!(outcome.winner, Some(Color::RED));
    let opening = one::<Xiangqi>("[Variant \"xiangqi\"]\n\n1. h2-e2 h9-g7 2. h0-g2 i9-h9 *\n");
    assert!(opening.is_valid());
    assert_eq!(opening.plies(), 4);
}

#[test]
fn variants_are_detected_from_tags() {
    let tags = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
    };
    assert_eq!(GameKind::from_tags(&tags(&[])), Ok(GameKind::Chess));
    assert_eq!(
        GameKind::from_tags(&tags(&[("Variant", "Chess960")])),
        Ok(GameKind::Chess960)
    );
    assert_eq!(
        GameKind::from_tags(&tags(&[("Variant", "Xiangqi")])),
        Ok(GameKind::Xiangqi)
    );
    assert_eq!(
        GameKind::from_tags(&tags(&[("Game", "Chinese Chess")])),
        Ok(GameKind::Xiangqi)
    );
    assert_eq!(
        GameKind::from_tags(&tags(&[("Format", "WXF")])),
        Ok(GameKind::Xiangqi)
    );
    assert_eq!(
        GameKind::from_tags(&tags(&[("FEN", qipan::xiangqi::START_FEN)])),
        Ok(GameKind::Xiangqi)
    );
    assert_eq!(
        GameKind::from_tags(&tags(&[("Variant", "Crazyhouse")])),
        Err(UnknownGame("Crazyhouse".into()))
    );
}

#[test]
fn written_records_read_back_the_same() {
    let report = one::<Chess>(OPERA);
    let mut record = AnyGameTree::from(GameTree::from_game(&report.game));
    *record.tags_mut() = report.tags.clone();
    let sacrifice = record.mainline(record.root())[18];
    record.add_nag(sacrifice, 1);
    *record.comment_mut(sacrifice) = "the knight sacrifice".into();
    let text = record.write_pgn(&WriteOptions::default());
    assert!(text.lines().all(|l| l.chars().count() <= 80));
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("10. Nxb5 $1 { the knight sacrifice } 10... cxb5"),
        "{words}"
    );
    assert!(words.ends_with("16. Qb8+ Nxb8 17. Rd8# 1-0"));
    let reread = one::<Chess>(&text);
    assert!(reread.is_valid(), "{:?}", reread.errors);
    assert_eq!(reread.game.moves(), report.game.moves());
    assert_eq!(reread.tags, report.tags, "the roster is kept in order");
    let parsed = AnyGameTree::read(&games(&text)[0], &Limits::default()).unwrap();
    assert_eq!(parsed, record);
}

#[test]
fn written_records_from_a_position_carry_the_fen() {
    let mut game = qipan::Game::<Chess>::from_fen("4k3/8/8/8/8/8/8/4K2R b K - 0 30").unwrap();
    game.push_any("Kd7").unwrap();
    game.push_any("O-O").unwrap();
    let text = written(&game);
    assert!(text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 30\"]"));
    assert_eq!(text.lines().last(), Some("30... Kd7 31. O-O *"), "{text}");
    let reread = one::<Chess>(&text);
    assert_eq!(reread.game.moves(), game.moves());
    let xiangqi = one::<Xiangqi>(XIANGQI_MATE);
    let text = written(&xiangqi.game);
    assert!(text.contains("[Variant \"xiangqi\"]"));
    assert!(text.contains("[Result \"1-0\"]"));
    let reread = one::<Xiangqi>(&text);
    assert!(reread.is_valid(), "{:?}", reread.errors);
    assert_eq!(reread.game.moves(), xiangqi.game.moves());
}

#[test]
fn replay_stops_at_the_ply_limit() {
    let limits = Limits {
        max_plies: 6,
        ..Limits::default()
    };
    let text = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n";
    let report = replay::<Chess>(&games(text)[0], &limits);
    assert_eq!(report.plies(), 6);
    assert_eq!(report.errors.len(), 1);
    assert_eq!(report.errors[0].kind, RecordErrorKind::Syntax);
    assert!(report.errors[0].message.contains("more than 6 plies"));
    assert!(replay::<Chess>(&games(text)[0], &Limits::default()).is_valid());
}

/// Random text made of PGN's special characters, moves and multi-byte characters never makes the
/// splitter, the parser or the replay panic.
#[test]
fn garbage_never_panics() {
    let pieces: [&[u8]; 24] = [
        b"[",
        b"]",
        b"\"",
        b"\\",
        b"{",
        b"}",
        b"(",
        b")",
        b";",
        b"%",
        b"$",
        b"!?",
        b"\n",
        b"\r\n",
        b" ",
        b"1.",
        b"e4",
        b"Nf3",
        b"1-0",
        b"*",
        b"[Event \"x\"]\n",
        "炮二平五".as_bytes(),
        b"\xEF\xBB\xBF",
        b"\xff",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let limits = Limits {
        max_line: 64,
        max_game: 512,
        max_depth: 4,
        max_plies: 50,
    };
    let mut count = 0;
    for round in 0..20_000u64 {
        let mut text = Vec::new();
        for _ in 0..(round % 80) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            text.extend_from_slice(pieces[(seed % pieces.len() as u64) as usize]);
        }
        for game in Splitter::new(&text[..], limits) {
            let game = game.unwrap();
            count += 1;
            let _ = TextRecord::parse(&game, &limits);
            let _ =
                AnyGameTree::read(&game, &limits).map(|t| t.write_pgn(&WriteOptions::default()));
            let _ = replay::<Chess>(&game, &limits);
            let _ = replay::<Xiangqi>(&game, &limits);
        }
    }
    assert!(count > 20_000, "{count} games");
}
