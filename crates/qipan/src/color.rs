//! The two sides of a game.
//!
//! Chess calls them White and Black; Xiangqi calls them Red and Black. Red moves first, like White,
//! so one type serves both games: [`Color::RED`] is [`Color::White`].
//!
//! ```
//! use qipan::Color;
//! assert_eq!(!Color::White, Color::Black);
//! assert_eq!(Color::RED, Color::White);
//! assert_eq!(Color::Black.name(), "black");
//! ```

use std::fmt;
use std::ops::Not;

/// A side: the one that moves first ([`Color::White`], Red in Xiangqi) or second ([`Color::Black`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that moves first: White in chess, Red in Xiangqi.
    White = 0,
    /// The side that moves second.
    Black = 1,
}

impl Color {
    /// The colour called `name`: `"white"`, `"red"`, `"black"` or their first letters, any case
    /// (the names every front end takes).
    ///
    /// ```
    /// use qipan::Color;
    /// assert_eq!(Color::from_name("Red"), Some(Color::White));
    /// assert_eq!(Color::from_name("b"), Some(Color::Black));
    /// assert_eq!(Color::from_name("blue"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Color> {
        match name.trim().to_ascii_lowercase().as_str() {
            "white" | "w" | "red" | "r" => Some(Color::White),
            "black" | "b" => Some(Color::Black),
            _ => None,
        }
    }

    /// Xiangqi's name for the first side.
    pub const RED: Color = Color::White;
    /// Both colours, first mover first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// Index 0 for the first mover, 1 for the second.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The chess name, lower case: `"white"` or `"black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// Picks `white` for White and `black` for Black.
    #[inline]
    pub fn fold<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
