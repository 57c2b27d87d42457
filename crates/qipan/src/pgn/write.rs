//! Writing a [`PgnGame`] as PGN.

use std::fmt;
use std::io;

use super::record::tag;
use super::{PgnGame, PgnMove};
use crate::{Game, GameKind, Variant};

/// The Seven Tag Roster, in its order, with the value written when a tag is missing.
pub const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The column PGN movetext is wrapped at.
pub const MAX_COLUMN: usize = 80;

impl PgnGame {
    /// A record of `game`: `tags` (any order; the roster is completed when written), the moves in
    /// the variant's notation ([`Variant::notation`]: SAN for chess, WXF for Xiangqi), and the
    /// result the rules give, `*` while they give none. A game that did not start from the
    /// variant's start position gets `SetUp` and `FEN` tags; a `Variant` tag is added for a
    /// game other than chess (`Chess960` for a game under Chess960 rules, read back by
    /// [`GameKind::from_tags`]). A `Result` tag among `tags` is replaced by the result.
    ///
    /// Use [`PgnGame::set_result`] to record a result the rules do not decide (resignation...).
    pub fn from_game<V: Variant>(
        game: &Game<V>,
        tags: impl IntoIterator<Item = (String, String)>,
    ) -> PgnGame {
        let mut tags: Vec<(String, String)> = tags.into_iter().collect();
        let set = |tags: &mut Vec<(String, String)>, name: &str, value: String| match tags
            .iter_mut()
            .find(|(n, _)| n == name)
        {
            Some(slot) => slot.1 = value,
            None => tags.push((name.to_owned(), value)),
        };
        match game.kind() {
            GameKind::Chess => {}
            GameKind::Chess960 => set(&mut tags, "Variant", "Chess960".to_owned()),
            other => set(&mut tags, "Variant", other.name().to_owned()),
        }
        if *game.start() != V::start_with(game.rules()) {
            set(&mut tags, "SetUp", "1".to_owned());
            set(&mut tags, "FEN", game.start().fen());
        }
        let positions = game.positions();
        let moves = game
            .moves()
            .iter()
            .zip(positions)
            .map(|(&mv, pos)| PgnMove {
                text: pos.notation(mv),
                ..PgnMove::default()
            })
            .collect();
        let result = game.outcome().map_or("*", |o| o.result()).to_owned();
        let mut record = PgnGame {
            tags,
            comment: None,
            moves,
            result: String::new(),
        };
        record.set_result(&result);
        record
    }

    /// Sets the result token and the `Result` tag.
    pub fn set_result(&mut self, result: &str) {
        self.result = result.to_owned();
        match self.tags.iter_mut().find(|(n, _)| n == "Result") {
            Some(slot) => slot.1 = result.to_owned(),
            None => self.tags.push(("Result".to_owned(), result.to_owned())),
        }
    }

    /// Writes the game as PGN: the Seven Tag Roster first (missing tags as `?`), the other tags in
    /// their order, a blank line, the movetext wrapped at [`MAX_COLUMN`] columns, a blank line.
    pub fn write(&self, out: &mut impl io::Write) -> io::Result<()> {
        write!(out, "{self}")
    }

    /// The side to move first and the first move number, from the `FEN` tag (fields 2 and 6, the
    /// same in chess and Xiangqi FEN).
    fn numbering(&self) -> (bool, u32) {
        let Some(fen) = self.tag("FEN") else {
            return (false, 1);
        };
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let black = fields.get(1).is_some_and(|&s| s == "b");
        let number = fields
            .get(5)
            .and_then(|n| n.parse().ok())
            .filter(|&n| n > 0)
            .unwrap_or(1);
        (black, number)
    }
}

fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

/// Lays out words in lines of at most [`MAX_COLUMN`] columns (a longer word gets its own line).
struct Wrapper<'a, 'b> {
    f: &'a mut fmt::Formatter<'b>,
    column: usize,
}

impl Wrapper<'_, '_> {
    fn word(&mut self, word: &str) -> fmt::Result {
        let width = word.chars().count();
        // A word starting with `%` must not start a line: the reader skips such a line (the PGN
        // escape mechanism). It stays on the line, however long.
        if self.column > 0 && self.column + 1 + width > MAX_COLUMN && !word.starts_with('%') {
            self.f.write_str("\n")?;
            self.column = 0;
        }
        if self.column > 0 {
            self.f.write_str(" ")?;
            self.column += 1;
        }
        self.column += width;
        self.f.write_str(word)
    }

    fn comment(&mut self, text: &str) -> fmt::Result {
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.is_empty() {
            return Ok(());
        }
        let clean = |w: &str| w.replace('}', ")");
        if words.len() == 1 {
            return self.word(&format!("{{{}}}", clean(words[0])));
        }
        for (i, w) in words.iter().enumerate() {
            let w = clean(w);
            match i {
                0 => self.word(&format!("{{{w}"))?,
                _ if i + 1 == words.len() => self.word(&format!("{w}}}"))?,
                _ => self.word(&w)?,
            }
        }
        Ok(())
    }
}

impl fmt::Display for PgnGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, default) in SEVEN_TAG_ROSTER {
            let value = if name == "Result" {
                self.result.as_str()
            } else {
                tag(&self.tags, name).unwrap_or(default)
            };
            writeln!(f, "[{name} \"{}\"]", escape(value))?;
        }
        for (name, value) in &self.tags {
            if !SEVEN_TAG_ROSTER.iter().any(|(n, _)| n == name) {
                writeln!(f, "[{name} \"{}\"]", escape(value))?;
            }
        }
        writeln!(f)?;
        let (black_first, first_number) = self.numbering();
        let mut w = Wrapper { f, column: 0 };
        if let Some(comment) = &self.comment {
            w.comment(comment)?;
        }
        let mut need_number = true;
        for (i, mv) in self.moves.iter().enumerate() {
            let ply = i + usize::from(black_first);
            let number = first_number as usize + ply / 2;
            if ply % 2 == 0 {
                w.word(&format!("{number}. {}", mv.text))?;
            } else if need_number {
                w.word(&format!("{number}... {}", mv.text))?;
            } else {
                w.word(&mv.text)?;
            }
            need_number = false;
            for nag in &mv.nags {
                w.word(&format!("${nag}"))?;
            }
            if let Some(comment) = &mv.comment {
                w.comment(comment)?;
                need_number = true;
            }
        }
        w.word(&self.result)?;
        let f = w.f;
        writeln!(f)?;
        writeln!(f)
    }
}
