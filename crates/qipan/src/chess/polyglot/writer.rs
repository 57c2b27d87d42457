//! [`BookBuilder`]: a Polyglot book made from games, weighted as Polyglot's `make-book` weighs.
//!
//! The rules (Polyglot 1.4's documented behaviour, written anew here):
//! - every move of a game up to the ply limit counts once for its (position, move) pair: the
//!   pair's game count goes up by one and its score by 2 when the side that played it won the
//!   game, 1 for a draw or an unknown result, 0 for a loss;
//! - when a pair's count reaches 16384, the counts and scores of every move of that position are
//!   halved, rounding up;
//! - a pair is kept when its count is at least the minimum game count and its score is not 0;
//!   its weight is the score;
//! - entries are sorted by key, then by weight, highest first (equal weights in the order the
//!   pairs were first seen).

use std::collections::HashMap;
use std::ops::ControlFlow;

use super::{encode_move, Entry, ENTRY_SIZE};
use crate::chess::{Chess, FenOptions, Move};
use crate::pgn::{tag, visit_game, Limits, Splitter, Visitor};
use crate::{Color, GameKind};

/// Above this many games a position's counts are halved (Polyglot's `COUNT_MAX`).
const COUNT_MAX: u32 = 16384;

#[derive(Debug, Clone, Copy)]
struct Stats {
    key: u64,
    raw_move: u16,
    games: u32,
    score: u32,
}

/// Collects games and writes the Polyglot book they make (see the module docs for the
/// rules).
#[derive(Debug, Clone)]
pub struct BookBuilder {
    /// Only the first `max_ply` half-moves of each game count (Polyglot's `-max-ply`, 1024).
    pub max_ply: u32,
    /// A move is kept when it was played at least this often (Polyglot's `-min-game`, 3).
    pub min_games: u32,
    stats: Vec<Stats>,
    index: HashMap<(u64, u16), usize>,
    by_key: HashMap<u64, Vec<usize>>,
    games: u64,
    skipped: u64,
}

impl Default for BookBuilder {
    fn default() -> Self {
        BookBuilder::new()
    }
}

impl BookBuilder {
    /// An empty builder with Polyglot's defaults (ply limit 1024, minimum game count 3).
    pub fn new() -> BookBuilder {
        BookBuilder {
            max_ply: 1024,
            min_games: 3,
            stats: Vec::new(),
            index: HashMap::new(),
            by_key: HashMap::new(),
            games: 0,
            skipped: 0,
        }
    }

    /// The number of games added.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The number of records [`BookBuilder::add_pgn`] skipped (not chess, or no readable start).
    pub fn skipped(&self) -> u64 {
        self.skipped
    }

    /// Adds one game: its start position, its moves (legal, in order) and its winner (`None` for
    /// a draw or an unknown result).
    pub fn add_game(&mut self, start: &Chess, moves: &[Move], winner: Option<Color>) {
        self.games += 1;
        let mut pos = *start;
        for &mv in moves.iter().take(self.max_ply as usize) {
            let score = match winner {
                Some(color) if color == pos.turn() => 2,
                Some(_) => 0,
                None => 1,
            };
            self.count(pos.zobrist(), encode_move(mv), score);
            pos.play_unchecked(mv);
        }
    }

    fn count(&mut self, key: u64, raw_move: u16, score: u32) {
        let next = self.stats.len();
        let at = *self.index.entry((key, raw_move)).or_insert(next);
        if at == next {
            self.stats.push(Stats {
                key,
                raw_move,
                games: 0,
                score: 0,
            });
            self.by_key.entry(key).or_default().push(at);
        }
        let stats = &mut self.stats[at];
        stats.games += 1;
        stats.score += score;
        if stats.games >= COUNT_MAX {
            for &i in &self.by_key[&key] {
                let s = &mut self.stats[i];
                s.games = s.games.div_ceil(2);
                s.score = s.score.div_ceil(2);
            }
        }
    }

    /// Adds every chess game of a PGN text: the main line from the `FEN` tag (or the start), up
    /// to its first move that cannot be played, the winner from the `Result` tag (else the
    /// result at the end of the moves). Xiangqi records and games whose start cannot be read
    /// are skipped (counted by [`BookBuilder::skipped`]). Returns the number of games added.
    pub fn add_pgn(&mut self, bytes: &[u8]) -> u64 {
        let limits = Limits::default();
        let before = self.games;
        for raw in Splitter::new(bytes, limits) {
            let Ok(raw) = raw else { break };
            let Ok(game) = visit_game(&raw, &limits, &mut MainLineReader) else {
                self.skipped += 1;
                continue;
            };
            match game_moves(&game) {
                Some((start, moves, winner)) => self.add_game(&start, &moves, winner),
                None => self.skipped += 1,
            }
        }
        self.games - before
    }

    /// The book's entries, filtered and sorted (see the module docs).
    pub fn entries(&self) -> Vec<Entry> {
        let mut kept: Vec<Entry> = self
            .stats
            .iter()
            .filter(|s| s.games >= self.min_games && s.score != 0)
            .map(|s| Entry {
                key: s.key,
                raw_move: s.raw_move,
                weight: u16::try_from(s.score).unwrap_or(u16::MAX),
                learn: 0,
            })
            .collect();
        kept.sort_by(|a, b| a.key.cmp(&b.key).then(b.weight.cmp(&a.weight)));
        kept
    }

    /// The book as bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let entries = self.entries();
        let mut out = Vec::with_capacity(entries.len() * ENTRY_SIZE);
        for entry in entries {
            out.extend_from_slice(&entry.to_bytes());
        }
        out
    }
}

/// What a book needs of a game's text: its tags, its main line's move texts, its result token.
struct MainLine {
    tags: Vec<(String, String)>,
    moves: Vec<String>,
    result: Option<String>,
}

/// Reads a game's [`MainLine`].
struct MainLineReader;

impl Visitor for MainLineReader {
    type Tags = Vec<(String, String)>;
    type Movetext = MainLine;
    type Output = MainLine;

    fn begin_tags(&mut self) -> ControlFlow<MainLine, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &str, value: &str) -> ControlFlow<MainLine> {
        tags.push((name.to_owned(), value.to_owned()));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<MainLine, MainLine> {
        ControlFlow::Continue(MainLine {
            tags,
            moves: Vec::new(),
            result: None,
        })
    }

    fn move_text(
        &mut self,
        game: &mut MainLine,
        text: &str,
        _: u64,
        _: usize,
    ) -> ControlFlow<MainLine> {
        game.moves.push(text.to_owned());
        ControlFlow::Continue(())
    }

    fn result(&mut self, game: &mut MainLine, result: &str, _: u64) {
        game.result = Some(result.to_owned());
    }

    fn end_game(&mut self, game: MainLine) -> MainLine {
        game
    }
}

/// The start position, legal main-line moves and winner of a chess PGN game.
fn game_moves(game: &MainLine) -> Option<(Chess, Vec<Move>, Option<Color>)> {
    let kind = GameKind::from_tags(&game.tags).ok()?;
    let chess960 = match kind {
        GameKind::Chess => false,
        GameKind::Chess960 => true,
        _ => return None,
    };
    let start = match tag(&game.tags, "FEN") {
        Some(fen) => Chess::from_fen_with(
            fen.trim(),
            FenOptions {
                relaxed: false,
                chess960,
            },
        )
        .ok()?,
        None => {
            let mut start = Chess::new();
            start.set_chess960(chess960);
            start
        }
    };
    let result = tag(&game.tags, "Result")
        .or(game.result.as_deref())
        .unwrap_or("*")
        .trim();
    let winner = match result {
        "1-0" => Some(Color::White),
        "0-1" => Some(Color::Black),
        _ => None,
    };
    let mut pos = start;
    let mut moves = Vec::with_capacity(game.moves.len());
    for text in &game.moves {
        let Ok(mv) = pos.parse_san(text) else {
            break;
        };
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    Some((start, moves, winner))
}
