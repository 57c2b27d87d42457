// ChessBoard's API, with every expected value taken from chess.js.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Chess } from "chess.js";

import { ChessBoard, chessStartFen } from "./qipan.mjs";
import { throwsNamed } from "./util.mjs";

// Morphy's Opera Game (Paris, 1858): captures, checks, queenside castling, mate.
const OPERA = ["e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3", "Qxf3", "dxe5", "Bc4", "Nf6", "Qb3", "Qe7",
  "Nc3", "c6", "Bg5", "b5", "Nxb5", "cxb5", "Bxb5+", "Nbd7", "O-O-O", "Rd8", "Rxd7", "Rxd7", "Rd1", "Qe6",
  "Bxd7+", "Nxd7", "Qb8+", "Nxb8", "Rd8#"];

/** The FEN without the en-passant field, which chess.js and qipan may write differently. */
const fenSansEp = (fen) => fen.split(" ").filter((_, i) => i !== 3).join(" ");

test("the start position", () => {
  const board = new ChessBoard();
  const ref = new Chess();
  assert.equal(board.fen(), ref.fen());
  assert.equal(chessStartFen(), ref.fen());
  assert.deepEqual(board.legalMoves().sort(), ref.moves({ verbose: true }).map((m) => m.lan).sort());
  assert.equal(board.turn(), "w");
  assert.equal(board.isCheck(), false);
  assert.equal(board.outcome(), null);
  assert.equal(board.isGameOver(), false);
  assert.equal(board.pop(), undefined);
  assert.deepEqual(board.history(), []);
  assert.match(board.svg(), /<svg[\s>][\s\S]*<\/svg>\s*$/);
});

test("push, pushSan, san and pop through the Opera Game to mate", () => {
  const board = new ChessBoard();
  const ref = new Chess();
  for (const [i, san] of OPERA.entries()) {
    const move = ref.move(san);
    assert.equal(board.san(move.lan), move.san, `san(${move.lan})`);
    assert.equal(i % 2 ? board.push(move.lan) : board.pushSan(san), move.lan);
    assert.equal(fenSansEp(board.fen()), fenSansEp(ref.fen()), `after ${san}`);
    assert.equal(board.isCheck(), ref.inCheck(), `check after ${san}`);
    assert.equal(board.turn(), ref.turn());
  }
  assert.ok(ref.isCheckmate());
  assert.equal(board.isCheckmate(), true);
  assert.equal(board.isGameOver(), true);
  assert.deepEqual(board.legalMoves(), []);
  assert.deepEqual(board.outcome(), { termination: "checkmate", winner: "white", result: "1-0" });
  throwsNamed(() => board.push("e8d8"), ["IllegalMoveError"]);
  // Taking back every move returns to the start.
  const history = board.history();
  assert.equal(history.length, OPERA.length);
  for (let i = history.length - 1; i >= 0; i--) assert.equal(board.pop(), history[i]);
  assert.equal(board.fen(), new Chess().fen());
});

test("the fool's mate", () => {
  const board = new ChessBoard();
  const ref = new Chess();
  for (const san of ["f3", "e5", "g4", "Qh4#"]) {
    ref.move(san);
    board.pushSan(san);
  }
  assert.ok(ref.isCheckmate());
  assert.equal(board.isCheckmate(), true);
  assert.deepEqual(board.outcome(), { termination: "checkmate", winner: "black", result: "0-1" });
});

test("errors are named: InvalidFenError, InvalidMoveError, IllegalMoveError, AmbiguousMoveError", () => {
  throwsNamed(() => new ChessBoard("not a fen"), ["InvalidFenError"]);
  const board = new ChessBoard();
  throwsNamed(() => board.push("e2e5"), ["IllegalMoveError"]);
  throwsNamed(() => board.push("zz"), ["InvalidMoveError"]);
  throwsNamed(() => board.pushSan("Ke2"), ["IllegalMoveError"]);
  throwsNamed(() => board.san("e2e5"), ["IllegalMoveError"]);
  const fen = "r1bqkbnr/pppppppp/2n5/8/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 3 3";
  const ref = new Chess(fen);
  assert.throws(() => ref.move("Nd2"));
  const knights = new ChessBoard(fen);
  const error = throwsNamed(() => knights.pushSan("Nd2"), ["AmbiguousMoveError"]);
  assert.match(error.message, /Nbd2/);
  assert.equal(knights.fen(), fen);
  assert.equal(knights.pushSan("Nfd2"), ref.move("Nfd2").lan);
});

test("promotion, castling and en passant in UCI and SAN", () => {
  const cases = [
    ["8/P7/8/8/8/8/8/k6K w - - 0 1", "a7a8q", "a8=Q+"],
    ["8/P7/8/8/8/8/8/k6K w - - 0 1", "a7a8n", "a8=N"],
    ["r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"],
    ["r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O"],
    ["4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "exd6+"],
  ];
  for (const [fen, uci, san] of cases) {
    const ref = new Chess(fen);
    const move = ref.move(san);
    assert.equal(move.lan, uci);
    const board = new ChessBoard(fen);
    assert.equal(board.san(uci), move.san);
    assert.equal(board.pushSan(san), uci);
    assert.equal(fenSansEp(board.fen()), fenSansEp(ref.fen()));
  }
});

test("stalemate, insufficient material, threefold repetition and the fifty-move rule", () => {
  const stale = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
  assert.ok(new Chess(stale).isStalemate());
  const board = new ChessBoard(stale);
  assert.equal(board.isStalemate(), true);
  assert.deepEqual(board.outcome(), { termination: "stalemate", winner: null, result: "1/2-1/2" });

  const bare = "8/8/8/4k3/8/8/8/K7 w - - 0 1";
  assert.ok(new Chess(bare).isInsufficientMaterial());
  const kings = new ChessBoard(bare);
  assert.equal(kings.isInsufficientMaterial(), true);
  assert.deepEqual(kings.outcome(), { termination: "insufficient_material", winner: null, result: "1/2-1/2" });
  assert.equal(new ChessBoard().isInsufficientMaterial(), new Chess().isInsufficientMaterial());

  const ref = new Chess();
  const rep = new ChessBoard();
  for (const san of ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]) {
    ref.move(san);
    rep.pushSan(san);
  }
  assert.ok(ref.isThreefoldRepetition());
  assert.equal(rep.canClaimDraw(), true);
  assert.equal(rep.isGameOver(), false);
  assert.equal(rep.isGameOver(true), true);
  assert.equal(rep.outcome(), null);
  assert.deepEqual(rep.outcome(true), { termination: "threefold_repetition", winner: null, result: "1/2-1/2" });

  const fifty = new Chess("k7/8/8/8/8/8/8/K6R w - - 99 80");
  fifty.move("Rh2");
  assert.ok(fifty.isDrawByFiftyMoves());
  const slow = new ChessBoard("k7/8/8/8/8/8/8/K6R w - - 99 80");
  slow.pushSan("Rh2");
  assert.equal(slow.canClaimDraw(), true);
  assert.equal(slow.outcome(true).termination, "fifty_moves");
});

test("perft agrees with chess.js", () => {
  const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  for (const [fen, depth] of [[undefined, 3], [kiwipete, 2], ["8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3]]) {
    assert.equal(new ChessBoard(fen).perft(depth), new Chess(fen).perft(depth), `${fen} depth ${depth}`);
  }
});

test("setEnPassant sets the square chess.js's history() sets again after an edit", () => {
  const fen = "4k3/pp6/8/2P5/8/8/8/4K3 b - - 0 1";
  const ref = new Chess(fen);
  const board = new ChessBoard(fen, { relaxed: true });
  ref.move("b5");
  board.pushSan("b5");
  ref.remove("a7");
  board.remove("a7");
  const cleared = ref.fen();
  assert.equal(board.fen(), cleared);
  ref.history();
  board.setEnPassant("b6");
  assert.equal(board.fen(), ref.fen());
  assert.deepEqual(board.legalMoves().sort(), ref.moves({ verbose: true }).map((m) => m.lan).sort());
  // A square no double step explains, or not a square: refused, the board unchanged.
  for (const bad of ["c6", "b3", "e4", "z9", 6, {}]) {
    throwsNamed(() => board.setEnPassant(bad), ["InvalidFenError"]);
    assert.equal(board.fen(), ref.fen(), String(bad));
  }
  board.setEnPassant(null);
  assert.equal(board.fen(), cleared);
  board.setEnPassant("-");
  assert.equal(board.fen(), cleared);
  board.setEnPassant(undefined);
  assert.equal(board.fen(), cleared);
  // The move stays, and taking it back restores the square before it.
  board.setEnPassant("b6");
  assert.equal(board.history().length, 1);
  board.pop();
  ref.undo();
  assert.equal(board.fen(), ref.fen());
});
