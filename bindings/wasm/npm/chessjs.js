// chess.js 1.4.0's surface on qipan: `Chess`, `Move`, `validateFen` and the constants, so that a
// chess.js program runs after changing its import line. Every rule (legal moves, check, SAN,
// FEN, PGN reading) comes from the core through `ChessBoard`; this module holds only what is
// chess.js's own policy, in one place: its error messages, its lenient and strict move reading,
// its header and comment model and its PGN layout. Where chess.js and the FIDE Laws disagree
// (no fivefold repetition, no 75-move rule, no dead positions), `Chess` answers as chess.js and
// `outcome()` as the Laws (docs/javascript.md).
import { checkPgnSyntax } from "./chessjs-pgn.js";
import { replayed, squareName } from "./chessjs-replay.js";
import { ChessBoard, readGames } from "./qipan.js";

/** A core board playing what chess.js plays: positions that cannot arise in a game included. */
const newBoard = (fen) => new ChessBoard(fen, { relaxed: true });

/** The record errors of a move, after which chess.js keeps the game read so far. */
const MOVE_ERRORS = ["InvalidMoveError", "IllegalMoveError", "AmbiguousMoveError"];

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
const headerTemplate = () => {
  const header = { ...SEVEN_TAG_ROSTER };
  for (const tag of SUPPLEMENTAL_TAGS) header[tag] = null;
  return header;
};

/**
 * chess.js's `Move`: the boards' moves (`moves({verbose: true})`, `move()`, `undo()`,
 * `history({verbose: true})`) are instances of it.
 */
export class Move {
  static [Symbol.hasInstance](value) {
    return value != null && value.constructor?.name === "Move" && typeof value.isBigPawn === "function" &&
      typeof value.lan === "string";
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
function completed(fen) {
  const fields = fen.split(/\s+/);
  if (fields.length < 2 || fields.length >= 6) return fen;
  return fields.concat(["-", "-", "0", "1"].slice(fields.length - 2)).join(" ");
}

/** SAN without its `=`, check marks and annotation marks, as chess.js compares SAN. */
const stripped = (san) => san.replace(/=/, "").replace(/[+#]?[?!]*$/, "");

/** SAN without the file or rank that tells two pieces apart (`Rhf8` → `Rf8`). */
const undisambiguated = (san) => san.replace(/^([NBRQK])[a-h]?[1-8]?(x?[a-h][1-8])/, "$1$2");

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
function lenientMatch(text, moves) {
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

/**
 * The first game of a PGN text as chess.js's grammar sees its main line: the move words in order
 * (move numbers, `...`, NAGs, comments, variations and the result left out), and the text with
 * a lone `...` after a move number dropped (`1. ... Nc6`, which chess.js reads), for the core's
 * reader. Only words are picked out here; the record itself is read by the core. `comments`
 * maps the number of moves before each main-line comment to its text: a `{...}` comment as
 * written (chess.js keeps its spaces, the core's reader trims them), `null` for a `;` comment.
 */
const TAG_PAIR = /\[[ \t\r\n]*[a-zA-Z]+[ \t\r\n]*"[^"]*"[ \t\r\n]*\]/y;

function mainlineWords(text) {
  const words = [];
  const comments = new Map();
  let result;
  let kept = "";
  let depth = 0;
  let i = 0;
  let inHeaders = true;
  while (i < text.length) {
    const c = text[i];
    if (c === "{") {
      const end = text.indexOf("}", i);
      const stop = end < 0 ? text.length : end + 1;
      if (depth === 0 && end >= 0) comments.set(words.length, text.slice(i + 1, end));
      kept += text.slice(i, stop);
      i = stop;
    } else if (c === ";" || (c === "%" && (i === 0 || text[i - 1] === "\n"))) {
      const end = text.indexOf("\n", i);
      const stop = end < 0 ? text.length : end;
      if (depth === 0 && c === ";") comments.set(words.length, null);
      kept += text.slice(i, stop);
      i = stop;
    } else if (c === "[" && depth === 0 && inHeaders) {
      // A tag pair as chess.js's grammar reads it: its value may hold a `]`.
      TAG_PAIR.lastIndex = i;
      const end = TAG_PAIR.test(text) ? TAG_PAIR.lastIndex - 1 : text.indexOf("]", i);
      const stop = end < 0 ? text.length : end + 1;
      kept += text.slice(i, stop);
      i = stop;
    } else if (c === "(" || c === ")") {
      depth += c === "(" ? 1 : -1;
      kept += c;
      i++;
    } else if (/\s/.test(c)) {
      kept += c;
      i++;
    } else {
      let end = i;
      while (end < text.length && !/[\s{}();[\]]/.test(text[end])) end++;
      // A stray bracket is a word of its own (never an empty one: the reading moves on).
      if (end === i) end++;
      const word = text.slice(i, end);
      i = end;
      inHeaders = false;
      if (word === "...") continue;
      kept += word;
      const move = word.replace(/^\d+\.+/, "");
      if (depth === 0 && move !== "" && !/^\$\d+$/.test(move) && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(move) &&
        !/^[!?]+$/.test(move)) {
        words.push(move);
      }
      // A second game starts after the first one's result.
      if (depth === 0 && /^(1-0|0-1|1\/2-1\/2|\*)$/.test(move)) {
        result = move;
        break;
      }
    }
  }
  return { words, result, comments, kept: kept + text.slice(i) };
}

/** The key chess.js counts repetitions by: placement, side, castling, en passant when a pawn
 * stands next to the pawn that made a double step. */
function repetitionKey(fen, lastMove) {
  const [placement, side, castling] = fen.split(" ");
  let ep = "-";
  if (lastMove?.isBigPawn()) {
    const enemy = lastMove.color === WHITE ? "p" : "P";
    const rows = placement.split("/").map((row) => row.replace(/\d/g, (n) => ".".repeat(Number(n))));
    const row = rows[8 - Number(lastMove.to[1])];
    const file = lastMove.to.charCodeAt(0) - 97;
    if (row[file - 1] === enemy || row[file + 1] === enemy) ep = lastMove.to[0] + (lastMove.color === WHITE ? "3" : "6");
  }
  return `${placement} ${side} ${castling} ${ep}`;
}

/** chess.js's `Chess`, its rules answered by qipan's core. */
export class Chess {
  #board;
  #header = headerTemplate();
  #comments = {};
  /** The en passant square of the loaded FEN, as given (for `fen({forceEnpassantSquare})`). */
  #loadedEp = "-";
  /** The repetition key of the start and of the position after each move; null until asked
   * for after a game loaded in one piece (`#keyList()`). */
  #keys = [];
  /** The FEN the game started from. */
  #startFen = DEFAULT_POSITION;
  /** The SAN of each move played (`history()` without building `Move` objects). */
  #sans = [];
  /** The moves played as `Move`s, as they were played (null until needed after a game loaded in
   * one piece), and whether the board was edited since: chess.js's history() then replays them. */
  #records = [];
  #edited = false;
  /** Whether the board was edited while moves were on it, since the game began. */
  #editedGame = false;

  constructor(fen = DEFAULT_POSITION, { skipValidation = false } = {}) {
    this.load(fen, { skipValidation });
  }

  clear({ preserveHeaders = false } = {}) {
    this.#board ??= newBoard();
    this.#board.clear();
    this.#reset(preserveHeaders);
    this.#header.SetUp = null;
    this.#header.FEN = null;
  }

  #reset(preserveHeaders) {
    this.#comments = {};
    if (!preserveHeaders) this.#header = headerTemplate();
    this.#loadedEp = "-";
    this.#restart();
  }

  /** A new game from the board as it stands. */
  #restart() {
    this.#startFen = this.#board.fen();
    this.#keys = [repetitionKey(this.#startFen, undefined)];
    this.#sans = [];
    this.#records = [];
    this.#edited = false;
    this.#editedGame = false;
  }

  /** Records a move the board has played. */
  #played(move) {
    this.#keys?.push(move.flags === "-" ? this.#keyNow(undefined) : repetitionKey(move.after, move));
    this.#sans.push(move.san);
    this.#records?.push(move);
    return move;
  }

  #keyList() {
    if (this.#keys === null) {
      const moves = this.#board.history({ verbose: true });
      this.#keys = [repetitionKey(this.#startFen, undefined),
        ...moves.map((m) => (m.flags === "-" ? repetitionKey(m.after, undefined) : repetitionKey(m.after, m)))];
    }
    return this.#keys;
  }

  #keyNow(lastMove) {
    return repetitionKey(this.#board.fen(), lastMove);
  }

  load(fen, { skipValidation = false, preserveHeaders = false } = {}) {
    fen = completed(fen);
    if (!skipValidation) {
      const { ok, error } = validateFen(fen);
      if (!ok) throw new Error(error);
    }
    let board;
    try {
      board = newBoard(fen);
    } catch {
      // A board the core cannot play, set up all the same as chess.js sets it up.
      board = newBoard();
      try {
        board.loadSetup(fen);
      } catch (error) {
        board.free();
        throw new Error(`Invalid FEN: ${error.message}`, { cause: error });
      }
    }
    this.#board?.free();
    this.#board = board;
    this.#reset(preserveHeaders);
    this.#loadedEp = fen.split(/\s+/)[3] ?? "-";
    this.#updateSetup(fen);
  }

  #updateSetup(fen) {
    if (this.#sans.length > 0) return;
    const start = fen !== DEFAULT_POSITION;
    this.#header.SetUp = start ? "1" : null;
    this.#header.FEN = start ? fen : null;
  }

  fen({ forceEnpassantSquare = false } = {}) {
    const fen = this.#board.fen();
    if (!forceEnpassantSquare) return fen;
    const fields = fen.split(" ");
    const ep = this.#sans.length > 0 ? this.#keyList().at(-1).split(" ")[3] : this.#loadedEp;
    fields[3] = ep;
    return fields.join(" ");
  }

  reset() {
    this.load(DEFAULT_POSITION);
  }

  get(square) {
    return this.#board.get(square);
  }

  findPiece(piece) {
    const squares = [];
    for (const row of this.#board.board()) {
      for (const cell of row) {
        if (cell && cell.color === piece.color && cell.type === piece.type) squares.push(cell.square);
      }
    }
    return squares;
  }

  put(piece, square) {
    const playing = this.#beforeEdit();
    if (!this.#board.put(piece, square)) return false;
    this.#afterEdit(playing);
    return true;
  }

  remove(square) {
    const playing = this.#beforeEdit();
    const piece = this.#board.remove(square);
    this.#afterEdit(playing);
    return piece;
  }

  /** Before an edit: the moves as played, kept for `#replayEdits`; whether any was played. */
  #beforeEdit() {
    const playing = this.#sans.length > 0;
    if (playing && this.#records === null) this.#records = this.#board.history({ verbose: true });
    return playing;
  }

  /**
   * What chess.js's history(), pgn() and getComments() do to a board edited since its moves
   * were played: every move taken back and played again over the edit (chess-replay.js). The
   * board is set to the result, keeping its moves, and the SAN is written on the board replayed.
   */
  #replayEdits() {
    if (!this.#edited) return;
    this.#edited = false;
    const moves = this.#records ?? this.#board.history({ verbose: true });
    this.#records = moves;
    const { squares, castling, steps } = replayed(this.#board.board(), moves);
    const changed = [];
    for (let i = 0; i < 64; i++) {
      const now = this.#board.get(squareName(i));
      const then = squares[i];
      if ((now?.type ?? null) !== (then?.type ?? null) || (now?.color ?? null) !== (then?.color ?? null)) changed.push(i);
    }
    // Pieces taken off first, so that a king is never put beside its double.
    for (const i of changed) if (squares[i] === null || this.#board.get(squareName(i))) this.#board.remove(squareName(i));
    for (const i of changed) if (squares[i] !== null) this.#board.put(squares[i], squareName(i));
    if (this.#board.fen().split(" ")[2] !== castling) this.#board.setCastling(castling);
    this.#sans = replayedMoves(moves, steps).map((m) => m.san);
    this.#keys = null;
  }

  /** The moves played as chess.js's replay describes them (`{before, after, san}` each), for a
   * game whose board was edited while moves were on it. */
  #replayed() {
    this.#replayEdits();
    const moves = this.#records ?? this.#board.history({ verbose: true });
    this.#records = moves;
    return replayedMoves(moves, replayed(this.#board.board(), moves).steps);
  }

  /** After `put` or `remove`: as chess.js, the history (and the positions counted for
   * repetitions) stays, and `undo` takes a move back on the edited board; with no move played,
   * the edited board is the new start and chess.js writes the SetUp and FEN headers. */
  #afterEdit(playing) {
    this.#loadedEp = "-";
    if (playing) {
      this.#edited = true;
      this.#editedGame = true;
      return;
    }
    this.#restart();
    this.#updateSetup(this.fen());
  }

  attackers(square, attackedBy) {
    return this.#board.attackers(square, attackedBy || undefined);
  }

  /** A 64-bit key of the position as hexadecimal: its Polyglot zobrist key. */
  hash() {
    return this.#board.hash();
  }

  isAttacked(square, attackedBy) {
    return this.#board.isAttacked(square, attackedBy);
  }

  isCheck() {
    return this.#board.inCheck();
  }

  inCheck() {
    return this.#board.inCheck();
  }

  isCheckmate() {
    return this.#board.isCheckmate();
  }

  isStalemate() {
    return this.#board.isStalemate();
  }

  /** chess.js's material rule: kings alone, a king and one minor piece, or bishops all on one
   * colour of squares. */
  isInsufficientMaterial() {
    const count = { p: 0, n: 0, b: 0, r: 0, q: 0, k: 0 };
    const bishopSquares = new Set();
    let pieces = 0;
    this.#board.board().forEach((row, rank) => row.forEach((cell, file) => {
      if (!cell) return;
      pieces++;
      count[cell.type]++;
      if (cell.type === BISHOP) bishopSquares.add((rank + file) % 2);
    }));
    if (pieces === 2) return true;
    if (pieces === 3 && (count.b === 1 || count.n === 1)) return true;
    return pieces === count.b + 2 && bishopSquares.size <= 1;
  }

  isThreefoldRepetition() {
    const keys = this.#keyList();
    const now = keys.at(-1);
    return keys.filter((key) => key === now).length >= 3;
  }

  isDrawByFiftyMoves() {
    return Number(this.#board.fen().split(" ")[4]) >= 100;
  }

  isDraw() {
    return this.isDrawByFiftyMoves() || this.isStalemate() || this.isInsufficientMaterial() ||
      this.isThreefoldRepetition();
  }

  isGameOver() {
    return this.isCheckmate() || this.isDraw();
  }

  moves({ verbose = false, square = undefined, piece = undefined } = {}) {
    if (!verbose && square === undefined && piece === undefined) return this.#board.moves();
    const moves = this.#board.moves({ verbose: true, square, piece });
    if (verbose) return moves;
    // chess.js writes the SAN of a square's moves disambiguated among those moves only: never.
    return square === undefined ? moves.map((m) => m.san) : moves.map((m) => undisambiguated(m.san));
  }

  /**
   * The legal move `move` names as chess.js reads it, as the core's `move()` takes it (SAN or
   * `{from, to, promotion}`), or undefined. SAN as the core writes it, decorations aside, is
   * looked up among the plain SAN list; only other text needs the moves' details.
   */
  #find(move, strict) {
    if (typeof move === "string") {
      let text = stripped(move);
      if (!strict && (text === "0-0" || text === "0-0-0")) text = text.replaceAll("0", "O");
      const exact = this.#board.moves().find((san) => stripped(san) === text);
      if (exact || strict) return exact;
      const m = lenientMatch(text, this.#board.moves({ verbose: true }));
      return m && { from: m.from, to: m.to, promotion: m.promotion };
    }
    if (move !== null && typeof move === "object") {
      return this.#board.moves({ verbose: true }).find((m) => move.from === m.from && move.to === m.to &&
        (m.promotion === undefined || move.promotion === m.promotion));
    }
    return undefined;
  }

  move(move, { strict = false } = {}) {
    if (move === null || (typeof move === "string" && stripped(move) === "--")) return this.#nullMove();
    if (typeof move === "string") {
      // The common case first: SAN as chess.js writes it, which the core reads and writes back.
      const played = this.#playIfSan(move);
      if (played) return played;
    }
    const found = this.#find(move, strict);
    if (!found) {
      throw new Error(`Invalid move: ${typeof move === "string" ? move : JSON.stringify(move)}`);
    }
    const played = this.#board.move(typeof found === "string" ? found
      : { from: found.from, to: found.to, promotion: found.promotion });
    return this.#played(played);
  }

  /** Plays `text` when the core reads it as the move whose SAN it is (decorations aside); else
   * changes nothing and answers undefined. */
  #playIfSan(text) {
    let played;
    try {
      played = this.#board.move(text);
    } catch {
      return undefined;
    }
    if (stripped(played.san) !== stripped(text)) {
      this.#board.undo();
      return undefined;
    }
    return this.#played(played);
  }

  #nullMove() {
    if (this.#board.inCheck()) throw new Error("Null move not allowed when in check");
    this.#board.push("0000");
    return this.#played(this.#board.history({ verbose: true }).at(-1));
  }

  undo() {
    const move = this.#board.undo();
    if (move !== null) {
      this.#keys?.pop();
      this.#sans.pop();
      this.#records?.pop();
    }
    return move;
  }

  pgn({ newline = "\n", maxWidth = 0 } = {}) {
    this.#replayEdits();
    const out = [];
    let anyHeader = false;
    for (const [tag, value] of Object.entries(this.#header)) {
      if (value) out.push(`[${tag} "${value}"]${newline}`);
      anyHeader = true;
    }
    const history = this.#plies();
    if (anyHeader && history.length > 0) out.push(newline);
    const tokens = this.#movetext(history);
    tokens.push(this.#header.Result || "*");
    if (maxWidth === 0) return out.join("") + tokens.join(" ");
    return out.join("") + wrapped(tokens, maxWidth, newline);
  }

  /** The moves played as `{san, color, number, before, after}`; the FENs only when comments
   * need them. */
  #plies() {
    if (Object.keys(this.#comments).length > 0) {
      return this.#board.history({ verbose: true }).map((m) => ({ ...m, number: m.before.split(" ")[5] }));
    }
    const [, side, , , , fullmove] = this.#startFen.split(" ");
    const first = side === WHITE ? 0 : 1;
    return this.#sans.map((san, i) => ({
      san,
      color: (first + i) % 2 === 0 ? WHITE : BLACK,
      number: Number(fullmove) + Math.floor((first + i) / 2),
    }));
  }

  /** chess.js's movetext tokens: a move number with its moves, comments as `{text}`. */
  #movetext(history) {
    const commented = (text, fen) => {
      const comment = this.#comments[fen];
      return comment === undefined ? text : `${text}${text.length > 0 ? " " : ""}{${comment}}`;
    };
    const tokens = [];
    if (history.length === 0) return [commented("", this.#board.fen())];
    let text = "";
    history.forEach((m, i) => {
      text = commented(text, m.before);
      const number = m.number;
      if (i === 0 && m.color === BLACK) {
        text = text ? `${text} ${number}. ...` : `${number}. ...`;
      } else if (m.color === WHITE) {
        if (text.length > 0) tokens.push(text);
        text = `${number}.`;
      }
      text += ` ${m.san}`;
    });
    if (text.length > 0) tokens.push(commented(text, history.at(-1).after));
    return tokens;
  }

  header(...args) {
    for (let i = 0; i < args.length; i += 2) {
      if (typeof args[i] === "string" && typeof args[i + 1] === "string") this.#header[args[i]] = args[i + 1];
    }
    return this.#header;
  }

  setHeader(key, value) {
    this.#header[key] = value ?? SEVEN_TAG_ROSTER[key] ?? null;
    return this.getHeaders();
  }

  removeHeader(key) {
    if (!(key in this.#header)) return false;
    this.#header[key] = SEVEN_TAG_ROSTER[key] || null;
    return true;
  }

  getHeaders() {
    return Object.fromEntries(Object.entries(this.#header).filter(([, value]) => value !== null));
  }

  loadPgn(pgn, { strict = false, newlineChar = "\r?\n" } = {}) {
    if (newlineChar !== "\r?\n") pgn = pgn.replace(new RegExp(newlineChar, "g"), "\n");
    // What chess.js's grammar refuses throws its syntax error, before anything changes.
    checkPgnSyntax(pgn);
    // The core reads the record; chess.js's model is built from what it read. As in chess.js,
    // a move that cannot be played throws with the game loaded up to it.
    const { words, result, comments, kept } = mainlineWords(pgn);
    if (this.#loadWhole(kept, words, result, strict, comments)) return;
    const game = readGames(kept)[0];
    if (game === undefined) {
      this.reset();
      return;
    }
    const error = game.errors[0];
    // A record the core cannot read changes nothing (chess.js's parser throws before loading).
    if (error && ![...MOVE_ERRORS, "InvalidFenError"].includes(error.name)) throw new Error(error.message);
    this.reset();
    let fen = "";
    for (const [tag, value] of Object.entries(game.headers)) {
      if (tag.toLowerCase() === "fen") fen = value;
      this.header(tag, value);
    }
    if (strict && game.headers.SetUp === "1" && !("FEN" in game.headers)) {
      throw new Error("Invalid PGN: FEN tag must be supplied with SetUp tag");
    }
    const start = strict ? (game.headers.SetUp === "1" ? game.headers.FEN : "") : fen;
    if (start) this.load(start, { preserveHeaders: true });
    // A FEN tag chess.js loads (the `load` above) but the core's reader refuses: the core read no
    // moves, so the words are played from the position loaded.
    const fenRefused = error?.name === "InvalidFenError";
    const note = (ply, comment) => {
      const written = comments.get(ply);
      const text = typeof written === "string" ? written : comment;
      if (typeof written === "string" || text) this.#comments[this.fen()] = oneLine(text);
    };
    note(0, game.comment);
    const nodes = [];
    for (let node = game.variations[0]; node !== undefined; node = node.variations[0]) nodes.push(node);
    // The words as written, read as chess.js reads them (strictly or not); the core's SAN when
    // the words cannot be matched to the moves it read.
    const texts = fenRefused || words.length >= nodes.length ? words : nodes.map((node) => node.san);
    const count = fenRefused ? words.length : nodes.length;
    for (let i = 0; i < count; i++) {
      const text = texts[i];
      if (!this.#find(text, strict)) throw new Error(`Invalid move in PGN: ${text}`);
      this.move(text, { strict });
      note(i + 1, nodes[i]?.comment);
    }
    if (error && !fenRefused) {
      const text = texts[nodes.length] ?? error.text;
      if (!this.#find(text, strict)) throw new Error(`Invalid move in PGN: ${text}`);
      throw new Error(`Invalid move in PGN: ${error.text}`);
    }
    // The movetext's result marker wins over the Result tag.
    if (result !== undefined && this.#header.Result !== result) this.setHeader("Result", result);
  }

  /**
   * Loads a record the core reads without error, in one piece, when chess.js would read each of
   * its words as the move the core read (SAN as written, decorations aside) from the same start;
   * answers whether it did (else nothing changed).
   */
  #loadWhole(text, words, result, strict, written) {
    const board = newBoard();
    let sans;
    try {
      board.loadPgn(text);
      sans = board.sanHistory();
    } catch {
      board.free();
      return false;
    }
    const headers = board.getHeaders();
    const fenTag = Object.entries(headers).find(([tag]) => tag.toLowerCase() === "fen")?.[1];
    const start = strict ? (headers.SetUp === "1" ? headers.FEN : undefined) : fenTag;
    const sameStart = start === undefined ? fenTag === undefined && headers.SetUp !== "1"
      : validateFen(completed(start)).ok && !(strict && fenTag !== headers.FEN);
    const sameMoves = words.length === sans.length && words.every((word, i) => {
      const text = stripped(word);
      return text === stripped(sans[i]) || (!strict && text.replaceAll("0", "O") === stripped(sans[i]) && /^0-0(-0)?$/.test(text));
    });
    if (!sameStart || !sameMoves || (words.length === 0 && /\S/.test(text) === false)) {
      board.free();
      return false;
    }
    const comments = writtenComments(board, written);
    this.#header = headerTemplate();
    for (const [tag, value] of Object.entries(headers)) this.header(tag, value);
    this.#board.free();
    this.#board = board;
    this.#comments = comments;
    this.#startFen = start === undefined ? DEFAULT_POSITION : completed(start);
    this.#loadedEp = this.#startFen.split(/\s+/)[3];
    this.#sans = sans;
    this.#records = null;
    this.#edited = false;
    this.#editedGame = false;
    this.#keys = null;
    if (start !== undefined) {
      this.#header.SetUp = this.#startFen !== DEFAULT_POSITION ? "1" : null;
      this.#header.FEN = this.#startFen !== DEFAULT_POSITION ? this.#startFen : null;
    }
    if (result !== undefined && this.#header.Result !== result) this.setHeader("Result", result);
    return true;
  }

  ascii() {
    return this.#board.ascii();
  }

  perft(depth) {
    return this.#board.perft(depth);
  }

  setTurn(color) {
    if (this.turn() === color) return false;
    this.move("--");
    return true;
  }

  turn() {
    return this.#board.turn();
  }

  board() {
    return this.#board.board();
  }

  squareColor(square) {
    if (!SQUARES.includes(square)) return null;
    return (square.charCodeAt(0) - 97 + Number(square[1])) % 2 === 0 ? "light" : "dark";
  }

  history({ verbose = false } = {}) {
    this.#replayEdits();
    if (!verbose) return [...this.#sans];
    if (!this.#editedGame || this.#sans.length === 0) return this.#board.history({ verbose: true });
    // The moves as played, described on the board chess.js replays them on.
    const described = this.#replayed();
    return this.#records.map((m, i) => Object.assign(Object.create(Object.getPrototypeOf(m)), m, described[i]));
  }

  getComment() {
    return this.#comments[this.fen()];
  }

  setComment(comment) {
    this.#comments[this.fen()] = comment.replace("{", "[").replace("}", "]");
  }

  deleteComment() {
    return this.removeComment();
  }

  removeComment() {
    const fen = this.fen();
    const comment = this.#comments[fen];
    delete this.#comments[fen];
    return comment;
  }

  /** Keeps the comments of the positions of the game so far, in the game's order. */
  #pruneComments() {
    this.#replayEdits();
    let fens;
    if (this.#editedGame && this.#sans.length > 0) {
      // chess.js keeps the comments of the positions its replay passes through.
      const moves = this.#replayed();
      fens = [moves[0].before, ...moves.map((m) => m.after)];
    } else {
      const history = this.#board.history({ verbose: true });
      fens = history.length === 0 ? [this.fen()] : [history[0].before, ...history.map((m) => m.after)];
    }
    const kept = {};
    for (const fen of fens) if (fen in this.#comments) kept[fen] = this.#comments[fen];
    this.#comments = kept;
  }

  getComments() {
    this.#pruneComments();
    return Object.entries(this.#comments).map(([fen, comment]) => ({ fen, comment }));
  }

  deleteComments() {
    return this.removeComments();
  }

  removeComments() {
    const comments = this.getComments();
    this.#comments = {};
    return comments;
  }

  setCastlingRights(color, rights) {
    const fields = this.#board.fen().split(" ");
    const letters = { [KING]: color === WHITE ? "K" : "k", [QUEEN]: color === WHITE ? "Q" : "q" };
    let castling = fields[2] === "-" ? "" : fields[2];
    for (const side of [KING, QUEEN]) {
      if (rights[side] === undefined) continue;
      castling = castling.replace(letters[side], "");
      if (rights[side]) castling += letters[side];
    }
    fields[2] = [..."KQkq"].filter((c) => castling.includes(c)).join("") || "-";
    // The core keeps only the rights a king and rook on their squares support, and the history
    // stays, as chess.js keeps it (to be replayed over, as an edit).
    if (fields.join(" ") !== this.#board.fen()) {
      const playing = this.#beforeEdit();
      this.#board.setCastling(fields[2]);
      if (playing) this.#edited = true;
      if (playing) this.#editedGame = true;
    }
    const now = this.getCastlingRights(color);
    return (rights[KING] === undefined || rights[KING] === now[KING]) &&
      (rights[QUEEN] === undefined || rights[QUEEN] === now[QUEEN]);
  }

  getCastlingRights(color) {
    const castling = this.#board.fen().split(" ")[2];
    return {
      [KING]: castling.includes(color === WHITE ? "K" : "k"),
      [QUEEN]: castling.includes(color === WHITE ? "Q" : "q"),
    };
  }

  moveNumber() {
    return Number(this.#board.fen().split(" ")[5]);
  }

  /** How the game ended under the FIDE Laws (fivefold repetition, the 75-move rule and dead
   * positions included): `{termination, winner, result}` or `null`. */
  outcome(claimDraw) {
    return this.#board.outcome(claimDraw);
  }
}

/** A comment as chess.js keeps it: its line breaks turned into spaces. */
const oneLine = (comment) => comment.replace(/\r?\n/g, " ");

/**
 * The comments of a game `board` loaded in one piece, by FEN: the core's, with the text as
 * written where the record's main line has it (`written`, from `mainlineWords`): chess.js keeps
 * a comment's spaces and an empty comment. The core's alone when the two do not pair up.
 */
function writtenComments(board, written) {
  const read = board.getComments();
  const out = {};
  const plies = [...written.keys()].sort((a, b) => a - b);
  // The core keeps the comments with text; a blank one needs its position from the moves.
  const kept = plies.filter((ply) => written.get(ply) === null || written.get(ply).trim() !== "");
  if (kept.length !== read.length) {
    for (const { fen, comment } of read) out[fen] = oneLine(comment);
    return out;
  }
  let fens;
  const fenAt = (ply) => {
    if (fens === undefined) {
      const moves = board.history({ verbose: true });
      fens = moves.length === 0 ? [board.fen()] : [moves[0].before, ...moves.map((m) => m.after)];
    }
    return fens[ply];
  };
  let next = 0;
  for (const ply of plies) {
    const text = written.get(ply);
    if (text === null || text.trim() !== "") {
      const { fen, comment } = read[next++];
      out[fen] = oneLine(text ?? comment);
    } else if (fenAt(ply) !== undefined) {
      out[fenAt(ply)] = oneLine(text);
    }
  }
  return out;
}

/**
 * `{before, after, san}` of each of `moves` (as played) on the boards chess.js's replay plays
 * them from (`steps`, from `replayed`): the core writes the FENs and the SAN; a move the replayed
 * board does not allow keeps its SAN as played, as chess.js writes it all the same.
 */
function replayedMoves(moves, steps) {
  const board = newBoard();
  try {
    return moves.map((m, i) => {
      const [, , , , halfmoves, fullmoves] = m.before.split(" ");
      const { placement, castling, ep } = steps[i];
      try {
        board.loadSetup(`${placement} ${m.color} ${castling} ${ep} ${halfmoves} ${fullmoves}`);
      } catch {
        return { before: m.before, after: m.after, san: m.san };
      }
      const before = board.fen();
      try {
        const san = m.flags === "-" ? "--" : board.san(m.lan);
        board.push(m.flags === "-" ? "0000" : m.lan);
        return { before, after: board.fen(), san };
      } catch {
        return { before, after: m.after, san: m.san };
      }
    });
  } finally {
    board.free();
  }
}

/** chess.js's line filling of movetext tokens at `maxWidth` columns; a token with a comment is
 * broken between its words. */
function wrapped(tokens, maxWidth, newline) {
  const out = [];
  let width = 0;
  const dropSpace = () => {
    if (out.length > 0 && out.at(-1) === " ") {
      out.pop();
      return true;
    }
    return false;
  };
  tokens.forEach((token, i) => {
    if (width + token.length > maxWidth && token.includes("{")) {
      for (const word of token.split(" ")) {
        if (!word) continue;
        if (width + word.length > maxWidth) {
          while (dropSpace()) width--;
          out.push(newline);
          width = 0;
        }
        out.push(word, " ");
        width += word.length + 1;
      }
      if (dropSpace()) width--;
      return;
    }
    if (width + token.length > maxWidth && i !== 0) {
      dropSpace();
      out.push(newline);
      width = 0;
    } else if (i !== 0) {
      out.push(" ");
      width++;
    }
    out.push(token);
    width += token.length;
  });
  return out.join("");
}
