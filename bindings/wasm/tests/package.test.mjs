// The npm package as installed from the tarball: files, exports, types, and both entries.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

import { Chess } from "chess.js";

import init, { ChessBoard, XiangqiBoard, appDir } from "./qipan.mjs";

const installed = join(appDir, "node_modules", "qipan");
const here = fileURLToPath(new URL(".", import.meta.url));

test("the tarball installs the ES module, the .wasm, the types and the Node entry", () => {
  for (const file of ["package.json", "qipan.js", "qipan.d.ts", "qipan_bg.wasm", "node.js", "README.md"]) {
    assert.ok(existsSync(join(installed, file)), file);
  }
  const meta = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"));
  assert.equal(meta.name, "qipan");
  assert.equal(meta.type, "module");
  assert.match(meta.version, /^\d+\.\d+\.\d+/);
  assert.equal(meta.exports["."].node, "./node.js");
  assert.equal(meta.exports["."].default, "./index.js");
  assert.equal(meta.exports["."].types, "./index.d.ts");
});

test("the .d.ts declares both classes with the documented methods", () => {
  const dts = readFileSync(join(installed, "qipan.d.ts"), "utf8");
  for (const cls of ["ChessBoard", "XiangqiBoard"]) assert.match(dts, new RegExp(`export class ${cls}`));
  for (const sig of [
    "constructor(fen?: string, options?: { chess960?: boolean, rules?: string, relaxed?: boolean })",
    "constructor(fen?: string, rules?: XiangqiRulesInit)",
    "static fromChess960Pos(n: number): ChessBoard", "isChess960(): boolean",
    "legalMoves(): string[]", "push(mv: string): string", "pushSan(san: string): string",
    "pushWxf(wxf: string): string", "pushChinese(chinese: string): string", "pop(): string | undefined",
    "history(options: { verbose: true }): Move[]",
    "fen(): string", "turn(): Color", "isCheck(): boolean", "isCheckmate(): boolean",
    "isStalemate(): boolean", "isInsufficientMaterial(): boolean", "canClaimDraw(): boolean",
    "isGameOver(claimDraw?: boolean): boolean", "outcome(claimDraw?: boolean): Outcome | null",
    "san(uci: string): string", "wxf(iccs: string): string", "chinese(iccs: string): string",
    "perft(depth: number): number", "svg(): string", "free(): void", "rules(): string",
    "resign(color: string | boolean): boolean", "agreeDraw(): boolean", "flag(color: string | boolean): boolean",
    "static chess960(start: number | string): ChessBoard",
    "moves(options: MovesOptions & { verbose: true }): Move[]", "export interface ChessBoard extends ChessJsMoves", "move(mv: string | MoveInput): Move", "undo(): Move | null",
    "get(square: string): Piece | undefined", "put(piece: Piece, square: string): boolean",
    "remove(square: string): Piece | undefined", "board(): (BoardSquare | null)[][]", "ascii(): string",
    "load(fen: string): void", "reset(): void", "clear(): void", "isAttacked(square: string, color: Color): boolean",
    "attackers(square: string, color?: Color): string[]", "inCheck(): boolean", "toString(): string",
    "loadPgn(pgn: string, options?: { strict?: boolean, newlineChar?: string }): void",
    "pgn(options?: { maxWidth?: number, newline?: string, notation?: string }): string",
    "setHeader(key: string, value?: string): Record<string, string>", "removeHeader(key: string): boolean",
    "getHeaders(): Record<string, string>", "getComment(): string | undefined", "setComment(comment: string): void",
    "removeComment(): string | undefined", "getComments(): { fen: string, comment: string }[]",
    "export function readGames(text: string | Uint8Array): GameRecord[]",
    "export function writePgn(tree: GameRecordInit, options?: WritePgnOptions): string",
    "export function printable(text: string): string", "export interface GameNode", "export interface GameRecord", "export interface RecordErrorInfo",
    "export default function __wbg_init",
  ]) {
    assert.ok(dts.includes(sig), `missing ${sig}`);
  }
});

test("in Node the classes work right after import, and await init() is accepted", async () => {
  assert.equal(new ChessBoard().legalMoves().length, 20);
  await init();
  assert.equal(new XiangqiBoard().legalMoves().length, 44);
});

test("a plain script in the installing folder imports the package by name", () => {
  const script = `import { ChessBoard } from "qipan"; const b = new ChessBoard(); b.pushSan("e4"); console.log(b.fen());`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: appDir, encoding: "utf8" });
  assert.match(out, /^rnbqkbnr\/pppppppp\/8\/8\/4P3\/8\/PPPP1PPP\/RNBQKBNR b KQkq /);
});

test("the browser entry initialises from bytes (init({ module_or_path })) in a fresh process", () => {
  const entry = pathToFileURL(join(installed, "qipan.js")).href;
  const wasm = join(installed, "qipan_bg.wasm");
  const script = `import init, { ChessBoard } from ${JSON.stringify(entry)};
    import { readFileSync } from "node:fs";
    await init({ module_or_path: readFileSync(${JSON.stringify(wasm)}) });
    console.log(new ChessBoard().perft(2));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  assert.equal(Number(out), new Chess().perft(2));
});

/** Runs a quick start (a ```js block importing from "qipan") and checks its `// value` comments. */
function runQuickStart(snippet, where) {
  // Each `// value` comment on a line ending in a call is checked against what the call answers.
  const checks = [];
  const code = snippet.split("\n").map((line) => {
    const m = line.match(/^(.*?);\s*\/\/ (".*?"|\d+|true|false|\{.*\})/);
    if (!m || /^\s*(const|let|for|import|await)\b/.test(m[1])) return line;
    checks.push(m[2]);
    return `results.push(${m[1]});`;
  }).join("\n");
  const script = `const results = [];\n${code}\nconsole.log(JSON.stringify(results));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: appDir, encoding: "utf8" });
  const results = JSON.parse(out);
  assert.equal(results.length, checks.length, where);
  checks.forEach((expected, i) => {
    const value = expected.startsWith("{")
      ? JSON.stringify(results[i]).replace(/"(\w+)":/g, "$1: ").replace(/,/g, ", ")
      : JSON.stringify(results[i]);
    const want = expected.startsWith("{") ? expected.replace(/^\{ /, "{").replace(/ \}$/, "}") : expected;
    assert.equal(value, want, `${where}, checked line ${i}`);
  });
}

const QUICK_START = /```js\n(import \{[^}]*\} from "qipan";[\s\S]*?)```/g;

test("the Node quick start of docs/javascript.md runs as written", () => {
  const doc = readFileSync(join(here, "..", "..", "..", "docs", "javascript.md"), "utf8");
  const blocks = [...doc.matchAll(QUICK_START)].map((m) => m[1]).filter((b) => !b.includes("await init()"));
  assert.ok(blocks.length > 0);
  blocks.forEach((block, i) => runQuickStart(block, `docs/javascript.md block ${i}`));
});

test("a JavaScript quick start in the README, if there is one, runs as written", () => {
  const readme = readFileSync(join(here, "..", "..", "..", "README.md"), "utf8");
  const blocks = [...readme.matchAll(QUICK_START)].map((m) => m[1]);
  blocks.forEach((block, i) => runQuickStart(block, `README.md block ${i}`));
});

test("the .d.ts types a TypeScript program (tsc --strict)", () => {
  const program = `
import init, { ChessBoard, XiangqiBoard, readGames, writePgn, Chess, validateFen, SQUARES, type Outcome, type QipanErrorName,
  type GameRecord, type GameNode, type RecordErrorInfo, type Move, type Piece, type BoardSquare, type Color } from "qipan";
await init();
using board = new ChessBoard();
const moves: string[] = board.legalMoves();
const played: string = board.push(moves[0]);
const san: string = board.san(board.legalMoves()[0]);
const back: string | undefined = board.pop();
const outcome: Outcome | null = board.outcome(true);
if (outcome) {
  const result: "1-0" | "0-1" | "1/2-1/2" = outcome.result;
  const winner: "white" | "black" | "red" | null = outcome.winner;
}
const over: boolean = board.isGameOver() || board.isCheckmate() || board.canClaimDraw();
const nodes: number = board.perft(2);
const side: "w" | "b" = board.turn();
const xq = new XiangqiBoard(undefined, { repetition: "simple", moveLimit: null });
const wxf: string = xq.wxf("h2e2");
const chinese: string = xq.pushChinese(xq.chinese("h2e2"));
const name: QipanErrorName = "IllegalMoveError";
// @ts-expect-error SAN is chess only
xq.pushSan("e4");
// @ts-expect-error unknown rule set
new XiangqiBoard(undefined, "blitz");
// @ts-expect-error moves are strings
board.push(42);
xq.free();
const red: "w" | "b" = xq.turn();
const verbose: Move[] = board.moves({ verbose: true, square: "e2" });
const sans: string[] = board.moves();
const first: Move = board.move({ from: verbose[0].from, to: verbose[0].to, promotion: "q" });
const isCapture: boolean = first.isCapture() || first.isBigPawn() || first.isEnPassant();
const flags: string = first.flags + first.san + first.lan + first.before + first.after + (first.captured ?? "");
const undone: Move | null = board.undo();
const piece: Piece | undefined = board.get("e1");
const placed: boolean = board.put({ type: "q", color: "w" }, "d4");
const taken: Piece | undefined = board.remove("d4");
const cells: (BoardSquare | null)[][] = xq.board();
const attacked: boolean = board.isAttacked("f3", "w") && board.inCheck();
const attackers: string[] = board.attackers("f3") .concat(xq.attackers("e1", "b"));
const mover: Color = xq.moves({ verbose: true })[0].color;
board.load(board.toString());
board.reset();
xq.clear();
// @ts-expect-error a piece has a type and a colour
board.put({ type: "q" }, "d4");
// @ts-expect-error verbose moves are Move objects (chess.js's overloads), not strings
const notStrings: string[] = board.moves({ verbose: true });
// @ts-expect-error plain moves are strings
const notMoves: Move[] = xq.moves();
const played2: Move[] = xq.history({ verbose: true });
const coords: string[] = xq.history();
board.loadPgn("1. e4 e5 *", { strict: true, newlineChar: "\\r?\\n" });
board.setHeader("White", "me");
const headers: Record<string, string> = board.getHeaders();
const comment: string | undefined = board.getComment();
board.setComment("note");
const comments: { fen: string, comment: string }[] = board.getComments();
const text: string = board.pgn({ maxWidth: 80, newline: "\\n" });
const games: GameRecord[] = readGames(text);
const firstNode: GameNode | undefined = games[0].variations[0];
const moveText: string | undefined = firstNode?.move;
const errors: RecordErrorInfo[] = games[0].errors;
const line: number | undefined = errors[0]?.line;
const pgnName: QipanErrorName = "InvalidPgnError";
const written: string = writePgn(games[0], { notation: "uci", comments: false, variations: true, maxWidth: 0 });
writePgn({ game: "xiangqi", variations: [{ notation: "C2.5", nags: [1] }] });
// @ts-expect-error unknown notation
writePgn(games[0], { notation: "fen" });
// @ts-expect-error nodes are objects
writePgn({ variations: ["e2e4"] });
const chessjs = new Chess(undefined, { skipValidation: false });
const sanHistory: string[] = chessjs.history();
const chessjsMoves: Move[] = chessjs.moves({ verbose: true });
const fenOk: boolean = validateFen(chessjs.fen({ forceEnpassantSquare: true })).ok && SQUARES.length === 64;
const key: string = chessjs.hash();
// @ts-expect-error chess.js's history() without verbose is SAN strings
const notVerbose: Move[] = chessjs.history();
export { sanHistory, chessjsMoves, fenOk, key, notVerbose };
export { played, san, back, over, nodes, side, wxf, chinese, name, red, sans, isCapture, flags, undone, piece, placed, taken, cells,
  attacked, attackers, mover, notStrings, notMoves, played2, coords, headers, comment, comments, moveText, line, pgnName, written };
`;
  writeFileSync(join(appDir, "types.mts"), program);
  const tsconfig = {
    compilerOptions: {
      target: "es2022", module: "nodenext", moduleResolution: "nodenext", strict: true, noEmit: true,
      lib: ["es2022", "dom", "esnext.disposable"], skipLibCheck: false, types: [],
    },
    files: ["types.mts"],
  };
  writeFileSync(join(appDir, "tsconfig.json"), JSON.stringify(tsconfig));
  const tsc = join(here, "..", "node_modules", ".bin", "tsc");
  try {
    execFileSync(tsc, ["-p", appDir], { cwd: appDir, encoding: "utf8", stdio: "pipe" });
  } catch (error) {
    // tsc reports on stdout: show it, not only the exit status.
    assert.fail(`tsc: ${error.stdout}${error.stderr}`);
  }
});
