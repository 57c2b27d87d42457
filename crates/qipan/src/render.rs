//! SVG building blocks shared by the games' pictures ([`Variant::svg`](crate::Variant::svg)):
//! escaping, the frame, and a text block. Each game draws its own board with these
//! (`chess/svg.rs`, `xiangqi/svg.rs`), so this file depends on no game.
//!
//! ```
//! use qipan::{render, Chess, Variant, Xiangqi};
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
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\"><rect width=\"{width}\" height=\"{height}\" \
         fill=\"{background}\"/>"
    )
}
