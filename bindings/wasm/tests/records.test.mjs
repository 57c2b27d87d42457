// Game records: chess.js's loadPgn/pgn/headers/comments on the boards, checked against chess.js
// 1.4.0 both ways; readGames/writePgn trees on every example record, round trips in each
// notation; hostile records throw named errors, never a wasm trap.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Chess } from "chess.js";

import { ChessBoard, XiangqiBoard, printable, readGames, writePgn } from "./qipan.mjs";
import { NOT_STRINGS, pick, seeded, SEED, throwsNamed } from "./util.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const examples = join(here, "..", "..", "..", "examples", "games");
const RECORD_ERRORS = ["InvalidPgnError", "InvalidMoveError", "IllegalMoveError", "AmbiguousMoveError", "InvalidFenError"];
const WORDS = ["good", "a blunder", "only move", "\"quoted\"", "好棋", "x = y; z", "[%clk 0:01:02]", "é", "line\\back"];
const GAMES = Number(process.env.QIPAN_RECORD_GAMES ?? 40);

/** A random comment of one to four words. */
const comment = (rand) => Array.from({ length: 1 + Math.floor(rand() * 4) }, () => pick(rand, WORDS)).join(" ");

/** The comment on each position of a chess.js game, ply 0 first (undoes and replays the game). */
function chessJsComments(chess) {
  const moves = chess.history({ verbose: true });
  const comments = [];
  for (let i = moves.length; i >= 0; i--) {
    comments[i] = chess.getComment()?.trim();
    if (i > 0) chess.undo();
  }
  for (const mv of moves) chess.move(mv.san);
  return comments;
}

/** The comment on each position of a qipan board, ply 0 first. */
function qipanComments(board) {
  const history = board.history();
  const comments = [];
  for (let i = history.length; i >= 0; i--) {
    comments[i] = board.getComment();
    if (i > 0) board.pop();
  }
  for (const mv of history) board.push(mv);
  return comments;
}

test("qipan pgn() of random commented games reads back in chess.js with the same moves and comments", () => {
  const rand = seeded(SEED);
  for (let g = 0; g < GAMES; g++) {
    const board = new ChessBoard();
    const played = [];
    const commented = new Map();
    const note = () => {
      if (rand() < 0.35) {
        const text = comment(rand);
        board.setComment(text);
        commented.set(board.fen(), text);
      }
    };
    note();
    const plies = Math.floor(rand() * 80);
    for (let i = 0; i < plies && !board.isGameOver(); i++) {
      played.push(board.push(pick(rand, board.legalMoves())));
      note();
    }
    board.setHeader("White", `player ${g}`);
    const options = pick(rand, [{}, { maxWidth: 40 }, { maxWidth: 80, newline: "\r\n" }]);
    const text = board.pgn(options);
    const chess = new Chess();
    chess.loadPgn(text);
    assert.deepEqual(chess.history({ verbose: true }).map((m) => m.lan), played, text);
    const expected = [];
    const replay = new ChessBoard();
    expected.push(commented.get(replay.fen()));
    for (const mv of played) {
      replay.push(mv);
      expected.push(commented.get(replay.fen()));
    }
    assert.deepEqual(chessJsComments(chess), expected, text);
    assert.equal(chess.getHeaders().White, `player ${g}`);
  }
});

test("chess.js pgn() of random commented games loads into qipan with the same history and comments", () => {
  const rand = seeded(SEED + 1);
  for (let g = 0; g < GAMES; g++) {
    const chess = new Chess();
    // chess.js 1.4.0 glues tokens when it wraps a line inside a comment ("8. g4 e49. c4"), so
    // the wrapped records are written without comments.
    const commentsOn = g % 2 === 0;
    const note = () => {
      if (commentsOn && rand() < 0.35) chess.setComment(comment(rand));
    };
    note();
    const plies = Math.floor(rand() * 80);
    for (let i = 0; i < plies && !chess.isGameOver(); i++) {
      chess.move(pick(rand, chess.moves()));
      note();
    }
    chess.setHeader("Event", `game ${g}`);
    const wrap = commentsOn ? pick(rand, [{}, { newline: "\r\n" }]) : pick(rand, [{ maxWidth: 30 }, { maxWidth: 60, newline: "\r\n" }]);
    const text = chess.pgn(wrap);
    const board = new ChessBoard();
    board.loadPgn(text, wrap.newline ? { newlineChar: "\r\n" } : {});
    assert.deepEqual(board.history(), chess.history({ verbose: true }).map((m) => m.lan), text);
    assert.deepEqual(qipanComments(board), chessJsComments(chess), text);
    assert.equal(board.fen(), chess.fen());
    assert.equal(board.getHeaders().Event, `game ${g}`);
  }
});

test("loadPgn from a set-up position, and the getComments shape of chess.js", () => {
  const fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
  const chess = new Chess(fen);
  chess.setComment("start");
  chess.move("e4");
  chess.setComment("push");
  const board = new ChessBoard();
  board.loadPgn(chess.pgn());
  assert.equal(board.fen(), chess.fen());
  assert.deepEqual(board.getComments().map((c) => [c.fen, c.comment]), chess.getComments().map((c) => [c.fen, c.comment.trim()]));
  assert.match(board.pgn(), /\[SetUp "1"\]/);
  assert.deepEqual(board.removeComments().map((c) => c.comment), ["start", "push"]);
  assert.deepEqual(board.getComments(), []);
});

test("headers: setHeader, header, removeHeader and getHeaders as chess.js 1.4.0 answers them", () => {
  const board = new ChessBoard();
  const chess = new Chess();
  const same = (what) => assert.deepEqual({ ...board.getHeaders() }, chess.getHeaders(), what);
  same("fresh");
  for (const [key, value] of [["White", "Anna"], ["ECO", "B20"], ["Event", "Open"]]) {
    assert.deepEqual({ ...board.setHeader(key, value) }, chess.setHeader(key, value));
  }
  board.header("Black", "Bo", "Site", "Here");
  chess.header("Black", "Bo", "Site", "Here");
  same("header()");
  for (const key of ["ECO", "White", "Nothing"]) assert.equal(board.removeHeader(key), chess.removeHeader(key), key);
  same("removed");
  board.setHeader("Event");
  chess.setHeader("Event");
  same("reset to the roster default");
  throwsNamed(() => board.setHeader("bad name]", "x"), ["TypeError"]);
  throwsNamed(() => board.setHeader("White", 42), ["TypeError"]);
});

test("comments: setComment, getComment and removeComment on the current position", () => {
  const board = new XiangqiBoard();
  assert.equal(board.getComment(), undefined);
  board.setComment("开局 {braces}");
  assert.equal(board.getComment(), "开局 [braces]");
  board.pushWxf("C2.5");
  board.setComment("central cannon");
  assert.equal(board.removeComment(), "central cannon");
  assert.equal(board.removeComment(), undefined);
  assert.deepEqual(board.getComments().map((c) => c.comment), ["开局 [braces]"]);
  assert.match(board.pgn({ notation: "chinese" }), /\{ 开局 \[braces\] \} 1\. 炮二平五 \*$/);
  throwsNamed(() => board.pgn({ notation: "san" }), ["TypeError"]);
});

test("a bad record throws a named error with its line and leaves the board as it was", () => {
  const board = new ChessBoard();
  board.pushSan("d4");
  board.setHeader("White", "kept");
  board.setComment("kept");
  const before = JSON.stringify([board.fen(), board.history(), board.getHeaders(), board.getComments()]);
  const cases = [
    ["[Event \"x\"]\n\n1. e4 e5 2. Ke3 *", "IllegalMoveError", /line 3, ply 3/],
    ["1. e4 e5 2. Zz9 *", "InvalidMoveError", /ply 3/],
    ["[FEN \"not a fen\"]\n\n1. e4 *", "InvalidFenError", /FEN/],
    ["[Variant \"shogi\"]\n\n1. P7f *", "InvalidPgnError", /shogi/],
    ["[Variant \"xiangqi\"]\n\n1. C2.5 *", "InvalidPgnError", /xiangqi/],
    ["1. e4 e5 ( 1... c5 *", "InvalidPgnError", /line 1/],
  ];
  for (const [text, name, message] of cases) {
    const error = throwsNamed(() => board.loadPgn(text), [name], text);
    assert.match(error.message, message, text);
    assert.equal(JSON.stringify([board.fen(), board.history(), board.getHeaders(), board.getComments()]), before, text);
  }
  throwsNamed(() => board.loadPgn("[SetUp \"1\"]\n\n1. e4 *", { strict: true }), ["InvalidPgnError"]);
  throwsNamed(() => board.loadPgn("1. e4 *", { newlineChar: "(" }), ["TypeError"]);
  for (const value of NOT_STRINGS) throwsNamed(() => board.loadPgn(value), ["TypeError"], String(typeof value));
  assert.equal(JSON.stringify([board.fen(), board.history(), board.getHeaders(), board.getComments()]), before);
  board.loadPgn("1. e4 *", { newlineChar: "\r?\n" });
  assert.deepEqual(board.history(), ["e2e4"]);
});

test("a Chess960 record loads into a ChessBoard in Chess960 mode; a Xiangqi record into a XiangqiBoard", () => {
  const text = readFileSync(join(examples, "chess960.pgn"), "utf8");
  const board = new ChessBoard();
  board.loadPgn(text);
  assert.equal(board.isChess960(), true);
  const [game] = readGames(text);
  assert.equal(game.game, "chess960");
  assert.equal(board.history().length, mainline(game).length);
  assert.match(board.pgn(), /\[Variant "Chess960"\]/);
  const xq = new XiangqiBoard(undefined, "chinese");
  xq.loadPgn("1. C2.5 H8+7 2. H2+3 *");
  // WXF counts Red's files from Red's right: the horse on file 2 (h) goes to file 3 (g).
  assert.deepEqual(xq.history(), ["h2e2", "h9g7", "h0g2"]);
  assert.equal(xq.rules(), "chinese");
  throwsNamed(() => xq.loadPgn("[Variant \"chess\"]\n\n1. e4 *"), RECORD_ERRORS);
});

/** The main line's nodes of a tree. */
function mainline(game) {
  const nodes = [];
  for (let node = game.variations[0]; node; node = node.variations[0]) nodes.push(node);
  return nodes;
}

/** A tree without what depends on the notation it was written in. */
function shape(game) {
  const strip = (node) => ({
    move: node.move, comment: node.comment, startingComment: node.startingComment, nags: node.nags,
  });
  // A Xiangqi record's Format tag names the notation it is written in, so it follows the notation.
  const { Format, ...headers } = game.headers;
  const root = { headers, fen: game.fen, comment: game.comment, nodes: [] };
  const stack = [[game, root]];
  while (stack.length > 0) {
    const [node, out] = stack.pop();
    out.nodes = node.variations.map((child) => {
      const copy = strip(child);
      stack.push([child, copy]);
      return copy;
    });
  }
  return root;
}

const exampleFiles = readdirSync(examples).filter((f) => f.endsWith(".pgn"));

test("readGames reads every example record; chess.js reads the written main lines back to the same moves", () => {
  let games = 0;
  for (const file of exampleFiles) {
    const trees = readGames(readFileSync(join(examples, file), "utf8"));
    assert.ok(trees.length > 0, file);
    for (const game of trees) {
      games++;
      assert.deepEqual(game.errors, [], `${file}: ${JSON.stringify(game.errors)}`);
      assert.ok(mainline(game).length > 0, file);
      if (game.game !== "chess") continue;
      const chess = new Chess();
      chess.loadPgn(writePgn(game, { variations: false }));
      assert.deepEqual(chess.history({ verbose: true }).map((m) => m.lan), mainline(game).map((n) => n.move), file);
      assert.deepEqual(chess.history(), mainline(game).map((n) => n.san), file);
    }
  }
  assert.ok(games >= 9, `${games} games`);
  const [shogi] = readGames('[Variant "shogi"]\n\n1. P7f *');
  assert.equal(shogi.game, null);
  assert.deepEqual(shogi.errors.map((e) => [e.kind, e.name]), [["unsupported_variant", "InvalidPgnError"]]);
  const [illegal] = readGames("1. e4 e5 (1... c5 2. Ke3 Nc6) 2. Nf3 *");
  assert.deepEqual(illegal.errors.map((e) => [e.kind, e.name, e.ply, e.text]), [["illegal_move", "IllegalMoveError", 3, "Ke3"]]);
  assert.deepEqual(mainline(illegal).map((n) => n.san), ["e4", "e5", "Nf3"], "the rest of the game is still read");
  assert.deepEqual(illegal.variations[0].variations[1].variations, [], "the rest of the variation is skipped");
  const broken = readGames(readFileSync(join(examples, "broken", "errors.pgn"), "utf8"));
  assert.ok(broken.some((g) => g.errors.length > 0));
  for (const game of broken) {
    for (const e of game.errors) {
      assert.ok(RECORD_ERRORS.includes(e.name), e.name);
      assert.equal(typeof e.line, "number");
    }
  }
});

test("every example record round-trips through writePgn and readGames in each notation of its game", () => {
  const notations = { chess: ["san", "lan", "uci"], chess960: ["san", "uci"], xiangqi: ["iccs", "wxf", "chinese"] };
  let trips = 0;
  for (const file of exampleFiles) {
    for (const game of readGames(readFileSync(join(examples, file), "utf8"))) {
      for (const notation of notations[game.game]) {
        for (const maxWidth of [80, 0]) {
          const text = writePgn(game, { notation, maxWidth });
          const [back] = readGames(text);
          assert.deepEqual(back.errors, [], `${file} in ${notation}`);
          assert.equal(back.notation, notation === "lan" ? "san" : notation, file);
          assert.deepEqual(shape(back), shape(game), `${file} in ${notation}`);
          if (game.headers.Format) {
            assert.equal(back.headers.Format, { iccs: "ICCS", wxf: "WXF", chinese: "Chinese" }[notation], file);
          }
          trips++;
        }
      }
    }
  }
  assert.ok(trips >= 40, `${trips} round trips`);
});

test("a tree edited in JS is written back: a new variation, comments and NAGs", () => {
  const [game] = readGames("[Event \"edit\"]\n\n1. e4 e5 2. Nf3 *");
  const e4 = game.variations[0];
  e4.variations.push({ move: "c7c5", comment: "the Sicilian", nags: [5] });
  e4.comment = "best by test";
  game.headers.Annotator = "me";
  const text = writePgn(game);
  assert.match(text, /\[Annotator "me"\]/);
  assert.match(text, /1\. e4 \{ best by test \} 1\.\.\. e5 \( 1\.\.\. c5 \$5 \{ the Sicilian \} \) 2\. Nf3 \*/);
  const chess = new Chess();
  chess.loadPgn(text);
  assert.deepEqual(chess.history(), ["e4", "e5", "Nf3"]);
  assert.equal(writePgn({ variations: [{ san: "e4" }, { notation: "d4" }] }, { headers: false }), "1. e4 ( 1. d4 ) *");
  assert.equal(writePgn({ game: "xiangqi", variations: [{ notation: "炮二平五" }] }, { headers: false, notation: "wxf" }), "1. C2.5 *");
});

test("writePgn refuses bad trees with named errors, never a trap", () => {
  const bad = [
    [42, "TypeError"], [null, "TypeError"], [{ variations: 3 }, "TypeError"], [{ variations: [7] }, "TypeError"],
    [{ variations: [{ move: "e2e5" }] }, "IllegalMoveError"], [{ variations: [{ move: "zz" }] }, "InvalidMoveError"],
    [{ variations: [{ move: "e2e4", nags: [256] }] }, "RangeError"], [{ variations: [{ move: "e2e4", nags: 1 }] }, "TypeError"],
    [{ headers: { FEN: "8/8/8/8/8/8/8/8 w - - 0 1" } }, "InvalidFenError"], [{ headers: { "a b": "x" } }, "TypeError"],
    [{ headers: { White: 1 } }, "TypeError"], [{ game: "go" }, "TypeError"], [{ comment: 5 }, "TypeError"],
  ];
  for (const [tree, name] of bad) throwsNamed(() => writePgn(tree), [name], JSON.stringify(tree));
  throwsNamed(() => writePgn({}, { notation: "wxf" }), ["TypeError"]);
  throwsNamed(() => writePgn({}, { maxWidth: -1 }), ["RangeError"]);
  const cycle = { move: "g1f3", variations: [] };
  cycle.variations.push({ move: "g8f6", variations: [{ move: "f3g1", variations: [{ move: "f6g8", variations: [cycle] }] }] });
  throwsNamed(() => writePgn({ variations: [cycle] }), ["RangeError"]);
  const thrower = { get variations() { throw new Error("from a getter"); } };
  assert.throws(() => writePgn(thrower), /from a getter/);
  assert.equal(writePgn({}, { headers: false }), "*");
});

test("hostile records: huge comments, deep nesting and garbage bytes give errors on the game or named errors", () => {
  const lines = Array.from({ length: 5000 }, () => "x".repeat(999)).join("\n");
  const huge = `[Event "big"]\n\n1. e4 { ${lines} } e5 *`;
  const [big] = readGames(huge);
  assert.equal(mainline(big).length, 2);
  assert.equal(big.variations[0].comment.length, lines.length);
  const board = new ChessBoard();
  board.loadPgn(huge);
  assert.deepEqual(board.getComments().map((c) => c.comment.length), [lines.length]);
  // One line beyond the reader's line limit (1 MiB) is an error on the game, and refused by loadPgn.
  const oneLine = `[Event "big"]\n\n1. e4 { ${"x".repeat(5_000_000)} } e5 *`;
  assert.deepEqual(readGames(oneLine)[0].errors.map((e) => e.name), ["InvalidPgnError"]);
  throwsNamed(() => board.loadPgn(oneLine), ["InvalidPgnError"]);
  assert.equal(board.history().length, 2);
  const deep = `1. e4 ${"( 1. d4 ".repeat(50_000)}${")".repeat(50_000)} *`;
  const [nested] = readGames(deep);
  assert.ok(Array.isArray(nested.errors));
  assert.ok(writePgn(nested).length > 0);
  const long = `${"1. Nf3 Nf6 2. Ng1 Ng8 ".repeat(6000)}*`;
  const [longGame] = readGames(long);
  assert.ok(longGame.errors.length > 0 || mainline(longGame).length === 24000);
  assert.ok(writePgn(longGame, { maxWidth: 0 }).length > 0);
  const rand = seeded(SEED + 2);
  const pieces = ["[", "]", "{", "}", "(", ")", "\"", "\\", "\n", "\r", "\0", " ", "1.", "e4", "$", "%", ";", "\ud800", "炮", "C2.5", "Nf3", "*", "1-0"];
  for (let i = 0; i < 300; i++) {
    const text = Array.from({ length: Math.floor(rand() * 200) }, () => (rand() < 0.3
      ? String.fromCharCode(Math.floor(rand() * 0x10000)) : pick(rand, pieces))).join("");
    const games = readGames(text);
    assert.ok(Array.isArray(games));
    for (const game of games) {
      for (const e of game.errors) assert.ok(RECORD_ERRORS.includes(e.name), e.name);
      if (game.game) writePgn(game);
    }
    for (const Board of [ChessBoard, XiangqiBoard]) {
      const b = new Board();
      try {
        b.loadPgn(text);
      } catch (error) {
        assert.ok(!(error instanceof WebAssembly.RuntimeError), `trap on ${JSON.stringify(text)}`);
        assert.ok(RECORD_ERRORS.includes(error.name), `${error.name}: ${error.message}`);
      }
      b.pgn();
    }
  }
  throwsNamed(() => readGames("x".repeat((64 << 20) + 1)), ["InvalidPgnError"]);
  for (const value of NOT_STRINGS) throwsNamed(() => readGames(value), ["TypeError"], String(typeof value));
  assert.deepEqual(readGames(""), []);
});

test("printable escapes the control characters of record text as the command line prints them", () => {
  // Control characters (line breaks included) and the bidi overrides and isolates become \u{..}.
  assert.equal(printable("Kasparov 好棋 <b>"), "Kasparov 好棋 <b>");
  assert.equal(printable("a\x1b[2Jb\n"), "a\\u{1b}[2Jb\\u{a}");
  assert.equal(printable("x\u202ey\u2066z\u0085"), "x\\u{202e}y\\u{2066}z\\u{85}");
  for (const value of NOT_STRINGS) throwsNamed(() => printable(value), ["TypeError"], String(typeof value));
});
