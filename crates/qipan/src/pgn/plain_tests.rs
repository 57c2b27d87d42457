//! The one-pass reader of plain chess and Xiangqi games (`plain.rs`) against the general reader, on every
//! record of the repository and on thousands of variations of them: where the one-pass reader
//! answers, it must give the general reader's answer.

use std::path::{Path, PathBuf};

use super::check::check_game_read;
use super::plain::check_plain;
use super::{GameCheck, Limits, RawGame, Splitter};
use crate::GameKind;

fn record_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    let mut dirs: Vec<PathBuf> = [
        "examples",
        "data",
        "fuzz/seeds",
        "crates/qipan-cli/tests/data",
    ]
    .iter()
    .map(|d| root.join(d))
    .collect();
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "pgn") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Compares both readers on every game of `text` under every way of choosing the game; returns
/// how many answers the one-pass reader gave.
fn compare(text: &[u8], what: &str) -> usize {
    let limits = Limits {
        max_plies: 300,
        max_depth: 6,
        ..Limits::default()
    };
    // The splitter's line scan, against the same scan byte by byte.
    let games = |splitter: Splitter<&[u8]>| splitter.map(Result::unwrap).collect::<Vec<RawGame>>();
    assert_eq!(
        games(Splitter::new(text, limits)),
        games(Splitter::new(text, limits).byte_by_byte()),
        "{what}: {}",
        String::from_utf8_lossy(text)
    );
    // Lines read in the reader's buffer, and copied out of a small one (most lines span its end).
    let small = std::io::BufReader::with_capacity(7, text);
    assert_eq!(
        games(Splitter::new(text, limits)),
        Splitter::new(small, limits)
            .map(Result::unwrap)
            .collect::<Vec<RawGame>>(),
        "{what}: {}",
        String::from_utf8_lossy(text)
    );
    let mut answered = 0;
    for raw in Splitter::new(text, limits) {
        let raw: RawGame = raw.unwrap();
        for forced in [
            None,
            Some(GameKind::Chess),
            Some(GameKind::Chess960),
            Some(GameKind::Xiangqi),
        ] {
            if let Some(plain) = check_plain(&raw, &limits, forced) {
                let general: GameCheck = check_game_read(&raw, &limits, forced);
                assert_eq!(
                    plain,
                    general,
                    "{what}, game {}, forced {forced:?}:\n{}",
                    raw.index,
                    String::from_utf8_lossy(&raw.bytes)
                );
                answered += 1;
            }
        }
    }
    answered
}

#[test]
fn the_one_pass_reader_agrees_on_every_record_of_the_repository() {
    let files = record_files();
    assert!(files.len() > 20, "{files:?}");
    let mut answered = 0;
    for path in &files {
        let text = std::fs::read(path).unwrap();
        answered += compare(&text, &path.display().to_string());
    }
    // It must also answer: most of these games are valid chess.
    eprintln!("repo: {answered}");
    assert!(answered > 100, "{answered}");
}

/// Small deterministic random numbers (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// What is put into records: every piece of text the one-pass reader treats in a way of its own
/// or leaves to the general reader.
const SNIPPETS: &[&str] = &[
    " {a comment} ",
    " {multi\nline} ",
    " ; to the end\n",
    "\n% escape line\n",
    "%",
    " $1 ",
    " $255 ",
    " $256 ",
    " $ ",
    "$12",
    " !? ",
    " ?! ",
    "!",
    "!!!",
    "?",
    " (1. e4 e5) ",
    " ( {x} ( a ) ) ",
    " (1... Nf6 (1... d5)) ",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    " e.p. ",
    " E.P ",
    " ep. ",
    " 1-0 ",
    " 0-1 ",
    " 1/2-1/2 ",
    " * ",
    "\n====\n",
    "====",
    " = ",
    "=",
    "\n[Tag \"x\"]\n",
    " [Tag \"x\"] ",
    "\u{feff}",
    " \u{a0} ",
    "\u{2003}",
    "\x0b",
    "\x0c",
    "\r\n",
    "\n",
    " ",
    " Nf3 ",
    " O-O ",
    " 0-0 ",
    " 12... ",
    " 3.",
    "1.e4",
    "2.*",
    " -- ",
    " Z0 ",
    " e2e4 ",
    " Ng1f3 ",
    " exd6 ",
    " e8=Q ",
    " e8Q ",
    " ♘f3 ",
    " é ",
    "\u{ff}",
    " 1.5 ",
    " \" ",
    " \\ ",
    "\t",
    "+",
    "#",
    "x",
    " {a;b} 1-0 ",
    "1-0}",
    "}1-0",
    " ; {x\n",
    "{\n\n[Event \"x\"]\n",
    " 1-0\n\n1. e4 ",
    "\n1. d4 ",
    " *\n",
    ") 1-0",
    "1-0}\n1. e4 ",
    " {a;b} 1-0\n1. d4 ",
    // Xiangqi: moves in every notation, white space outside ASCII, GBK bytes.
    " 炮二平五 ",
    " 馬８進７ ",
    " 马8进7 ",
    "炮二平五",
    " 1.炮二平五 ",
    " 前炮平五 ",
    "炮二平五!?",
    " (1. 马8进7 {变着}) ",
    " {评注} ",
    "\u{3000}",
    "\u{2028}",
    "\u{85}",
    "\u{feff}炮",
    " C2.5 ",
    " h2e2 ",
    " H2-E2 ",
    " 33.4 ",
    " +R.4 ",
    " 0000 ",
    "二",
];

/// Tag lines a record may start with or gain.
const TAG_LINES: &[&str] = &[
    "[Result \"1-0\"]\n",
    "[Result \"*\"]\n",
    "[Result \" 1/2-1/2 \"]\n",
    "[Variant \"Chess960\"]\n",
    "[Variant \"xiangqi\"]\n",
    "[Variant \"atomic\"]\n",
    "[Variant \"\"]\n",
    "[Game \"Chinese Chess\"]\n",
    "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n",
    "[FEN \"bad\"]\n",
    "[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n",
    "[Event \"a \\\"quoted\\\" name\"]\n",
    "[White \"A \"B\" C\"]\n",
    "[Site \"x\"] {c}\n",
    "[Site\"x\"]\n",
    "[ Site  \"x\"  ]  \n",
    "[Bad\n",
    "[Black \"\u{ff}\"]\n",
    "{before} [Event \"x\"]\n",
    "%escape\n",
    "[Format \"Chinese\"]\n",
    "[Format \"WXF\"]\n",
    "[FEN \"3k5/9/9/9/4R4/9/9/9/9/5K3 w - - 0 1\"]\n",
    "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 110 1\"]\n",
    "[Result \"0-1\"]\n",
];

#[test]
fn the_one_pass_reader_agrees_on_changed_records() {
    let mut texts: Vec<Vec<u8>> = record_files()
        .iter()
        .map(|p| std::fs::read(p).unwrap())
        .collect();
    // Xiangqi games in every notation, one record of a few games each (the repository's
    // Xiangqi records are few).
    texts.extend((0..40).map(|seed| xiangqi_records(seed, 4)));
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut answered = 0;
    for round in 0..20_000 {
        let mut text = texts[rng.below(texts.len())].clone();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(text.len() + 1);
            let piece: &[u8] = match rng.below(10) {
                0 => TAG_LINES[rng.below(TAG_LINES.len())].as_bytes(),
                // Invalid UTF-8, and 炮 in GBK.
                1 => [&b"\xff\xfe"[..], b"\xc5\xda"][rng.below(2)],
                2 => {
                    // Cut a piece out instead.
                    let end = (at + rng.below(12)).min(text.len());
                    text.drain(at..end);
                    continue;
                }
                _ => SNIPPETS[rng.below(SNIPPETS.len())].as_bytes(),
            };
            let at = if rng.below(3) == 0 { 0 } else { at };
            text.splice(at..at, piece.iter().copied());
        }
        answered += compare(&text, &format!("changed record {round}"));
    }
    eprintln!("changed: {answered}");
    assert!(answered > 1000, "{answered}");
}

#[test]
fn the_one_pass_reader_agrees_on_endings() {
    // Games whose ending the one-pass reader judges from the moves since the last capture or pawn
    // move: repetitions (also across a castling right lost), the 75-move rule, a FEN whose
    // halfmove clock has run.
    let shuffle = "Nf3 Nf6 Ng1 Ng8 ".repeat(5);
    let games = [
        format!("1. e4 e5 {shuffle}1/2-1/2"),
        format!("1. e4 e5 {shuffle}*"),
        format!("1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 {shuffle}1/2-1/2"),
        format!(
            "[FEN \"8/8/8/4k3/8/8/8/R3K3 w Q - 140 90\"]\n\n{} *",
            "Ra2 Kd5 Ra1 Ke5 ".repeat(3)
        ),
        format!(
            "[FEN \"8/8/8/4k3/8/8/8/R3K3 w Q - 140 90\"]\n\n{} 1/2-1/2",
            "Ra2 Kd5 Ra1 Ke5 ".repeat(3)
        ),
        "[FEN \"7k/8/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. Kb2 1/2-1/2".to_owned(),
        "1. f3 e5 2. g4 Qh4# 0-1".to_owned(),
        // Passes repeat a position two plies later.
        format!("1. e4 e5 {} 1/2-1/2", "-- -- ".repeat(4)),
        format!("1. e4 e5 {} *", "-- -- ".repeat(4)),
        "1. f3 e5 2. g4 Qh4# 1-0".to_owned(),
    ];
    for game in &games {
        compare(game.as_bytes(), game);
    }
}

/// `games` seeded random Xiangqi games (captures preferred), the notation changing from game to
/// game: ICCS (lower case, or upper case with a dash), WXF, Chinese simplified and traditional;
/// comments and variations now and then; the result the rules give, or a random one.
fn xiangqi_records(seed: u64, games: usize) -> Vec<u8> {
    use crate::{Game, Notate, Notation, Xiangqi};
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let notations = [
        Notation::Iccs,
        Notation::Wxf,
        Notation::Chinese,
        Notation::ChineseTraditional,
    ];
    let mut out = String::new();
    for index in 0..games {
        let notation = notations[(seed as usize + index) % notations.len()];
        let write = |pos: &Xiangqi, mv: crate::xiangqi::Move| match notation {
            Notation::Iccs if index % 2 == 0 => mv.to_string(),
            other => pos.write_move(mv, other).unwrap(),
        };
        let mut game: Game<Xiangqi> = Game::new();
        let mut text = String::new();
        for ply in 0..rng.below(160) {
            let pos = *game.position();
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let captures: Vec<_> = moves.iter().filter(|&&m| pos.is_capture(m)).collect();
            let mv = if !captures.is_empty() && rng.below(2) == 0 {
                *captures[rng.below(captures.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            if ply % 2 == 0 {
                text += &format!("{}. ", ply / 2 + 1);
            }
            text += &write(&pos, mv);
            text.push(if rng.below(12) == 0 { '\n' } else { ' ' });
            match rng.below(20) {
                0 => text += "{好棋 a comment} ",
                1 => text += &format!("({} {{变着}}) ", write(&pos, moves[rng.below(moves.len())])),
                _ => {}
            }
            game.push_unchecked(mv);
            if game.outcome().is_some() {
                break;
            }
        }
        let result = match game.outcome() {
            Some(outcome) if rng.below(10) > 0 => outcome.result(),
            _ => ["1-0", "0-1", "1/2-1/2", "*"][rng.below(4)],
        };
        let name = ["[Game \"Chinese Chess\"]", "[Variant \"xiangqi\"]"][index % 2];
        out += &format!("{name}\n[Result \"{result}\"]\n\n{text}{result}\n\n");
    }
    out.into_bytes()
}

#[test]
fn the_one_pass_reader_agrees_on_xiangqi_records() {
    let mut answered = 0;
    for seed in 0..60 {
        answered += compare(&xiangqi_records(seed, 5), &format!("xiangqi seed {seed}"));
    }
    eprintln!("xiangqi: {answered}");
    assert!(answered > 150, "{answered}");
}

#[test]
fn the_one_pass_reader_agrees_on_xiangqi_endings() {
    // Repetitions judged from the moves since the last capture (idle moves, perpetual check in
    // every notation), the move limit from a FEN whose clock has run, passes.
    let idle = "h2e2 h9g7 e2h2 g7h9 ".repeat(2);
    let check = "[FEN \"3k5/9/9/9/4R4/9/9/9/9/5K3 w - - 0 1\"]";
    let clock = "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 117 1\"]";
    let mut games = vec![
        format!("[Game \"Chinese Chess\"]\n\n{idle} 1/2-1/2"),
        format!("[Game \"Chinese Chess\"]\n\n{idle} *"),
        format!("[Game \"Chinese Chess\"]\n\n{idle}h2e2 1/2-1/2"),
        format!("{check}\n\n{} 0-1", "e5d5 d9e9 d5e5 e9d9 ".repeat(2)),
        format!("{check}\n\n{} 1/2-1/2", "e5d5 d9e9 d5e5 e9d9 ".repeat(2)),
        format!("{check}\n\n{} 0-1", "R5.6 K6.5 R6.5 K5.6 ".repeat(2)),
        format!(
            "{check}\n\n{} 0-1",
            "车五平六 将6平5 车六平五 将5平6 ".repeat(2)
        ),
        format!(
            "{check}\n\n{} 0-1",
            "俥五平六 將6平5 俥六平五 將5平6 ".repeat(2)
        ),
        format!("{clock}\n\nh2e2 h9g7 b0c2 1/2-1/2"),
        format!("{clock}\n\nh2e2 h9g7 b0c2 b9c7 1/2-1/2"),
        format!("{clock}\n\nh2e2 h9g7 b0c2 b9c7 *"),
        format!(
            "[Game \"Chinese Chess\"]\n\nh2e2 h9g7 {} 1/2-1/2",
            "-- -- ".repeat(4)
        ),
        format!(
            "[Game \"Chinese Chess\"]\n\nh2e2 h9g7 {} *",
            "-- -- ".repeat(4)
        ),
    ];
    games.push(games[0].replace("[Game \"Chinese Chess\"]", "[Variant \"xiangqi\"]"));
    for game in &games {
        compare(game.as_bytes(), game);
    }
}
