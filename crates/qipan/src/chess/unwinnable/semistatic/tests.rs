//! The semi-static proof on positions built for each of its parts.

use super::*;

fn pos(fen: &str) -> Chess {
    Chess::from_fen_strict(fen).unwrap()
}

#[test]
fn pawn_wall_with_kings_only_is_locked_for_both() {
    // lichess issue 4514: the kings cannot pass the wall and no pawn can move.
    let p = pos("4k3/8/8/p2p2p1/P2P2P1/8/8/4K3 w - - 0 1");
    assert!(semistatic_cannot_mate(&p, Color::White));
    assert!(semistatic_cannot_mate(&p, Color::Black));
}

#[test]
fn a_gap_in_the_wall_is_not_locked() {
    // Without the g-pawns the kings walk through the g- and h-files and take pawns.
    let p = pos("4k3/8/8/p2p4/P2P4/8/8/4K3 w - - 0 1");
    assert!(!semistatic_cannot_mate(&p, Color::White));
}

#[test]
fn a_free_pawn_is_not_locked() {
    let p = pos("4k3/8/8/p2p2p1/P2P2P1/8/7P/4K3 w - - 0 1");
    assert!(!semistatic_cannot_mate(&p, Color::White));
}

#[test]
fn a_rook_slides_through_an_open_file() {
    // The kings cannot pass, but the rook reaches the b-file and attacks the a5 pawn.
    let p = pos("4k3/8/8/p2p2p1/P2P2P1/8/8/R3K3 w - - 0 1");
    assert!(!semistatic_cannot_mate(&p, Color::White));
}

#[test]
fn a_rook_behind_a_full_wall_can_be_sacrificed_to_a_pawn() {
    // Ra3 bxa3 frees the b3 pawn and the a3 pawn: nothing is locked.
    let p = pos("4k3/8/8/p1p1p1p1/PpPpPpPp/1P1P1P1P/8/R3K3 w - - 0 1");
    assert!(!semistatic_cannot_mate(&p, Color::White));
}

#[test]
fn a_light_bishop_behind_a_full_wall_is_locked_in() {
    // The pawn-attacked squares of rank 3 are dark, the light ones hold white pawns.
    let p = pos("4k3/8/8/p1p1p1p1/PpPpPpPp/1P1P1P1P/8/4KB2 w - - 0 1");
    assert!(semistatic_cannot_mate(&p, Color::White));
    assert!(semistatic_cannot_mate(&p, Color::Black));
}

#[test]
fn a_bishop_of_one_colour_that_checks_never_mates_a_king_with_flights_of_the_other() {
    // The bishop reaches Black's half and checks on light squares, but every light square of
    // Black's king region has a dark neighbour no white unit can ever cover or fill.
    let p = pos("4k3/1B6/8/p1p1p1p1/PpPpPpPp/1P1P1P1P/8/4K3 w - - 0 1");
    assert!(semistatic_cannot_mate(&p, Color::White));
    assert!(semistatic_cannot_mate(&p, Color::Black));
}

#[test]
fn a_bishop_mate_that_needs_more_blockers_than_the_loser_has_never_happens() {
    // White's bishops check on one colour only; every checking square Black's king can stand
    // on has more open flight squares of the other colour than Black has pieces to fill them
    // (from positions of the labelled set's kind wall-bishop, after White's king stepped out
    // of a pawn's check; chasolver says White cannot win there).
    for fen in [
        "8/B7/2p3b1/1pPp1k1p/pP1Pp1pP/P1B1PpP1/3K1P2/8 b - - 0 1",
        "4B3/8/5k1p/p1b3pP/Pp1p1pP1/1PpPpP2/2P1P1Kb/8 w - - 0 1",
        "3b4/4k3/6B1/4p3/1p1pPp1p/pPpP1P1P/P1P5/3K4 b - - 0 1",
    ] {
        assert!(semistatic_cannot_mate(&pos(fen), Color::White), "{fen}");
    }
}

#[test]
fn a_pawn_that_can_still_step_behind_the_wall_is_inside_the_fixpoint() {
    // d2-d3 is the only pawn move left; it changes nothing the kings can reach.
    let p = pos("4k3/8/8/p2p2p1/P2P2P1/8/3P4/4K3 w - - 0 1");
    assert!(semistatic_cannot_mate(&p, Color::White));
    assert!(semistatic_cannot_mate(&p, Color::Black));
}

#[test]
fn a_king_never_takes_a_blocker_when_that_stalemates() {
    // Kxf8 (or Kf7) is possible only with Black's king on h8 and leaves Black without a move
    // (the stalemate filter); without the filter the king takes the bishop, then the e7 pawn,
    // and the e-pawn promotes.
    let p = pos("5b1k/4p1p1/4P1P1/8/8/8/8/4K3 w - - 0 1");
    assert!(semistatic_dead(&p));
    // With a rook White can take the bishop and the pawns (no unit of Black is fixed any more,
    // so no step is filtered) and win: no proof. This does not single out the filter's "no
    // check" condition; the brute-force checks of dead_quick.rs and the fuzz targets do.
    let p = pos("5b1k/4p1p1/4P1P1/8/8/8/8/R3K3 w - - 0 1");
    assert!(!semistatic_cannot_mate(&p, Color::White));
}

#[test]
fn a_pawn_that_can_promote_is_no_proof() {
    // The h-pawn runs to h8 and queens: both sides can mate.
    let p = pos("4k3/8/8/p2p2p1/P2P2P1/8/7P/4K3 w - - 0 1");
    assert!(!semistatic_cannot_mate(&p, Color::White));
}

#[test]
fn en_passant_now_is_no_proof() {
    let p = pos("4k3/8/8/p2pPp2/P2P4/8/8/4K3 w - f6 0 1");
    assert!(!semistatic_cannot_mate(&p, Color::White));
    assert!(!semistatic_cannot_mate(&p, Color::Black));
}

/// Every semi-static proof, for each colour of every position of the labelled set, agrees
/// with the set's label (chasolver's verdict): the proof never says "cannot" to a side that
/// can win. It proves more than the locked-pawn proof it replaced (323 of these queries).
#[test]
fn semistatic_proofs_agree_with_the_labelled_set() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/chess-unwinnable-labelled.epd"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut proofs = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let label = fields[1].strip_prefix("can_win ").unwrap();
        let p: Chess = fields[0].parse().unwrap();
        for (color, name) in [(Color::White, "white"), (Color::Black, "black")] {
            if semistatic_cannot_mate(&p, color) {
                proofs += 1;
                assert!(
                    label != "both" && label != name,
                    "{line}: the semi-static proof says {name} cannot win"
                );
            }
        }
    }
    eprintln!("{proofs} semi-static proofs");
    assert!(proofs >= 400, "{proofs} semi-static proofs");
}
