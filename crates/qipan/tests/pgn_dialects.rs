//! The PGN dialects of real files (docs/records.md, "Dialects"): null moves, `e.p.` apart, long
//! algebraic, figurines, the XQBase trailer, `*` on a finished game. Expected games and plies are
//! counted from the sample texts (data/pgn-dialects, crates/qipan-cli/tests/data); the Python test
//! test_dialects.py compares the chess samples with python-chess.

use std::ops::ControlFlow;
use std::path::PathBuf;

use qipan::pgn::{
    replay, visit_game, GameReport, Limits, RawGame, RecordErrorKind, ResultCheck, Skip, Splitter,
    SyntaxError, Visitor,
};
use qipan::tree::{AnyGameTree, GameTree, WriteOptions};
use qipan::{Chess, Color, Game, Termination, Variant, Xiangqi};

#[path = "support/text_record.rs"]
mod text_record;
use text_record::TextRecord;

fn repo_file(path: &str) -> Vec<u8> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::read(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn games(bytes: &[u8]) -> Vec<RawGame> {
    Splitter::new(bytes, Limits::default())
        .map(|g| g.unwrap())
        .collect()
}

fn replay_all<V: Variant>(bytes: &[u8]) -> Vec<GameReport<V>> {
    games(bytes)
        .iter()
        .map(|g| replay::<V>(g, &Limits::default()))
        .collect()
}

/// Replays the main line and every variation (each from the position before the move it
/// replaces), counting the moves played and keeping the first failure.
struct TreeReplay<V: Variant> {
    /// The position after each move of the current line, innermost variation last.
    lines: Vec<Vec<V>>,
    played: usize,
    failure: Option<String>,
}

impl<V: Variant> TreeReplay<V> {
    fn new(start: V) -> Self {
        TreeReplay {
            lines: vec![vec![start]],
            played: 0,
            failure: None,
        }
    }
}

impl<V: Variant> Visitor for TreeReplay<V> {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn move_text(&mut self, _: &mut (), text: &str, _: u64, _: usize) -> ControlFlow<()> {
        let line = self.lines.last_mut().unwrap();
        let pos = line.last().unwrap().clone();
        match pos.parse_any(text) {
            Ok(mv) => {
                let mut next = pos;
                next.play_or_pass(mv);
                line.push(next);
                self.played += 1;
                ControlFlow::Continue(())
            }
            Err(e) => {
                self.failure = Some(e.to_string());
                ControlFlow::Break(())
            }
        }
    }
    fn begin_variation(&mut self, _: &mut (), _: usize) -> ControlFlow<(), Skip> {
        // A variation replaces the last move of the line it is in.
        let outer = self.lines.last().unwrap();
        let before = outer[outer.len().saturating_sub(2)].clone();
        self.lines.push(vec![before]);
        ControlFlow::Continue(Skip(false))
    }
    fn end_variation(&mut self, _: &mut (), _: usize) {
        self.lines.pop();
    }
    fn end_game(&mut self, _: ()) {}
}

#[test]
fn null_moves_in_main_lines_and_variations() {
    let bytes = repo_file("data/pgn-dialects/chess-null-moves.pgn");
    let reports = replay_all::<Chess>(&bytes);
    // Plies counted in the text: 13, 8 (main lines), 4, 5.
    let plies: Vec<usize> = reports.iter().map(|r| r.plies()).collect();
    assert_eq!(plies, [13, 8, 4, 5]);
    for r in &reports {
        assert!(r.is_valid(), "{:?}", r.errors);
    }
    // Game 1 passes with all four spellings (Black's moves 1 to 4 and 6).
    let first = &reports[0].game;
    let nulls: Vec<usize> = (0..first.ply())
        .filter(|&i| Chess::is_null(first.moves()[i]))
        .collect();
    assert_eq!(nulls, [1, 3, 5, 7, 11]);
    // Game 3: a pass after a double step forfeits the en passant capture.
    assert_eq!(
        reports[2].game.positions()[2].fen(),
        "4k3/8/8/8/3pP3/8/8/4K3 w - - 1 2"
    );

    // Variations: 1... -- 2. d4 d5 (2... Z0 3. c4), 2. Z0 Nc6 3. -- Nf6, 4. 0000 axb5.
    let raw = &games(&bytes)[1];
    let mut tree = TreeReplay::new(Chess::start());
    visit_game(raw, &Limits::default(), &mut tree).unwrap();
    assert_eq!(tree.failure, None);
    assert_eq!(tree.played, 8 + 3 + 2 + 4 + 2);
}

#[test]
fn a_null_move_in_check_is_an_illegal_move() {
    let text = b"[FEN \"4k3/8/8/8/8/8/8/4K2r w - - 0 1\"]\n\n1. -- Kd7 *\n";
    let report = &replay_all::<Chess>(text)[0];
    assert_eq!(report.errors.len(), 1);
    let error = &report.errors[0];
    assert_eq!(error.kind, RecordErrorKind::IllegalMove);
    assert_eq!((error.ply, error.text.as_deref()), (Some(1), Some("--")));
}

#[test]
fn null_moves_are_written_as_double_dashes_and_read_back() {
    let mut game: Game<Chess> = Game::new();
    for text in ["e4", "Z0", "d4", "@@@@", "Nf3", "e5"] {
        game.push_any(text).unwrap();
    }
    let written = AnyGameTree::from(GameTree::from_game(&game)).write_pgn(&WriteOptions::default());
    assert!(written.contains("1. e4 -- 2. d4 -- 3. Nf3 e5"), "{written}");
    let back = &replay_all::<Chess>(written.as_bytes())[0];
    assert!(back.is_valid(), "{:?}", back.errors);
    assert_eq!(back.game.moves(), game.moves());

    let mut xq: Game<Xiangqi> = Game::new();
    for text in ["h2e2", "--", "h0g2", "0000"] {
        xq.push_any(text).unwrap();
    }
    let written = AnyGameTree::from(GameTree::from_game(&xq)).write_pgn(&WriteOptions::default());
    let back = &replay_all::<Xiangqi>(written.as_bytes())[0];
    assert!(back.is_valid(), "{written}\n{:?}", back.errors);
    assert_eq!(back.game.moves(), xq.moves());
}

#[test]
fn en_passant_marks_apart_or_glued() {
    let bytes = repo_file("data/pgn-dialects/chess-en-passant-mark.pgn");
    let reports = replay_all::<Chess>(&bytes);
    assert_eq!(reports.len(), 2);
    assert_eq!(reports[0].plies(), 12);
    assert_eq!(reports[1].plies(), 7);
    for r in &reports {
        assert!(r.is_valid(), "{:?}", r.errors);
    }
    // exd6 e.p. removed the d5 pawn: the queen took back on d6.
    let after = &reports[0].game.positions()[6];
    assert!(after.piece_at(qipan::chess::Square::D5).is_none());
    let raw = &games(&bytes)[1];
    let mut tree = TreeReplay::new(Chess::start());
    visit_game(raw, &Limits::default(), &mut tree).unwrap();
    assert_eq!((tree.failure, tree.played), (None, 7 + 4));
    // The mark is no move of the record.
    let record = TextRecord::parse(&games(&bytes)[0], &Limits::default()).unwrap();
    assert!(record.moves.iter().all(|m| !m.text.contains("e.p")));
    assert_eq!(record.moves.len(), 12);
}

#[test]
fn long_algebraic_and_castling_with_zeros() {
    let bytes = repo_file("data/pgn-dialects/chess-long-algebraic.pgn");
    let reports = replay_all::<Chess>(&bytes);
    assert_eq!(reports[0].plies(), 19);
    assert_eq!(reports[1].plies(), 4);
    for r in &reports {
        assert!(r.is_valid(), "{:?}", r.errors);
    }
    let castled = &reports[0].game;
    assert!(castled.moves()[6].is_castle() && castled.moves()[17].is_castle());
}

#[test]
fn figurine_pieces_read_as_letters() {
    // FIDE Handbook E.12 allows figurines for the pieces: ♔♕♖♗♘ (and the black forms).
    let text = "1. e4 e5 2. ♘f3 ♞c6 3. ♗b5 a6 4. ♗xc6 dxc6 5. O-O ♛d6 6. ♖e1 ♝g4 7. ♕e2 *";
    let report = &replay_all::<Chess>(text.as_bytes())[0];
    assert!(report.is_valid(), "{:?}", report.errors);
    assert_eq!(report.plies(), 13);
    let san: Vec<String> = {
        let g = &report.game;
        (0..g.ply())
            .map(|i| g.positions()[i].san(g.moves()[i]))
            .collect()
    };
    assert_eq!(san[2], "Nf3");
    assert_eq!(san[3], "Nc6");
    assert_eq!(san[12], "Qe2");
}

#[test]
fn star_on_a_finished_game_is_a_note() {
    let bytes = repo_file("data/pgn-dialects/chess-unmarked-endings.pgn");
    let reports = replay_all::<Chess>(&bytes);
    let endings: Vec<(Termination, Option<Color>)> = reports
        .iter()
        .map(|r| {
            let o = r.outcome().unwrap();
            (o.termination, o.winner)
        })
        .collect();
    assert_eq!(
        endings,
        [
            (Termination::Checkmate, Some(Color::Black)),
            (Termination::Checkmate, Some(Color::White)),
            (Termination::Stalemate, None),
        ]
    );
    for r in &reports {
        assert!(r.is_valid(), "{:?}", r.errors);
        assert!(matches!(r.result_check, ResultCheck::Unmarked { .. }));
        assert_eq!(r.notes.len(), 1);
        let strict = r.strict_errors();
        assert_eq!(strict.len(), 1);
        assert_eq!(strict[0].kind, RecordErrorKind::ResultMismatch);
    }
    // A real result that contradicts the ending is still an error.
    let wrong = b"[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n";
    let report = &replay_all::<Chess>(wrong)[0];
    assert_eq!(report.errors.len(), 1);
    assert!(matches!(report.result_check, ResultCheck::Mismatch { .. }));
}

/// Checks the XQBase-style sample: three records, each one game with every move.
fn check_xqbase(bytes: &[u8]) {
    let raws = games(bytes);
    assert_eq!(raws.len(), 3, "the trailers must not become games");
    let reports: Vec<GameReport<Xiangqi>> = raws
        .iter()
        .map(|g| replay::<Xiangqi>(g, &Limits::default()))
        .collect();
    // Plies counted in the text: 5 moves of each side, 3 of each side, one move.
    let plies: Vec<usize> = reports.iter().map(|r| r.plies()).collect();
    assert_eq!(plies, [10, 6, 1]);
    for r in &reports {
        assert!(r.is_valid(), "{:?}", r.errors);
    }
    assert_eq!(reports[1].tag("Event"), Some("樣本賽"));
    // The third is a composed mate recorded with `*`.
    let mate = reports[2].outcome().unwrap();
    assert_eq!(
        (mate.termination, mate.winner),
        (Termination::Checkmate, Some(Color::RED))
    );
    assert_eq!(reports[2].notes.len(), 1);
    // The trailer is the trailing comment of each game.
    for raw in &raws {
        let record = TextRecord::parse(raw, &Limits::default()).unwrap();
        let comment = record
            .moves
            .last()
            .unwrap()
            .comment
            .as_deref()
            .unwrap_or("");
        assert!(
            comment.contains("推荐用《象棋巫师》观赏棋谱"),
            "{comment:?}"
        );
        assert!(
            comment.ends_with("http://www.elephantbase.net/"),
            "{comment:?}"
        );
        assert!(!comment.contains('='), "{comment:?}");
    }
}

#[test]
fn xqbase_trailers_stay_with_their_game() {
    check_xqbase(&repo_file(
        "crates/qipan-cli/tests/data/xiangqi-xqbase-utf8.pgn",
    ));
}

#[cfg(feature = "gbk")]
#[test]
fn xqbase_trailers_stay_with_their_game_in_gbk() {
    let bytes = repo_file("crates/qipan-cli/tests/data/xiangqi-xqbase-gbk.pgn");
    assert!(std::str::from_utf8(&bytes).is_err());
    check_xqbase(&bytes);
}

#[test]
fn a_trailer_before_the_first_game_or_without_moves() {
    // Before any game: no game. After tags without moves: the game ends at the next tag line.
    let text = "====\nfree text\n[Event \"a\"]\n====\nmore text\n[Event \"b\"]\n1. e4 *\n";
    let raws = games(text.as_bytes());
    assert_eq!(raws.len(), 2);
    let first = TextRecord::parse(&raws[0], &Limits::default()).unwrap();
    assert_eq!(first.tag("Event"), Some("a"));
    assert_eq!(first.comment.as_deref(), Some("more text"));
    assert!(first.moves.is_empty());
    let second = TextRecord::parse(&raws[1], &Limits::default()).unwrap();
    assert_eq!(second.moves.len(), 1);
    // `=` signs inside a comment, or fewer than four, open no trailer.
    let text = "1. e4 {\n=====\n} e5 *\n[Event \"x\"]\n1. d4 *\n";
    let raws = games(text.as_bytes());
    assert_eq!(raws.len(), 2);
    let r = replay::<Chess>(&raws[0], &Limits::default());
    assert_eq!(r.plies(), 2);
}

#[test]
fn xiangqi_null_moves_and_variations_in_records() {
    let text = "[Game \"Chinese Chess\"]\n\n1. 炮二平五 -- (1... 马８进７ 2. Z0 车９平８) 2. 马二进三 0000 *\n";
    let raws = games(text.as_bytes());
    let report = replay::<Xiangqi>(&raws[0], &Limits::default());
    assert!(report.is_valid(), "{:?}", report.errors);
    assert_eq!(report.plies(), 4);
    let mut tree = TreeReplay::new(Xiangqi::start());
    visit_game(&raws[0], &Limits::default(), &mut tree).unwrap();
    assert_eq!((tree.failure, tree.played), (None, 4 + 3));
}
