//! The chess board as SVG ([`Variant::svg`](crate::Variant::svg) of [`Chess`]).

use std::fmt::Write;

use super::{Chess, Square as ChessSquare};
use crate::render::open_svg;
use crate::Color;

const CHESS_CELL: usize = 45;
const CHESS_MARGIN: usize = 20;

/// The chess board from White's side, a red glow under a king in check.
pub(crate) fn chess_svg(pos: &Chess) -> String {
    let size = 8 * CHESS_CELL + 2 * CHESS_MARGIN;
    let mut svg = open_svg(size, size, "#ffffff");
    let checked_king = if pos.is_check() {
        pos.king_of(pos.turn())
    } else {
        None
    };
    for sq in ChessSquare::all() {
        let (x, y) = chess_corner(sq);
        let fill = if sq.is_light() { "#f0d9b5" } else { "#b58863" };
        let _ = write!(
            svg,
            "<rect class=\"square {}\" x=\"{x}\" y=\"{y}\" width=\"{CHESS_CELL}\" \
             height=\"{CHESS_CELL}\" fill=\"{fill}\"/>",
            sq
        );
        if Some(sq) == checked_king {
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
                "<text x=\"{}\" y=\"{}\" font-size=\"38\" text-anchor=\"middle\" \
                 fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1\">{glyph}</text>",
                x + CHESS_CELL / 2,
                y + CHESS_CELL - 8
            );
        }
    }
    for i in 0..8 {
        let file = (b'a' + i as u8) as char;
        let _ = write!(
            svg,
            "<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\">{file}</text>\
             <text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\">{}</text>",
            CHESS_MARGIN + i * CHESS_CELL + CHESS_CELL / 2,
            size - 5,
            CHESS_MARGIN / 2,
            CHESS_MARGIN + (7 - i) * CHESS_CELL + CHESS_CELL / 2 + 5,
            i + 1
        );
    }
    svg.push_str("</svg>");
    svg
}

fn chess_corner(sq: ChessSquare) -> (usize, usize) {
    (
        CHESS_MARGIN + sq.file() as usize * CHESS_CELL,
        CHESS_MARGIN + (7 - sq.rank() as usize) * CHESS_CELL,
    )
}
