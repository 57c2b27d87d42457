// chess.js's bookkeeping of castling rights and of its position key, where it differs from the
// position the core holds. chess.js keeps castling rights its board does not support (a FEN's
// rights without their king or rook, given to `load`, or rights its history() replay brings back)
// until a `put`, `remove` or `setCastlingRights` drops them; the core holds only the rights a king
// and rook on their squares support. And chess.js's `hash()` drifts: playing a null move again
// after taking it back (as `undo()`, `history()`, `pgn()` and `getComments()` do) leaves its key
// as it was, and `setCastlingRights` changes the key without taking the old rights out. `Chess`
// answers as chess.js does: its FEN, castling rights and key follow chess.js's field and drift,
// the key staying the position's Polyglot key while both agree. chess.js's own policy, not a rule.
import { ChessBoard } from "./qipan.js";

/** The right's letter for each rook square chess.js follows, and its king's square. */
const ROOKS = { w: [["a1", "Q"], ["h1", "K"]], b: [["a8", "q"], ["h8", "k"]] };
const KING_SQUARE = { w: "e1", b: "e8" };

/** A castling field in FEN order (`KQkq`, `-`) with the letters of `letters` (a string). */
export const ordered = (letters) => [..."KQkq"].filter((c) => letters.includes(c)).join("") || "-";

/** chess.js's reading of a FEN's castling field: each of `KQkq` it contains, in any order. */
export const loadedCastling = (field) => ordered(field ?? "");

/**
 * chess.js's rights after `move` (a `Move`) is played from rights `field`: a king move drops its
 * side's rights; a move from a rook's corner drops that right, and so does a move to the other
 * side's rook corner (whatever stands or moves there).
 */
export function castlingAfterMove(field, move) {
  if (field === "-" || move.flags === "-") return field;
  let letters = field;
  const us = move.color;
  const them = us === "w" ? "b" : "w";
  if (move.piece === "k" || move.flags.includes("k") || move.flags.includes("q")) {
    letters = letters.replace(us === "w" ? /[KQ]/g : /[kq]/g, "");
  }
  for (const [square, letter] of ROOKS[us]) if (move.from === square) letters = letters.replace(letter, "");
  for (const [square, letter] of ROOKS[them]) if (move.to === square) letters = letters.replace(letter, "");
  return ordered(letters);
}

/** chess.js's rights after a `put` or `remove`: those whose king and rook stand on their squares
 * (`get` answers the piece on a square). */
export function castlingAfterEdit(field, get) {
  const is = (square, type, color) => {
    const piece = get(square);
    return piece?.type === type && piece?.color === color;
  };
  let letters = "";
  for (const color of ["w", "b"]) {
    if (!is(KING_SQUARE[color], "k", color)) continue;
    for (const [square, letter] of ROOKS[color]) if (field.includes(letter) && is(square, "r", color)) letters += letter;
  }
  return ordered(letters);
}

/** The Polyglot keys the core's `hash()` is made of, read from the core itself: the side to move,
 * each castling right, and the en passant key of each file. */
let polyglot;
function keys() {
  if (polyglot) return polyglot;
  const hashOf = (fen) => {
    const board = new ChessBoard(fen, { relaxed: true });
    try {
      return BigInt(`0x${board.hash()}`);
    } finally {
      board.free();
    }
  };
  const side = hashOf("4k3/8/8/8/8/8/8/4K3 w - - 0 1") ^ hashOf("4k3/8/8/8/8/8/8/4K3 b - - 0 1");
  const rights = {};
  const corners = "r3k2r/8/8/8/8/8/8/R3K2R w";
  for (const letter of "KQkq") {
    rights[letter] = hashOf(`${corners} KQkq - 0 1`) ^ hashOf(`${corners} ${ordered("KQkq".replace(letter, ""))} - 0 1`);
  }
  const ep = [..."abcdefgh"].map((file, i) => {
    // Black's pawn has just stepped twice to `file`5; White's pawn beside it can take it.
    const row = [..."........"];
    row[i] = "p";
    row[i === 7 ? 6 : i + 1] = "P";
    const placement = `4k3/8/8/${row.join("").replace(/\.+/g, (dots) => dots.length)}/8/8/8/4K3 w - `;
    return hashOf(`${placement}${file}6 0 1`) ^ hashOf(`${placement}- 0 1`);
  });
  polyglot = { side, rights, ep };
  return polyglot;
}

/** 64-bit values for the 16 castling fields (splitmix64 from a fixed seed): the key chess.js's
 * `setCastlingRights` drift adds, one value per field as chess.js's table has. */
let fieldKeys;
function fieldKey(field) {
  if (!fieldKeys) {
    const mask = (1n << 64n) - 1n;
    let state = 0x9e3779b97f4a7c15n;
    fieldKeys = Array.from({ length: 16 }, () => {
      state = (state + 0x9e3779b97f4a7c15n) & mask;
      let z = state;
      z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
      z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
      return z ^ (z >> 31n);
    });
  }
  let index = 0;
  [..."KQkq"].forEach((letter, bit) => {
    if (field.includes(letter)) index |= 1 << bit;
  });
  return fieldKeys[index];
}

/** The Polyglot key of `piece` (`{type, color}`) on `square`, read from the core. */
const pieceKeys = new Map();
function pieceKey(piece, square) {
  const id = `${piece.color}${piece.type}${square}`;
  if (!pieceKeys.has(id)) {
    const board = new ChessBoard(undefined, { relaxed: true });
    try {
      board.loadSetup("8/8/8/8/8/8/8/8 w - - 0 1");
      const empty = BigInt(`0x${board.hash()}`);
      board.put(piece, square);
      pieceKeys.set(id, BigInt(`0x${board.hash()}`) ^ empty);
    } finally {
      board.free();
    }
  }
  return pieceKeys.get(id);
}

const epKey = (square) => (square === "-" ? 0n : keys().ep[square.charCodeAt(0) - 97]);

/** The drift chess.js's key takes when a null move from en passant square `ep` (its own, as
 * `fen({forceEnpassantSquare})` writes it) is played again after being taken back: the key stays
 * as it was. */
export const nullMoveDrift = (ep) => keys().side ^ epKey(ep);

/** The drift chess.js's key takes from `setCastlingRights` changing rights `before` to `set`
 * (before the unsupported ones are dropped). */
export const castlingDrift = (before, set) => (before === set ? 0n : fieldKey(before) ^ fieldKey(set));

/**
 * The key `Chess.hash()` answers: the core's Polyglot key `core` (hexadecimal) of a position with
 * castling field `coreCastling` and en passant field `coreEp` (as the core's FEN writes them),
 * turned into the key of chess.js's own fields (`castling`, `ep`), with the `drift` added.
 */
export function chessjsHash(core, coreCastling, coreEp, castling, ep, drift) {
  let key = BigInt(`0x${core}`) ^ drift;
  if (castling !== coreCastling) {
    for (const letter of "KQkq") if (castling.includes(letter) !== coreCastling.includes(letter)) key ^= keys().rights[letter];
  }
  if (ep !== coreEp) key ^= epKey(coreEp) ^ epKey(ep);
  return key.toString(16);
}

/** The field of a FEN (`fen.split(" ")[i]`). */
const field = (fen, i) => fen.split(" ")[i];

/** `fen` with its field `i` replaced by `value`. */
function replaceField(fen, i, value) {
  const fields = fen.split(" ");
  fields[i] = value;
  return fields.join(" ");
}

/**
 * What chess.js holds beside the core's position: its castling field where it keeps rights the
 * core's board does not (null otherwise), that field before each move (by ply) where it differed,
 * and its key's drift. `board` is the `Chess`'s core board.
 */
export class Bookkeeping {
  castling = null;
  before = new Map();
  drift = 0n;

  /** A new game from a FEN whose castling field is `given`. */
  loaded(board, given) {
    this.castling = loadedCastling(given);
    this.before = new Map();
    this.drift = 0n;
    this.#settle(board);
  }

  /** The moves forgotten (an edit starting a new game): the key keeps its drift. */
  restarted() {
    this.before = new Map();
  }

  #settle(board) {
    if (this.castling !== null && this.castling === field(board.fen(), 2)) this.castling = null;
  }

  /** `fen` with chess.js's castling field. */
  castled(fen) {
    if (this.castling === null) return fen;
    const fields = fen.split(" ");
    fields[2] = this.castling;
    return fields.join(" ");
  }

  /** `move` played as ply `ply` (0 for the first); its FENs are given chess.js's fields. */
  played(board, ply, move) {
    if (this.castling === null) return;
    this.before.set(ply, this.castling);
    move.before = this.castled(move.before);
    this.castling = castlingAfterMove(this.castling, move);
    move.after = this.castled(move.after);
    this.#settle(board);
  }

  /** The moves played (`history({verbose: true})`, as the core describes them) with chess.js's
   * castling fields in their FENs. */
  history(moves) {
    if (this.castling === null && this.before.size === 0) return moves;
    const field = (ply) => this.before.get(ply) ?? (ply === moves.length ? this.castling : null);
    moves.forEach((m, i) => {
      const [before, after] = [field(i), field(i + 1)];
      if (before !== null) m.before = replaceField(m.before, 2, before);
      if (after !== null) m.after = replaceField(m.after, 2, after);
    });
    return moves;
  }

  /** The moves of a `moves({verbose: true})` list with chess.js's fields in their FENs. */
  described(moves) {
    if (this.castling === null) return moves;
    for (const m of moves) {
      m.before = this.castled(m.before);
      const fields = m.after.split(" ");
      fields[2] = castlingAfterMove(this.castling, m);
      m.after = fields.join(" ");
    }
    return moves;
  }

  /** Ply `ply` taken back. */
  undone(board, ply) {
    this.castling = this.before.get(ply) ?? null;
    this.before.delete(ply);
    this.#settle(board);
  }

  /** A null move played again, from chess.js's en passant square `ep`. */
  nullMove(ep) {
    this.drift ^= nullMoveDrift(ep);
  }

  /** After `put` or `remove`: chess.js drops the rights whose king or rook is off its square;
   * the core's board can hold the rest. */
  edited(board) {
    if (this.castling === null) return;
    const kept = castlingAfterEdit(this.castling, (square) => board.get(square));
    this.castling = null;
    if (kept !== field(board.fen(), 2)) board.setCastling(kept);
  }

  /** chess.js's `setCastlingRights(color, rights)` on a field `before`: the field the core's board
   * is to hold (its key drifts). */
  castlingSet(board, before, color, rights, castlingWith) {
    const set = castlingWith(before, color, rights);
    this.drift ^= castlingDrift(before, set);
    this.castling = null;
    return castlingAfterEdit(set, (square) => board.get(square));
  }

  /** chess.js's history() replay over an edited board left rights `castling`, replaying from
   * `steps` (chessjs-replay.js): it holds them all. */
  replayed(board, castling, steps) {
    this.castling = castling;
    this.#settle(board);
    this.before = new Map(steps.map((step, i) => [i, step.castling]));
  }

  /** Pieces chess.js's replay over an edited board lost (chessjs-replay.js): its key keeps them. */
  lostPieces(lost) {
    for (const piece of lost) this.drift ^= pieceKey(piece, piece.square);
  }

  /** chess.js's `history()`, `pgn()` and `getComments()` take every move back and play it again:
   * each null move among them (`sans`, played from en passant squares `epBefore(ply)`) then
   * changes its key, where taking back and replaying a move changes nothing else. */
  replayedNullMoves(sans, epBefore) {
    for (let i = sans.indexOf("--"); i !== -1; i = sans.indexOf("--", i + 1)) this.nullMove(epBefore(i));
  }

  /** chess.js's key of the position: the core's key with chess.js's castling field, its en
   * passant square `ep` (`fen({forceEnpassantSquare})`'s) and its drift. */
  hash(board, ep) {
    const core = board.hash();
    const fen = board.fen();
    const [coreCastling, coreEp] = [field(fen, 2), field(fen, 3)];
    if (this.castling === null && this.drift === 0n && ep === coreEp) return core;
    return chessjsHash(core, coreCastling, coreEp, this.castling ?? coreCastling, ep, this.drift);
  }
}
