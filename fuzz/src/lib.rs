//! Shared helpers of the qipan fuzz targets: reading the fuzzer's bytes, reaching varied
//! positions by byte-chosen legal moves, and the invariants every position must keep.

#![forbid(unsafe_code)]

use qipan::chess::{Chess, FenOptions, Move as ChessMove};
use qipan::pgn::{read_tags, replay, Limits, PgnGame, RawGame, Splitter};
use qipan::tree::{AnyGameTree, GameTree, NodeId, WriteOptions};
use qipan::xiangqi::{ChineseStyle, IccsRanks, Move as XqMove, Square as XqSquare};
use qipan::{Game, MoveError, Variant, Xiangqi};

/// A cursor over the fuzzer's bytes; reads past the end give 0.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data }
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    pub fn u8(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    pub fn u16(&mut self) -> u16 {
        u16::from(self.u8()) | u16::from(self.u8()) << 8
    }

    pub fn u32(&mut self) -> u32 {
        u32::from(self.u16()) | u32::from(self.u16()) << 16
    }

    /// Everything up to the next `\n` (not included), or to the end.
    pub fn line(&mut self) -> &'a [u8] {
        let end = self
            .data
            .iter()
            .position(|&b| b == b'\n')
            .unwrap_or(self.data.len());
        let (line, rest) = self.data.split_at(end);
        self.data = rest.get(1..).unwrap_or_default();
        line
    }

    /// The bytes not read yet.
    pub fn rest(&mut self) -> &'a [u8] {
        std::mem::take(&mut self.data)
    }
}

/// The fuzzer's bytes as text: as they are when they are UTF-8, otherwise lossily decoded.
pub fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// Chess positions the text targets start from (then a few byte-chosen moves are played).
pub const CHESS_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1",
    "k7/2P5/8/8/8/8/5p2/K7 w - - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 3",
    "R3K2R/8/8/8/8/8/8/r3k2r b KQkq - 0 1",
    "1n2k1n1/8/8/8/8/8/8/1N2K1N1 w - - 99 80",
    "8/8/8/8/8/5k2/5p2/5K2 b - - 149 200",
];

/// Chess960 positions (X-FEN castling).
pub const CHESS960_FENS: &[&str] = &[
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    "qrkbnrbn/pppppppp/8/8/8/8/PPPPPPPP/QRKBNRBN w KQkq - 0 1",
];

/// Xiangqi positions the text targets start from.
pub const XIANGQI_FENS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 4 3",
    "3k5/8R/9/9/9/9/9/9/R8/4K4 w - - 0 1",
    "4k4/9/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1",
    "3k5/9/9/2P1P4/2P1P1P2/9/9/9/9/4K4 w - - 0 1",
    "2bak4/4a4/4b4/R1C1C1R2/9/9/9/9/4A4/3AK4 w - - 0 1",
    "3akab2/9/4b4/2H1H4/9/3p5/9/9/9/3K5 b - - 0 1",
    "4k4/4a4/4ba3/9/2c6/9/9/4B4/4A4/2C1KAB2 w - - 119 90",
];

/// A position from `list` chosen by a byte, then up to 15 byte-chosen legal moves played.
pub fn reach<V: Variant>(list: &[&str], load: impl Fn(&str) -> V, bytes: &mut Bytes) -> V {
    let mut pos = load(list[usize::from(bytes.u8()) % list.len()]);
    for _ in 0..bytes.u8() % 16 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(bytes.u8()) % moves.len()];
        pos.play_unchecked(mv);
    }
    pos
}

/// A chess position for a text target: a standard or Chess960 start, then some moves.
pub fn reach_chess(bytes: &mut Bytes) -> Chess {
    if bytes.u8() & 1 == 0 {
        reach(CHESS_FENS, |f| Chess::from_fen_relaxed(f).unwrap(), bytes)
    } else {
        reach(CHESS960_FENS, |f| Chess::from_fen_960(f).unwrap(), bytes)
    }
}

/// A Xiangqi position for a text target.
pub fn reach_xiangqi(bytes: &mut Bytes) -> Xiangqi {
    reach(XIANGQI_FENS, |f| Xiangqi::from_fen(f).unwrap(), bytes)
}

/// Error messages must be writable (and say something).
pub fn check_error(e: &MoveError) {
    assert!(!e.to_string().is_empty());
    if let MoveError::Ambiguous { candidates, .. } = e {
        assert!(candidates.len() >= 2, "ambiguous with {candidates:?}");
    }
}

/// SAN round trip of a legal move.
pub fn check_chess_move(pos: &Chess, mv: ChessMove) {
    let san = pos.san(mv);
    assert_eq!(pos.parse_san(&san), Ok(mv), "{pos:?}: SAN {san}");
    assert_eq!(
        pos.parse_any(&san),
        Ok(mv),
        "{pos:?}: SAN {san} by parse_any"
    );
}

/// The chess position invariants: legal moves agree with `is_legal` and the counter, the key is
/// the recomputed one, the FEN reads back to the same position (with `options`); and every move
/// round-trips through UCI (and SAN with `all_notation`).
pub fn check_chess(pos: &Chess, options: FenOptions, all_notation: bool) {
    assert_eq!(
        pos.zobrist(),
        pos.zobrist_recomputed(),
        "zobrist of {pos:?}"
    );
    let moves = pos.legal_moves();
    assert_eq!(pos.count_legal_moves(), moves.len(), "count of {pos:?}");
    assert_eq!(pos.has_legal_moves(), !moves.is_empty());
    let fen = pos.to_fen();
    let back = Chess::from_fen_with(&fen, options)
        .unwrap_or_else(|e| panic!("{fen} does not read back ({options:?}): {e}"));
    assert_eq!(back.to_fen(), fen, "FEN round trip");
    assert_eq!(back.repetition_key(), pos.repetition_key(), "{fen}");
    assert_eq!(back.legal_moves().len(), moves.len(), "{fen}");
    for (i, &mv) in moves.iter().enumerate() {
        assert!(pos.is_legal(mv), "{fen}: generated {mv:?} is not legal");
        assert!(!moves[..i].contains(&mv), "{fen}: {mv:?} twice");
        let uci = pos.uci(mv);
        assert_eq!(pos.parse_uci(&uci), Ok(mv), "{fen}: UCI {uci}");
        if all_notation {
            check_chess_move(pos, mv);
        }
    }
    if moves.is_empty() {
        assert!(
            pos.position_outcome().is_some(),
            "{fen}: no moves, no outcome"
        );
    }
    let _ = (pos.diagram(), pos.is_insufficient_material());
}

/// WXF and Chinese (both styles) round trips of a legal move.
pub fn check_xiangqi_move(pos: &Xiangqi, mv: XqMove) {
    let wxf = pos.wxf(mv);
    assert_eq!(pos.parse_wxf(&wxf), Ok(mv), "{pos:?}: WXF {wxf}");
    assert_eq!(
        pos.parse_any(&wxf),
        Ok(mv),
        "{pos:?}: WXF {wxf} by parse_any"
    );
    for style in [ChineseStyle::Simplified, ChineseStyle::Traditional] {
        let zh = pos.chinese_with(mv, style);
        assert_eq!(pos.parse_chinese(&zh), Ok(mv), "{pos:?}: Chinese {zh}");
        assert_eq!(
            pos.parse_any(&zh),
            Ok(mv),
            "{pos:?}: Chinese {zh} by parse_any"
        );
    }
}

/// The Xiangqi position invariants (as [`check_chess`]), with ICCS (both rank forms) round trips
/// of every legal move (and WXF and Chinese with `all_notation`).
pub fn check_xiangqi(pos: &Xiangqi, all_notation: bool) {
    assert_eq!(
        pos.zobrist(),
        pos.zobrist_recomputed(),
        "zobrist of {pos:?}"
    );
    let moves = pos.legal_moves();
    assert_eq!(pos.count_legal_moves(), moves.len(), "count of {pos:?}");
    let fen = pos.fen();
    let back = Xiangqi::from_fen(&fen).unwrap_or_else(|e| panic!("{fen} does not read back: {e}"));
    assert_eq!(&back, pos, "FEN round trip");
    assert_eq!(back.fen(), fen);
    assert_eq!(back.zobrist(), pos.zobrist());
    for (i, &mv) in moves.iter().enumerate() {
        assert!(pos.is_legal(mv), "{fen}: generated {mv} is not legal");
        assert!(!moves[..i].contains(&mv), "{fen}: {mv} twice");
        for ranks in [IccsRanks::ZeroBased, IccsRanks::OneBased] {
            let iccs = Xiangqi::iccs_with(mv, ranks);
            assert_eq!(pos.parse_iccs_with(&iccs, ranks), Ok(mv), "{fen}: {iccs}");
        }
        if all_notation {
            check_xiangqi_move(pos, mv);
        }
    }
    if moves.is_empty() {
        assert!(
            pos.position_outcome().is_some(),
            "{fen}: no moves, no outcome"
        );
    }
    let _ = pos.diagram();
}

/// Every child of `pos` keeps its key in step with a recomputed one.
pub fn check_children<V: Variant>(pos: &V, recompute: impl Fn(&V) -> u64) {
    for mv in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        assert_eq!(
            child.zobrist(),
            recompute(&child),
            "{} after {mv}",
            pos.fen()
        );
        let _ = child.fen();
    }
}

/// A raw move value (any 16 bits), legal or not.
pub fn raw_chess(raw: u16) -> ChessMove {
    ChessMove::from_u16(raw)
}

/// A raw move value for Xiangqi (any two points), legal or not.
pub fn raw_xiangqi(from: u8, to: u8) -> XqMove {
    let square = |b: u8| XqSquare::from_index(usize::from(b % 90)).expect("an index below 90");
    XqMove::new(square(from), square(to))
}

/// Plays byte-chosen moves on a [`Game`] (and raw move values: `is_legal` must agree with the
/// list of legal moves, an illegal one is refused by `push` and must not make `play_unchecked`
/// panic), checking `check_move` on every move before it is
/// played and after every ply: `check` on the position,
/// `pop()` restoring the exact previous game, `outcome()` stable and consistent with
/// `is_game_over`, adjudications refused once the game is over.
pub fn play_game<V: Variant>(
    mut game: Game<V>,
    bytes: &mut Bytes,
    check: impl Fn(&V),
    check_move: impl Fn(&V, V::Move),
    raw: impl Fn(&mut Bytes) -> V::Move,
) {
    check(game.position());
    check_game(&game);
    let mut plies = 0;
    while !bytes.is_empty() && plies < 400 {
        plies += 1;
        let op = bytes.u8();
        let mv = match op % 16 {
            // Take back a move: the game is its earlier self.
            0 => {
                if game.ply() > 0 {
                    let earlier = game.positions()[game.ply() - 1].clone();
                    let keys = game.keys()[..game.ply()].to_vec();
                    let last = game.last_move();
                    assert_eq!(game.pop(), last);
                    assert_eq!(game.position(), &earlier);
                    assert_eq!(game.keys(), &keys[..]);
                    assert_eq!(game.positions().len(), game.moves().len() + 1);
                    check_game(&game);
                } else {
                    assert_eq!(game.pop(), None);
                }
                continue;
            }
            // Adjudications on a copy.
            1 => {
                adjudicate(&game, op);
                continue;
            }
            // A raw move value (legal or not).
            2 | 3 => {
                let mv = raw(bytes);
                let pos = game.position();
                let legal = pos.is_legal(mv);
                assert_eq!(
                    legal,
                    pos.legal_moves().contains(&mv),
                    "{}: {mv}",
                    pos.fen()
                );
                if V::is_null(mv) {
                    // The null move: never legal, but a game plays it (a pass) when the side to
                    // move is not in check; taken back, the game is its earlier self.
                    let before = game.clone();
                    let passed = game.push(mv).is_ok();
                    let in_check = before.position().is_check();
                    assert_eq!(passed, !in_check, "{}", before.position().fen());
                    if !passed {
                        assert_eq!(game, before);
                        continue;
                    }
                    assert_eq!(game.position().turn(), !before.position().turn());
                    assert_eq!(game.pop(), Some(mv));
                    assert_eq!(game, before);
                    game.push(mv).expect("the pass is accepted again");
                    check(game.position());
                    check_game(&game);
                    continue;
                }
                if !legal {
                    // Refused without a change; played unchecked, it must not panic.
                    let (ply, key) = (game.ply(), pos.zobrist());
                    assert!(game.push(mv).is_err());
                    assert_eq!((game.ply(), game.position().zobrist()), (ply, key));
                    let _ = game.position().coord(mv);
                    let mut garbage = game.position().clone();
                    garbage.play_unchecked(mv);
                    continue;
                }
                mv
            }
            _ => {
                let moves = game.position().legal_moves();
                if moves.is_empty() {
                    break;
                }
                moves[usize::from(bytes.u8()) % moves.len()]
            }
        };
        check_move(game.position(), mv);
        let position = game.position().clone();
        let (ply, key, outcome) = (game.ply(), game.keys()[ply_index(&game)], game.outcome());
        game.push(mv).expect("a legal move is accepted");
        assert_eq!(game.pop(), Some(mv));
        assert_eq!(game.position(), &position, "pop after {mv}");
        assert_eq!((game.ply(), game.keys()[ply_index(&game)]), (ply, key));
        assert_eq!(game.keys().len(), game.positions().len());
        assert_eq!(
            game.outcome(),
            outcome,
            "outcome after push and pop of {mv}"
        );
        game.push(mv).expect("a legal move is accepted");
        check(game.position());
        check_game(&game);
    }
}

fn ply_index<V: Variant>(game: &Game<V>) -> usize {
    game.keys().len() - 1
}

fn adjudicate<V: Variant>(game: &Game<V>, op: u8) {
    let mut g = game.clone();
    let before = g.outcome();
    let color = if op & 16 == 0 {
        qipan::Color::White
    } else {
        qipan::Color::Black
    };
    let done = match op >> 5 {
        0 | 1 => g.resign(color),
        2 | 3 => g.agree_draw(),
        _ => g.flag(color),
    };
    assert_eq!(
        done,
        before.is_none(),
        "adjudication of a game with {before:?}"
    );
    if before.is_some() {
        assert_eq!(g.outcome(), before);
    }
    assert!(g.outcome().is_some());
    check_game(&g);
    let mv = g.pop();
    if mv.is_some() {
        assert_eq!(g.adjudication(), None);
    }
}

fn check_game<V: Variant>(game: &Game<V>) {
    let outcome = game.outcome();
    assert_eq!(outcome, game.outcome(), "outcome() is stable");
    assert_eq!(game.is_game_over(false), outcome.is_some());
    let claimed = game.outcome_claiming(true);
    assert_eq!(claimed, game.outcome_claiming(true));
    assert_eq!(game.is_game_over(true), claimed.is_some());
    if outcome.is_some() {
        assert_eq!(claimed, outcome);
    }
    if let Some(o) = claimed {
        let _ = (o.result(), o.termination.as_str());
    }
    assert!(game.repetitions() >= 1);
    assert_eq!(game.keys().len(), game.positions().len());
    assert_eq!(
        game.keys().last().copied(),
        Some(game.position().repetition_key())
    );
}

/// Small limits, so that the fuzzer meets them.
pub fn pgn_limits() -> Limits {
    Limits {
        max_line: 4096,
        max_game: 1 << 16,
        max_depth: 16,
        max_plies: 600,
    }
}

/// A game record file of `V`: split, tokenized, parsed, written back and replayed. No panic; a
/// parsed record written back reads as the same record; a replayed game (as far as its moves
/// could be played) written in the variant's notation replays to the same game without errors.
pub fn check_pgn<V: Variant>(data: &[u8]) {
    let limits = pgn_limits();
    for raw in Splitter::new(data, limits).take(32) {
        let Ok(raw) = raw else { break };
        let tags = read_tags(&raw, &limits);
        let _ = qipan::GameKind::from_tags(tags.as_deref().unwrap_or_default());
        if let Ok(record) = PgnGame::parse(&raw, &limits) {
            let text = record.to_string();
            let again = read_one(&text);
            let again = PgnGame::parse(&again, &Limits::default())
                .unwrap_or_else(|e| panic!("written record does not parse: {e}\n{text}"));
            let texts = |r: &PgnGame| r.moves.iter().map(|m| m.text.clone()).collect::<Vec<_>>();
            assert_eq!(texts(&again), texts(&record), "{text}");
            assert_eq!(again.result, record.result, "{text}");
        }
        let report = replay::<V>(&raw, &limits);
        assert!(report.plies() <= limits.max_plies);
        assert_eq!(report.is_valid(), report.errors.is_empty());
        for e in &report.errors {
            assert!(!e.to_string().is_empty());
        }
        let _ = (report.final_fen(), report.outcome(), report.tag("Event"));
        // The moves played, written and replayed: the same game.
        let record = PgnGame::from_game(&report.game, Vec::new());
        let text = record.to_string();
        let replayed = replay::<V>(&read_one(&text), &Limits::default());
        assert!(replayed.errors.is_empty(), "{:?}\n{text}", replayed.errors);
        assert_eq!(replayed.game.start(), report.game.start(), "{text}");
        assert_eq!(replayed.game.moves(), report.game.moves(), "{text}");
    }
}

/// `check_game` on every game of `data`, read as the tags say and as chess or Chess960 forced:
/// a game it finds valid must be valid for the general replay (`replay_with`) under the same
/// rules, with the same plies and ending, and a game the general replay finds valid must be
/// valid for it. (`check_game` reads most valid chess games in one pass of its own.)
pub fn check_checks(data: &[u8]) {
    use qipan::chess::ChessRules;
    use qipan::pgn::{check_game, replay_with};
    use qipan::GameKind;
    let limits = pgn_limits();
    for raw in Splitter::new(data, limits).take(32) {
        let Ok(raw) = raw else { break };
        for forced in [None, Some(GameKind::Chess), Some(GameKind::Chess960)] {
            let check = check_game(&raw, &limits, forced);
            let rules = match check.variant {
                Ok(GameKind::Chess) => ChessRules::FIDE,
                Ok(GameKind::Chess960) => ChessRules::CHESS960,
                _ => continue,
            };
            let report = replay_with::<Chess>(&raw, &limits, &rules);
            let text = String::from_utf8_lossy(&raw.bytes);
            // (The messages of a malformed tag section are worded apart.)
            let valid = check.errors.is_empty();
            assert_eq!(valid, report.errors.is_empty(), "{forced:?} {:?}\n{text}", check.errors);
            if !report.errors.is_empty() {
                continue;
            }
            assert_eq!(check.notes, report.notes, "{forced:?}\n{text}");
            assert_eq!(check.plies, report.plies(), "{forced:?}\n{text}");
            assert_eq!(check.ending, report.ending(), "{forced:?}\n{text}");
        }
    }
}

/// [`check_checks`] for Xiangqi: `check_game` on every game of `data`, read as the tags say and
/// as Xiangqi forced, against the general replay under the default Xiangqi rules (`check_game`
/// reads most valid Xiangqi games, in any notation, in one pass of its own).
pub fn check_checks_xiangqi(data: &[u8]) {
    use qipan::pgn::{check_game, replay_with};
    use qipan::xiangqi::XiangqiRules;
    use qipan::GameKind;
    let limits = pgn_limits();
    for raw in Splitter::new(data, limits).take(32) {
        let Ok(raw) = raw else { break };
        for forced in [None, Some(GameKind::Xiangqi)] {
            let check = check_game(&raw, &limits, forced);
            if check.variant != Ok(GameKind::Xiangqi) {
                continue;
            }
            let report = replay_with::<Xiangqi>(&raw, &limits, &XiangqiRules::default());
            let text = String::from_utf8_lossy(&raw.bytes);
            let valid = check.errors.is_empty();
            assert_eq!(valid, report.errors.is_empty(), "{forced:?} {:?}\n{text}", check.errors);
            if !report.errors.is_empty() {
                continue;
            }
            assert_eq!(check.notes, report.notes, "{forced:?}\n{text}");
            assert_eq!(check.plies, report.plies(), "{forced:?}\n{text}");
            assert_eq!(check.ending, report.ending(), "{forced:?}\n{text}");
        }
    }
}

fn read_one(text: &str) -> RawGame {
    let mut games = Splitter::new(text.as_bytes(), Limits::default());
    let raw = games
        .next()
        .expect("one game")
        .expect("reading from memory");
    assert!(raw.error.is_none(), "{:?}\n{text}", raw.error);
    raw
}

/// Any bytes through the archive readers (`qipan::archive`), with `magic` put in front when the
/// data does not start with it, so the fuzzer spends its time past the format's detection.
/// Checks the shape of every tree read: node 0 is the start, children come after their parent,
/// plies count up by one and stay within the limits; and that the game tree made of it goes
/// through PGN unchanged.
pub fn check_archive(data: &[u8], magic: &[u8]) {
    use qipan::archive::{read_archive, ArchiveLimits};
    let owned;
    let bytes = if data.starts_with(magic) {
        data
    } else {
        owned = [magic, data].concat();
        &owned[..]
    };
    let limits = ArchiveLimits { max_nodes: 5_000, max_plies: 300, max_games: 50, max_comment: 4096 };
    let Ok(games) = read_archive(bytes, &limits) else { return };
    assert!(games.len() <= limits.max_games + 1);
    for game in games.iter().flatten() {
        assert!(game.nodes[0].mv.is_none());
        assert!(game.nodes.len() <= limits.max_nodes + 1);
        for (index, node) in game.nodes.iter().enumerate() {
            assert!(node.ply <= limits.max_plies);
            assert!(node.comment.as_ref().map_or(true, |c| c.len() <= 4 * limits.max_comment));
            for &child in &node.children {
                assert!(child > index && child < game.nodes.len());
                assert_eq!(game.nodes[child].ply, node.ply + 1);
                assert!(game.nodes[child].mv.is_some());
            }
        }
        let fen = game.start_fen();
        if let Ok(start) = Xiangqi::from_fen(&fen) {
            assert_eq!(start.fen().split(' ').next(), fen.split(' ').next());
        }
        let _ = game.mainline();
        // Into the game tree: never more nodes than read, and written as PGN it reads back
        // without errors, with the same moves.
        let tree = game.to_tree(1, qipan::xiangqi::XiangqiRules::default());
        assert!(tree.len() <= game.nodes.len());
        let text = tree.write_pgn(&WriteOptions::default());
        let back = GameTree::<Xiangqi>::read_with(&read_one(&text), &Limits::default(), tree.rules());
        assert!(back.errors.is_empty(), "{:?}\n{text}", back.errors);
        // (Comments may hold `}`, which PGN cannot: only the moves are compared.)
        assert_eq!(back.len(), tree.len(), "{text}");
        assert_eq!(back.mainline_moves(back.root()), tree.mainline_moves(tree.root()), "{text}");
        assert_eq!(back.start(), tree.start(), "{text}");
    }
}

/// Any bytes read as game trees (both games, chosen by the tags): no panic; a tree written in
/// each notation its game has reads back with the same moves in the same places and without
/// errors, and writing it again gives the same text.
pub fn check_tree(data: &[u8]) {
    let limits = pgn_limits();
    for raw in Splitter::new(data, limits).take(16) {
        let Ok(raw) = raw else { break };
        let Ok(tree) = AnyGameTree::read(&raw, &limits) else {
            continue;
        };
        qipan::with_any_tree!(&tree, |t| tree_round_trip(t));
    }
}

fn tree_round_trip<V: Variant>(tree: &GameTree<V>) {
    for &notation in V::NOTATIONS {
        let options = WriteOptions {
            notation: Some(notation),
            ..WriteOptions::default()
        };
        let text = tree.write_pgn(&options);
        let back = GameTree::<V>::read_with(&read_one(&text), &Limits::default(), tree.rules());
        // A bad `FEN` tag is kept as read, so it is as bad again; nothing else may fail.
        let bad_fen = tree
            .errors
            .iter()
            .any(|e| e.kind == qipan::pgn::RecordErrorKind::BadFen);
        assert!(
            back.errors
                .iter()
                .all(|e| bad_fen && e.kind == qipan::pgn::RecordErrorKind::BadFen),
            "{:?}\n{text}",
            back.errors
        );
        assert_eq!(back.start(), tree.start(), "{text}");
        assert!(same_moves(tree, tree.root(), &back, back.root()), "{text}");
        assert_eq!(back.write_pgn(&options), text);
    }
}

/// The same moves at the same places of both trees.
fn same_moves<V: Variant>(a: &GameTree<V>, x: NodeId, b: &GameTree<V>, y: NodeId) -> bool {
    let mut stack = vec![(x, y)];
    while let Some((x, y)) = stack.pop() {
        let (vx, vy) = (a.variations(x), b.variations(y));
        if a.node(x).mv != b.node(y).mv || vx.len() != vy.len() {
            return false;
        }
        stack.extend(vx.iter().copied().zip(vy.iter().copied()));
    }
    true
}

/// Polyglot books: a position reached by byte-chosen moves, then any bytes as a book. Opening
/// fails exactly when the length is not a multiple of 16; every lookup is bounded and gives
/// legal moves that resolve back from their entries; on a sorted book the binary search finds
/// every entry of a key. The same bytes as PGN make a book that is sorted and opens.
pub fn check_book(data: &[u8]) {
    use qipan::chess::polyglot::{Book, BookBuilder};
    let mut bytes = Bytes::new(data);
    let pos = reach_chess(&mut bytes);
    let book_bytes = bytes.rest();
    let book = match Book::from_bytes(book_bytes.to_vec()) {
        Ok(book) => book,
        Err(e) => {
            assert!(book_bytes.len() % 16 != 0, "{e}");
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    assert_eq!(book.len() as usize * 16, book_bytes.len());
    let sorted = book.verify().is_ok();
    let mut keys = vec![pos.zobrist()];
    keys.extend((0..book.len().min(32)).map(|i| book.get(i).unwrap().key));
    for key in keys {
        let entries = book.entries(key).unwrap();
        assert!(entries.iter().all(|e| e.key == key));
        if sorted {
            assert_eq!(
                entries.len(),
                book.iter()
                    .filter(|e| e.as_ref().unwrap().key == key)
                    .count()
            );
        }
    }
    for entry in book.iter().take(64) {
        let entry = entry.unwrap();
        assert!(!entry.raw().uci().is_empty());
        assert_eq!(
            qipan::chess::polyglot::Entry::from_bytes(entry.to_bytes()),
            entry
        );
    }
    let all = book.find_all(&pos, 0, &[]).unwrap();
    for found in &all {
        assert!(pos.is_legal(found.mv), "{pos:?} {:?}", found.mv);
        assert_eq!(found.entry.raw().resolve(&pos), Some(found.mv));
    }
    let best = book.find(&pos, 0, &[]).unwrap();
    assert_eq!(best.is_some(), !all.is_empty());
    if let Some(best) = best {
        assert!(all.iter().all(|e| e.entry.weight <= best.entry.weight));
        let without = book.find_all(&pos, 0, &[best.mv]).unwrap();
        assert!(without.iter().all(|e| e.mv != best.mv));
    }
    let mut state = 7u64;
    let mut below = |n: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    let chosen = book.choice(&pos, 0, &[], &mut below).unwrap();
    assert_eq!(chosen.is_some(), !all.is_empty());
    let weighted = book.weighted_choice(&pos, &[], &mut below).unwrap();
    assert_eq!(weighted.is_some(), all.iter().any(|e| e.entry.weight > 0));

    let mut builder = BookBuilder::new();
    builder.min_games = 1;
    builder.max_ply = 40;
    builder.add_pgn(data);
    let written = Book::from_bytes(builder.to_bytes()).unwrap();
    written.verify().unwrap();
}
