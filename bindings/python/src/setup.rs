//! Boards set up piece by piece, python-chess's model: a board may hold any placement
//! (`set_piece_at`, `remove_piece_at`, `clear`, `set_board_fen`), `status()` says what makes it
//! unplayable, and only a playable board generates moves. [`SetupOf`] names each game's setup
//! type in the core (`qipan::chess::Setup`, `qipan::xiangqi::Setup`); the board (`board.rs`)
//! holds an unplayable one beside its game.

use qipan::chess::{Chess, ChessRules};
use qipan::render::SvgOptions;
use qipan::xiangqi::Xiangqi;
use qipan::{Color, Variant};

/// How a game's boards are set up: the core's setup type and the conversions to and from it.
pub trait SetupOf: Variant {
    /// The core's setup of this game: any placement, playable or not.
    type Setup: Clone + Copy + std::fmt::Debug + PartialEq + Eq;

    /// The setup of a position.
    fn setup_of(&self) -> Self::Setup;
    /// The position of a playable setup under `rules`, or why it cannot be played.
    fn from_setup(setup: &Self::Setup, rules: &Self::Rules) -> Result<Self, String>;
    /// The FEN of a setup, playable or not.
    fn setup_fen(setup: &Self::Setup) -> String;
    /// The side to move of a setup.
    fn setup_turn(setup: &Self::Setup) -> Color;
    /// The move number of a setup.
    fn setup_fullmoves(setup: &Self::Setup) -> u32;
    /// A Unicode diagram of a setup.
    fn setup_diagram(setup: &Self::Setup) -> String;
    /// An SVG picture of a setup.
    fn setup_svg(setup: &Self::Setup) -> String;
    /// Whether the side to move of a setup has a king (general) and it is attacked.
    fn setup_is_check(setup: &Self::Setup) -> bool;
    /// An SVG picture of a setup with python-chess's `chess.svg.board` options.
    fn setup_svg_with(setup: &Self::Setup, options: &SvgOptions) -> String;
    /// The king's (general's) square of the side to move, when it is in check.
    fn checked_king(setup: &Self::Setup) -> Option<usize>;
    /// The from and to squares of a move (`None` for the null move).
    fn move_squares(mv: Self::Move) -> Option<(usize, usize)>;
    /// The setup a FEN describes when the game reads FENs of unplayable boards (chess, as
    /// python-chess's `set_fen`); `None` otherwise or for text that is not a FEN.
    fn setup_from_fen(fen: &str, rules: &Self::Rules) -> Option<Self::Setup>;
}

impl SetupOf for Chess {
    type Setup = qipan::chess::Setup;

    fn setup_of(&self) -> Self::Setup {
        qipan::chess::Setup::from(self)
    }

    fn from_setup(setup: &Self::Setup, rules: &ChessRules) -> Result<Chess, String> {
        Chess::from_setup_for(setup, rules).map_err(|e| e.to_string())
    }

    fn setup_fen(setup: &Self::Setup) -> String {
        setup.fen()
    }

    fn setup_turn(setup: &Self::Setup) -> Color {
        setup.turn
    }

    fn setup_fullmoves(setup: &Self::Setup) -> u32 {
        setup.fullmoves.max(1)
    }

    fn setup_diagram(setup: &Self::Setup) -> String {
        setup.diagram()
    }

    fn setup_svg(setup: &Self::Setup) -> String {
        setup.svg()
    }

    fn setup_is_check(setup: &Self::Setup) -> bool {
        setup.is_check()
    }

    fn setup_svg_with(setup: &Self::Setup, options: &SvgOptions) -> String {
        setup.svg_with(options)
    }

    fn checked_king(setup: &Self::Setup) -> Option<usize> {
        let king = setup.king(setup.turn)?;
        setup.is_check().then_some(king.index())
    }

    fn move_squares(mv: Self::Move) -> Option<(usize, usize)> {
        (!mv.is_null()).then(|| (mv.from().index(), mv.to().index()))
    }

    fn setup_from_fen(fen: &str, rules: &ChessRules) -> Option<Self::Setup> {
        let chess960 = Chess::start_with(rules).chess960();
        qipan::chess::Setup::from_fen(fen, chess960).ok()
    }
}

impl SetupOf for Xiangqi {
    type Setup = qipan::xiangqi::Setup;

    fn setup_of(&self) -> Self::Setup {
        qipan::xiangqi::Setup::from(self)
    }

    fn from_setup(
        setup: &Self::Setup,
        rules: &<Xiangqi as Variant>::Rules,
    ) -> Result<Xiangqi, String> {
        Xiangqi::from_setup_for(setup, rules).map_err(|e| e.to_string())
    }

    fn setup_fen(setup: &Self::Setup) -> String {
        setup.fen()
    }

    fn setup_turn(setup: &Self::Setup) -> Color {
        setup.turn()
    }

    fn setup_fullmoves(setup: &Self::Setup) -> u32 {
        setup.fullmove_number()
    }

    fn setup_diagram(setup: &Self::Setup) -> String {
        setup.diagram()
    }

    fn setup_svg(setup: &Self::Setup) -> String {
        setup.svg()
    }

    fn setup_is_check(setup: &Self::Setup) -> bool {
        setup.is_check()
    }

    fn setup_svg_with(setup: &Self::Setup, options: &SvgOptions) -> String {
        setup.svg_with(options)
    }

    fn checked_king(setup: &Self::Setup) -> Option<usize> {
        let general = setup.king(setup.turn())?;
        setup.is_check().then_some(general.index())
    }

    fn move_squares(mv: Self::Move) -> Option<(usize, usize)> {
        (!mv.is_null()).then(|| (mv.from().index(), mv.to().index()))
    }

    /// Xiangqi FENs are read only when playable: a board that fails is set up point by point.
    fn setup_from_fen(_fen: &str, _rules: &<Xiangqi as Variant>::Rules) -> Option<Self::Setup> {
        None
    }
}
