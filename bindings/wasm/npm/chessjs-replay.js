// chess.js's `history()`, `pgn()` and `getComments()` take every move back and play it again, on
// the board as `put`, `remove` and `setCastlingRights` left it, and the board keeps what that does:
// a piece put on a square a move used is lost (the move's piece and capture are put back there,
// then the move is made again), castling rights come back to those of the game's start less what
// the moves took away, and each move's SAN is written on the board as it stands then. This module
// works that out on plain squares, from the moves as they were played; the `Chess` class then sets
// its board to the result, and asks the core for the SAN. chess.js's own policy, not a rule.

/** The index of a square name: files a-h, ranks 1-8, a1 = 0. */
const index = (square) => (square.charCodeAt(1) - 49) * 8 + square.charCodeAt(0) - 97;
/** The name of a square index. */
const name = (i) => String.fromCharCode(97 + (i & 7)) + String.fromCharCode(49 + (i >> 3));

/** The squares whose rooks chess.js's castling rights follow, and the right's letter. */
const ROOK_SQUARES = { w: [[0, "Q"], [7, "K"]], b: [[56, "q"], [63, "k"]] };

/**
 * What chess.js's take-back-and-replay makes of a board: `rows` as `board()` answers them,
 * `moves` the moves played (chess.js `Move`s as they were played, first to last). Answers
 * `{squares, castling, steps, final}`: the pieces by square index (`{type, color}` or null), the
 * castling field (`KQkq`, `-`), for each move, the placement, castling and en passant fields it is
 * replayed from (`final`: those after the last move), and the pieces `lost`: those a move (or a castling rook) moving onto their square
 * replaced without taking them off, which chess.js's key keeps (`{type, color, square}`).
 */
export function replayed(rows, moves) {
  const squares = new Array(64).fill(null);
  for (const row of rows) for (const cell of row) if (cell) squares[index(cell.square)] = { type: cell.type, color: cell.color };
  const lost = [];
  const shift = (from, to, taking = false) => {
    if (squares[to] !== null && !taking) lost.push({ ...squares[to], square: name(to) });
    squares[to] = squares[from];
    squares[from] = null;
  };
  // Every move taken back, last first (chess.js's `_undoMove`).
  for (let i = moves.length - 1; i >= 0; i--) {
    const m = moves[i];
    if (m.flags === "-") continue;
    const [from, to] = [index(m.from), index(m.to)];
    shift(to, from);
    squares[from] = { type: m.piece, color: m.color };
    if (m.captured) {
      const them = m.color === "w" ? "b" : "w";
      if (m.flags.includes("e")) squares[to + (m.color === "w" ? -8 : 8)] = { type: "p", color: them };
      else squares[to] = { type: m.captured, color: them };
    }
    if (m.flags.includes("k")) shift(to - 1, to + 1);
    else if (m.flags.includes("q")) shift(to + 1, to - 2);
  }
  // The rights of the game's start, then every move played again (chess.js's `_makeMove`).
  let castling = moves.length > 0 ? moves[0].before.split(" ")[2].replace("-", "") : "";
  const steps = [];
  // Taking the first move back restores the en passant square it was played with.
  let ep = moves.length > 0 ? moves[0].before.split(" ")[3] : "-";
  for (const m of moves) {
    steps.push({ placement: placementOf(squares), castling: castling || "-", ep });
    ep = "-";
    if (m.flags === "-") continue;
    const [from, to] = [index(m.from), index(m.to)];
    const us = m.color;
    const them = us === "w" ? "b" : "w";
    // chess.js takes a captured piece off the square first, whatever stands there now.
    shift(from, to, Boolean(m.captured) && !m.flags.includes("e"));
    if (m.flags.includes("e")) squares[to + (us === "w" ? -8 : 8)] = null;
    if (m.promotion) squares[to] = { type: m.promotion, color: us };
    if (squares[to]?.type === "k") {
      if (m.flags.includes("k")) shift(to + 1, to - 1);
      else if (m.flags.includes("q")) shift(to - 2, to + 1);
      castling = castling.replace(us === "w" ? /[KQ]/g : /[kq]/g, "");
    }
    for (const [square, letter] of ROOK_SQUARES[us]) if (from === square) castling = castling.replace(letter, "");
    for (const [square, letter] of ROOK_SQUARES[them]) if (to === square) castling = castling.replace(letter, "");
    // A double step beside an enemy pawn leaves its en passant square (the core keeps it only
    // when the capture is legal, as chess.js writes it).
    if (m.flags.includes("b")) {
      const beside = [to - 1, to + 1].filter((i) => i >> 3 === to >> 3);
      if (beside.some((i) => squares[i]?.type === "p" && squares[i].color === them)) ep = name(to + (us === "w" ? -8 : 8));
    }
  }
  // The fields after the last move, as each step's are before its move.
  const final = { placement: placementOf(squares), castling: castling || "-", ep };
  return { squares, castling: castling || "-", steps, final, lost };
}

/**
 * Sets `board` (a core `ChessBoard`, its moves kept) to what chess.js's replay made of it
 * (`replayed`'s answer): its pieces, its castling field, and the en passant square of its last
 * move, which chess.js's replay sets again where `put` and `remove` (the user's, or those made
 * here) cleared it. The core holds that square while a pawn of the side to move stands ready to
 * take there, and writes it in the FEN where the capture is legal, as chess.js does.
 */
export function setReplayed(board, { squares, castling, final }) {
  const changed = changedSquares(board, squares);
  // Pieces taken off first, so that a king is never put beside its double.
  for (const i of changed) if (squares[i] === null || board.get(name(i))) board.remove(name(i));
  for (const i of changed) if (squares[i] !== null) board.put(squares[i], name(i));
  const fields = board.fen().split(" ");
  if (fields[2] !== castling) board.setCastling(castling);
  if (final.ep !== "-" && fields[3] !== final.ep) {
    try {
      board.setEnPassant(final.ep);
    } catch {
      // A piece put on the square the pawn passed: no position holds that en passant square.
    }
  }
}

/** The FEN placement field of squares by index. */
export function placementOf(squares) {
  let out = "";
  for (let rank = 7; rank >= 0; rank--) {
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const piece = squares[rank * 8 + file];
      if (piece === null) {
        empty++;
        continue;
      }
      if (empty > 0) out += empty;
      empty = 0;
      out += piece.color === "w" ? piece.type.toUpperCase() : piece.type;
    }
    if (empty > 0) out += empty;
    if (rank > 0) out += "/";
  }
  return out;
}

export { index as squareIndex, name as squareName };

/** The indices of the squares where `board` (its `get(square)`) and `squares` (as `replayed`
 * answers them) hold different pieces. */
export function changedSquares(board, squares) {
  const changed = [];
  for (let i = 0; i < 64; i++) {
    const now = board.get(name(i));
    const then = squares[i];
    if ((now?.type ?? null) !== (then?.type ?? null) || (now?.color ?? null) !== (then?.color ?? null)) changed.push(i);
  }
  return changed;
}
