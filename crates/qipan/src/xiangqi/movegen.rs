//! Strictly legal move generation: [`MoveList`], legal moves, bulk counting and
//! [`Xiangqi::is_legal`].
//!
//! Legality is decided without playing most moves. Before generating, one pass from the general
//! finds what could expose it: the first three pieces on each line from the general (a piece
//! pinned by a chariot or by the other general, the two screens in front of a cannon, an open line
//! to a cannon that a new piece would turn into a screen) and the occupied legs of enemy horses
//! next to it. Only moves from or to those squares, and general moves, are played on a copy and
//! tested. In check, only moves that capture the checker, block it, or take away a cannon's
//! screen are candidates, and each is tested.
//!
//! ```
//! use qipan::{Variant, Xiangqi, perft};
//! use qipan::xiangqi::{Move, Square};
//! let start = Xiangqi::start();
//! assert_eq!(start.legal_moves().len(), 44);
//! assert_eq!(start.count_legal_moves(), 44);
//! let mv = Move::new(Square::new(7, 2), Square::new(4, 2)); // h2e2, 炮二平五
//! assert!(start.is_legal(mv));
//! assert!(!start.is_legal(Move::new(Square::new(4, 0), Square::new(4, 2))));
//! assert_eq!(perft(&start, 3), 79666);
//! ```

use arrayvec::ArrayVec;

use super::position::{blockers_down, blockers_up, is, tag};
use super::tables::{
    horse_leg, ADVISOR_STEPS, ELEPHANT_STEPS, GENERAL_STEPS, HORSE_STEPS, NONE, SOLDIER_STEPS,
};
use super::{Move, Square, Xiangqi};
use crate::Color;

/// The legal moves of a position, on the stack (no position has more than 128 moves).
pub type MoveList = ArrayVec<Move, 128>;

/// Where generated moves go.
trait Sink {
    /// Whether [`Sink::add`] may be used for runs of moves that need no test.
    fn bulk(&self) -> bool;
    fn push(&mut self, from: usize, to: usize);
    fn add(&mut self, n: usize);
}

struct ListSink<'a>(&'a mut MoveList);

impl Sink for ListSink<'_> {
    #[inline(always)]
    fn bulk(&self) -> bool {
        false
    }
    #[inline(always)]
    fn push(&mut self, from: usize, to: usize) {
        self.0.push(Move {
            from: Square(from as u8),
            to: Square(to as u8),
        });
    }
    #[inline(always)]
    fn add(&mut self, _: usize) {}
}

struct CountSink(usize);

impl Sink for CountSink {
    #[inline(always)]
    fn bulk(&self) -> bool {
        true
    }
    #[inline(always)]
    fn push(&mut self, _: usize, _: usize) {
        self.0 += 1;
    }
    #[inline(always)]
    fn add(&mut self, n: usize) {
        self.0 += n;
    }
}

/// Lists (with a list) or counts (without): the one sink of WebAssembly builds, whose size
/// budget pays for one copy of the generator, not one per sink.
struct EitherSink<'a>(Option<&'a mut MoveList>, usize);

impl Sink for EitherSink<'_> {
    #[inline(always)]
    fn bulk(&self) -> bool {
        self.0.is_none()
    }
    #[inline(always)]
    fn push(&mut self, from: usize, to: usize) {
        match &mut self.0 {
            Some(list) => ListSink(list).push(from, to),
            None => self.1 += 1,
        }
    }
    #[inline(always)]
    fn add(&mut self, n: usize) {
        self.1 += n;
    }
}

/// Which pseudo-legal moves of one piece are legal.
trait Filter {
    /// Every move is legal (no test needed).
    const ALL: bool;
    fn ok(&self, pos: &Xiangqi, from: usize, to: usize) -> bool;
}

/// No test: the piece cannot expose its general.
struct All;
impl Filter for All {
    const ALL: bool = true;
    #[inline(always)]
    fn ok(&self, _: &Xiangqi, _: usize, _: usize) -> bool {
        true
    }
}

/// Test every move on a copy.
struct TestAll;
impl Filter for TestAll {
    const ALL: bool = false;
    #[inline(always)]
    fn ok(&self, pos: &Xiangqi, from: usize, to: usize) -> bool {
        pos.safe_after(from, to)
    }
}

/// General moves: is the target attacked once the general has left its square?
struct GeneralSafe;
impl Filter for GeneralSafe {
    const ALL: bool = false;
    #[inline(always)]
    fn ok(&self, pos: &Xiangqi, from: usize, to: usize) -> bool {
        !pos.general_attacked_at(pos.turn, to, from)
    }
}

/// Test only the moves to the marked squares (new cannon screens); the rest are legal.
struct TestTo(u128);
impl Filter for TestTo {
    const ALL: bool = false;
    #[inline(always)]
    fn ok(&self, pos: &Xiangqi, from: usize, to: usize) -> bool {
        self.0 >> to & 1 == 0 || pos.safe_after(from, to)
    }
}

/// In check: only moves to the marked squares can be legal; test those.
struct OnlyTo(u128);
impl Filter for OnlyTo {
    const ALL: bool = false;
    #[inline(always)]
    fn ok(&self, pos: &Xiangqi, from: usize, to: usize) -> bool {
        self.0 >> to & 1 != 0 && pos.safe_after(from, to)
    }
}

/// What [`Xiangqi::info`] gathers: checks, and pins for the case of no check.
#[derive(Default)]
struct Acc {
    in_check: bool,
    pin_from: u128,
    pin_to: u128,
    res_from: u128,
    res_to: u128,
}

/// What the general's surroundings say about the legality of the moves of the side to move.
struct Info {
    in_check: bool,
    /// Not in check: pieces whose moves must be tested. In check: cannon screens (any move of
    /// theirs may be an evasion).
    from_mask: u128,
    /// Not in check: squares where a new piece becomes a cannon screen. In check: squares that
    /// capture or block a checker.
    to_mask: u128,
}

#[inline(always)]
const fn bit(sq: usize) -> u128 {
    1u128 << sq
}

/// Squares strictly between `a` and `b` on a line, with step `step`.
#[inline]
fn between_mask(a: usize, b: usize, step: usize) -> u128 {
    let (lo, hi) = (a.min(b), a.max(b));
    let mut m = 0;
    let mut s = lo + step;
    while s < hi {
        m |= bit(s);
        s += step;
    }
    m
}

impl Xiangqi {
    /// Whether the general of the side to move is safe after `from`–`to`.
    ///
    /// Read from this position without playing the move ([`Xiangqi::general_attacked_after`]);
    /// the copy is kept for what is no move of the side to move and as the tests' reference.
    // Inlined into the move generators natively; one copy in WebAssembly, whose rules build has a
    // size budget (docs/performance.md).
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    pub(crate) fn safe_after(&self, from: usize, to: usize) -> bool {
        let us = self.turn;
        let own_general = self.slots[us.index()][0];
        let ut = tag(us);
        if from == to
            || own_general == NONE
            || self.board[from] & ut == 0
            || self.board[to] & ut != 0
        {
            // Not a move of the side to move: the copy says what such a "move" does.
            return self.safe_after_copy(from, to);
        }
        let g = if usize::from(own_general) == from {
            to
        } else {
            usize::from(own_general)
        };
        !self.general_attacked_after(us, g, from, to)
    }

    /// [`Xiangqi::safe_after`] by playing the move on a copy.
    pub(crate) fn safe_after_copy(&self, from: usize, to: usize) -> bool {
        let mut next = *self;
        next.apply(from, to);
        !next.general_attacked(self.turn)
    }

    /// Looks at one line from the general `g`: `b` holds the positions (along the line) of the
    /// first three pieces, `base + pos * STEP` their squares, `n` the line length.
    #[inline(always)]
    fn info_line<const STEP: usize>(
        &self,
        g: usize,
        b: [i32; 3],
        base: usize,
        n: i32,
        acc: &mut Acc,
    ) {
        if b[0] < 0 || b[0] >= n {
            return;
        }
        let (ut, tt) = (tag(self.turn), tag(!self.turn));
        let on_file = STEP == 9;
        let slider = |c: u8| is(c, tt, 7, 9) || (on_file && is(c, tt, 0, 1));
        let b1 = base + b[0] as usize * STEP;
        let c1 = self.board[b1];
        if slider(c1) {
            acc.in_check = true;
            acc.res_to |= between_mask(g, b1, STEP) | bit(b1);
            return;
        }
        if is(c1, tt, 9, 11) {
            // An unscreened cannon: a piece put between would be its screen.
            acc.pin_to |= between_mask(g, b1, STEP);
        }
        if b[1] < 0 || b[1] >= n {
            return;
        }
        let b2 = base + b[1] as usize * STEP;
        let c2 = self.board[b2];
        if is(c2, tt, 9, 11) {
            acc.in_check = true;
            acc.res_to |= between_mask(g, b2, STEP) | bit(b2);
            acc.res_from |= bit(b1);
            return;
        }
        if c1 & ut != 0 && slider(c2) {
            acc.pin_from |= bit(b1);
        }
        if b[2] >= 0 && b[2] < n && is(self.board[base + b[2] as usize * STEP], tt, 9, 11) {
            if c1 & ut != 0 {
                acc.pin_from |= bit(b1);
            }
            if c2 & ut != 0 {
                acc.pin_from |= bit(b2);
            }
        }
    }

    fn info(&self) -> Info {
        let us = self.turn;
        let ut = tag(us);
        let g = self.slots[us.index()][0] as usize;
        let (gf, gr) = (g % 9, g / 9);
        let mut acc = Acc::default();
        let file = self.file_occ[gf] as u32;
        let rank = self.rank_occ[gr] as u32;
        self.info_line::<9>(g, blockers_up::<3>(file, gr as u32, 10), gf, 10, &mut acc);
        self.info_line::<9>(g, blockers_down::<3>(file, gr as u32), gf, 10, &mut acc);
        self.info_line::<1>(g, blockers_up::<3>(rank, gf as u32, 9), gr * 9, 9, &mut acc);
        self.info_line::<1>(g, blockers_down::<3>(rank, gf as u32), gr * 9, 9, &mut acc);
        for &h in &self.slots[(!us).index()][5..7] {
            if h == NONE {
                continue;
            }
            if let Some(leg) = horse_leg(h as usize, g) {
                let c = self.board[leg];
                if c == 0 {
                    acc.in_check = true;
                    acc.res_to |= bit(h as usize) | bit(leg);
                } else if c & ut != 0 {
                    acc.pin_from |= bit(leg);
                }
            }
        }
        if let Some(s) = self.soldier_checks(us, g) {
            acc.in_check = true;
            acc.res_to |= bit(s);
            // A second checking soldier: any capture of one is tested anyway.
            let tt = tag(!us);
            for t in [g.wrapping_sub(1), g + 1, g + 9, g.wrapping_sub(9)] {
                if t < 90 && is(self.board[t], tt, 11, 16) {
                    acc.res_to |= bit(t);
                }
            }
        }
        if acc.in_check {
            Info {
                in_check: true,
                from_mask: acc.res_from,
                to_mask: acc.res_to,
            }
        } else {
            Info {
                in_check: false,
                from_mask: acc.pin_from,
                to_mask: acc.pin_to,
            }
        }
    }

    #[inline(always)]
    fn gen_steps<S: Sink, F: Filter>(&self, from: usize, row: &[u8], s: &mut S, f: &F) {
        let ut = tag(self.turn);
        for &to in row {
            if to == NONE {
                break;
            }
            let to = to as usize;
            if self.board[to] & ut == 0 && f.ok(self, from, to) {
                s.push(from, to);
            }
        }
    }

    #[inline(always)]
    fn gen_blockable<S: Sink, F: Filter>(&self, from: usize, row: &[(u8, u8)], s: &mut S, f: &F) {
        let ut = tag(self.turn);
        for &(to, block) in row {
            if to == NONE {
                break;
            }
            let to = to as usize;
            if self.board[block as usize] == 0 && self.board[to] & ut == 0 && f.ok(self, from, to) {
                s.push(from, to);
            }
        }
    }

    /// Chariot (`cannon == false`) or cannon moves.
    #[inline(always)]
    fn gen_slider<S: Sink, F: Filter>(&self, from: usize, cannon: bool, s: &mut S, f: &F) {
        let tt = tag(!self.turn);
        let (ff, fr) = (from % 9, from / 9);
        let rank = self.rank_occ[fr] as u32;
        let file = self.file_occ[ff] as u32;
        let hit = if cannon { 1 } else { 0 };
        // Along the rank.
        let up = blockers_up::<2>(rank, ff as u32, 9);
        let down = blockers_down::<2>(rank, ff as u32);
        let row = fr * 9;
        if F::ALL && s.bulk() {
            s.add((up[0] - down[0] - 2) as usize);
        } else {
            for file in (down[0] + 1)..up[0] {
                let to = row + file as usize;
                if to != from && f.ok(self, from, to) {
                    s.push(from, to);
                }
            }
        }
        for b in [up[hit], down[hit]] {
            if (0..9).contains(&b) {
                let to = row + b as usize;
                if self.board[to] & tt != 0 && f.ok(self, from, to) {
                    s.push(from, to);
                }
            }
        }
        // Along the file.
        let up = blockers_up::<2>(file, fr as u32, 10);
        let down = blockers_down::<2>(file, fr as u32);
        if F::ALL && s.bulk() {
            s.add((up[0] - down[0] - 2) as usize);
        } else {
            for rank in (down[0] + 1)..up[0] {
                let to = rank as usize * 9 + ff;
                if to != from && f.ok(self, from, to) {
                    s.push(from, to);
                }
            }
        }
        for b in [up[hit], down[hit]] {
            if (0..10).contains(&b) {
                let to = b as usize * 9 + ff;
                if self.board[to] & tt != 0 && f.ok(self, from, to) {
                    s.push(from, to);
                }
            }
        }
    }

    #[inline(always)]
    fn gen_piece<S: Sink, F: Filter>(&self, slot: usize, from: usize, s: &mut S, f: &F) {
        match slot {
            0 => self.gen_steps(from, &GENERAL_STEPS[from], s, f),
            1 | 2 => self.gen_steps(from, &ADVISOR_STEPS[from], s, f),
            3 | 4 => self.gen_blockable(from, &ELEPHANT_STEPS[from], s, f),
            5 | 6 => self.gen_blockable(from, &HORSE_STEPS[from], s, f),
            7 | 8 => self.gen_slider(from, false, s, f),
            9 | 10 => self.gen_slider(from, true, s, f),
            _ => self.gen_steps(from, &SOLDIER_STEPS[self.turn.index()][from], s, f),
        }
    }

    /// The moves of every piece but the general, with no legality test, kind by kind.
    #[inline(always)]
    fn gen_unrestricted<S: Sink>(&self, slots: &[u8; 16], s: &mut S) {
        for &from in &slots[1..3] {
            if from != NONE {
                self.gen_steps(from as usize, &ADVISOR_STEPS[from as usize], s, &All);
            }
        }
        for &from in &slots[3..5] {
            if from != NONE {
                self.gen_blockable(from as usize, &ELEPHANT_STEPS[from as usize], s, &All);
            }
        }
        for &from in &slots[5..7] {
            if from != NONE {
                self.gen_blockable(from as usize, &HORSE_STEPS[from as usize], s, &All);
            }
        }
        for &from in &slots[7..9] {
            if from != NONE {
                self.gen_slider(from as usize, false, s, &All);
            }
        }
        for &from in &slots[9..11] {
            if from != NONE {
                self.gen_slider(from as usize, true, s, &All);
            }
        }
        let steps = &SOLDIER_STEPS[self.turn.index()];
        for &from in &slots[11..16] {
            if from != NONE {
                self.gen_steps(from as usize, &steps[from as usize], s, &All);
            }
        }
    }

    fn generate<S: Sink>(&self, s: &mut S) {
        let slots = &self.slots[self.turn.index()];
        let g = slots[0];
        if g == NONE {
            return;
        }
        let info = self.info();
        self.gen_steps(g as usize, &GENERAL_STEPS[g as usize], s, &GeneralSafe);
        if !info.in_check && (info.from_mask | info.to_mask) == 0 {
            // Nothing can expose the general: every pseudo-legal move is legal.
            self.gen_unrestricted(slots, s);
            return;
        }
        for (slot, &from) in slots.iter().enumerate().skip(1) {
            if from == NONE {
                continue;
            }
            let from = from as usize;
            if info.from_mask >> from & 1 != 0 {
                self.gen_piece(slot, from, s, &TestAll);
            } else if info.in_check {
                self.gen_piece(slot, from, s, &OnlyTo(info.to_mask));
            } else if info.to_mask == 0 {
                self.gen_piece(slot, from, s, &All);
            } else {
                self.gen_piece(slot, from, s, &TestTo(info.to_mask));
            }
        }
    }

    /// Every legal move, in the order general, advisors, elephants, horses, chariots, cannons,
    /// soldiers.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if cfg!(target_arch = "wasm32") {
            self.generate(&mut EitherSink(Some(&mut list), 0));
        } else {
            self.generate(&mut ListSink(&mut list));
        }
        list
    }

    /// The number of legal moves, counted without listing them.
    pub fn count_legal_moves(&self) -> usize {
        if cfg!(target_arch = "wasm32") {
            let mut count = EitherSink(None, 0);
            self.generate(&mut count);
            return count.1;
        }
        let mut count = CountSink(0);
        self.generate(&mut count);
        count.0
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.general_attacked(self.turn)
    }

    /// Whether `mv` is legal here. Agrees with [`Xiangqi::legal_moves`] for every `Move` value.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.is_legal_knowing(mv, false)
    }

    /// [`Xiangqi::is_legal`], told whether the side to move is known not to be in check (a
    /// record's replay learns it from each move played, [`Xiangqi::check_after`]). Then only
    /// the lines and the horse's leg the move touches are read ([`Xiangqi::exposed_by`]).
    // One copy, called by the readers: inlined into each of them it cost more (the resolver's
    // loop around it grew).
    #[inline(never)]
    pub(crate) fn is_legal_knowing(&self, mv: Move, not_in_check: bool) -> bool {
        let (from, to) = (mv.from().index(), mv.to().index());
        let ut = tag(self.turn);
        let code = self.board[from];
        if code & ut == 0 || self.board[to] & ut != 0 || self.slots[self.turn.index()][0] == NONE {
            return false;
        }
        let steps = |row: &[u8]| {
            row.iter()
                .take_while(|&&t| t != NONE)
                .any(|&t| t as usize == to)
        };
        let blockable = |row: &[(u8, u8)]| {
            row.iter()
                .any(|&(t, b)| t as usize == to && self.board[b as usize] == 0)
        };
        let pseudo = match code & 15 {
            0 => steps(&GENERAL_STEPS[from]),
            1 | 2 => steps(&ADVISOR_STEPS[from]),
            3 | 4 => blockable(&ELEPHANT_STEPS[from]),
            5 | 6 => blockable(&HORSE_STEPS[from]),
            7 | 8 => self.between_count(from, to) == Some(0),
            9 | 10 => self.between_count(from, to) == Some(if self.board[to] == 0 { 0 } else { 1 }),
            _ => steps(&SOLDIER_STEPS[self.turn.index()][from]),
        };
        if !pseudo {
            return false;
        }
        let general = usize::from(self.slots[self.turn.index()][0]);
        // Not in WebAssembly: its builds have a size budget and no one-pass record reader.
        if not_in_check && general != from && cfg!(not(target_arch = "wasm32")) {
            return !self.exposed_by(general, from, to);
        }
        self.safe_after(from, to)
    }

    /// Plays a legal move (see [`crate::Variant::play_unchecked`]).
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        self.make(mv.from().index(), mv.to().index());
    }

    /// [`Xiangqi::play_unchecked`] without the zobrist key: call [`Xiangqi::rehash`] before the
    /// key (equality, hashing, repetitions) is used again.
    #[inline]
    pub(crate) fn play_unhashed(&mut self, mv: Move) {
        self.make_unhashed(mv.from().index(), mv.to().index());
    }

    /// Whether `color` has a piece that can cross the river: a chariot, horse, cannon or soldier.
    pub fn has_attackers(&self, color: Color) -> bool {
        self.slots[color.index()][5..].iter().any(|&s| s != NONE)
    }
}
