// The rules-only page: two people play chess or Xiangqi by clicking, on the `qipan/rules` entry of
// the package. Its .wasm holds the boards of both games and nothing else (no record readers or
// writers), so a page that only plays downloads less; see docs/javascript.md.
import init, { ChessBoard, XiangqiBoard } from "qipan/rules";

import { drawChess, drawXiangqi } from "./draw.js";

const GAMES = {
  chess: { Board: ChessBoard, draw: drawChess, sides: { w: "White", b: "Black" }, notate: (b, mv) => b.san(mv) },
  xiangqi: { Board: XiangqiBoard, draw: drawXiangqi, sides: { w: "Red", b: "Black" }, notate: (b, mv) => b.wxf(mv) },
};
const WINNERS = { white: "White", black: "Black", red: "Red" };

const $ = (id) => document.getElementById(id);
const state = { game: "chess", board: null, selected: null, notes: [] };

/** The legal moves from `square`, in coordinates (UCI / ICCS). */
function movesFrom(square) {
  return state.board.legalMoves().filter((mv) => mv.slice(0, 2) === square);
}

/** The square of the king (general) in check, read from `board()`. */
function kingSquareInCheck() {
  if (!state.board.inCheck()) return null;
  const turn = state.board.turn();
  for (const row of state.board.board()) {
    for (const cell of row) if (cell?.type === "k" && cell.color === turn) return cell.square;
  }
  return null;
}

function onSquare(square) {
  if (state.board.isGameOver()) return;
  if (state.selected) {
    const candidates = movesFrom(state.selected).filter((mv) => mv.slice(2, 4) === square);
    if (candidates.length > 0) {
      // A promotion becomes a queen on this page.
      const mv = candidates.find((m) => m.length === 4 || m[4] === "q") ?? candidates[0];
      state.notes.push(GAMES[state.game].notate(state.board, mv));
      state.board.push(mv);
      state.selected = null;
      render();
      return;
    }
  }
  state.selected = square !== state.selected && movesFrom(square).length > 0 ? square : null;
  render();
}

function render() {
  const { board } = state;
  const { draw, sides } = GAMES[state.game];
  const history = board.history();
  const last = history.at(-1);
  $("board").replaceChildren(draw({
    cells: board.board(),
    selected: state.selected,
    targets: new Set(state.selected ? movesFrom(state.selected).map((mv) => mv.slice(2, 4)) : []),
    lastMove: last ? [last.slice(0, 2), last.slice(2, 4)] : null,
    checkSquare: kingSquareInCheck(),
    flipped: false,
  }));
  const outcome = board.outcome();
  const result = $("result");
  result.hidden = !outcome;
  result.textContent = outcome ? `${outcome.winner ? `${WINNERS[outcome.winner]} wins` : "Draw"} (${outcome.result})` : "";
  result.dataset.result = outcome?.result ?? "";
  result.dataset.termination = outcome?.termination ?? "";
  $("status").textContent = outcome ? "Game over" : `${sides[board.turn()]} to move${board.isCheck() ? " — check!" : ""}`;
  $("undo").disabled = history.length === 0;
  $("moves").replaceChildren(...state.notes.map((note) => Object.assign(document.createElement("li"), { textContent: note })));
}

function switchGame(game) {
  state.game = game;
  for (const name of Object.keys(GAMES)) $(`game-${name}`).setAttribute("aria-pressed", String(name === game));
  document.body.dataset.game = game;
  state.board?.free();
  state.board = new GAMES[game].Board();
  state.selected = null;
  state.notes = [];
  render();
}

init().then(() => {
  $("board").addEventListener("click", (event) => {
    const square = event.target.closest("[data-square]")?.dataset.square;
    if (square) onSquare(square);
  });
  $("game-chess").addEventListener("click", () => switchGame("chess"));
  $("game-xiangqi").addEventListener("click", () => switchGame("xiangqi"));
  $("new-game").addEventListener("click", () => switchGame(state.game));
  $("undo").addEventListener("click", () => {
    if (state.board.pop() !== undefined) state.notes.pop();
    state.selected = null;
    render();
  });
  switchGame("chess");
  document.body.dataset.ready = "true";
});
