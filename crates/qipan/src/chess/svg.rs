//! The chess board as SVG ([`Notate::svg`](crate::Notate::svg) of [`Chess`], and
//! [`Chess::svg_with`] with python-chess's `chess.svg.board` options).

use std::fmt::Write;

use super::{Chess, Square as ChessSquare};
use crate::render::{arrow, escape_xml, open_svg_sized, SvgOptions};
use crate::Color;

const CHESS_CELL: usize = 45;
const CHESS_MARGIN: usize = 20;

impl Chess {
    /// The board as SVG with `options`: last move, check, arrows, tinted squares, side, size
    /// and coordinates (python-chess's `chess.svg.board`). Only the placement is drawn; nothing
    /// is marked unless `options` says so.
    pub fn svg_with(&self, options: &SvgOptions) -> String {
        chess_svg_with(self, options)
    }
}

/// The chess board from White's side, a red glow under a king in check.
pub(crate) fn chess_svg(pos: &Chess) -> String {
    let check = if pos.is_check() {
        pos.king_of(pos.turn()).map(|sq| sq.index())
    } else {
        None
    };
    chess_svg_with(
        pos,
        &SvgOptions {
            check,
            ..SvgOptions::default()
        },
    )
}

/// The class names of a piece: `piece`, its colour and role (`piece white knight`).
fn piece_class(piece: crate::chess::Piece) -> String {
    format!("piece {} {:?}", piece.color.name(), piece.role).to_lowercase()
}

fn chess_svg_with(pos: &Chess, o: &SvgOptions) -> String {
    let size = 8 * CHESS_CELL + 2 * CHESS_MARGIN;
    let mut svg = open_svg_sized(size, size, o.size, "#ffffff");
    let corner = |sq: ChessSquare| {
        let (file, rank) = (sq.file() as usize, sq.rank() as usize);
        let (col, row) = if o.flipped {
            (7 - file, rank)
        } else {
            (file, 7 - rank)
        };
        (
            CHESS_MARGIN + col * CHESS_CELL,
            CHESS_MARGIN + row * CHESS_CELL,
        )
    };
    let last = |sq: usize| o.last_move.is_some_and(|(a, b)| a == sq || b == sq);
    for sq in ChessSquare::all() {
        let (x, y) = corner(sq);
        let fill = if sq.is_light() { "#f0d9b5" } else { "#b58863" };
        let _ = write!(
            svg,
            "<rect class=\"square {}\" x=\"{x}\" y=\"{y}\" width=\"{CHESS_CELL}\" \
             height=\"{CHESS_CELL}\" fill=\"{fill}\"/>",
            sq
        );
        if last(sq.index()) {
            let _ = write!(
                svg,
                "<rect class=\"lastmove\" x=\"{x}\" y=\"{y}\" width=\"{CHESS_CELL}\" \
                 height=\"{CHESS_CELL}\" fill=\"#cdd16a\" fill-opacity=\"0.65\"/>"
            );
        }
        for (_, color) in o.fill.iter().filter(|(s, _)| *s == sq.index()) {
            let _ = write!(
                svg,
                "<rect class=\"fill\" x=\"{x}\" y=\"{y}\" width=\"{CHESS_CELL}\" \
                 height=\"{CHESS_CELL}\" fill=\"{}\" fill-opacity=\"0.6\"/>",
                escape_xml(color)
            );
        }
        if o.check == Some(sq.index()) {
            let c = CHESS_CELL / 2;
            let _ = write!(
                svg,
                "<circle class=\"check\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#ff3030\" \
                 fill-opacity=\"0.6\"/>",
                x + c,
                y + c,
                c - 2
            );
        }
        if let Some(piece) = pos.piece_at(sq) {
            // The solid glyphs for both sides, coloured, read better than the outline ones.
            let glyph = crate::chess::Piece {
                color: Color::Black,
                role: piece.role,
            }
            .unicode();
            let (fill, stroke) = piece
                .color
                .fold(("#ffffff", "#000000"), ("#000000", "#ffffff"));
            let _ = write!(
                svg,
                "<text class=\"{}\" x=\"{}\" y=\"{}\" font-size=\"38\" text-anchor=\"middle\" \
                 fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1\">{glyph}</text>",
                piece_class(piece),
                x + CHESS_CELL / 2,
                y + CHESS_CELL - 8
            );
        }
    }
    if o.coordinates {
        for i in 0..8 {
            let (file, rank) = if o.flipped { (7 - i, 7 - i) } else { (i, i) };
            let _ = write!(
                svg,
                "<text class=\"coord\" x=\"{}\" y=\"{}\" font-size=\"13\" \
                 text-anchor=\"middle\">{}</text><text class=\"coord\" x=\"{}\" y=\"{}\" \
                 font-size=\"13\" text-anchor=\"middle\">{}</text>",
                CHESS_MARGIN + i * CHESS_CELL + CHESS_CELL / 2,
                size - 5,
                (b'a' + file as u8) as char,
                CHESS_MARGIN / 2,
                CHESS_MARGIN + (7 - i) * CHESS_CELL + CHESS_CELL / 2 + 5,
                rank + 1
            );
        }
    }
    let centre = |index: usize| {
        let (x, y) = corner(ChessSquare::new(index as u32));
        ((x + CHESS_CELL / 2) as f64, (y + CHESS_CELL / 2) as f64)
    };
    for (tail, head, color) in &o.arrows {
        if *tail < 64 && *head < 64 {
            arrow(&mut svg, centre(*tail), centre(*head), color);
        }
    }
    svg.push_str("</svg>");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::Xiangqi;
    use crate::Variant;

    #[test]
    fn options_mark_what_they_say_and_colours_are_escaped() {
        let marked = SvgOptions {
            last_move: Some((12, 28)),
            check: Some(4),
            arrows: vec![(6, 21, "<b>".into())],
            fill: vec![(0, "\"x".into())],
            coordinates: false,
            size: Some(100),
            ..SvgOptions::default()
        };
        for (plain, with) in [
            (
                Chess::new().svg_with(&SvgOptions::default()),
                Chess::new().svg_with(&marked),
            ),
            (
                Xiangqi::start().svg_with(&SvgOptions::default()),
                Xiangqi::start().svg_with(&marked),
            ),
        ] {
            assert_eq!(plain.matches("class=\"piece ").count(), 32);
            for mark in ["lastmove", "class=\"arrow", "class=\"fill", "class=\"check"] {
                assert!(!plain.contains(mark) && with.contains(mark), "{mark}");
            }
            assert!(plain.contains("class=\"coord\"") && !with.contains("class=\"coord\""));
            assert_eq!(with.matches("class=\"lastmove\"").count(), 2);
            assert!(with.contains("&lt;b&gt;") && with.contains("&quot;x"));
            assert!(!with.contains("<b>") && with.contains("width=\"100\""));
        }
    }
}
