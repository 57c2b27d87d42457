// chess.js's constants, its `Move`, its FEN check and its move reading for `Chess` (chessjs.js):
// chess.js's own policy over the core's moves, no rule of the game.
import { ChessBoard } from "./qipan.js";

/** A core board playing what chess.js plays: positions that cannot arise in a game included. */
export const newBoard = (fen) => new ChessBoard(fen, { relaxed: true });

export const WHITE = "w";
export const BLACK = "b";
export const PAWN = "p";
export const KNIGHT = "n";
export const BISHOP = "b";
export const ROOK = "r";
export const QUEEN = "q";
export const KING = "k";
export const DEFAULT_POSITION = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/** The 64 squares from a8 to h1, rank by rank (chess.js's order). */
export const SQUARES = [..."87654321"].flatMap((rank) => [..."abcdefgh"].map((file) => file + rank));
export const SEVEN_TAG_ROSTER = {
  Event: "?",
  Site: "?",
  Date: "????.??.??",
  Round: "?",
  White: "?",
  Black: "?",
  Result: "*",
};
// The tags chess.js keeps (null until set) after the roster, in its order.
const SUPPLEMENTAL_TAGS = ("WhiteTitle BlackTitle WhiteElo BlackElo WhiteUSCF BlackUSCF WhiteNA BlackNA " +
  "WhiteType BlackType EventDate EventSponsor Section Stage Board Opening Variation SubVariation ECO NIC " +
  "Time UTCTime UTCDate TimeControl SetUp FEN Termination Annotator Mode PlyCount").split(" ");
export const headerTemplate = () => {
  const header = { ...SEVEN_TAG_ROSTER };
  for (const tag of SUPPLEMENTAL_TAGS) header[tag] = null;
  return header;
};

/**
 * chess.js's `Move`: the boards' moves (`moves({verbose: true})`, `move()`, `undo()`,
 * `history({verbose: true})`) are instances of it.
 */
export class Move {
  // By shape, not by the class's name: a bundler's minifier renames the class the boards'
  // moves are made of.
  static [Symbol.hasInstance](value) {
    if (value === null || typeof value !== "object") return false;
    const proto = Object.getPrototypeOf(value);
    return proto !== null && proto !== Object.prototype && typeof proto.isBigPawn === "function" &&
      typeof proto.isKingsideCastle === "function" && typeof value.lan === "string";
  }
}

const fail = (message) => ({ ok: false, error: `Invalid FEN: ${message}` });

/**
 * chess.js's FEN check: six fields, the counters, en passant and castling fields, eight ranks of
 * eight squares, one king a side, no pawn on the first or last rank. `{ok: true}` or
 * `{ok: false, error}` with chess.js's message.
 */
export function validateFen(fen) {
  const fields = fen.split(/\s+/);
  if (fields.length !== 6) return fail("must contain six space-delimited fields");
  const [placement, side, castling, ep, halfmoves, fullmoves] = fields;
  const fullmove = parseInt(fullmoves, 10);
  if (Number.isNaN(fullmove) || fullmove <= 0) return fail("move number must be a positive integer");
  const halfmove = parseInt(halfmoves, 10);
  if (Number.isNaN(halfmove) || halfmove < 0) {
    return fail("half move counter number must be a non-negative integer");
  }
  if (!/^(-|[a-h][36])$/.test(ep)) return fail("en-passant square is invalid");
  if (/[^kKqQ-]/.test(castling)) return fail("castling availability is invalid");
  if (side !== "w" && side !== "b") return fail("side-to-move is invalid");
  const ranks = placement.split("/");
  if (ranks.length !== 8) return fail("piece data does not contain 8 '/'-delimited rows");
  for (const rank of ranks) {
    let squares = 0;
    let digitBefore = false;
    for (const c of rank) {
      const digit = c >= "0" && c <= "9";
      if (digit && digitBefore) return fail("piece data is invalid (consecutive number)");
      if (!digit && !"prnbqkPRNBQK".includes(c)) return fail("piece data is invalid (invalid piece)");
      squares += digit ? Number(c) : 1;
      digitBefore = digit;
    }
    if (squares !== 8) return fail("piece data is invalid (too many squares in rank)");
  }
  if ((ep[1] === "3" && side === "w") || (ep[1] === "6" && side === "b")) {
    return fail("illegal en-passant square");
  }
  for (const [letter, color] of [["K", "white"], ["k", "black"]]) {
    const kings = [...placement].filter((c) => c === letter).length;
    if (kings === 0) return fail(`missing ${color} king`);
    if (kings > 1) return fail(`too many ${color} kings`);
  }
  if (/[pP]/.test(ranks[0] + ranks[7])) return fail("some pawns are on the edge rows");
  return { ok: true };
}

/** A FEN with chess.js's defaults for its missing last fields (from two fields on). */
export function completed(fen) {
  const fields = fen.split(/\s+/);
  if (fields.length < 2 || fields.length >= 6) return fen;
  return fields.concat(["-", "-", "0", "1"].slice(fields.length - 2)).join(" ");
}

/** SAN without its `=`, check marks and annotation marks, as chess.js compares SAN. */
export const stripped = (san) => san.replace(/=/, "").replace(/[+#]?[?!]*$/, "");

/** SAN without the file or rank that tells two pieces apart (`Rhf8` → `Rf8`). */
export const undisambiguated = (san) => san.replace(/^([NBRQK])[a-h]?[1-8]?(x?[a-h][1-8])/, "$1$2");

/** The piece type chess.js guesses from SAN: a pawn for a file letter, `k` for castling. */
function guessedPiece(san) {
  const c = san.charAt(0);
  if (c >= "a" && c <= "h") return /[a-h]\d.*[a-h]\d/.test(san) ? undefined : PAWN;
  const lower = c.toLowerCase();
  return lower === "o" ? KING : lower;
}

/** The Move chess.js's lenient reading finds for `text` among the verbose moves, or undefined:
 * coordinates with an optional piece letter, `x` and `-` (`Ng1f3`, `e2-e4`, `e7e8q`), SAN
 * without its `x`, and SAN over-disambiguated by a file or a rank. */
export function lenientMatch(text, moves) {
  const found = text.match(/([pnbrqkPNBRQK])?([a-h][1-8])x?-?([a-h][1-8])([qrbnQRBN])?/) ??
    text.match(/([pnbrqkPNBRQK])?([a-h]?[1-8]?)x?-?([a-h][1-8])([qrbnQRBN])?/);
  if (!found) return undefined;
  const [, piece, from, to, promotion] = found;
  const type = (piece ?? guessedPiece(text))?.toLowerCase();
  const fits = (m) => (!piece || piece.toLowerCase() === m.piece) &&
    (!promotion || promotion.toLowerCase() === m.promotion);
  for (const m of moves) {
    if (type !== undefined && m.piece !== type) continue;
    if (!from) {
      if (text === stripped(m.san).replace("x", "")) return m;
    } else if (fits(m) && from === m.from && to === m.to) {
      return m;
    } else if (from.length === 1 && fits(m) && to === m.to && (from === m.from[0] || from === m.from[1])) {
      return m;
    }
  }
  return undefined;
}

/** The key chess.js counts repetitions by: placement, side, castling, en passant when a pawn
 * stands next to the pawn that made a double step. */
export function repetitionKey(fen, lastMove) {
  const [placement, side, castling] = fen.split(" ");
  let ep = "-";
  if (lastMove?.isBigPawn()) {
    const enemy = lastMove.color === WHITE ? "p" : "P";
    const rows = placementRows(placement);
    const row = rows[8 - Number(lastMove.to[1])];
    const file = lastMove.to.charCodeAt(0) - 97;
    if (row[file - 1] === enemy || row[file + 1] === enemy) ep = lastMove.to[0] + (lastMove.color === WHITE ? "3" : "6");
  }
  return `${placement} ${side} ${castling} ${ep}`;
}

/**
 * chess.js's SAN of `m` on `board`, which does not allow it (a piece put in its way): chess.js
 * writes it all the same (the core's `sanUnchecked`), with the check mark of the position after
 * it (`afterFen`; the mark as played when the core cannot load that).
 */
function sanAsWritten(board, m, afterFen, was) {
  let san;
  try {
    // Castling as chess.js's move flags name it, whatever the edit left on the squares.
    san = m.flags.includes("k") ? "O-O" : m.flags.includes("q") ? "O-O-O" : board.sanUnchecked(m.lan);
  } catch {
    san = m.san.replace(/[+#]$/, "");
  }
  return marked(san, m, afterFen, was, () => {
    const after = newBoard();
    try {
      after.loadSetup(afterFen);
      return after.isCheckmate() ? "#" : after.inCheck() ? "+" : "";
    } catch {
      return /[+#]$/.exec(m.san)?.[0] ?? "";
    } finally {
      after.free();
    }
  });
}

/**
 * `san` with chess.js's check mark for `m` replayed: chess.js looks for check on `was`, the square
 * its record names for the king in check (its replay takes that record from the game's first move
 * as played, then follows the king's moves). No mark without a square, the mark as played when
 * the king no longer stands there, else `mark()`.
 */
function marked(san, m, afterFen, was, mark) {
  if (was === undefined) return san;
  if (kingSquare(afterFen, m.color === WHITE ? "k" : "K") !== was) return san + (/[+#]$/.exec(m.san)?.[0] ?? "");
  return san + mark();
}

/** The square of the king `letter` (`K`, `k`) in a FEN's placement, if there is one. */
function kingSquare(fen, letter) {
  const rows = placementRows(fen.split(" ")[0]);
  const rank = rows.findIndex((row) => row.includes(letter));
  return rank < 0 ? undefined : String.fromCharCode(97 + rows[rank].indexOf(letter)) + (8 - rank);
}

/** A FEN placement's rows, rank 8 first, one character a square (`.` for an empty one). */
function placementRows(placement) {
  return placement.split("/").map((row) => row.replace(/\d/g, (n) => ".".repeat(Number(n))));
}

/** `fen` with its castling field replaced by `castling`. */
function withCastling(fen, castling) {
  const fields = fen.split(" ");
  fields[2] = castling;
  return fields.join(" ");
}

/**
 * `{before, after, san}` of each of `moves` (as played) on the boards chess.js's replay plays
 * them from (`steps`, then `final`, from `replayed`): the core writes the FENs and the SAN; a move
 * the replayed board does not allow is written as chess.js writes it all the same (`sanAsWritten`),
 * and a board the core does not load (the side not to move in check, say) has its FEN written
 * from the replayed fields (chess.js's FEN is of its board as it stands, legal or not).
 */
export function replayedMoves(moves, { steps, final }) {
  const board = newBoard();
  // chess.js's record of the kings' squares as its replay keeps it.
  const kings = moves.length === 0 ? {} : { w: kingSquare(moves[0].before, "K"), b: kingSquare(moves[0].before, "k") };
  // The FEN of the fields `step` with `color` to move and the counters of `fen`.
  const written = (step, color, fen) => {
    const [, , , , halfmoves, fullmoves] = fen.split(" ");
    return `${step.placement} ${color} ${step.castling} ${step.ep} ${halfmoves} ${fullmoves}`;
  };
  try {
    return moves.map((m, i) => {
      if (m.piece === KING && m.flags !== "-") kings[m.color] = m.to;
      const was = kings[m.color === WHITE ? BLACK : WHITE];
      const next = steps[i + 1] ?? final;
      const after = () => (next ? written(next, m.color === "w" ? "b" : "w", m.after) : m.after);
      const before = written(steps[i], m.color, m.before);
      try {
        board.loadSetup(before);
      } catch {
        return { before, after: after(), san: m.san };
      }
      // The board drops castling rights without their rook or king; chess.js's replay brings
      // them back (the step's field), and its FENs show them.
      const loaded = withCastling(board.fen(), steps[i].castling);
      try {
        const written = m.flags === "-" ? "--" : board.san(m.lan);
        board.push(m.flags === "-" ? "0000" : m.lan);
        const afterFen = next ? withCastling(board.fen(), next.castling) : board.fen();
        const san = m.flags === "-" ? "--"
          : marked(written.replace(/[+#]$/, ""), m, afterFen, was, () => /[+#]$/.exec(written)?.[0] ?? "");
        return { before: loaded, after: afterFen, san };
      } catch {
        return { before: loaded, after: after(), san: sanAsWritten(board, m, after(), was) };
      }
    });
  } finally {
    board.free();
  }
}

/** chess.js's material rule over `rows` as `board()` answers them (see `isInsufficientMaterial`). */
export function insufficientMaterial(rows) {
  const count = { p: 0, n: 0, b: 0, r: 0, q: 0, k: 0 };
  const bishopSquares = new Set();
  let pieces = 0;
  rows.forEach((row, rank) => row.forEach((cell, file) => {
    if (!cell) return;
    pieces++;
    count[cell.type]++;
    if (cell.type === BISHOP) bishopSquares.add((rank + file) % 2);
  }));
  if (pieces === 2) return true;
  if (pieces === 3 && (count.b === 1 || count.n === 1)) return true;
  return pieces === count.b + 2 && bishopSquares.size <= 1;
}

/** A FEN castling field with `color`'s rights set as chess.js's `setCastlingRights(color, rights)`
 * sets them. */
export function castlingWith(field, color, rights) {
  const letters = { [KING]: color === WHITE ? "K" : "k", [QUEEN]: color === WHITE ? "Q" : "q" };
  let castling = field === "-" ? "" : field;
  for (const side of [KING, QUEEN]) {
    if (rights[side] === undefined) continue;
    castling = castling.replace(letters[side], "");
    if (rights[side]) castling += letters[side];
  }
  return [..."KQkq"].filter((c) => castling.includes(c)).join("") || "-";
}

/** The squares `piece` stands on in `rows` as `board()` answers them (see `findPiece`). */
export function squaresOf(rows, piece) {
  const squares = [];
  for (const row of rows) {
    for (const cell of row) {
      if (cell && cell.color === piece.color && cell.type === piece.type) squares.push(cell.square);
    }
  }
  return squares;
}

/**
 * The legal move `move` names on `board` (a relaxed `ChessBoard`) as chess.js reads it, as the
 * core's `move()` takes it (SAN or `{from, to, promotion}`), or undefined. SAN as the core writes
 * it, decorations aside, is looked up among the plain SAN list; only other text needs the moves'
 * details.
 */
export function findMove(board, move, strict) {
  if (typeof move === "string") {
    let text = stripped(move);
    if (!strict && (text === "0-0" || text === "0-0-0")) text = text.replaceAll("0", "O");
    const exact = board.moves().find((san) => stripped(san) === text);
    if (exact || strict) return exact;
    const m = lenientMatch(text, board.moves({ verbose: true }));
    return m && { from: m.from, to: m.to, promotion: m.promotion };
  }
  if (move !== null && typeof move === "object") {
    return board.moves({ verbose: true }).find((m) => move.from === m.from && move.to === m.to &&
      (m.promotion === undefined || move.promotion === m.promotion));
  }
  return undefined;
}

/** chess.js's `squareColor`: `"light"`, `"dark"`, or null for a name that is not a square. */
export function colorOfSquare(square) {
  if (!SQUARES.includes(square)) return null;
  return (square.charCodeAt(0) - 97 + Number(square[1])) % 2 === 0 ? "light" : "dark";
}

/** chess.js's `getCastlingRights(color)` read from a FEN castling field. */
export function rightsOf(field, color) {
  return {
    [KING]: field.includes(color === WHITE ? "K" : "k"),
    [QUEEN]: field.includes(color === WHITE ? "Q" : "q"),
  };
}
