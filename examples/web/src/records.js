// Game records on the page: "Load PGN" (pasted, or a file) and "Copy PGN", for both games, and the
// record's headers and comments shown beside the moves. Record text comes from strangers: it is only
// ever inserted as text (textContent), never as HTML, with control and direction characters shown
// escaped by the core's printable() so that they cannot hide or reorder what is shown.
import { printable, readGames, writePgn } from "qipan";

const $ = (id) => document.getElementById(id);

/** Record text with its control characters escaped by the core (`\u{..}`), to insert as text. */
export const visible = (text) => printable(String(text));

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
  // A file is read as bytes: PGN in UTF-8 or GBK, or a Xiangqi archive (XQF, CBR, CBL, DhtmlXQ),
  // which the core tells from the bytes. Its first game is written as PGN into the box and loaded.
  $("pgn-file").addEventListener("change", async () => {
    const file = $("pgn-file").files?.[0];
    if (!file) return;
    $("pgn-file").value = "";
    let game;
    let text;
    try {
      [game] = readGames(new Uint8Array(await file.arrayBuffer()));
      if (!game) throw new Error("the file holds no game");
      text = writePgn(game);
    } catch (error) {
      show(`${error.name}: ${error.message}`);
      return;
    }
    $("pgn").value = text;
    load(text);
    // What could not be read (a move the rules refuse) is left out of the text: say so.
    if (game.errors.length > 0) show(`${game.errors[0].name}: ${game.errors[0].message}`);
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

/** Shows the board's headers and comments, as text. */
export function renderRecord(board) {
  const list = $("headers");
  list.replaceChildren();
  for (const [name, value] of Object.entries(board.getHeaders())) {
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
}
