//! SVG building blocks shared by the games' pictures ([`Notate::svg`](crate::Notate::svg)):
//! escaping, the frame, and a text block. Each game draws its own board with these
//! (`chess/svg.rs`, `xiangqi/svg.rs`), so this file depends on no game.
//!
//! ```
//! use qipan::{render, Chess, Notate, Variant, Xiangqi};
//! let chess = Chess::start().svg();
//! assert!(chess.starts_with("<svg") && chess.contains("♚"));
//! let xiangqi = Xiangqi::start().svg();
//! assert!(xiangqi.contains("帅") && xiangqi.contains("将") && xiangqi.contains("楚河"));
//! assert!(render::text_svg("a & b").contains("a &amp; b"));
//! ```

use std::fmt::Write;

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

pub(crate) fn open_svg(width: usize, height: usize, background: &str) -> String {
    open_svg_sized(width, height, None, background)
}

/// The frame of a picture drawn on a `width` × `height` canvas, shown `size` pixels wide (the
/// canvas's own width when `None`).
pub(crate) fn open_svg_sized(
    width: usize,
    height: usize,
    size: Option<usize>,
    background: &str,
) -> String {
    let shown_width = size.unwrap_or(width).max(1);
    let shown_height = shown_width.saturating_mul(height).div_ceil(width.max(1));
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{shown_width}\" \
         height=\"{shown_height}\" viewBox=\"0 0 {width} {height}\"><rect width=\"{width}\" \
         height=\"{height}\" fill=\"{background}\"/>"
    )
}

/// What a board picture shows beside the pieces, as python-chess's `chess.svg.board` options.
/// Squares are the game's square indices (chess `0..64`, Xiangqi `0..90`); squares off the
/// board are left out. Colours are CSS colours, written escaped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SvgOptions {
    /// The last move's from and to squares, tinted.
    pub last_move: Option<(usize, usize)>,
    /// The square of a king (general) in check, marked red.
    pub check: Option<usize>,
    /// Arrows: tail square, head square, colour.
    pub arrows: Vec<(usize, usize, String)>,
    /// Squares tinted with a colour.
    pub fill: Vec<(usize, String)>,
    /// Drawn from the second player's side (Black's).
    pub flipped: bool,
    /// The width in pixels (the height in proportion); the picture's own size when `None`.
    pub size: Option<usize>,
    /// Whether the file and rank labels are drawn.
    pub coordinates: bool,
}

impl Default for SvgOptions {
    /// No marks, from the first player's side, natural size, with coordinates.
    fn default() -> SvgOptions {
        SvgOptions {
            last_move: None,
            check: None,
            arrows: Vec::new(),
            fill: Vec::new(),
            flipped: false,
            size: None,
            coordinates: true,
        }
    }
}

/// An arrow from `(x1, y1)` to `(x2, y2)` in `color`: a thick line and a triangular head; an
/// arrow from a square to itself is a ring around it (as python-chess marks a square).
pub(crate) fn arrow(svg: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64), color: &str) {
    if (x1, y1) == (x2, y2) {
        let color = escape_xml(color);
        let _ = write!(
            svg,
            "<g class=\"arrow\" fill=\"none\" stroke=\"{color}\" opacity=\"0.75\">\
             <circle cx=\"{x1:.1}\" cy=\"{y1:.1}\" r=\"18.0\" stroke-width=\"5\"/></g>"
        );
        return;
    }
    let (dx, dy) = (x2 - x1, y2 - y1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    let head = 18.0_f64.min(len);
    let (bx, by) = (x2 - ux * head, y2 - uy * head);
    let color = escape_xml(color);
    let _ = write!(
        svg,
        "<g class=\"arrow\" fill=\"{color}\" stroke=\"{color}\" opacity=\"0.75\">\
         <line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{bx:.1}\" y2=\"{by:.1}\" stroke-width=\"8\" \
         stroke-linecap=\"butt\"/><polygon points=\"{x2:.1},{y2:.1} {:.1},{:.1} {:.1},{:.1}\" \
         stroke=\"none\"/></g>",
        bx - uy * 11.0,
        by + ux * 11.0,
        bx + uy * 11.0,
        by - ux * 11.0,
    );
}
