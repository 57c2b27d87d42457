// Game records on the page: "Load PGN" (pasted, or a file) and "Copy PGN", for both games, and the
// record's headers and comments shown beside the moves. Record text comes from strangers: it is only
// ever inserted as text (textContent), never as HTML, with control and direction characters shown
// as \u escapes so that they cannot hide or reorder what is shown.
import { readGames } from "qipan";

const $ = (id) => document.getElementById(id);

/** Headers whose value is the Seven Tag Roster's default are not shown. */
const ROSTER_DEFAULTS = { Event: "?", Site: "?", Date: "????.??.??", Round: "?", White: "?", Black: "?", Result: "*" };

/** `text` with C0/C1 controls, line and paragraph separators and bidi controls as `\uXXXX`. */
export function visible(text) {
  return String(text).replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * Wires the record controls. `page` gives the page's state and actions: `state` (with `game`,
 * `board`), `games` (the page's game table), `switchGame(name)`, `adopt(board)` (makes a loaded
 * board the page's, rebuilding the move list) and `render()`.
 */
export function setUpRecords(page) {
  const show = (message) => {
    $("pgn-error").textContent = visible(message);
  };

  const load = (text) => {
    $("pgn-status").textContent = "";
    let game;
    try {
      [game] = readGames(text);
    } catch (error) {
      show(`${error.name}: ${error.message}`);
      return;
    }
    // A Xiangqi record on the chess page (or the other way round) switches the game first.
    const wanted = game?.game === "xiangqi" ? "xiangqi" : game?.game ? "chess" : page.state.game;
    const { Board } = page.games[wanted];
    const board = new Board();
    try {
      board.loadPgn(text);
    } catch (error) {
      board.free();
      show(`${error.name}: ${error.message}`);
      return;
    }
    if (wanted !== page.state.game) page.switchGame(wanted);
    page.adopt(board);
    show("");
    page.render();
  };

  $("pgn-form").addEventListener("submit", (event) => {
    event.preventDefault();
    load($("pgn").value);
  });
  $("pgn-file").addEventListener("change", async () => {
    const file = $("pgn-file").files?.[0];
    if (!file) return;
    const text = await file.text();
    $("pgn").value = text;
    load(text);
    $("pgn-file").value = "";
  });
  $("copy-pgn").addEventListener("click", async () => {
    const text = page.state.board.pgn({ maxWidth: 80 });
    $("pgn").value = text;
    try {
      await navigator.clipboard.writeText(text);
      show("");
      $("pgn-status").textContent = "Copied to the clipboard.";
    } catch {
      $("pgn-status").textContent = "The PGN is in the box above: select it and copy.";
    }
  });
}

/** Shows the board's headers (those not at their default) and its comments, as text. */
export function renderRecord(board) {
  const list = $("headers");
  list.replaceChildren();
  for (const [name, value] of Object.entries(board.getHeaders())) {
    if (ROSTER_DEFAULTS[name] === value) continue;
    const term = document.createElement("dt");
    term.textContent = visible(name);
    const detail = document.createElement("dd");
    detail.textContent = visible(value);
    list.append(term, detail);
  }
  const comments = $("comments");
  comments.replaceChildren();
  for (const { comment } of board.getComments()) {
    const item = document.createElement("li");
    item.textContent = visible(comment);
    comments.append(item);
  }
  $("record").hidden = list.childElementCount === 0 && comments.childElementCount === 0;
}
