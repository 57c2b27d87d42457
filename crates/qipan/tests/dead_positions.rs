//! Dead positions and the flag exception (FIDE 1.3 / 5.2.2 / 6.9) against labelled positions:
//! `data/chess-dead-positions.epd` (lichess issues, the Chess Unwinnability Analyzer's README,
//! hand-proved cases) and `data/chess-unwinnable-handmade.epd` (positions proved by hand, each
//! with its argument). Every "can win" must come with a line that replays to that side's mate.

use qipan::chess::{Chess, Effort, Verdict};
use qipan::{Color, Game, Outcome, Termination, Variant};

#[path = "dead_positions/exhaustive.rs"]
mod exhaustive;
#[path = "dead_positions/material_mates.rs"]
mod material_mates;
use exhaustive::cannot_confirmed_exhaustively;

/// `(fen, white can win, black can win, source)` from an EPD file of this project's data/.
fn labelled(file: &str) -> Vec<(String, bool, bool, String)> {
    let path = format!("{}/../../data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split(';').map(str::trim).collect();
            let who = fields[1]
                .strip_prefix("can_win ")
                .unwrap_or_else(|| panic!("no can_win in {line}"));
            let (white, black) = match who {
                "both" => (true, true),
                "white" => (true, false),
                "black" => (false, true),
                "none" => (false, false),
                other => panic!("unknown label {other}"),
            };
            (fields[0].to_owned(), white, black, fields[2..].join(";"))
        })
        .collect()
}

/// Replays `line` from `pos` and checks that it ends in `winner`'s checkmate.
fn assert_mates(pos: &Chess, winner: Color, line: &[qipan::chess::Move], what: &str) {
    let mut p = *pos;
    for &mv in line {
        assert!(p.is_legal(mv), "{what}: illegal {mv} in {}", p.fen());
        p.play_unchecked(mv);
    }
    assert!(
        p.is_checkmate(),
        "{what}: line ends without mate in {}",
        p.fen()
    );
    assert_eq!(p.turn(), !winner, "{what}: the wrong side is mated");
}

/// Checks every labelled position of `file`; returns how many there are and how many "can win"
/// labels the search left undetermined (never allowed for a "cannot" label, and only counted
/// where `undetermined_wins_allowed`: the search is bounded, so a hard mate may stay unfound).
fn check_file(file: &str, undetermined_wins_allowed: bool) -> (usize, usize) {
    let cases = labelled(file);
    let mut undetermined = 0;
    for (fen, white, black, source) in &cases {
        let pos: Chess = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (color, expected) in [(Color::White, *white), (Color::Black, *black)] {
            let what = format!("{fen} ({source}), {}", color.name());
            match pos.can_win(color) {
                Verdict::CanWin(line) => {
                    assert!(expected, "{what}: says can win, labelled cannot");
                    assert_mates(&pos, color, &line, &what);
                }
                Verdict::Cannot => assert!(!expected, "{what}: says cannot, labelled can win"),
                Verdict::Undetermined => {
                    assert!(
                        expected && undetermined_wins_allowed,
                        "{what}: undetermined"
                    );
                    eprintln!("undetermined (labelled can win): {what}");
                    undetermined += 1;
                }
            }
        }
        // The rules: a dead position ends the game; a flag loses only to a side that can win.
        let outcome = Game::from_position(pos).outcome();
        if !white && !black {
            assert!(pos.is_dead_position(), "{fen}");
            let termination = outcome.map(|o| o.termination);
            assert!(
                matches!(
                    termination,
                    Some(
                        Termination::DeadPosition
                            | Termination::InsufficientMaterial
                            | Termination::Stalemate
                    )
                ),
                "{fen}: outcome {outcome:?}"
            );
        } else {
            assert!(!pos.is_dead_position(), "{fen}");
        }
        if outcome.is_none() {
            for (flagged, opponent_can_win) in [(Color::White, *black), (Color::Black, *white)] {
                let mut game = Game::from_position(pos);
                assert!(game.flag(flagged));
                let expected = if opponent_can_win {
                    Outcome::win(Termination::Timeout, !flagged)
                } else {
                    Outcome::draw(Termination::Timeout)
                };
                assert_eq!(
                    game.outcome(),
                    Some(expected),
                    "{fen}: {} flags",
                    flagged.name()
                );
            }
        }
    }
    (cases.len(), undetermined)
}

#[test]
fn shared_labelled_positions() {
    assert_eq!(check_file("chess-dead-positions.epd", false).0, 7);
}

#[test]
fn handmade_labelled_positions() {
    let (count, undetermined) = check_file("chess-unwinnable-handmade.epd", false);
    assert_eq!((count, undetermined), (10, 0));
}

#[test]
fn analysis_stays_within_its_bound() {
    let start = Chess::start();
    for nodes in [0, 1, 10, 100, 1000] {
        let effort = Effort {
            nodes,
            ..Effort::FULL
        };
        for color in Color::ALL {
            let analysis = start.can_win_within(color, effort);
            assert!(analysis.nodes <= nodes);
            if nodes == 0 {
                assert_eq!(analysis.verdict, Verdict::Undetermined);
            }
        }
    }
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Positions of random games: every 7th ply of playouts up to 400 plies, so endings with little
/// material (where verdicts other than "can win" live) are well represented.
fn random_positions(count: usize, seed: u64) -> Vec<Chess> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Chess::start();
        for ply in 0..400 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
            if ply % 7 == 6 {
                out.push(pos);
            }
        }
    }
    out.truncate(count);
    out
}

/// Soundness on random positions: every mating line replays to the right side's mate, a side
/// said to be unable to win has no mate in two plies (checked by brute force), and a dead
/// position is never claimed for a position where either side mates within two plies.
#[test]
fn random_positions_sound() {
    let positions = random_positions(if cfg!(debug_assertions) { 150 } else { 1500 }, 0x5eed);
    let effort = Effort {
        nodes: 20_000,
        ..Effort::FULL
    };
    let mut counts = [0usize; 3];
    for pos in &positions {
        for color in Color::ALL {
            let analysis = pos.can_win_within(color, effort);
            assert!(analysis.nodes <= effort.nodes);
            match &analysis.verdict {
                Verdict::CanWin(line) => {
                    counts[0] += 1;
                    assert_mates(pos, color, line, &pos.fen());
                }
                Verdict::Cannot => {
                    counts[1] += 1;
                    assert!(!mates_within(pos, color, 3), "{}: a mate exists", pos.fen());
                }
                Verdict::Undetermined => {
                    counts[2] += 1;
                    if std::env::var("SHOW_UNDETERMINED").is_ok() {
                        eprintln!("undetermined {} {}", color.name(), pos.fen());
                    }
                }
            }
        }
    }
    eprintln!("can win / cannot / undetermined: {counts:?}");
    assert!(counts[0] > 0 && counts[1] > 0);
}

/// Whether `winner` mates within `plies` plies, by brute force (a test oracle independent of
/// the analyser's proofs).
fn mates_within(pos: &Chess, winner: Color, plies: u32) -> bool {
    if pos.is_checkmate() {
        return pos.turn() != winner;
    }
    plies > 0
        && pos.legal_moves().into_iter().any(|mv| {
            let mut child = *pos;
            child.play_unchecked(mv);
            mates_within(&child, winner, plies - 1)
        })
}

/// Only a proof of "cannot" saves a flag: an undetermined verdict is no proof, and the flag then
/// loses (FIDE 6.9 as an arbiter without a proof would apply it), as it does when the opponent can
/// mate. King and bishop against king and knight: White can mate (Black's knight blocks next to its
/// king in a corner of the bishop's colour, 17 plies away). Within the quick check's effort (8
/// plies) the analysis finds neither that line nor a proof; the full effort finds the line, which
/// replays to the mate. Either way Black's flag falls to a White win.
#[test]
fn the_flag_loses_unless_cannot_is_proved() {
    let pos: Chess = "8/8/6K1/8/5B2/4n3/k7/8 w - - 14 194".parse().unwrap();
    assert_eq!(
        pos.can_win_within(Color::White, Effort::QUICK).verdict,
        Verdict::Undetermined
    );
    let Verdict::CanWin(line) = pos.can_win(Color::White) else {
        panic!("the full effort finds White's mate");
    };
    let mut end = pos;
    for mv in line {
        assert!(end.is_legal(mv), "{mv:?} in {}", end.fen());
        end.play_unchecked(mv);
    }
    assert!(
        end.is_checkmate() && end.turn() == Color::Black,
        "{}",
        end.fen()
    );
    assert_eq!(Game::from_position(pos).outcome(), None);
    let mut game = Game::from_position(pos);
    assert!(game.flag(Color::Black));
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Termination::Timeout, Color::White))
    );
}

/// The pawn wall of lichess issue 4514 with one pawn still free to move (g2–g3 rams it): dead,
/// and the game ends there at once (FIDE 5.2.2: `outcome()`'s quick check proves it too), so a
/// flag after it changes nothing.
#[test]
fn a_wall_with_a_pawn_still_to_move_is_dead() {
    let pos: Chess = "4k3/8/8/p2p2p1/P2P2P1/8/6P1/4K3 w - - 0 1".parse().unwrap();
    assert!(pos.is_dead_position());
    let mut game = Game::from_position(pos);
    assert_eq!(
        game.outcome(),
        Some(Outcome::draw(Termination::DeadPosition))
    );
    assert!(!game.flag(Color::Black));
    assert_eq!(
        game.outcome(),
        Some(Outcome::draw(Termination::DeadPosition))
    );
}

/// Tallies of one kind of the labelled set.
#[derive(Default, Debug)]
struct Tally {
    queries: usize,
    decided: usize,
    /// "cannot" where the label says the side can win: must never happen.
    unsound: usize,
    /// a "can win" against a "cannot" label, or a line that does not replay to the mate.
    wrong: usize,
    undetermined: usize,
    nodes: u64,
}

/// Runs the analysis on every `step`-th position of `data/chess-unwinnable-labelled.epd`
/// (qipan's own set, labels from chasolver 3.0, see benches/examples/unwinnable_labels.rs) and
/// prints decided / unsound / wrong / undetermined per kind.
fn labelled_set(step: usize, effort: Effort) -> std::collections::BTreeMap<String, Tally> {
    let mut tallies: std::collections::BTreeMap<String, Tally> = Default::default();
    let cases = labelled("chess-unwinnable-labelled.epd");
    for (fen, white, black, rest) in cases.iter().step_by(step) {
        let kind = rest
            .split(';')
            .find_map(|field| field.trim().strip_prefix("kind "))
            .unwrap_or("?")
            .to_owned();
        let pos: Chess = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (color, expected) in [(Color::White, *white), (Color::Black, *black)] {
            let analysis = pos.can_win_within(color, effort);
            let tally = tallies.entry(kind.clone()).or_default();
            tally.queries += 1;
            tally.nodes += analysis.nodes;
            match &analysis.verdict {
                Verdict::CanWin(line) => {
                    let replays = {
                        let mut p = pos;
                        line.iter().all(|&mv| {
                            let ok = p.is_legal(mv);
                            p.play_unchecked(mv);
                            ok
                        }) && p.is_checkmate()
                            && p.turn() == !color
                    };
                    if expected && replays {
                        tally.decided += 1;
                    } else {
                        eprintln!("WRONG {} {fen}", color.name());
                        tally.wrong += 1;
                    }
                }
                Verdict::Cannot => {
                    if expected {
                        eprintln!("UNSOUND {} {fen}", color.name());
                        tally.unsound += 1;
                    } else {
                        tally.decided += 1;
                    }
                }
                Verdict::Undetermined => {
                    if std::env::var("SHOW_UNDETERMINED").is_ok() {
                        eprintln!("undetermined {} {fen} (label {expected})", color.name());
                    }
                    tally.undetermined += 1;
                }
            }
        }
    }
    let mut total = Tally::default();
    eprintln!("kind           queries  decided  unsound  wrong  undetermined  nodes/query");
    for (kind, t) in &tallies {
        eprintln!(
            "{kind:<14} {:>7} {:>8} {:>8} {:>6} {:>13} {:>12}",
            t.queries,
            t.decided,
            t.unsound,
            t.wrong,
            t.undetermined,
            t.nodes / t.queries.max(1) as u64
        );
        total.queries += t.queries;
        total.decided += t.decided;
        total.unsound += t.unsound;
        total.wrong += t.wrong;
        total.undetermined += t.undetermined;
        total.nodes += t.nodes;
    }
    eprintln!(
        "all            {:>7} {:>8} {:>8} {:>6} {:>13} {:>12}   decided {:.2}%",
        total.queries,
        total.decided,
        total.unsound,
        total.wrong,
        total.undetermined,
        total.nodes / total.queries.max(1) as u64,
        100.0 * total.decided as f64 / total.queries.max(1) as f64
    );
    tallies.insert("all".to_owned(), total);
    tallies
}

/// A sample of the labelled set (every 20th position) with a small effort: never unsound, never
/// wrong. The whole set with the full effort: `labelled_set_full` (`--ignored`).
#[test]
fn labelled_set_sample() {
    let effort = Effort {
        nodes: 100_000,
        ..Effort::FULL
    };
    let tallies = labelled_set(20, effort);
    let all = &tallies["all"];
    assert!(all.queries >= 200, "{all:?}");
    assert_eq!((all.unsound, all.wrong), (0, 0), "{all:?}");
}

/// The whole labelled set with the full effort (`cargo test -p qipan --test dead_positions --
/// --ignored labelled_set_full --nocapture`): prints the table of docs/rules-chess.md.
#[test]
#[ignore]
fn labelled_set_full() {
    let tallies = labelled_set(1, Effort::FULL);
    let all = &tallies["all"];
    assert!(all.queries >= 4_000, "{all:?}");
    assert_eq!((all.unsound, all.wrong), (0, 0), "{all:?}");
}

/// Every "cannot" on positions of at most 4 units, confirmed by enumeration (up to 20,000
/// positions each: the closed ones; larger sets in `cannot_on_six_units_confirmed`).
#[test]
fn cannot_on_small_positions_confirmed() {
    let effort = Effort {
        nodes: 20_000,
        ..Effort::FULL
    };
    cannot_confirmed_exhaustively(4, 20_000, effort);
}

/// Every query labelled "cannot" on positions of at most 6 units gets a "cannot" from the full
/// analysis, and every one is confirmed by enumeration: of the reachable positions, up to 2
/// million each (`QIPAN_ENUMERATION_LIMIT` sets another bound); a reachable set larger than
/// that must rest on the material proof, and then every placement of its material (and of what
/// captures leave of it) is enumerated (`material_mates`). About three minutes: `--ignored`.
#[test]
#[ignore]
fn cannot_on_six_units_confirmed() {
    let limit = std::env::var("QIPAN_ENUMERATION_LIMIT")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(2_000_000);
    let counts = cannot_confirmed_exhaustively(6, limit, Effort::FULL);
    assert_eq!(counts.verdicts, counts.labelled_cannot, "{counts:?}");
    assert_eq!(counts.too_large, counts.material_enumerated, "{counts:?}");
}

/// The kind of proof behind a "cannot": material, a game already over, a blocked structure, or
/// an exhausted search (each position's argument is in data/chess-dead-positions.epd,
/// data/chess-unwinnable-handmade.epd or the note's kinds); none behind a "can win".
#[test]
fn proof_kinds() {
    use qipan::chess::ProofKind;
    for (fen, color, kind) in [
        (
            "8/8/8/8/8/8/8/K1k5 w - - 0 1",
            Color::White,
            Some(ProofKind::Material),
        ),
        (
            "k7/P7/1K6/8/8/8/8/8 b - - 0 1",
            Color::White,
            Some(ProofKind::GameOver),
        ),
        (
            "4k3/8/8/p2p2p1/P2P2P1/8/8/4K3 w - - 0 1",
            Color::White,
            Some(ProofKind::BlockedStructure),
        ),
        // A pawn still to move behind the wall: g2-g3 changes nothing the kings can reach.
        (
            "4k3/8/8/p2p2p1/P2P2P1/8/6P1/4K3 w - - 0 1",
            Color::White,
            Some(ProofKind::BlockedStructure),
        ),
        // White's king boxed in on h1 for ever, the a-pawns about to ram: no static proof (the
        // a-pawns may pass each other for all the fixpoint knows), the search runs out of positions.
        (
            "4k3/p7/8/8/8/6p1/P5Pp/7K w - - 0 1",
            Color::Black,
            Some(ProofKind::ExhaustedSearch),
        ),
        ("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", Color::White, None),
    ] {
        let pos: Chess = fen.parse().unwrap();
        assert_eq!(pos.cannot_win_proof(color), kind, "{fen}");
        let analysis = pos.can_win_within(color, Effort::FULL);
        assert_eq!(
            analysis.proof.is_some(),
            analysis.verdict == Verdict::Cannot,
            "{fen}"
        );
    }
}

/// The enumeration behind the material proofs finds the mates that exist: K+R against K, K+B
/// against K+N (the knight blocks its own king), K+N against K+R; and none for K+B+B on one
/// colour of square against K.
#[test]
fn material_enumeration_finds_mates() {
    use material_mates::{first_mate, Material};
    use qipan::chess::Role;
    let material = |winner: &[Role], loser: &[Role], light_bishops| Material {
        winner: winner.to_vec(),
        loser: loser.to_vec(),
        light_bishops,
    };
    for found in [
        material(&[Role::Rook], &[], true),
        material(&[Role::Bishop], &[Role::Knight], true),
        material(&[Role::Bishop], &[Role::Knight], false),
        material(&[Role::Knight], &[Role::Rook], true),
    ] {
        let (mate, _) = first_mate(&found);
        let fen = mate.unwrap_or_else(|| panic!("{found:?}: a mate exists"));
        assert!(fen.parse::<Chess>().unwrap().is_checkmate(), "{fen}");
    }
    let (mate, tested) = first_mate(&material(&[Role::Bishop, Role::Bishop], &[], true));
    assert_eq!(mate, None, "{tested} tested");
}
