//! The game tree on the shipped records: every game reads, its main line is the one the
//! replay plays, and read → write → read gives the same tree, for Xiangqi in each notation.

use std::fs;
use std::path::{Path, PathBuf};

use qipan::pgn::{replay_with, Limits, Splitter};
use qipan::tree::{AnyGameTree, GameTree, WriteOptions};
use qipan::{GameKind, Notation, Variant};

fn record_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    for dir in [
        "examples/games",
        "examples/games/broken",
        "data/pgn-dialects",
    ] {
        for entry in fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "pgn") {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(files.len() >= 15, "the record files are missing");
    files
}

fn reread<V: Variant>(tree: &GameTree<V>, options: &WriteOptions) -> GameTree<V> {
    let text = tree.write_pgn(options);
    let raw = Splitter::new(text.as_bytes(), Limits::default())
        .next()
        .expect("one game")
        .unwrap();
    let back = GameTree::<V>::read_with(&raw, &Limits::default(), tree.rules());
    assert!(back.errors.is_empty(), "{text}\n{:?}", back.errors);
    back
}

/// Checks one tree against the replay of the same record and its own round trips.
fn check<V: Variant>(tree: &GameTree<V>, raw: &qipan::pgn::RawGame, name: &str) {
    let report = replay_with::<V>(raw, &Limits::default(), tree.rules());
    let moves = tree.mainline_moves(tree.root());
    if report.errors.iter().all(|e| e.ply.is_none()) && tree.errors.is_empty() {
        assert_eq!(moves, report.game.moves(), "{name}: main line");
    } else {
        // Both stop at the same bad main-line move.
        assert_eq!(
            moves.len(),
            report.game.ply(),
            "{name}: plies before the error"
        );
    }
    if !tree.errors.is_empty() {
        return;
    }
    let notations: Vec<Option<Notation>> = if tree.kind() == GameKind::Xiangqi {
        V::NOTATIONS.iter().copied().map(Some).collect()
    } else {
        vec![None, Some(Notation::Uci), Some(Notation::Lan)]
    };
    for notation in notations {
        let options = WriteOptions {
            notation,
            ..WriteOptions::default()
        };
        // The `Format` tag follows the notation written; all else comes back as it was.
        let mut back = reread(tree, &options);
        let mut expected = tree.clone();
        back.remove_tag("Format");
        expected.remove_tag("Format");
        assert!(back == expected, "{name}: round trip in {notation:?}");
        let text = tree.write_pgn(&options);
        let movetext = text.split_once("\n\n").map_or(text.as_str(), |(_, m)| m);
        for line in movetext.lines() {
            let long_token = line.starts_with('{') || !line.contains(' ');
            assert!(line.chars().count() <= 80 || long_token, "{name}: {line:?}");
        }
    }
}

#[test]
fn every_shipped_record_reads_and_round_trips() {
    let mut games = 0;
    let mut xiangqi = 0;
    for path in record_files() {
        let bytes = fs::read(&path).unwrap();
        for raw in Splitter::new(&bytes[..], Limits::default()) {
            let raw = raw.unwrap();
            let name = format!("{} game {}", path.display(), raw.index);
            let Ok(tree) = AnyGameTree::read(&raw, &Limits::default()) else {
                continue; // a game of another variant
            };
            games += 1;
            match &tree {
                AnyGameTree::Chess(t) => check(t, &raw, &name),
                AnyGameTree::Xiangqi(t) => {
                    xiangqi += 1;
                    check(t, &raw, &name)
                }
            }
        }
    }
    assert!(
        games >= 40 && xiangqi >= 5,
        "{games} games, {xiangqi} Xiangqi"
    );
}

#[test]
fn a_bad_move_is_an_error_and_the_rest_still_reads() {
    let text = "1. e4 e5 (1... d5 2. exd5 Qxd5 3. Qxd5 Nc6) (1... c5 { ok }) 2. Nf3 Qxf3 3. d4 *";
    let AnyGameTree::Chess(tree) = AnyGameTree::read_str(text).unwrap().unwrap() else {
        panic!("chess")
    };
    assert_eq!(tree.errors.len(), 2, "{:?}", tree.errors);
    assert_eq!(tree.errors[0].text.as_deref(), Some("Qxd5"));
    assert_eq!(tree.errors[0].ply, Some(5));
    assert_eq!(tree.errors[1].text.as_deref(), Some("Qxf3"));
    // The variations and the main line up to the bad move are kept.
    let e4 = tree.next(tree.root()).unwrap();
    assert_eq!(tree.variations(e4).len(), 3);
    assert_eq!(tree.mainline(tree.root()).len(), 3);
    let c5 = tree.variations(e4)[2];
    assert_eq!(tree.node(c5).comment, "ok");
}

#[test]
fn hostile_nesting_and_size_are_bounded() {
    let deep = format!("1. e4 {}e5{} *", "( 1. d4 ".repeat(100), " )".repeat(100));
    let tree = AnyGameTree::read_str(&deep).unwrap().unwrap();
    assert!(tree.errors().iter().any(|e| e.message.contains("deeper")));
    let long = "1. Nf3 Nf6 2. Ng1 Ng8 ".repeat(6000);
    let tree = AnyGameTree::read_str(&long).unwrap().unwrap();
    assert!(tree.errors().iter().any(|e| e.message.contains("plies")));
}

/// Found by the `pgn_tree` fuzz target: a record whose `FEN` tag is bad keeps the tag as read,
/// so writing it and reading it back reports the same bad FEN, and nothing else.
#[test]
fn a_bad_fen_tag_is_kept_and_reported_again() {
    let text =
        "[Variant \"Chess960\"]\n[FEN \"r1k1r2q/p1ppp1pp/8/8/8/8/tays on c1)\"]\n\n1. e4 *\n";
    let tree = AnyGameTree::read_str(text).unwrap().unwrap();
    let kinds = |t: &AnyGameTree| t.errors().iter().map(|e| e.kind).collect::<Vec<_>>();
    assert_eq!(kinds(&tree), [qipan::pgn::RecordErrorKind::BadFen]);
    let written = tree.write_pgn(&WriteOptions::default());
    assert!(written.contains("tays on c1)"), "{written}");
    let back = AnyGameTree::read_str(&written).unwrap().unwrap();
    assert_eq!(kinds(&back), kinds(&tree));
}

/// Found by the `pgn_tree` fuzz target: a game whose text breaks off among its tags still
/// starts from the position its `FEN` tag names, as it does when written and read again.
#[test]
fn a_game_cut_among_its_tags_starts_from_its_fen() {
    let text = "[FEN \"4k3/1P6/8/8/8/8/6K1/8 w - - 0 1\"]\n[SetUp \"1\"]\n[Bad tag\n\n*\n";
    let AnyGameTree::Chess(tree) = AnyGameTree::read_str(text).unwrap().unwrap() else {
        panic!("chess")
    };
    assert!(!tree.errors.is_empty());
    assert_eq!(tree.start().fen(), "4k3/1P6/8/8/8/8/6K1/8 w - - 0 1");
}

/// The start a record's tags give, as both bindings build it: the `FEN` tag (trimmed) of the
/// game named, the game's start without one, and an error that names the FEN and the game.
#[test]
fn a_record_starts_where_its_fen_tag_says() {
    let tags = |fen: Option<&str>| -> Vec<(String, String)> {
        let mut tags = vec![("Event".to_owned(), "x".to_owned())];
        if let Some(fen) = fen {
            tags.push(("FEN".to_owned(), fen.to_owned()));
        }
        tags
    };
    let ending = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let tree =
        AnyGameTree::from_start_tags(GameKind::Chess, &tags(Some(&format!(" {ending} ")))).unwrap();
    assert_eq!(tree.start().fen(), ending);
    assert_eq!(tree.kind(), GameKind::Chess);
    let tree = AnyGameTree::from_start_tags(GameKind::Xiangqi, &tags(None)).unwrap();
    assert_eq!(tree.start(), qipan::AnyPosition::start(GameKind::Xiangqi));
    // A chess FEN is no Xiangqi position, and a broken one no chess position.
    let error = AnyGameTree::from_start_tags(GameKind::Xiangqi, &tags(Some(ending))).unwrap_err();
    assert_eq!(
        (error.kind, error.fen.as_str()),
        (GameKind::Xiangqi, ending)
    );
    assert!(
        error.to_string().starts_with("invalid xiangqi FEN tag"),
        "{error}"
    );
    let error = AnyGameTree::from_start_tags(GameKind::Chess960, &tags(Some("8/8 w"))).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("invalid chess FEN tag \"8/8 w\": "),
        "{error}"
    );
}
