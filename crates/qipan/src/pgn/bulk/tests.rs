//! Bulk replay: parallel equals sequential, and byte ranges cut a file without overlap or loss.

use std::io::Cursor;

use super::*;
use crate::pgn::RecordErrorKind;

/// Games of every shape the splitter knows, to be shuffled into files.
const PIECES: &[&str] = &[
    "[Event \"mate\"]\n[White \"a\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n",
    "[Event \"long\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {Ruy}\n4. Ba4 Nf6 (4... b5 5. Bb3) 5. O-O 1/2-1/2\n\n",
    "[Event \"illegal\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n",
    "[Event \"mismatch\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n\n",
    "[Event \"crlf\"]\r\n[Result \"1-0\"]\r\n\r\n1. d4 d5 1-0\r\n\r\n",
    "[Event \"unclosed\"]\n\n1. e4 {never closed\n\n",
    "[Event \"tagless next\"]\n\n1. c4 c5 1-0\n1. d4 d5 0-1\n1. e4 *\n\n",
    "% an escape line\n[Event \"escape\"]\n\n1. Nf3 *\n\n",
    "[Event \"no moves\"]\n\n[Event \"after a blank\"]\n\n1. g3 *\n\n",
    "[Event \"xq\"]\n[Variant \"xiangqi\"]\n[Result \"*\"]\n\n1. C2.5 H8+7 2. H2+3 *\n\n",
    "[Event \"960\"]\n[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n1. g3 *\n\n",
    "[Event \"other\"]\n[Variant \"crazyhouse\"]\n\n1. e4 *\n\n",
    "[Event \"bad tag\n\n1. e4 *\n\n",
    "\u{feff}[Event \"bom\"]\n\n1. e4 e5 *\n\n",
    "[Event \"no blank\"]\n1. e4 *\n[Event \"glued\"]\n1. d4 *\n\n",
    "[Event \"chessbase\"]\n\n[Date \"2017\"]\n\n\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n",
    "[Game \"Chinese Chess\"]\n1. 炮二平五 马８进７ *\n====\n 欢迎\n\n[x]\nhttp://x/\n",
    "[Event \"null\"]\n\n1. e4 -- 2. d4 Z0 3. Nf3 e.p. *\n\n",
];

/// A small deterministic generator (no dependency).
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

fn file(seed: u64, games: usize) -> Vec<u8> {
    let mut rng = Lcg(seed);
    let mut text = Vec::new();
    for _ in 0..games {
        text.extend_from_slice(PIECES[rng.below(PIECES.len() as u64) as usize].as_bytes());
    }
    text
}

fn options(jobs: usize) -> BulkOptions {
    BulkOptions {
        tags: vec!["Event".into(), "Result".into(), "Missing".into()],
        jobs,
        limits: Limits::default(),
    }
}

fn whole(text: &[u8], jobs: usize) -> Vec<GameSummary> {
    replay_source(Cursor::new(text.to_vec()), options(jobs))
        .map(|g| g.unwrap())
        .collect()
}

/// The ranges of `cuts`, renumbered into file indexes.
fn by_ranges(text: &[u8], cuts: &[u64], jobs: usize) -> Vec<GameSummary> {
    let mut all: Vec<GameSummary> = Vec::new();
    for pair in cuts.windows(2) {
        let base = all.len() as u64;
        let range = replay_range(Cursor::new(text.to_vec()), pair[0], pair[1], options(jobs));
        for game in range.unwrap() {
            let mut game = game.unwrap();
            game.index += base;
            if let Some(e) = game.error.as_mut() {
                e.game += base;
            }
            all.push(game);
        }
    }
    all
}

#[test]
fn parallel_equals_inline() {
    let text = file(1, 400);
    let inline = whole(&text, 1);
    assert!(inline.len() >= 400);
    assert_eq!(whole(&text, 2), inline);
    assert_eq!(whole(&text, 5), inline);
    let indexes: Vec<u64> = inline.iter().map(|g| g.index).collect();
    assert_eq!(indexes, (1..=inline.len() as u64).collect::<Vec<_>>());
}

#[test]
fn summaries_say_what_happened() {
    let text = file(2, 200);
    let games = whole(&text, 2);
    let event = |g: &GameSummary| g.tags[0].clone().unwrap_or_default();
    let mate = games.iter().find(|g| event(g) == "mate").unwrap();
    assert_eq!(mate.termination(), Some(crate::Termination::Checkmate));
    assert_eq!(mate.winner_name(), Some("black"));
    assert_eq!((mate.plies, mate.first_move.as_deref()), (4, Some("f3")));
    assert_eq!(mate.tags[2], None);
    assert!(mate.error.is_none());
    let illegal = games.iter().find(|g| event(g) == "illegal").unwrap();
    let error = illegal.error.as_ref().unwrap();
    assert_eq!(
        (error.kind, error.ply),
        (RecordErrorKind::IllegalMove, Some(3))
    );
    assert_eq!(error.line, illegal.line + 3);
    let xq = games.iter().find(|g| event(g) == "xq").unwrap();
    assert_eq!((xq.variant_name(), xq.plies), ("xiangqi", 3));
    let other = games.iter().find(|g| event(g) == "other").unwrap();
    let kind = other.error.as_ref().map(|e| e.kind);
    assert_eq!(kind, Some(RecordErrorKind::UnsupportedVariant));
    let c960 = games.iter().find(|g| event(g) == "960").unwrap();
    assert!(c960.error.is_none(), "{c960:?}");
    assert_eq!(c960.variant_name(), "chess960");
    // Each piece's first line is where its game says it starts.
    for g in &games {
        let line = text
            .split(|&b| b == b'\n')
            .nth(g.line as usize - 1)
            .unwrap();
        assert_eq!(&text[g.offset as usize..][..line.len()], line);
    }
}

#[test]
fn byte_ranges_cut_without_overlap_or_loss() {
    let text = file(3, 300);
    let expected = whole(&text, 1);
    let size = text.len() as u64;
    let mut rng = Lcg(99);
    for round in 0..40 {
        let mut cuts: Vec<u64> = (0..rng.below(12)).map(|_| rng.below(size + 1)).collect();
        if round % 4 == 0 {
            // Cuts right at line starts and line ends.
            cuts = text
                .iter()
                .enumerate()
                .filter(|(_, &b)| b == b'\n')
                .map(|(i, _)| i as u64 + round % 3)
                .step_by(37 + round as usize)
                .collect();
        }
        cuts.push(0);
        cuts.push(size + rng.below(3));
        cuts.sort_unstable();
        cuts.dedup();
        let jobs = 1 + round as usize % 3;
        assert_eq!(by_ranges(&text, &cuts, jobs), expected, "cuts {cuts:?}");
    }
}

#[test]
fn ranges_of_a_file_without_tags() {
    let text = b"1. e4 e5 1-0\n1. d4 d5 0-1\n\n1. c4 *\n".to_vec();
    let expected = whole(&text, 1);
    assert_eq!(expected.len(), 3);
    // Without sync lines the whole file is one chunk: it belongs to the range holding offset 0.
    assert_eq!(by_ranges(&text, &[0, 1, 20, 40], 1), expected);
    let empty = replay_range(Cursor::new(text), 1, 40, options(1)).unwrap();
    assert_eq!(empty.count(), 0);
}

#[test]
fn dropping_early_stops_the_threads() {
    let text = file(4, 3000);
    let mut replay = replay_source(Cursor::new(text), options(3));
    assert!(replay.next().is_some());
    drop(replay);
}

#[test]
fn blank_lines_inside_tags_do_not_split_a_game() {
    // ChessBase writes blank lines between tags (python-chess's chessbase-empty-line.pgn): the
    // tag after them is no sync line, in the whole file and in every range.
    let text = b"[Event \"a\"]\n\n[Date \"2017\"]\n\n\n[Round \"1\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n";
    let all = whole(text, 1);
    assert_eq!(all.len(), 2);
    assert_eq!(all[0].plies, 2);
    for cut in 1..text.len() as u64 {
        assert_eq!(
            by_ranges(text, &[0, cut, text.len() as u64], 1),
            all,
            "cut at {cut}"
        );
    }
}
