//! Step tables of the short-range pieces, built at compile time by `const fn`.
//!
//! Every table is indexed by square index (`rank * 9 + file`) and lists targets (with the square
//! that blocks them, for the horse and the elephant), padded with [`NONE`]. Chariots and cannons
//! use the per-rank and per-file occupancy masks of the board instead of tables.

/// No square: padding of the tables and "captured" in the piece lists.
pub(crate) const NONE: u8 = 0xFF;

/// The point of each square index as `rank << 4 | file`: no division by 9 where a move is read.
/// Indices 90–255 (among them [`NONE`], a captured piece) get rank and file 14, on no line with
/// any point.
pub(crate) static COORDS: [u8; 256] = {
    let mut t = [0xEE; 256];
    let mut i = 0;
    while i < 90 {
        t[i] = (((i / 9) << 4) | (i % 9)) as u8;
        i += 1;
    }
    t
};

const fn sq(f: i32, r: i32) -> u8 {
    (r * 9 + f) as u8
}

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 9 && r >= 0 && r < 10
}

const fn in_palace(f: i32, r: i32) -> bool {
    f >= 3 && f <= 5 && ((r >= 0 && r <= 2) || (r >= 7 && r <= 9))
}

/// The advisor points: the palace corners and centres.
pub(crate) const fn is_advisor_point(f: i32, r: i32) -> bool {
    in_palace(f, r) && (f + r) % 2 == if r <= 2 { 1 } else { 0 }
}

/// The elephant points of either side.
pub(crate) const fn is_elephant_point(f: i32, r: i32) -> bool {
    let rr = if r >= 5 { 9 - r } else { r };
    on_board(f, r) && (rr == 0 || rr == 2 || rr == 4) && f % 2 == 0 && (f / 2 + rr / 2) % 2 == 1
}

const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

const fn general_steps() -> [[u8; 4]; 90] {
    let mut t = [[NONE; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        if in_palace(f, r) {
            let mut n = 0;
            let mut i = 0;
            while i < 4 {
                let (nf, nr) = (f + ORTHO[i].0, r + ORTHO[i].1);
                if in_palace(nf, nr) {
                    t[s][n] = sq(nf, nr);
                    n += 1;
                }
                i += 1;
            }
        }
        s += 1;
    }
    t
}

const fn advisor_steps() -> [[u8; 4]; 90] {
    let mut t = [[NONE; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        if is_advisor_point(f, r) {
            let mut n = 0;
            let mut i = 0;
            while i < 4 {
                let (nf, nr) = (f + DIAG[i].0, r + DIAG[i].1);
                if is_advisor_point(nf, nr) {
                    t[s][n] = sq(nf, nr);
                    n += 1;
                }
                i += 1;
            }
        }
        s += 1;
    }
    t
}

/// (target, eye) of the elephant; the target stays on the same side of the river.
const fn elephant_steps() -> [[(u8, u8); 4]; 90] {
    let mut t = [[(NONE, NONE); 4]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut n = 0;
        let mut i = 0;
        while i < 4 {
            let (nf, nr) = (f + 2 * DIAG[i].0, r + 2 * DIAG[i].1);
            if on_board(nf, nr) && (nr <= 4) == (r <= 4) {
                t[s][n] = (sq(nf, nr), sq(f + DIAG[i].0, r + DIAG[i].1));
                n += 1;
            }
            i += 1;
        }
        s += 1;
    }
    t
}

/// (target, leg) of the horse; the leg is the orthogonal neighbour of the horse.
const fn horse_steps() -> [[(u8, u8); 8]; 90] {
    let mut t = [[(NONE, NONE); 8]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut n = 0;
        let mut i = 0;
        while i < 4 {
            let (lf, lr) = (f + ORTHO[i].0, r + ORTHO[i].1);
            let mut side = -1;
            while side <= 1 {
                // Outward: twice the leg direction plus one step across it.
                let (nf, nr) = if ORTHO[i].0 != 0 {
                    (f + 2 * ORTHO[i].0, r + side)
                } else {
                    (f + side, r + 2 * ORTHO[i].1)
                };
                if on_board(nf, nr) {
                    t[s][n] = (sq(nf, nr), sq(lf, lr));
                    n += 1;
                }
                side += 2;
            }
            i += 1;
        }
        s += 1;
    }
    t
}

/// Soldier steps of Red (`[0]`) and Black (`[1]`): forward, and sideways after the river.
const fn soldier_steps() -> [[[u8; 3]; 90]; 2] {
    let mut t = [[[NONE; 3]; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let fwd = if c == 0 { 1 } else { -1 };
        let mut s = 0;
        while s < 90 {
            let (f, r) = ((s % 9) as i32, (s / 9) as i32);
            let mut n = 0;
            if on_board(f, r + fwd) {
                t[c][s][n] = sq(f, r + fwd);
                n += 1;
            }
            let crossed = if c == 0 { r >= 5 } else { r <= 4 };
            if crossed {
                if f > 0 {
                    t[c][s][n] = sq(f - 1, r);
                    n += 1;
                }
                if f < 8 {
                    t[c][s][n] = sq(f + 1, r);
                }
            }
            s += 1;
        }
        c += 1;
    }
    t
}

/// General steps (orthogonal, inside the palace).
pub(crate) static GENERAL_STEPS: [[u8; 4]; 90] = general_steps();
/// Advisor steps (diagonal, on the palace diagonals).
pub(crate) static ADVISOR_STEPS: [[u8; 4]; 90] = advisor_steps();
/// Elephant (target, eye) pairs.
pub(crate) static ELEPHANT_STEPS: [[(u8, u8); 4]; 90] = elephant_steps();
/// Horse (target, leg) pairs.
pub(crate) static HORSE_STEPS: [[(u8, u8); 8]; 90] = horse_steps();
/// Soldier steps by colour index.
pub(crate) static SOLDIER_STEPS: [[[u8; 3]; 90]; 2] = soldier_steps();

const fn horse_legs() -> [[u8; 90]; 90] {
    let mut t = [[NONE; 90]; 90];
    let steps = horse_steps();
    let mut h = 0;
    while h < 90 {
        let mut i = 0;
        while i < 8 {
            let (to, leg) = steps[h][i];
            if to != NONE {
                t[h][to as usize] = leg;
            }
            i += 1;
        }
        h += 1;
    }
    t
}

/// `HORSE_LEGS[h][g]`: the leg of a horse on `h` jumping to `g`, or [`NONE`].
static HORSE_LEGS: [[u8; 90]; 90] = horse_legs();

/// The leg square of a horse on `h` that attacks `g`, or `None` when `g` is not a horse jump
/// away. The leg is next to the horse, never next to the target.
#[inline(always)]
pub(crate) fn horse_leg(h: usize, g: usize) -> Option<usize> {
    let leg = HORSE_LEGS[h][g];
    (leg != NONE).then_some(leg as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(row: &[u8]) -> usize {
        row.iter().take_while(|&&s| s != NONE).count()
    }

    #[test]
    fn table_shapes() {
        // Palace centre e1: four general steps and four advisor steps.
        assert_eq!(count(&GENERAL_STEPS[13]), 4);
        assert_eq!(count(&ADVISOR_STEPS[13]), 4);
        // Corner d0: general to e0 and d1, advisor to e1 only.
        assert_eq!(count(&GENERAL_STEPS[3]), 2);
        assert_eq!(ADVISOR_STEPS[3][..2], [13, NONE]);
        // Outside the palace: nothing.
        assert_eq!(count(&GENERAL_STEPS[2]), 0);
        let points = (0..90).filter(|&s| is_elephant_point(s % 9, s / 9)).count();
        assert_eq!(points, 14);
        let points = (0..90).filter(|&s| is_advisor_point(s % 9, s / 9)).count();
        assert_eq!(points, 10);
        // Horse in the centre: 8 targets; in a corner: 2.
        assert_eq!(HORSE_STEPS[40].iter().filter(|p| p.0 != NONE).count(), 8);
        assert_eq!(HORSE_STEPS[0].iter().filter(|p| p.0 != NONE).count(), 2);
        // Elephant on c4 (index 38) cannot cross: a2 and e2 only.
        let e: Vec<u8> = ELEPHANT_STEPS[38]
            .iter()
            .filter(|p| p.0 != NONE)
            .map(|p| p.0)
            .collect();
        assert_eq!(e, vec![22, 18]);
        assert_eq!(horse_leg(40, 40 + 9 + 2), Some(41));
        assert_eq!(horse_leg(40, 40 + 18 + 1), Some(49));
        assert_eq!(horse_leg(40, 41), None);
    }
}
