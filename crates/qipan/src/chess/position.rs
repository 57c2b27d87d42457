//! [`Chess`]: a chess position (board, side to move, castling rights, en passant square, clocks)
//! and how moves change it.
//!
//! ```
//! use qipan::chess::{Chess, Piece, Role, Square};
//! use qipan::{Color, Variant};
//! let mut pos = Chess::start();
//! let mv = pos.parse_uci("e2e4").unwrap();
//! assert!(pos.is_zeroing(mv));
//! pos.play_unchecked(mv);
//! assert_eq!(pos.piece_at(Square::E4), Some(Piece { color: Color::White, role: Role::Pawn }));
//! assert_eq!(pos.turn(), Color::Black);
//! assert_eq!(pos.zobrist(), pos.zobrist_recomputed());
//! ```

use std::fmt;

use super::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use super::zobrist::{castling_key, ep_key, piece_key, TURN_KEY};
use super::{Bitboard, CastlingSide, Move, MoveKind, Piece, Role, Square};
use crate::Color;

/// A chess position: a small `Copy` value (copy-make).
///
/// Castling rights are kept as the set of rooks that may still castle, so the same code serves
/// Chess960. The en passant square is kept only when a pawn of the side to move stands beside the
/// pawn that just made a double step (the Polyglot rule); whether the capture is legal is decided
/// by move generation.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Chess {
    pub(crate) roles: [Bitboard; 6],
    pub(crate) colors: [Bitboard; 2],
    pub(crate) turn: Color,
    pub(crate) castling: Bitboard,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) chess960: bool,
    /// Whether a pawn on its own first rank (a set-up board's) may step twice, to its third
    /// rank: python-chess's boards let it, chess.js's do not (it steps twice only from its
    /// second rank). No reachable position has such a pawn.
    pub(crate) first_rank_double_step: bool,
    pub(crate) zobrist: u64,
}

impl Default for Chess {
    fn default() -> Chess {
        Chess::new()
    }
}

impl fmt::Debug for Chess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Chess({:?})", self.to_fen())
    }
}

impl Chess {
    /// The standard start position.
    pub fn new() -> Chess {
        // Written out, not put piece by piece with the key computed from scratch: every new
        // board of the bindings starts here. White's pieces by role on ranks 1 and 2, Black's
        // the same squares mirrored (a byte swap turns rank 1 into rank 8).
        let mut pos = Chess::empty();
        let white = [
            (Role::Pawn, 0xff00),
            (Role::Knight, 0x42),
            (Role::Bishop, 0x24),
            (Role::Rook, 0x81),
            (Role::Queen, 0x08),
            (Role::King, 0x10),
        ];
        for (role, squares) in white {
            pos.roles[role.index()] = Bitboard(squares | u64::swap_bytes(squares));
        }
        pos.colors = [Bitboard(0xffff), Bitboard(u64::swap_bytes(0xffff))];
        pos.castling = Bitboard(0x8100_0000_0000_0081);
        // The Polyglot key of the start position (its published value).
        pos.zobrist = 0x463b_9618_1691_fc9c;
        pos
    }

    /// An empty board, White to move, no rights, move 1 (not a valid position by itself).
    pub(crate) fn empty() -> Chess {
        Chess {
            roles: [Bitboard::EMPTY; 6],
            colors: [Bitboard::EMPTY; 2],
            turn: Color::White,
            castling: Bitboard::EMPTY,
            ep: None,
            halfmoves: 0,
            fullmoves: 1,
            chess960: false,
            first_rank_double_step: true,
            zobrist: 0,
        }
    }

    /// The ranks a pawn of `color` may end its first step on and step again from: its third
    /// rank, and its second when a pawn on its first rank may step twice
    /// ([`Chess::first_rank_double_step`]).
    #[inline]
    pub(crate) fn double_step_from(&self, color: Color) -> Bitboard {
        match (color, self.first_rank_double_step) {
            (Color::White, true) => Bitboard::rank(1) | Bitboard::rank(2),
            (Color::White, false) => Bitboard::rank(2),
            (Color::Black, true) => Bitboard::rank(5) | Bitboard::rank(6),
            (Color::Black, false) => Bitboard::rank(5),
        }
    }

    /// Whether a pawn on its own first rank (possible on a set-up board only) may step twice,
    /// as python-chess's boards let it (the default), or only once, as chess.js's.
    pub fn first_rank_double_step(&self) -> bool {
        self.first_rank_double_step
    }

    /// The position with pawns on their first rank stepping twice or not
    /// ([`Chess::first_rank_double_step`]).
    #[must_use]
    pub fn with_first_rank_double_step(mut self, allowed: bool) -> Chess {
        self.first_rank_double_step = allowed;
        self
    }

    /// Puts a piece on an empty square (no zobrist update).
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, color: Color, role: Role) {
        self.roles[role.index()] |= sq;
        self.colors[color.index()] |= sq;
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.colors[0].contains(sq) {
            Color::White
        } else if self.colors[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        self.role_at(sq).map(|role| Piece { color, role })
    }

    /// The role of the piece on `sq`.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|r| self.roles[r.index()].contains(sq))
    }

    /// The squares of every piece of `role`, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.roles[role.index()]
    }

    /// The squares of every piece of `color`.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    /// The squares of `color`'s pieces of `role`.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.roles[role.index()] & self.colors[color.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    /// The square of `color`'s king (the name Xiangqi's positions share: [`Chess::king`]).
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.pieces(color, Role::King).first()
    }

    /// The square of `color`'s king; `Xiangqi::king` is the same question of the general.
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.king_of(color)
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The rooks that may still castle (both colours).
    #[inline]
    pub fn castling_rooks(&self) -> Bitboard {
        self.castling
    }

    /// Whether `color` may still castle on `side` (the right, not whether castling is legal now).
    pub fn has_castling_right(&self, color: Color, side: CastlingSide) -> bool {
        self.castling_rook(color, side).is_some()
    }

    /// Whether `color` may still castle on either side.
    pub fn has_any_castling_right(&self, color: Color) -> bool {
        !(self.castling & self.by_color(color) & Bitboard::backrank(color)).is_empty()
    }

    /// The rook with which `color` may castle on `side`.
    pub fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        let king = self.king_of(color)?;
        (self.castling & self.by_color(color) & Bitboard::backrank(color))
            .into_iter()
            .find(|&rook| CastlingSide::of(king, rook) == side)
    }

    /// The en passant square when a pawn of the side to move could capture there by the movement
    /// rules (it may still be illegal because of a pin or check); see
    /// [`Chess::legal_ep_square`].
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// Plies since the last capture or pawn move (also [`Variant::halfmove_clock`](crate::Variant::halfmove_clock), the
    /// name both games share).
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number, starting at 1 and incremented after Black's move (also
    /// [`Variant::fullmove_number`](crate::Variant::fullmove_number), the name both games share).
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// Whether the position is in Chess960 mode (castling written king-takes-rook in UCI,
    /// X-FEN castling rights).
    #[inline]
    pub fn chess960(&self) -> bool {
        self.chess960
    }

    /// Switches Chess960 mode (only how castling is read and written changes).
    pub fn set_chess960(&mut self, chess960: bool) {
        self.chess960 = chess960;
    }

    /// The pieces of `color` that attack `sq`, with `occupied` blocking sliders.
    #[inline]
    pub fn attackers_to(&self, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
        let r = &self.roles;
        let queens = r[Role::Queen.index()];
        ((knight_attacks(sq) & r[Role::Knight.index()])
            | (king_attacks(sq) & r[Role::King.index()])
            | (pawn_attacks(!color, sq) & r[Role::Pawn.index()])
            | (rook_attacks(sq, occupied) & (r[Role::Rook.index()] | queens))
            | (bishop_attacks(sq, occupied) & (r[Role::Bishop.index()] | queens)))
            & self.colors[color.index()]
    }

    /// Whether `color` attacks `sq` with `occupied` blocking sliders.
    #[inline(always)]
    pub(crate) fn is_attacked(&self, sq: Square, color: Color, occupied: Bitboard) -> bool {
        let r = &self.roles;
        let them = self.colors[color.index()];
        let queens = r[Role::Queen.index()];
        (knight_attacks(sq) & r[Role::Knight.index()] & them).any()
            || (king_attacks(sq) & r[Role::King.index()] & them).any()
            || (pawn_attacks(!color, sq) & r[Role::Pawn.index()] & them).any()
            || (rook_attacks(sq, occupied) & (r[Role::Rook.index()] | queens) & them).any()
            || (bishop_attacks(sq, occupied) & (r[Role::Bishop.index()] | queens) & them).any()
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        match self.king_of(self.turn) {
            Some(king) => self.attackers_to(king, !self.turn, self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether `mv` captures (en passant included; castling is not a capture).
    pub fn is_capture(&self, mv: Move) -> bool {
        match mv.kind() {
            MoveKind::EnPassant => true,
            MoveKind::Castle | MoveKind::Invalid => false,
            _ => self.by_color(!self.turn).contains(mv.to()),
        }
    }

    /// Whether `mv` resets the halfmove clock (a capture or a pawn move).
    pub fn is_zeroing(&self, mv: Move) -> bool {
        self.is_capture(mv)
            || (!mv.is_castle() && self.pieces(self.turn, Role::Pawn).contains(mv.from()))
    }

    /// Where the king and rook of castling `mv` land.
    #[inline]
    pub(crate) fn castle_targets(king: Square, rook: Square) -> (Square, Square) {
        let side = CastlingSide::of(king, rook);
        let rank = king.rank() * 8;
        (
            Square::new(rank + side.king_to_file()),
            Square::new(rank + side.rook_to_file()),
        )
    }

    #[inline]
    fn xor_piece<const HASH: bool>(&mut self, sq: Square, color: Color, role: Role) {
        self.roles[role.index()] ^= sq;
        self.colors[color.index()] ^= sq;
        if HASH {
            self.zobrist ^= piece_key(color, role, sq);
        }
    }

    /// The zobrist contribution of the castling rights.
    pub(crate) fn castling_zobrist(&self) -> u64 {
        self.castling_zobrist_of(Color::White) ^ self.castling_zobrist_of(Color::Black)
    }

    /// The zobrist contribution of the castling rights of the `touched` colours.
    #[inline]
    fn castling_zobrist_touched(&self, touched: [bool; 2]) -> u64 {
        let mut key = 0;
        for color in Color::ALL {
            if touched[color.index()] {
                key ^= self.castling_zobrist_of(color);
            }
        }
        key
    }

    /// The zobrist contribution of `color`'s castling rights.
    #[inline]
    fn castling_zobrist_of(&self, color: Color) -> u64 {
        let mut key = 0;
        let rooks = self.castling & self.by_color(color) & Bitboard::backrank(color);
        if let (Some(king), true) = (self.king_of(color), rooks.any()) {
            for rook in rooks {
                key ^= castling_key(color, CastlingSide::of(king, rook));
            }
        }
        key
    }

    /// The zobrist key computed from scratch (the position keeps it up to date incrementally).
    pub fn zobrist_recomputed(&self) -> u64 {
        let mut key = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in self.pieces(color, role) {
                    key ^= piece_key(color, role, sq);
                }
            }
        }
        key ^= self.castling_zobrist();
        if let Some(ep) = self.ep {
            key ^= ep_key(ep);
        }
        if self.turn == Color::White {
            key ^= TURN_KEY;
        }
        key
    }

    /// Plays `mv`, which must be legal here; any other move leaves an unspecified (but safe)
    /// position.
    pub fn play_unchecked(&mut self, mv: Move) {
        self.play::<true>(mv);
    }

    /// [`Chess::play_unchecked`] without keeping the zobrist key up to date, for a replay that
    /// needs keys only at its end: the key is then stale until [`Chess::rehash`].
    pub(crate) fn play_unhashed(&mut self, mv: Move) {
        self.play::<false>(mv);
    }

    /// Computes the zobrist key again, after [`Chess::play_unhashed`].
    pub(crate) fn rehash(&mut self) {
        self.zobrist = self.zobrist_recomputed();
    }

    #[inline(always)]
    fn play<const HASH: bool>(&mut self, mv: Move) {
        let us = self.turn;
        let them = !us;
        let from = mv.from();
        let to = mv.to();
        if let Some(ep) = self.ep.take() {
            if HASH {
                self.zobrist ^= ep_key(ep);
            }
        }
        self.halfmoves = self.halfmoves.saturating_add(1);
        let Some(role) = self.role_at(from) else {
            self.finish_turn::<HASH>(us);
            return;
        };
        let moved = Bitboard::from_square(from) | to;
        let castling_changes = (self.castling & moved).any()
            || (role == Role::King && (self.castling & Bitboard::backrank(us)).any());
        // The castling key of the colours whose rights' contribution the move can change, before
        // and after it: ours when our king moves or the move starts or ends on our back rank,
        // theirs when it ends on their back rank or takes their king. Another colour's castling
        // rooks, their squares and its king stay as they were, and so does its part of the key.
        let (touched, old_castling_key) = if HASH && castling_changes {
            let mut touched = [false; 2];
            touched[us.index()] = role == Role::King || (moved & Bitboard::backrank(us)).any();
            touched[them.index()] =
                (Bitboard::backrank(them) | self.pieces(them, Role::King)).contains(to);
            (touched, self.castling_zobrist_touched(touched))
        } else {
            ([false; 2], 0)
        };

        match mv.kind() {
            MoveKind::Castle => {
                let (king_to, rook_to) = Chess::castle_targets(from, to);
                self.xor_piece::<HASH>(from, us, Role::King);
                self.xor_piece::<HASH>(to, us, Role::Rook);
                self.xor_piece::<HASH>(king_to, us, Role::King);
                self.xor_piece::<HASH>(rook_to, us, Role::Rook);
                self.castling &= !Bitboard::backrank(us);
            }
            MoveKind::EnPassant => {
                let captured = Square::new((to.index() ^ 8) as u32);
                self.xor_piece::<HASH>(captured, them, Role::Pawn);
                self.xor_piece::<HASH>(from, us, Role::Pawn);
                self.xor_piece::<HASH>(to, us, Role::Pawn);
                self.halfmoves = 0;
            }
            kind => {
                if self.colors[them.index()].contains(to) {
                    if let Some(captured) = self.role_at(to) {
                        // A king is taken only on a board played leniently (a side without a
                        // king may take the other's): that side's rights may count no more.
                        let king_taken = HASH && captured == Role::King && !castling_changes;
                        let before = if king_taken {
                            self.castling_zobrist_of(them)
                        } else {
                            0
                        };
                        self.xor_piece::<HASH>(to, them, captured);
                        if king_taken {
                            self.zobrist ^= before ^ self.castling_zobrist_of(them);
                        }
                    }
                    self.halfmoves = 0;
                }
                self.xor_piece::<HASH>(from, us, role);
                let landed = match kind {
                    MoveKind::Promotion(promoted) => promoted,
                    _ => role,
                };
                self.xor_piece::<HASH>(to, us, landed);
                if role == Role::Pawn {
                    self.halfmoves = 0;
                    if from.index() ^ to.index() == 16 {
                        let ep = Square::new(((from.index() + to.index()) / 2) as u32);
                        // Only a step from the second rank gives an en passant square (a pawn
                        // set up on its back rank also steps twice, as in python-chess).
                        let passed_third = matches!(ep.rank(), 2 | 5);
                        if passed_third
                            && (pawn_attacks(us, ep) & self.pieces(them, Role::Pawn)).any()
                        {
                            self.ep = Some(ep);
                            if HASH {
                                self.zobrist ^= ep_key(ep);
                            }
                        }
                    }
                } else if role == Role::King {
                    self.castling &= !Bitboard::backrank(us);
                }
                self.castling &= !moved;
            }
        }
        if HASH && castling_changes {
            self.zobrist ^= old_castling_key ^ self.castling_zobrist_touched(touched);
        }
        self.finish_turn::<HASH>(us);
    }

    /// Passes the turn (the null move), as python-chess pushes `Move.null()`: the en passant
    /// square is cleared, the halfmove clock counts one more ply, the move number advances after
    /// Black's pass. Nothing checks that the side to move is not in check.
    pub fn play_null(&mut self) {
        if let Some(ep) = self.ep.take() {
            self.zobrist ^= ep_key(ep);
        }
        self.halfmoves = self.halfmoves.saturating_add(1);
        self.finish_turn::<true>(self.turn);
    }

    #[inline]
    fn finish_turn<const HASH: bool>(&mut self, us: Color) {
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = !us;
        if HASH {
            self.zobrist ^= TURN_KEY;
        }
    }

    /// Whether `color` alone could not checkmate by any sequence of legal moves — exactly
    /// python-chess's `has_insufficient_material(color)` (used to adjudicate a time forfeit).
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let ours = self.by_color(color);
        let theirs = self.by_color(!color);
        if (ours
            & (self.by_role(Role::Pawn) | self.by_role(Role::Rook) | self.by_role(Role::Queen)))
        .any()
        {
            return false;
        }
        if (ours & self.by_role(Role::Knight)).any() {
            // One knight and nothing else, and no opponent piece that could block into a mate
            // (anything but kings and queens).
            return ours.count() <= 2
                && (theirs - self.by_role(Role::King) - self.by_role(Role::Queen)).is_empty();
        }
        if (ours & self.by_role(Role::Bishop)).any() {
            let bishops = self.by_role(Role::Bishop);
            let same_color =
                (bishops & Bitboard::DARK).is_empty() || (bishops & Bitboard::LIGHT).is_empty();
            return same_color
                && self.by_role(Role::Pawn).is_empty()
                && self.by_role(Role::Knight).is_empty();
        }
        true
    }

    /// Whether neither side could checkmate (a dead position by material): K v K, K+B v K,
    /// K+N v K, and any number of bishops all on squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        Color::ALL
            .into_iter()
            .all(|c| self.has_insufficient_material(c))
    }
}
