// Playing against an engine in a Web Worker, over the package's `Engine` (the core's UCI layer):
// the built-in demo engine (src/demo-engine.js: the first legal move), or the engines listed in
// engines.json beside the page (a real engine build installed as a package, copied there by
// vite.config.js; never bundled with the page). Engine text (its name, its errors) is shown as
// text only, its control and direction characters escaped by the core's printable().
import { Engine, printable, workerTransport } from "qipan";

const $ = (id) => document.getElementById(id);

const DEMO = {
  id: "demo",
  name: "First legal move (demo)",
  games: ["chess", "xiangqi"],
  protocol: "uci",
  worker: () => new Worker(new URL("./demo-engine.js", import.meta.url), { type: "module" }),
};

/** The engines engines.json lists (`[{name, url, protocol, games}]`), or [] when there is none. */
async function installedEngines() {
  try {
    const response = await fetch(new URL("engines.json", document.baseURI));
    if (!response.ok) return [];
    const list = await response.json();
    return Array.isArray(list)
      ? list.filter((e) => typeof e?.name === "string" && typeof e?.url === "string").map((e, i) => ({
        id: `installed-${i}`,
        name: e.name,
        games: Array.isArray(e.games) ? e.games : ["chess"],
        protocol: e.protocol === "ucci" ? "ucci" : "uci",
        worker: () => new Worker(new URL(e.url, document.baseURI)),
      }))
      : [];
  } catch {
    return [];
  }
}

/**
 * Wires the opponent selector. `page`: `state` (with `game`, `board`), `play(move)`,
 * `limit()` (the search limit: the clocks, or a fixed time) and `render()`.
 */
export async function setUpOpponent(page) {
  const engines = [DEMO, ...(await installedEngines())];
  const select = $("opponent");
  for (const entry of engines) {
    const option = document.createElement("option");
    option.value = entry.id;
    option.textContent = printable(entry.name);
    select.append(option);
  }
  const status = (text) => {
    $("engine-status").textContent = printable(String(text));
  };
  const absent = engines.length === 1
    ? "No engine package installed: the demo engine only (see docs/engines.md to add Stockfish)."
    : "";
  status(absent);

  let current = null;
  let engine = null;
  let thinking = false;

  async function choose(id) {
    const old = engine;
    engine = null;
    current = engines.find((e) => e.id === id) ?? null;
    if (old) old.quit();
    if (!current) {
      status(absent);
      return;
    }
    status(`Starting ${current.name}…`);
    const chosen = current;
    try {
      const started = await new Engine(workerTransport(chosen.worker()), {
        protocol: chosen.protocol,
        timeouts: { reply: 20000, quit: 200 },
      }).init();
      if (current !== chosen) {
        started.quit();
        return;
      }
      engine = started;
      status(`${engine.id.name ?? chosen.name} plays Black.`);
      page.render();
    } catch (error) {
      status(`${error.name}: ${error.message}`);
    }
  }

  select.addEventListener("change", () => choose(select.value));

  return {
    /** Whether `side` is the engine's (it plays Black). */
    isEngineSide: (side) => engine !== null && side === "b",
    /** Asks the engine for a move when it is its turn. */
    async maybeMove() {
      const { state } = page;
      if (!engine || thinking || state.board.turn() !== "b" || state.board.isGameOver(state.claimed)) return;
      if (!current.games.includes(state.game)) {
        status(`${current.name} does not play ${state.game}.`);
        return;
      }
      thinking = true;
      const board = state.board;
      const ply = board.history().length;
      try {
        const result = await engine.play(board, page.limit());
        // The game may have moved on (a new game, an undo, a fallen flag) while it thought.
        if (state.board === board && board.history().length === ply && !board.isGameOver(state.claimed) && result.move) {
          page.play(result.move);
        }
      } catch (error) {
        status(`${error.name}: ${error.message}`);
      } finally {
        thinking = false;
      }
    },
  };
}
