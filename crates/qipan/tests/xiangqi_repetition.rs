//! Repetition judgement under Asian (AXF) rules and the other ways a Xiangqi [`Game`] ends.
//!
//! The expected verdicts come from `data/xiangqi-repetition.jsonl` (Fairy-Stockfish's verdicts,
//! several from the AXF rule book) or are worked out by hand from the rules in the comments —
//! never from qipan's output.

use qipan::xiangqi::{RuleSet, XiangqiRules};
use qipan::{Color, Game, Outcome, Termination, Xiangqi};

/// One line of `data/xiangqi-repetition.jsonl`.
struct Case {
    note: String,
    fen: String,
    moves: Vec<String>,
    termination: String,
    winner: Option<String>,
}

/// The string value of `"key": "..."` in a JSON line (the data holds no escaped quotes).
fn string_field(line: &str, key: &str) -> Option<String> {
    let at = line.find(&format!("\"{key}\":"))? + key.len() + 3;
    let rest = line[at..].trim_start();
    if rest.starts_with("null") {
        return None;
    }
    let rest = rest.strip_prefix('"')?;
    Some(rest[..rest.find('"')?].to_string())
}

fn cases() -> Vec<Case> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/xiangqi-repetition.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("the repetition data file");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let moves_at = line.find("\"moves\":").expect("moves") + 8;
            let list = &line[moves_at..];
            let list = &list[list.find('[').unwrap() + 1..list.find(']').unwrap()];
            Case {
                note: string_field(line, "note").expect("note"),
                fen: string_field(line, "fen").expect("fen"),
                moves: list
                    .split(',')
                    .map(|m| m.trim().trim_matches('"').to_string())
                    .collect(),
                termination: string_field(line, "termination").expect("termination"),
                winner: string_field(line, "winner"),
            }
        })
        .collect()
}

/// Plays `moves` from `fen` under `rules`; every move must be legal.
fn play_with(fen: &str, moves: &[&str], rules: XiangqiRules) -> Game<Xiangqi> {
    let start = Xiangqi::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut game = Game::with_rules(start, rules);
    for mv in moves {
        game.push_coord(mv)
            .unwrap_or_else(|e| panic!("{mv} after {:?}: {e}", game.moves()));
    }
    game
}

fn play(fen: &str, moves: &[&str]) -> Game<Xiangqi> {
    play_with(fen, moves, XiangqiRules::default())
}

fn verdict(outcome: Option<Outcome>) -> (Option<Termination>, Option<Color>) {
    (
        outcome.map(|o| o.termination),
        outcome.and_then(|o| o.winner),
    )
}

/// The verdict the data file gives a case (Fairy-Stockfish's, AXF rules).
fn data_verdict(case: &Case) -> (Option<Termination>, Option<Color>) {
    (
        Some(case.termination.parse::<Termination>().unwrap()),
        case.winner.as_deref().map(|w| match w {
            "red" => Color::RED,
            "black" => Color::Black,
            other => panic!("winner {other}"),
        }),
    )
}

#[test]
fn data_file_has_31_cases() {
    assert_eq!(cases().len(), 31);
}

#[test]
fn data_cases_under_asian_rules() {
    let mut failures = Vec::new();
    for case in cases() {
        let moves: Vec<&str> = case.moves.iter().map(String::as_str).collect();
        let game = play(&case.fen, &moves);
        assert_eq!(
            game.repetitions(),
            3,
            "{}: not a third occurrence",
            case.note
        );
        let expected = data_verdict(&case);
        let got = verdict(game.outcome());
        if got != expected {
            failures.push(format!(
                "{} ({}): expected {expected:?}, got {got:?}",
                case.note, case.fen
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn data_cases_under_simple_repetition_are_draws() {
    let rules = XiangqiRules {
        repetition: RuleSet::SimpleRepetition,
        ..XiangqiRules::default()
    };
    for case in cases() {
        let moves: Vec<&str> = case.moves.iter().map(String::as_str).collect();
        let game = play_with(&case.fen, &moves, rules);
        assert_eq!(
            verdict(game.outcome()),
            (Some(Termination::Repetition), None),
            "{}",
            case.note
        );
    }
}

/// Plays `cycle` twice after `fen`: the start position then occurs for the third time.
fn twice(fen: &str, cycle: &[&str]) -> Game<Xiangqi> {
    let moves: Vec<&str> = cycle.iter().chain(cycle).copied().collect();
    let game = play(fen, &moves);
    assert_eq!(game.repetitions(), 3, "{fen} {cycle:?}");
    // Nothing was decided before the third occurrence.
    let mut before = play(fen, &[]);
    for mv in &moves[..moves.len() - 1] {
        before.push_coord(mv).unwrap();
        assert_eq!(
            before.outcome(),
            None,
            "{fen}: over after {:?}",
            before.moves()
        );
    }
    game
}

const RED_WINS: Option<Color> = Some(Color::RED);
const BLACK_WINS: Option<Color> = Some(Color::Black);

#[test]
fn perpetual_check_by_a_chariot_loses() {
    // Black general d9, red chariot e5, red general f0. The chariot checks from d5 (open d-file)
    // and from e5 (open e-file) while the general steps d9-e9-d9: every red move is a check,
    // no black move is one. Red loses.
    let game = twice(
        "3k5/9/9/9/4R4/9/9/9/9/5K3 w",
        &["e5d5", "d9e9", "d5e5", "e9d9"],
    );
    assert_eq!(
        verdict(game.outcome()),
        (Some(Termination::PerpetualCheck), BLACK_WINS)
    );
    // Under the simple rule set the same game is a draw.
    let rules = XiangqiRules {
        repetition: RuleSet::SimpleRepetition,
        ..XiangqiRules::default()
    };
    let mut simple = game.clone();
    simple.set_rules(rules);
    assert_eq!(
        verdict(simple.outcome()),
        (Some(Termination::Repetition), None)
    );
}

#[test]
fn perpetual_check_by_horse_and_cannon_in_turn_loses() {
    // Black general f9; red horse e6 is the screen of the red cannon e2 on the e-file; red
    // general d0. Horse e6-g7 checks f9 (leg g8 empty); the general goes to e9 (the e-file has no
    // screen any more). Horse g7-e6 puts the screen back: the cannon checks e9; the general
    // returns to f9. Horse and cannon check in turn, every red move is a check: Red loses.
    let game = twice(
        "5k3/9/9/4N4/9/9/9/4C4/9/3K5 w",
        &["e6g7", "f9e9", "g7e6", "e9f9"],
    );
    assert_eq!(
        verdict(game.outcome()),
        (Some(Termination::PerpetualCheck), BLACK_WINS)
    );
}

#[test]
fn mutual_perpetual_check_is_a_draw() {
    // Black to move, in check: red cannon e1 over the black cannon e6 at the black general e8.
    // Red general f2 behind its chariot f3, black chariot f9 above.
    // 1. cannon e6-f6: leaves the e-file (no screen: check over) and checks f2 over the red
    //    chariot f3. 2. chariot f3-e3: leaves the f-file (no screen) and checks e8 (so does the
    //    cannon e1 over it). 3. cannon f6-e6 blocks the e-file and opens the f-file: the chariot
    //    f9 checks f2. 4. chariot e3-f3 blocks it and opens the e-file: the cannon e1 checks over
    //    e6 again. Both sides check with every move: a draw.
    let game = twice(
        "5r3/4k4/9/4c4/9/9/5R3/5K3/4C4/9 b",
        &["e6f6", "f3e3", "f6e6", "e3f3"],
    );
    assert_eq!(
        verdict(game.outcome()),
        (Some(Termination::Repetition), None)
    );
}

#[test]
fn perpetual_chase_of_an_unprotected_chariot_by_a_horse_loses() {
    // Black chariot a9, black general f9; red horse c9, red chariot c1 (protects c9 along the
    // c-file), red general d0. Horse c9-b7 attacks a9 (leg b8 empty); the chariot flees to a8;
    // horse b7-c9 attacks a8 (leg b9 empty); the chariot returns to a9. From c9 the horse did
    // not attack a9, from b7 not a8: every red move creates a new attack on the same chariot,
    // followed as it moves. The black chariot on a9 attacks the horse c9, but it is protected
    // by the chariot c1: no chase. Red loses.
    let game = twice(
        "r1N2k3/9/9/9/9/9/9/9/2R6/3K5 w",
        &["c9b7", "a9a8", "b7c9", "a8a9"],
    );
    assert_eq!(
        verdict(game.outcome()),
        (Some(Termination::PerpetualChase), BLACK_WINS)
    );
}

#[test]
fn chasing_a_protected_piece_is_allowed_but_not_a_protected_chariot_by_a_horse() {
    // The game of the previous test with a black chariot on a0 (the red general on d1, out of
    // its reach) protecting a9 and a8 along the a-file.
    let cycle = ["c9b7", "a9a8", "b7c9", "a8a9"];
    // The horse chases a protected cannon: no chase, a draw.
    let game = twice("c1N2k3/9/9/9/9/9/9/9/2RK5/r8 w", &cycle);
    assert_eq!(
        verdict(game.outcome()),
        (Some(Termination::Repetition), None)
    );
    // The horse chases a protected chariot: a horse attacking a chariot chases it all the same.
    let game = twice("r1N2k3/9/9/9/9/9/9/9/2RK5/r8 w", &cycle);
    assert_eq!(
        verdict(game.outcome()),
        (Some(Termination::PerpetualChase), BLACK_WINS)
    );
}

#[test]
fn perpetual_check_outranks_perpetual_chase() {
    // Red soldiers e9 and d7, red general d0; black general e8, black cannon e1, black horse d4
    // (it closes the d-file between the generals). Soldier d7-e7 checks e8; the general steps to
    // d8, and the cannon e1 now attacks the soldier e9 over the screen e7 (unprotected, across
    // the river: a piece that can be chased). Soldier e7-d7 checks d8; the general returns to
    // e8 and becomes the cannon's screen: e9 is attacked again, after an open file in between.
    // Red checks with every move, Black chases the same soldier with every move: check
    // outranks chase, Red loses by perpetual check.
    let game = twice(
        "4P4/4k4/3P5/9/9/3n5/9/9/4c4/3K5 w",
        &["d7e7", "e8d8", "e7d7", "d8e8"],
    );
    assert_eq!(
        verdict(game.outcome()),
        (Some(Termination::PerpetualCheck), BLACK_WINS)
    );
}

#[test]
fn chasing_different_pieces_in_turn_is_allowed() {
    // Red horse c4, black chariot a3 and advisor f7 (both unprotected), black general e9, red
    // general f0. Horse c4-d6 attacks the advisor f7 (leg e6 empty), not the chariot; the
    // general steps to d9; horse d6-c4 attacks the chariot a3 (leg b4 empty), not the advisor;
    // the general returns. Every red move chases, but never the same piece: a draw.
    let game = twice(
        "4k4/9/5a3/9/9/2N6/r8/9/9/5K3 w",
        &["c4d6", "e9d9", "d6c4", "d9e9"],
    );
    assert_eq!(
        verdict(game.outcome()),
        (Some(Termination::Repetition), None)
    );
}

#[test]
fn a_soldier_may_chase() {
    // A red soldier across the river (d6) and an unprotected black chariot (e7): soldier d6-e6
    // attacks e7, the chariot steps to d7, soldier e6-d6 attacks d7, the chariot returns. Every
    // red move attacks the same unprotected chariot, but soldiers may chase; the chariot always
    // steps off the soldier's file and attacks nothing. A draw.
    let game = twice(
        "4k4/9/4r4/3P5/9/9/9/9/9/5K3 w",
        &["d6e6", "e7d7", "e6d6", "d7e7"],
    );
    assert_eq!(
        verdict(game.outcome()),
        (Some(Termination::Repetition), None)
    );
}

#[test]
fn one_check_one_idle_move_is_allowed() {
    // Red chariot a5-d5 checks the general on d9; it goes to e9; the chariot returns to a5 (no
    // check, nothing attacked); the general returns to d9. Red checks with every other move
    // only: a draw.
    let game = twice(
        "3k5/9/9/9/R8/9/9/9/9/5K3 w",
        &["a5d5", "d9e9", "d5a5", "e9d9"],
    );
    assert_eq!(
        verdict(game.outcome()),
        (Some(Termination::Repetition), None)
    );
}

#[test]
fn plain_repetition_is_a_draw() {
    // Both horses out and back from the start: no check, no attack on any piece.
    let game = twice(qipan::xiangqi::START_FEN, &["b0c2", "b9c7", "c2b0", "c7b9"]);
    assert_eq!(
        verdict(game.outcome()),
        (Some(Termination::Repetition), None)
    );
}

#[test]
fn move_limit_through_a_game() {
    // With a limit of 2 moves, the fourth ply without a capture draws (the default is 60 moves,
    // tested in xiangqi_rules.rs).
    let rules = XiangqiRules {
        move_limit: 2,
        ..XiangqiRules::default()
    };
    let mut game = play_with(qipan::xiangqi::START_FEN, &["h2e2", "h9g7", "b0c2"], rules);
    assert_eq!(game.outcome(), None);
    game.push_coord("b9c7").unwrap();
    assert_eq!(
        verdict(game.outcome()),
        (Some(Termination::MoveLimit), None)
    );
}

#[test]
fn insufficient_material_through_a_game() {
    // The red chariot e2 takes the black chariot e7 with check; the black general e8 takes it
    // back. Generals alone: a draw.
    let mut game = play("9/4k4/4r4/9/9/9/9/4R4/9/5K3 w", &["e2e7"]);
    assert_eq!(game.outcome(), None);
    game.push_coord("e8e7").unwrap();
    assert_eq!(
        verdict(game.outcome()),
        (Some(Termination::InsufficientMaterial), None)
    );
}

#[test]
fn checkmate_and_stalemate_lose_through_a_game() {
    // Chariot a1-a9 mates the general d9: i8 guards rank 8, the red general the open e-file.
    let game = play("3k5/8R/9/9/9/9/9/9/R8/4K4 w", &["a1a9"]);
    assert_eq!(
        verdict(game.outcome()),
        (Some(Termination::Checkmate), RED_WINS)
    );
    // Chariot i7-i8: the general on d9 is not in check, d8 is guarded by the chariot and e9
    // would face the red general. No legal move (困毙): Black loses.
    let game = play("3k5/9/8R/9/9/9/9/9/9/4K4 w", &["i7i8"]);
    assert_eq!(
        verdict(game.outcome()),
        (Some(Termination::Stalemate), RED_WINS)
    );
}

/// The data cases whose CXA verdict differs from the AXF one, by index in the file (0-based), with
/// the CXA verdict and why (worked out from the moves and the CXA text, not from qipan).
const CXA_DIFFERENCES: [(usize, Option<Termination>, Option<Color>); 3] = [
    // "discovered chase by cannon (including pawn capture)": Red's soldier steps a5-b5-a5,
    // uncovering a cannon on the black chariot each time (a chase of the chariot); the chariot
    // steps a6-b6-a6 and from b6 (a6) attacks the unprotected cannon on b0 (a0) that the soldier
    // just left: a chase of a cannon with every move, alternately of two cannons. AXF allows
    // chasing two pieces in turn (Black not at fault, Red loses); CXA 28.12 forbids chasing "one
    // piece or several" (连续追捉一子或数子), so both sides are at fault: a draw (26.3).
    (2, Some(Termination::Repetition), None),
    // "chased chariot pinned by horse, mutual chase": Red's chariot b8-b9-b8 and the cannon behind
    // it chase the black chariot f8, which cannot leave (it blocks the leg of the red horse g8
    // that would check). Black's advisor f9-e8-f9: on e8 it cuts the red chariot's line on b8 to
    // the horse g8, on f9 it takes away the red cannon's screen on e8, and each time the horse,
    // protected before the move, is left unprotected against the chariot f8 (which may take it:
    // with the horse gone its leg no longer matters). AXF (as Fairy-Stockfish reads it) does not
    // count protection lost by a blocked line or a moved screen: Red alone chases and loses. CXA
    // 29.2 / 细则2 count every threat that was not there before the move ("从没捉到捉，一律按捉"):
    // both sides chase with every move, a draw (26.3).
    (20, Some(Termination::Repetition), None),
    // "chased chariot pinned by horse": Black's chariot h3-h1-h3 and the cannon i1 behind it chase
    // the red chariot d1, pinned against the horse c1's check. Red's advisor e1-f0-e1: leaving e1
    // takes away the black cannon's screen for recapturing on c1, returning to e1 cuts the black
    // chariot h1's line and the cannon's aim to c1; each time the black horse c1, protected
    // before, is left to the red chariot (which may take it: the horse is the checking piece). AXF
    // as above: Black alone chases and loses; CXA: both chase every move, a draw.
    (21, Some(Termination::Repetition), None),
];
// Not a difference, though it looks like one: case 18 ("mutual perpetual check (draw)", the
// cannon and four soldiers). The red cannon aims over a soldier at a black chariot with every move
// (a1, c1, b1, d1), two chariots in turn, which CXA 28.12 would call a chase. But when the cannon
// stands on a1 or b1, taking the chariot on a7 / b7 loses at once: the other chariot goes to f7,
// mate (the red general on f0 cannot step to e0 or e1, facing the black general on the open
// e-file, nor to f1 on the chariot's file, and nothing can block). CXA 29.4 (and 细则7): a capture
// answered by mate is no chase, so those red moves are idle and Red is not at fault: a draw under
// both rule sets.

#[test]
fn data_cases_under_chinese_rules() {
    let rules = XiangqiRules {
        repetition: RuleSet::Chinese,
        ..XiangqiRules::default()
    };
    let mut failures = Vec::new();
    for (index, case) in cases().iter().enumerate() {
        let moves: Vec<&str> = case.moves.iter().map(String::as_str).collect();
        let game = play_with(&case.fen, &moves, rules);
        let expected = match CXA_DIFFERENCES.iter().find(|d| d.0 == index) {
            Some(&(_, termination, winner)) => (termination, winner),
            // The same ruling as the AXF: the data file's verdict.
            None => data_verdict(case),
        };
        let got = verdict(game.outcome());
        if got != expected {
            failures.push(format!(
                "{index} {}: expected {expected:?}, got {got:?}",
                case.note
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
