//! [`Points`]: exact rational rating points, printed as finite decimals.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};
use std::str::FromStr;

use super::{RatingError, MAX_DIGITS};

/// An exact number of points: a reduced rational `num / den` with `den > 0`.
///
/// Values are built from decimal strings ([`FromStr`]), from integers ([`From<i64>`]) and by `+`,
/// `-`, unary `-` and [`level_change`](super::level_change); all of these keep the denominator a
/// product of 2s and 5s, so [`Display`](fmt::Display) always prints an exact, finite decimal
/// without trailing zeros (`10.8`, `25.25`, `-10`, `0`).
///
/// # Panics
///
/// The operators `+`, `-` and unary `-` panic on `i128` overflow (use [`Points::checked_add`]
/// and [`Points::checked_sub`] to get an error instead). Values parsed from strings (at most
/// [`MAX_DIGITS`] digits on each side of the point) cannot overflow in one game's computation;
/// only very long chains of games with fractional changes make the denominator grow that large.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Points {
    num: i128,
    den: i128,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

impl Points {
    /// Zero points.
    pub const ZERO: Points = Points { num: 0, den: 1 };

    /// Builds `num / den` reduced; `None` if `den` is zero or on overflow.
    fn ratio(num: i128, den: i128) -> Option<Points> {
        if den == 0 {
            return None;
        }
        let g = gcd(num.unsigned_abs(), den.unsigned_abs());
        let g = i128::try_from(g).ok()?;
        let (mut num, mut den) = (num / g, den / g);
        if den < 0 {
            num = num.checked_neg()?;
            den = den.checked_neg()?;
        }
        Some(Points { num, den })
    }

    /// Whole points.
    pub const fn from_integer(n: i64) -> Points {
        Points {
            num: n as i128,
            den: 1,
        }
    }

    /// Exact sum, or [`RatingError::Overflow`].
    pub fn checked_add(self, other: Points) -> Result<Points, RatingError> {
        let g = i128::try_from(gcd(self.den as u128, other.den as u128))
            .map_err(|_| RatingError::Overflow)?;
        let (a, b) = (self.den / g, other.den / g);
        let num = self
            .num
            .checked_mul(b)
            .and_then(|x| other.num.checked_mul(a).and_then(|y| x.checked_add(y)))
            .ok_or(RatingError::Overflow)?;
        let den = self.den.checked_mul(b).ok_or(RatingError::Overflow)?;
        Points::ratio(num, den).ok_or(RatingError::Overflow)
    }

    /// Exact difference, or [`RatingError::Overflow`].
    pub fn checked_sub(self, other: Points) -> Result<Points, RatingError> {
        self.checked_add(other.checked_neg()?)
    }

    /// Exact negation, or [`RatingError::Overflow`].
    pub fn checked_neg(self) -> Result<Points, RatingError> {
        Ok(Points {
            num: self.num.checked_neg().ok_or(RatingError::Overflow)?,
            den: self.den,
        })
    }

    /// Exact `self × num / den` for small positive constants (the method's divisions).
    pub(super) fn scale(self, num: i128, den: i128) -> Result<Points, RatingError> {
        let n = self.num.checked_mul(num).ok_or(RatingError::Overflow)?;
        let d = self.den.checked_mul(den).ok_or(RatingError::Overflow)?;
        Points::ratio(n, d).ok_or(RatingError::Overflow)
    }

    /// The absolute value.
    pub fn abs(self) -> Points {
        if self.num < 0 {
            -self
        } else {
            self
        }
    }

    /// `true` if the value is below zero.
    pub fn is_negative(self) -> bool {
        self.num < 0
    }

    /// The largest integer not greater than the value (`floor(199.9) = 199`, `floor(-0.5) = -1`).
    pub fn floor(self) -> i128 {
        self.num.div_euclid(self.den)
    }

    /// The nearest `f64` (for Elo and display purposes; not exact).
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl Default for Points {
    fn default() -> Self {
        Points::ZERO
    }
}

impl From<i64> for Points {
    fn from(n: i64) -> Self {
        Points::from_integer(n)
    }
}

impl From<i32> for Points {
    fn from(n: i32) -> Self {
        Points::from_integer(n.into())
    }
}

/// Compares `a/b` with `c/d` (`b, d > 0`) without overflow, by continued fractions.
fn cmp_ratio(mut a: i128, mut b: i128, mut c: i128, mut d: i128) -> Ordering {
    let mut flipped = false;
    loop {
        let (q1, r1) = (a.div_euclid(b), a.rem_euclid(b));
        let (q2, r2) = (c.div_euclid(d), c.rem_euclid(d));
        let ord = match q1.cmp(&q2) {
            Ordering::Equal => match (r1 == 0, r2 == 0) {
                (true, true) => Ordering::Equal,
                (true, false) => Ordering::Less,
                (false, true) => Ordering::Greater,
                (false, false) => {
                    // Same integer part: compare the fractional parts r1/b and r2/d, which
                    // orders the same way as their reciprocals d/r2 and b/r1, i.e. as b/r1 vs
                    // d/r2 with the answer reversed.
                    (a, b, c, d) = (b, r1, d, r2);
                    flipped = !flipped;
                    continue;
                }
            },
            ord => ord,
        };
        return if flipped { ord.reverse() } else { ord };
    }
}

impl Ord for Points {
    fn cmp(&self, other: &Self) -> Ordering {
        cmp_ratio(self.num, self.den, other.num, other.den)
    }
}

impl PartialOrd for Points {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for Points {
    type Output = Points;

    /// Exact sum. Panics on `i128` overflow (see [`Points::checked_add`]).
    fn add(self, other: Points) -> Points {
        self.checked_add(other)
            .expect("Points addition overflowed i128")
    }
}

impl Sub for Points {
    type Output = Points;

    /// Exact difference. Panics on `i128` overflow (see [`Points::checked_sub`]).
    fn sub(self, other: Points) -> Points {
        self.checked_sub(other)
            .expect("Points subtraction overflowed i128")
    }
}

impl Neg for Points {
    type Output = Points;

    /// Exact negation. Panics on `i128` overflow (see [`Points::checked_neg`]).
    fn neg(self) -> Points {
        self.checked_neg().expect("Points negation overflowed i128")
    }
}

impl FromStr for Points {
    type Err = RatingError;

    /// Parses a plain decimal: an optional sign, 1 to [`MAX_DIGITS`] digits, and optionally a
    /// point followed by 1 to [`MAX_DIGITS`] digits (`1234`, `-5`, `+7`, `1234.5`, `0.125`).
    /// No whitespace, exponent, `inf` or `NaN`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.is_empty() {
            return Err(RatingError::Empty);
        }
        let invalid = || RatingError::InvalidPoints(s.to_string());
        let (negative, body) = match s.as_bytes()[0] {
            b'-' => (true, &s[1..]),
            b'+' => (false, &s[1..]),
            _ => (false, s),
        };
        let (int_part, frac_part) = match body.split_once('.') {
            Some((i, f)) => (i, Some(f)),
            None => (body, None),
        };
        let all_digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        if !all_digits(int_part) || frac_part.is_some_and(|f| !all_digits(f)) {
            return Err(invalid());
        }
        let frac = frac_part.unwrap_or("");
        if int_part.len() > MAX_DIGITS || frac.len() > MAX_DIGITS {
            return Err(RatingError::TooManyDigits(s.to_string()));
        }
        let mut num: i128 = 0;
        for b in int_part.bytes().chain(frac.bytes()) {
            num = num * 10 + i128::from(b - b'0');
        }
        let den = 10i128.pow(frac.len() as u32);
        if negative {
            num = -num;
        }
        Points::ratio(num, den).ok_or(RatingError::Overflow)
    }
}

impl fmt::Display for Points {
    /// Prints the exact decimal expansion, without trailing zeros and without `-0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        if self.num < 0 {
            s.push('-');
        }
        let n = self.num.unsigned_abs();
        let d = self.den as u128;
        s.push_str(&(n / d).to_string());
        let mut r = n % d;
        if r != 0 {
            s.push('.');
            // The denominator only has factors 2 and 5, so the expansion terminates; the cap is
            // a safety net (at most 127 factors of either fit in i128).
            let mut digits = 0;
            while r != 0 && digits < 200 {
                // Next digit = (10 r) / d and remainder = (10 r) mod d, computed by adding r ten
                // times modulo d so that nothing overflows for any d ≤ i128::MAX.
                let (mut q, mut acc) = (0u8, 0u128);
                for _ in 0..10 {
                    if acc >= d - r {
                        acc -= d - r;
                        q += 1;
                    } else {
                        acc += r;
                    }
                }
                s.push(char::from(b'0' + q));
                r = acc;
                digits += 1;
            }
        }
        f.pad(&s)
    }
}
