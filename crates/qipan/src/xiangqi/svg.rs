//! The Xiangqi board as SVG ([`Notate::svg`](crate::Notate::svg) of [`Xiangqi`]).

use std::fmt::Write;

use super::{Square as XiangqiSquare, Xiangqi};
use crate::render::{arrow, escape_xml, open_svg_sized, SvgOptions};

const XQ_CELL: usize = 50;
const XQ_MARGIN: usize = 40;

/// The Xiangqi board from Red's side: lines, palaces, river, and the pieces on the points; a red
/// ring around a general in check.
pub(crate) fn xiangqi_svg(pos: &Xiangqi) -> String {
    let check = if pos.is_check() {
        Some(pos.general(pos.turn()).index())
    } else {
        None
    };
    xiangqi_svg_with(
        pos,
        &SvgOptions {
            check,
            ..SvgOptions::default()
        },
    )
}

impl Xiangqi {
    /// The board as SVG with `options`: last move, check, arrows, tinted points, side, size and
    /// coordinates (python-chess's `chess.svg.board` options). Only the placement is drawn;
    /// nothing is marked unless `options` says so.
    pub fn svg_with(&self, options: &SvgOptions) -> String {
        xiangqi_svg_with(self, options)
    }
}

fn xiangqi_svg_with(pos: &Xiangqi, o: &SvgOptions) -> String {
    let width = 8 * XQ_CELL + 2 * XQ_MARGIN;
    let height = 9 * XQ_CELL + 2 * XQ_MARGIN;
    let mut svg = open_svg_sized(width, height, o.size, "#eecf8f");
    // The lines are symmetric: only points (pieces, marks, labels) move when flipped.
    let grid =
        |file: usize, rank: usize| (XQ_MARGIN + file * XQ_CELL, XQ_MARGIN + (9 - rank) * XQ_CELL);
    let point = |file: usize, rank: usize| {
        if o.flipped {
            grid(8 - file, 9 - rank)
        } else {
            grid(file, rank)
        }
    };
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
    for sq in XiangqiSquare::all() {
        let (x, y) = point(sq.file() as usize, sq.rank() as usize);
        if o.last_move
            .is_some_and(|(a, b)| a == sq.index() || b == sq.index())
        {
            let _ = write!(
                svg,
                "<circle class=\"lastmove\" cx=\"{x}\" cy=\"{y}\" r=\"25\" fill=\"#6a9ad1\" \
                 fill-opacity=\"0.55\"/>"
            );
        }
        for (_, color) in o.fill.iter().filter(|(s, _)| *s == sq.index()) {
            let _ = write!(
                svg,
                "<circle class=\"fill\" cx=\"{x}\" cy=\"{y}\" r=\"25\" fill=\"{}\" \
                 fill-opacity=\"0.6\"/>",
                escape_xml(color)
            );
        }
        if o.check == Some(sq.index()) {
            let _ = write!(
                svg,
                "<circle class=\"check\" cx=\"{x}\" cy=\"{y}\" r=\"27\" fill=\"#ff3030\" \
                 fill-opacity=\"0.6\"/>"
            );
        }
        if let Some(piece) = pos.piece_at(sq) {
            let color = piece.color.fold("#c00000", "#202020");
            let ring = if o.check == Some(sq.index()) {
                "#ff0000\" stroke-width=\"4"
            } else {
                color
            };
            let _ = write!(
                svg,
                "<g class=\"piece {} {sq}\"><circle cx=\"{x}\" cy=\"{y}\" r=\"22\" fill=\"#fbeed5\" \
                 stroke=\"{ring}\"/><circle cx=\"{x}\" cy=\"{y}\" r=\"18\" fill=\"none\" \
                 stroke=\"{color}\"/><text x=\"{x}\" y=\"{}\" font-size=\"24\" \
                 text-anchor=\"middle\" fill=\"{color}\">{}</text></g>",
                piece.color.fold("red", "black"),
                y + 8,
                piece.chinese()
            );
        }
    }
    if o.coordinates {
        for file in 0..9 {
            let (x, _) = point(file, 0);
            let _ = write!(
                svg,
                "<text class=\"coord\" x=\"{x}\" y=\"{}\" font-size=\"13\" \
                 text-anchor=\"middle\">{}</text>",
                height - 8,
                (b'a' + file as u8) as char
            );
        }
        for rank in 0..10 {
            let (_, y) = point(0, rank);
            let _ = write!(
                svg,
                "<text class=\"coord\" x=\"{}\" y=\"{}\" font-size=\"13\" \
                 text-anchor=\"middle\">{rank}</text>",
                XQ_MARGIN / 3,
                y + 5
            );
        }
    }
    let centre = |index: usize| {
        let (x, y) = point(index % 9, index / 9);
        (x as f64, y as f64)
    };
    for (tail, head, color) in &o.arrows {
        if *tail < 90 && *head < 90 {
            arrow(&mut svg, centre(*tail), centre(*head), color);
        }
    }
    svg.push_str("</svg>");
    svg
}
