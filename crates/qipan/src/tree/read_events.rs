//! Reading a game into a [`GameTree`] from the [`EventReader`]'s events: python-chess's
//! `read_game` with its `GameBuilder`, so that a stream split and read by python-chess's rules
//! (a game ends at the first blank line after its moves; tags and text that are no token are
//! passed over) gives the tree python-chess builds.
//!
//! The event reader knows chess movetext only: [`read_event_tags`] reads the tags first, and the
//! caller reads the moves with [`read_event_movetext`] when the tags name chess (any other game
//! goes to the record reader, which knows its notation).

use std::ops::ControlFlow;

use super::read::Builder;
use super::GameTree;
use crate::board::Editable;
use crate::pgn::{EventReader, Limits, LineSource, PgnEvent, RecordErrorKind};
use crate::Chess;

/// The tags of the next game of `reader`, up to the start of its movetext; `None` when the
/// stream holds no further game.
pub fn read_event_tags<S: LineSource>(
    reader: &mut EventReader<S>,
) -> Result<Option<Vec<(String, String)>>, S::Error> {
    let mut tags = Vec::new();
    loop {
        match reader.next_event()? {
            None => return Ok((!tags.is_empty()).then_some(tags)),
            Some(PgnEvent::BeginGame) => {}
            Some(PgnEvent::Tag { name, value }) => tags.push((name, value)),
            // A game's events end with EndGame; EndHeaders comes before any movetext event.
            Some(_) => return Ok(Some(tags)),
        }
    }
}

/// Reads the movetext of a chess game whose `tags` [`read_event_tags`] read, under `rules`: the
/// moves of every variation, comments (as the reader gives them, several in a row joined by a
/// space), NAGs and the result. A move that cannot be played is an error on the game and the
/// rest of its variation is skipped; a `(` before any move and a `)` closing nothing are passed
/// over, as python-chess's reader passes them. A `FEN` tag of a position that fails validation
/// is played from as python-chess plays it (see `lenient_start`).
pub fn read_event_movetext<S: LineSource>(
    reader: &mut EventReader<S>,
    tags: &[(String, String)],
    rules: &<Chess as crate::Variant>::Rules,
    limits: &Limits,
) -> Result<GameTree<Chess>, S::Error> {
    let mut builder = Builder::<Chess>::new(rules, limits, 1, 1, true);
    builder.lenient_start = Some(lenient_start);
    for (name, value) in tags {
        builder.on_tag(name, value);
    }
    builder.on_begin_movetext();
    // > 0 inside a variation skipped after an unplayable move: the number of `(` still open
    // in it, the one that ends the skip included.
    let mut skip = 0usize;
    while let Some(event) = reader.next_event()? {
        let line = reader.line_number();
        match event {
            PgnEvent::EndGame => break,
            PgnEvent::StartVariation if skip > 0 => skip += 1,
            PgnEvent::EndVariation if skip > 0 => {
                skip -= 1;
                if skip == 0 {
                    builder.on_end_variation();
                }
            }
            _ if skip > 0 => {}
            PgnEvent::Comment(text) => {
                if text.len() >= limits.max_game {
                    // The reader keeps a comment up to the size of a game and drops the rest.
                    builder.error(
                        line,
                        None,
                        None,
                        RecordErrorKind::Syntax,
                        format!("a comment longer than {} bytes, cut", limits.max_game),
                    );
                }
                builder.on_comment(&text);
            }
            PgnEvent::Nag(_) if builder.skipping() => {}
            PgnEvent::Nag(digits) => match digits.parse::<u8>() {
                Ok(nag) => builder.on_nag(nag),
                Err(_) => builder.error(
                    line,
                    None,
                    Some(&digits),
                    RecordErrorKind::Syntax,
                    format!("a NAG is 0 to 255, not ${digits}"),
                ),
            },
            PgnEvent::StartVariation => {
                if !builder.at_root() {
                    builder.on_begin_variation();
                }
            }
            PgnEvent::EndVariation => {
                if builder.depth() > 1 {
                    builder.on_end_variation();
                }
            }
            // After a `FEN` tag that does not read, python-chess reads no movetext, result included.
            PgnEvent::Result(_) if builder.skipping() => {}
            PgnEvent::Result(result) if builder.depth() == 1 => builder.on_result(result),
            // A result inside a variation is read as a move (and is an error there).
            PgnEvent::Result(text) => skip = play(&mut builder, text, line),
            PgnEvent::Move(text) => skip = play(&mut builder, &text, line),
            PgnEvent::BeginGame | PgnEvent::Tag { .. } | PgnEvent::EndHeaders => {}
        }
    }
    Ok(builder.tree)
}

/// The position python-chess plays a `FEN` tag from when the position fails validation (no
/// king, the side not to move in check, castling rights without their rook...): the board its
/// FEN reader reads, castling rights and an en passant square the placement does not support
/// dropped. Several kings of a side stay an error: qipan does not play them.
fn lenient_start(fen: &str, rules: &<Chess as crate::Variant>::Rules) -> Option<Chess> {
    let setup = <Chess as Editable>::setup_from_fen(fen, rules)?;
    <Chess as Editable>::lenient_from_setup(&setup, rules)
}

/// Plays `text` in the line being read: 0, or 1 when it cannot be played (the rest of the line
/// is then skipped up to the `)` that closes it).
fn play(builder: &mut Builder<'_, Chess>, text: &str, line: u64) -> usize {
    if let ControlFlow::Break(()) = builder.on_move(text, line) {
        return 1;
    }
    // The builder marks the line to skip; the skip is counted here, by brackets.
    usize::from(builder.skip_depth.take().is_some())
}

impl super::AnyGameTree {
    /// The next game of `reader` read by python-chess's rules ([`read_event_movetext`]); `None`
    /// at the end of the stream. The game is the one the tags name: chess and Chess960 are read
    /// here, and a `Variant` tag naming a game qipan does not play is an error on the game (first
    /// in its errors), which is read as chess, as python-chess reads it. For a game whose moves
    /// the event reader cannot read (Xiangqi) the answer is `Err` with that game: the reader then
    /// stands at the start of the movetext, for the caller to read with the record reader.
    pub fn read_events<S: LineSource>(
        reader: &mut EventReader<S>,
        limits: &Limits,
    ) -> Result<Option<Result<super::AnyGameTree, crate::GameKind>>, S::Error> {
        let Some(tags) = read_event_tags(reader)? else {
            return Ok(None);
        };
        let (rules, unsupported) = match crate::GameKind::from_tags(&tags) {
            Ok(crate::GameKind::Chess) => (crate::chess::ChessRules::FIDE, None),
            Ok(crate::GameKind::Chess960) => (crate::chess::ChessRules::CHESS960, None),
            Ok(other) => return Ok(Some(Err(other))),
            Err(e) => (crate::chess::ChessRules::FIDE, Some(e.to_string())),
        };
        let mut tree = read_event_movetext(reader, &tags, &rules, limits)?;
        if let Some(message) = unsupported {
            tree.errors.insert(
                0,
                crate::pgn::RecordError {
                    game: 1,
                    line: 1,
                    ply: None,
                    text: None,
                    kind: RecordErrorKind::UnsupportedVariant,
                    message,
                },
            );
        }
        Ok(Some(Ok(tree.into())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::ReadLines;
    use crate::tree::AnyGameTree;

    fn games(text: &str) -> Vec<GameTree<Chess>> {
        let mut source = ReadLines(text.as_bytes());
        let mut out = Vec::new();
        loop {
            let mut reader = EventReader::new(source);
            match AnyGameTree::read_events(&mut reader, &Limits::default()).unwrap() {
                Some(Ok(AnyGameTree::Chess(tree))) => out.push(tree),
                Some(_) => panic!("not chess"),
                None => return out,
            }
            source = reader.into_source();
        }
    }

    // The expectations are python-chess 1.11's answers on the same texts.
    #[test]
    fn a_comment_keeps_its_line_break_and_brackets_out_of_turn_are_passed_over() {
        let tree = &games("1. e4 (1. d4))) !? *\n")[0];
        assert!(tree.errors.is_empty());
        assert_eq!(
            AnyGameTree::Chess(tree.clone()).mainline_texts(None),
            ["e4"]
        );
        let e4 = tree.next(tree.root()).unwrap();
        assert_eq!(tree.node(e4).nags, [5]);
        assert_eq!(tree.variations(tree.root()).len(), 2);
        let tree = &games("((( 1. c4 *")[0];
        assert!(tree.errors.is_empty());
        assert_eq!(
            AnyGameTree::Chess(tree.clone()).mainline_texts(None),
            ["c4"]
        );
        let tree = &games("1. e4 e5 ( 1... c5 {\n/\\ Ne7, c6}) *")[0];
        let c5 = tree.variations(tree.next(tree.root()).unwrap())[1];
        assert_eq!(tree.node(c5).comment, "\n/\\ Ne7, c6");
    }

    #[test]
    fn games_without_movetext_and_odd_tag_names_are_read() {
        let read = games("\n[Event \"A\"]\n\n\n[Event \"B\"]\n[BlackType: \"program\"]\n");
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].tag("Event"), Some("A"));
        assert_eq!(read[1].tag("Event"), Some("B"));
        assert_eq!(read[1].tag("BlackType:"), Some("program"));
    }
}
