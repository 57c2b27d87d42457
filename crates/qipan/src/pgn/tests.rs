//! Tests of the text level: splitting, tokens, visiting, writing. (Replay needs a variant and is
//! tested in `tests/pgn_replay.rs`.)

use std::io::{self, BufRead, Read};
use std::ops::ControlFlow;

use super::*;

#[path = "../../tests/support/text_record.rs"]
mod text_record;
use text_record::TextRecord;

fn split(text: &[u8]) -> Vec<RawGame> {
    Splitter::new(text, Limits::default())
        .map(|g| g.unwrap())
        .collect()
}

fn parse(text: &str) -> TextRecord {
    let games = split(text.as_bytes());
    assert_eq!(games.len(), 1, "{games:?}");
    TextRecord::parse(&games[0], &Limits::default()).unwrap()
}

fn texts(game: &TextRecord) -> Vec<&str> {
    game.moves.iter().map(|m| m.text.as_str()).collect()
}

#[test]
fn splits_games_with_positions() {
    let text = b"[Event \"one\"]\n[Site \"x\"]\n\n1. e4 e5 1-0\n\n\n[Event \"two\"]\n\n1. d4\n*\n";
    let games = split(text);
    assert_eq!(games.len(), 2);
    assert_eq!((games[0].index, games[0].line, games[0].offset), (1, 1, 0));
    assert_eq!((games[1].index, games[1].line), (2, 7));
    assert_eq!(games[1].offset, 41);
    assert_eq!(&text[games[1].offset as usize..][..13], b"[Event \"two\"]");
    assert!(games[1].bytes.starts_with(b"[Event \"two\"]"));
}

#[test]
fn splits_games_without_tags_after_results() {
    let games = split(b"1. e4 e5 1-0\n1. d4 d5 0-1 {after}\n{more}\n1. c4 *\n");
    assert_eq!(games.len(), 3);
    assert_eq!(
        games.iter().map(|g| g.line).collect::<Vec<_>>(),
        vec![1, 2, 4]
    );
    let second = TextRecord::parse(&games[1], &Limits::default()).unwrap();
    assert_eq!(texts(&second), ["d4", "d5"]);
    assert_eq!(second.result, "0-1");
}

#[test]
fn tag_lines_inside_comments_do_not_split() {
    let games = split(b"[Event \"a\"]\n\n1. e4 {a comment\n[Event \"not a tag\"]\n} e5 *\n");
    assert_eq!(games.len(), 1);
    let game = TextRecord::parse(&games[0], &Limits::default()).unwrap();
    assert_eq!(texts(&game), ["e4", "e5"]);
    assert_eq!(
        game.moves[0].comment.as_deref(),
        Some("a comment [Event \"not a tag\"]")
    );
}

#[test]
fn tags_with_escapes() {
    let game = parse(
        "[Event \"The \\\"Immortal\\\" game\"]\n[Site \"C:\\\\chess\"]\n[Annotator  \"x\" ]\n\n*\n",
    );
    assert_eq!(game.tag("Event"), Some("The \"Immortal\" game"));
    assert_eq!(game.tag("Site"), Some("C:\\chess"));
    assert_eq!(game.tag("Annotator"), Some("x"));
    assert!(game.moves.is_empty());
}

#[test]
fn malformed_tags_are_errors_with_lines() {
    for (text, line) in [
        ("[Event \"x\"]\n[Site x]\n\n1. e4 *\n", 2),
        ("[Event \"x]\n1. e4 *\n", 1),
        ("\n[ \"x\"]\n1. e4 *\n", 2),
    ] {
        let games = split(text.as_bytes());
        let error = TextRecord::parse(&games[0], &Limits::default()).unwrap_err();
        assert!(matches!(error, SyntaxError::BadTag { .. }), "{error}");
        assert_eq!(error.line(), Some(line), "{text:?}");
    }
}

/// python-chess writes a tag value's quotes unescaped (`[White "A "B" C"]`) and reads such a
/// line back to the last `"` before the closing `]`; so does qipan.
#[test]
fn unescaped_quotes_in_a_tag_value_as_python_chess_writes_them() {
    let text = "[White \"Quote \"q\" here\"]\n[Black \"x\\\\y \"z\"\"]  \n\n1. e4 *\n";
    let game = parse(text);
    assert_eq!(game.tag("White"), Some("Quote \"q\" here"));
    assert_eq!(game.tag("Black"), Some("x\\y \"z\""));
    assert_eq!(game.moves.len(), 1);
}

#[test]
fn comments_nags_and_suffixes() {
    let game = parse(
        "{Start} 1. e4! {best by test} e5?! $14 2. Nf3 ; rest of line { not a brace\n Nc6!! 3. Bb5?? $1 $201 a6 1/2-1/2\n",
    );
    assert_eq!(texts(&game), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    assert_eq!(game.comment.as_deref(), Some("Start"));
    assert_eq!(game.moves[0].nags, [1]);
    assert_eq!(game.moves[0].comment.as_deref(), Some("best by test"));
    assert_eq!(game.moves[1].nags, [6, 14]);
    assert_eq!(
        game.moves[2].comment.as_deref(),
        Some("rest of line { not a brace")
    );
    assert_eq!(game.moves[3].nags, [3]);
    assert_eq!(game.moves[4].nags, [4, 1, 201]);
    assert_eq!(game.result, "1/2-1/2");
}

#[test]
fn move_numbers_glued_or_not() {
    let game = parse("1.e4 e5 2.Nf3 2...Nc6 3. Bb5 3... a6 4.O-O *");
    assert_eq!(texts(&game), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"]);
    let xiangqi = parse("[Variant \"xiangqi\"]\n\n1. C2.5 h8+7 2. H2+3 炮8平5 3. h2-e2 *");
    assert_eq!(texts(&xiangqi), ["C2.5", "h8+7", "H2+3", "炮8平5", "h2-e2"]);
}

#[test]
fn nested_variations_are_skipped_by_default() {
    let game =
        parse("1. e4 (1. d4 d5 (1... Nf6 2. c4 (2. Nf3)) 2. c4) e5 (1... c5 2. Nf3) 2. Nf3 *");
    assert_eq!(texts(&game), ["e4", "e5", "Nf3"]);
}

/// Lists the moves with their depth and the brackets of the variations it enters (those up
/// to depth 1).
struct Collect;

impl Visitor for Collect {
    type Tags = ();
    type Movetext = Vec<String>;
    type Output = Vec<String>;

    fn begin_tags(&mut self) -> ControlFlow<Vec<String>> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<Vec<String>, Vec<String>> {
        ControlFlow::Continue(Vec::new())
    }
    fn move_text(
        &mut self,
        seen: &mut Vec<String>,
        text: &str,
        _: u64,
        depth: usize,
    ) -> ControlFlow<Vec<String>> {
        seen.push(format!("{depth}:{text}"));
        ControlFlow::Continue(())
    }
    fn begin_variation(
        &mut self,
        seen: &mut Vec<String>,
        depth: usize,
    ) -> ControlFlow<Vec<String>, Skip> {
        seen.push("(".to_owned());
        ControlFlow::Continue(Skip(depth >= 2))
    }
    fn end_variation(&mut self, seen: &mut Vec<String>, _: usize) {
        seen.push(")".into());
    }
    fn end_game(&mut self, seen: Vec<String>) -> Vec<String> {
        seen
    }
}

#[test]
fn a_visitor_can_enter_variations() {
    let games = split(b"1. e4 (1. d4 d5 (1... Nf6 (1... f5)) 2. c4) e5 *");
    let seen = visit_game(&games[0], &Limits::default(), &mut Collect).unwrap();
    let expected = ["0:e4", "(", "1:d4", "1:d5", "(", "1:c4", ")", "0:e5"];
    assert_eq!(seen, expected);
}

/// Stops at a given move, or at the movetext, and says where it stopped.
struct StopAt(Option<&'static str>);

impl Visitor for StopAt {
    type Tags = Vec<String>;
    type Movetext = (Vec<String>, Vec<String>);
    type Output = (Vec<String>, Vec<String>);

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Vec<String>> {
        ControlFlow::Continue(Vec::new())
    }
    fn tag(&mut self, tags: &mut Vec<String>, name: &str, _: &str) -> ControlFlow<Self::Output> {
        tags.push(name.to_owned());
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, tags: Vec<String>) -> ControlFlow<Self::Output, Self::Movetext> {
        match self.0 {
            None => ControlFlow::Break((tags, Vec::new())),
            Some(_) => ControlFlow::Continue((tags, Vec::new())),
        }
    }
    fn move_text(
        &mut self,
        (tags, moves): &mut Self::Movetext,
        text: &str,
        _: u64,
        _: usize,
    ) -> ControlFlow<Self::Output> {
        moves.push(text.to_owned());
        if self.0 == Some(text) {
            return ControlFlow::Break((std::mem::take(tags), std::mem::take(moves)));
        }
        ControlFlow::Continue(())
    }
    fn comment(&mut self, (_, moves): &mut Self::Movetext, text: &str, depth: usize) {
        moves.push(format!("{{{depth}:{text}}}"));
    }
    fn end_game(&mut self, (tags, moves): Self::Movetext) -> Self::Output {
        (tags, moves.into_iter().chain(["end".to_owned()]).collect())
    }
}

#[test]
fn the_phases_hand_their_values_on_and_a_break_ends_the_game() {
    let text = b"{before} [White \"a\"] {between} [Black \"b\"]\n\n1. e4 e5 {after} 2. Nf3 Nc6 *";
    let games = split(text);
    let tags = || vec!["White".to_owned(), "Black".to_owned()];
    let limits = Limits::default();
    // The comments among the tags come after the movetext begins, in order, at depth 0.
    let whole = visit_game(&games[0], &limits, &mut StopAt(Some("none"))).unwrap();
    let moves = [
        "{0:before}",
        "{0:between}",
        "e4",
        "e5",
        "{0:after}",
        "Nf3",
        "Nc6",
        "end",
    ];
    assert_eq!(whole, (tags(), moves.map(str::to_owned).to_vec()));
    // A break returns its output at once: no more moves, no end_game.
    let stopped = visit_game(&games[0], &limits, &mut StopAt(Some("e5"))).unwrap();
    let moves = ["{0:before}", "{0:between}", "e4", "e5"];
    assert_eq!(stopped, (tags(), moves.map(str::to_owned).to_vec()));
    let tags_only = visit_game(&games[0], &limits, &mut StopAt(None)).unwrap();
    assert_eq!(tags_only, (tags(), Vec::new()));
    // A game without movetext still begins and ends its movetext.
    let empty = split(b"[White \"a\"] [Black \"b\"]\n");
    let whole = visit_game(&empty[0], &limits, &mut StopAt(Some("none"))).unwrap();
    assert_eq!(whole, (tags(), vec!["end".to_owned()]));
}

#[test]
fn unbalanced_and_too_deep_variations_are_errors() {
    let deep = format!(
        "[Event \"x\"]\n\n1. e4 {} e5 {}*",
        "(".repeat(100_000),
        ")".repeat(100_000)
    );
    let games = split(deep.as_bytes());
    let error = TextRecord::parse(&games[0], &Limits::default()).unwrap_err();
    assert_eq!(error, SyntaxError::TooDeep { line: 3, max: 64 });
    let games = split(b"1. e4\n(1. d4 e5 *\n");
    let error = TextRecord::parse(&games[0], &Limits::default()).unwrap_err();
    assert_eq!(error, SyntaxError::UnclosedVariation { line: 2 });
    let games = split(b"1. e4 e5 )\n*\n");
    let error = TextRecord::parse(&games[0], &Limits::default()).unwrap_err();
    assert_eq!(error, SyntaxError::UnmatchedParen { line: 1 });
    let games = split(b"[A \"b\"]\n\n1. e4 {never closed\n\n");
    let error = TextRecord::parse(&games[0], &Limits::default()).unwrap_err();
    assert_eq!(error, SyntaxError::UnclosedComment { line: 3 });
}

#[test]
fn escape_lines_bom_and_crlf() {
    let text = "\u{feff}[Event \"bom\"]\r\n% a line for software \"[x]\"\r\n\r\n1. e4\r\n%(escaped\r\ne5 *\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 *\r\n";
    let games = split(text.as_bytes());
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].line, 8);
    let first = TextRecord::parse(&games[0], &Limits::default()).unwrap();
    assert_eq!(first.tag("Event"), Some("bom"));
    assert_eq!(texts(&first), ["e4", "e5"]);
    let lines: Vec<u64> = Tokenizer::new(std::str::from_utf8(&games[1].bytes).unwrap(), 8)
        .map(|t| t.unwrap().1)
        .collect();
    assert_eq!(lines, [8, 10, 10, 10]);
}

#[test]
fn concatenated_files_keep_their_byte_order_marks_apart() {
    let one = "\u{feff}[Event \"a\"]\n\n1. e4 *\n";
    let games = split(format!("{one}{one}{one}").as_bytes());
    assert_eq!(games.len(), 3);
    assert_eq!(games[2].line, 7);
    let game = TextRecord::parse(&games[2], &Limits::default()).unwrap();
    assert_eq!(game.tag("Event"), Some("a"));
    assert_eq!(texts(&game), ["e4"]);
}

#[test]
fn an_unclosed_comment_does_not_swallow_the_next_games() {
    let text =
        b"[Event \"a\"]\n\n1. e4 {oops\n\n[Event \"b\"]\n\n1. d4 *\n\n[Event \"c\"]\n\n1. c4 *\n";
    let games = split(text);
    assert_eq!(games.len(), 3);
    let error = TextRecord::parse(&games[0], &Limits::default()).unwrap_err();
    assert_eq!(error, SyntaxError::UnclosedComment { line: 3 });
    let b = TextRecord::parse(&games[1], &Limits::default()).unwrap();
    assert_eq!((b.tag("Event"), texts(&b)), (Some("b"), vec!["d4"]));
}

#[test]
fn garbage_is_passed_on_as_move_text() {
    let game = parse("1. e4 <&*> e5 } @@ *");
    assert_eq!(texts(&game), ["e4", "<&*>", "e5", "}", "@@"]);
    let games = split(b"\xff\xfe garbage \x00\n");
    assert_eq!(games.len(), 1);
    let game = TextRecord::parse(&games[0], &Limits::default()).unwrap();
    assert_eq!(texts(&game), ["\u{fffd}\u{fffd}", "garbage", "\0"]);
}

#[test]
fn tags_after_moves_start_a_game_and_results_elsewhere() {
    let games = split(b"1. e4 *\n[Event \"b\"]\n1. d4 *\n");
    assert_eq!(games.len(), 2);
    let game = TextRecord::parse(&games[0], &Limits::default()).unwrap();
    assert_eq!(game.result, "*");
    let game = parse("[Event \"x\"]\n\n1. e4 e5 (1... c5 0-1) 2. Nf3");
    assert_eq!(
        game.result, "*",
        "a result inside a variation is not the game's"
    );
}

#[test]
fn limits_cut_long_lines_and_games() {
    let limits = Limits {
        max_line: 100,
        max_game: 1000,
        max_depth: 8,
        max_plies: 100,
    };
    let mut text = String::from("[Event \"a\"]\n\n1. e4 ");
    text.push_str(&"{x} ".repeat(100));
    text.push_str("*\n\n[Event \"b\"]\n\n");
    text.push_str(&"1. e4 {y}\n".repeat(200));
    text.push_str("*\n\n[Event \"c\"]\n\n1. d4 *\n");
    let games: Vec<RawGame> = Splitter::new(text.as_bytes(), limits)
        .map(|g| g.unwrap())
        .collect();
    assert_eq!(games.len(), 3);
    assert_eq!(
        games[0].error,
        Some(SyntaxError::LineTooLong { line: 3, max: 100 })
    );
    assert_eq!(
        games[1].error,
        Some(SyntaxError::GameTooLarge { max: 1000 })
    );
    assert!(games[0].bytes.is_empty() && games[1].bytes.is_empty());
    assert_eq!(games[2].error, None);
    assert_eq!(games[2].line, 209);
    assert_eq!(
        TextRecord::parse(&games[1], &limits),
        Err(SyntaxError::GameTooLarge { max: 1000 })
    );
}

/// An endless reader of generated games that counts what it has produced.
struct Generated {
    games_left: usize,
    buf: Vec<u8>,
    pos: usize,
    n: usize,
}

impl Read for Generated {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Generated {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.pos == self.buf.len() && self.games_left > 0 {
            self.games_left -= 1;
            self.n += 1;
            self.buf = format!(
                "[Event \"game {}\"]\n[Result \"*\"]\n\n1. e4 {{c}} e5 (1... c5) 2. Nf3 Nc6 *\n\n",
                self.n
            )
            .into_bytes();
            self.pos = 0;
        }
        Ok(&self.buf[self.pos..])
    }
    fn consume(&mut self, amt: usize) {
        self.pos += amt;
    }
}

#[test]
fn streams_many_games_in_bounded_memory() {
    let games = 200_000;
    let reader = Generated {
        games_left: games,
        buf: Vec::new(),
        pos: 0,
        n: 0,
    };
    let mut splitter = Splitter::new(reader, Limits::default());
    let mut count = 0u64;
    let mut lines = 0;
    for game in splitter.by_ref() {
        let game = game.unwrap();
        count += 1;
        assert_eq!(game.index, count);
        assert!(game.bytes.len() < 100, "one game at a time");
        let parsed = TextRecord::parse(&game, &Limits::default()).unwrap();
        assert_eq!(parsed.moves.len(), 4);
        lines = game.line;
    }
    assert_eq!(count, games as u64);
    assert_eq!(lines, 5 * (games as u64 - 1) + 1);
    assert!(splitter.bytes_read() > 10_000_000);
}

#[test]
fn writes_roster_numbers_comments_and_wraps() {
    use crate::tree::{AnyGameTree, WriteOptions};
    let text =
        "[White \"A \\\"B\\\"\"]\n[Black \"C\"]\n[ECO \"C00\"]\n\n1. e4 $1 {Good} e5 2. Nf3 Nc6 *";
    let mut tree = AnyGameTree::read_str(text).unwrap().unwrap();
    tree.set_tag("Result", "1-0");
    let written = tree.write_pgn(&WriteOptions::default());
    // The roster first, in its order, missing tags as `?`; the other tags after it.
    let tags = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
        [White \"A \\\"B\\\"\"]\n[Black \"C\"]\n[Result \"1-0\"]\n[ECO \"C00\"]\n\n";
    assert!(written.starts_with(tags), "{written}");
    // The NAG after its move, the comment after it, the number repeated after a comment.
    let words = written[tags.len()..]
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(words, "1. e4 $1 { Good } 1... e5 2. Nf3 Nc6 1-0");
    // A long game with a long comment: lines of at most 80 columns, read back the same.
    let mut long = String::new();
    for round in 0..12 {
        long.push_str("Nf3 Nf6 Ng1 Ng8 ");
        if round == 3 {
            long.push_str(&format!("{{{}}} ", "a long comment ".repeat(10)));
        }
    }
    long.push('*');
    let tree = AnyGameTree::read_str(&long).unwrap().unwrap();
    assert_eq!(tree.mainline(tree.root()).len(), 48);
    let written = tree.write_pgn(&WriteOptions::default());
    // A token longer than a line (the comment) stands on a line of its own.
    assert!(
        written.lines().all(|l| l.chars().count() <= 80
            || (l.starts_with("{ ") && l.ends_with(" }") && l.matches('{').count() == 1)),
        "{written}"
    );
    let reread = AnyGameTree::read_str(&written).unwrap().unwrap();
    assert_eq!(
        reread.mainline_moves(reread.root()),
        tree.mainline_moves(tree.root())
    );
    assert_eq!(reread.tag("Result"), Some("*"));
}

#[test]
fn numbering_follows_the_fen_tag() {
    use crate::tree::{AnyGameTree, WriteOptions};
    let tree = AnyGameTree::read_str(
        "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/k1K5 b - - 0 41\"]\n\n41... Ka2 42. Kc2 *",
    )
    .unwrap()
    .unwrap();
    assert!(tree.errors().is_empty(), "{:?}", tree.errors());
    let written = tree.write_pgn(&WriteOptions::default());
    assert!(written.contains("\n41... Ka2 42. Kc2 *"), "{written}");
}
