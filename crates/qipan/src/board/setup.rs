//! [`Editable`]: what a game gives the editable [`Board`](super::Board) — its set-up type (any
//! placement, playable or not), the one step from a set-up to a playable position, and the
//! square names its boards are edited by.

use std::fmt::Debug;

use crate::chess::{self, Chess, ChessRules};
use crate::render::SvgOptions;
use crate::xiangqi::{self, Xiangqi, XiangqiRules};
use crate::{Color, GameKind, Variant};

/// A game whose boards can be set up piece by piece: the core's set-up type and the conversions
/// to and from it. Implemented by [`Chess`] and [`Xiangqi`].
pub trait Editable: Variant {
    /// The game's set-up: any placement and other FEN fields, playable or not.
    type Setup: Copy + Debug + PartialEq + Eq + Send + Sync + 'static;
    /// Why a set-up cannot be played.
    type SetupError: std::error::Error + Clone + PartialEq + Eq + Send + Sync + 'static;
    /// A piece as the set-up holds it.
    type Piece: Copy + Debug + PartialEq + Eq;
    /// The number of squares (points) of the board: square indices run below it, file by file
    /// from the first rank up (`index = rank * FILES + file`).
    const SQUARES: usize;
    /// The number of files.
    const FILES: usize;
    /// The digit of the first rank in square names (1 in chess, 0 in Xiangqi's ICCS).
    const FIRST_RANK: u8;
    /// The number of dense move indices: [`Editable::move_index`] answers below it.
    const MOVE_INDICES: usize;

    /// The dense index of the move `mv` of this position: equal indices mean equal coordinate
    /// text in this position's mode (a chess castle is written king-takes-rook in Chess960, so
    /// it has an index of its own there). The front ends keep a move's strings and objects by it.
    fn move_index(&self, mv: Self::Move) -> usize;

    /// The set-up of a position.
    fn setup_of(&self) -> Self::Setup;
    /// The position of a playable set-up under `rules`, or why it cannot be played; with
    /// `relaxed`, positions that cannot arise in a game but can be played from (chess: an
    /// impossible check, too much material; a set-up also without a king, as chess.js plays it:
    /// [`chess::PositionProblems::UNCHECKED`]) are played too. The board's one validation step.
    fn from_setup(
        setup: &Self::Setup,
        rules: &Self::Rules,
        relaxed: bool,
    ) -> Result<Self, Self::SetupError>;
    /// The set-up of the game's current position: [`Editable::setup_of`], with what the game
    /// knows beyond the position (chess: the en passant square of the last double step, whether
    /// or not a pawn can take there, as python-chess keeps it).
    fn setup_of_game(game: &crate::Game<Self>) -> Self::Setup {
        game.position().setup_of()
    }
    /// Whether `setup`, played as the start of `game`, holds a field the game does not show
    /// (chess: an en passant square no pawn can take on, which python-chess keeps as its
    /// `ep_square`); the board then answers from the set-up while the game stands at its start.
    fn shows_less_than(game: &crate::Game<Self>, setup: &Self::Setup) -> bool {
        let _ = (game, setup);
        false
    }
    /// The set-up of `fen`, just read into `game`, when it holds more than the game shows
    /// ([`Editable::shows_less_than`]); `None` otherwise (the default), without reading the FEN
    /// again when its text says it cannot (chess: no en passant square, or one the position keeps).
    fn fen_beyond_game(
        fen: &str,
        game: &crate::Game<Self>,
        rules: &Self::Rules,
    ) -> Option<Self::Setup> {
        let _ = (fen, game, rules);
        None
    }
    /// The position a set-up that fails validation is played from by a board that plays every
    /// set-up ([`Board::with_plays_any`](super::Board::with_plays_any)): chess waives every
    /// problem but several kings of a side (castling rights and an en passant square the placement does not support are
    /// dropped); `None` when the game plays no such set-up (the default).
    fn lenient_from_setup(setup: &Self::Setup, rules: &Self::Rules) -> Option<Self> {
        let _ = (setup, rules);
        None
    }
    /// The set-up a FEN describes when this game reads FENs of unplayable boards (chess, as
    /// python-chess's `set_fen`); `None` otherwise or for text that is not a FEN.
    fn setup_from_fen(fen: &str, rules: &Self::Rules) -> Option<Self::Setup>;
    /// An empty board in the mode of `rules`: White / Red to move, move 1.
    fn empty_setup(rules: &Self::Rules) -> Self::Setup;

    /// The FEN of a set-up, playable or not.
    fn setup_fen(setup: &Self::Setup) -> String;
    /// The side to move of a set-up.
    fn setup_turn(setup: &Self::Setup) -> Color;
    /// Sets the side to move of a set-up.
    fn set_setup_turn(setup: &mut Self::Setup, color: Color);
    /// The move number of a set-up (at least 1).
    fn setup_fullmoves(setup: &Self::Setup) -> u32;
    /// Whether the side to move of a set-up has a king (general) and it is attacked.
    fn setup_is_check(setup: &Self::Setup) -> bool;
    /// A Unicode diagram of a set-up.
    fn setup_diagram(setup: &Self::Setup) -> String;
    /// An SVG picture of a set-up with `options`.
    fn setup_svg_with(setup: &Self::Setup, options: &SvgOptions) -> String;
    /// The king's (general's) square of the side to move, when it is in check.
    fn checked_king(setup: &Self::Setup) -> Option<usize>;
    /// The from and to squares of a move (`None` for the null move).
    fn move_squares(mv: Self::Move) -> Option<(usize, usize)>;

    /// The piece on square `sq` of a set-up (`None` also for an index off the board).
    fn setup_piece(setup: &Self::Setup, sq: usize) -> Option<Self::Piece>;
    /// Puts `piece` on square `sq` (or empties it); `false`, and nothing changed, when the
    /// game refuses the piece there (a Xiangqi piece off its points or beyond its count).
    fn set_setup_piece(setup: &mut Self::Setup, sq: usize, piece: Option<Self::Piece>) -> bool;
    /// chess.js's `put` (and, with `None`, `remove`): as [`Editable::set_setup_piece`], but a
    /// second king (general) of one side is refused, and what the placement no longer supports
    /// is dropped (chess: castling rights without their king and rook, the en passant square).
    fn put(setup: &mut Self::Setup, sq: usize, piece: Option<Self::Piece>) -> bool {
        Self::set_setup_piece(setup, sq, piece)
    }

    /// A piece as chess.js writes it: its lower-case FEN letter and its side.
    fn piece_code(piece: Self::Piece) -> (char, Color);
    /// The piece of a chess.js letter (either case; Xiangqi also WXF's `e` and `h`) and side.
    fn piece_of_code(letter: char, color: Color) -> Option<Self::Piece>;
    /// The squares of the pieces of `by` that attack square `sq` of a set-up, ascending.
    fn setup_attackers(setup: &Self::Setup, sq: usize, by: Color) -> Vec<usize>;

    /// The index of the square named `name` (`e4`; ICCS `e0` in Xiangqi): the one reader of
    /// square names the front ends use.
    fn parse_square(name: &str) -> Option<usize>;
    /// The name of square `sq`.
    fn square_name(sq: usize) -> String;

    /// The promoted-pieces mask of a set-up (python-chess's `promoted`; 0 where the game has
    /// no promotions).
    fn setup_promoted(setup: &Self::Setup) -> u64 {
        let _ = setup;
        0
    }
    /// Sets the promoted-pieces mask of a set-up.
    fn set_setup_promoted(setup: &mut Self::Setup, mask: u64) {
        let _ = (setup, mask);
    }
    /// Whether `mv` promotes a piece.
    fn promotes(mv: Self::Move) -> bool {
        let _ = mv;
        false
    }
    /// The promoted-pieces mask after `mv` is played here, `mask` before it.
    fn promoted_after(&self, mv: Self::Move, mask: u64) -> u64 {
        let _ = (mv, mask);
        0
    }

    /// Whether `mv` takes the opponent's king (possible on a board that plays positions where
    /// the king was left attacked: python-chess's).
    #[inline]
    fn captures_king(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }
    /// The position after `mv`, which takes the opponent's king ([`Editable::captures_king`]).
    fn play_capturing_king(&self, mv: Self::Move) -> Self {
        let mut after = self.clone();
        after.play_or_pass(mv);
        after
    }

    /// The rules a record of `kind` (the game its tags name) is read under by a board of this
    /// game with `current` rules; `None` when this game cannot read it. The one tag-to-rules
    /// policy the front ends share.
    fn record_rules(kind: GameKind, current: &Self::Rules) -> Option<Self::Rules>;
}

impl Editable for Chess {
    fn setup_promoted(setup: &chess::Setup) -> u64 {
        setup.promoted.0
    }

    fn set_setup_promoted(setup: &mut chess::Setup, mask: u64) {
        setup.promoted = chess::Bitboard(mask);
    }

    #[inline]
    fn promotes(mv: chess::Move) -> bool {
        matches!(mv.kind(), chess::MoveKind::Promotion(_))
    }

    fn promoted_after(&self, mv: chess::Move, mask: u64) -> u64 {
        Chess::promoted_after(self, mv, chess::Bitboard(mask)).0
    }

    #[inline]
    fn captures_king(&self, mv: chess::Move) -> bool {
        !mv.is_null()
            && self
                .pieces(!self.turn(), chess::Role::King)
                .contains(mv.to())
    }

    fn play_capturing_king(&self, mv: chess::Move) -> Chess {
        let mut after = *self;
        after.play_pseudo_legal(mv);
        after
    }

    fn record_rules(kind: GameKind, _current: &ChessRules) -> Option<ChessRules> {
        match kind {
            GameKind::Chess => Some(ChessRules::FIDE),
            GameKind::Chess960 => Some(ChessRules::CHESS960),
            _ => None,
        }
    }

    type Setup = chess::Setup;
    type SetupError = chess::UnplayableSetup;
    type Piece = chess::Piece;
    const SQUARES: usize = 64;
    const FILES: usize = 8;
    const FIRST_RANK: u8 = 1;
    // from + to (12 bits), then the text's kind: plain (normal, en passant), a promotion piece
    // (knight, bishop, rook, queen), a castle in standard or in Chess960 mode.
    const MOVE_INDICES: usize = 7 << 12;

    fn move_index(&self, mv: chess::Move) -> usize {
        let kind = match mv.kind() {
            chess::MoveKind::Promotion(role) => match role {
                chess::Role::Knight => 1,
                chess::Role::Bishop => 2,
                chess::Role::Rook => 3,
                _ => 4,
            },
            chess::MoveKind::Castle if self.chess960() => 6,
            chess::MoveKind::Castle => 5,
            _ => 0,
        };
        kind << 12 | usize::from(mv.to_u16() & 0x0fff)
    }

    fn setup_of(&self) -> chess::Setup {
        chess::Setup::from(self)
    }

    fn from_setup(
        setup: &chess::Setup,
        rules: &ChessRules,
        relaxed: bool,
    ) -> Result<Chess, chess::UnplayableSetup> {
        let strict = Chess::from_setup_for(setup, rules);
        if !relaxed || strict.is_ok() {
            return strict;
        }
        // The relaxed FEN reading's rule, over the setup itself: its FEN writes no en passant
        // square for a board the strict rules refuse, and chess.js takes en passant there too.
        let relaxed = Chess::from_setup(*setup, rules.castling)
            .or_else(|err| err.ignore(chess::PositionProblems::UNREACHABLE));
        match relaxed {
            Ok(pos) if same_placement(&pos.fen(), &setup.fen()) => Ok(pos),
            // Boards chess.js plays on all the same: without a king, pawns on the back rank
            // (which step once, as chess.js's do).
            _ => Chess::from_setup(*setup, rules.castling)
                .or_else(|err| err.ignore(chess::PositionProblems::UNCHECKED))
                .map(|pos| pos.with_first_rank_double_step(false))
                .or(strict),
        }
    }

    fn setup_of_game(game: &crate::Game<Chess>) -> chess::Setup {
        let mut setup = game.position().setup_of();
        setup.ep_square = game.passed_ep_square();
        setup
    }

    fn shows_less_than(game: &crate::Game<Chess>, setup: &chess::Setup) -> bool {
        setup.ep_square.is_some() && setup.ep_square != game.passed_ep_square()
    }

    fn fen_beyond_game(
        fen: &str,
        game: &crate::Game<Chess>,
        rules: &ChessRules,
    ) -> Option<chess::Setup> {
        // The fourth field's first byte, found with a vectorised search (a FEN is read on every
        // `set_fen`; splitting it into words again cost about 500 instructions).
        let ep_field = memchr::memchr_iter(b' ', fen.as_bytes()).nth(2)? + 1;
        if fen.as_bytes().get(ep_field) == Some(&b'-') || game.position().ep_square().is_some() {
            return None;
        }
        Self::setup_from_fen(fen, rules).filter(|setup| Self::shows_less_than(game, setup))
    }

    fn lenient_from_setup(setup: &chess::Setup, rules: &ChessRules) -> Option<Chess> {
        // Two kings of a side are not played: python-chess plays the one on the highest square
        // as the king and the others as pieces that may walk into check, which qipan's move
        // generator does not model.
        let waived = chess::PositionProblems::ALL - chess::PositionProblems::TOO_MANY_KINGS;
        match Chess::from_setup(*setup, rules.castling) {
            Ok(pos) => Some(pos),
            Err(err) => err.ignore(waived).ok(),
        }
    }

    fn setup_from_fen(fen: &str, rules: &ChessRules) -> Option<chess::Setup> {
        chess::Setup::from_fen(fen, rules.is_chess960()).ok()
    }

    fn empty_setup(rules: &ChessRules) -> chess::Setup {
        let mut empty = chess::Setup::empty();
        empty.chess960 = rules.is_chess960();
        empty
    }

    fn setup_fen(setup: &chess::Setup) -> String {
        setup.fen()
    }

    fn setup_turn(setup: &chess::Setup) -> Color {
        setup.turn
    }

    fn set_setup_turn(setup: &mut chess::Setup, color: Color) {
        setup.turn = color;
    }

    fn setup_fullmoves(setup: &chess::Setup) -> u32 {
        setup.fullmoves.max(1)
    }

    fn setup_is_check(setup: &chess::Setup) -> bool {
        setup.is_check()
    }

    fn setup_diagram(setup: &chess::Setup) -> String {
        setup.diagram()
    }

    fn setup_svg_with(setup: &chess::Setup, options: &SvgOptions) -> String {
        setup.svg_with(options)
    }

    fn checked_king(setup: &chess::Setup) -> Option<usize> {
        let king = setup.king(setup.turn)?;
        setup.is_check().then_some(king.index())
    }

    fn move_squares(mv: chess::Move) -> Option<(usize, usize)> {
        (!mv.is_null()).then(|| (mv.from().index(), mv.to().index()))
    }

    fn setup_piece(setup: &chess::Setup, sq: usize) -> Option<chess::Piece> {
        let sq = u32::try_from(sq).ok().filter(|&i| i < 64)?;
        setup.piece_at(chess::Square::new(sq))
    }

    fn set_setup_piece(setup: &mut chess::Setup, sq: usize, piece: Option<chess::Piece>) -> bool {
        match u32::try_from(sq).ok().filter(|&i| i < 64) {
            Some(i) => {
                setup.set_piece_at(chess::Square::new(i), piece);
                true
            }
            None => false,
        }
    }

    fn put(setup: &mut chess::Setup, sq: usize, piece: Option<chess::Piece>) -> bool {
        let Some(square) = u32::try_from(sq)
            .ok()
            .filter(|&i| i < 64)
            .map(chess::Square::new)
        else {
            return false;
        };
        if let Some(piece) = piece {
            let kings = setup.pieces(piece.color, chess::Role::King);
            if piece.role == chess::Role::King
                && (kings & !chess::Bitboard::from_square(square)).any()
            {
                return false;
            }
        }
        setup.set_piece_at(square, piece);
        // chess.js 1.4.0 after put/remove: castling rights the placement no longer supports are
        // dropped, and so is the en passant square (its test compares empty squares with `null`
        // where they are `undefined`, so it clears the square after every edit).
        setup.castling_rights = setup.clean_castling_rights();
        setup.ep_square = None;
        true
    }

    fn piece_code(piece: chess::Piece) -> (char, Color) {
        (piece.role.char(), piece.color)
    }

    fn piece_of_code(letter: char, color: Color) -> Option<chess::Piece> {
        let role = chess::Role::from_char(letter.to_ascii_lowercase())?;
        Some(chess::Piece { color, role })
    }

    fn setup_attackers(setup: &chess::Setup, sq: usize, by: Color) -> Vec<usize> {
        match u32::try_from(sq).ok().filter(|&i| i < 64) {
            Some(i) => setup
                .attackers(chess::Square::new(i), by)
                .into_iter()
                .map(chess::Square::index)
                .collect(),
            None => Vec::new(),
        }
    }

    fn parse_square(name: &str) -> Option<usize> {
        name.parse::<chess::Square>().ok().map(chess::Square::index)
    }

    fn square_name(sq: usize) -> String {
        chess::Square::new(sq as u32 & 63).to_string()
    }
}

impl Editable for Xiangqi {
    /// A record that names no game reads as chess by its tags; on a Xiangqi board it is read
    /// as Xiangqi, under the board's rules.
    fn record_rules(kind: GameKind, current: &XiangqiRules) -> Option<XiangqiRules> {
        matches!(kind, GameKind::Xiangqi | GameKind::Chess).then_some(*current)
    }

    type Setup = xiangqi::Setup;
    type SetupError = xiangqi::FenError;
    type Piece = xiangqi::Piece;
    const SQUARES: usize = 90;
    const FILES: usize = 9;
    const FIRST_RANK: u8 = 0;
    // from * 90 + to.
    const MOVE_INDICES: usize = 90 * 90;

    fn move_index(&self, mv: xiangqi::Move) -> usize {
        usize::from(mv.to_u16())
    }

    fn setup_of(&self) -> xiangqi::Setup {
        xiangqi::Setup::from(self)
    }

    fn from_setup(
        setup: &xiangqi::Setup,
        rules: &XiangqiRules,
        relaxed: bool,
    ) -> Result<Xiangqi, xiangqi::FenError> {
        let strict = Xiangqi::from_setup_for(setup, rules);
        if !relaxed || strict.is_ok() {
            return strict;
        }
        match Xiangqi::from_fen_relaxed_for(&setup.fen(), rules) {
            Ok(pos) if same_placement(&pos.fen(), &setup.fen()) => Ok(pos),
            _ => strict,
        }
    }

    /// Xiangqi FENs are read only when playable: a board that fails is set up point by point.
    fn setup_from_fen(_fen: &str, _rules: &XiangqiRules) -> Option<xiangqi::Setup> {
        None
    }

    fn empty_setup(_rules: &XiangqiRules) -> xiangqi::Setup {
        xiangqi::Setup::empty()
    }

    fn setup_fen(setup: &xiangqi::Setup) -> String {
        setup.fen()
    }

    fn setup_turn(setup: &xiangqi::Setup) -> Color {
        setup.turn()
    }

    fn set_setup_turn(setup: &mut xiangqi::Setup, color: Color) {
        setup.set_turn(color);
    }

    fn setup_fullmoves(setup: &xiangqi::Setup) -> u32 {
        setup.fullmove_number()
    }

    fn setup_is_check(setup: &xiangqi::Setup) -> bool {
        setup.is_check()
    }

    fn setup_diagram(setup: &xiangqi::Setup) -> String {
        setup.diagram()
    }

    fn setup_svg_with(setup: &xiangqi::Setup, options: &SvgOptions) -> String {
        setup.svg_with(options)
    }

    fn checked_king(setup: &xiangqi::Setup) -> Option<usize> {
        let general = setup.king(setup.turn())?;
        setup.is_check().then_some(general.index())
    }

    fn move_squares(mv: xiangqi::Move) -> Option<(usize, usize)> {
        (!mv.is_null()).then(|| (mv.from().index(), mv.to().index()))
    }

    fn setup_piece(setup: &xiangqi::Setup, sq: usize) -> Option<xiangqi::Piece> {
        setup.piece_at(xiangqi::Square::from_index(sq)?)
    }

    fn set_setup_piece(
        setup: &mut xiangqi::Setup,
        sq: usize,
        piece: Option<xiangqi::Piece>,
    ) -> bool {
        match xiangqi::Square::from_index(sq) {
            Some(sq) => setup.set_piece_at(sq, piece).is_ok(),
            None => false,
        }
    }

    fn piece_code(piece: xiangqi::Piece) -> (char, Color) {
        (piece.role.fen_char().to_ascii_lowercase(), piece.color)
    }

    fn piece_of_code(letter: char, color: Color) -> Option<xiangqi::Piece> {
        let kind = xiangqi::Role::from_fen_char(letter)?;
        Some(xiangqi::Piece { color, role: kind })
    }

    fn setup_attackers(setup: &xiangqi::Setup, sq: usize, by: Color) -> Vec<usize> {
        let Some(sq) = xiangqi::Square::from_index(sq) else {
            return Vec::new();
        };
        setup
            .attackers(sq, by)
            .into_iter()
            .map(xiangqi::Square::index)
            .collect()
    }

    fn parse_square(name: &str) -> Option<usize> {
        xiangqi::Square::from_name(name).map(xiangqi::Square::index)
    }

    fn square_name(sq: usize) -> String {
        xiangqi::Square::from_index(sq).map_or_else(String::new, |sq| sq.to_string())
    }
}

/// Whether two FENs place the pieces alike: the relaxed reading is kept only when it leaves the
/// pieces where they stand.
fn same_placement(a: &str, b: &str) -> bool {
    a.split(' ').next() == b.split(' ').next()
}
