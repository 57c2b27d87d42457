//! Rulings on repeated cycles: cases of the CXA rule book (中国象棋竞赛规则 1999, 棋例细则, see
//! `/work/shared/reference/cxa-rules-1999-summary.md`) reconstructed from their moves, and the
//! cycles contested between programs in chessdb's issue 7. The book gives moves and verdicts but
//! not the diagrams: each position below is built so that the book's moves are legal and do what
//! the book says they do; the expected verdict is the book's (for CXA) or worked out from the AXF
//! rules in the comment, never qipan's output.

use qipan::xiangqi::{RuleSet, XiangqiRules};
use qipan::{Color, Game, Termination, Xiangqi};

type Verdict = (Termination, Option<Color>);

const RED_LOSES_CHECK: Verdict = (Termination::PerpetualCheck, Some(Color::Black));
const RED_LOSES_CHASE: Verdict = (Termination::PerpetualChase, Some(Color::Black));
const BLACK_LOSES_CHASE: Verdict = (Termination::PerpetualChase, Some(Color::RED));
const DRAW: Verdict = (Termination::Repetition, None);

/// Plays `cycle` (ICCS moves) from `fen` until the start position occurs for the third time and
/// returns the verdict under `rules`.
fn judge(fen: &str, cycle: &str, rules: RuleSet) -> Verdict {
    let start = Xiangqi::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut game = Game::with_rules(
        start,
        XiangqiRules {
            repetition: rules,
            ..XiangqiRules::default()
        },
    );
    for mv in cycle.split(' ').cycle().take(2 * cycle.split(' ').count()) {
        assert_eq!(game.outcome(), None, "over before {mv}");
        game.push_coord(mv)
            .unwrap_or_else(|e| panic!("{mv} after {:?}: {e}", game.moves()));
    }
    assert_eq!(game.repetitions(), 3);
    let outcome = game.outcome().expect("a verdict at the third occurrence");
    (outcome.termination, outcome.winner)
}

fn check_all(fen: &str, cycle: &str, asian: Verdict, chinese: Verdict) {
    assert_eq!(judge(fen, cycle, RuleSet::Asian), asian, "asian: {fen}");
    assert_eq!(
        judge(fen, cycle, RuleSet::Chinese),
        chinese,
        "chinese: {fen}"
    );
    assert_eq!(
        judge(fen, cycle, RuleSet::SimpleRepetition),
        DRAW,
        "simple: {fen}"
    );
}

/// 细则1: 车四平五 将5平6 车五平四 将6平5 — one-sided perpetual check loses, even when the chariot
/// is the only piece that can move. Reconstructed: the red chariot f4/e4 and the general e9/f9; the
/// red general on d0 keeps the black general off the d-file. AXF: the same (perpetual check).
#[test]
fn cxa_case_1_perpetual_check() {
    check_all(
        "4k4/9/9/9/9/5R3/9/9/9/3K5 w",
        "f4e4 e9f9 e4f4 f9e9",
        RED_LOSES_CHECK,
        RED_LOSES_CHECK,
    );
}

/// 细则2: 车三平四 将6平5 车四平三 将5平6 — one check, one chase (一将一捉): Red must vary or loses;
/// the chariot could take the horse before it checked, but returning to the horse's file is a
/// chase "from no chase to chase". Reconstructed: the red chariot g5 checks from f5 and returns to
/// g5 onto the unprotected black horse g2. AXF: one check and one chase is no perpetual check and
/// no perpetual chase: a draw (the difference the two rule books are known for).
#[test]
fn cxa_case_2_one_check_one_chase() {
    check_all(
        "5k3/9/9/9/6R2/9/9/6n2/9/3K5 w",
        "g5f5 f9e9 f5g5 e9f9",
        DRAW,
        RED_LOSES_CHASE,
    );
}

/// 细则4: 车六平五 卒5平4 车五平六 卒4平5 — the chariot chasing a crossed soldier is a chase (the
/// book adds that taking it would cost Red a horse; qipan does not model that, and needs not for
/// the verdict). Reconstructed: the red chariot d1/e1 and the black soldier e3/d3, unprotected.
/// AXF: a crossed soldier is a piece; Red chases it with every move and loses.
#[test]
fn cxa_case_4_chariot_chases_a_crossed_soldier() {
    check_all(
        "5k3/9/9/9/9/9/4p4/9/3R5/3K5 w",
        "d1e1 e3d3 e1d1 d3e3",
        RED_LOSES_CHASE,
        RED_LOSES_CHASE,
    );
}

/// 细则5: 马八进六 车2平3 马六退八 车3平2 — the horse chases the chariot with every move (even
/// though on d4 it stands where a soldier can take it); Black chases once (the chariot back on b5
/// attacks the unprotected horse on b3) and idles once: Red must vary or loses. Reconstructed:
/// red horse b3/d4, black chariot b5/c5, a crossed black soldier e4 attacking d4. AXF: Red chases
/// one chariot with every move, Black not with every move: Red loses.
#[test]
fn cxa_case_5_horse_chases_chariot_while_offered() {
    check_all(
        "4k4/9/9/9/1r7/4p4/1N7/9/9/3K5 w",
        "b3d4 b5c5 d4b3 c5b5",
        RED_LOSES_CHASE,
        RED_LOSES_CHASE,
    );
}

/// 细则6, 示例二: 炮八平九 车2平1 炮九平八 车1平2 — the black chariot chases the red cannon with every
/// move; the red chariot's attack on the central elephant exists before and after every red move
/// ("from chase to chase"): idle. Black loses. Reconstructed: red cannon b1/a1, black chariot
/// b8/a8, the red chariot e4 on the elephant e7. AXF: the same.
#[test]
fn cxa_case_6b_from_chase_to_chase_is_idle() {
    check_all(
        "4k4/1r7/4b4/9/9/4R4/9/9/1C7/3K5 w",
        "b1a1 b8a8 a1b1 a8b8",
        BLACK_LOSES_CHASE,
        BLACK_LOSES_CHASE,
    );
}

/// 细则12: 炮三平四 车6平7 炮四平三 车7平6 — the cannon chases the chariot with every move (that it
/// could be taken by a black cannon does not make it an offer: the heavier name wins). Red loses.
/// Reconstructed: red cannon g2/f2 aiming over the crossed red soldiers f5/g5 (each protects the
/// other, so the chariot's attacks on them are no chase) at the black chariot f7/g7. AXF: the
/// same.
#[test]
fn cxa_case_12_cannon_chases_chariot() {
    check_all(
        "4k4/9/5r3/9/5PP2/9/9/6C2/9/3K5 w",
        "g2f2 f7g7 f2g2 g7f7",
        RED_LOSES_CHASE,
        RED_LOSES_CHASE,
    );
}

// The cycles of chessdb's issue 7 ("Rule clarifications", noobpwnftw/chessdb#7), on which chessdb,
// 象棋旋风 (Cyclone) and XQ小虫 disagreed under AXF rules. The rulings and their reasons are in
// docs/rules-xiangqi.md ("Contested cycles").

/// Contested 1: chessdb and 小虫 draw, Cyclone rules a perpetual chase. The red cannon steps
/// f4-e4-f4 behind the chariot f5, which attacks the black horse f7, protected only by the advisor
/// e8. Cannon on e4: the advisor is pinned (the cannon would check over the elephant e7), so the
/// horse loses its protection. Cannon back on f4 (the general now on f9): Rxf7 checks, and Axf7
/// would leave the general in check from the cannon over the advisor: the horse loses its
/// protection again. Every red move takes the horse's protection away: a chase of the horse with
/// every move under both rule books; the general's steps are idle. Red loses.
#[test]
fn chessdb_7_cannon_battery_undermines_the_root() {
    check_all(
        "4k4/4a4/4bn3/9/5R3/5C3/9/9/9/4K4 w",
        "f4e4 e9f9 e4f4 f9e9",
        RED_LOSES_CHASE,
        RED_LOSES_CHASE,
    );
}

/// Contested 2: chessdb and 小虫 draw, Cyclone a perpetual chase. b9b7 attacks the unprotected
/// horse e7 along rank 7. b7b9 puts the chariot behind the cannon c9, which aims over the black
/// general at the horse on f9: before, Kxf9 would answer Cxf9; after, f9 is covered by the chariot
/// along rank 9, so the general's recapture is illegal and the horse unprotected. A chase with
/// every move; Red loses.
#[test]
fn chessdb_7_chariot_behind_cannon_takes_the_generals_recapture() {
    check_all(
        "1RC1k4/9/4n4/9/9/9/9/4B4/9/4K4 w",
        "b9b7 e7f9 b7b9 f9e7",
        RED_LOSES_CHASE,
        RED_LOSES_CHASE,
    );
}

/// Contested 3: chessdb and Cyclone rule a perpetual chase, 小虫 a draw. The red horse e3 attacks
/// the black cannon d5 throughout. General d0-e0: the black horse e7, the cannon's protector,
/// becomes the last piece between the generals once the red horse takes: a chase. General e0-d0
/// (the black horse has left for c8): the red horse, pinned while the general stood on e0, may
/// now take the unprotected cannon. AXF as Fairy-Stockfish reads it (and qipan's `asian`): an
/// attack that was there but could not be carried out because the attacker was pinned is not a
/// new chase, so Red chases every other move: a draw. CXA 29.2 / 细则2 ("从没捉到捉"): no capture
/// before, a capture after: a chase; and 27.1 counts chases made with the general's help. Red
/// chases with every move and loses.
#[test]
fn chessdb_7_the_general_unpins_its_horse() {
    check_all(
        "4k4/9/4n4/9/3c5/9/4N4/9/9/3K5 w",
        "d0e0 e7c8 e0d0 c8e7",
        DRAW,
        RED_LOSES_CHASE,
    );
}

/// AXF rule book, Diagram 80 (wxf.org, "asia rule", diagrams 76-80): R1=2 c8=9 R8=9 c1=2 R2=1
/// c9=8 R9=8 c2=1 — "The two Red Rooks' perpetually chasing the two Black Cannons does not violate
/// the rule ... ruled as a draw." Reconstructed: red chariots i0/h0 and b0/a0, black cannons
/// h7/i7 and a7/b7 (unprotected), generals on f0 and e9. AXF: each cannon is chased only every
/// other red move: a draw. CXA 28.12 counts a chase of "one piece or several": Red chases with
/// every move and the cannons' steps threaten nothing, so Red loses.
#[test]
fn axf_diagram_80_two_chariots_chase_two_cannons() {
    check_all(
        "4k4/9/c6c1/9/9/9/9/9/9/1R3K2R w",
        "i0h0 h7i7 b0a0 a7b7 h0i0 i7h7 a0b0 b7a7",
        DRAW,
        RED_LOSES_CHASE,
    );
}

// Other contested cycles found in the same discussions.

/// Fairy-Stockfish issue 55 (cloudfish's minimal case, "KCB vs KRR"): the red cannon d3-f3-d3
/// steps out of and back into its elephant's eyes, uncovering the elephant e2 on the black
/// chariot c4, then (after it flees) on g4 — each chariot protected by the other. chessdb and
/// Fairy-Stockfish rule a perpetual chase (a minor piece may not chase a chariot, protected or
/// not); cloudfish argued that AXF §3.6 names only horses and cannons, so an elephant's
/// discovered attack should not count. qipan follows the chessdb / Fairy-Stockfish reading under
/// `asian`; under `chinese` an elephant taking a chariot gains material (细则3): a chase. Red loses.
#[test]
fn fairy_stockfish_55_elephant_discovered_on_protected_chariot() {
    check_all(
        "4k4/9/9/9/9/r1r6/3C5/4B4/9/5K3 w",
        "d3f3 c4g4 f3d3 g4c4",
        RED_LOSES_CHASE,
        RED_LOSES_CHASE,
    );
}

/// chessdb issue 8: the red general d0-e0-d0 while the black cannon steps d9-e9-d9. With the
/// general on d0 the chariot d7 may not take the black cannon d3 (the cannon d9 would check over
/// it); on e0 it may, and then the chariot e3 may not (the cannon on e9 would check over the
/// advisor e1) — each general step lets one chariot take the unprotected cannon d3. The reporter
/// called it a perpetual chase by Red; chessdb's author ruled a draw (the chariots do not move;
/// Black's own cannon step removed the cover). `asian` (as Fairy-Stockfish): an attack the
/// attacker could not carry out before because it was pinned is not a new chase — a draw.
/// `chinese`: "从没捉到捉" and chases made with the general's help (27.1) count — Red loses.
#[test]
fn chessdb_8_the_general_steps_unpin_two_chariots_in_turn() {
    check_all(
        "3c1k3/9/3R5/9/9/9/3cR4/9/4A4/3K1A3 w",
        "d0e0 d9e9 e0d0 e9d9",
        DRAW,
        RED_LOSES_CHASE,
    );
}
