//! Attack tables, all built at compile time by `const fn` (no build script, no lazy init).
//!
//! Sliding pieces use fancy magic bitboards on native targets (with the widely published magic
//! numbers, checked for destructive collisions while the table is built) and the table-free
//! obstruction-difference method on `wasm32`, which keeps the `.wasm` small.
//!
//! ```
//! use qipan::chess::{attacks, Bitboard, Square};
//! assert_eq!(attacks::knight_attacks(Square::A1).count(), 2);
//! let occ = Bitboard::from_square(Square::A4);
//! assert_eq!(attacks::rook_attacks(Square::A1, occ).count(), 3 + 7);
//! assert_eq!(attacks::between(Square::A1, Square::A4).count(), 2);
//! ```

use super::{Bitboard, Square};
use crate::Color;

#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (-1, -1), (1, -1), (-1, 1)];

/// Slow sliding attacks, for building tables.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
const fn slide(sq: usize, occ: u64, dirs: &[(i32, i32); 4]) -> u64 {
    let mut att = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut f = (sq % 8) as i32 + df;
        let mut r = (sq / 8) as i32 + dr;
        while f >= 0 && f < 8 && r >= 0 && r < 8 {
            let bit = 1u64 << (r * 8 + f);
            att |= bit;
            if occ & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        d += 1;
    }
    att
}

const fn step_table(deltas: &[(i32, i32)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < deltas.len() {
            let f = (sq % 8) as i32 + deltas[i].0;
            let r = (sq / 8) as i32 + deltas[i].1;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[sq] |= 1u64 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

static KNIGHT: [u64; 64] = step_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
static KING: [u64; 64] = step_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
static PAWN: [[u64; 64]; 2] = [
    step_table(&[(-1, 1), (1, 1)]),
    step_table(&[(-1, -1), (1, -1)]),
];

const fn line_tables() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let dirs = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, -1),
        (1, -1),
        (-1, 1),
    ];
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = dirs[d];
            let opposite = if d % 2 == 0 { d + 1 } else { d - 1 };
            let full = ray(a, dirs[d]) | ray(a, dirs[opposite]) | 1u64 << a;
            let mut f = (a % 8) as i32 + df;
            let mut r = (a / 8) as i32 + dr;
            let mut seen = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                let b = (r * 8 + f) as usize;
                between[a][b] = seen;
                line[a][b] = full;
                seen |= 1u64 << b;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

const fn ray(sq: usize, dir: (i32, i32)) -> u64 {
    let mut att = 0u64;
    let mut f = (sq % 8) as i32 + dir.0;
    let mut r = (sq / 8) as i32 + dir.1;
    while f >= 0 && f < 8 && r >= 0 && r < 8 {
        att |= 1u64 << (r * 8 + f);
        f += dir.0;
        r += dir.1;
    }
    att
}

static LINES: ([[u64; 64]; 64], [[u64; 64]; 64]) = line_tables();

const fn empty_board(dirs: &[(i32, i32); 4]) -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 4 {
            out[sq] |= ray(sq, dirs[d]);
            d += 1;
        }
        sq += 1;
    }
    out
}

static ROOK_RAYS: [u64; 64] = empty_board(&[(1, 0), (-1, 0), (0, 1), (0, -1)]);
static BISHOP_RAYS: [u64; 64] = empty_board(&[(1, 1), (-1, -1), (1, -1), (-1, 1)]);

/// Squares a rook on `sq` attacks on an empty board.
#[inline]
pub fn rook_rays(sq: Square) -> Bitboard {
    Bitboard(ROOK_RAYS[sq.index()])
}

/// Squares a bishop on `sq` attacks on an empty board.
#[inline]
pub fn bishop_rays(sq: Square) -> Bitboard {
    Bitboard(BISHOP_RAYS[sq.index()])
}

/// Squares a knight on `sq` attacks.
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

/// Squares a king on `sq` attacks.
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// Squares a pawn of `color` on `sq` attacks (captures diagonally forward).
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index()][sq.index()])
}

/// Squares strictly between `a` and `b` when they share a rank, file or diagonal; else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(LINES.0[a.index()][b.index()])
}

/// The whole line (rank, file or diagonal, edge to edge) through `a` and `b`; empty when they
/// are not aligned or equal.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINES.1[a.index()][b.index()])
}

/// Whether `c` is on the line through `a` and `b`.
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

/// Squares a queen on `sq` attacks, given the occupied squares.
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Squares a rook on `sq` attacks, given the occupied squares.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    #[cfg(not(target_arch = "wasm32"))]
    {
        magic::rook(sq.index(), occupied.0)
    }
    #[cfg(target_arch = "wasm32")]
    {
        obstruction::rook(sq.index(), occupied.0)
    }
}

/// Squares a bishop on `sq` attacks, given the occupied squares.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    #[cfg(not(target_arch = "wasm32"))]
    {
        magic::bishop(sq.index(), occupied.0)
    }
    #[cfg(target_arch = "wasm32")]
    {
        obstruction::bishop(sq.index(), occupied.0)
    }
}

/// Slow reference attacks for the slider `role` (rook or bishop; anything else: queen).
#[cfg(test)]
fn slow(rook: bool, sq: usize, occ: u64) -> u64 {
    slide(sq, occ, if rook { &ROOK_DIRS } else { &BISHOP_DIRS })
}

/// Fancy magic bitboards.
#[cfg(not(target_arch = "wasm32"))]
mod magic {
    use super::{slide, Bitboard, BISHOP_DIRS, ROOK_DIRS};

    #[derive(Clone, Copy)]
    struct Magic {
        mask: u64,
        magic: u64,
        shift: u32,
        offset: u32,
    }

    // The magic numbers are the widely published set for "plain" magics with 12/11/10 index
    // bits for rooks and 9/7/6/5 for bishops (one per square, a1 first).
    const ROOK_MAGICS: [u64; 64] = [
        0x8a80104000800020,
        0x140002000100040,
        0x2801880a0017001,
        0x100081001000420,
        0x200020010080420,
        0x3001c0002010008,
        0x8480008002000100,
        0x2080088004402900,
        0x800098204000,
        0x2024401000200040,
        0x100802000801000,
        0x120800800801000,
        0x208808088000400,
        0x2802200800400,
        0x2200800100020080,
        0x801000060821100,
        0x80044006422000,
        0x100808020004000,
        0x12108a0010204200,
        0x140848010000802,
        0x481828014002800,
        0x8094004002004100,
        0x4010040010010802,
        0x20008806104,
        0x100400080208000,
        0x2040002120081000,
        0x21200680100081,
        0x20100080080080,
        0x2000a00200410,
        0x20080800400,
        0x80088400100102,
        0x80004600042881,
        0x4040008040800020,
        0x440003000200801,
        0x4200011004500,
        0x188020010100100,
        0x14800401802800,
        0x2080040080800200,
        0x124080204001001,
        0x200046502000484,
        0x480400080088020,
        0x1000422010034000,
        0x30200100110040,
        0x100021010009,
        0x2002080100110004,
        0x202008004008002,
        0x20020004010100,
        0x2048440040820001,
        0x101002200408200,
        0x40802000401080,
        0x4008142004410100,
        0x2060820c0120200,
        0x1001004080100,
        0x20c020080040080,
        0x2935610830022400,
        0x44440041009200,
        0x280001040802101,
        0x2100190040002085,
        0x80c0084100102001,
        0x4024081001000421,
        0x20030a0244872,
        0x12001008414402,
        0x2006104900a0804,
        0x1004081002402,
    ];
    const BISHOP_MAGICS: [u64; 64] = [
        0x40040844404084,
        0x2004208a004208,
        0x10190041080202,
        0x108060845042010,
        0x581104180800210,
        0x2112080446200010,
        0x1080820820060210,
        0x3c0808410220200,
        0x4050404440404,
        0x21001420088,
        0x24d0080801082102,
        0x1020a0a020400,
        0x40308200402,
        0x4011002100800,
        0x401484104104005,
        0x801010402020200,
        0x400210c3880100,
        0x404022024108200,
        0x810018200204102,
        0x4002801a02003,
        0x85040820080400,
        0x810102c808880400,
        0xe900410884800,
        0x8002020480840102,
        0x220200865090201,
        0x2010100a02021202,
        0x152048408022401,
        0x20080002081110,
        0x4001001021004000,
        0x800040400a011002,
        0xe4004081011002,
        0x1c004001012080,
        0x8004200962a00220,
        0x8422100208500202,
        0x2000402200300c08,
        0x8646020080080080,
        0x80020a0200100808,
        0x2010004880111000,
        0x623000a080011400,
        0x42008c0340209202,
        0x209188240001000,
        0x400408a884001800,
        0x110400a6080400,
        0x1840060a44020800,
        0x90080104000041,
        0x201011000808101,
        0x1a2208080504f080,
        0x8012020600211212,
        0x500861011240000,
        0x180806108200800,
        0x4000020e01040044,
        0x300000261044000a,
        0x802241102020002,
        0x20906061210001,
        0x5a84841004010310,
        0x4010801011c04,
        0xa010109502200,
        0x4a02012000,
        0x500201010098b028,
        0x8040002811040900,
        0x28000010020204,
        0x6000020202d0240,
        0x8918844842082200,
        0x4010011029020020,
    ];

    /// The relevant occupancy: the rays without their last square.
    const fn relevant(sq: usize, dirs: &[(i32, i32); 4]) -> u64 {
        let mut mask = 0u64;
        let mut d = 0;
        while d < 4 {
            let (df, dr) = dirs[d];
            let mut f = (sq % 8) as i32 + df;
            let mut r = (sq / 8) as i32 + dr;
            while f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8 {
                mask |= 1u64 << (r * 8 + f);
                f += df;
                r += dr;
            }
            d += 1;
        }
        mask
    }

    const fn magics(numbers: &[u64; 64], dirs: &[(i32, i32); 4], start: u32) -> [Magic; 64] {
        let mut out = [Magic {
            mask: 0,
            magic: 0,
            shift: 0,
            offset: 0,
        }; 64];
        let mut offset = start;
        let mut sq = 0;
        while sq < 64 {
            let mask = relevant(sq, dirs);
            let bits = mask.count_ones();
            out[sq] = Magic {
                mask,
                magic: numbers[sq],
                shift: 64 - bits,
                offset,
            };
            offset += 1 << bits;
            sq += 1;
        }
        out
    }

    const ROOK: [Magic; 64] = magics(&ROOK_MAGICS, &ROOK_DIRS, 0);
    const ROOK_SIZE: usize = (ROOK[63].offset + (1 << (64 - ROOK[63].shift))) as usize;
    const BISHOP: [Magic; 64] = magics(&BISHOP_MAGICS, &BISHOP_DIRS, ROOK_SIZE as u32);
    const SIZE: usize = (BISHOP[63].offset + (1 << (64 - BISHOP[63].shift))) as usize;

    static ROOK_TABLE: [Magic; 64] = ROOK;
    static BISHOP_TABLE: [Magic; 64] = BISHOP;

    const fn fill(table: &mut [u64; SIZE], magics: &[Magic; 64], dirs: &[(i32, i32); 4]) {
        let mut sq = 0;
        while sq < 64 {
            let m = magics[sq];
            let mut sub = 0u64;
            loop {
                let index = m.offset as usize + (sub.wrapping_mul(m.magic) >> m.shift) as usize;
                let att = slide(sq, sub, dirs);
                // Every attack set is non-empty, so 0 marks a free slot.
                assert!(
                    table[index] == 0 || table[index] == att,
                    "destructive magic collision"
                );
                table[index] = att;
                sub = sub.wrapping_sub(m.mask) & m.mask;
                if sub == 0 {
                    break;
                }
            }
            sq += 1;
        }
    }

    const fn build() -> [u64; SIZE] {
        let mut table = [0u64; SIZE];
        fill(&mut table, &ROOK, &ROOK_DIRS);
        fill(&mut table, &BISHOP, &BISHOP_DIRS);
        table
    }

    static ATTACKS: [u64; SIZE] = build();

    #[inline(always)]
    pub fn rook(sq: usize, occ: u64) -> Bitboard {
        let m = &ROOK_TABLE[sq];
        Bitboard(
            ATTACKS[m.offset as usize + ((occ & m.mask).wrapping_mul(m.magic) >> m.shift) as usize],
        )
    }

    #[inline(always)]
    pub fn bishop(sq: usize, occ: u64) -> Bitboard {
        let m = &BISHOP_TABLE[sq];
        Bitboard(
            ATTACKS[m.offset as usize + ((occ & m.mask).wrapping_mul(m.magic) >> m.shift) as usize],
        )
    }
}

/// Obstruction difference: per square and line, the ray below and the ray above the square; the
/// nearest blocker below is the highest occupied bit of the lower ray, the nearest above the
/// lowest occupied bit of the upper ray, and the attacks are the line between them.
#[cfg_attr(not(any(test, target_arch = "wasm32")), allow(dead_code))]
mod obstruction {
    use super::{ray, Bitboard};

    /// `[square][line] = (lower, upper)`; lines: file, rank, diagonal, anti-diagonal.
    const fn masks() -> [[(u64, u64); 4]; 64] {
        let mut out = [[(0u64, 0u64); 4]; 64];
        let mut sq = 0;
        while sq < 64 {
            // Each pair: the direction that goes to higher indices, then its opposite.
            out[sq][0] = (ray(sq, (0, -1)), ray(sq, (0, 1)));
            out[sq][1] = (ray(sq, (-1, 0)), ray(sq, (1, 0)));
            out[sq][2] = (ray(sq, (-1, -1)), ray(sq, (1, 1)));
            out[sq][3] = (ray(sq, (1, -1)), ray(sq, (-1, 1)));
            sq += 1;
        }
        out
    }

    static MASKS: [[(u64, u64); 4]; 64] = masks();

    #[inline(always)]
    fn line(sq: usize, which: usize, occ: u64) -> u64 {
        let (lower, upper) = MASKS[sq][which];
        let below = lower & occ;
        let above = (upper & occ) | (1 << 63);
        let nearest_above = above & above.wrapping_neg();
        let nearest_below = 1u64 << (63 - (below | 1).leading_zeros());
        (nearest_above.wrapping_sub(nearest_below) | nearest_above) & (lower | upper)
    }

    #[inline]
    pub fn rook(sq: usize, occ: u64) -> Bitboard {
        Bitboard(line(sq, 0, occ) | line(sq, 1, occ))
    }

    #[inline]
    pub fn bishop(sq: usize, occ: u64) -> Bitboard {
        Bitboard(line(sq, 2, occ) | line(sq, 3, occ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn sliders_match_slow_reference() {
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            let occ = xorshift(&mut s) & xorshift(&mut s);
            for sq in Square::all() {
                let i = sq.index();
                assert_eq!(rook_attacks(sq, Bitboard(occ)).0, slow(true, i, occ));
                assert_eq!(bishop_attacks(sq, Bitboard(occ)).0, slow(false, i, occ));
                assert_eq!(obstruction::rook(i, occ).0, slow(true, i, occ));
                assert_eq!(obstruction::bishop(i, occ).0, slow(false, i, occ));
            }
        }
    }

    #[test]
    fn lines() {
        assert_eq!(between(Square::A1, Square::H8).count(), 6);
        assert_eq!(between(Square::A1, Square::B3), Bitboard::EMPTY);
        assert_eq!(line(Square::B2, Square::C3).count(), 8);
        assert_eq!(line(Square::B2, Square::C4), Bitboard::EMPTY);
        assert!(aligned(Square::A1, Square::C3, Square::H8));
        assert_eq!(pawn_attacks(Color::White, Square::A2).count(), 1);
        assert!(pawn_attacks(Color::Black, Square::E5).contains(Square::D4));
        assert_eq!(king_attacks(Square::E4).count(), 8);
    }
}
