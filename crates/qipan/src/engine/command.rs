//! The commands sent to an engine: `position`, `banmoves`, `go` with its limits, `setoption`.
//!
//! `position` always carries the game's moves from its start (UCCI: from the last capture, as the
//! protocol asks), so the engine sees every repetition.
//!
//! ```
//! use std::time::Duration;
//! use qipan::engine::{go_command, position_command, Limit, Protocol, XiangqiDialect};
//! use qipan::{Chess, Game};
//! let mut game: Game<Chess> = Game::new();
//! game.push_coord("e2e4").unwrap();
//! assert_eq!(
//!     position_command(&game, Protocol::Uci, XiangqiDialect::UciVariant),
//!     "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4"
//! );
//! let limit = Limit { nodes: Some(1000), movetime: Some(Duration::from_millis(250)), ..Limit::default() };
//! assert_eq!(go_command(&limit, game.position(), Protocol::Uci, XiangqiDialect::UciVariant, &[], false), "go nodes 1000 movetime 250");
//! ```

use std::time::Duration;

use super::dialect::{EngineGame, Protocol, XiangqiDialect};
use crate::{Color, Game};

/// When a search stops (python-chess's `Limit`): the first limit reached ends it. No limit at
/// all is an infinite search, ended by `stop`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Limit {
    /// Search this deep (plies).
    pub depth: Option<u32>,
    /// Search this many nodes.
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<u32>,
    /// Search exactly this long (`movetime`).
    pub movetime: Option<Duration>,
    /// White's (Red's) clock.
    pub white_clock: Option<Duration>,
    /// Black's clock.
    pub black_clock: Option<Duration>,
    /// White's (Red's) increment per move.
    pub white_inc: Option<Duration>,
    /// Black's increment per move.
    pub black_inc: Option<Duration>,
    /// Moves to the next time control (`movestogo`).
    pub moves_to_go: Option<u32>,
    /// Search until told to stop (`infinite`).
    pub infinite: bool,
}

impl Limit {
    /// Whether nothing limits the search (it ends only on `stop`).
    pub fn is_unlimited(&self) -> bool {
        self.infinite
            || (self.depth.is_none()
                && self.nodes.is_none()
                && self.mate.is_none()
                && self.movetime.is_none()
                && self.white_clock.is_none()
                && self.black_clock.is_none())
    }

    /// The longest the search may take by its time limits (`movetime`, or the side to move's
    /// clock plus its increment); `None` when no time limit applies.
    pub fn time_budget(&self, turn: Color) -> Option<Duration> {
        let (clock, inc) = match turn {
            Color::White => (self.white_clock, self.white_inc),
            Color::Black => (self.black_clock, self.black_inc),
        };
        let clock = clock.map(|c| c + inc.unwrap_or_default());
        match (self.movetime, clock) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

fn ms(d: Duration) -> u128 {
    d.as_millis()
}

/// `position fen <fen> moves …` for the game's current position. UCI sends the game's start and
/// every move; UCCI the position after the last capture and the moves since, as its protocol
/// asks (nothing before a capture can repeat).
pub fn position_command<V: EngineGame>(
    game: &Game<V>,
    protocol: Protocol,
    dialect: XiangqiDialect,
) -> String {
    let from = match protocol {
        Protocol::Uci | Protocol::Xboard => 0,
        Protocol::Ucci => game
            .ply()
            .saturating_sub(game.position().halfmove_clock() as usize),
    };
    let positions = game.positions();
    let mut line = format!("position fen {}", positions[from].fen());
    if from < game.ply() {
        line.push_str(" moves");
        for (pos, &mv) in positions[from..].iter().zip(&game.moves()[from..]) {
            line.push(' ');
            line.push_str(&V::engine_move(pos, mv, dialect));
        }
    }
    line
}

/// `banmoves …` (UCCI): moves the engine must not play here.
pub fn banmoves_command<V: EngineGame>(
    pos: &V,
    moves: &[V::Move],
    dialect: XiangqiDialect,
) -> String {
    let mut line = "banmoves".to_owned();
    for &mv in moves {
        line.push(' ');
        line.push_str(&V::engine_move(pos, mv, dialect));
    }
    line
}

/// `go …` with every limit the protocol has. UCI: `wtime btime winc binc movestogo depth nodes
/// mate movetime infinite`, then `searchmoves` with `root_moves`. UCCI: `depth`, `nodes`,
/// `time … increment … opptime … oppincrement …` (milliseconds) from the side to move's clocks,
/// `movetime` as `time T movestogo 1`, and `mate` and `infinite` as UCI writes them; root moves
/// go as `banmoves` before (see [`banmoves_command`]). `ponder` starts a ponder search.
pub fn go_command<V: EngineGame>(
    limit: &Limit,
    pos: &V,
    protocol: Protocol,
    dialect: XiangqiDialect,
    root_moves: &[V::Move],
    ponder: bool,
) -> String {
    let mut line = "go".to_owned();
    let mut add = |key: &str, value: Option<String>| {
        if let Some(v) = value {
            line.push(' ');
            line.push_str(key);
            if !v.is_empty() {
                line.push(' ');
                line.push_str(&v);
            }
        }
    };
    if ponder {
        add("ponder", Some(String::new()));
    }
    let d = |d: Option<Duration>| d.map(|d| ms(d).to_string());
    let n = |n: Option<u64>| n.map(|n| n.to_string());
    match protocol {
        Protocol::Uci | Protocol::Xboard => {
            add("wtime", d(limit.white_clock));
            add("btime", d(limit.black_clock));
            add("winc", d(limit.white_inc));
            add("binc", d(limit.black_inc));
            add("movestogo", n(limit.moves_to_go.map(u64::from)));
        }
        Protocol::Ucci => {
            let (own, opp, own_inc, opp_inc) = match pos.turn() {
                Color::White => (
                    limit.white_clock,
                    limit.black_clock,
                    limit.white_inc,
                    limit.black_inc,
                ),
                Color::Black => (
                    limit.black_clock,
                    limit.white_clock,
                    limit.black_inc,
                    limit.white_inc,
                ),
            };
            if own.is_some() {
                add("time", d(own));
                if limit.moves_to_go.is_some() {
                    add("movestogo", n(limit.moves_to_go.map(u64::from)));
                } else {
                    add("increment", d(own_inc.or(Some(Duration::ZERO))));
                }
                if opp.is_some() {
                    add("opptime", d(opp));
                    if limit.moves_to_go.is_some() {
                        add("oppmovestogo", n(limit.moves_to_go.map(u64::from)));
                    } else {
                        add("oppincrement", d(opp_inc.or(Some(Duration::ZERO))));
                    }
                }
            } else if limit.movetime.is_some() {
                add("time", d(limit.movetime));
                add("movestogo", Some("1".to_owned()));
            }
        }
    }
    add("depth", n(limit.depth.map(u64::from)));
    add("nodes", n(limit.nodes));
    add("mate", n(limit.mate.map(u64::from)));
    if protocol == Protocol::Uci {
        add("movetime", d(limit.movetime));
    }
    if limit.is_unlimited() {
        add("infinite", Some(String::new()));
    }
    if protocol == Protocol::Uci && !root_moves.is_empty() {
        line.push_str(" searchmoves");
        for &mv in root_moves {
            line.push(' ');
            line.push_str(&V::engine_move(pos, mv, dialect));
        }
    }
    line
}

/// `setoption name <name> value <value>` (UCI), `setoption <name> <value>` (UCCI) or
/// `option <name>=<value>` (XBoard); a button
/// (`value` empty) is sent without a value.
pub fn setoption_command(protocol: Protocol, name: &str, value: &str) -> String {
    match (protocol, value.is_empty()) {
        (Protocol::Uci, true) => format!("setoption name {name}"),
        (Protocol::Uci, false) => format!("setoption name {name} value {value}"),
        (Protocol::Ucci, true) => format!("setoption {name}"),
        (Protocol::Ucci, false) => format!("setoption {name} {value}"),
        (Protocol::Xboard, true) => format!("option {name}"),
        (Protocol::Xboard, false) => format!("option {name}={value}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Chess, Variant, Xiangqi};

    #[test]
    fn go_with_every_uci_limit() {
        let limit = Limit {
            depth: Some(10),
            nodes: Some(5000),
            mate: Some(3),
            movetime: Some(Duration::from_millis(1500)),
            white_clock: Some(Duration::from_secs(60)),
            black_clock: Some(Duration::from_secs(50)),
            white_inc: Some(Duration::from_secs(1)),
            black_inc: Some(Duration::from_secs(2)),
            moves_to_go: Some(20),
            infinite: false,
        };
        let pos = Chess::start();
        let e4 = pos.parse_uci("e2e4").unwrap();
        assert_eq!(
            go_command(
                &limit,
                &pos,
                Protocol::Uci,
                XiangqiDialect::UciVariant,
                &[e4],
                false
            ),
            "go wtime 60000 btime 50000 winc 1000 binc 2000 movestogo 20 depth 10 nodes 5000 \
             mate 3 movetime 1500 searchmoves e2e4"
        );
        assert_eq!(
            go_command(
                &Limit::default(),
                &pos,
                Protocol::Uci,
                XiangqiDialect::UciVariant,
                &[],
                true
            ),
            "go ponder infinite"
        );
    }

    #[test]
    fn ucci_clocks_are_the_side_to_moves() {
        let mut game: Game<Xiangqi> = Game::new();
        game.push_coord("h2e2").unwrap();
        let limit = Limit {
            white_clock: Some(Duration::from_secs(300)),
            black_clock: Some(Duration::from_secs(295)),
            white_inc: Some(Duration::from_secs(3)),
            ..Limit::default()
        };
        assert_eq!(
            go_command(
                &limit,
                game.position(),
                Protocol::Ucci,
                XiangqiDialect::Ucci,
                &[],
                false
            ),
            "go time 295000 increment 0 opptime 300000 oppincrement 3000"
        );
        let movetime = Limit {
            movetime: Some(Duration::from_secs(2)),
            ..Limit::default()
        };
        assert_eq!(
            go_command(
                &movetime,
                game.position(),
                Protocol::Ucci,
                XiangqiDialect::Ucci,
                &[],
                false
            ),
            "go time 2000 movestogo 1"
        );
    }

    #[test]
    fn ucci_position_starts_after_the_last_capture() {
        let mut game: Game<Xiangqi> = Game::new();
        for mv in ["h2e2", "h7e7", "e2e6", "d9e8", "e6e4"] {
            game.push_coord(mv).unwrap();
        }
        let after_capture = game.positions()[3].fen();
        assert_eq!(
            position_command(&game, Protocol::Ucci, XiangqiDialect::Ucci),
            format!("position fen {after_capture} moves d9e8 e6e4")
        );
        let uci = position_command(&game, Protocol::Uci, XiangqiDialect::UciVariant);
        assert!(uci.ends_with("moves h3e3 h8e8 e3e7 d10e9 e7e5"), "{uci}");
    }

    #[test]
    fn setoption_forms() {
        assert_eq!(
            setoption_command(Protocol::Uci, "Skill Level", "3"),
            "setoption name Skill Level value 3"
        );
        assert_eq!(
            setoption_command(Protocol::Uci, "Clear Hash", ""),
            "setoption name Clear Hash"
        );
        assert_eq!(
            setoption_command(Protocol::Ucci, "usebook", "false"),
            "setoption usebook false"
        );
    }
}
