//! The archive readers on inputs whose reading is known from the format descriptions: the XQF 1.0
//! example file of XQStudio's format text, DhtmlXQ blocks written after the field descriptions of
//! docs/records.md, and broken or hostile files, which must give typed errors with offsets.

use qipan::archive::{read_archive, ArchiveErrorKind, ArchiveFormat, ArchiveGame, ArchiveLimits};
use qipan::xiangqi::{Role, Square};
use qipan::{Color, Variant, Xiangqi};

fn read(bytes: &[u8]) -> ArchiveGame {
    let mut games = read_archive(bytes, &ArchiveLimits::default()).expect("a known format");
    assert_eq!(games.len(), 1);
    games.remove(0).expect("reads")
}

fn mainline(game: &ArchiveGame) -> Vec<String> {
    game.mainline().iter().map(|m| m.iccs()).collect()
}

/// The example of the XQF 1.0 format text (XQStudio, 2001): a 1160-byte file, given there as a
/// hex dump, with its header fields and its 16 moves in Chinese notation.
fn xqf_example() -> Vec<u8> {
    let dump = [
        (0x0000, "58 51 0A"),
        (0x0010, "50 46 3C 32 28 1E 14 0A 00 48 0C 53 3F 2B 17 03"),
        (0x0020, "09 13 1D 27 31 3B 45 4F 59 11 4D 06 1A 2E 42 56"),
        (0x0030, "00 00 00 02"),
        (0x0050, "10 CF C9 C8 CB D6 B8 C2 B7 B6 D4 C6 F0 C2 ED BE"),
        (0x0060, "D6"),
        (0x00D0, "16 22 D6 D0 C1 A2 B1 AD 22 CF F3 C6 E5 B5 E7 CA"),
        (0x00E0, "D3 BF EC C6 E5 C8 FC"),
        (0x0110, "0E 31 39 39 37 C4 EA 31 31 D4 C2 31 36 C8 D5"),
        (0x0120, "04 B1 B1 BE A9"),
        (0x0130, "06 C1 F8 B4 F3 BB AA"),
        (0x0140, "06 C2 C0 20 20 C7 D5"),
        (0x01D0, "06 C1 F5 B5 EE D6 D0"),
        (0x01E0, "06 B9 FD BA D3 CF F3"),
        (0x0400, "18 20 F0 FF 00 00 00 00 2F 38 F0 00 00 00 00 00"),
        (0x0410, "67 63 F0 00 00 00 00 00 57 60 F0 00 00 00 00 00"),
        (0x0420, "29 3B F0 00 00 00 00 00 2C 4A F0 00 00 00 00 00"),
        (0x0430, "2B 27 F0 00 00 00 00 00 22 36 F0 00 00 00 00 00"),
        (0x0440, "21 33 F0 00 00 00 00 00 18 2A F0 00 00 00 00 00"),
        (0x0450, "2B 2F F0 00 00 00 00 00 24 22 F0 00 00 00 00 00"),
        (0x0460, "27 6B F0 00 00 00 00 00 60 6D F0 00 00 00 00 00"),
        (0x0470, "33 6D F0 00 00 00 00 00 5E 5E F0 00 00 00 00 00"),
        (0x0480, "71 6F 00 00 00 00 00 00"),
    ];
    let mut bytes = vec![0u8; 0x488];
    for (at, hex) in dump {
        for (i, byte) in hex.split(' ').enumerate() {
            bytes[at + i] = u8::from_str_radix(byte, 16).unwrap();
        }
    }
    bytes
}

#[test]
fn xqf_example_of_the_format_text() {
    let bytes = xqf_example();
    assert_eq!(ArchiveFormat::detect(&bytes), Some(ArchiveFormat::Xqf));
    let game = read(&bytes);
    assert_eq!(game.start, None, "the usual start");
    assert_eq!(game.tag("Result"), Some("0-1"));
    assert_eq!(game.tag("XqfVersion"), Some("1.0"));
    #[cfg(feature = "gbk")]
    {
        assert_eq!(game.tag("Title"), Some("仙人指路对起马局"));
        assert_eq!(game.tag("Event"), Some("\"中立杯\"象棋电视快棋赛"));
        assert_eq!(game.tag("Date"), Some("1997年11月16日"));
        assert_eq!(game.tag("Site"), Some("北京"));
        assert_eq!(game.tag("Red"), Some("柳大华"));
        assert_eq!(game.tag("Black"), Some("吕  钦"));
        assert_eq!(game.tag("Annotator"), Some("刘殿中"));
        assert_eq!(game.tag("Author"), Some("过河象"));
    }
    // The moves as the format text writes them.
    let chinese = "兵七进一 马８进７ 兵三进一 炮２平３ 相七进五 马２进１ 马八进七 车１平２ \
                   车九平八 车２进４ 炮八平九 车２平８ 炮二进五 炮３平８ 马二进三 车９平８";
    let mut position = Xiangqi::start();
    let mut expected = Vec::new();
    for text in chinese.split_whitespace() {
        let mv = position
            .parse_chinese(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        expected.push(Xiangqi::iccs_with(mv, qipan::xiangqi::IccsRanks::ZeroBased));
        position.play_unchecked(mv);
    }
    assert_eq!(mainline(&game), expected);
    assert_eq!(game.nodes.len(), 17, "the start and 16 moves, no variation");
}

#[test]
fn xqf_truncated_anywhere_is_an_error() {
    let bytes = xqf_example();
    for len in 2..bytes.len() {
        match read_archive(&bytes[..len], &ArchiveLimits::default())
            .unwrap()
            .remove(0)
        {
            // Only the header, or the header and record 0: a position without moves.
            Ok(game) => {
                assert!(len == 0x400 || len == 0x408, "{len}: a cut file reads");
                assert_eq!(game.nodes.len(), 1);
            }
            Err(e) => {
                assert_eq!(e.game, 1);
                assert!(e.offset <= len, "{len}: {e}");
                assert!(
                    matches!(e.kind, ArchiveErrorKind::Truncated(_)),
                    "{len}: {e}"
                );
                let _ = e.to_string();
            }
        }
    }
}

#[test]
fn xqf_comment_longer_than_the_file() {
    let mut bytes = xqf_example();
    // The first move's comment length (bytes 5-8 of its record at 0x408).
    bytes[0x40C..0x410].copy_from_slice(&0x7FFF_FFFFu32.to_le_bytes());
    let err = read_archive(&bytes, &ArchiveLimits::default())
        .unwrap()
        .remove(0)
        .unwrap_err();
    assert_eq!(err.offset, 0x410);
    assert_eq!(
        err.kind,
        ArchiveErrorKind::CommentTooLong {
            len: 0x7FFF_FFFF,
            available: bytes.len() - 0x410
        }
    );
    assert_eq!(
        err.to_string(),
        format!(
            "game 1, byte 1040: a comment of 2147483647 bytes does not fit ({} bytes available)",
            bytes.len() - 0x410
        )
    );
}

#[test]
fn xqf_lines_longer_than_the_limit() {
    // 30,000 plies of records that each say "a continuation follows": bounded, not recursed.
    let mut bytes = xqf_example();
    bytes.truncate(0x408);
    for _ in 0..30_000 {
        bytes.extend_from_slice(&[0x2F, 0x38, 0xF0, 0, 0, 0, 0, 0]);
    }
    let err = read_archive(&bytes, &ArchiveLimits::default())
        .unwrap()
        .remove(0)
        .unwrap_err();
    assert_eq!(err.kind, ArchiveErrorKind::TooDeep(20_000));
    assert_eq!(err.offset, 0x408 + 20_000 * 8);
    // Alternatives instead: a wide tree, bounded by the node count.
    let mut bytes = xqf_example();
    bytes.truncate(0x408);
    for _ in 0..3_000 {
        bytes.extend_from_slice(&[0x2F, 0x38, 0x0F, 0, 0, 0, 0, 0]);
    }
    let limits = ArchiveLimits {
        max_nodes: 1_000,
        ..ArchiveLimits::default()
    };
    let err = read_archive(&bytes, &limits)
        .unwrap()
        .remove(0)
        .unwrap_err();
    assert_eq!(err.kind, ArchiveErrorKind::TooManyMoves(1_000));
}

#[test]
fn xqf_squares_off_the_board_are_moves_without_a_square() {
    let mut bytes = xqf_example();
    bytes[0x408] = 0xFF; // from = 0xFF - 24 = 231: no point of the board
    let game = read(&bytes);
    let first = game.mainline()[0];
    assert_eq!(first.from, None);
    assert_eq!(first.to, Square::from_name("c4"));
    assert_eq!(first.iccs(), "??c4");
}

#[test]
fn unknown_bytes_are_an_error() {
    for bytes in [&b""[..], b"PK\x03\x04", b"[Event \"x\"]\n1. e4 *"] {
        let err = read_archive(bytes, &ArchiveLimits::default()).unwrap_err();
        assert_eq!(err.kind, ArchiveErrorKind::UnknownFormat);
        assert_eq!((err.game, err.offset), (1, 0));
    }
}

#[test]
fn cbr_and_cbl_headers_cut_short() {
    let err = read_archive(b"CCBridge Record\0abc", &ArchiveLimits::default())
        .unwrap()
        .remove(0)
        .unwrap_err();
    assert_eq!(err.kind, ArchiveErrorKind::Truncated("the CBR header"));
    let err = read_archive(b"CCBridgeLibrary\0abc", &ArchiveLimits::default()).unwrap_err();
    assert_eq!(err.kind, ArchiveErrorKind::Truncated("the CBL header"));
    // A library with a header and no game.
    let mut empty = b"CCBridgeLibrary\0".to_vec();
    empty.resize(1000, 0);
    assert!(read_archive(&empty, &ArchiveLimits::default())
        .unwrap()
        .is_empty());
}

/// A CBR game with the usual start, Red to move, and the given move records after the header.
fn cbr(moves: &[u8]) -> Vec<u8> {
    let mut bytes = b"CCBridge Record\0".to_vec();
    bytes.resize(2214, 0);
    // Title "T" in UTF-16LE.
    bytes[180] = b'T';
    bytes[2076] = 1;
    bytes[2116] = 1;
    let rows = [
        [0x21, 0x22, 0x23, 0x24, 0x25, 0x24, 0x23, 0x22, 0x21],
        [0; 9],
        [0, 0x26, 0, 0, 0, 0, 0, 0x26, 0],
        [0x27, 0, 0x27, 0, 0x27, 0, 0x27, 0, 0x27],
        [0; 9],
        [0; 9],
        [0x17, 0, 0x17, 0, 0x17, 0, 0x17, 0, 0x17],
        [0, 0x16, 0, 0, 0, 0, 0, 0x16, 0],
        [0; 9],
        [0x11, 0x12, 0x13, 0x14, 0x15, 0x14, 0x13, 0x12, 0x11],
    ];
    for (r, row) in rows.iter().enumerate() {
        bytes[2120 + r * 9..2120 + r * 9 + 9].copy_from_slice(row);
    }
    bytes.extend_from_slice(&[0, 0, 0, 0]); // no comment before the first move
    bytes.extend_from_slice(moves);
    bytes
}

#[test]
fn cbr_tree_with_an_alternative_and_a_comment() {
    // h2e2 (an alternative follows; a comment "hi"), h7e7 (end of line); b2e2 (end of line).
    let index = |name: &str| {
        let sq = Square::from_name(name).unwrap();
        (9 - sq.rank()) * 9 + sq.file()
    };
    let mut moves = vec![2 | 4, 0, index("h2"), index("e2")];
    moves.extend_from_slice(&4u32.to_le_bytes());
    moves.extend_from_slice(&[b'h', 0, b'i', 0]);
    moves.extend_from_slice(&[1, 0, index("h7"), index("e7")]);
    moves.extend_from_slice(&[1, 0, index("b2"), index("e2")]);
    let game = read(&cbr(&moves));
    assert_eq!(game.tag("Title"), Some("T"));
    assert_eq!(game.tag("Result"), Some("1-0"));
    assert_eq!(game.start, None);
    assert_eq!(mainline(&game), ["h2e2", "h7e7"]);
    let root = &game.nodes[0];
    assert_eq!(root.children.len(), 2);
    assert_eq!(game.nodes[root.children[1]].mv.unwrap().iccs(), "b2e2");
    assert_eq!(game.nodes[root.children[0]].comment.as_deref(), Some("hi"));
    assert_eq!(game.nodes[root.children[0]].offset, 2218);
    // Cut anywhere in its moves: an error naming where.
    let whole = cbr(&moves);
    for len in 2219..whole.len() {
        let games = read_archive(&whole[..len], &ArchiveLimits::default()).unwrap();
        let err = games[0].as_ref().unwrap_err();
        assert!(err.offset <= len, "{len}: {err}");
        assert!(
            matches!(
                err.kind,
                ArchiveErrorKind::Truncated(_) | ArchiveErrorKind::CommentTooLong { .. }
            ),
            "{len}: {err}"
        );
    }
    // Inside a library: found after the header, numbered from 1.
    let mut library = b"CCBridgeLibrary\0".to_vec();
    library.resize(576, 0);
    library[64] = b'L';
    let one = cbr(&moves);
    library.extend_from_slice(&one);
    library.resize(576 + 4096, 0);
    library.extend_from_slice(&one);
    let games = read_archive(&library, &ArchiveLimits::default()).unwrap();
    assert_eq!(games.len(), 2);
    for game in &games {
        let game = game.as_ref().unwrap();
        assert_eq!(mainline(game), ["h2e2", "h7e7"]);
        assert_eq!(game.tag("Library"), Some("L"));
    }
    // A library whose second game is cut inside its header.
    library.truncate(576 + 4096 + 100);
    let games = read_archive(&library, &ArchiveLimits::default()).unwrap();
    let err = games[1].as_ref().unwrap_err();
    assert_eq!((err.game, err.offset), (2, 576 + 4096));
    assert_eq!(err.kind, ArchiveErrorKind::Truncated("the CBR header"));
}

#[test]
fn dhtmlxq_lines_comments_and_start() {
    // Line 0: h2e2 h9g7 h0g2; line 1 replaces ply 2 of line 0 (h7e7 h0g2); line 2 replaces ply 3
    // of line 1 (b0c2). Comments: before the first move, after ply 2 of the main line, after
    // ply 3 of line 1.
    let page = "<p>[DhtmlXQ]\n[DhtmlXQ_title]中炮[/DhtmlXQ_title]\n[DhtmlXQ_result]红胜[/DhtmlXQ_result]\n\
        [DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist]\n\
        [DhtmlXQ_move_0_2_1]72427967[/DhtmlXQ_move_0_2_1]\n\
        [DhtmlXQ_move_1_3_2]1927[/DhtmlXQ_move_1_3_2]\n\
        [DhtmlXQ_comment0]start[/DhtmlXQ_comment0][DhtmlXQ_comment2]two||lines[/DhtmlXQ_comment2]\
        [DhtmlXQ_comment1_3]in line 1[/DhtmlXQ_comment1_3]\n[/DhtmlXQ]</p>";
    assert_eq!(
        ArchiveFormat::detect(page.as_bytes()),
        Some(ArchiveFormat::DhtmlXq)
    );
    let game = read(page.as_bytes());
    assert_eq!(game.tag("Title"), Some("中炮"));
    assert_eq!(game.tag("Result"), Some("1-0"));
    assert_eq!(mainline(&game), ["h2e2", "h9g7", "h0g2"]);
    let n = &game.nodes;
    assert_eq!(n[0].comment.as_deref(), Some("start"));
    let first = n[0].children[0];
    let alternatives: Vec<String> = n[first]
        .children
        .iter()
        .map(|&c| n[c].mv.unwrap().iccs())
        .collect();
    assert_eq!(alternatives, ["h9g7", "h7e7"]);
    let h9g7 = n[first].children[0];
    assert_eq!(n[h9g7].comment.as_deref(), Some("two\nlines"));
    let h7e7 = n[first].children[1];
    let after: Vec<String> = n[h7e7]
        .children
        .iter()
        .map(|&c| n[c].mv.unwrap().iccs())
        .collect();
    assert_eq!(after, ["h0g2", "b0c2"]);
    assert_eq!(n[n[h7e7].children[0]].comment.as_deref(), Some("in line 1"));
    assert_eq!(n[n[h7e7].children[1]].ply, 3);

    // A set-up endgame: Red's general on e0 (file 4, row 9), Black's on e9 (row 0), the rest
    // captured.
    let mut binit = "99".repeat(32);
    binit.replace_range(8..10, "49");
    binit.replace_range(40..42, "40");
    let page = format!("[DhtmlXQ][DhtmlXQ_binit]{binit}[/DhtmlXQ_binit][DhtmlXQ_movelist]4948[/DhtmlXQ_movelist][/DhtmlXQ]");
    let game = read(page.as_bytes());
    let start = game.start.as_ref().unwrap();
    assert_eq!(start.placement(), "4k4/9/9/9/9/9/9/9/9/4K4");
    assert_eq!(
        start.board[Square::from_name("e0").unwrap().index()].map(|p| (p.color, p.role)),
        Some((Color::White, Role::General))
    );
    assert_eq!(mainline(&game), ["e0e1"]);
    assert_eq!(game.start_fen(), "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
}

#[test]
fn dhtmlxq_bad_fields_are_errors() {
    for (page, field) in [
        ("[DhtmlXQ][DhtmlXQ_binit]123[/DhtmlXQ_binit][/DhtmlXQ]", "DhtmlXQ_binit"),
        ("[DhtmlXQ][DhtmlXQ_movelist]77x7[/DhtmlXQ_movelist][/DhtmlXQ]", "DhtmlXQ_movelist"),
        ("[DhtmlXQ][DhtmlXQ_move_3_1_1]7747[/DhtmlXQ_move_3_1_1][/DhtmlXQ]", "DhtmlXQ_move_3_1_1"),
        ("[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_move_0_5_1]7747[/DhtmlXQ_move_0_5_1][/DhtmlXQ]", "DhtmlXQ_move_0_5_1"),
        ("[DhtmlXQ][DhtmlXQ_move_0_x_1]7747[/DhtmlXQ_move_0_x_1][/DhtmlXQ]", "DhtmlXQ_move_0_x_1"),
    ] {
        let games = read_archive(page.as_bytes(), &ArchiveLimits::default()).unwrap();
        let err = games[0].as_ref().unwrap_err();
        match &err.kind {
            ArchiveErrorKind::BadField { field: f, .. } => assert_eq!(f, field, "{page}"),
            other => panic!("{page}: {other}"),
        }
    }
    // Two blocks are two games; the second is numbered 2 and found at its offset.
    let page = "[DhtmlXQ][/DhtmlXQ] [DhtmlXQ][DhtmlXQ_binit]1[/DhtmlXQ_binit][/DhtmlXQ]";
    let games = read_archive(page.as_bytes(), &ArchiveLimits::default()).unwrap();
    assert!(games[0].is_ok());
    let err = games[1].as_ref().unwrap_err();
    assert_eq!((err.game, err.offset), (2, 20));
}

#[test]
fn dhtmlxq_hostile_brackets_read_in_one_pass() {
    // Unclosed tags, brackets without end and a huge move list: read (or refused) in linear time.
    let n = 200_000;
    for body in [
        "[DhtmlXQ_title]".repeat(n),
        "[".repeat(n),
        "[DhtmlXQ_a".repeat(n),
        format!(
            "[DhtmlXQ_movelist]{}[/DhtmlXQ_movelist]",
            "77477242".repeat(n / 10)
        ),
    ] {
        let page = format!("[DhtmlXQ]{body}[/DhtmlXQ]");
        let limits = ArchiveLimits {
            max_plies: 1_000,
            ..ArchiveLimits::default()
        };
        let games = read_archive(page.as_bytes(), &limits).unwrap();
        assert_eq!(games.len(), 1);
        if let Err(e) = &games[0] {
            assert_eq!(e.kind, ArchiveErrorKind::TooDeep(1_000));
        }
    }
}

#[cfg(feature = "gbk")]
#[test]
fn dhtmlxq_in_gbk() {
    // 中炮 in GBK: D6 D0 C5 DA.
    let mut page = b"[DhtmlXQ][DhtmlXQ_title]".to_vec();
    page.extend_from_slice(&[0xD6, 0xD0, 0xC5, 0xDA]);
    page.extend_from_slice(b"[/DhtmlXQ_title][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]");
    let game = read(&page);
    assert_eq!(game.tag("Title"), Some("中炮"));
    assert_eq!(mainline(&game), ["h2e2"]);
}

#[test]
fn cbr_text_is_utf16() {
    // Title "象棋" (U+8C61 U+68CB) in UTF-16LE, and an unpaired surrogate in Red's name.
    let mut bytes = cbr(&[]);
    bytes[180..184].copy_from_slice(&[0x61, 0x8C, 0xCB, 0x68]);
    bytes[1076..1080].copy_from_slice(&[0x00, 0xD8, b'A', 0]);
    let game = read(&bytes);
    assert_eq!(game.tag("Title"), Some("象棋"));
    assert_eq!(game.tag("Red"), Some("\u{FFFD}A"));
    assert_eq!(game.nodes.len(), 1);
}
