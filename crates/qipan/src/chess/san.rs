//! Standard Algebraic Notation (SAN), written as python-chess writes it and read leniently.
//!
//! Accepted on input besides strict SAN: `0-0` / `0-0-0`, promotions without `=` or with a
//! lower-case piece (`e8Q`, `e8=q`), over-disambiguation (`Ng1f3`), a missing or extra `x`
//! (`ed5`), a trailing ` e.p.`, check marks and annotations (`+`, `#`, `!`, `?`, `!?`), castling
//! as the king's two-square step in coordinates (`e1g1`, as UCI move lists write it). The null
//! move (a pass) is read from `--`, `Z0`, `0000` and `@@@@` (refused in check) and written `--`.
//! Figurines (`♘f3`, `♞c6`, FIDE Handbook E.12) read as the piece letters.
//!
//! ```
//! use qipan::{Chess, MoveError, Variant};
//! let pos = Chess::from_fen("4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1").unwrap();
//! assert!(matches!(pos.parse_san("Ne2"), Err(MoveError::Ambiguous { .. })));
//! let mv = pos.parse_san("Nge2").unwrap();
//! assert_eq!(pos.san(mv), "Nge2");
//! ```

use super::attacks::{between, bishop_rays, king_attacks, knight_attacks, pawn_attacks, rook_rays};
use super::{Bitboard, CastlingSide, Chess, Move, MoveKind, Role, Square};
use crate::MoveError;

impl Chess {
    /// Writes `mv` (a legal move) in SAN, with `+` or `#`.
    pub fn san(&self, mv: Move) -> String {
        let mut san = String::with_capacity(8);
        self.push_san(mv, &mut san);
        san
    }

    /// Appends the SAN of `mv` (a legal move), with `+` or `#`, to `out`: a list of moves
    /// written into one buffer, without a string each.
    pub fn push_san(&self, mv: Move, out: &mut String) {
        if mv.is_null() {
            out.push_str("--");
            return;
        }
        self.push_san_plain(mv, out);
        let mut after = *self;
        // Only the check matters here, not the key.
        after.play_unhashed(mv);
        if after.is_check_by_lines() {
            out.push(if after.has_legal_moves() { '+' } else { '#' });
        }
    }

    /// SAN without the check mark.
    pub fn san_plain(&self, mv: Move) -> String {
        let mut san = String::with_capacity(8);
        self.push_san_plain(mv, &mut san);
        san
    }

    /// SAN without the check mark of a move named in UCI whether or not it can be played here,
    /// as chess.js writes a move its replay plays over an edit that blocks it: the piece on its
    /// square, disambiguated among the others that may legally go there. [`MoveError::Invalid`]
    /// for text that names no move.
    ///
    /// ```
    /// use qipan::{Chess, Variant};
    /// // The bishop on e5 blocks f4-d6 and may go to d6 itself.
    /// let pos = Chess::from_fen("4k3/8/8/4B3/5B2/8/8/4K3 w - - 0 1").unwrap();
    /// assert_eq!(pos.san_plain_unchecked("f4d6").unwrap(), "Bfd6");
    /// assert!(pos.san_plain_unchecked("f4").is_err());
    /// ```
    pub fn san_plain_unchecked(&self, uci: &str) -> Result<String, MoveError> {
        Ok(self.san_plain(self.uci_to_move(uci)?))
    }

    /// Appends the SAN of `mv` without the check mark to `san`.
    fn push_san_plain(&self, mv: Move, san: &mut String) {
        if mv.is_null() {
            san.push_str("--");
            return;
        }
        let kind = mv.kind();
        match kind {
            MoveKind::Castle => {
                san.push_str(match mv.castling_side() {
                    Some(CastlingSide::KingSide) => "O-O",
                    _ => "O-O-O",
                });
                return;
            }
            MoveKind::Invalid => {
                san.push_str(&self.uci(mv));
                return;
            }
            _ => {}
        }
        let (from, to) = (mv.from(), mv.to());
        let Some(role) = self.role_at(from) else {
            san.push_str(&self.uci(mv));
            return;
        };
        let capture = self.is_capture(mv);
        if role == Role::Pawn {
            if capture {
                san.push(from.file_char());
                san.push('x');
            }
        } else {
            san.push(role.upper_char());
            // The other pieces of the kind that may legally go there (all that reach it when
            // the side has no king to keep safe, as on a set-up board).
            let others: Bitboard = self
                .reaching(role, to, self.pieces(self.turn, role).without(from))
                .into_iter()
                .filter(|&other| self.is_safe_after(other, to, role == Role::King) != Some(false))
                .collect();
            if others.any() {
                let mut file = false;
                let mut rank = false;
                if (others & Bitboard::rank(from.rank())).any() {
                    file = true;
                }
                if (others & Bitboard::file(from.file())).any() {
                    rank = true;
                } else {
                    file = true;
                }
                if file {
                    san.push(from.file_char());
                }
                if rank {
                    san.push(from.rank_char());
                }
            }
            if capture {
                san.push('x');
            }
        }
        san.push(to.file_char());
        san.push(to.rank_char());
        if let Some(promoted) = mv.promotion_role() {
            san.push('=');
            san.push(promoted.upper_char());
        }
    }

    /// [`Chess::parse_san`] for text typed by a user, as python-chess's `parse_san` takes it:
    /// white space around the move (a line break read with it) makes it invalid.
    pub fn parse_san_exact(&self, text: &str) -> Result<Move, MoveError> {
        if text.trim() != text {
            return Err(MoveError::invalid(
                text.trim(),
                "white space around the move",
            ));
        }
        self.parse_san(text)
    }

    /// Reads SAN (leniently, see the module docs) and checks that it names one legal move.
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        if crate::is_null_move_text(text) {
            return self.null_unless_check(text);
        }
        if text.len() > 32 {
            return Err(MoveError::invalid(
                &text[..text.floor_char_boundary_compat(32)],
                "too long for SAN",
            ));
        }
        if !text.is_ascii() {
            return match figurines_to_letters(text) {
                Some(letters) => self.parse_san(&letters).map_err(|e| with_text(e, text)),
                None => Err(MoveError::invalid(text, "SAN is ASCII (or figurines)")),
            };
        }
        let mut s = text.trim();
        loop {
            let before = s.len();
            s = s.trim_end_matches(['!', '?', '+', '#']).trim_end();
            if let Some(rest) = s.strip_suffix("e.p.") {
                s = rest.trim_end();
            }
            if s.len() == before {
                break;
            }
        }
        let side = match s {
            "O-O" | "0-0" => Some(CastlingSide::KingSide),
            "O-O-O" | "0-0-0" => Some(CastlingSide::QueenSide),
            _ => None,
        };
        if let Some(side) = side {
            let king = self
                .king_of(self.turn)
                .map(Bitboard::from_square)
                .unwrap_or_default();
            return self
                .legal_moves_filtered(king, Bitboard::FULL)
                .into_iter()
                .find(|m| m.castling_side() == Some(side))
                .ok_or_else(|| MoveError::illegal(text, self.to_fen()));
        }
        let invalid = |reason: &str| MoveError::invalid(text, reason);
        let mut b = s.as_bytes();
        let explicit_piece = matches!(b.first(), Some(b'N' | b'B' | b'R' | b'Q' | b'K'));
        let role = match b.first() {
            Some(&c @ (b'N' | b'B' | b'R' | b'Q' | b'K')) => {
                b = &b[1..];
                Role::from_char(c as char).unwrap_or(Role::Pawn)
            }
            Some(_) => Role::Pawn,
            None => return Err(invalid("empty")),
        };
        // A promotion suffix, read on any move (as python-chess reads it) so that a piece move
        // or a king "promotion" with one is an illegal move, not unreadable text.
        let mut promotion = None;
        if let Some(&c) = b.last() {
            if let Some(r @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen | Role::King)) =
                Role::from_char(c as char).filter(|_| b.len() >= 3 && b[b.len() - 2] != b'x')
            {
                promotion = Some(r);
                b = &b[..b.len() - 1];
                if b.last() == Some(&b'=') {
                    b = &b[..b.len() - 1];
                }
            }
        }
        if b.len() < 2 {
            return Err(invalid("expected a target square"));
        }
        let to = Square::from_ascii(&b[b.len() - 2..])
            .ok_or_else(|| invalid("expected a target square"))?;
        let mut rest = &b[..b.len() - 2];
        if let Some((&last, head)) = rest.split_last() {
            if last == b'x' || last == b'-' || last == b':' {
                rest = head;
            }
        }
        let mut from_mask = Bitboard::FULL;
        let (mut has_file, mut has_rank) = (false, false);
        if let Some((&c, tail)) = rest.split_first() {
            if (b'a'..=b'h').contains(&c) {
                from_mask &= Bitboard::file((c - b'a') as u32);
                rest = tail;
                has_file = true;
            }
        }
        if let Some((&c, tail)) = rest.split_first() {
            if (b'1'..=b'8').contains(&c) {
                from_mask &= Bitboard::rank((c - b'1') as u32);
                rest = tail;
                has_rank = true;
            }
        }
        if !rest.is_empty() {
            return Err(invalid("unexpected characters before the target square"));
        }
        if !explicit_piece && has_file && has_rank {
            // A fully specified move (`g1f3`) may be any piece's.
            from_mask &= self.by_color(self.turn);
        } else {
            from_mask &= self.pieces(self.turn, role);
            if role == Role::Pawn && !has_file {
                // A pawn capture names its file; `d5` is a move from the d-file.
                from_mask &= Bitboard::file(to.file());
            }
        }
        let fits = |m: Move| !m.is_castle() && m.promotion_role() == promotion;
        let to = Bitboard::from_square(to);
        match self.find_legal(from_mask, to, fits) {
            (Some(mv), false) => Ok(mv),
            // A king's two-square step in coordinates (`e1g1`, as a UCI move list writes
            // castling) castles, as python-chess's SAN reader reads it.
            (None, _) if !explicit_piece && has_file && has_rank && promotion.is_none() => self
                .parse_uci(s)
                .ok()
                .filter(|m| m.is_castle())
                .ok_or_else(|| MoveError::illegal(text, self.to_fen())),
            (None, _) => Err(MoveError::illegal(text, self.to_fen())),
            (Some(_), true) => Err(MoveError::Ambiguous {
                text: text.to_owned(),
                candidates: self
                    .legal_moves_filtered(from_mask, to)
                    .into_iter()
                    .filter(|&m| fits(m))
                    .map(|m| self.san(m))
                    .collect(),
            }),
        }
    }
}

/// `♘f3` as `Nf3`: the figurine algebraic notation of FIDE Handbook E.12 (either colour's
/// figurines; a pawn figurine is dropped). `None` when other non-ASCII characters remain.
fn figurines_to_letters(text: &str) -> Option<String> {
    let letters: String = text
        .chars()
        .filter_map(|c| match c {
            '♔' | '♚' => Some(Some('K')),
            '♕' | '♛' => Some(Some('Q')),
            '♖' | '♜' => Some(Some('R')),
            '♗' | '♝' => Some(Some('B')),
            '♘' | '♞' => Some(Some('N')),
            '♙' | '♟' => None,
            c => Some(Some(c)),
        })
        .flatten()
        .collect();
    letters.is_ascii().then_some(letters)
}

/// `error` about the text as written (with its figurines), not as translated.
fn with_text(error: MoveError, text: &str) -> MoveError {
    match error {
        MoveError::Invalid { reason, .. } => MoveError::invalid(text, reason),
        MoveError::Illegal { fen, .. } => MoveError::illegal(text, fen),
        MoveError::Ambiguous { candidates, .. } => MoveError::Ambiguous {
            text: text.to_owned(),
            candidates,
        },
    }
}

/// `str::floor_char_boundary` is not stable on the minimum Rust version.
trait FloorCharBoundary {
    fn floor_char_boundary_compat(&self, index: usize) -> usize;
}

impl FloorCharBoundary for str {
    fn floor_char_boundary_compat(&self, mut index: usize) -> usize {
        index = index.min(self.len());
        while !self.is_char_boundary(index) {
            index -= 1;
        }
        index
    }
}

impl Chess {
    /// The move that plain SAN names — `e4`, `exd5`, `e8=Q`, `Nf3`, `Nbd7`, `R1e2`, `Qh4xe1`,
    /// each with an optional `+` or `#` — found from the pieces that reach its target square,
    /// without generating moves: what a record reader meets on almost every ply.
    ///
    /// `None` for every other text (castling, en passant, the lenient forms of
    /// [`Chess::parse_san`]) and when the text names no single legal move; the caller then asks
    /// [`Chess::parse_san`], which also says what is wrong. Where this returns a move,
    /// `parse_san` returns the same one (the record tests compare both on every move).
    pub(crate) fn parse_plain_san(&self, text: &[u8]) -> Option<Move> {
        let b = match text {
            [rest @ .., b'+' | b'#'] => rest,
            _ => text,
        };
        match *b {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => self.plain_pawn_push(f, r, None),
            [f @ b'a'..=b'h', r @ b'1'..=b'8', b'=', p] => {
                self.plain_pawn_push(f, r, Some(promotion_role(p)?))
            }
            [from @ b'a'..=b'h', b'x', f @ b'a'..=b'h', r @ b'1'..=b'8'] => {
                self.plain_pawn_capture(from, f, r, None)
            }
            [from @ b'a'..=b'h', b'x', f @ b'a'..=b'h', r @ b'1'..=b'8', b'=', p] => {
                self.plain_pawn_capture(from, f, r, Some(promotion_role(p)?))
            }
            [b'N', ref rest @ ..] => self.plain_piece_move(Role::Knight, rest),
            [b'B', ref rest @ ..] => self.plain_piece_move(Role::Bishop, rest),
            [b'R', ref rest @ ..] => self.plain_piece_move(Role::Rook, rest),
            [b'Q', ref rest @ ..] => self.plain_piece_move(Role::Queen, rest),
            [b'K', ref rest @ ..] => self.plain_piece_move(Role::King, rest),
            _ => None,
        }
    }

    /// `Nf3`, `Nbd7`, `R1e2`, `Qh4xe1` without the piece letter: `rest`.
    fn plain_piece_move(&self, role: Role, rest: &[u8]) -> Option<Move> {
        let (head, square) = rest.split_at(rest.len().checked_sub(2)?);
        let to = Square::from_ascii(square)?;
        let head = head.strip_suffix(b"x").unwrap_or(head);
        let mut from_mask = Bitboard::FULL;
        let head = match head {
            [f @ b'a'..=b'h', tail @ ..] => {
                from_mask &= Bitboard::file(u32::from(f - b'a'));
                tail
            }
            _ => head,
        };
        match head {
            [] => {}
            [r @ b'1'..=b'8'] => from_mask &= Bitboard::rank(u32::from(r - b'1')),
            _ => return None,
        }
        let us = self.turn;
        if self.by_color(us).contains(to) {
            return None;
        }
        let reach = self.reaching(role, to, self.pieces(us, role) & from_mask);
        let mut found = None;
        for from in reach {
            if self.is_safe_after(from, to, role == Role::King)? {
                if found.is_some() {
                    return None;
                }
                found = Some(Move::normal(from, to));
            }
        }
        found
    }

    /// The pieces of `pieces` (of the side to move, all of `role`) that reach `to` — not
    /// pawns. Sliders are found along their empty-board lines, the squares between checked: a
    /// few small tables instead of the large magic ones (whose cache misses a replay feels).
    fn reaching(&self, role: Role, to: Square, pieces: Bitboard) -> Bitboard {
        let occupied = self.occupied();
        match role {
            Role::Knight => knight_attacks(to) & pieces,
            Role::Bishop => open_lines_to(to, bishop_rays(to) & pieces, occupied),
            Role::Rook => open_lines_to(to, rook_rays(to) & pieces, occupied),
            Role::Queen => open_lines_to(to, (rook_rays(to) | bishop_rays(to)) & pieces, occupied),
            Role::King => king_attacks(to) & pieces,
            Role::Pawn => Bitboard::EMPTY,
        }
    }

    /// `e4`, `e8=Q`: a pawn's step or double step to the square on file `f`, rank `r`.
    fn plain_pawn_push(&self, f: u8, r: u8, promotion: Option<Role>) -> Option<Move> {
        let us = self.turn;
        let to = Square::from_ascii(&[f, r])?;
        if self.occupied().contains(to) || promotion.is_some() != (to.relative_rank(us) == 7) {
            return None;
        }
        let back = if us == crate::Color::White { -1 } else { 1 };
        let pawns = self.pieces(us, Role::Pawn);
        let one = to.offset(0, back)?;
        let from = if pawns.contains(one) {
            one
        } else if to.relative_rank(us) == 3 && !self.occupied().contains(one) {
            let two = one.offset(0, back)?;
            if !pawns.contains(two) {
                return None;
            }
            two
        } else {
            return None;
        };
        self.plain_pawn_move(from, to, promotion)
    }

    /// `exd5`, `exd8=Q`: a pawn of file `from_file` takes the piece on file `f`, rank `r` (not en
    /// passant: that is left to [`Chess::parse_san`]).
    fn plain_pawn_capture(
        &self,
        from_file: u8,
        f: u8,
        r: u8,
        promotion: Option<Role>,
    ) -> Option<Move> {
        let us = self.turn;
        let to = Square::from_ascii(&[f, r])?;
        if !self.by_color(!us).contains(to) || promotion.is_some() != (to.relative_rank(us) == 7) {
            return None;
        }
        let back = if us == crate::Color::White { -1 } else { 1 };
        let from = to.offset(i32::from(from_file) - i32::from(f), back)?;
        if from_file.abs_diff(f) != 1 || !self.pieces(us, Role::Pawn).contains(from) {
            return None;
        }
        self.plain_pawn_move(from, to, promotion)
    }

    fn plain_pawn_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
        self.is_safe_after(from, to, false)?
            .then(|| match promotion {
                Some(role) => Move::promotion(from, to, role),
                None => Move::normal(from, to),
            })
    }

    /// Whether the mover's king is safe after the piece on `from` goes to `to` (taking what
    /// stands there; not castling, not en passant). `None` without a king.
    fn is_safe_after(&self, from: Square, to: Square, king_moves: bool) -> Option<bool> {
        let us = self.turn;
        let occupied = self.occupied().without(from).with(to);
        let king = if king_moves { to } else { self.king_of(us)? };
        let enemies = self.by_color(!us).without(to);
        Some(!self.attacked_by_lines(king, us, enemies, occupied))
    }

    /// Whether the side to move is in check ([`Chess::is_check`], from the small tables).
    pub(crate) fn is_check_by_lines(&self) -> bool {
        let us = self.turn;
        self.king_of(us).is_some_and(|king| {
            self.attacked_by_lines(king, us, self.by_color(!us), self.occupied())
        })
    }

    /// Whether a piece of `attackers` attacks `sq` (where a piece of `defender` stands or would
    /// stand), `occupied` blocking the sliders: leapers from their tables, sliders along their
    /// empty-board lines with the squares between checked.
    fn attacked_by_lines(
        &self,
        sq: Square,
        defender: crate::Color,
        attackers: Bitboard,
        occupied: Bitboard,
    ) -> bool {
        let role = |role: Role| self.by_role(role) & attackers;
        let leapers = (knight_attacks(sq) & role(Role::Knight))
            | (pawn_attacks(defender, sq) & role(Role::Pawn))
            | (king_attacks(sq) & role(Role::King));
        if leapers.any() {
            return true;
        }
        let queens = role(Role::Queen);
        let sliders = (rook_rays(sq) & (role(Role::Rook) | queens))
            | (bishop_rays(sq) & (role(Role::Bishop) | queens));
        open_lines_to(sq, sliders, occupied).any()
    }
}

/// The pieces of `candidates` (on lines through `sq`) with nothing between them and `sq`.
fn open_lines_to(sq: Square, candidates: Bitboard, occupied: Bitboard) -> Bitboard {
    let mut open = Bitboard::EMPTY;
    for from in candidates {
        if (between(sq, from) & occupied).is_empty() {
            open.add(from);
        }
    }
    open
}

/// The piece a plain SAN promotion names (`=N`, `=B`, `=R`, `=Q`).
fn promotion_role(letter: u8) -> Option<Role> {
    match letter {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        _ => None,
    }
}
