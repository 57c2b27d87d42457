//! Archive games as game trees: the moves checked by the rules, errors at their ply, and the
//! round trip through PGN (an archive's tree written as PGN reads back as the same tree).

use std::path::Path;

use qipan::archive::{read_archive, ArchiveGame, ArchiveLimits};
use qipan::pgn::RecordErrorKind;
use qipan::tree::{AnyGameTree, WriteOptions};
use qipan::xiangqi::XiangqiRules;

fn games(name: &str) -> Vec<ArchiveGame> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/xiangqi-archives")
        .join(name);
    let bytes = std::fs::read(path).unwrap();
    read_archive(&bytes, &ArchiveLimits::default())
        .unwrap()
        .into_iter()
        .map(|g| g.unwrap())
        .collect()
}

#[test]
fn every_shared_file_round_trips_through_pgn() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/xiangqi-archives");
    let mut trees = 0;
    let mut nodes = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for (i, game) in games(&name).iter().enumerate() {
            let tree = game.to_tree(i as u64 + 1, XiangqiRules::default());
            if tree
                .errors
                .iter()
                .any(|e| e.kind == RecordErrorKind::BadFen)
            {
                continue; // a section heading with an empty board: nothing to write
            }
            let text = tree.write_pgn(&WriteOptions::default());
            let back = AnyGameTree::read_str(&text).unwrap().unwrap();
            let AnyGameTree::Xiangqi(back) = back else {
                panic!("{name} {i}: not Xiangqi\n{text}")
            };
            assert!(
                back.errors.is_empty(),
                "{name} game {}: {:?}\n{text}",
                i + 1,
                back.errors
            );
            assert!(
                back == tree,
                "{name} game {}: another tree after PGN\n{text}",
                i + 1
            );
            trees += 1;
            nodes += tree.len();
        }
    }
    assert_eq!(trees, 154 - 2);
    assert!(nodes > 5_000, "{nodes}");
}

#[test]
fn a_bad_move_is_an_error_at_its_ply_and_the_other_lines_are_read() {
    // BadMoveTest3.xqf has a move the rules refuse on its main line (cchess drops it at the same
    // ply, see archive_cchess.rs); its variations branch off before it.
    let game = &games("BadMoveTest3.xqf")[0];
    let tree = game.to_tree(7, XiangqiRules::default());
    assert_eq!(tree.errors.len(), 1, "{:?}", tree.errors);
    let e = &tree.errors[0];
    assert_eq!(e.kind, RecordErrorKind::IllegalMove);
    assert_eq!((e.game, e.line), (7, 0));
    let mainline = tree.mainline_moves(tree.root());
    assert_eq!(
        e.ply,
        Some(mainline.len() + 1),
        "the main line stops before the bad move"
    );
    let raw = game.mainline();
    assert_eq!(e.text.as_deref(), Some(raw[mainline.len()].iccs().as_str()));
    let offset = game
        .nodes
        .iter()
        .find(|n| n.ply == mainline.len() + 1 && n.mv == Some(raw[mainline.len()]))
        .unwrap()
        .offset;
    assert!(e.message.ends_with(&format!("(byte {offset})")), "{e}");
    assert!(
        e.to_string()
            .starts_with(&format!("game 7, ply {}, move ", mainline.len() + 1)),
        "{e}"
    );
    // The variations before the bad move are all in the tree.
    assert!(tree.len() > mainline.len() + 1 + 3, "{} nodes", tree.len());
    // The files whose moves all play give trees without errors.
    for name in [
        "BadMoveTest1.xqf",
        "BadMoveTest2.xqf",
        "BadMoveTest4.xqf",
        "FiveGoatsTest.xqf",
    ] {
        let game = &games(name)[0];
        let tree = game.to_tree(1, XiangqiRules::default());
        assert!(tree.errors.is_empty(), "{name}: {:?}", tree.errors);
        assert_eq!(tree.len(), game.nodes.len(), "{name}: every node");
    }
}

#[test]
fn a_library_heading_with_an_empty_board_is_a_bad_start() {
    let games = games("1989年龙化杯象棋名师邀请赛35局.CBL");
    assert_eq!(games.len(), 38);
    let tree = games[0].to_tree(1, XiangqiRules::default());
    assert_eq!(tree.errors.len(), 1);
    assert_eq!(tree.errors[0].kind, RecordErrorKind::BadFen);
    assert!(tree.mainline_moves(tree.root()).is_empty());
    let tree = games[1].to_tree(2, XiangqiRules::default());
    assert!(tree.errors.is_empty(), "{:?}", tree.errors);
    assert_eq!(tree.tag("Red"), games[1].tag("Red"));
    assert_eq!(tree.tag("Variant"), Some("xiangqi"));
}

#[test]
fn a_dhtmlxq_page_with_lines_and_comments_as_a_tree() {
    let page = "[DhtmlXQ][DhtmlXQ_title]中炮[/DhtmlXQ_title]\
        [DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist]\
        [DhtmlXQ_move_0_2_1]72427967[/DhtmlXQ_move_0_2_1]\
        [DhtmlXQ_move_1_3_2]1927[/DhtmlXQ_move_1_3_2]\
        [DhtmlXQ_comment0]start[/DhtmlXQ_comment0][DhtmlXQ_comment1_3]in line 1[/DhtmlXQ_comment1_3]\
        [/DhtmlXQ]";
    let games = read_archive(page.as_bytes(), &ArchiveLimits::default()).unwrap();
    let tree = games[0]
        .as_ref()
        .unwrap()
        .to_tree(1, XiangqiRules::default());
    assert!(tree.errors.is_empty(), "{:?}", tree.errors);
    assert_eq!(tree.node(tree.root()).comment, "start");
    let h2e2 = tree.next(tree.root()).unwrap();
    assert_eq!(tree.variations(h2e2).len(), 2);
    let h7e7 = tree.variations(h2e2)[1];
    assert_eq!(tree.variations(h7e7).len(), 2);
    assert_eq!(tree.node(tree.variations(h7e7)[0]).comment, "in line 1");
    assert_eq!(tree.len(), 7, "the root and six moves");
    let text = tree.write_pgn(&WriteOptions::default());
    let AnyGameTree::Xiangqi(back) = AnyGameTree::read_str(&text).unwrap().unwrap() else {
        panic!()
    };
    assert!(back == tree, "{text}");
    assert!(text.contains("[Title \"中炮\"]"), "{text}");
}

#[test]
fn the_libraries_replay_with_their_results_checked() {
    use qipan::pgn::ResultCheck;
    for (name, headings) in [
        ("1956年全国象棋锦标赛93局.CBL", 0),
        ("1989年龙化杯象棋名师邀请赛35局.CBL", 2),
    ] {
        let mut endings = std::collections::BTreeMap::new();
        let mut refused = 0;
        for (i, game) in games(name).iter().enumerate() {
            let report = game.replay(i as u64 + 1, XiangqiRules::default());
            if report
                .errors
                .iter()
                .any(|e| e.kind == RecordErrorKind::BadFen)
            {
                refused += 1;
                continue;
            }
            assert!(
                report.is_valid(),
                "{name} game {}: {:?}",
                i + 1,
                report.errors
            );
            assert_eq!(report.plies(), game.mainline().len());
            assert!(report
                .errors
                .iter()
                .chain(&report.notes)
                .all(|e| e.line == 0));
            let ending = report
                .outcome()
                .map_or("none".to_owned(), |o| o.termination.to_string());
            *endings.entry(ending).or_insert(0) += 1;
            assert!(
                !matches!(report.result_check, ResultCheck::Mismatch { .. }),
                "{name} {}",
                i + 1
            );
        }
        assert_eq!(refused, headings, "{name}");
        eprintln!("{name}: {endings:?}");
    }
}
