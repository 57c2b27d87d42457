//! [`square_set!`]: the set operations both games' `Bitboard`s share — a set of squares in an
//! integer, bit `i` for the square with index `i` — written once for chess's 64 squares (`u64`)
//! and Xiangqi's 90 points (`u128`). What differs stays with each game: how a square is made
//! from a bit index, the board's edges (`!` keeps a Xiangqi set on its 90 points), drawing.

/// Implements, for `$set(pub $int)` over `$square` (with `index()`): `from_square`, `contains`,
/// `is_empty`, `any`, `count`, `more_than_one`, `with`, `without`, `add`, `remove`, `toggle`,
/// the operators `& | ^` with a set or a square (and their assignments), `-` (difference),
/// `From<$square>` and `FromIterator<$square>`.
macro_rules! square_set {
    ($set:ident, $square:ident, $int:ty) => {
        impl $set {
            /// The set of one square.
            #[inline]
            pub const fn from_square(sq: $square) -> $set {
                $set(1 << sq.index())
            }

            /// Whether `sq` is in the set.
            #[inline]
            pub const fn contains(self, sq: $square) -> bool {
                self.0 & (1 << sq.index()) != 0
            }

            /// Whether the set is empty.
            #[inline]
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }

            /// Whether the set has a square.
            #[inline]
            pub const fn any(self) -> bool {
                self.0 != 0
            }

            /// The number of squares.
            #[inline]
            pub const fn count(self) -> u32 {
                self.0.count_ones()
            }

            /// Whether the set has two squares or more.
            #[inline]
            pub const fn more_than_one(self) -> bool {
                self.0 & self.0.wrapping_sub(1) != 0
            }

            /// The set with `sq` added.
            #[inline]
            pub const fn with(self, sq: $square) -> $set {
                $set(self.0 | 1 << sq.index())
            }

            /// The set with `sq` removed.
            #[inline]
            pub const fn without(self, sq: $square) -> $set {
                $set(self.0 & !(1 << sq.index()))
            }

            /// Adds `sq`.
            #[inline]
            pub fn add(&mut self, sq: $square) {
                self.0 |= 1 << sq.index();
            }

            /// Removes `sq`.
            #[inline]
            pub fn remove(&mut self, sq: $square) {
                self.0 &= !(1 << sq.index());
            }

            /// Toggles `sq`.
            #[inline]
            pub fn toggle(&mut self, sq: $square) {
                self.0 ^= 1 << sq.index();
            }
        }

        impl FromIterator<$square> for $set {
            fn from_iter<I: IntoIterator<Item = $square>>(iter: I) -> $set {
                let mut set = $set(0);
                for sq in iter {
                    set.add(sq);
                }
                set
            }
        }

        impl From<$square> for $set {
            #[inline]
            fn from(sq: $square) -> $set {
                $set::from_square(sq)
            }
        }

        impl std::ops::Sub for $set {
            type Output = $set;
            /// Set difference.
            #[inline]
            fn sub(self, rhs: $set) -> $set {
                $set(self.0 & !rhs.0)
            }
        }

        $crate::square_set::square_set!(
            @op $set, $square, $int, BitAnd, bitand, BitAndAssign, bitand_assign, &
        );
        $crate::square_set::square_set!(
            @op $set, $square, $int, BitOr, bitor, BitOrAssign, bitor_assign, |
        );
        $crate::square_set::square_set!(
            @op $set, $square, $int, BitXor, bitxor, BitXorAssign, bitxor_assign, ^
        );
    };
    (
        @op $set:ident, $square:ident, $int:ty,
        $tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt
    ) => {
        impl std::ops::$tr for $set {
            type Output = $set;
            #[inline]
            fn $f(self, rhs: $set) -> $set {
                $set(self.0 $op rhs.0)
            }
        }
        impl std::ops::$tr<$square> for $set {
            type Output = $set;
            #[inline]
            fn $f(self, rhs: $square) -> $set {
                $set(self.0 $op ((1 as $int) << rhs.index()))
            }
        }
        impl std::ops::$atr for $set {
            #[inline]
            fn $af(&mut self, rhs: $set) {
                self.0 = self.0 $op rhs.0;
            }
        }
        impl std::ops::$atr<$square> for $set {
            #[inline]
            fn $af(&mut self, rhs: $square) {
                self.0 = self.0 $op ((1 as $int) << rhs.index());
            }
        }
    };
}

pub(crate) use square_set;
