// chess.js's names and shapes, checked against independent oracles on positions from
// seeded random playouts: chess.js 1.4.0 for standard chess (verbose moves with every field and
// method, moves by square and piece, move() by SAN and by object, undo, get, board(), ascii(),
// turn, inCheck, isAttacked and attackers on every square, put/remove edits), ffish for Chess960
// and Xiangqi (moves, captures, checks, placement). Chess move lists are compared in order (qipan
// lists them as chess.js does); ffish's as sets.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Chess } from "chess.js";

import { appDir, ChessBoard, XiangqiBoard } from "./qipan.mjs";
import { loadFfish, toFfish, toIccs } from "./ffish.mjs";
import { pick, seeded, SEED, throwsNamed } from "./util.mjs";

const ffish = await loadFfish();
const POSITIONS = Number(process.env.QIPAN_DIFF_POSITIONS ?? 3000);
const METHODS = ["isCapture", "isPromotion", "isEnPassant", "isKingsideCastle", "isQueensideCastle", "isBigPawn"];
const CHESS_SQUARES = [..."abcdefgh"].flatMap((f) => [..."12345678"].map((r) => f + r));
const XIANGQI_SQUARES = [..."abcdefghi"].flatMap((f) => [..."0123456789"].map((r) => f + r));

/** A chess.js or qipan `Move` as plain data: every own field, and what each method answers. */
const plain = (m) => {
  const out = { ...m, keys: Object.keys(m).join(",") };
  for (const name of METHODS) out[name] = m[name]();
  return out;
};

/** The pieces of a FEN's placement field by square name; ranks named from `firstRank`. */
function placement(fen, files, ranks, firstRank) {
  const out = new Map();
  fen.split(" ")[0].split("/").forEach((row, i) => {
    let file = 0;
    for (const c of row.match(/\d+|[a-zA-Z]/g)) {
      if (/\d/.test(c)) file += Number(c);
      else out.set(String.fromCharCode(97 + file++) + (ranks - 1 - i + firstRank), c);
    }
    assert.equal(file, files, fen);
  });
  return out;
}

/** `board()` as a FEN-letter map, checked against `get` on every square. */
function drawn(board, squares) {
  const out = new Map();
  for (const row of board.board()) {
    for (const cell of row) {
      if (cell === null) continue;
      out.set(cell.square, cell.color === "w" ? cell.type.toUpperCase() : cell.type);
    }
  }
  for (const sq of squares) {
    const piece = board.get(sq);
    assert.equal(piece === undefined ? undefined : piece.color === "w" ? piece.type.toUpperCase() : piece.type, out.get(sq), sq);
  }
  return out;
}

/** Inspection of both boards agrees: board(), get, ascii, fen, turn, inCheck, attacks. */
function sameInspection(board, ref, where) {
  assert.deepEqual(board.board(), ref.board(), `board(), ${where}`);
  for (const sq of CHESS_SQUARES) assert.deepEqual(board.get(sq), ref.get(sq), `get(${sq}), ${where}`);
  assert.equal(board.ascii(), ref.ascii(), `ascii, ${where}`);
  assert.equal(board.turn(), ref.turn(), `turn, ${where}`);
  assert.equal(board.inCheck(), ref.inCheck(), `inCheck, ${where}`);
  for (const sq of CHESS_SQUARES) {
    for (const color of ["w", "b"]) {
      assert.equal(board.isAttacked(sq, color), ref.isAttacked(sq, color), `isAttacked(${sq}, ${color}), ${where}`);
      assert.deepEqual(board.attackers(sq, color), ref.attackers(sq, color), `attackers(${sq}, ${color}), ${where}`);
    }
  }
  assert.deepEqual(board.attackers("e4"), ref.attackers("e4"), `attackers(e4), ${where}`);
}

test(`chess: ${POSITIONS} positions give chess.js's verbose moves and inspection`, () => {
  const rand = seeded(SEED + 15);
  let positions = 0;
  const seen = { captures: 0, promotions: 0, enPassant: 0, castles: 0, edits: 0, refused: 0, objectMoves: 0, undos: 0 };
  for (let game = 0; positions < POSITIONS; game++) {
    const ref = new Chess();
    const board = new ChessBoard();
    for (let ply = 0; ply < 160 && positions < POSITIONS; ply++) {
      positions++;
      const where = `game ${game} ply ${ply} ${ref.fen()}`;
      const expected = ref.moves({ verbose: true });
      // In chess.js's order too.
      assert.deepEqual(board.moves({ verbose: true }).map(plain), expected.map(plain), `moves, ${where}`);
      assert.deepEqual(board.moves(), ref.moves(), `moves() SAN, ${where}`);
      const square = pick(rand, CHESS_SQUARES);
      // Verbose: chess.js's plain `moves({square})` disambiguates SAN among the square's moves
      // only ("Rf8" where another rook also reaches f8); its verbose SAN, like qipan's, among all.
      assert.deepEqual(board.moves({ square, verbose: true }).map(plain),
        ref.moves({ square, verbose: true }).map(plain), `moves({square: ${square}}), ${where}`);
      const piece = pick(rand, [..."pnbrqk"]);
      assert.deepEqual(board.moves({ piece, verbose: true }).map(plain),
        ref.moves({ piece, verbose: true }).map(plain), `moves({piece: ${piece}}), ${where}`);
      sameInspection(board, ref, where);
      for (const m of expected) {
        seen.captures += m.isCapture();
        seen.promotions += m.isPromotion();
        seen.enPassant += m.isEnPassant();
        seen.castles += m.isKingsideCastle() || m.isQueensideCastle();
      }
      if (ply % 9 === 4) {
        // An edit on copies: put a random piece on a random square, or take one off.
        const [edited, editedRef] = [new ChessBoard(ref.fen()), new Chess(ref.fen())];
        const sq = pick(rand, CHESS_SQUARES);
        if (rand() < 0.5) {
          const what = { type: pick(rand, [..."pnbrqk"]), color: pick(rand, ["w", "b"]) };
          const done = editedRef.put(what, sq);
          assert.equal(edited.put(what, sq), done, `put(${JSON.stringify(what)}, ${sq}), ${where}`);
          seen.refused += !done;
        } else {
          assert.deepEqual(edited.remove(sq), editedRef.remove(sq), `remove(${sq}), ${where}`);
        }
        sameInspection(edited, editedRef, `after an edit on ${sq}, ${where}`);
        assert.equal(edited.fen(), editedRef.fen(), `fen after an edit on ${sq}, ${where}`);
        seen.edits++;
        edited.free();
      }
      if (expected.length === 0) break;
      const m = pick(rand, expected);
      const asObject = rand() < 0.3;
      const arg = asObject ? { from: m.from, to: m.to, promotion: m.promotion } : m.san;
      seen.objectMoves += asObject;
      assert.deepEqual(plain(board.move(arg)), plain(ref.move(arg)), `move(${JSON.stringify(arg)}), ${where}`);
      if (rand() < 0.1) {
        assert.deepEqual(plain(board.undo()), plain(ref.undo()), `undo, ${where}`);
        board.move(m.san);
        ref.move(m.san);
        seen.undos++;
      }
      if (ref.isGameOver()) break;
    }
    assert.deepEqual(board.history({ verbose: true }).map(plain), ref.history({ verbose: true }).map(plain), `history, game ${game}`);
    assert.deepEqual(board.history({ verbose: true }).map((m) => m.lan), board.history(), `history in coordinates, game ${game}`);
    board.free();
  }
  // Every kind of move and edit comes up in the default count (fewer positions may miss some).
  if (POSITIONS >= 3000) for (const [what, count] of Object.entries(seen)) assert.ok(count > 0, `no ${what} among the positions`);
  console.log(`chess.js: ${positions} positions, ${JSON.stringify(seen)}`);
});

test("chess: refusals and unplayable boards as chess.js's model, with typed errors", () => {
  const board = new ChessBoard();
  assert.equal(board.put({ type: "k", color: "w" }, "e4"), false, "a second white king");
  assert.equal(board.put({ type: "x", color: "w" }, "e4"), false);
  assert.equal(board.put({ type: "q", color: "w" }, "e9"), false);
  assert.equal(board.get("z1"), undefined);
  assert.deepEqual(board.attackers("nowhere"), []);
  assert.deepEqual(board.moves({ square: "e9" }), []);
  board.clear();
  const empty = new Chess();
  empty.clear();
  assert.equal(board.fen(), empty.fen());
  assert.equal(board.inCheck(), false);
  for (const f of [() => board.moves(), () => board.move("e4"), () => board.legalMoves(), () => board.isCheckmate()]) {
    throwsNamed(f, ["InvalidFenError"], "on an empty board");
  }
  assert.equal(board.put({ type: "k", color: "w" }, "e1"), true);
  assert.equal(board.put({ type: "k", color: "b" }, "e8"), true);
  assert.deepEqual(board.moves(), new Chess("4k3/8/8/8/8/8/8/4K3 w - - 0 1").moves());
  throwsNamed(() => board.move({ from: "e1", to: "e3" }), ["IllegalMoveError"]);
  throwsNamed(() => board.move(42), ["InvalidMoveError"]);
  throwsNamed(() => board.load("not a fen"), ["InvalidFenError"]);
  assert.equal(board.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "a refused load changes nothing");
  board.reset();
  assert.equal(board.fen(), new Chess().fen());
  assert.equal(`${board}`, board.fen());
});

test(`chess960: verbose moves, captures, checks and the board agree with ffish`, () => {
  const rand = seeded(SEED + 1596);
  const count = Math.ceil(POSITIONS / 3);
  let positions = 0;
  let castles = 0;
  for (let game = 0; positions < count; game++) {
    const board = ChessBoard.chess960(Math.floor(rand() * 960));
    const ref = new ffish.Board("chess", board.fen(), true);
    for (let ply = 0; ply < 120 && positions < count; ply++) {
      positions++;
      const where = `game ${game} ply ${ply} ${ref.fen()}`;
      const expected = ref.legalMoves() === "" ? [] : ref.legalMoves().split(" ");
      const moves = board.moves({ verbose: true });
      assert.deepEqual(moves.map((m) => m.lan).sort(), [...expected].sort(), where);
      const pieces = placement(ref.fen(), 8, 8, 1);
      assert.deepEqual(drawn(board, CHESS_SQUARES), pieces, `board(), ${where}`);
      assert.equal(board.inCheck(), ref.isCheck(), `check, ${where}`);
      assert.equal(board.turn(), ref.turn() ? "w" : "b", `turn, ${where}`);
      for (const m of moves) {
        assert.equal(m.san, ref.sanMove(m.lan), `san ${m.lan}, ${where}`);
        assert.equal(m.isCapture() || m.isEnPassant(), ref.isCapture(m.lan), `capture ${m.lan}, ${where}`);
        assert.equal(m.piece, pieces.get(m.from).toLowerCase(), `piece ${m.lan}, ${where}`);
        castles += m.isKingsideCastle() || m.isQueensideCastle();
        ref.push(m.lan);
        assert.deepEqual(placement(m.after, 8, 8, 1), placement(ref.fen(), 8, 8, 1), `after ${m.lan}, ${where}`);
        ref.pop();
      }
      if (moves.length === 0) break;
      const m = pick(rand, moves);
      board.move(rand() < 0.5 ? m.san : { from: m.from, to: m.to, promotion: m.promotion });
      ref.push(m.lan);
    }
    ref.delete();
    board.free();
  }
  assert.ok(castles > 0, "no castling among the Chess960 positions");
});

test(`xiangqi: ${POSITIONS} positions: board(), get, checks and captures agree with ffish`, () => {
  const rand = seeded(SEED + 1515);
  let positions = 0;
  let captures = 0;
  let checks = 0;
  for (let game = 0; positions < POSITIONS; game++) {
    const ref = new ffish.Board("xiangqi");
    const board = new XiangqiBoard();
    for (let ply = 0; ply < 150 && positions < POSITIONS; ply++) {
      positions++;
      const where = `game ${game} ply ${ply} ${ref.fen()}`;
      const pieces = placement(ref.fen(), 9, 10, 0);
      assert.deepEqual(drawn(board, XIANGQI_SQUARES), pieces, `board(), ${where}`);
      assert.equal(board.turn(), ref.turn() ? "w" : "b", `turn, ${where}`);
      assert.equal(board.inCheck(), ref.isCheck(), `inCheck, ${where}`);
      checks += ref.isCheck();
      const general = [...pieces].find(([, c]) => c === (ref.turn() ? "K" : "k"))[0];
      assert.equal(board.isAttacked(general, ref.turn() ? "b" : "w"), ref.isCheck(), `general attacked, ${where}`);
      const expected = ref.legalMoves() === "" ? [] : ref.legalMoves().split(" ");
      const moves = board.moves({ verbose: true });
      assert.deepEqual(moves.map((m) => m.lan).sort(), expected.map(toIccs).sort(), `moves, ${where}`);
      for (const m of moves) {
        const uci = toFfish(m.lan);
        assert.equal(m.isCapture(), ref.isCapture(uci), `isCapture ${m.lan}, ${where}`);
        assert.equal(m.captured, pieces.get(m.to)?.toLowerCase(), `captured ${m.lan}, ${where}`);
        assert.equal(m.piece, pieces.get(m.from).toLowerCase(), `piece ${m.lan}, ${where}`);
        assert.equal(m.color, board.turn());
        captures += m.isCapture();
      }
      if (moves.length === 0) break;
      const m = pick(rand, moves);
      ref.push(toFfish(m.lan));
      const played = board.move(rand() < 0.5 ? m.san : { from: m.from, to: m.to });
      assert.equal(played.lan, m.lan);
      assert.deepEqual(placement(played.after, 9, 10, 0), placement(ref.fen(), 9, 10, 0), `after ${m.lan}, ${where}`);
    }
    ref.delete();
    board.free();
  }
  assert.ok(captures > 0 && checks > 0, `captures ${captures}, checks ${checks}`);
});

test("xiangqi: setting up a board, refusals and unplayable boards", () => {
  const board = new XiangqiBoard();
  assert.equal(board.put({ type: "k", color: "w" }, "d0"), false, "a second red general");
  assert.equal(board.put({ type: "b", color: "w" }, "e4"), false, "an elephant off its points");
  assert.equal(board.put({ type: "r", color: "w" }, "e4"), false, "a third red chariot");
  assert.deepEqual(board.remove("e0"), { type: "k", color: "w" });
  throwsNamed(() => board.moves(), ["InvalidFenError"], "without a red general");
  assert.equal(board.put({ type: "k", color: "w" }, "d0"), true);
  const ref = new ffish.Board("xiangqi", board.fen());
  assert.deepEqual(board.moves({ verbose: true }).map((m) => m.lan).sort(), ref.legalMoves().split(" ").map(toIccs).sort());
  ref.delete();
  board.clear();
  assert.equal(board.fen(), "9/9/9/9/9/9/9/9/9/9 w - - 0 1");
  assert.ok(board.put({ type: "k", color: "w" }, "e0") && board.put({ type: "k", color: "b" }, "e9"));
  throwsNamed(() => board.moves(), ["InvalidFenError"], "facing generals");
  assert.ok(board.put({ type: "h", color: "b" }, "e5"), "a horse, written as WXF's H");
  assert.deepEqual(board.get("e5"), { type: "n", color: "b" });
  assert.equal(board.moves().length > 0, true);
});

test("the chess.js program of docs/javascript.md prints the same with qipan as with chess.js", () => {
  const here = dirname(fileURLToPath(import.meta.url));
  const doc = readFileSync(join(here, "..", "..", "..", "docs", "javascript.md"), "utf8");
  const program = doc.match(/```js\n(import \{ Chess \} from "chess.js";\n[\s\S]*?)```/)?.[1];
  assert.ok(program, "no chess.js program in docs/javascript.md");
  const run = (code, cwd) => execFileSync(process.execPath, ["--input-type=module", "-e", code], { cwd, encoding: "utf8" });
  // chess.js from this harness's node_modules; qipan as a user installs it.
  const expected = run(program, join(here, ".."));
  // Both chess.js's own class and ChessBoard under its name.
  for (const line of ['import { Chess } from "qipan";', 'import { ChessBoard as Chess } from "qipan";']) {
    const ported = program.replace('import { Chess } from "chess.js";', line);
    assert.notEqual(ported, program);
    assert.ok(expected.split("\n").length > 15, expected);
    assert.equal(run(ported, appDir), expected, line);
  }
});
