//! [`Setup`]: a chess board being set up — any placement of pieces, side to move, castling
//! rights, en passant square and clocks, valid or not — and [`StatusFlags`], what makes it
//! unplayable. A valid setup becomes a [`Chess`] position with `Chess::try_from(setup)`.
//!
//! The flags and their values are python-chess's `STATUS_*` (so the bindings hand them out as
//! they are), and [`Setup::status`] answers as python-chess's `Board.status()` for a board set up
//! without a move history.
//!
//! ```
//! use qipan::chess::{Chess, Setup, StatusFlags};
//! let mut setup = Setup::empty();
//! assert_eq!(setup.status(), StatusFlags::EMPTY | StatusFlags::NO_WHITE_KING | StatusFlags::NO_BLACK_KING);
//! setup = Setup::from_board_fen("4k3/8/8/8/8/8/8/4K2R").unwrap();
//! setup.castling_rights = qipan::chess::Bitboard::from_square(qipan::chess::Square::H1);
//! assert!(setup.status().is_valid());
//! let pos = Chess::try_from(setup).unwrap();
//! assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
//! ```

use std::fmt;
use std::ops::{BitOr, BitOrAssign};

use super::{Bitboard, Chess, FenError, Piece, Role, Square};
use crate::Color;

/// What makes a [`Setup`] unplayable: a set of python-chess's `STATUS_*` flags, with the same
/// values. Empty ([`StatusFlags::VALID`]) for a playable setup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct StatusFlags(pub u32);

impl StatusFlags {
    /// Nothing wrong.
    pub const VALID: StatusFlags = StatusFlags(0);
    /// White has no king.
    pub const NO_WHITE_KING: StatusFlags = StatusFlags(1 << 0);
    /// Black has no king.
    pub const NO_BLACK_KING: StatusFlags = StatusFlags(1 << 1);
    /// More than two kings on the board.
    pub const TOO_MANY_KINGS: StatusFlags = StatusFlags(1 << 2);
    /// More than 8 white pawns.
    pub const TOO_MANY_WHITE_PAWNS: StatusFlags = StatusFlags(1 << 3);
    /// More than 8 black pawns.
    pub const TOO_MANY_BLACK_PAWNS: StatusFlags = StatusFlags(1 << 4);
    /// A pawn on the first or eighth rank.
    pub const PAWNS_ON_BACKRANK: StatusFlags = StatusFlags(1 << 5);
    /// More than 16 white pieces.
    pub const TOO_MANY_WHITE_PIECES: StatusFlags = StatusFlags(1 << 6);
    /// More than 16 black pieces.
    pub const TOO_MANY_BLACK_PIECES: StatusFlags = StatusFlags(1 << 7);
    /// A castling right without its king and rook on their squares.
    pub const BAD_CASTLING_RIGHTS: StatusFlags = StatusFlags(1 << 8);
    /// An en passant square no double step of the last move can explain.
    pub const INVALID_EP_SQUARE: StatusFlags = StatusFlags(1 << 9);
    /// The side not to move is in check.
    pub const OPPOSITE_CHECK: StatusFlags = StatusFlags(1 << 10);
    /// No piece at all.
    pub const EMPTY: StatusFlags = StatusFlags(1 << 11);
    /// (python-chess's racing-kings flags: never set for chess.)
    pub const RACE_CHECK: StatusFlags = StatusFlags(1 << 12);
    /// (racing kings only.)
    pub const RACE_OVER: StatusFlags = StatusFlags(1 << 13);
    /// (racing kings only.)
    pub const RACE_MATERIAL: StatusFlags = StatusFlags(1 << 14);
    /// More than two pieces give check.
    pub const TOO_MANY_CHECKERS: StatusFlags = StatusFlags(1 << 15);
    /// Checks no single last move can have given.
    pub const IMPOSSIBLE_CHECK: StatusFlags = StatusFlags(1 << 16);

    /// Every flag with its python-chess name (without the `STATUS_` prefix), lowest bit first.
    pub const NAMED: [(&'static str, StatusFlags); 17] = [
        ("NO_WHITE_KING", StatusFlags::NO_WHITE_KING),
        ("NO_BLACK_KING", StatusFlags::NO_BLACK_KING),
        ("TOO_MANY_KINGS", StatusFlags::TOO_MANY_KINGS),
        ("TOO_MANY_WHITE_PAWNS", StatusFlags::TOO_MANY_WHITE_PAWNS),
        ("TOO_MANY_BLACK_PAWNS", StatusFlags::TOO_MANY_BLACK_PAWNS),
        ("PAWNS_ON_BACKRANK", StatusFlags::PAWNS_ON_BACKRANK),
        ("TOO_MANY_WHITE_PIECES", StatusFlags::TOO_MANY_WHITE_PIECES),
        ("TOO_MANY_BLACK_PIECES", StatusFlags::TOO_MANY_BLACK_PIECES),
        ("BAD_CASTLING_RIGHTS", StatusFlags::BAD_CASTLING_RIGHTS),
        ("INVALID_EP_SQUARE", StatusFlags::INVALID_EP_SQUARE),
        ("OPPOSITE_CHECK", StatusFlags::OPPOSITE_CHECK),
        ("EMPTY", StatusFlags::EMPTY),
        ("RACE_CHECK", StatusFlags::RACE_CHECK),
        ("RACE_OVER", StatusFlags::RACE_OVER),
        ("RACE_MATERIAL", StatusFlags::RACE_MATERIAL),
        ("TOO_MANY_CHECKERS", StatusFlags::TOO_MANY_CHECKERS),
        ("IMPOSSIBLE_CHECK", StatusFlags::IMPOSSIBLE_CHECK),
    ];

    /// Whether no flag is set.
    pub const fn is_valid(self) -> bool {
        self.0 == 0
    }

    /// Whether every flag of `other` is set.
    pub const fn contains(self, other: StatusFlags) -> bool {
        self.0 & other.0 == other.0
    }
}

impl BitOr for StatusFlags {
    type Output = StatusFlags;
    fn bitor(self, rhs: StatusFlags) -> StatusFlags {
        StatusFlags(self.0 | rhs.0)
    }
}

impl BitOrAssign for StatusFlags {
    fn bitor_assign(&mut self, rhs: StatusFlags) {
        self.0 |= rhs.0;
    }
}

impl fmt::Display for StatusFlags {
    /// The names of the flags set (`NO_WHITE_KING | EMPTY`), or `VALID`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_valid() {
            return f.write_str("VALID");
        }
        let names: Vec<&str> = StatusFlags::NAMED
            .iter()
            .filter(|(_, flag)| self.contains(*flag))
            .map(|(name, _)| *name)
            .collect();
        f.write_str(&names.join(" | "))
    }
}

/// A setup that [`Chess::try_from`] refused, with what is wrong with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("not a playable chess position: {0}")]
pub struct SetupError(pub StatusFlags);

/// A chess board being set up: any placement of pieces and any values of the other FEN fields.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The pieces (only the placement of this value is used).
    placement: Chess,
    /// The side to move.
    pub turn: Color,
    /// The rooks that may castle, as python-chess's `castling_rights` (any squares).
    pub castling_rights: Bitboard,
    /// The en passant square as given (python-chess's `ep_square`).
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move.
    pub halfmoves: u32,
    /// The move number.
    pub fullmoves: u32,
    /// Whether castling follows Chess960 rules.
    pub chess960: bool,
    /// The squares of promoted pieces (python-chess's `promoted`, the `~` marks of its FEN):
    /// kept for the front ends, no rule reads it.
    pub promoted: Bitboard,
}

impl fmt::Debug for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Setup({:?}, {:?}, castling {:#x}, ep {:?})",
            self.board_fen(),
            self.turn,
            self.castling_rights.0,
            self.ep_square
        )
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::empty()
    }
}

impl Setup {
    /// An empty board, White to move, no castling rights, move 1.
    pub fn empty() -> Setup {
        Setup {
            placement: Chess::empty(),
            turn: Color::White,
            castling_rights: Bitboard::EMPTY,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            chess960: false,
            promoted: Bitboard::EMPTY,
        }
    }

    /// The pieces of a FEN's placement field (`rnbqkbnr/pppppppp/8/...`) on an otherwise empty
    /// setup; an error only for text that is not a placement.
    pub fn from_board_fen(board_fen: &str) -> Result<Setup, FenError> {
        let mut setup = Setup::empty();
        let (plain, promoted) = super::promoted::strip_marks(board_fen)?;
        super::fen::parse_board(&mut setup.placement, &plain)?;
        setup.promoted = promoted;
        Ok(setup)
    }

    /// The placement field of the FEN.
    pub fn board_fen(&self) -> String {
        self.placement.board_fen()
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.placement.piece_at(sq)
    }

    /// Puts `piece` on `sq` (or empties it with `None`), not promoted.
    pub fn set_piece_at(&mut self, sq: Square, piece: Option<Piece>) {
        self.promoted.remove(sq);
        for bits in self.placement.roles.iter_mut() {
            bits.remove(sq);
        }
        for bits in self.placement.colors.iter_mut() {
            bits.remove(sq);
        }
        if let Some(piece) = piece {
            self.placement.put(sq, piece.color, piece.role);
        }
    }

    /// The squares of the pieces of `color` and `role`.
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.placement.pieces(color, role)
    }

    /// The squares of `color`'s pieces.
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.placement.by_color(color)
    }

    /// The occupied squares.
    pub fn occupied(&self) -> Bitboard {
        self.placement.occupied()
    }

    /// The pieces of `color` that attack `sq` on this placement (sliders blocked by every piece).
    pub fn attackers(&self, sq: Square, color: Color) -> Bitboard {
        self.placement.attackers_to(sq, color, self.occupied())
    }

    /// Whether the side to move has a king and it is attacked (its highest king, as
    /// python-chess picks it); `false` without a king.
    pub fn is_check(&self) -> bool {
        self.king(self.turn)
            .is_some_and(|king| self.attackers(king, !self.turn).any())
    }

    /// The FEN of the setup, playable or not. A playable one is written as its position is; an
    /// unplayable one with the castling rights its placement supports and no en passant square
    /// (no capture can be legal on a board without moves).
    pub fn fen(&self) -> String {
        match Chess::try_from(*self) {
            Ok(pos) => pos.fen(),
            Err(_) => {
                let mut pos = self.placement_position();
                pos.turn = self.turn;
                pos.castling = self.clean_castling_rights();
                pos.halfmoves = self.halfmoves;
                pos.fullmoves = self.fullmoves.max(1);
                pos.chess960 = self.chess960;
                pos.to_fen()
            }
        }
    }

    /// A position holding only the placement (the other fields are the empty board's).
    pub(crate) fn placement_position(&self) -> Chess {
        let mut pos = Chess::empty();
        pos.roles = self.placement.roles;
        pos.colors = self.placement.colors;
        pos
    }

    /// The pieces of `color` attacking `sq` with `occupied` blocking sliders.
    pub(crate) fn placement_attackers(
        &self,
        sq: Square,
        color: Color,
        occupied: Bitboard,
    ) -> Bitboard {
        self.placement.attackers_to(sq, color, occupied)
    }

    /// The squares of every piece of `role`, both colours.
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.placement.by_role(role)
    }

    /// The king square of `color` as python-chess picks it: the highest of its kings.
    pub fn king(&self, color: Color) -> Option<Square> {
        self.pieces(color, Role::King).last()
    }

    /// The pieces giving check to the side to move's king ([`Setup::king`]); none without one.
    pub fn checkers(&self) -> Bitboard {
        match self.king(self.turn) {
            Some(king) => self.attackers(king, !self.turn),
            None => Bitboard::EMPTY,
        }
    }

    /// The squares the piece on `sq` attacks ([`Chess::attacks_from`]), on any placement.
    pub fn attacks(&self, sq: Square) -> Bitboard {
        self.placement.attacks_from(sq)
    }

    /// The line the piece on `sq` may move along when it is pinned to `color`'s king
    /// ([`Chess::pin_line`]), on any placement.
    pub fn pin_line(&self, color: Color, sq: Square) -> Option<Bitboard> {
        self.placement.pin_line(color, sq)
    }

    /// A Unicode diagram of the placement ([`Chess::diagram`]).
    pub fn diagram(&self) -> String {
        self.placement.diagram()
    }

    /// An SVG picture of the placement, with the king in check marked when there is one.
    pub fn svg(&self) -> String {
        let mut pos = self.placement;
        pos.turn = self.turn;
        super::svg::chess_svg(&pos)
    }

    /// An SVG picture of the placement with `options` ([`Chess::svg_with`]).
    pub fn svg_with(&self, options: &crate::render::SvgOptions) -> String {
        self.placement.svg_with(options)
    }

    /// The castling rights that the placement supports (python-chess's
    /// `clean_castling_rights` for a board without a move history): rooks of the right colour on
    /// their back rank, with the king on e1 / e8 and the rooks in the corners in standard chess,
    /// or the king on the back rank between the outermost rooks in Chess960.
    pub fn clean_castling_rights(&self) -> Bitboard {
        self.clean_castling_rights_for(self.chess960)
    }

    /// [`Setup::clean_castling_rights`] under the castling mode `chess960`.
    pub(crate) fn clean_castling_rights_for(&self, chess960: bool) -> Bitboard {
        let rooks = self.castling_rights & self.placement.by_role(Role::Rook);
        let mut clean = Bitboard::EMPTY;
        for color in Color::ALL {
            let backrank = Bitboard::backrank(color);
            let ours = rooks & backrank & self.by_color(color);
            let kings = self.pieces(color, Role::King) & backrank;
            if chess960 {
                let Some(king) = kings.last() else {
                    continue;
                };
                if let Some(a_side) = ours.first() {
                    if a_side.index() < king.index() {
                        clean.add(a_side);
                    }
                }
                if let Some(h_side) = ours.last() {
                    if h_side.index() > king.index() {
                        clean.add(h_side);
                    }
                }
            } else {
                let home = if color == Color::White {
                    Square::E1
                } else {
                    Square::E8
                };
                if kings.contains(home) {
                    let corners = backrank & (Bitboard::file(0) | Bitboard::file(7));
                    clean |= ours & corners;
                }
            }
        }
        clean
    }

    /// The en passant square if a double step of the side not to move can explain it: on the
    /// sixth rank (third for Black to move), empty, the pushed pawn in front of it and the square
    /// it came from empty.
    pub fn valid_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        super::validate::ep_problem(self, ep)
            .is_none()
            .then_some(ep)
    }

    /// Whether `square` can be the en passant square of this setup: `Ok` when a double step of
    /// the side not to move explains it (as [`Setup::valid_ep_square`] asks), else the
    /// [`FenError::EnPassant`] that says why not.
    pub fn check_ep_square(&self, square: Square) -> Result<(), FenError> {
        match super::validate::ep_problem(self, square) {
            None => Ok(()),
            Some(reason) => Err(FenError::EnPassant { square, reason }),
        }
    }

    /// The setup with `f` applied to each of its square sets, as python-chess's
    /// `apply_transform(f)`: every role's squares, each colour's, the occupied squares, the
    /// promoted pieces and the castling rights; the en passant square becomes the highest square
    /// of `f` of its square (none when that is empty). Side to move, clocks and castling mode stay.
    ///
    /// A function that moves squares consistently (a flip, a rotation, a shift) moves the pieces.
    /// Of any other, the result is read as python-chess reads its bitboards: a piece stands on
    /// each square of `f(occupied)`, of the first role among pawn, knight, bishop, rook and queen
    /// whose `f` holds the square, else a king, white when `f` of the white squares holds the
    /// square, else black. The first error of `f` is returned.
    pub fn try_transform<E>(
        &self,
        mut f: impl FnMut(Bitboard) -> Result<Bitboard, E>,
    ) -> Result<Setup, E> {
        let mut roles = [Bitboard::EMPTY; 6];
        for (to, from) in roles.iter_mut().zip(self.placement.roles) {
            *to = f(from)?;
        }
        let white = f(self.placement.colors[Color::White.index()])?;
        // Called as python-chess calls it, although a square not white is black.
        f(self.placement.colors[Color::Black.index()])?;
        let occupied = f(self.placement.occupied())?;
        let promoted = f(self.promoted)?;
        // python-chess's order of calls: the en passant square before the castling rights.
        let ep_square = match self.ep_square {
            Some(square) => f(Bitboard::from_square(square))?.last(),
            None => None,
        };
        let castling_rights = f(self.castling_rights)?;
        let mut placement = Chess::empty();
        for square in occupied {
            let role = Role::ALL[..5]
                .iter()
                .zip(roles)
                .find_map(|(&role, squares)| squares.contains(square).then_some(role))
                .unwrap_or(Role::King);
            let color = if white.contains(square) {
                Color::White
            } else {
                Color::Black
            };
            placement.roles[role.index()].add(square);
            placement.colors[color.index()].add(square);
        }
        Ok(Setup {
            placement,
            castling_rights,
            ep_square,
            promoted,
            ..*self
        })
    }

    /// The board seen from the other side, as python-chess's `mirror()`: ranks flipped, colours
    /// swapped, and with them the side to move, castling rights and en passant square; the
    /// clocks stay.
    pub fn mirror(&self) -> Setup {
        let flip = |bits: Bitboard| Bitboard(bits.0.swap_bytes());
        let mut placement = Chess::empty();
        for (mirrored, bits) in placement.roles.iter_mut().zip(self.placement.roles) {
            *mirrored = flip(bits);
        }
        placement.colors = [
            flip(self.placement.colors[1]),
            flip(self.placement.colors[0]),
        ];
        Setup {
            placement,
            turn: !self.turn,
            castling_rights: flip(self.castling_rights),
            ep_square: self.ep_square.map(Square::flip_vertical),
            promoted: flip(self.promoted),
            ..*self
        }
    }
}

impl From<&Chess> for Setup {
    /// The setup of a position (its en passant square only when a pawn could take there).
    fn from(pos: &Chess) -> Setup {
        Setup {
            placement: {
                let mut placement = Chess::empty();
                placement.roles = pos.roles;
                placement.colors = pos.colors;
                placement
            },
            turn: pos.turn(),
            castling_rights: pos.castling_rooks(),
            ep_square: pos.ep_square(),
            halfmoves: pos.halfmoves(),
            fullmoves: pos.fullmoves(),
            chess960: pos.chess960(),
            promoted: Bitboard::EMPTY,
        }
    }
}

impl Chess {
    /// The position seen from the other side ([`Setup::mirror`]). A valid position mirrors to a
    /// valid one; `None` for a position that fails validation itself (one reached by a
    /// pseudo-legal move, its king left in check): mirror its [`Setup`] instead.
    pub fn mirror(&self) -> Option<Chess> {
        let mut mirrored = Setup::from(self).mirror();
        // The en passant square of the original, legal or not, flips with it.
        mirrored.ep_square = self.ep_square().map(Square::flip_vertical);
        Chess::try_from(mirrored).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_round_trip_through_a_setup() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ] {
            let pos = Chess::from_fen(fen).unwrap();
            let setup = Setup::from(&pos);
            assert!(setup.status().is_valid(), "{fen}: {}", setup.status());
            assert_eq!(Chess::try_from(setup).unwrap().fen(), pos.fen());
        }
    }

    #[test]
    fn mirroring_twice_gives_the_position_back() {
        let pos = Chess::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
            .unwrap();
        let mirrored = pos.mirror().unwrap();
        assert_eq!(
            mirrored.fen(),
            // python-chess 1.11.2: chess.Board(fen).mirror().fen()
            "rnbqkbnr/pppp1ppp/8/8/3PpP2/8/PPP1P1PP/RNBQKBNR b KQkq f3 0 3"
        );
        assert_eq!(mirrored.mirror(), Some(pos));
    }

    #[test]
    fn a_transform_moves_every_piece_and_square_set_with_its_squares() {
        let pos = Chess::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
            .unwrap();
        let setup = Setup::from(&pos);
        let flip = |bits: Bitboard| Ok::<_, ()>(Bitboard(bits.0.swap_bytes()));
        let flipped = setup.try_transform(flip).unwrap();
        for square in Square::all() {
            assert_eq!(
                flipped.piece_at(square.flip_vertical()),
                setup.piece_at(square)
            );
        }
        assert_eq!(
            flipped.castling_rights,
            flip(setup.castling_rights).unwrap()
        );
        assert_eq!(flipped.ep_square, Some(Square::F3));
        assert_eq!(
            (flipped.turn, flipped.halfmoves, flipped.fullmoves),
            (Color::White, 0, 3)
        );
        assert_eq!(flipped.try_transform(flip).unwrap(), setup);
        // A shift drops what leaves the board and moves the rest, the en passant square too.
        let up = |bits: Bitboard| Ok::<_, ()>(Bitboard(bits.0 << 8));
        let shifted = setup.try_transform(up).unwrap();
        assert_eq!(shifted.occupied().count(), 32 - 8); // the eighth rank leaves
        assert_eq!(shifted.ep_square, Some(Square::F7));
        let down_twice = |bits: Bitboard| Ok::<_, ()>(Bitboard(bits.0 >> 48));
        assert_eq!(setup.try_transform(down_twice).unwrap().ep_square, None);
        // The first error of the function ends the transform.
        let mut calls = 0;
        let failing = setup.try_transform(|bits| {
            calls += 1;
            if calls == 3 {
                Err(calls)
            } else {
                Ok(bits)
            }
        });
        assert_eq!(failing, Err(3));
    }

    #[test]
    fn an_empty_board_is_refused_with_its_flags() {
        let err = Chess::try_from(Setup::empty()).unwrap_err();
        assert_eq!(err.0.to_string(), "NO_WHITE_KING | NO_BLACK_KING | EMPTY");
    }
}
