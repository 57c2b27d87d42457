//! Seeded record files for the replay benches: chess games written by shakmaty (a peer, not
//! qipan) and Xiangqi games in ICCS, WXF and Chinese notation.
//!
//! The files are generated on demand (`target/bench-data/`, never committed) and are the same
//! for the same seed and count. The games mix what makes a reader work:
//!
//! - random games played to their natural end (checkmate, stalemate, insufficient material, the
//!   seventy-five-move rule, fivefold repetition) and "engine-like" games (captures, checks and
//!   mates first) cut at a random length with a resignation or agreement as result;
//! - a dozen tags, a few games from a `FEN`, comments (lichess-style `[%eval]`/`[%clk]` and
//!   prose), NAGs (`!`, `?!`, `$14`) and variations, some nested, so that skipping costs
//!   something; lines wrapped at 80 columns;
//! - a few result tags that contradict the ending (so the result check has something to find).

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, Color, EnPassantMode, KnownOutcome, Move, Outcome, Position, Role};

/// SplitMix64: small, seeded, no dependency.
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `per_mille / 1000`.
    pub fn chance(&mut self, per_mille: usize) -> bool {
        self.below(1000) < per_mille
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const PROSE: &[&str] = &[
    "A natural developing move.",
    "White keeps a small edge.",
    "Black is fine here.",
    "The critical moment of the game.",
    "Inaccuracy. Better was to keep the tension.",
    "Only move.",
    "With the idea of doubling rooks on the open file.",
];

const NAGS: &[&str] = &["!", "?", "!!", "??", "!?", "?!", "$1", "$14", "$18", "$132"];

/// Movetext written with move numbers and wrapped at 80 columns.
struct Movetext {
    text: String,
    column: usize,
}

impl Movetext {
    fn new() -> Movetext {
        Movetext {
            text: String::new(),
            column: 0,
        }
    }

    fn word(&mut self, word: &str) {
        if self.column > 0 && self.column + 1 + word.chars().count() > 80 {
            self.text.push('\n');
            self.column = 0;
        } else if self.column > 0 {
            self.text.push(' ');
            self.column += 1;
        }
        self.text.push_str(word);
        self.column += word.chars().count();
    }

    /// A move number when White moves, or after a break (comment, variation) when Black does.
    fn number(&mut self, fullmove: u32, white: bool, after_break: bool) {
        if white {
            self.word(&format!("{fullmove}."));
        } else if after_break {
            self.word(&format!("{fullmove}..."));
        }
    }

    fn comment(&mut self, rng: &mut Rng) {
        let text = if rng.chance(500) {
            format!(
                "{{ [%eval {}.{:02}] [%clk 0:{:02}:{:02}] }}",
                rng.below(5) as i32 - 2,
                rng.below(100),
                rng.below(60),
                rng.below(60)
            )
        } else {
            format!("{{ {} }}", rng.pick(PROSE))
        };
        for word in text.split(' ') {
            self.word(word);
        }
    }
}

/// One chess move chosen for `pos`: uniformly at random, or like a one-ply engine (mate, then
/// the best capture, then a check, then anything) with some noise.
fn choose_chess(pos: &Chess, rng: &mut Rng, engine_like: bool) -> Option<Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    if !engine_like || rng.chance(150) {
        return Some(moves[rng.below(moves.len())]);
    }
    let value = |role: Role| match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    };
    let mut best = (i64::MIN, moves[0]);
    for &m in &moves {
        let mut after = pos.clone();
        after.play_unchecked(m);
        let mut score = rng.below(8) as i64;
        if after.is_checkmate() {
            score += 10_000;
        }
        if let Some(victim) = m.capture() {
            score += 100 * value(victim) - value(m.role());
        }
        if m.is_promotion() {
            score += 500;
        }
        if after.is_check() {
            score += 20;
        }
        if score > best.0 {
            best = (score, m);
        }
    }
    Some(best.1)
}

/// The ending of `pos` as the automatic rules give it (checkmate, insufficient material,
/// stalemate, seventy-five moves, fivefold repetition), with `keys` the repetition keys of every
/// position of the game, the current one last.
pub fn chess_ending(pos: &Chess, keys: &[u64]) -> Option<(&'static str, &'static str)> {
    match pos.outcome() {
        Outcome::Known(KnownOutcome::Decisive { winner }) => {
            let result = if winner == Color::White { "1-0" } else { "0-1" };
            return Some(("checkmate", result));
        }
        Outcome::Known(KnownOutcome::Draw) => {
            let kind = if pos.is_insufficient_material() {
                "insufficient_material"
            } else {
                "stalemate"
            };
            return Some((kind, "1/2-1/2"));
        }
        Outcome::Unknown => {}
    }
    if pos.halfmoves() >= 150 {
        return Some(("seventyfive_moves", "1/2-1/2"));
    }
    let last = *keys.last()?;
    let window = (pos.halfmoves() as usize).min(keys.len() - 1);
    let repeats = keys[keys.len() - 1 - window..]
        .iter()
        .rev()
        .step_by(2)
        .filter(|&&k| k == last)
        .count();
    (repeats >= 5).then_some(("fivefold_repetition", "1/2-1/2"))
}

/// The repetition key shakmaty gives a position (en passant only when a capture is legal).
pub fn chess_key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// A variation of up to `len` random moves from `pos` (the position before the move it
/// replaces), with now and then a comment and, rarely, a variation inside.
fn chess_variation(pos: &Chess, len: usize, rng: &mut Rng, out: &mut Movetext, depth: usize) {
    let mut pos = pos.clone();
    let mut first = true;
    for _ in 0..len {
        let Some(m) = choose_chess(&pos, rng, true) else {
            break;
        };
        let white = pos.turn() == Color::White;
        out.number(pos.fullmoves().get(), white, first);
        first = false;
        let before = pos.clone();
        let san = SanPlus::from_move_and_play_unchecked(&mut pos, m);
        out.word(&san.to_string());
        if rng.chance(100) {
            out.comment(rng);
            first = true;
        }
        if depth < 2 && rng.chance(40) {
            out.word("(");
            chess_variation(&before, 1 + rng.below(3), rng, out, depth + 1);
            out.word(")");
            first = true;
        }
    }
}

fn tags(out: &mut String, index: usize, rng: &mut Rng, white: &str, black: &str) {
    let _ = writeln!(out, "[Event \"Bench {}\"]", index / 100);
    let _ = writeln!(out, "[Site \"https://example.org/{index}\"]");
    let _ = writeln!(
        out,
        "[Date \"20{:02}.{:02}.{:02}\"]",
        rng.below(26),
        1 + rng.below(12),
        1 + rng.below(28)
    );
    let _ = writeln!(out, "[Round \"{}\"]", 1 + rng.below(9));
    let _ = writeln!(out, "[{white} \"Player {}\"]", rng.below(5000));
    let _ = writeln!(out, "[{black} \"Player {}\"]", rng.below(5000));
}

/// One chess game as PGN.
fn chess_game(index: usize, rng: &mut Rng, out: &mut String) {
    let engine_like = rng.chance(900);
    let mut pos = Chess::default();
    let mut fen = None;
    if rng.chance(30) {
        for _ in 0..4 + rng.below(12) {
            let Some(m) = choose_chess(&pos, rng, false) else {
                break;
            };
            pos.play_unchecked(m);
        }
        if pos.outcome().is_known() {
            pos = Chess::default();
        } else {
            fen = Some(Fen::from_position(&pos, EnPassantMode::Legal).to_string());
        }
    }
    let max_plies = if engine_like {
        20 + rng.below(140)
    } else {
        1000
    };
    let mut keys = vec![chess_key(&pos)];
    let mut text = Movetext::new();
    let mut after_break = true;
    let mut ending = None;
    for _ in 0..max_plies {
        let Some(m) = choose_chess(&pos, rng, engine_like) else {
            break;
        };
        let before = pos.clone();
        let white = pos.turn() == Color::White;
        text.number(pos.fullmoves().get(), white, after_break);
        after_break = false;
        let san = SanPlus::from_move_and_play_unchecked(&mut pos, m);
        text.word(&san.to_string());
        if rng.chance(40) {
            let nag = rng.pick(NAGS);
            if nag.starts_with('$') {
                text.word(nag);
            } else {
                // A suffix annotation is part of its move's token.
                text.text.push_str(nag);
                text.column += nag.len();
            }
        }
        if rng.chance(80) {
            text.comment(rng);
            after_break = true;
        }
        if rng.chance(30) {
            text.word("(");
            chess_variation(&before, 1 + rng.below(8), rng, &mut text, 1);
            text.word(")");
            after_break = true;
        }
        keys.push(chess_key(&pos));
        ending = chess_ending(&pos, &keys);
        if ending.is_some() {
            break;
        }
    }
    let mut result = match ending {
        Some((_, result)) => result,
        None => *["1-0", "0-1", "1/2-1/2", "*"]
            .get(rng.below(4))
            .unwrap_or(&"*"),
    };
    if ending.is_some() && rng.chance(5) {
        // A result that contradicts the ending: the result check must find it.
        result = if result == "1-0" { "0-1" } else { "1-0" };
    }
    tags(out, index, rng, "White", "Black");
    let _ = writeln!(out, "[Result \"{result}\"]");
    let _ = writeln!(out, "[WhiteElo \"{}\"]", 1200 + rng.below(1600));
    let _ = writeln!(out, "[BlackElo \"{}\"]", 1200 + rng.below(1600));
    let _ = writeln!(out, "[TimeControl \"180+2\"]");
    let _ = writeln!(out, "[ECO \"A{:02}\"]", rng.below(100));
    if let Some(fen) = fen {
        let _ = writeln!(out, "[SetUp \"1\"]\n[FEN \"{fen}\"]");
    }
    out.push('\n');
    text.word(result);
    out.push_str(&text.text);
    out.push_str("\n\n");
}

/// `games` chess games from `seed`, as PGN.
pub fn chess_file(games: usize, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut out = String::new();
    for index in 1..=games {
        chess_game(index, &mut rng, &mut out);
    }
    out
}

/// The notation of the moves of a Xiangqi record file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum XiangqiNotation {
    /// A third each in ICCS, WXF and Chinese (simplified), variations in WXF: the file of
    /// `compare`.
    Mixed,
    /// ICCS (`h2e2`), as UCCI engines write it.
    Iccs,
    /// WXF (`C2.5`).
    Wxf,
    /// Chinese, simplified characters (`炮二平五`).
    Chinese,
    /// Chinese, traditional characters (`炮二平五`, `馬8進7`).
    ChineseTraditional,
}

impl XiangqiNotation {
    /// Every single notation, in the order the benches print them.
    pub const SINGLE: [XiangqiNotation; 4] = [
        XiangqiNotation::Iccs,
        XiangqiNotation::Wxf,
        XiangqiNotation::Chinese,
        XiangqiNotation::ChineseTraditional,
    ];

    /// A short name for file names and tables.
    pub fn name(self) -> &'static str {
        match self {
            XiangqiNotation::Mixed => "mixed",
            XiangqiNotation::Iccs => "iccs",
            XiangqiNotation::Wxf => "wxf",
            XiangqiNotation::Chinese => "chinese",
            XiangqiNotation::ChineseTraditional => "chinese-traditional",
        }
    }
}

/// One Xiangqi game in `notation` (for `Mixed`, by the game's index), engine-like (captures
/// first), cut at a random length or ended by the rules.
fn xiangqi_game(index: usize, rng: &mut Rng, out: &mut String, notation: XiangqiNotation) {
    use qipan::xiangqi::{Xiangqi, XiangqiRules};
    use qipan::{Game, Notate, Notation};
    let mixed = notation == XiangqiNotation::Mixed;
    let notation = match notation {
        XiangqiNotation::Mixed => [
            XiangqiNotation::Iccs,
            XiangqiNotation::Wxf,
            XiangqiNotation::Chinese,
        ][index % 3],
        single => single,
    };
    let format = match notation {
        XiangqiNotation::Iccs => "ICCS",
        XiangqiNotation::Wxf => "WXF",
        _ => "Chinese",
    };
    let write = |pos: &Xiangqi, mv: qipan::xiangqi::Move| match notation {
        XiangqiNotation::Iccs => mv.to_string(),
        XiangqiNotation::Wxf | XiangqiNotation::Mixed => pos.wxf(mv),
        XiangqiNotation::Chinese => pos.chinese(mv),
        XiangqiNotation::ChineseTraditional => pos
            .write_move(mv, Notation::ChineseTraditional)
            .unwrap_or_default(),
    };
    let mut game: Game<Xiangqi> = Game::new_with(XiangqiRules::default());
    let mut text = Movetext::new();
    let mut after_break = true;
    let max_plies = 30 + rng.below(170);
    for _ in 0..max_plies {
        let pos = *game.position();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = if rng.chance(300) {
            moves[rng.below(moves.len())]
        } else {
            let captures: Vec<_> = moves.iter().filter(|m| pos.is_capture(**m)).collect();
            if captures.is_empty() || rng.chance(500) {
                moves[rng.below(moves.len())]
            } else {
                *captures[rng.below(captures.len())]
            }
        };
        let white = pos.turn() == qipan::Color::White;
        text.number(pos.fullmove_number(), white, after_break);
        after_break = false;
        text.word(&write(&pos, mv));
        if rng.chance(80) {
            text.comment(rng);
            after_break = true;
        }
        if rng.chance(20) {
            // A one-move variation: another legal move of the same position.
            text.word("(");
            text.number(pos.fullmove_number(), white, true);
            let other = moves[rng.below(moves.len())];
            // The mixed file of `compare` writes its variations in WXF.
            text.word(&if mixed {
                pos.wxf(other)
            } else {
                write(&pos, other)
            });
            text.word(")");
            after_break = true;
        }
        game.push_unchecked(mv);
        if game.outcome().is_some() {
            break;
        }
    }
    let result = match game.outcome() {
        Some(outcome) => outcome.result(),
        None => ["1-0", "0-1", "1/2-1/2"][rng.below(3)],
    };
    let _ = writeln!(out, "[Game \"Chinese Chess\"]");
    tags(out, index, rng, "Red", "Black");
    let _ = writeln!(out, "[Result \"{result}\"]");
    let _ = writeln!(out, "[Format \"{format}\"]\n");
    text.word(result);
    out.push_str(&text.text);
    out.push_str("\n\n");
}

/// `games` Xiangqi games from `seed`, a third each in ICCS, WXF and Chinese notation.
pub fn xiangqi_file(games: usize, seed: u64) -> String {
    xiangqi_file_in(games, seed, XiangqiNotation::Mixed)
}

/// `games` Xiangqi games from `seed` in `notation`: the same games (moves, comments,
/// variations) for every notation but `Mixed`, only the moves' text differs.
pub fn xiangqi_file_in(games: usize, seed: u64, notation: XiangqiNotation) -> String {
    let mut rng = Rng::new(seed);
    let mut out = String::new();
    for index in 1..=games {
        xiangqi_game(index, &mut rng, &mut out, notation);
    }
    out
}

/// The directory the generated files go to: `target/bench-data` of the workspace.
pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/bench-data")
}

/// The file `name` in [`data_dir`], written by `make` when it is not there yet.
pub fn ensure(name: &str, make: impl FnOnce() -> String) -> io::Result<PathBuf> {
    let dir = data_dir();
    let path = dir.join(name);
    if !path.exists() {
        fs::create_dir_all(&dir)?;
        let tmp = dir.join(format!("{name}.tmp"));
        fs::write(&tmp, make())?;
        fs::rename(&tmp, &path)?;
    }
    Ok(path)
}
