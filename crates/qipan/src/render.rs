//! Pictures of positions shared by the CLI and the bindings: an SVG board for each game.
//!
//! ```
//! use qipan::{render, Chess, Variant, Xiangqi};
//! let chess = render::chess_svg(&Chess::start());
//! assert!(chess.starts_with("<svg") && chess.contains("♚"));
//! let xiangqi = render::xiangqi_svg(&Xiangqi::start());
//! assert!(xiangqi.contains("帅") && xiangqi.contains("将") && xiangqi.contains("楚河"));
//! assert!(render::text_svg("a & b").contains("a &amp; b"));
//! ```

use std::fmt::Write;

use crate::chess::{Chess, Square as ChessSquare};
use crate::xiangqi::{Square as XiangqiSquare, Xiangqi};
use crate::Color;

/// Escapes text for SVG/XML content and attributes.
pub fn escape_xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// Lines of text (a Unicode diagram) as a monospaced SVG picture.
pub fn text_svg(text: &str) -> String {
    const LINE: usize = 24;
    let lines: Vec<&str> = text.lines().collect();
    let width = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) * 16 + 16;
    let height = lines.len() * LINE + 16;
    let mut svg = open_svg(width, height, "#f5deb3");
    svg.push_str("<g font-family=\"monospace\" font-size=\"20\">");
    for (i, line) in lines.iter().enumerate() {
        let _ = write!(
            svg,
            "<text x=\"8\" y=\"{}\" xml:space=\"preserve\">{}</text>",
            (i + 1) * LINE,
            escape_xml(line)
        );
    }
    svg.push_str("</g></svg>");
    svg
}

fn open_svg(width: usize, height: usize, background: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\"><rect width=\"{width}\" height=\"{height}\" \
         fill=\"{background}\"/>"
    )
}

const CHESS_CELL: usize = 45;
const CHESS_MARGIN: usize = 20;

/// The chess board from White's side, a red glow under a king in check.
pub fn chess_svg(pos: &Chess) -> String {
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

const XQ_CELL: usize = 50;
const XQ_MARGIN: usize = 40;

/// The Xiangqi board from Red's side: lines, palaces, river, and the pieces on the points; a red
/// ring around a general in check.
pub fn xiangqi_svg(pos: &Xiangqi) -> String {
    let width = 8 * XQ_CELL + 2 * XQ_MARGIN;
    let height = 9 * XQ_CELL + 2 * XQ_MARGIN;
    let mut svg = open_svg(width, height, "#eecf8f");
    let point =
        |file: usize, rank: usize| (XQ_MARGIN + file * XQ_CELL, XQ_MARGIN + (9 - rank) * XQ_CELL);
    let line = |svg: &mut String, a: (usize, usize), b: (usize, usize)| {
        let _ = write!(
            svg,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#5a3a1a\" stroke-width=\"1.5\"/>",
            a.0, a.1, b.0, b.1
        );
    };
    for rank in 0..10 {
        line(&mut svg, point(0, rank), point(8, rank));
    }
    for file in 0..9 {
        if file == 0 || file == 8 {
            line(&mut svg, point(file, 0), point(file, 9));
        } else {
            line(&mut svg, point(file, 0), point(file, 4));
            line(&mut svg, point(file, 5), point(file, 9));
        }
    }
    for (low, high) in [(0, 2), (7, 9)] {
        line(&mut svg, point(3, low), point(5, high));
        line(&mut svg, point(5, low), point(3, high));
    }
    let river_y = XQ_MARGIN + 4 * XQ_CELL + XQ_CELL / 2 + 9;
    let _ = write!(
        svg,
        "<text x=\"{}\" y=\"{river_y}\" font-size=\"26\" text-anchor=\"middle\" \
         fill=\"#5a3a1a\">楚河</text><text x=\"{}\" y=\"{river_y}\" font-size=\"26\" \
         text-anchor=\"middle\" fill=\"#5a3a1a\">汉界</text>",
        XQ_MARGIN + 2 * XQ_CELL,
        XQ_MARGIN + 6 * XQ_CELL
    );
    let checked_general = if pos.is_check() {
        Some(pos.general(pos.turn()))
    } else {
        None
    };
    for sq in XiangqiSquare::all() {
        let (x, y) = point(sq.file() as usize, sq.rank() as usize);
        if let Some(piece) = pos.piece_at(sq) {
            let color = piece.color.fold("#c00000", "#202020");
            let ring = if Some(sq) == checked_general {
                "#ff0000\" stroke-width=\"4"
            } else {
                color
            };
            let _ = write!(
                svg,
                "<g class=\"piece {sq}\"><circle cx=\"{x}\" cy=\"{y}\" r=\"22\" fill=\"#fbeed5\" \
                 stroke=\"{ring}\"/><circle cx=\"{x}\" cy=\"{y}\" r=\"18\" fill=\"none\" \
                 stroke=\"{color}\"/><text x=\"{x}\" y=\"{}\" font-size=\"24\" \
                 text-anchor=\"middle\" fill=\"{color}\">{}</text></g>",
                y + 8,
                piece.chinese()
            );
        }
    }
    for file in 0..9 {
        let (x, _) = point(file, 0);
        let _ = write!(
            svg,
            "<text x=\"{x}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\">{}</text>",
            height - 8,
            (b'a' + file as u8) as char
        );
    }
    svg.push_str("</svg>");
    svg
}
