"""The test-time oracle for tests/archive_cchess.rs: reads each file named on the command line
with cchess (walker8088/cchess, GPL; used only here, never by the library) and prints one line
per game, tab-separated: the file, the game's 1-based index, cchess's start FEN, its main line in
ICCS (space-separated), then title, event, Red, Black and result (tabs and line breaks in them
become spaces; a missing field is empty), and last every line of play from the start to a leaf,
in ICCS, separated by `|`."""

import sys

import cchess  # type: ignore[import-untyped]


def fields(game: "cchess.Game") -> list[str]:
    info = game.info
    tags = [info.get(k) or "" for k in ("title", "event", "red", "black", "result")]
    moves = " ".join(str(move) for move in game.iter_moves())
    lines = "|".join(" ".join(line) for line in game.dump_iccs_moves())
    return [game.init_board.to_fen(), moves] + [" ".join(t.split()) for t in tags] + [lines]


def read(path: str) -> list[list[str]]:
    with open(path, "rb") as f:
        head = f.read(16)
    if head.startswith(b"CCBridgeLibrary"):
        return [fields(g) for g in cchess.read_from_cbl(path)["games"]]
    if head.startswith(b"CCBridge Record"):
        return [fields(cchess.read_from_cbr(path))]
    if head.startswith(b"XQ"):
        return [fields(cchess.read_from_xqf(path))]
    raise SystemExit(f"{path}: not a format cchess reads")


sys.stdout.reconfigure(encoding="utf-8")
for path in sys.argv[1:]:
    for index, game in enumerate(read(path), 1):
        print("\t".join([path, str(index)] + game))
