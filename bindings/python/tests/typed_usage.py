"""A small typed program over the qipan API; `mypy --strict` checks it against the stubs, and
test_typed_usage.py runs it."""

from __future__ import annotations

from decimal import Decimal
from typing import Optional

import qipan
from qipan import rating


def fools_mate() -> qipan.Outcome:
    board = qipan.ChessBoard()
    for san in ["f3", "e5", "g4", "Qh4#"]:
        move: qipan.Move = board.push_san(san)
        assert isinstance(move.uci(), str)
    outcome: Optional[qipan.Outcome] = board.outcome()
    assert outcome is not None
    return outcome


def xiangqi_opening() -> list[str]:
    board = qipan.XiangqiBoard(rules="asian")
    cannon = board.parse_uci("h2e2")
    notation: list[str] = [board.wxf(cannon), board.chinese(cannon)]
    board.push(cannon)
    board.push_chinese("马8进7")
    notation.append(board.peek().uci())
    return notation


def summary() -> dict[str, object]:
    outcome = fools_mate()
    board = qipan.ChessBoard()
    moves: list[qipan.Move] = list(board.legal_moves)
    nodes: int = board.perft(2)
    change: Decimal = rating.level_change(1500, 1580, "win")
    level: Optional[int] = rating.level(change + 1500)
    elo: float = rating.elo_change(1500.0, 1500.0, "draw")
    errors: list[type[ValueError]] = [
        qipan.InvalidFenError,
        qipan.InvalidMoveError,
        qipan.IllegalMoveError,
        qipan.AmbiguousMoveError,
    ]
    return {
        "termination": outcome.termination,
        "winner": outcome.winner,
        "result": outcome.result(),
        "moves": len(moves),
        "nodes": nodes,
        "xiangqi": xiangqi_opening(),
        "change": change,
        "level": level,
        "elo": elo,
        "errors": [e.__name__ for e in errors],
        "turn": board.turn,
        "fen": board.fen(),
        "replayed": replayed(),
    }


def python_chess_names() -> dict[str, object]:
    """python-chess's names and types on a qipan board."""
    board = qipan.ChessBoard()
    legal: qipan.LegalMoves = board.legal_moves
    count: int = legal.count()
    first: qipan.Move = next(iter(legal))
    turn: bool = board.turn
    piece: Optional[qipan.Piece] = board.piece_at(qipan.E2)
    symbol: Optional[str] = None if piece is None else piece.symbol()
    attackers: qipan.SquareSet = board.attackers(qipan.WHITE, qipan.E3)
    squares: list[int] = sorted(attackers)
    pinned: bool = board.is_pinned(qipan.WHITE, qipan.E2)
    lan: str = board.lan(board.parse_uci("g1f3"))
    line: str = board.variation_san([board.parse_uci("e2e4")])
    ending: qipan.Termination = qipan.Termination.CHECKMATE
    winner: Optional[bool] = fools_mate().winner
    return {
        "count": count,
        "first_is_move": isinstance(first, qipan.Move),
        "turn": turn,
        "symbol": symbol,
        "attackers": [qipan.square_name(sq) for sq in squares],
        "pinned": pinned,
        "lan": lan,
        "line": line,
        "ending": ending.value,
        "winner": winner,
        "equal": board == qipan.ChessBoard(),
    }


def replayed() -> list[tuple[int, str | None, str | None]]:
    """Bulk replay: typed summaries (qipan.ReplaySummary) with typed errors."""
    text = '[White "a"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n[White "b"]\n\n1. e4 e5 2. Ke3 *\n'
    rows: list[tuple[int, str | None, str | None]] = []
    for game in qipan.replay_pgn(text, tags=("White",), jobs=1):
        summary: qipan.ReplaySummary = game
        error: qipan.ReplayError | None = summary["error"]
        rows.append((summary["plies"], summary["tags"]["White"], None if error is None else error["kind"]))
    return rows


def game_records() -> dict[str, object]:
    """qipan.pgn, python-chess's chess.pgn shapes over the core's game tree."""
    import io

    import qipan.pgn

    handle = io.StringIO('[White "a"]\n\n1. e4 { open } e5 (1... c5 $1) 2. Ke3 *\n')
    game: Optional[qipan.pgn.Game] = qipan.pgn.read_game(handle)
    assert game is not None
    errors: list[Exception] = game.errors
    e4: Optional[qipan.pgn.ChildNode] = game.next()
    assert e4 is not None
    sicilian: qipan.pgn.ChildNode = e4.variation(1)
    nags: set[int] = set(sicilian.nags)
    added = e4.add_variation(qipan.Move.from_uci("e7e6"), comment="french", nags=[qipan.pgn.NAG_DUBIOUS_MOVE])
    board: qipan.ChessBoard | qipan.XiangqiBoard = added.board()
    headers: qipan.pgn.Headers = game.headers
    headers["Black"] = "b"
    return {
        "errors": len(errors),
        "comment": e4.comment,
        "nags": sorted(nags),
        "sans": [node.san() for node in e4.variations],
        "fen": board.fen(),
        "pgn": game.export(columns=None, headers=False),
        "black": headers["Black"],
    }


def set_up() -> tuple[int, bool, Optional[qipan.Piece], qipan.SquareSet, Optional[qipan.XiangqiPiece], str]:
    """Boards set up piece by piece."""
    board = qipan.ChessBoard()
    board.clear()
    board.set_piece_at(qipan.E1, qipan.Piece(qipan.KING, qipan.WHITE))
    board.set_piece_at(qipan.E8, None)
    board.turn = qipan.BLACK
    board.castling_rights = 0
    board.ep_square = None
    taken: Optional[qipan.Piece] = board.remove_piece_at(qipan.E1)
    status: int = board.status()
    xq = qipan.XiangqiBoard()
    xq.set_piece_at(0, qipan.XiangqiPiece(qipan.CHARIOT, qipan.RED))
    general: Optional[qipan.XiangqiPiece] = xq.piece_at(4)
    checkers: qipan.SquareSet = xq.checkers()
    text: str = xq.chinese(xq.parse_uci("h0g2"), traditional=True)
    return status, board.is_valid(), taken, checkers, general, text



def engine_usage(program: str) -> tuple[str, int, str]:
    """qipan.chess.engine typed as python-chess's chess.engine is (test_engine_api.py runs it)."""
    import qipan.chess.engine as engine

    with engine.SimpleEngine.popen_uci(program) as sf:
        sf.configure({"Threads": 1})
        played = sf.play(qipan.ChessBoard(), engine.Limit(nodes=500), info=engine.INFO_ALL)
        move = played.move
        lines = sf.analyse(qipan.ChessBoard(), engine.Limit(nodes=500), multipv=2)
        score: engine.PovScore = lines[0]["score"]
        cp = score.white().score(mate_score=10_000)
        with sf.analysis(qipan.ChessBoard(), engine.Limit(nodes=500)) as analysis:
            for _ in analysis:
                pass
        best: engine.BestMove = analysis.wait()
        return (move.uci() if move is not None else "", cp if cp is not None else 0, str(best.move))


def polyglot_usage(path: str) -> tuple[int, int, Optional[str]]:
    """qipan.chess.polyglot as python-chess's chess.polyglot is used."""
    import random

    from qipan.chess import polyglot

    board = qipan.ChessBoard()
    with polyglot.open_reader(path) as reader:
        weights: list[int] = [entry.weight for entry in reader.find_all(board, minimum_weight=1)]
        best: Optional[polyglot.Entry] = reader.get(board)
        if best is not None:
            reader.weighted_choice(board, exclude_moves=[best.move], random=random.Random(1))
        first: polyglot.Entry = reader[0]
        return polyglot.zobrist_hash(board), sum(weights) + len(reader) + first.learn, best and best.move.uci()


def syzygy_usage(directory: str) -> tuple[int, int, Optional[int], object]:
    """qipan.chess.syzygy as python-chess's chess.syzygy is used."""
    import qipan.chess.syzygy as syzygy

    board = qipan.ChessBoard("8/8/8/8/8/2k5/8/KQ6 w - - 0 1")
    with syzygy.open_tablebase(directory) as tables:
        added: int = tables.add_directory(directory, load_dtz=False)
        wdl: int = tables.probe_wdl(board)
        dtz: Optional[int] = tables.get_dtz(board)
        either: object = tables.get_wdl(board, "unknown")
    try:
        syzygy.Tablebase(max_fds=8).probe_dtz(board)
    except syzygy.MissingTableError:
        pass
    return added, wdl, dtz, either



def record_files() -> tuple[int, int]:
    """Record files: every game at once, or one at a time."""
    text = b'[Event "a"]\n\n1. e4 e5 *\n'
    games: list[qipan.pgn.Game] = qipan.read_games(text)
    streamed = 0
    for game in qipan.iter_games(text):
        moves: list[str] = [node.uci() for node in game.mainline()]
        streamed += len(moves)
    return len(games), streamed


if __name__ == "__main__":
    print(summary())
