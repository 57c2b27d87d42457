// End-to-end test of the web page: builds it with vite, serves dist/ on 127.0.0.1, and plays it
// in headless Chromium by clicks — the fool's mate in chess and a cannon mate in Xiangqi — then
// checks the announced results; then the rules-only page (rules.html, on `qipan/rules`), the
// chess.js programs of examples/chessjs run unchanged in a page (chessjs.html); last,
// loads it from the vite dev server. Screenshots go to
// screenshots/ (git-ignored).
//
//   node e2e.mjs          (needs bindings/wasm/pkg built, npm ci here, and /usr/bin/chromium)
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, extname, join, normalize } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

import { chromium } from "playwright-core";
import { build, createServer as createViteServer } from "vite";

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "dist");
const shots = join(here, "screenshots");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
};

let server;
let baseUrl;
let context;
let page;
let profile;
const pageErrors = [];

/** Serves dist/ on 127.0.0.1 at a free port; resolves to the base URL. */
function serve() {
  server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    let file = join(dist, path);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    if (!file.startsWith(dist) || !existsSync(file)) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${server.address().port}/`)));
}

/** Clicks the squares of moves given in coordinates ("f2f3" clicks f2 then f3). */
async function clickMoves(moves) {
  for (const mv of moves) {
    await page.click(`#board [data-square="${mv.slice(0, 2)}"]`);
    await page.click(`#board [data-square="${mv.slice(2, 4)}"]`);
  }
}

const text = (selector) => page.locator(selector).innerText();

/** The pieces drawn on the page: square name to the FEN letter in `data-piece`. */
async function drawnPieces() {
  return new Map(await page.$$eval("#board [data-square]", (groups) => groups
    .map((g) => [g.dataset.square, g.querySelector("[data-piece]")?.dataset.piece])
    .filter(([, piece]) => piece)));
}

/** The pieces of a FEN's placement field, read here independently of the page and package. */
function fenPieces(fen, topRank) {
  const pieces = new Map();
  fen.split(" ")[0].split("/").forEach((row, i) => {
    let file = 0;
    for (const c of row) {
      if (/\d/.test(c)) file += Number(c);
      else pieces.set(`${"abcdefghi"[file++]}${topRank - i}`, c);
    }
  });
  return pieces;
}

before(async () => {
  assert.ok(existsSync(CHROMIUM), `no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
  await build({ root: here, logLevel: "warn" });
  const url = await serve();
  baseUrl = url;
  profile = mkdtempSync(join(tmpdir(), "qipan-e2e-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1100, height: 760 },
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.on("pageerror", (error) => pageErrors.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error") pageErrors.push(message.text());
  });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(url).origin });
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]", { timeout: 20000 });
  mkdirSync(shots, { recursive: true });
});

after(async () => {
  await context?.close();
  server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

test("chess: legal targets are highlighted for the selected piece", async () => {
  await page.click('#board [data-square="e2"]');
  assert.equal(await page.locator("#board .target").count(), 2);
  await page.click('#board [data-square="g1"]');
  assert.equal(await page.locator("#board .target").count(), 2);
  await page.click('#board [data-square="e5"]');
  assert.equal(await page.locator("#board .target").count(), 0);
});

test("chess: the fool's mate by clicks is announced as 0-1", async () => {
  await clickMoves(["f2f3", "e7e5", "g2g4"]);
  assert.match(await text("#status"), /^Black to move/);
  await clickMoves(["d8h4"]);
  assert.equal(await page.getAttribute("#result", "data-result"), "0-1");
  assert.equal(await page.getAttribute("#result", "data-termination"), "checkmate");
  assert.equal(await text("#result"), "Checkmate — Black wins (0-1)");
  assert.equal(await page.locator('#board [data-square="e1"] .check').count(), 1);
  assert.match(await text("#moves"), /1\.\s+f3\s+e5\s+2\.\s+g4\s+Qh4#/);
  await page.screenshot({ path: join(shots, "chess-fools-mate.png") });
});

test("chess: undo takes the mate back, and the FEN box loads positions or names the error", async () => {
  await page.click("#undo");
  assert.equal(await page.isHidden("#result"), true);
  assert.doesNotMatch(await text("#moves"), /Qh4/);
  assert.match(await text("#status"), /^Black to move/);
  await page.fill("#fen", "not a fen");
  await page.click("#load-fen");
  assert.match(await text("#fen-error"), /^InvalidFenError/);
  await page.fill("#fen", "7k/4Q3/6K1/8/8/8/8/8 w - - 0 1");
  await page.click("#load-fen");
  assert.equal(await text("#fen-error"), "");
  await clickMoves(["e7g7"]);
  assert.equal(await text("#result"), "Checkmate — White wins (1-0)");
  await page.click("#undo");
  await clickMoves(["e7f7"]);
  assert.equal(await text("#result"), "Stalemate — Draw (1/2-1/2)");
});

test("chess: a threefold repetition can be claimed, and a pawn promotes to the piece chosen", async () => {
  await page.click("#new-game");
  assert.equal(await page.isHidden("#claim-draw"), true);
  await clickMoves(["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"]);
  assert.equal(await page.isVisible("#claim-draw"), true);
  await page.click("#claim-draw");
  assert.equal(await text("#result"), "Threefold repetition — Draw (1/2-1/2)");
  await page.fill("#fen", "8/P6k/8/8/8/8/8/K7 w - - 0 1");
  await page.click("#load-fen");
  await page.selectOption("#promotion", "n");
  await clickMoves(["a7a8"]);
  assert.match(await text("#moves"), /a8=N/);
  assert.equal(await page.getAttribute('#board [data-square="a8"] [data-piece]', "data-piece"), "N");
});

test("the drawn board is the position's: every piece of a loaded FEN on its square, in both games", async () => {
  const chess = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5";
  await page.fill("#fen", chess);
  await page.click("#load-fen");
  assert.deepEqual(await drawnPieces(), fenPieces(chess, 8));
  await page.click("#flip");
  assert.deepEqual(await drawnPieces(), fenPieces(chess, 8), "flipped");
  await page.click("#flip");
  await clickMoves(["e1g1"]);
  const castled = fenPieces(chess, 8);
  castled.delete("e1");
  castled.delete("h1");
  castled.set("g1", "K").set("f1", "R");
  assert.deepEqual(await drawnPieces(), castled, "after castling");
  await page.click("#game-xiangqi");
  const xiangqi = "2bak4/4a4/4b1n2/p3p3p/2p6/6P2/P3P3P/2N1B1N2/4A4/3AK4 w - - 0 1";
  await page.fill("#fen", xiangqi);
  await page.click("#load-fen");
  assert.equal(await text("#fen-error"), "");
  assert.deepEqual(await drawnPieces(), fenPieces(xiangqi, 9));
  await page.click("#game-chess");
});

test("xiangqi: a cannon mate by clicks is announced as 1-0", async () => {
  await page.click("#game-xiangqi");
  assert.match(await text("#status"), /^Red to move/);
  assert.equal(await page.locator("#board [data-piece]").count(), 32);
  await page.click('#board [data-square="h2"]');
  assert.ok((await page.locator("#board .target").count()) > 5);
  await page.click('#board [data-square="h2"]');
  await clickMoves(["h2e2", "a9a8", "e2e6", "a8a9", "b2b4", "a9a8", "b4e4"]);
  await page.screenshot({ path: join(shots, "xiangqi-mate.png") });
  assert.equal(await page.getAttribute("#result", "data-result"), "1-0");
  assert.equal(await text("#result"), "Checkmate — Red wins (1-0)");
  assert.equal(await page.locator('#board [data-square="e9"] .check').count(), 1);
  const moves = await text("#moves");
  assert.match(moves, /C2=5|C2\.5/);
  assert.match(moves, /炮二平五/);
});

test("records: a PGN with hostile tags and comments is shown as text, never as HTML, and copied back", async () => {
  await page.click("#game-chess");
  const hostile = '<img src=x onerror="window.__pwned = 1">';
  const record = [
    `[Event "${hostile.replaceAll('"', '\\"')}"]`,
    '[White "tab\there"]',
    '[Annotator "\u202eevil"]',
    "",
    "{ <script>window.__pwned = 2</script> } 1. e4 { <b>bold</b> } e5 2. Nf3 *",
  ].join("\n");
  await page.fill("#pgn", record);
  await page.click("#load-pgn");
  assert.equal(await text("#pgn-error"), "");
  assert.match(await text("#moves"), /1\.\s+e4\s+e5\s+2\.\s+Nf3/);
  assert.equal(await page.locator("#record img, #record script, #record b").count(), 0);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  const headers = await page.locator("#headers dd").allTextContents();
  assert.ok(headers.includes(hostile), JSON.stringify(headers));
  assert.ok(headers.includes("tab\\u{9}here"), JSON.stringify(headers));
  assert.ok(headers.includes("\\u{202e}evil"), JSON.stringify(headers));
  const comments = await page.locator("#comments li").allTextContents();
  assert.deepEqual(comments, ["<script>window.__pwned = 2</script>", "<b>bold</b>"]);
  await page.screenshot({ path: join(shots, "record-hostile.png") });

  await page.click("#copy-pgn");
  const copied = await page.inputValue("#pgn");
  assert.ok(copied.includes(`[Event "${hostile.replaceAll('"', '\\"')}"]`), copied);
  assert.match(copied, /\{ <script>window\.__pwned = 2<\/script> \} 1\. e4 \{ <b>bold<\/b> \} 1\.\.\. e5 2\. Nf3 \*$/);
  // The status is written once the clipboard's promise settles: wait for it rather than race it.
  await page.waitForFunction(() => document.getElementById("pgn-status").textContent !== "");
  assert.equal(await text("#pgn-status"), "Copied to the clipboard.");
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), copied);
  // The copied record loads back to the same record.
  await page.click("#new-game");
  await page.click("#load-pgn");
  assert.deepEqual(await page.locator("#headers dd").allTextContents(), headers);
  assert.deepEqual(await page.locator("#comments li").allTextContents(), comments);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
});

test("records: a Xiangqi record switches the page to Xiangqi, a file loads, a bad record names its error", async () => {
  await page.fill("#pgn", '[Variant "xiangqi"]\n[Red "红方"]\n\n1. C2.5 { 中炮 } H8+7 2. H2+3 *');
  await page.click("#load-pgn");
  assert.equal(await page.getAttribute("#game-xiangqi", "aria-pressed"), "true");
  const moves = await text("#moves");
  assert.match(moves, /炮二平五/);
  assert.match(moves, /H2\+3/);
  assert.deepEqual(await page.locator("#comments li").allTextContents(), ["中炮"]);
  await page.click("#copy-pgn");
  const copied = await page.inputValue("#pgn");
  assert.match(copied, /\[Variant "xiangqi"\]/);
  assert.match(copied, /\[Red "红方"\]/);
  assert.match(copied, /1\. C2\.5 \{ 中炮 \} 1\.\.\. H8\+7 2\. H2\+3 \*$/);

  await page.setInputFiles("#pgn-file", {
    name: "game.pgn", mimeType: "text/plain", buffer: Buffer.from('[White "From a file"]\n\n1. d4 d5 2. c4 *\n'),
  });
  await page.waitForFunction(() => document.querySelector("#moves").innerText.includes("c4"));
  assert.equal(await page.getAttribute("#game-chess", "aria-pressed"), "true");
  assert.ok((await page.locator("#headers dd").allTextContents()).includes("From a file"));

  // A Xiangqi archive (an XQF file of the shared test data) opens as its first game, in Xiangqi.
  const xqf = readFileSync(join(here, "..", "..", "data", "xiangqi-archives", "030-黄松轩先胜冯敬如.XQF"));
  await page.setInputFiles("#pgn-file", { name: "game.xqf", mimeType: "application/octet-stream", buffer: xqf });
  await page.waitForFunction(() => document.querySelector("#pgn").value.includes("Variant"));
  assert.equal(await page.getAttribute("#game-xiangqi", "aria-pressed"), "true");
  assert.ok((await page.locator("#moves tbody tr").count()) > 10);
  assert.equal(await text("#pgn-error"), "");

  // A record from a set-up position with Black to move starts the list with an empty cell.
  await page.fill("#pgn", '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"]\n\n1... Kd7 2. e4 *');
  await page.click("#load-pgn");
  assert.deepEqual(await page.locator("#moves tbody tr").first().locator("td").allTextContents(), ["1.", "", "Kd7"]);
  assert.match(await page.inputValue("#fen"), /^8\/3k4\/8\/8\/4P3\/8\/8\/4K3 b /);

  const before = await text("#moves");
  await page.fill("#pgn", "1. e4 e5 2. Ke3 *");
  await page.click("#load-pgn");
  assert.match(await text("#pgn-error"), /^IllegalMoveError: line 1, ply 3/);
  assert.equal(await text("#moves"), before);
});

test("the rules-only page plays both games on qipan/rules and fetches only its .wasm", async () => {
  const pkg = join(here, "..", "..", "bindings", "wasm", "pkg");
  const rulesWasm = readFileSync(join(pkg, "rules", "qipan_bg.wasm"));
  const fullSize = statSync(join(pkg, "qipan_bg.wasm")).size;
  assert.ok(rulesWasm.length < fullSize, `rules ${rulesWasm.length} bytes, full ${fullSize}`);
  const rulesPage = await context.newPage();
  const errors = [];
  const wasm = [];
  rulesPage.on("pageerror", (error) => errors.push(String(error)));
  rulesPage.on("response", (response) => {
    if (new URL(response.url()).pathname.endsWith(".wasm")) wasm.push(response.body());
  });
  try {
    await rulesPage.goto(new URL("rules.html", baseUrl).href);
    await rulesPage.waitForSelector("body[data-ready=true]", { timeout: 20000 });
    const click = async (moves) => {
      for (const mv of moves) {
        await rulesPage.click(`#board [data-square="${mv.slice(0, 2)}"]`);
        await rulesPage.click(`#board [data-square="${mv.slice(2, 4)}"]`);
      }
    };
    await click(["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert.equal(await rulesPage.getAttribute("#result", "data-result"), "0-1");
    assert.equal(await rulesPage.getAttribute("#result", "data-termination"), "checkmate");
    assert.deepEqual(await rulesPage.locator("#moves li").allTextContents(), ["f3", "e5", "g4", "Qh4#"]);
    await rulesPage.click("#game-xiangqi");
    assert.equal(await rulesPage.locator("#board [data-piece]").count(), 32);
    await click(["h2e2", "a9a8", "e2e6", "a8a9", "b2b4", "a9a8", "b4e4"]);
    assert.equal(await rulesPage.getAttribute("#result", "data-result"), "1-0");
    assert.equal(await rulesPage.locator('#board [data-square="e9"] .check').count(), 1);
    await rulesPage.screenshot({ path: join(shots, "rules-only-xiangqi.png") });
    // One .wasm fetched, byte for byte the rules build's.
    const bodies = await Promise.all(wasm);
    assert.equal(bodies.length, 1, `${bodies.length} .wasm fetched`);
    assert.ok(bodies[0].equals(rulesWasm), `fetched ${bodies[0].length} bytes, the rules .wasm has ${rulesWasm.length}`);
    assert.deepEqual(errors, []);
  } finally {
    await rulesPage.close();
  }
});

test("the chess.js programs of examples/chessjs run unchanged in the page and print what chess.js prints in Node", async () => {
  // chess.js's output: each program as written, with chess.js 1.4.0 from bindings/wasm's
  // node_modules (a test-time oracle), console.log writing its arguments as the page does.
  const programs = join(here, "..", "chessjs");
  const harness = join(here, "..", "..", "bindings", "wasm");
  const preamble = `import { printed } from ${JSON.stringify(pathToFileURL(join(here, "src", "console-lines.js")).href)};\n` +
    "console.log = (...args) => process.stdout.write(printed(args) + \"\\n\");\n";
  const expected = {};
  for (const file of readdirSync(programs).filter((f) => f.endsWith(".mjs")).sort()) {
    const program = readFileSync(join(programs, file), "utf8");
    assert.match(program, /from "chess\.js";/);
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", preamble + program], { cwd: harness, encoding: "utf8" });
    expected[file] = out.split("\n").filter((line) => line !== "");
  }
  assert.ok(Object.keys(expected).length >= 3, "one program per group: names, methods, behaviour");
  const programPage = await context.newPage();
  const errors = [];
  programPage.on("pageerror", (error) => errors.push(String(error)));
  try {
    await programPage.goto(new URL("chessjs.html", baseUrl).href);
    await programPage.waitForSelector("body[data-ready=true]", { timeout: 20000 });
    const output = JSON.parse(await programPage.getAttribute("body", "data-output"));
    assert.deepEqual(Object.keys(output).sort(), Object.keys(expected));
    for (const [file, lines] of Object.entries(expected)) {
      assert.ok(lines.length > 5, `${file}: ${lines.length} lines`);
      assert.deepEqual(output[file], lines, file);
    }
    assert.deepEqual(errors, []);
  } finally {
    await programPage.close();
  }
});

test("engine: the page says no engine package is installed, and plays the demo engine in a worker, both games", async () => {
  const { ChessBoard, XiangqiBoard } = await import("qipan");
  await page.click("#game-chess");
  assert.match(await text("#engine-status"), /^No engine package installed/);
  await page.selectOption("#opponent", "demo");
  await page.waitForFunction(() => /plays Black/.test(document.querySelector("#engine-status").textContent));
  assert.equal(await text("#engine-status"), "qipan first legal move (demo) plays Black.");
  // The engine's reply: the first legal move the package lists, played through the worker.
  const chess = new ChessBoard();
  chess.push("e2e4");
  const reply = chess.san(chess.legalMoves()[0]);
  await clickMoves(["e2e4"]);
  await page.waitForFunction(() => /^White to move/.test(document.querySelector("#status").textContent));
  assert.match(await text("#moves"), new RegExp(`1\\.\\s+e4\\s+${reply.replace(/[+#]/g, "\\$&")}`));
  // Black's pieces do not move by clicks while the engine plays them.
  await page.click("#game-xiangqi");
  const xiangqi = new XiangqiBoard();
  xiangqi.push("h2e2");
  const xiangqiReply = xiangqi.wxf(xiangqi.legalMoves()[0]);
  await clickMoves(["h2e2"]);
  await page.waitForFunction(() => /^Red to move/.test(document.querySelector("#status").textContent));
  assert.ok((await text("#moves")).includes(xiangqiReply), `${await text("#moves")} lacks ${xiangqiReply}`);
  await page.screenshot({ path: join(shots, "engine-xiangqi.png") });
  await page.selectOption("#opponent", "");
  assert.match(await text("#engine-status"), /^No engine package installed/);
  await page.click("#game-chess");
});

test("engine text is shown as text: an installed engine's hostile name and its illegal move", async () => {
  const name = '<img src=x onerror="window.__pwned = 3">\u202eevil';
  const worker = `onmessage = (e) => {
    const command = String(e.data).split(" ")[0];
    if (command === "uci") { postMessage(${JSON.stringify(`id name ${name}`)}); postMessage("uciok"); }
    else if (command === "isready") postMessage("readyok");
    else if (command === "go") postMessage("bestmove e2e5");
  };`;
  const list = [{ name: "Hostile <b>engine</b>", url: "hostile-engine.js", protocol: "uci", games: ["chess"] }];
  await context.route("**/engines.json", (route) => route.fulfill({ contentType: "application/json", body: JSON.stringify(list) }));
  await context.route("**/hostile-engine.js", (route) => route.fulfill({ contentType: "text/javascript", body: worker }));
  const hostilePage = await context.newPage();
  try {
    await hostilePage.goto(baseUrl);
    await hostilePage.waitForSelector("body[data-ready=true]", { timeout: 20000 });
    assert.equal(await hostilePage.locator("#engine-status").innerText(), "");
    assert.equal(await hostilePage.locator('#opponent option[value="installed-0"]').innerText(), "Hostile <b>engine</b>");
    await hostilePage.selectOption("#opponent", "installed-0");
    await hostilePage.waitForFunction(() => /plays Black/.test(document.querySelector("#engine-status").textContent));
    assert.equal(await hostilePage.locator("#engine-status").innerText(),
      '<img src=x onerror="window.__pwned = 3">\\u{202e}evil plays Black.');
    await hostilePage.click('#board [data-square="e2"]');
    await hostilePage.click('#board [data-square="e4"]');
    await hostilePage.waitForFunction(() => /^EngineError/.test(document.querySelector("#engine-status").textContent));
    assert.match(await hostilePage.locator("#engine-status").innerText(), /^EngineError: engine sent an illegal move/);
    assert.equal(await hostilePage.locator("#engine-status img, #opponent b").count(), 0);
    assert.equal(await hostilePage.evaluate(() => window.__pwned), undefined);
  } finally {
    await hostilePage.close();
    await context.unroute("**/engines.json");
    await context.unroute("**/hostile-engine.js");
  }
});

/** Sets the page's time control ("M+S") for the games that follow. */
async function setClock(control) {
  await page.fill("#time-control", control);
  await page.click("#set-clock");
  assert.equal(await text("#clock-error"), "");
}

/** Waits for a time forfeit and answers the announced result. */
async function flagResult() {
  await page.waitForSelector('#result[data-termination="timeout"]', { timeout: 10000 });
  return text("#result");
}

test("clocks: a fallen flag loses on time, in both games", async () => {
  await page.click("#game-chess");
  await setClock("0.02+0");
  assert.equal(await page.isVisible("#clocks"), true);
  assert.equal(await text("#clock-w .time"), "0:01.2");
  await clickMoves(["e2e4"]);
  assert.equal(await page.getAttribute("#clock-b", "data-running"), "true");
  assert.equal(await flagResult(), "Time forfeit — White wins (1-0)");
  assert.equal(await page.getAttribute("#clock-b", "data-flagged"), "true");
  assert.equal(await text("#clock-b .time"), "0:00.0");
  // The game is over: no more moves.
  await clickMoves(["e7e5"]);
  assert.doesNotMatch(await text("#moves"), /e5/);
  await page.screenshot({ path: join(shots, "clock-flag.png") });

  await page.click("#game-xiangqi");
  await clickMoves(["h2e2"]);
  assert.equal(await flagResult(), "Time forfeit — Red wins (1-0)");
  await page.click("#game-chess");
});

test("clocks: a flag against a bare king is a draw; the same flag against a queen loses", async () => {
  await setClock("0.02+0");
  await page.fill("#fen", "4k3/8/8/8/8/8/8/Q3K3 b - - 0 1");
  await page.click("#load-fen");
  await clickMoves(["e8d8"]);
  assert.equal(await page.getAttribute("#clock-w", "data-running"), "true");
  assert.equal(await flagResult(), "Time forfeit — Draw (1/2-1/2)");
  await page.fill("#fen", "4k3/8/8/8/8/8/q7/4K3 b - - 0 1");
  await page.click("#load-fen");
  await clickMoves(["e8d8"]);
  assert.equal(await flagResult(), "Time forfeit — Black wins (0-1)");
  // An increment is added after each move; a bad control is refused; an empty one removes the clocks.
  await setClock("1+2");
  assert.equal(await text("#clock-w .time"), "1:00");
  await clickMoves(["e1f1", "d8e7"]);
  // White's clock runs again; Black's got its two seconds.
  assert.equal(await page.getAttribute("#clock-w", "data-running"), "true");
  assert.match(await text("#clock-b .time"), /^1:0[12]$/);
  await page.fill("#time-control", "<b>x</b>");
  await page.click("#set-clock");
  assert.match(await text("#clock-error"), /^a time control is minutes\+seconds/);
  await setClock("");
  assert.equal(await page.isHidden("#clocks"), true);
});

test("no errors in the page", () => {
  assert.deepEqual(pageErrors, []);
});

test("the vite dev server serves the page too (the package is linked from outside the root)", async () => {
  const dev = await createViteServer({ root: here, logLevel: "warn", server: { port: 0, host: "127.0.0.1" } });
  await dev.listen();
  const devPage = await context.newPage();
  const errors = [];
  devPage.on("pageerror", (error) => errors.push(String(error)));
  try {
    await devPage.goto(dev.resolvedUrls.local[0]);
    await devPage.waitForSelector("body[data-ready=true]", { timeout: 20000 });
    await devPage.click('#board [data-square="e2"]');
    assert.equal(await devPage.locator("#board .target").count(), 2);
    assert.deepEqual(errors, []);
  } finally {
    await devPage.close();
    await dev.close();
  }
});
