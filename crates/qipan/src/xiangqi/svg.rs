//! The Xiangqi board as SVG ([`Variant::svg`](crate::Variant::svg) of [`Xiangqi`]).

use std::fmt::Write;

use super::{Square as XiangqiSquare, Xiangqi};
use crate::render::open_svg;

const XQ_CELL: usize = 50;
const XQ_MARGIN: usize = 40;

/// The Xiangqi board from Red's side: lines, palaces, river, and the pieces on the points; a red
/// ring around a general in check.
pub(crate) fn xiangqi_svg(pos: &Xiangqi) -> String {
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
