"""The oracles' answers to the edit scripts of data/edit-scripts.json, computed when the tests run:
the board after every step of every script under the python-chess policy (an edit clears the move
stack), and for Xiangqi under the chess.js policy too (the history stays, undo keeps the edit).

    python crates/qipan/tests/oracles/edit_scripts.py   # JSON on stdout: {name: {policy: [step...]}}

Chess answers are python-chess 1.11.2's (crates/qipan/tests/oracles/edit_scripts_chessjs.mjs
gives chess.js's). Xiangqi has no editable board in python-chess or chess.js: its answers come
from the small board model below (the piece points and counts of the rules, a move stack as
python-chess and chess.js keep theirs) with every move's legality and resulting position from
pyffish (Fairy-Stockfish). Read by crates/qipan/tests/edit_scripts.rs (QIPAN_PYTHON),
bindings/python/tests/test_edit_scripts.py (imports this module) and
bindings/wasm/tests/edit-scripts.test.mjs (runs it). GPL oracles: test time only.

Each answer is, per step, `{"fen", "stack", "error"}`: the FEN after the step (Xiangqi: placement
and side to move only), the moves in the history in coordinates (UCI; ICCS ranks 0-9 for Xiangqi;
`0000` for a null move), and what the step raised: `illegal_move`, `not_playable`, `empty`,
`refused` (data/edit-scripts.json says what each means) or null. Where qipan differs from the
oracle on purpose, the step says so with `"exception": NAME`, one of the exceptions listed in
data/edit-scripts.json, and the answer is the oracle's as that exception describes it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import chess
import pyffish

DATA = Path(__file__).resolve().parents[4] / "data" / "edit-scripts.json"


def load() -> dict:
    """The data file: scripts, ops, errors and the named exceptions."""
    return json.loads(DATA.read_text())


def step_args(step: list) -> tuple[str, list[str]]:
    """A step's op and arguments, without the rules' expectation that may end it."""
    return step[0], [a for a in step[1:] if not isinstance(a, dict)]


def several_kings(board: chess.Board) -> bool:
    return any(chess.popcount(board.kings & board.occupied_co[color]) > 1 for color in chess.COLORS)


def chess_answers(script: dict, plays_any: bool = False) -> list[dict]:
    """python-chess's answers; `plays_any`, for a board that plays any placement as python-chess
    does (the Python ChessBoard) but for a side with several kings, which no rule of chess can
    generate moves for."""
    board = chess.Board(script["start"]) if script["start"] else chess.Board()
    out = []
    for step in script["steps"]:
        op, args = step_args(step)
        error = None
        exception = None
        # python-chess trusts castling rights set while moves are on its stack
        # (`clean_castling_rights` skips its check then); asked without the stack, it checks them.
        probe = board.copy(stack=False)
        if op == "put":
            board.set_piece_at(chess.parse_square(args[0]), chess.Piece.from_symbol(args[1]))
        elif op == "remove":
            board.remove_piece_at(chess.parse_square(args[0]))
        elif op == "clear":
            board.clear()
        elif op == "turn":
            board.turn = args[0] == "w"
        elif op == "castling":
            mask = 0
            for letter, square in zip("KQkq", (chess.H1, chess.A1, chess.H8, chess.A8)):
                if letter in args[0]:
                    mask |= chess.BB_SQUARES[square]
            board.castling_rights = mask
        elif op == "load":
            try:
                board.set_fen(args[0])
            except ValueError:
                error = "refused"
        elif op == "push":
            if not probe.is_valid() and (not plays_any or several_kings(probe)):
                # python-chess plays on boards its own is_valid() rejects; qipan does not.
                error, exception = "not_playable", "no_moves_on_invalid_boards"
                if board.is_valid():
                    exception = "castling_rights_checked_with_moves_on_the_stack"
            else:
                move = chess.Move.from_uci(args[0])
                if board.is_legal(move):
                    board.push(move)
                else:
                    error = "illegal_move"
        elif op == "pop":
            if board.move_stack:
                board.pop()
            else:
                error = "empty"
        else:
            raise ValueError(op)
        fen = board.copy(stack=False).fen()
        if fen != board.fen():
            exception = "castling_rights_checked_with_moves_on_the_stack"
        answer = {"fen": fen, "stack": [m.uci() for m in board.move_stack], "error": error}
        if exception:
            answer["exception"] = exception
        out.append(answer)
    return out


# --- Xiangqi -------------------------------------------------------------------------------

FILES = "abcdefghi"
COUNTS = {"k": 1, "a": 2, "b": 2, "n": 2, "r": 2, "c": 2, "p": 5}
RED_POINTS = {
    "k": {(f, r) for f in (3, 4, 5) for r in (0, 1, 2)},
    "a": {(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)},
    "b": {(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)},
    "p": {(f, r) for f in (0, 2, 4, 6, 8) for r in (3, 4)} | {(f, r) for f in range(9) for r in range(5, 10)},
}
START = pyffish.start_fen("xiangqi")


def square(name: str) -> tuple[int, int]:
    return FILES.index(name[0]), int(name[1:])


def to_uci(iccs: str) -> str:
    """ICCS ranks 0-9 to pyffish's UCI ranks 1-10."""
    return f"{iccs[0]}{int(iccs[1]) + 1}{iccs[2]}{int(iccs[3]) + 1}"


def parse(fen: str) -> tuple[dict, str]:
    cells: dict = {}
    for i, row in enumerate(fen.split()[0].split("/")):
        rank, file = 9 - i, 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
            else:
                cells[(file, rank)] = ch
                file += 1
    return cells, fen.split()[1]


def placement(cells: dict) -> str:
    rows = []
    for rank in range(9, -1, -1):
        row, gap = "", 0
        for file in range(9):
            ch = cells.get((file, rank))
            if ch is None:
                gap += 1
            else:
                row += (str(gap) if gap else "") + ch
                gap = 0
        rows.append(row + (str(gap) if gap else ""))
    return "/".join(rows)


def reachable(ch: str, point: tuple[int, int]) -> bool:
    kind = ch.lower()
    if kind not in RED_POINTS:
        return True
    file, rank = point
    red_point = (file, rank) if ch.isupper() else (file, 9 - rank)
    return red_point in RED_POINTS[kind]


def generals_face(cells: dict) -> bool:
    """The two generals on one file with nothing between them (the rules forbid it; Fairy-Stockfish
    treats it as a move rule, not as check, so pyffish does not flag such a board)."""
    red = next(point for point, ch in cells.items() if ch == "K")
    black = next(point for point, ch in cells.items() if ch == "k")
    if red[0] != black[0]:
        return False
    return not any((red[0], rank) in cells for rank in range(red[1] + 1, black[1]))


def playable(cells: dict, turn: str) -> bool:
    """A position the rules let arise: one general each, not facing, the side not to move not in
    check, and nothing else pyffish rejects."""
    pieces = list(cells.values())
    if pieces.count("K") != 1 or pieces.count("k") != 1 or generals_face(cells):
        return False
    fen = f"{placement(cells)} {turn} - - 0 1"
    other = f"{placement(cells)} {'b' if turn == 'w' else 'w'} - - 0 1"
    return pyffish.validate_fen(fen, "xiangqi") == 1 and not pyffish.gives_check("xiangqi", other, [])


class XiangqiModel:
    """A Xiangqi board edited as python-chess edits its boards (`keep` False) or as chess.js does."""

    def __init__(self, start: str | None, keep: bool) -> None:
        self.cells, self.turn = parse(start or START)
        self.keep = keep
        self.stack: list[tuple[dict, str, str]] = []  # (cells, turn) before, move

    def fen(self) -> str:
        return f"{placement(self.cells)} {self.turn}"

    def edit_pieces(self) -> None:
        if not self.keep:
            self.stack = []

    def step(self, op: str, args: list[str]) -> str | None:
        if op == "put":
            point, ch = square(args[0]), args[1]
            after = dict(self.cells)
            after[point] = ch
            if not reachable(ch, point) or list(after.values()).count(ch) > COUNTS[ch.lower()]:
                return "refused"
            self.cells = after
            self.edit_pieces()
        elif op == "remove":
            self.cells.pop(square(args[0]), None)
            self.edit_pieces()
        elif op == "clear":
            self.cells, self.turn, self.stack = {}, "w", []
        elif op == "turn":
            if self.keep:
                # chess.js's setTurn: a null move, when the side changes; as a move, refused on a
                # board that cannot be played, and not allowed in check.
                if args[0] != self.turn:
                    if not playable(self.cells, self.turn):
                        return "not_playable"
                    if pyffish.gives_check("xiangqi", f"{placement(self.cells)} {self.turn} - - 0 1", []):
                        return "illegal_move"
                    self.stack.append((dict(self.cells), self.turn, "0000"))
                    self.turn = args[0]
            else:
                self.turn = args[0]
        elif op == "push":
            if not playable(self.cells, self.turn):
                return "not_playable"
            fen = f"{placement(self.cells)} {self.turn} - - 0 1"
            if to_uci(args[0]) not in pyffish.legal_moves("xiangqi", fen, []):
                return "illegal_move"
            self.stack.append((dict(self.cells), self.turn, args[0]))
            self.cells, self.turn = parse(pyffish.get_fen("xiangqi", fen, [to_uci(args[0])]))
        elif op == "pop":
            if not self.stack:
                return "empty"
            cells, turn, move = self.stack.pop()
            if self.keep and move != "0000":
                # The move taken back on the board as it stands: its two points get their pieces
                # back, the rest keeps the edits.
                for point in (square(move[:2]), square(move[2:])):
                    if point in cells:
                        self.cells[point] = cells[point]
                    else:
                        self.cells.pop(point, None)
                self.turn = turn
            elif self.keep:
                self.turn = turn
            else:
                self.cells, self.turn = cells, turn
        else:
            raise ValueError(op)
        return None


def xiangqi_answers(script: dict, keep: bool) -> list[dict]:
    model = XiangqiModel(script["start"], keep)
    out = []
    for step in script["steps"]:
        error = model.step(*step_args(step))
        out.append({"fen": model.fen(), "stack": [m for _, _, m in model.stack], "error": error})
    return out


def main() -> None:
    answers = {}
    for script in load()["scripts"]:
        if script["game"] == "chess":
            answers[script["name"]] = {"clear_history": chess_answers(script)}
        else:
            answers[script["name"]] = {
                "clear_history": xiangqi_answers(script, keep=False),
                "keep_history": xiangqi_answers(script, keep=True),
            }
    json.dump(answers, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
