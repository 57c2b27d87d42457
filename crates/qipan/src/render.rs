//! Pictures of positions shared by the CLI and the bindings.
//!
//! ```
//! let svg = qipan::render::text_svg("a & b\n<c>");
//! assert!(svg.starts_with("<svg"));
//! assert!(svg.contains("a &amp; b") && svg.contains("&lt;c&gt;"));
//! ```

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
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\"><rect width=\"100%\" height=\"100%\" fill=\"#f5deb3\"/>\
         <g font-family=\"monospace\" font-size=\"20\">"
    );
    for (i, line) in lines.iter().enumerate() {
        svg.push_str(&format!(
            "<text x=\"8\" y=\"{}\" xml:space=\"preserve\">{}</text>",
            (i + 1) * LINE,
            escape_xml(line)
        ));
    }
    svg.push_str("</g></svg>");
    svg
}
