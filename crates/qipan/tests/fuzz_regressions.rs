//! Regression tests for what the fuzzers (`fuzz/`, see `docs/reliability.md`) found, one test per
//! finding, named after it.

use qipan::pgn::{visit_game, Limits, RawGame, Splitter, SyntaxError, Visitor};
use qipan::tree::{AnyGameTree, WriteOptions};

#[path = "support/text_record.rs"]
mod text_record;
use text_record::TextRecord;

fn parse(text: &str) -> TextRecord {
    let raw = Splitter::new(text.as_bytes(), Limits::default())
        .next()
        .expect("one game")
        .expect("read from memory");
    TextRecord::parse(&raw, &Limits::default()).expect("parses")
}

/// A record as the game tree reads it, written back, and the text read again.
fn tree_round_trip(text: &str) -> (AnyGameTree, AnyGameTree, String) {
    let tree = AnyGameTree::read_str(text).unwrap().unwrap();
    let written = tree.write_pgn(&WriteOptions::default());
    let again = AnyGameTree::read_str(&written).unwrap().unwrap();
    (tree, again, written)
}

/// `*!` and `2.*` were read as a move `*` (with a NAG), which the writer wrote as `*`, a result:
/// the record read back had one move less.
#[test]
fn fuzz_pgn_result_marker_as_move() {
    let glued = parse("1. e4 e5 2.* ");
    assert_eq!(glued.texts(), ["e4", "e5"]);
    assert_eq!(glued.result, "*");
    for text in ["1. e4 e5 2. Ke2 Nc6 3. *! $1 *", "1. C2.5 H8+7 1-0? 1-0"] {
        let record = parse(text);
        assert!(
            !record.texts().iter().any(|t| qipan::pgn::is_result(t)),
            "{text}"
        );
    }
    let (tree, again, written) = tree_round_trip("1. e4 e5 2. Ke2 Nc6 3. *! $1 *");
    assert_eq!(tree.mainline_texts(None), ["e4", "e5", "Ke2", "Nc6"]);
    assert_eq!(
        again.mainline_texts(None),
        tree.mainline_texts(None),
        "{written}"
    );
}

/// A move text starting with `%` that the writer wrapped to the start of a line was read back as
/// a `%` escape line, and lost with the rest of that line. The tree writes moves in the rules'
/// notation, never `%`; a comment is where such text can still stand, and it must come back.
#[test]
fn fuzz_pgn_percent_move_at_line_start() {
    // The text as read: `%odd` and `%` are move texts the reader hands on.
    for text in (70..80).flat_map(|n| {
        let long = "N".repeat(n);
        [
            format!("1. {long} %odd *"),
            format!("1. {long} $1 % 2. e4 *"),
        ]
    }) {
        let record = parse(&text);
        assert!(record.texts().iter().any(|t| t.starts_with('%')), "{text}");
    }
    // Comments with `%` after a line break, and after a long first line.
    for n in 60..80 {
        let text = format!("1. e4 {{{}\n%odd}} e5 {{%}} *", "x".repeat(n));
        let (tree, again, written) = tree_round_trip(&text);
        assert!(written.lines().all(|l| !l.starts_with('%')), "{written}");
        assert_eq!(
            again.mainline_texts(None),
            tree.mainline_texts(None),
            "{written}"
        );
        let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
        for (a, b) in again
            .mainline(again.root())
            .into_iter()
            .zip(tree.mainline(tree.root()))
        {
            assert_eq!(words(again.comment(a)), words(tree.comment(b)), "{written}");
        }
    }
}

/// A game whose FEN starts at move 4294967295 (`u32::MAX`) is written with a move number
/// 4294967296, which the reader took for move text (it did not fit a `u32`): the record read back
/// had a move more. Found by `pgn_chess` and `pgn_xiangqi` within seconds of a run.
#[test]
fn fuzz_pgn_move_number_beyond_u32() {
    for text in [
        "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 4294967295\"]\n\n4294967295. Kd1 Kd8 Ke1 *",
        "[FEN \"3k5/9/9/9/9/9/9/9/R7R/4K4 w - - 0 4294967295\"]\n\n4294967295. a1a2 d9d8 a2a1 *",
        "1. e4 99999999999999999999. e5 4294967296... Nf3 *",
    ] {
        let record = parse(text);
        assert_eq!(record.texts().len(), 3, "{text}");
        assert!(!record.texts().iter().any(|t| t.ends_with('.')), "{text}");
    }
    for text in [
        "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 4294967295\"]\n\n4294967295. Kd1 Kd8 Ke1 *",
        "[Variant \"xiangqi\"]\n[SetUp \"1\"]\n[FEN \"3k5/9/9/9/9/9/9/9/R7R/4K4 w - - 0 4294967295\"]\n\n4294967295. a1a2 d9d8 a2a1 *",
    ] {
        let (tree, again, written) = tree_round_trip(text);
        assert!(tree.errors().is_empty(), "{text}: {:?}", tree.errors());
        assert_eq!(tree.mainline(tree.root()).len(), 3, "{text}");
        assert!(again.errors().is_empty(), "{written}: {:?}", again.errors());
        assert_eq!(again.mainline_moves(again.root()), tree.mainline_moves(tree.root()), "{written}");
    }
}

/// A DhtmlXQ comment with `||` line breaks and a line starting with `[` after them (found by the
/// archive_dhtmlxq fuzz target): the tree wrote a blank line and then that line inside the
/// comment, which a PGN reader takes for the start of the next game.
#[test]
fn fuzz_archive_comment_with_a_tag_line_after_a_blank_line() {
    use qipan::archive::{read_archive, ArchiveLimits};
    use qipan::tree::{AnyGameTree, WriteOptions};
    let page = "[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\
                [DhtmlXQ_comment1]in line||||[DhtmlXQ_movelist]|| 1[/DhtmlXQ_comment1][/DhtmlXQ]";
    let games = read_archive(page.as_bytes(), &ArchiveLimits::default()).unwrap();
    let game = games[0].as_ref().unwrap();
    assert_eq!(
        game.nodes[1].comment.as_deref(),
        Some("in line\n\n[DhtmlXQ_movelist]\n 1")
    );
    let tree = game.to_tree(1, qipan::xiangqi::XiangqiRules::default());
    let text = tree.write_pgn(&WriteOptions::default());
    let AnyGameTree::Xiangqi(back) = AnyGameTree::read_str(&text).unwrap().unwrap() else {
        panic!("{text}")
    };
    assert!(back.errors.is_empty(), "{:?}\n{text}", back.errors);
    assert_eq!(
        back.mainline_moves(back.root()),
        tree.mainline_moves(tree.root())
    );
    let h2e2 = back.next(back.root()).unwrap();
    assert_eq!(back.node(h2e2).comment, "in line\n[DhtmlXQ_movelist]\n 1");
}

/// Finding 11 (`chess_san`): a null move's text (`@@@@`, `--`, `Z0`, `0000`) reads as a pass when
/// the side to move is not in check (the target had required every move read to be legal); it is
/// never a legal move of the position, and in check it is refused.
#[test]
fn fuzz_san_null_move_reads_as_a_pass_not_a_legal_move() {
    use qipan::{Chess, Variant};
    let pos = Chess::new();
    for text in ["@@@@", "--", "Z0", "0000"] {
        let pass = pos.parse_san(text).unwrap();
        assert!(pass.is_null(), "{text}");
        assert!(!pos.is_legal(pass), "{text}");
        assert_eq!(pos.parse_any(text), Ok(pass), "{text}");
        assert_eq!(pos.san(pass), "--");
    }
    let check = Chess::from_fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").unwrap();
    assert!(check.parse_san("@@@@").is_err());
}

/// `0000` read by `parse_iccs_with` (either rank numbering) is the null move, as UCI and UCCI
/// write it: a pass, which is no legal move, and refused in check. The `xiangqi_iccs` target
/// expected a legal move (finding 16, an expectation of the target).
#[test]
fn fuzz_iccs_null_move_text_is_a_pass() {
    use qipan::xiangqi::IccsRanks;
    use qipan::{Variant, Xiangqi};
    let pos = Xiangqi::start();
    for ranks in [IccsRanks::ZeroBased, IccsRanks::OneBased] {
        let mv = pos.parse_iccs_with("0000", ranks).expect("a pass");
        assert!(mv.is_null() && !pos.is_legal(mv));
    }
    // Black in check from the chariot on e1.
    let check = Xiangqi::from_fen("4k4/9/9/9/9/9/9/9/4R4/3K5 b").expect("a legal position");
    assert!(check.is_check());
    assert!(check.parse_iccs_with("0000", IccsRanks::ZeroBased).is_err());
}

/// `a0a0` reads as the move value of the null move, which `Display` writes `0000`; `0000` did
/// not read back (finding 17). It now reads as the null move, as `parse_iccs_with` reads it.
#[test]
fn fuzz_iccs_null_move_written_reads_back() {
    use qipan::xiangqi::{parse_iccs_move, IccsRanks, Move};
    let null = "a0a0".parse::<Move>().expect("two squares");
    assert!(null.is_null());
    assert_eq!(null.to_string(), "0000");
    assert_eq!(null.to_string().parse::<Move>(), Ok(null));
    for ranks in [IccsRanks::ZeroBased, IccsRanks::OneBased] {
        assert_eq!(parse_iccs_move("0000", ranks), Ok(Move::null()));
    }
}

/// A comment after a variation whose moves were all skipped (an unreadable move in a nested
/// variation) became the next main-line move's starting comment, written before that move and
/// read back as the comment of the move before the variation: writing the record again gave
/// another text. Found by the `pgn_tree` fuzz target.
#[test]
fn fuzz_tree_comment_after_a_skipped_variation() {
    let text = "1. e4 e5 (1... -- 2. d4 d5 (Z02... Z0 3. c4)) ;2. Nf3 (2. Z0 Nc6) Nc6\n3. Bb5 a6 *";
    let (tree, again, written) = tree_round_trip(text);
    assert_eq!(again.write_pgn(&WriteOptions::default()), written);
    assert_eq!(again, tree, "{written}");
    // The comment follows e5, as a comment after a variation of moves that were all read does.
    let e5 = tree.mainline(tree.root())[1];
    assert_eq!(tree.comment(e5), "2. Nf3 (2. Z0 Nc6) Nc6");
    let plain = AnyGameTree::read_str("1. e4 e5 (1... c5) {after} 2. Nf3 *")
        .unwrap()
        .unwrap();
    assert_eq!(plain.comment(plain.mainline(plain.root())[1]), "after");
}

/// A comment of `}` alone (an XQBase trailer of braces) was written as `{  }`, which reads back
/// as no comment: the record written again lost it. Such a comment, or one of white space, is not
/// written. Found by the `pgn_tree` fuzz target.
#[test]
fn fuzz_tree_comment_of_closing_braces_alone() {
    let mut tree = AnyGameTree::read_str("1. e4 e5 *").unwrap().unwrap();
    let e4 = tree.mainline(tree.root())[0];
    *tree.comment_mut(tree.root()) = "}}}}".into();
    *tree.comment_mut(e4) = " \n ".into();
    let written = tree.write_pgn(&WriteOptions::default());
    assert!(!written.contains('{'), "{written}");
    let again = AnyGameTree::read_str(&written).unwrap().unwrap();
    assert_eq!(again.write_pgn(&WriteOptions::default()), written);
    assert_eq!(again.mainline_texts(None), ["e4", "e5"]);
}
