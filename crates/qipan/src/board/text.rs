//! [`framed_text`]: a board of either game as text in a frame, rank numbers on the left and
//! file letters below — the layout of chess.js's `ascii()`, drawn for a Xiangqi board the same
//! way (ten ranks from 9 down to 0, files `a` to `i`).
//!
//! ```
//! use qipan::board::{framed_text, Editable};
//! use qipan::{Variant, Xiangqi};
//! let text = framed_text::<Xiangqi>(&Xiangqi::start().setup_of());
//! let lines: Vec<&str> = text.lines().collect();
//! assert_eq!(lines[0], "   +---------------------------+");
//! assert_eq!(lines[1], " 9 | r  n  b  a  k  a  b  n  r |");
//! assert_eq!(lines[12], "     a  b  c  d  e  f  g  h  i");
//! ```

use super::Editable;
use crate::Color;

/// The board of `setup` in a frame: FEN letters (upper case for White / Red), `.` for an empty
/// square, the last rank first.
pub fn framed_text<V: Editable>(setup: &V::Setup) -> String {
    let mut letters = Vec::with_capacity(V::SQUARES);
    for rank in (0..V::SQUARES / V::FILES).rev() {
        for file in 0..V::FILES {
            let piece = V::setup_piece(setup, rank * V::FILES + file).map(V::piece_code);
            letters.push(piece.map_or('.', fen_letter));
        }
    }
    framed(&letters, V::FILES, V::FIRST_RANK)
}

/// The FEN letter of a piece's code: upper case for White / Red.
fn fen_letter((letter, color): (char, Color)) -> char {
    match color {
        Color::White => letter.to_ascii_uppercase(),
        Color::Black => letter,
    }
}

/// The frame around `letters` (from the last rank down, each rank from file a, in rows of
/// `files`), the ranks numbered from `first_rank`. One function for both games: generic, it
/// would be built twice into the WebAssembly package.
fn framed(letters: &[char], files: usize, first_rank: u8) -> String {
    let frame = format!("   +{}+\n", "-".repeat(3 * files));
    let mut out = frame.clone();
    let rows = letters.chunks(files.max(1));
    let ranks = rows.len();
    for (row, letters) in rows.enumerate() {
        let rank = ranks - 1 - row + usize::from(first_rank);
        out.push_str(&format!(" {rank} |"));
        for letter in letters {
            out.push_str(&format!(" {letter} "));
        }
        out.push_str("|\n");
    }
    out.push_str(&frame);
    out.push_str("    ");
    for file in (b'a'..).take(files) {
        out.push_str(&format!(" {} ", char::from(file)));
    }
    // chess.js ends the file row without its last space.
    out.truncate(out.trim_end().len());
    out
}
