//! The `info` line: what an engine reports while it searches, as typed values.
//!
//! UCI writes `info depth 12 seldepth 18 multipv 1 score cp 31 lowerbound nodes 10424 nps 521200
//! hashfull 4 tbhits 0 time 20 pv e2e4 e7e5 …`; UCCI writes the same keys, with a bare
//! `score 31` for centipawns and `message …` for text. Unknown keys are skipped, and a value that
//! is not a number leaves its field empty: an odd engine loses a field, never the line.
//!
//! ```
//! use qipan::engine::{Info, Score, ScoreBound};
//! let info = Info::parse("info depth 5 score mate -3 upperbound wdl 0 10 990 pv e2e4 e7e5");
//! assert_eq!(info.depth, Some(5));
//! assert_eq!(info.score, Some(Score::Mate(-3)));
//! assert_eq!(info.bound, ScoreBound::Upper);
//! assert_eq!(info.wdl, Some((0, 10, 990)));
//! assert_eq!(info.pv, ["e2e4", "e7e5"]);
//! ```

use std::fmt;

/// An evaluation from the side to move's point of view: centipawns or moves to mate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Score {
    /// Centipawns (a pawn is 100; UCCI engines count a knight or cannon as about 100).
    Cp(i64),
    /// Mate in this many moves: positive when the side to move mates, negative when it is mated
    /// (`Mate(0)`: the side to move is checkmated).
    Mate(i64),
}

impl Score {
    /// The score as centipawns, a mate counted as `mate_score` minus its distance (python-chess's
    /// `score(mate_score=…)`); `None` for a mate when `mate_score` is `None`.
    pub fn centipawns(self, mate_score: Option<i64>) -> Option<i64> {
        match self {
            Score::Cp(cp) => Some(cp),
            Score::Mate(m) => mate_score.map(|s| {
                if m > 0 {
                    s.saturating_sub(m)
                } else {
                    (-s).saturating_sub(m)
                }
            }),
        }
    }

    /// The same score from the other side's point of view.
    pub fn negate(self) -> Score {
        match self {
            Score::Cp(cp) => Score::Cp(cp.saturating_neg()),
            Score::Mate(m) => Score::Mate(m.saturating_neg()),
        }
    }
}

impl fmt::Display for Score {
    /// `+31`, `-120`, `#3`, `#-2` (python-chess's `str` of a score).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "{cp:+}"),
            Score::Mate(m) if *m > 0 => write!(f, "#+{m}"),
            Score::Mate(m) => write!(f, "#-{}", m.unsigned_abs()),
        }
    }
}

/// Whether a score is exact or only a bound (`lowerbound`, `upperbound`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ScoreBound {
    /// The score is exact (no bound keyword).
    #[default]
    Exact,
    /// The true score is at least this (`lowerbound`).
    Lower,
    /// The true score is at most this (`upperbound`).
    Upper,
}

/// One `info` line. Moves are kept as the engine wrote them (type `M = String`) until
/// [`Info::map_moves`] turns them into moves of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Info<M = String> {
    /// Search depth in plies.
    pub depth: Option<u32>,
    /// Selective search depth in plies.
    pub seldepth: Option<u32>,
    /// Time searched, in milliseconds.
    pub time_ms: Option<u64>,
    /// Nodes searched.
    pub nodes: Option<u64>,
    /// Nodes per second.
    pub nps: Option<u64>,
    /// Which line of a multi-PV search this is (1 is the best).
    pub multipv: Option<u32>,
    /// The evaluation, side to move's point of view.
    pub score: Option<Score>,
    /// Whether the score is exact or a bound.
    pub bound: ScoreBound,
    /// Win, draw and loss chances per mille, side to move's point of view.
    pub wdl: Option<(u64, u64, u64)>,
    /// The principal variation.
    pub pv: Vec<M>,
    /// The move being searched.
    pub currmove: Option<M>,
    /// Its number among the root moves (1 is the first).
    pub currmovenumber: Option<u32>,
    /// Hash table fill per mille.
    pub hashfull: Option<u32>,
    /// Tablebase hits.
    pub tbhits: Option<u64>,
    /// CPU load per mille.
    pub cpuload: Option<u32>,
    /// Free text (`string …` in UCI, `message …` in UCCI): the rest of the line.
    pub string: Option<String>,
    /// A move refuted by the line after it (`refutation`).
    pub refutation: Option<(M, Vec<M>)>,
    /// The line a CPU is searching (`currline [cpunr] moves…`): the CPU number (1 when not
    /// given) and the moves.
    pub currline: Option<(u32, Vec<M>)>,
    /// Effective branching factor (`ebf`, some engines).
    pub ebf: Option<String>,
}

impl<M> Default for Info<M> {
    fn default() -> Self {
        Info {
            depth: None,
            seldepth: None,
            time_ms: None,
            nodes: None,
            nps: None,
            multipv: None,
            score: None,
            bound: ScoreBound::Exact,
            wdl: None,
            pv: Vec::new(),
            currmove: None,
            currmovenumber: None,
            hashfull: None,
            tbhits: None,
            cpuload: None,
            string: None,
            refutation: None,
            currline: None,
            ebf: None,
        }
    }
}

/// Converts a line of moves, stopping at the first one `convert` refuses.
fn convert_line<M, N, E>(
    moves: Vec<M>,
    convert: &mut impl FnMut(&[N], M) -> Result<N, E>,
) -> Vec<N> {
    let mut out: Vec<N> = Vec::with_capacity(moves.len());
    for mv in moves {
        match convert(&out, mv) {
            Ok(m) => out.push(m),
            Err(_) => break,
        }
    }
    out
}

/// The keywords of an `info` line; a move list ends at the next one.
const KEYS: &[&str] = &[
    "depth",
    "seldepth",
    "time",
    "nodes",
    "nps",
    "multipv",
    "score",
    "wdl",
    "pv",
    "currmove",
    "currmovenumber",
    "hashfull",
    "tbhits",
    "sbhits",
    "cpuload",
    "string",
    "message",
    "refutation",
    "currline",
    "ebf",
];

fn is_key(token: &str) -> bool {
    KEYS.contains(&token)
}

impl Info {
    /// Reads an `info` line (the leading `info` is optional). Never fails: what it cannot read
    /// it leaves out.
    pub fn parse(line: &str) -> Info {
        let mut info = Info::default();
        let rest = line.trim_start();
        let rest = rest
            .strip_prefix("info")
            .filter(|r| r.is_empty() || r.starts_with(char::is_whitespace))
            .unwrap_or(rest);
        let mut tokens = Tokens::new(rest);
        while let Some(key) = tokens.next() {
            match key {
                "depth" => info.depth = tokens.number(),
                "seldepth" => info.seldepth = tokens.number(),
                "time" => info.time_ms = tokens.number(),
                "nodes" => info.nodes = tokens.number(),
                "nps" => info.nps = tokens.number(),
                "multipv" => info.multipv = tokens.number(),
                "hashfull" => info.hashfull = tokens.number(),
                "tbhits" => info.tbhits = tokens.number(),
                "cpuload" => info.cpuload = tokens.number(),
                "currmovenumber" => info.currmovenumber = tokens.number(),
                "sbhits" => {
                    tokens.next();
                }
                "ebf" => info.ebf = tokens.next().map(str::to_owned),
                "score" => tokens.score(&mut info),
                "wdl" => {
                    let (w, d, l) = (tokens.number(), tokens.number(), tokens.number());
                    info.wdl = w.zip(d).zip(l).map(|((w, d), l)| (w, d, l));
                }
                "pv" => info.pv = tokens.moves(),
                "currmove" => info.currmove = tokens.peek_move(),
                "refutation" => {
                    let mut moves = tokens.moves();
                    if !moves.is_empty() {
                        let first = moves.remove(0);
                        info.refutation = Some((first, moves));
                    }
                }
                "currline" => {
                    let cpu = tokens.peek_number().unwrap_or(1);
                    info.currline = Some((cpu, tokens.moves()));
                }
                "string" | "message" => {
                    info.string = Some(tokens.rest().to_owned());
                }
                _ => {}
            }
        }
        info
    }
}

impl<M> Info<M> {
    /// The same info with every move converted by `convert`. A move list stops at the first
    /// move `convert` refuses (python-chess keeps the legal start of a PV too); a refused
    /// `currmove` or refuted move leaves its field empty.
    pub fn map_moves<N, E>(self, mut convert: impl FnMut(&[N], M) -> Result<N, E>) -> Info<N> {
        let pv = convert_line(self.pv, &mut convert);
        let currmove = self.currmove.and_then(|m| convert(&[], m).ok());
        let refutation = self.refutation.and_then(|(first, rest)| {
            let mut all = convert_line(std::iter::once(first).chain(rest).collect(), &mut convert);
            if all.is_empty() {
                None
            } else {
                let first = all.remove(0);
                Some((first, all))
            }
        });
        let currline = self
            .currline
            .map(|(cpu, moves)| (cpu, convert_line(moves, &mut convert)));
        Info {
            depth: self.depth,
            seldepth: self.seldepth,
            time_ms: self.time_ms,
            nodes: self.nodes,
            nps: self.nps,
            multipv: self.multipv,
            score: self.score,
            bound: self.bound,
            wdl: self.wdl,
            pv,
            currmove,
            currmovenumber: self.currmovenumber,
            hashfull: self.hashfull,
            tbhits: self.tbhits,
            cpuload: self.cpuload,
            string: self.string,
            refutation,
            currline,
            ebf: self.ebf,
        }
    }

    /// Takes every field `newer` has (python-chess's `InfoDict.update`): the running summary of a
    /// search is the merge of its info lines.
    pub fn merge(&mut self, newer: Info<M>) {
        macro_rules! take {
            ($($field:ident),*) => {$(if newer.$field.is_some() { self.$field = newer.$field; })*};
        }
        if newer.score.is_some() {
            self.bound = newer.bound;
        }
        take!(
            depth,
            seldepth,
            time_ms,
            nodes,
            nps,
            multipv,
            score,
            wdl,
            currmove,
            currmovenumber,
            hashfull,
            tbhits,
            cpuload,
            string,
            refutation,
            currline,
            ebf
        );
        if !newer.pv.is_empty() {
            self.pv = newer.pv;
        }
    }
}

/// Whitespace-separated tokens of a line, with a look at the next one.
struct Tokens<'a> {
    rest: &'a str,
}

impl<'a> Tokens<'a> {
    fn new(text: &'a str) -> Self {
        Tokens { rest: text }
    }

    fn peek(&self) -> Option<&'a str> {
        self.rest.split_whitespace().next()
    }

    fn number<T: std::str::FromStr>(&mut self) -> Option<T> {
        let token = self.peek()?;
        if is_key(token) {
            return None;
        }
        self.next();
        token.parse().ok()
    }

    fn peek_number<T: std::str::FromStr>(&mut self) -> Option<T> {
        let value = self.peek()?.parse().ok()?;
        self.next();
        Some(value)
    }

    fn peek_move(&mut self) -> Option<String> {
        let token = self.peek()?;
        if is_key(token) {
            return None;
        }
        self.next();
        Some(token.to_owned())
    }

    fn moves(&mut self) -> Vec<String> {
        let mut moves = Vec::new();
        while let Some(token) = self.peek() {
            if is_key(token) {
                break;
            }
            self.next();
            moves.push(token.to_owned());
        }
        moves
    }

    /// `score cp 31`, `score mate -2`, `score 31` (UCCI), each optionally followed by
    /// `lowerbound` or `upperbound`.
    fn score(&mut self, info: &mut Info) {
        let score = match self.peek() {
            Some("cp") => {
                self.next();
                self.number().map(Score::Cp)
            }
            Some("mate") => {
                self.next();
                self.number().map(Score::Mate)
            }
            Some(t) if t.parse::<i64>().is_ok() => self.number().map(Score::Cp),
            _ => None,
        };
        info.score = score;
        info.bound = ScoreBound::Exact;
        match self.peek() {
            Some("lowerbound") => {
                self.next();
                info.bound = ScoreBound::Lower;
            }
            Some("upperbound") => {
                self.next();
                info.bound = ScoreBound::Upper;
            }
            _ => {}
        }
    }

    fn rest(&mut self) -> &'a str {
        let rest = self.rest.trim();
        self.rest = "";
        rest
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = &'a str;
    fn next(&mut self) -> Option<&'a str> {
        let trimmed = self.rest.trim_start();
        if trimmed.is_empty() {
            self.rest = trimmed;
            return None;
        }
        let end = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
        let (token, rest) = trimmed.split_at(end);
        self.rest = rest;
        Some(token)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field() {
        let info = Info::parse(
            "info depth 20 seldepth 31 multipv 2 score cp -17 lowerbound wdl 30 940 30 nodes 123 \
             nps 4567 hashfull 12 tbhits 3 cpuload 999 time 89 currmove e2e4 currmovenumber 7 \
             refutation d1h5 g6h5 currline 2 e2e4 e7e5 pv e2e4 e7e5 g1f3 string hello  world",
        );
        assert_eq!(info.depth, Some(20));
        assert_eq!(info.seldepth, Some(31));
        assert_eq!(info.multipv, Some(2));
        assert_eq!(info.score, Some(Score::Cp(-17)));
        assert_eq!(info.bound, ScoreBound::Lower);
        assert_eq!(info.wdl, Some((30, 940, 30)));
        assert_eq!(info.nodes, Some(123));
        assert_eq!(info.nps, Some(4567));
        assert_eq!(info.hashfull, Some(12));
        assert_eq!(info.tbhits, Some(3));
        assert_eq!(info.cpuload, Some(999));
        assert_eq!(info.time_ms, Some(89));
        assert_eq!(info.currmove.as_deref(), Some("e2e4"));
        assert_eq!(info.currmovenumber, Some(7));
        assert_eq!(
            info.refutation,
            Some(("d1h5".to_owned(), vec!["g6h5".to_owned()]))
        );
        assert_eq!(
            info.currline,
            Some((2, vec!["e2e4".to_owned(), "e7e5".to_owned()]))
        );
        assert_eq!(info.pv, ["e2e4", "e7e5", "g1f3"]);
        assert_eq!(info.string.as_deref(), Some("hello  world"));
    }

    #[test]
    fn ucci_score_and_message() {
        let info = Info::parse("info depth 6 score 4 pv b0c2 b9c7");
        assert_eq!(info.score, Some(Score::Cp(4)));
        assert_eq!(info.pv, ["b0c2", "b9c7"]);
        let info = Info::parse("info message 正在思考");
        assert_eq!(info.string.as_deref(), Some("正在思考"));
    }

    #[test]
    fn bad_numbers_leave_fields_empty() {
        let info = Info::parse("info depth x nodes 99999999999999999999999 score cp pv");
        assert_eq!(info.depth, None);
        assert_eq!(info.nodes, None);
        assert_eq!(info.score, None);
        assert!(info.pv.is_empty());
        let info = Info::parse("info depth nodes 5 wdl 1 2");
        assert_eq!((info.depth, info.nodes, info.wdl), (None, Some(5), None));
    }

    #[test]
    fn mate_score_centipawns() {
        assert_eq!(Score::Mate(3).centipawns(Some(100_000)), Some(99_997));
        assert_eq!(Score::Mate(-3).centipawns(Some(100_000)), Some(-99_997));
        assert_eq!(Score::Mate(0).centipawns(Some(100_000)), Some(-100_000));
        assert_eq!(Score::Mate(2).centipawns(None), None);
        assert_eq!(Score::Cp(5).to_string(), "+5");
        assert_eq!(Score::Mate(-2).to_string(), "#-2");
    }

    #[test]
    fn merge_keeps_the_newest_fields() {
        let mut summary = Info::parse("info depth 3 score cp 10 lowerbound pv e2e4");
        summary.merge(Info::parse("info nodes 500 currmove d2d4"));
        assert_eq!(summary.depth, Some(3));
        assert_eq!(summary.bound, ScoreBound::Lower);
        assert_eq!(summary.nodes, Some(500));
        assert_eq!(summary.pv, ["e2e4"]);
        summary.merge(Info::parse("info depth 4 score cp 12 pv d2d4"));
        assert_eq!(summary.bound, ScoreBound::Exact);
        assert_eq!(summary.pv, ["d2d4"]);
    }
}
