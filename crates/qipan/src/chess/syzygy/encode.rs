//! The index of a position inside a table: the symmetry tables and the combinatorial numbering of
//! the Syzygy format.
//!
//! The tables and `encode` follow Fathom's tbprobe.c closely, under its licence:
//!
//! Copyright (c) 2013-2018 Ronald de Man; Copyright (c) 2015 basil00;
//! Modifications Copyright (c) 2016-2025 by Jon Dart.
//! Permission is hereby granted, free of charge, to any person obtaining a copy of this software
//! and associated documentation files (the "Software"), to deal in the Software without
//! restriction, including without limitation the rights to use, copy, modify, merge, publish,
//! distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the
//! Software is furnished to do so, subject to the following conditions: The above copyright notice
//! and this permission notice shall be included in all copies or substantial portions of the
//! Software. THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED,
//! INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE
//! AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
//! DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
//! OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.

/// Most pieces a table holds.
pub(crate) const MAX_PIECES: usize = 7;

#[rustfmt::skip]
const OFF_DIAG: [i8; 64] = [
    0,-1,-1,-1,-1,-1,-1,-1,
    1, 0,-1,-1,-1,-1,-1,-1,
    1, 1, 0,-1,-1,-1,-1,-1,
    1, 1, 1, 0,-1,-1,-1,-1,
    1, 1, 1, 1, 0,-1,-1,-1,
    1, 1, 1, 1, 1, 0,-1,-1,
    1, 1, 1, 1, 1, 1, 0,-1,
    1, 1, 1, 1, 1, 1, 1, 0,
];

#[rustfmt::skip]
const TRIANGLE: [u8; 64] = [
    6, 0, 1, 2, 2, 1, 0, 6,
    0, 7, 3, 4, 4, 3, 7, 0,
    1, 3, 8, 5, 5, 8, 3, 1,
    2, 4, 5, 9, 9, 5, 4, 2,
    2, 4, 5, 9, 9, 5, 4, 2,
    1, 3, 8, 5, 5, 8, 3, 1,
    0, 7, 3, 4, 4, 3, 7, 0,
    6, 0, 1, 2, 2, 1, 0, 6,
];

#[rustfmt::skip]
const LOWER: [u8; 64] = [
    28,  0,  1,  2,  3,  4,  5,  6,
     0, 29,  7,  8,  9, 10, 11, 12,
     1,  7, 30, 13, 14, 15, 16, 17,
     2,  8, 13, 31, 18, 19, 20, 21,
     3,  9, 14, 18, 32, 22, 23, 24,
     4, 10, 15, 19, 22, 33, 25, 26,
     5, 11, 16, 20, 23, 25, 34, 27,
     6, 12, 17, 21, 24, 26, 27, 35,
];

#[rustfmt::skip]
const DIAG: [u8; 64] = [
     0,  0,  0,  0,  0,  0,  0,  8,
     0,  1,  0,  0,  0,  0,  9,  0,
     0,  0,  2,  0,  0, 10,  0,  0,
     0,  0,  0,  3, 11,  0,  0,  0,
     0,  0,  0, 12,  4,  0,  0,  0,
     0,  0, 13,  0,  0,  5,  0,  0,
     0, 14,  0,  0,  0,  0,  6,  0,
    15,  0,  0,  0,  0,  0,  0,  7,
];

#[rustfmt::skip]
const FLAP: [u8; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
     0,  6, 12, 18, 18, 12,  6,  0,
     1,  7, 13, 19, 19, 13,  7,  1,
     2,  8, 14, 20, 20, 14,  8,  2,
     3,  9, 15, 21, 21, 15,  9,  3,
     4, 10, 16, 22, 22, 16, 10,  4,
     5, 11, 17, 23, 23, 17, 11,  5,
     0,  0,  0,  0,  0,  0,  0,  0,
];

#[rustfmt::skip]
const PAWN_TWIST: [u8; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
    47, 35, 23, 11, 10, 22, 34, 46,
    45, 33, 21,  9,  8, 20, 32, 44,
    43, 31, 19,  7,  6, 18, 30, 42,
    41, 29, 17,  5,  4, 16, 28, 40,
    39, 27, 15,  3,  2, 14, 26, 38,
    37, 25, 13,  1,  0, 12, 24, 36,
     0,  0,  0,  0,  0,  0,  0,  0,
];

/// The index of two kings (king of the side whose pieces come first in the table, other king)
/// under the 8 symmetries of the board: 462 placements.
#[rustfmt::skip]
const KK_IDX: [[i16; 64]; 10] = [
  [ -1, -1, -1,  0,  1,  2,  3,  4, -1, -1, -1,  5,  6,  7,  8,  9,
    10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
    26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41,
    42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57 ],
  [ 58, -1, -1, -1, 59, 60, 61, 62, 63, -1, -1, -1, 64, 65, 66, 67,
    68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83,
    84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99,
   100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115],
  [116,117, -1, -1, -1,118,119,120,121,122, -1, -1, -1,123,124,125,
   126,127,128,129,130,131,132,133,134,135,136,137,138,139,140,141,
   142,143,144,145,146,147,148,149,150,151,152,153,154,155,156,157,
   158,159,160,161,162,163,164,165,166,167,168,169,170,171,172,173 ],
  [174, -1, -1, -1,175,176,177,178,179, -1, -1, -1,180,181,182,183,
   184, -1, -1, -1,185,186,187,188,189,190,191,192,193,194,195,196,
   197,198,199,200,201,202,203,204,205,206,207,208,209,210,211,212,
   213,214,215,216,217,218,219,220,221,222,223,224,225,226,227,228 ],
  [229,230, -1, -1, -1,231,232,233,234,235, -1, -1, -1,236,237,238,
   239,240, -1, -1, -1,241,242,243,244,245,246,247,248,249,250,251,
   252,253,254,255,256,257,258,259,260,261,262,263,264,265,266,267,
   268,269,270,271,272,273,274,275,276,277,278,279,280,281,282,283 ],
  [284,285,286,287,288,289,290,291,292,293, -1, -1, -1,294,295,296,
   297,298, -1, -1, -1,299,300,301,302,303, -1, -1, -1,304,305,306,
   307,308,309,310,311,312,313,314,315,316,317,318,319,320,321,322,
   323,324,325,326,327,328,329,330,331,332,333,334,335,336,337,338 ],
  [ -1, -1,339,340,341,342,343,344, -1, -1,345,346,347,348,349,350,
    -1, -1,441,351,352,353,354,355, -1, -1, -1,442,356,357,358,359,
    -1, -1, -1, -1,443,360,361,362, -1, -1, -1, -1, -1,444,363,364,
    -1, -1, -1, -1, -1, -1,445,365, -1, -1, -1, -1, -1, -1, -1,446 ],
  [ -1, -1, -1,366,367,368,369,370, -1, -1, -1,371,372,373,374,375,
    -1, -1, -1,376,377,378,379,380, -1, -1, -1,447,381,382,383,384,
    -1, -1, -1, -1,448,385,386,387, -1, -1, -1, -1, -1,449,388,389,
    -1, -1, -1, -1, -1, -1,450,390, -1, -1, -1, -1, -1, -1, -1,451 ],
  [452,391,392,393,394,395,396,397, -1, -1, -1, -1,398,399,400,401,
    -1, -1, -1, -1,402,403,404,405, -1, -1, -1, -1,406,407,408,409,
    -1, -1, -1, -1,453,410,411,412, -1, -1, -1, -1, -1,454,413,414,
    -1, -1, -1, -1, -1, -1,455,415, -1, -1, -1, -1, -1, -1, -1,456 ],
  [457,416,417,418,419,420,421,422, -1,458,423,424,425,426,427,428,
    -1, -1, -1, -1, -1,429,430,431, -1, -1, -1, -1, -1,432,433,434,
    -1, -1, -1, -1, -1,435,436,437, -1, -1, -1, -1, -1,459,438,439,
    -1, -1, -1, -1, -1, -1,460,440, -1, -1, -1, -1, -1, -1, -1,461 ],
];

const FILE_TO_FILE: [u8; 8] = [0, 1, 2, 3, 3, 2, 1, 0];

/// Binomial coefficients: `BINOMIAL[k][n]` = n choose k.
const BINOMIAL: [[u64; 64]; 7] = {
    let mut table = [[0u64; 64]; 7];
    let mut k = 0;
    while k < 7 {
        let mut n = 0;
        while n < 64 {
            // n choose k is 0 for n < k.
            if n >= k {
                let mut f: u64 = 1;
                let mut l: u64 = 1;
                let mut i = 0;
                while i < k {
                    f *= (n - i) as u64;
                    l *= (i + 1) as u64;
                    i += 1;
                }
                table[k][n] = f / l;
            }
            n += 1;
        }
        k += 1;
    }
    table
};

/// The index of the leading pawns (by their `FLAP` number) and the number of placements for each
/// file of the leading pawn, for 1 to 6 leading pawns.
const PAWN_IDX: ([[u64; 24]; 6], [[u64; 4]; 6]) = {
    let mut idx = [[0u64; 24]; 6];
    let mut factor = [[0u64; 4]; 6];
    let mut i = 0;
    while i < 6 {
        let mut s = 0;
        let mut j = 0;
        while j < 24 {
            idx[i][j] = s;
            s += BINOMIAL[i][PAWN_TWIST[(1 + (j % 6)) * 8 + (j / 6)] as usize];
            if (j + 1) % 6 == 0 {
                factor[i][j / 6] = s;
                s = 0;
            }
            j += 1;
        }
        i += 1;
    }
    (idx, factor)
};

/// How pieces are counted in one sub-table: the piece codes in order, the sizes of the groups of
/// like pieces, and the factor of each group in the index.
#[derive(Debug, Clone, Default)]
pub(crate) struct EncInfo {
    /// Piece codes (1..=6 white pawn..king, 9..=14 black) of the table's side order.
    pub pieces: [u8; MAX_PIECES],
    pub norm: [u8; MAX_PIECES],
    pub factor: [u64; MAX_PIECES],
}

/// The shape of a table's material, shared by its sub-tables.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Shape {
    pub num: usize,
    pub has_pawns: bool,
    /// Without pawns: whether the first group is the two kings (no other unique piece).
    pub kk_enc: bool,
    /// With pawns: the pawns of the leading colour, then of the other.
    pub pawns: [u8; 2],
}

fn subfactor(k: u64, n: u64) -> u64 {
    let mut f = n;
    let mut l = 1;
    for i in 1..k {
        f *= n - i;
        l *= i + 1;
    }
    f / l
}

/// Reads the enc info of one sub-table from its header bytes (`tb[0]`: the order nibbles, then the
/// piece codes) and returns it with the number of positions the sub-table indexes. `file` is the
/// leading pawn's file (0..4) for pawn tables. `None` when the header is inconsistent.
pub(crate) fn enc_info(
    shape: &Shape,
    tb: &[u8],
    shift: u32,
    file: usize,
) -> Option<(EncInfo, u64)> {
    let more_pawns = shape.has_pawns && shape.pawns[1] > 0;
    let mut ei = EncInfo::default();
    let n = shape.num;
    for i in 0..n {
        ei.pieces[i] = (tb.get(i + 1 + usize::from(more_pawns))? >> shift) & 0x0f;
    }
    let order = ((tb[0] >> shift) & 0x0f) as usize;
    let order2 = if more_pawns {
        ((tb[1] >> shift) & 0x0f) as usize
    } else {
        0x0f
    };
    let mut k = if shape.has_pawns {
        shape.pawns[0] as usize
    } else if shape.kk_enc {
        2
    } else {
        3
    };
    ei.norm[0] = k as u8;
    if more_pawns {
        ei.norm[k] = shape.pawns[1];
        k += shape.pawns[1] as usize;
    }
    let mut i = k;
    while i < n {
        let mut j = i;
        while j < n && ei.pieces[j] == ei.pieces[i] {
            ei.norm[i] += 1;
            j += 1;
        }
        i += ei.norm[i] as usize;
    }
    let mut free = 64 - k as u64;
    let mut f: u64 = 1;
    let mut i = 0;
    while k < n || i == order || i == order2 {
        if i == order {
            ei.factor[0] = f;
            f *= if shape.has_pawns {
                PAWN_IDX.1[ei.norm[0] as usize - 1][file]
            } else if shape.kk_enc {
                462
            } else {
                31332
            };
        } else if i == order2 {
            let lead = ei.norm[0] as usize;
            ei.factor[lead] = f;
            f *= subfactor(ei.norm[lead] as u64, 48 - lead as u64);
        } else {
            ei.factor[k] = f;
            let group = ei.norm[k] as u64;
            if group == 0 || group > free {
                return None;
            }
            f *= subfactor(group, free);
            free -= group;
            k += group as usize;
        }
        i += 1;
        if i > 16 {
            return None;
        }
    }
    Some((ei, f))
}

/// Puts the leading pawn (the one first in the `FLAP` order) first and returns its file group.
pub(crate) fn leading_pawn(p: &mut [u8], lead_pawns: usize) -> usize {
    for i in 1..lead_pawns {
        if FLAP[p[0] as usize] > FLAP[p[i] as usize] {
            p.swap(0, i);
        }
    }
    FILE_TO_FILE[(p[0] & 7) as usize] as usize
}

/// The index of the squares `p` (in the order of `ei.pieces`) in a sub-table; `u64::MAX` when
/// the squares cannot be indexed (the caller checks the index against the sub-table's size).
pub(crate) fn encode(p: &mut [u8], ei: &EncInfo, shape: &Shape) -> u64 {
    let n = shape.num;
    let p = &mut p[..n];
    if p[0] & 0x04 != 0 {
        for sq in p.iter_mut() {
            *sq ^= 0x07;
        }
    }
    let mut k;
    let mut idx;
    if !shape.has_pawns {
        if p[0] & 0x20 != 0 {
            for sq in p.iter_mut() {
                *sq ^= 0x38;
            }
        }
        let unique = if shape.kk_enc { 2 } else { 3 };
        for i in 0..n {
            let off = OFF_DIAG[p[i] as usize];
            if off != 0 {
                if off > 0 && i < unique {
                    for sq in p.iter_mut() {
                        *sq = (*sq >> 3) | ((*sq & 7) << 3);
                    }
                }
                break;
            }
        }
        if shape.kk_enc {
            let kk = KK_IDX[TRIANGLE[p[0] as usize] as usize][p[1] as usize];
            // -1: not a placement of two kings (a damaged header put other pieces first).
            let Ok(kk) = u64::try_from(kk) else {
                return u64::MAX;
            };
            idx = kk;
            k = 2;
        } else {
            let s1 = u64::from(p[1] > p[0]);
            let s2 = u64::from(p[2] > p[0]) + u64::from(p[2] > p[1]);
            let (p0, p1, p2) = (p[0] as usize, p[1] as usize, p[2] as usize);
            idx = if OFF_DIAG[p0] != 0 {
                TRIANGLE[p0] as u64 * 63 * 62 + (p1 as u64 - s1) * 62 + (p2 as u64 - s2)
            } else if OFF_DIAG[p1] != 0 {
                6 * 63 * 62 + DIAG[p0] as u64 * 28 * 62 + LOWER[p1] as u64 * 62 + p2 as u64 - s2
            } else if OFF_DIAG[p2] != 0 {
                6 * 63 * 62
                    + 4 * 28 * 62
                    + DIAG[p0] as u64 * 7 * 28
                    + (DIAG[p1] as u64 - s1) * 28
                    + LOWER[p2] as u64
            } else {
                6 * 63 * 62
                    + 4 * 28 * 62
                    + 4 * 7 * 28
                    + DIAG[p0] as u64 * 7 * 6
                    + (DIAG[p1] as u64 - s1) * 6
                    + (DIAG[p2] as u64 - s2)
            };
            k = 3;
        }
        idx *= ei.factor[0];
    } else {
        let lead = shape.pawns[0] as usize;
        for i in 1..lead {
            for j in i + 1..lead {
                if PAWN_TWIST[p[i] as usize] < PAWN_TWIST[p[j] as usize] {
                    p.swap(i, j);
                }
            }
        }
        k = lead;
        idx = PAWN_IDX.0[k - 1][FLAP[p[0] as usize] as usize];
        for i in 1..k {
            idx += BINOMIAL[k - i][PAWN_TWIST[p[i] as usize] as usize];
        }
        idx *= ei.factor[0];
        // The pawns of the other colour: on the 48 squares of ranks 2..7 not taken by the leading
        // colour's pawns.
        let other = shape.pawns[1] as usize;
        if other > 0 {
            let t = k + other;
            p[k..t].sort_unstable();
            let mut s = 0;
            for i in k..t {
                let sq = p[i] as u64;
                let skips = p[..k].iter().filter(|&&q| sq > q as u64).count() as u64;
                s += BINOMIAL[i - k + 1][(sq - skips).saturating_sub(8) as usize];
            }
            idx += s * ei.factor[k];
            k = t;
        }
    }
    while k < n {
        let t = (k + ei.norm[k].max(1) as usize).min(n);
        p[k..t].sort_unstable();
        let mut s = 0;
        for i in k..t {
            let sq = p[i] as u64;
            let skips = p[..k].iter().filter(|&&q| sq > q as u64).count() as u64;
            s += BINOMIAL[i - k + 1][(sq - skips) as usize];
        }
        idx += s * ei.factor[k];
        k = t;
    }
    idx
}
