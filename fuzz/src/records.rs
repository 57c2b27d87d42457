//! Records, archives, game trees and opening books on any bytes.

use crate::{reach_chess, Bytes};
use qipan::chess::Chess;
use qipan::pgn::{read_tags, replay, Limits, RawGame, Splitter};
use qipan::tree::{AnyGameTree, GameTree, NodeId, WriteOptions};
use qipan::{Variant, Xiangqi};

/// Small limits, so that the fuzzer meets them.
pub fn pgn_limits() -> Limits {
    Limits {
        max_line: 4096,
        max_game: 1 << 16,
        max_depth: 16,
        max_plies: 600,
    }
}

/// A game record file of `V`: split, tokenized, replayed, written back. No panic; a replayed
/// game (as far as its moves could be played) written by the game tree in the variant's
/// notation replays to the same game without errors. (The tree's own round trip, comments and
/// variations included, is [`check_tree`]'s.)
pub fn check_pgn<V: Variant>(data: &[u8]) {
    let limits = pgn_limits();
    for raw in Splitter::new(data, limits).take(32) {
        let Ok(raw) = raw else { break };
        let tags = read_tags(&raw, &limits);
        let _ = qipan::GameKind::from_tags(tags.as_deref().unwrap_or_default());
        let report = replay::<V>(&raw, &limits);
        assert!(report.plies() <= limits.max_plies);
        assert_eq!(report.is_valid(), report.errors.is_empty());
        for e in &report.errors {
            assert!(!e.to_string().is_empty());
        }
        let _ = (report.final_fen(), report.outcome(), report.tag("Event"));
        // The moves played, written and replayed: the same game.
        let text = GameTree::from_game(&report.game).write_pgn(&WriteOptions::default());
        let replayed = replay::<V>(&read_one(&text), &Limits::default());
        assert!(replayed.errors.is_empty(), "{:?}\n{text}", replayed.errors);
        assert_eq!(replayed.game.start(), report.game.start(), "{text}");
        assert_eq!(replayed.game.moves(), report.game.moves(), "{text}");
    }
}

/// `check_game` on every game of `data`, read as the tags say and as chess or Chess960 forced:
/// a game it finds valid must be valid for the general replay (`replay_with`) under the same
/// rules, with the same plies and ending, and a game the general replay finds valid must be
/// valid for it. (`check_game` reads most valid chess games in one pass of its own.)
pub fn check_checks(data: &[u8]) {
    use qipan::chess::ChessRules;
    use qipan::pgn::{check_game, replay_with};
    use qipan::GameKind;
    let limits = pgn_limits();
    for raw in Splitter::new(data, limits).take(32) {
        let Ok(raw) = raw else { break };
        for forced in [None, Some(GameKind::Chess), Some(GameKind::Chess960)] {
            let check = check_game(&raw, &limits, forced);
            let rules = match check.variant {
                Ok(GameKind::Chess) => ChessRules::FIDE,
                Ok(GameKind::Chess960) => ChessRules::CHESS960,
                _ => continue,
            };
            let report = replay_with::<Chess>(&raw, &limits, &rules);
            same_verdict(&raw, &check, &report, forced);
        }
    }
}

/// `check_game`'s verdict on a game against the general replay's: valid for both or neither, and
/// for a valid game the same notes, plies and ending. (The messages of a malformed tag section
/// are worded apart.)
fn same_verdict<V: Variant>(
    raw: &RawGame,
    check: &qipan::pgn::GameCheck,
    report: &qipan::pgn::GameReport<V>,
    forced: Option<qipan::GameKind>,
) {
    let text = String::from_utf8_lossy(&raw.bytes);
    assert_eq!(
        check.errors.is_empty(),
        report.errors.is_empty(),
        "{forced:?} {:?}\n{text}",
        check.errors
    );
    if report.errors.is_empty() {
        assert_eq!(check.notes, report.notes, "{forced:?}\n{text}");
        assert_eq!(check.plies, report.plies(), "{forced:?}\n{text}");
        assert_eq!(check.ending, report.ending(), "{forced:?}\n{text}");
    }
}

/// [`check_checks`] for Xiangqi: `check_game` on every game of `data`, read as the tags say and
/// as Xiangqi forced, against the general replay under the default Xiangqi rules (`check_game`
/// reads most valid Xiangqi games, in any notation, in one pass of its own).
pub fn check_checks_xiangqi(data: &[u8]) {
    use qipan::pgn::{check_game, replay_with};
    use qipan::xiangqi::XiangqiRules;
    use qipan::GameKind;
    let limits = pgn_limits();
    for raw in Splitter::new(data, limits).take(32) {
        let Ok(raw) = raw else { break };
        for forced in [None, Some(GameKind::Xiangqi)] {
            let check = check_game(&raw, &limits, forced);
            if check.variant != Ok(GameKind::Xiangqi) {
                continue;
            }
            let report = replay_with::<Xiangqi>(&raw, &limits, &XiangqiRules::default());
            same_verdict(&raw, &check, &report, forced);
        }
    }
}

fn read_one(text: &str) -> RawGame {
    let mut games = Splitter::new(text.as_bytes(), Limits::default());
    let raw = games
        .next()
        .expect("one game")
        .expect("reading from memory");
    assert!(raw.error.is_none(), "{:?}\n{text}", raw.error);
    raw
}

/// Any bytes through the archive readers (`qipan::archive`), with `magic` put in front when the
/// data does not start with it, so the fuzzer spends its time past the format's detection.
/// Checks the shape of every tree read: node 0 is the start, children come after their parent,
/// plies count up by one and stay within the limits; and that the game tree made of it goes
/// through PGN unchanged.
pub fn check_archive(data: &[u8], magic: &[u8]) {
    use qipan::archive::{read_archive, ArchiveLimits};
    let owned;
    let bytes = if data.starts_with(magic) {
        data
    } else {
        owned = [magic, data].concat();
        &owned[..]
    };
    let limits = ArchiveLimits {
        max_nodes: 5_000,
        max_plies: 300,
        max_games: 50,
        max_comment: 4096,
    };
    let Ok(games) = read_archive(bytes, &limits) else {
        return;
    };
    assert!(games.len() <= limits.max_games + 1);
    for game in games.iter().flatten() {
        assert!(game.nodes[0].mv.is_none());
        assert!(game.nodes.len() <= limits.max_nodes + 1);
        for (index, node) in game.nodes.iter().enumerate() {
            assert!(node.ply <= limits.max_plies);
            assert!(node
                .comment
                .as_ref()
                .is_none_or(|c| c.len() <= 4 * limits.max_comment));
            for &child in &node.children {
                assert!(child > index && child < game.nodes.len());
                assert_eq!(game.nodes[child].ply, node.ply + 1);
                assert!(game.nodes[child].mv.is_some());
            }
        }
        let fen = game.start_fen();
        if let Ok(start) = Xiangqi::from_fen(&fen) {
            assert_eq!(start.fen().split(' ').next(), fen.split(' ').next());
        }
        let _ = game.mainline();
        // Into the game tree: never more nodes than read, and written as PGN it reads back
        // without errors, with the same moves.
        let tree = game.to_tree(1, qipan::xiangqi::XiangqiRules::default());
        assert!(tree.len() <= game.nodes.len());
        let text = tree.write_pgn(&WriteOptions::default());
        let back =
            GameTree::<Xiangqi>::read_with(&read_one(&text), &Limits::default(), tree.rules());
        assert!(back.errors.is_empty(), "{:?}\n{text}", back.errors);
        // (Comments may hold `}`, which PGN cannot: only the moves are compared.)
        assert_eq!(back.len(), tree.len(), "{text}");
        assert_eq!(
            back.mainline_moves(back.root()),
            tree.mainline_moves(tree.root()),
            "{text}"
        );
        assert_eq!(back.start(), tree.start(), "{text}");
    }
}

/// Any bytes read as game trees (both games, chosen by the tags): no panic; a tree written in
/// each notation its game has reads back with the same moves in the same places and without
/// errors, and writing it again gives the same text.
pub fn check_tree(data: &[u8]) {
    let limits = pgn_limits();
    for raw in Splitter::new(data, limits).take(16) {
        let Ok(raw) = raw else { break };
        let Ok(tree) = AnyGameTree::read(&raw, &limits) else {
            continue;
        };
        qipan::with_any_tree!(&tree, |t| tree_round_trip(t));
    }
}

fn tree_round_trip<V: Variant>(tree: &GameTree<V>) {
    for &notation in V::NOTATIONS {
        let options = WriteOptions {
            notation: Some(notation),
            ..WriteOptions::default()
        };
        let text = tree.write_pgn(&options);
        let back = GameTree::<V>::read_with(&read_one(&text), &Limits::default(), tree.rules());
        // A bad `FEN` tag is kept as read, so it is as bad again; nothing else may fail.
        let bad_fen = tree
            .errors
            .iter()
            .any(|e| e.kind == qipan::pgn::RecordErrorKind::BadFen);
        assert!(
            back.errors
                .iter()
                .all(|e| bad_fen && e.kind == qipan::pgn::RecordErrorKind::BadFen),
            "{:?}\n{text}",
            back.errors
        );
        assert_eq!(back.start(), tree.start(), "{text}");
        assert!(same_moves(tree, tree.root(), &back, back.root()), "{text}");
        assert_eq!(back.write_pgn(&options), text);
    }
}

/// The same moves at the same places of both trees.
fn same_moves<V: Variant>(a: &GameTree<V>, x: NodeId, b: &GameTree<V>, y: NodeId) -> bool {
    let mut stack = vec![(x, y)];
    while let Some((x, y)) = stack.pop() {
        let (vx, vy) = (a.variations(x), b.variations(y));
        if a.node(x).mv != b.node(y).mv || vx.len() != vy.len() {
            return false;
        }
        stack.extend(vx.iter().copied().zip(vy.iter().copied()));
    }
    true
}

/// Polyglot books: a position reached by byte-chosen moves, then any bytes as a book. Opening
/// fails exactly when the length is not a multiple of 16; every lookup is bounded and gives
/// legal moves that resolve back from their entries; on a sorted book the binary search finds
/// every entry of a key. The same bytes as PGN make a book that is sorted and opens.
pub fn check_book(data: &[u8]) {
    use qipan::chess::polyglot::{Book, BookBuilder};
    let mut bytes = Bytes::new(data);
    let pos = reach_chess(&mut bytes);
    let book_bytes = bytes.rest();
    let book = match Book::from_bytes(book_bytes.to_vec()) {
        Ok(book) => book,
        Err(e) => {
            assert!(book_bytes.len() % 16 != 0, "{e}");
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    assert_eq!(book.len() as usize * 16, book_bytes.len());
    let sorted = book.verify().is_ok();
    let mut keys = vec![pos.zobrist()];
    keys.extend((0..book.len().min(32)).map(|i| book.get(i).unwrap().key));
    for key in keys {
        let entries = book.entries(key).unwrap();
        assert!(entries.iter().all(|e| e.key == key));
        if sorted {
            assert_eq!(
                entries.len(),
                book.iter()
                    .filter(|e| e.as_ref().unwrap().key == key)
                    .count()
            );
        }
    }
    for entry in book.iter().take(64) {
        let entry = entry.unwrap();
        assert!(!entry.raw().uci().is_empty());
        assert_eq!(
            qipan::chess::polyglot::Entry::from_bytes(entry.to_bytes()),
            entry
        );
    }
    let all = book.find_all(&pos, 0, &[]).unwrap();
    for found in &all {
        assert!(pos.is_legal(found.mv), "{pos:?} {:?}", found.mv);
        assert_eq!(found.entry.raw().resolve(&pos), Some(found.mv));
    }
    let best = book.find(&pos, 0, &[]).unwrap();
    assert_eq!(best.is_some(), !all.is_empty());
    if let Some(best) = best {
        assert!(all.iter().all(|e| e.entry.weight <= best.entry.weight));
        let without = book.find_all(&pos, 0, &[best.mv]).unwrap();
        assert!(without.iter().all(|e| e.mv != best.mv));
    }
    let mut state = 7u64;
    let mut below = |n: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    let chosen = book.choice(&pos, 0, &[], &mut below).unwrap();
    assert_eq!(chosen.is_some(), !all.is_empty());
    let weighted = book.weighted_choice(&pos, &[], &mut below).unwrap();
    assert_eq!(weighted.is_some(), all.iter().any(|e| e.entry.weight > 0));

    let mut builder = BookBuilder::new();
    builder.min_games = 1;
    builder.max_ply = 40;
    builder.add_pgn(data);
    let written = Book::from_bytes(builder.to_bytes()).unwrap();
    written.verify().unwrap();
}
