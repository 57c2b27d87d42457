//! WXF and Chinese notation: cases worked out from the conventions (files counted from the
//! mover's right: Red file = 9 - file index (a = 0), Black file = file index + 1; Red advances
//! to higher ranks, Black to lower), tandem pieces, pawns on one and on two files, errors, and
//! round trips over every legal move of positions from seeded random playouts.

use std::collections::HashSet;

use qipan::xiangqi::ChineseStyle;
use qipan::Notate;
use qipan::{MoveError, Variant, Xiangqi};

const EPD: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../data/xiangqi-perft.epd"
));

fn pos(fen: &str) -> Xiangqi {
    Xiangqi::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Checks that `iccs` is written as `wxf` and `chinese`, and that both read back to it.
#[track_caller]
fn case(p: &Xiangqi, iccs: &str, wxf: &str, chinese: &str) {
    let mv = p.parse_iccs(iccs).unwrap_or_else(|e| panic!("{iccs}: {e}"));
    assert_eq!(p.wxf(mv), wxf, "WXF of {iccs} in {}", p.fen());
    assert_eq!(p.chinese(mv), chinese, "Chinese of {iccs} in {}", p.fen());
    assert_eq!(p.parse_wxf(wxf), Ok(mv), "{wxf}");
    assert_eq!(p.parse_chinese(chinese), Ok(mv), "{chinese}");
    assert_eq!(p.parse_any(wxf), Ok(mv));
    assert_eq!(p.parse_any(chinese), Ok(mv));
    assert_eq!(p.parse_any(iccs), Ok(mv));
    assert_eq!(p.notation(mv), wxf);
}

fn play(p: &mut Xiangqi, iccs: &str) {
    let mv = p.parse_iccs(iccs).unwrap();
    p.play_unchecked(mv);
}

#[test]
fn start_position_red() {
    let p = Xiangqi::start();
    // h2e2: cannon on file h (index 7) = Red file 9-7 = 2, sideways to e (4) = file 5.
    case(&p, "h2e2", "C2.5", "炮二平五");
    // h0g2: horse h = file 2, diagonal to g (6) = file 3, forward.
    case(&p, "h0g2", "H2+3", "马二进三");
    // b0c2: horse b (1) = file 8, to c (2) = file 7.
    case(&p, "b0c2", "H8+7", "马八进七");
    // i0i1: chariot i (8) = file 1, one step forward.
    case(&p, "i0i1", "R1+1", "车一进一");
    // c3c4: soldier c = file 7, one step forward.
    case(&p, "c3c4", "P7+1", "兵七进一");
    // e0e1: general e (4) = file 5, one step forward.
    case(&p, "e0e1", "K5+1", "帅五进一");
    // f0e1: advisor f (5) = file 4, to e = file 5.
    case(&p, "f0e1", "A4+5", "仕四进五");
    // g0e2: elephant g (6) = file 3, to e = file 5.
    case(&p, "g0e2", "E3+5", "相三进五");
    // h2h9: cannon file 2 jumps the h7 cannon and takes the h9 horse: 7 steps forward.
    case(&p, "h2h9", "C2+7", "炮二进七");
    // b2b1: cannon b = file 8, one step back.
    case(&p, "b2b1", "C8-1", "炮八退一");
    assert_eq!(p.parse_wxf("C2=5"), p.parse_wxf("C2.5"));
    assert_eq!(p.parse_wxf("c2.5"), p.parse_wxf("C2.5"));
    assert_eq!(p.parse_wxf("N2+3"), p.parse_wxf("H2+3"));
    assert_eq!(p.parse_wxf("B3+5"), p.parse_wxf("E3+5"));
}

#[test]
fn start_position_black() {
    let mut p = Xiangqi::start();
    play(&mut p, "h2e2");
    // Black counts from its own right: file index + 1, forward = lower rank.
    // h9g7: horse h (7) = Black file 8, to g (6) = file 7, forward.
    case(&p, "h9g7", "H8+7", "马8进7");
    // b7e7: cannon b (1) = file 2, sideways to e = file 5.
    case(&p, "b7e7", "C2.5", "炮2平5");
    // i9i8: chariot i (8) = file 9, one step forward.
    case(&p, "i9i8", "R9+1", "车9进1");
    // g6g5: soldier g = file 7 forward.
    case(&p, "g6g5", "P7+1", "卒7进1");
    // e9e8: general forward (down the board).
    case(&p, "e9e8", "K5+1", "将5进1");
    // d9e8: advisor d (3) = file 4 to file 5; c9e7: elephant file 3 to file 5.
    case(&p, "d9e8", "A4+5", "士4进5");
    case(&p, "c9e7", "E3+5", "象3进5");
    let mv = p.parse_iccs("h9g7").unwrap();
    assert_eq!(p.chinese_with(mv, ChineseStyle::Traditional), "馬8進7");
    for text in [
        "馬８進７",
        "马８进７",
        "马八进七",
        "傌8进7",
        "瑪8進7",
        " 马 8 进 7 ",
    ] {
        assert_eq!(p.parse_chinese(text), Ok(mv), "{text}");
    }
    assert_eq!(p.parse_chinese("砲２平５"), p.parse_chinese("炮2平5"));
    assert_eq!(p.parse_chinese("包2平5"), p.parse_chinese("炮2平5"));
    assert_eq!(p.parse_chinese("卒７進１"), p.parse_chinese("卒7进1"));
    assert_eq!(p.parse_chinese("兵7进1"), p.parse_chinese("卒7进1"));
    assert_eq!(p.parse_chinese("將5進1"), p.parse_chinese("将5进1"));
}

#[test]
fn traditional_input_and_output() {
    let p = Xiangqi::start();
    let i0i1 = p.parse_iccs("i0i1").unwrap();
    assert_eq!(p.chinese_with(i0i1, ChineseStyle::Traditional), "車一進一");
    for text in ["俥一進一", "車一进一", "伡1进1", "车１进１", "车一进１"] {
        assert_eq!(p.parse_chinese(text), Ok(i0i1), "{text}");
    }
    assert_eq!(p.parse_chinese("傌二進三"), p.parse_iccs("h0g2"));
    assert_eq!(p.parse_chinese("帥五進一"), p.parse_iccs("e0e1"));
    assert_eq!(p.parse_chinese("士四进五"), p.parse_iccs("f0e1"));
    assert_eq!(p.parse_chinese("象三进五"), p.parse_iccs("g0e2"));
}

#[test]
fn opening_record() {
    // 中炮过河车对屏风马平炮兑车: each move worked out from the files (Red 9 - index, Black
    // index + 1) and, for straight moves along a file, the steps.
    let record = [
        ("h2e2", "C2.5", "炮二平五"),
        ("h9g7", "H8+7", "马8进7"),
        ("h0g2", "H2+3", "马二进三"),
        ("i9h9", "R9.8", "车9平8"),   // chariot i9 (file 9) to h9 (file 8)
        ("i0h0", "R1.2", "车一平二"), // chariot i0 (file 1) to h0 (file 2)
        ("b9c7", "H2+3", "马2进3"),
        ("c3c4", "P7+1", "兵七进一"),
        ("g6g5", "P7+1", "卒7进1"),
        ("h0h6", "R2+6", "车二进六"), // h0 to h6: six steps up the open h file
        ("h7i7", "C8.9", "炮8平9"),
        ("h6g6", "R2.3", "车二平三"),
        ("i7i8", "C9-1", "炮9退1"), // back towards Black's side: i7 to i8
        ("b0c2", "H8+7", "马八进七"),
    ];
    let mut p = Xiangqi::start();
    for (iccs, wxf, chinese) in record {
        case(&p, iccs, wxf, chinese);
        play(&mut p, iccs);
    }
}

#[test]
fn tandem_pieces() {
    // Red cannons on h2 and h4 (file 2): front = h4 (closer to Black).
    let p = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/7C1/P1P1P1P1P/7C1/9/RNBAKABNR w - - 0 1");
    case(&p, "h4e4", "C+.5", "前炮平五");
    case(&p, "h2e2", "C-.5", "后炮平五");
    case(&p, "h4h3", "C+-1", "前炮退一");
    case(&p, "h2h3", "C-+1", "后炮进一");
    // The front cannon jumps the h7 cannon onto the h9 horse; the rear one jumps h4 onto h7.
    case(&p, "h4h9", "C++5", "前炮进五");
    case(&p, "h2h7", "C-+5", "后炮进五");
    assert_eq!(ambiguity(&p, "C2.5"), ["C+.5", "C-.5"]);
    // The marker before the letter, as some programs write it.
    assert_eq!(p.parse_wxf("+C.5"), p.parse_iccs("h4e4"));
    assert_eq!(p.parse_wxf("-C+1"), p.parse_iccs("h2h3"));
    assert_eq!(p.parse_any("+c+5"), p.parse_iccs("h4h9"));
    assert!(matches!(
        p.parse_wxf("+1.5"),
        Err(MoveError::Invalid { .. })
    ));
    assert!(matches!(
        p.parse_chinese("炮二平五"),
        Err(MoveError::Ambiguous { .. })
    ));
    // Traditional, and the AXF order (piece then front/rear).
    assert_eq!(p.parse_chinese("炮前平五"), p.parse_iccs("h4e4"));
    assert_eq!(p.parse_chinese("炮後平五"), p.parse_iccs("h2e2"));
    assert_eq!(p.parse_chinese("後炮進一"), p.parse_iccs("h2h3"));
    let h2h3 = p.parse_iccs("h2h3").unwrap();
    assert_eq!(p.chinese_with(h2h3, ChineseStyle::Traditional), "後炮進一");

    // Black chariots on a9 and a7 (Black file 1): front = a7 (closer to Red).
    let p = pos("rnbakabn1/9/rc5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
    case(&p, "a7a8", "R+-1", "前车退1");
    case(&p, "a9a8", "R-+1", "后车进1");
    // Only one chariot can step back one: the plain file is accepted when it fits one move.
    assert_eq!(p.parse_wxf("R1-1"), p.parse_iccs("a7a8"));
    assert_eq!(p.parse_chinese("车1进1"), p.parse_iccs("a9a8"));

    // Red horses on g2 and g4 (file 3): front g4.
    let p = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/6N2/P1P1P1P1P/1C4NC1/9/R1BAKAB1R w - - 0 1");
    case(&p, "g4f6", "H++4", "前马进四"); // g4 (file 3) to f6 (file 4), forward
    case(&p, "g2e1", "H--5", "后马退五"); // g2 back to e1 (file 5)
    case(&p, "g2h0", "H--2", "后马退二");
    assert_eq!(
        p.parse_wxf("N+.4"),
        Err(MoveError::illegal("N+.4", p.fen()))
    );
}

#[test]
fn advisors_and_elephants_keep_their_file() {
    // Advisors on d0 and d2 (Red file 6): d0 can only advance, d2 only retreat, so the file
    // number stays (A6+5 / A6-5); the tandem form is read too (d0 is the rear one).
    let p = pos("3k5/9/9/9/9/9/9/3A5/9/3AK4 w");
    case(&p, "d0e1", "A6+5", "仕六进五");
    case(&p, "d2e1", "A6-5", "仕六退五");
    assert_eq!(p.parse_wxf("A-+5"), p.parse_iccs("d0e1"));
    assert_eq!(p.parse_chinese("前仕退五"), p.parse_iccs("d2e1"));
    // Elephants on c0 and c4 (file 7): c0 advances, c4 retreats.
    let p = pos("3k5/9/9/9/9/2B6/9/9/9/2B1K4 w");
    case(&p, "c0e2", "E7+5", "相七进五");
    case(&p, "c4e2", "E7-5", "相七退五");
    case(&p, "c4a2", "E7-9", "相七退九");
    assert_eq!(p.parse_wxf("E+-9"), p.parse_iccs("c4a2"));
}

/// The sorted candidates of an ambiguous text (panics when the text is not ambiguous).
#[track_caller]
fn ambiguity(p: &Xiangqi, text: &str) -> Vec<String> {
    match p.parse_any(text) {
        Err(MoveError::Ambiguous { mut candidates, .. }) => {
            candidates.sort();
            candidates
        }
        other => panic!("{text}: expected ambiguous, got {other:?}"),
    }
}

#[test]
fn pawns_on_one_file() {
    // Three red soldiers on file c (Red file 7): c7 front, c6 middle, c5 rear. WXF: P+, the
    // plain file for the middle one, P-; Chinese 前兵 / 中兵 / 后兵. Sideways to d = file 6.
    let p = pos("3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w");
    case(&p, "c7d7", "P+.6", "前兵平六");
    case(&p, "c6d6", "P7.6", "中兵平六");
    case(&p, "c5d5", "P-.6", "后兵平六");
    case(&p, "c7c8", "P++1", "前兵进一");
    case(&p, "c6b6", "P7.8", "中兵平八");
    assert_eq!(ambiguity(&p, "兵七平六"), ["P+.6", "P-.6", "P7.6"]);

    // Four on file c (c8..c5): WXF ++, P+, P-, --; Chinese 一兵..四兵 from the front.
    let p = pos("3k5/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w");
    case(&p, "c8d8", "++.6", "一兵平六");
    case(&p, "c7d7", "P+.6", "二兵平六");
    case(&p, "c6d6", "P-.6", "三兵平六");
    case(&p, "c5d5", "--.6", "四兵平六");
    assert_eq!(p.parse_chinese("前兵平六"), p.parse_iccs("c8d8"));
    assert_eq!(p.parse_chinese("后兵平六"), p.parse_iccs("c5d5"));

    // Five on file c (c8..c4): ++, P+, the plain file for the middle one, P-, --.
    let p = pos("3k5/2P6/2P6/2P6/2P6/2P6/9/9/9/4K4 w");
    case(&p, "c8d8", "++.6", "一兵平六");
    case(&p, "c7d7", "P+.6", "二兵平六");
    case(&p, "c6d6", "P7.6", "三兵平六");
    case(&p, "c5d5", "P-.6", "四兵平六");
    assert_eq!(p.parse_chinese("中兵平六"), p.parse_iccs("c6d6"));

    // Black: soldiers on g4 and g3 (Black file 7); front = g3, closer to Red.
    let p = pos("3k5/9/9/9/9/6p2/6p2/9/9/4K4 b");
    case(&p, "g3f3", "P+.6", "前卒平6"); // f = Black file 6
    case(&p, "g4f4", "P-.6", "后卒平6");
    case(&p, "g3g2", "P++1", "前卒进1");
    assert_eq!(ambiguity(&p, "P7.6"), ["P+.6", "P-.6"]);
    // Four black soldiers: ordinals written in Black's digits, Chinese numerals accepted.
    let p = pos("3k5/9/9/9/6p2/6p2/6p2/6p2/9/4K4 b");
    case(&p, "g2f2", "++.6", "1卒平6");
    case(&p, "g4f4", "P-.6", "3卒平6"); // g5, the rearmost, has not crossed the river
    assert_eq!(p.parse_chinese("二卒平6"), p.parse_iccs("g3f3"));
    assert_eq!(p.parse_chinese("２卒平６"), p.parse_iccs("g3f3"));
}

#[test]
fn pawns_on_two_files() {
    // Three red soldiers on c (file 7) and two on g (file 3): the file digit replaces the
    // letter (WXF 7+, 77, 7-, 3+, 3-); Chinese 前/中/后 before the file number.
    let p = pos("3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w");
    case(&p, "c7d7", "7+.6", "前七平六");
    case(&p, "c6d6", "77.6", "中七平六");
    case(&p, "c5d5", "7-.6", "后七平六");
    case(&p, "g6f6", "3+.4", "前三平四"); // f = file 4
    case(&p, "g5f5", "3-.4", "后三平四");
    case(&p, "g6g7", "3++1", "前三进一");
    // Accepted too: the piece named before the file, and P+ when only one file fits.
    assert_eq!(p.parse_chinese("前兵七平六"), p.parse_iccs("c7d7"));
    assert_eq!(p.parse_wxf("P+.6"), p.parse_iccs("c7d7"));
    assert_eq!(ambiguity(&p, "P++1"), ["3++1", "7++1"]);
    assert!(matches!(
        p.parse_wxf("73.6"),
        Err(MoveError::Invalid { .. })
    ));

    // Two and two, Black: b3, b4 (Black file 2) and h3, h4 (file 8).
    let p = pos("3k5/9/9/9/9/1p5p1/1p5p1/9/9/4K4 b");
    case(&p, "b3c3", "2+.3", "前2平3");
    case(&p, "b4a4", "2-.1", "后2平1");
    case(&p, "h3g3", "8+.7", "前8平7");
    case(&p, "h4g4", "8-.7", "后8平7");
}

#[test]
fn errors() {
    let p = Xiangqi::start();
    for bad in [
        "",
        " ",
        "C2",
        "C2.",
        "C2.0",
        "C0.5",
        "Z2.5",
        "C2x5",
        "C2.55",
        "CC2.5",
        "h2",
        "h2e2e2",
        "炮二",
        "炮二平",
        "炮二飞五",
        "炮二平五五",
        "炮\u{301}二平五",
        "🐴8进7",
        "\u{0}",
    ] {
        for result in [p.parse_wxf(bad), p.parse_any(bad)] {
            assert!(
                matches!(result, Err(MoveError::Invalid { .. })),
                "{bad:?}: {result:?}"
            );
        }
    }
    for bad in ["C2", "C2.5", "h2e2", "炮二平五x"] {
        assert!(
            matches!(p.parse_chinese(bad), Err(MoveError::Invalid { .. })),
            "{bad}"
        );
    }
    // Well-formed but no such legal move: no horse on file 5, a blocked cannon (b2 in the way of
    // C2.9), a chariot onto its own horse, a soldier sideways before the river, a retreat of a
    // soldier, an elephant moving "sideways", a traverse to the same file.
    for bad in [
        "H5+7", "C2.9", "R1.2", "P7.6", "P7-1", "E3.5", "C2.2", "K5+2", "C2+8",
    ] {
        assert!(
            matches!(p.parse_wxf(bad), Err(MoveError::Illegal { .. })),
            "{bad}"
        );
    }
    for bad in [
        "马五进七",
        "炮二平九",
        "车一平二",
        "兵七平六",
        "相三平五",
        "中兵进一",
        "前炮平五",
    ] {
        assert!(
            matches!(p.parse_chinese(bad), Err(MoveError::Illegal { .. })),
            "{bad}"
        );
    }
    assert!(matches!(
        p.parse_any("h2e3"),
        Err(MoveError::Illegal { .. })
    ));
    // Huge and random input never panics.
    let huge = "炮二平五".repeat(100_000);
    assert!(p.parse_chinese(&huge).is_err());
    assert!(p.parse_any(&huge).is_err());
    assert!(p.parse_wxf(&"C2.5".repeat(100_000)).is_err());
    let alphabet: Vec<char> =
        "CHRPKAEBN+-.=0123456789 炮马车兵卒帅将仕士相象进退平前中后一二三四五六七八九１９\u{301}x"
            .chars()
            .collect();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let positions = [
        Xiangqi::start(),
        pos("3k5/2P6/2P6/2P6/2P6/2P6/9/9/9/4K4 w"),
        pos("3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w"),
    ];
    for _ in 0..20_000 {
        let len = rng.below(7);
        let text: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        for p in &positions {
            let _ = p.parse_wxf(&text);
            let _ = p.parse_chinese(&text);
            let _ = p.parse_any(&text);
        }
    }
}

/// A tiny xorshift generator, so every run plays the same games.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Every legal move round-trips through WXF and both Chinese styles, and each written form
/// names exactly one legal move. Returns the number of moves and of WXF forms that name the
/// piece by its place on a file (tandem) rather than by its file.
fn check_round_trip(p: &Xiangqi) -> (usize, usize) {
    let mut tandem = 0;
    let moves = p.legal_moves();
    let mut seen = [HashSet::new(), HashSet::new(), HashSet::new()];
    for &mv in moves.iter() {
        let texts = [
            p.wxf(mv),
            p.chinese(mv),
            p.chinese_with(mv, ChineseStyle::Traditional),
        ];
        for (text, seen) in texts.iter().zip(&mut seen) {
            assert!(
                seen.insert(text.clone()),
                "{text} written twice in {}",
                p.fen()
            );
        }
        assert_eq!(
            p.parse_wxf(&texts[0]),
            Ok(mv),
            "{} in {}",
            texts[0],
            p.fen()
        );
        assert_eq!(
            p.parse_chinese(&texts[1]),
            Ok(mv),
            "{} in {}",
            texts[1],
            p.fen()
        );
        assert_eq!(
            p.parse_chinese(&texts[2]),
            Ok(mv),
            "{} in {}",
            texts[2],
            p.fen()
        );
        assert_eq!(p.parse_any(&texts[0]), Ok(mv));
        assert_eq!(p.parse_any(&texts[1]), Ok(mv));
        assert_eq!(p.notation(mv), texts[0]);
        let b = texts[0].as_bytes();
        if !b[0].is_ascii_uppercase() || !b[1].is_ascii_digit() {
            tandem += 1;
        }
    }
    (moves.len(), tandem)
}

/// Random games from each start; returns positions, moves and tandem-written moves checked.
fn playouts(starts: &[Xiangqi], games: usize, plies: usize, seed: u64) -> (usize, usize, usize) {
    let mut rng = Rng(seed);
    let (mut positions, mut moves, mut tandem) = (0, 0, 0);
    for start in starts {
        for _ in 0..games {
            let mut p = *start;
            for _ in 0..plies {
                let (m, t) = check_round_trip(&p);
                moves += m;
                tandem += t;
                positions += 1;
                let legal = p.legal_moves();
                if legal.is_empty() {
                    break;
                }
                p.play_unchecked(legal[rng.below(legal.len())]);
            }
        }
    }
    (positions, moves, tandem)
}

#[test]
fn round_trip_from_the_start() {
    let (positions, moves, tandem) = playouts(&[Xiangqi::start()], 30, 120, 0x5851_E473_CF7E_1F4A);
    assert!(positions > 3000 && moves > 50_000, "{positions} {moves}");
    assert!(tandem > 500, "{tandem}");
}

#[test]
fn round_trip_from_the_perft_suite() {
    let starts: Vec<Xiangqi> = EPD
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| pos(l.split(';').next().unwrap()))
        .collect();
    let (positions, _, tandem) = playouts(&starts, 3, 40, 0x2545_F491_4F6C_DD1D);
    assert!(positions > 5000 && tandem > 100, "{positions} {tandem}");
}

#[test]
fn round_trip_with_many_pawns() {
    // Soldiers crowded on files, for tandem pawns on one and two files, both sides.
    let starts = [
        pos("3k5/2P6/2P6/2P6/2P6/2P6/9/9/9/4K4 w"),
        pos("3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w"),
        pos("4k4/9/9/9/2p6/2p3p2/2p3p2/9/9/3K5 b"),
        pos("3k5/9/9/9/9/1p5p1/1p5p1/9/9/4K4 b"),
        pos("r2ak4/4a4/2P1b4/2P3P2/2P3P2/2p6/2p3p2/2p3p2/4A4/3AK3R w"),
    ];
    let (positions, _, tandem) = playouts(&starts, 4, 60, 0x1234_5678_9ABC_DEF1);
    assert!(positions > 500 && tandem > 2000, "{positions} {tandem}");
}
