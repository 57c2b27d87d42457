//! The record pipeline: `RecordFile` reads each source once and gives the same games as the
//! typed readers, and `AnyGameTree` answers as the typed `GameTree` it holds.

use std::io::{self, BufRead, Read};
use std::path::{Path, PathBuf};

use qipan::archive::{read_archive, ArchiveLimits};
use qipan::pgn::{check_game, Limits, Splitter};
use qipan::records::{RecordFile, RecordGame};
use qipan::tree::{AnyGameTree, GameTree, NodeId};
use qipan::{AnyMove, AnyPosition, Chess, GameKind, Variant, Xiangqi};

/// Every record file of the repository (PGN and Xiangqi archives).
fn record_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    let mut dirs = vec![root.join("data"), root.join("examples")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let ext = path
                .extension()
                .map(|e| e.to_string_lossy().to_lowercase())
                .unwrap_or_default();
            if ["pgn", "xqf", "cbr", "cbl"].contains(&ext.as_str()) {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(files.len() >= 30, "{files:?}");
    files
}

/// A reader that counts the bytes it hands out.
struct Counting<R> {
    inner: R,
    handed: u64,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.handed += n as u64;
        Ok(n)
    }
}

#[test]
fn a_record_file_is_read_once_and_gives_the_games_of_the_typed_readers() {
    let limits = Limits::default();
    for path in record_files() {
        let bytes = std::fs::read(&path).unwrap();
        let mut counting = Counting {
            inner: &bytes[..],
            handed: 0,
        };
        // A small buffer, so the head is read in many pieces.
        let reader = io::BufReader::with_capacity(64, &mut counting);
        let games: Vec<RecordGame> = RecordFile::open(reader, limits)
            .unwrap()
            .games()
            .map(Result::unwrap)
            .collect();
        assert_eq!(counting.handed, bytes.len() as u64, "{}", path.display());
        match read_archive(&bytes, &ArchiveLimits::default()) {
            Ok(archive) => {
                assert_eq!(games.len(), archive.len(), "{}", path.display());
                for (i, (game, typed)) in games.iter().zip(&archive).enumerate() {
                    assert_eq!(game.index(), i as u64 + 1);
                    let check = qipan::archive::check_game(typed, i as u64 + 1);
                    assert_eq!(game.check(None), check, "{} game {}", path.display(), i + 1);
                }
            }
            Err(_) => {
                let raws: Vec<_> = Splitter::new(&bytes[..], limits)
                    .map(Result::unwrap)
                    .collect();
                assert_eq!(games.len(), raws.len(), "{}", path.display());
                for (game, raw) in games.iter().zip(&raws) {
                    let RecordGame::Pgn { raw: read, .. } = game else {
                        panic!("{} read as an archive", path.display());
                    };
                    assert_eq!(read.bytes, raw.bytes);
                    assert_eq!(
                        (read.index, read.line, read.offset),
                        (raw.index, raw.line, raw.offset)
                    );
                    assert_eq!(game.check(None), check_game(raw, &limits, None));
                }
            }
        }
    }
}

/// `any` answers every question as `typed`, node by node.
fn same_tree<V: Variant>(any: &AnyGameTree, typed: &GameTree<V>)
where
    AnyMove: From<V::Move>,
    AnyPosition: From<V>,
{
    assert_eq!(any.kind(), typed.kind());
    assert_eq!(any.tags(), &typed.tags[..]);
    assert_eq!(any.errors(), &typed.errors[..]);
    assert_eq!(any.len(), typed.len());
    assert_eq!(any.start(), AnyPosition::from(typed.start().clone()));
    for index in 0..typed.len() {
        let id: NodeId = typed.get(index).unwrap();
        assert_eq!(any.get(index), Some(id));
        let node = typed.node(id);
        assert_eq!(any.mv(id), node.mv.map(AnyMove::from));
        assert_eq!(any.comment(id), node.comment);
        assert_eq!(any.starting_comment(id), node.starting_comment);
        assert_eq!(any.nags(id), &node.nags[..]);
        assert_eq!(any.parent(id), typed.parent(id));
        assert_eq!(any.variations(id), typed.variations(id));
        assert_eq!(any.ply(id), typed.ply(id));
        assert_eq!(any.is_mainline(id), typed.is_mainline(id));
        assert_eq!(any.move_text(id, None), typed.move_text(id, None));
        let position = any.position(id);
        assert_eq!(position, AnyPosition::from(typed.position(id).clone()));
        assert_eq!(position.fen(), typed.position(id).fen());
        if let (Some(mv), Some(parent)) = (node.mv, typed.parent(id)) {
            let before = typed.position(parent);
            assert_eq!(any.coord(id), Some(before.coord(mv)));
            assert_eq!(
                any.position(parent).coord(mv.into()),
                Some(before.coord(mv))
            );
            if !V::is_null(mv) {
                assert!(any.position(parent).is_legal(mv.into()));
                assert_eq!(
                    any.variation_with(parent, mv.into()),
                    typed.variation_with(parent, mv)
                );
            }
        }
    }
    let root = typed.root();
    assert_eq!(
        any.mainline_moves(root),
        typed
            .mainline_moves(root)
            .into_iter()
            .map(AnyMove::from)
            .collect::<Vec<_>>()
    );
    assert_eq!(
        any.write_pgn(&Default::default()),
        typed.write_pgn(&Default::default())
    );
}

#[test]
fn the_any_game_tree_answers_as_the_typed_tree() {
    let mut games = 0;
    for path in record_files() {
        let bytes = std::fs::read(&path).unwrap();
        for any in qipan::records::read_games(&bytes) {
            games += 1;
            match &any {
                AnyGameTree::Chess(typed) => same_tree::<Chess>(&any, typed),
                AnyGameTree::Xiangqi(typed) => same_tree::<Xiangqi>(&any, typed),
            }
        }
    }
    assert!(games >= 100, "{games}");
}

#[test]
fn a_move_of_the_other_game_is_refused_and_the_tree_kept() {
    let mut tree = AnyGameTree::new(GameKind::Xiangqi);
    let chess_move = AnyPosition::start(GameKind::Chess)
        .parse_move("e2e4")
        .unwrap();
    let root = tree.root();
    assert!(tree.add_variation(root, chess_move, false).is_err());
    assert_eq!(tree.len(), 1);
    assert_eq!(tree.variation_with(root, chess_move), None);
    let cannon = tree.parse_move_at(root, "C2.5", false).unwrap();
    let id = tree.add_variation(root, cannon, true).unwrap();
    assert_eq!(tree.coord(id).as_deref(), Some("h2e2"));
    assert_eq!(tree.mainline_texts(None), ["C2.5"]);
}

#[test]
fn a_tree_from_a_start_reads_the_fen_of_its_game() {
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let tree = AnyGameTree::with_start(GameKind::Chess, Some(fen), Vec::new()).unwrap();
    assert_eq!(tree.start().fen(), fen);
    assert_eq!(tree.tag("FEN"), Some(fen));
    let tree = AnyGameTree::with_start(GameKind::Chess960, None, Vec::new()).unwrap();
    assert_eq!(tree.kind(), GameKind::Chess960);
    assert!(AnyGameTree::with_start(GameKind::Xiangqi, Some(fen), Vec::new()).is_err());
}

#[test]
fn stdin_like_sources_stream_pgn() {
    // A reader that is not a file: the head is handed to the splitter, nothing is lost.
    let text = "[Event \"a\"]\n\n1. e4 e5 *\n\n".repeat(5000);
    let reader = io::BufReader::new(text.as_bytes()).chain(&b"1. d4 *\n"[..]);
    let reader: Box<dyn BufRead> = Box::new(io::BufReader::new(reader));
    let games: Vec<_> = RecordFile::open(reader, Limits::default())
        .unwrap()
        .games()
        .map(|g| g.unwrap().check(None).plies)
        .collect();
    assert_eq!(games.len(), 5001);
    assert_eq!(games.last(), Some(&1));
}
