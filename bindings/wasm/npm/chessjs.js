// chess.js 1.4.0's surface on qipan: `Chess`, `Move`, `validateFen` and the constants, so that a
// chess.js program runs after changing its import line. Every rule (legal moves, check, SAN,
// FEN, PGN reading) comes from the core through `ChessBoard`; this module holds only what is
// chess.js's own policy, in one place: its error messages, its lenient and strict move reading,
// its header and comment model and its PGN layout. Where chess.js and the FIDE Laws disagree
// (no fivefold repetition, no 75-move rule, no dead positions), `Chess` answers as chess.js and
// `outcome()` as the Laws (docs/javascript.md).
import { Bookkeeping, loadedCastling } from "./chessjs-castling.js";
import { checkPgnSyntax, loadedTags } from "./chessjs-pgn.js";
import { replayed, setReplayed } from "./chessjs-replay.js";
import {
  DEFAULT_POSITION, KING, QUEEN, SEVEN_TAG_ROSTER, castlingWith, colorOfSquare, completed, findMove,
  headerTemplate, insufficientMaterial, newBoard, repetitionKey, replayedMoves, rightsOf, squaresOf, stripped,
  undisambiguated, validateFen,
} from "./chessjs-moves.js";
import {
  headerRemoved, headersSet, mainlineWords, oneLine, pgnText, pliesOf, readWhole, writtenComments,
} from "./chessjs-text.js";
import { readGames } from "./qipan.js";

export {
  BISHOP, BLACK, DEFAULT_POSITION, KING, KNIGHT, Move, PAWN, QUEEN, ROOK, SEVEN_TAG_ROSTER, SQUARES, WHITE,
  validateFen,
} from "./chessjs-moves.js";

/** The record errors of a move, after which chess.js keeps the game read so far. */
const MOVE_ERRORS = ["InvalidMoveError", "IllegalMoveError", "AmbiguousMoveError"];

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
   * one piece), whether the board was edited since (chess.js's history() then replays them), and
   * whether no move was played or taken back since (chess.js's en passant square stays cleared). */
  #records = [];
  #edited = false;
  #epCleared = false;
  /** Whether the board was edited while moves were on it, since the game began. */
  #editedGame = false;
  /** chess.js's castling rights and key drift, beside the core's position. */
  #book = new Bookkeeping();

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
    this.#book = new Bookkeeping();
    this.#restart();
  }

  /** A new game from the board as it stands. */
  #restart() {
    this.#startFen = this.#board.fen();
    this.#keys = [repetitionKey(this.#startFen, undefined)];
    this.#sans = [];
    this.#records = [];
    this.#edited = this.#epCleared = false;
    this.#editedGame = false;
    this.#book.restarted();
  }

  /** Records a move the board has played. */
  #played(move) {
    this.#book.played(this.#board, this.#sans.length, move);
    this.#keys?.push(move.flags === "-" ? this.#keyNow(undefined) : this.#drifted(repetitionKey(this.#book.castled(move.after), move)));
    this.#sans.push(move.san);
    this.#records?.push(move);
    this.#epCleared = false;
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
    return this.#drifted(repetitionKey(this.fen(), lastMove));
  }

  /** chess.js counts repetitions by its key, drift included. */
  #drifted(key) {
    return this.#book.drift === 0n ? key : `${key} ${this.#book.drift}`;
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
    this.#book.loaded(this.#board, fen.split(/\s+/)[2]);
    this.#updateSetup(fen);
  }

  #updateSetup(fen) {
    if (this.#sans.length > 0) return;
    const start = fen !== DEFAULT_POSITION;
    this.#header.SetUp = start ? "1" : null;
    this.#header.FEN = start ? fen : null;
  }

  fen({ forceEnpassantSquare = false } = {}) {
    const fen = this.#book.castled(this.#board.fen());
    if (!forceEnpassantSquare) return fen;
    const fields = fen.split(" ");
    fields[3] = this.#epCleared ? "-" : this.#sans.length > 0 ? this.#keyList().at(-1).split(" ")[3] : this.#loadedEp;
    return fields.join(" ");
  }

  reset() {
    this.load(DEFAULT_POSITION);
  }

  get(square) {
    return this.#board.get(square);
  }

  findPiece(piece) {
    return squaresOf(this.#board.board(), piece);
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
   * were played: every move taken back and played again over the edit (chessjs-replay.js). The
   * board is set to the result (its last double step's en passant square too), keeping its
   * moves, and the SAN is written on the board replayed.
   */
  #replayEdits() {
    if (!this.#edited) return;
    this.#edited = this.#epCleared = false;
    const moves = this.#records ?? this.#board.history({ verbose: true });
    this.#records = moves;
    // With every move taken back, the replay changes nothing.
    if (moves.length === 0) return;
    const replay = replayed(this.#board.board(), moves);
    this.#book.lostPieces(replay.lost);
    setReplayed(this.#board, replay);
    this.#book.replayed(this.#board, replay.castling, replay.steps);
    this.#sans = replayedMoves(moves, replay).map((m) => m.san);
    this.#keys = null;
  }

  /** The moves played as chess.js's replay describes them (`{before, after, san}` each), for a
   * game whose board was edited while moves were on it. */
  #replayed() {
    this.#replayEdits();
    const moves = this.#records ?? this.#board.history({ verbose: true });
    this.#records = moves;
    return replayedMoves(moves, replayed(this.#board.board(), moves));
  }

  /** After `put` or `remove`: as chess.js, the history (and the positions counted for
   * repetitions) stays, and `undo` takes a move back on the edited board; with no move played,
   * the edited board is the new start and chess.js writes the SetUp and FEN headers. */
  #afterEdit(playing) {
    // chess.js clears the en passant square (`#epCleared`); its first move's stays in its history.
    if (!playing) this.#loadedEp = "-";
    this.#book.edited(this.#board);
    if (playing) {
      this.#edited = this.#epCleared = this.#editedGame = true;
      return;
    }
    this.#restart();
    this.#updateSetup(this.fen());
  }

  attackers(square, attackedBy) {
    return this.#board.attackers(square, attackedBy || undefined);
  }

  /** A 64-bit key of the position as hexadecimal: its Polyglot zobrist key while chess.js's
   * bookkeeping agrees with the position (chessjs-castling.js). */
  hash() {
    return this.#book.hash(this.#board, this.fen({ forceEnpassantSquare: true }).split(" ")[3]);
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
    return insufficientMaterial(this.#board.board());
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
    if (verbose) return this.#book.described(moves);
    // chess.js writes the SAN of a square's moves disambiguated among those moves only: never.
    return square === undefined ? moves.map((m) => m.san) : moves.map((m) => undisambiguated(m.san));
  }

  /** The legal move `move` names as chess.js reads it (chessjs-moves.js), or undefined. */
  #find(move, strict) {
    return findMove(this.#board, move, strict);
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
      // chess.js describes the move taken back by playing it and taking it back again: a null
      // move then changes its key.
      if (move.flags === "-") this.#book.nullMove(this.#epBefore(this.#sans.length - 1));
      this.#book.undone(this.#board, this.#sans.length - 1);
      this.#keys?.pop();
      this.#sans.pop();
      this.#records?.pop();
      this.#epCleared = false;
    }
    return move;
  }

  /** What chess.js's take-back-and-replay of every move (history(), pgn(), getComments()) does
   * to its key. */
  #replayKey() {
    if (this.#sans.includes("--")) this.#book.replayedNullMoves(this.#sans, (ply) => this.#epBefore(ply));
  }

  /** chess.js's en passant square before ply `ply` was played. */
  #epBefore(ply) {
    return ply === 0 ? this.#loadedEp : this.#keyList()[ply].split(" ")[3];
  }

  pgn({ newline = "\n", maxWidth = 0 } = {}) {
    this.#replayKey();
    this.#replayEdits();
    return pgnText(this.#header, this.#plies(), this.#comments, this.#board.fen(), newline, maxWidth);
  }

  /** The moves played as `{san, color, number, before, after}`; the FENs only when comments
   * need them. */
  #plies() {
    if (Object.keys(this.#comments).length > 0) {
      return this.#board.history({ verbose: true }).map((m) => ({ ...m, number: m.before.split(" ")[5] }));
    }
    return pliesOf(this.#startFen, this.#sans);
  }

  header(...args) {
    return headersSet(this.#header, args);
  }

  setHeader(key, value) {
    this.#header[key] = value ?? SEVEN_TAG_ROSTER[key] ?? null;
    return this.getHeaders();
  }

  removeHeader(key) {
    return headerRemoved(this.#header, key);
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
    const { tags, start, fenMissing } = loadedTags(game, kept, strict);
    for (const [tag, value] of tags) this.header(tag, value);
    if (fenMissing) throw new Error("Invalid PGN: FEN tag must be supplied with SetUp tag");
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
    // A word the core's reader stops at (`exf48.`: a move glued to the next move number), which
    // chess.js's lenient reading may play: the words are read on from it, as chess.js reads them.
    const readOn = error !== undefined && texts === words && words[nodes.length] === error.text;
    const count = fenRefused || readOn ? words.length : nodes.length;
    for (let i = 0; i < count; i++) {
      const text = texts[i];
      if (!this.#find(text, strict)) throw new Error(`Invalid move in PGN: ${text}`);
      this.move(text, { strict });
      note(i + 1, nodes[i]?.comment);
    }
    if (error && !fenRefused && !readOn) {
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
    const whole = readWhole(text, words, strict);
    if (whole === undefined) return false;
    const { board, sans, headers, start } = whole;
    // Castling rights the start's placement does not support: chess.js keeps them, move by move.
    const first = start === undefined ? undefined : (sans.length > 0 ? board.history({ verbose: true })[0].before : board.fen());
    if (first !== undefined && first.split(" ")[2] !== loadedCastling(completed(start).split(/\s+/)[2])) {
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
    this.#edited = this.#epCleared = false;
    this.#editedGame = false;
    this.#keys = null;
    this.#book = new Bookkeeping();
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
    return colorOfSquare(square);
  }

  history({ verbose = false } = {}) {
    // (Its verbose history describes each move by playing and taking it back: no change.)
    if (!verbose) this.#replayKey();
    this.#replayEdits();
    if (!verbose) return [...this.#sans];
    if (!this.#editedGame || this.#sans.length === 0) return this.#book.history(this.#board.history({ verbose: true }));
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
    this.#replayKey();
    this.#replayEdits();
    // After an edit, chess.js keeps the comments of the positions its replay passes through.
    const moves = this.#editedGame && this.#sans.length > 0 ? this.#replayed() : this.#board.history({ verbose: true });
    const fens = moves.length === 0 ? [this.fen()] : [moves[0].before, ...moves.map((m) => m.after)];
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
    // chess.js keeps only the rights a king and rook on their squares support, and the history
    // stays (to be replayed over, as an edit).
    const field = this.#book.castlingSet(this.#board, this.fen().split(" ")[2], color, rights, castlingWith);
    if (field !== this.#board.fen().split(" ")[2]) {
      const playing = this.#beforeEdit();
      this.#board.setCastling(field);
      if (playing) this.#edited = this.#editedGame = true;
    }
    const now = this.getCastlingRights(color);
    return (rights[KING] === undefined || rights[KING] === now[KING]) &&
      (rights[QUEEN] === undefined || rights[QUEEN] === now[QUEEN]);
  }

  getCastlingRights(color) {
    return rightsOf(this.fen().split(" ")[2], color);
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
