// Two people play chess or Xiangqi by clicking: the page draws the board, asks the qipan package
// for legal moves, notation and the game's outcome, and announces the result.
import init, { ChessBoard, XiangqiBoard } from "qipan";

import { Clocks, formatClock, parseTimeControl } from "./clock.js";
import { drawChess, drawXiangqi } from "./draw.js";
import { setUpOpponent } from "./opponent.js";
import { renderRecord, setUpRecords } from "./records.js";

const GAMES = {
  chess: {
    Board: ChessBoard,
    draw: drawChess,
    sides: { w: "White", b: "Black" },
    // SAN for the move list.
    notate: (board, mv) => ({ text: board.san(mv) }),
  },
  xiangqi: {
    Board: XiangqiBoard,
    draw: drawXiangqi,
    sides: { w: "Red", b: "Black" },
    // WXF and Chinese notation for the move list.
    notate: (board, mv) => ({ text: board.wxf(mv), extra: board.chinese(mv) }),
  },
};

const TERMINATIONS = {
  checkmate: "Checkmate",
  stalemate: "Stalemate",
  insufficient_material: "Insufficient material",
  seventyfive_moves: "75-move rule",
  fivefold_repetition: "Fivefold repetition",
  fifty_moves: "50-move rule",
  threefold_repetition: "Threefold repetition",
  perpetual_check: "Perpetual check",
  perpetual_chase: "Perpetual chase",
  repetition: "Repetition",
  move_limit: "Move limit",
  resignation: "Resignation",
  agreement: "Agreement",
  timeout: "Time forfeit",
  dead_position: "Dead position",
};

/** The winners' names of `outcome()`. */
const WINNERS = { white: "White", black: "Black", red: "Red" };

const $ = (id) => document.getElementById(id);

const state = {
  game: "chess",
  board: null,
  /** The move list: {text, extra} per ply, parallel to board.history(). */
  record: [],
  selected: null,
  flipped: false,
  claimed: false,
  blackStarts: false,
  /** The time control in force: `{base, increment}` in ms, or null. */
  timeControl: null,
};

/** The opponent (a person, or an engine in a worker): set up in setUp(). */
let opponent = { isEngineSide: () => false, maybeMove: () => {} };

/** A fallen flag: the core decides (a loss, or a draw when the opponent cannot win). */
const clocks = new Clocks((side) => {
  state.board.flag(side);
  render();
}, () => renderClocks());

function newBoard(fen) {
  const { Board } = GAMES[state.game];
  const board = fen === undefined ? new Board() : new Board(fen);
  state.board?.free();
  state.board = board;
  state.record = [];
  state.selected = null;
  state.claimed = false;
  state.blackStarts = board.turn() === "b";
  clocks.reset(state.timeControl);
}

/** Makes a board loaded from a record the page's: the move list is rebuilt from its history. */
function adopt(board) {
  const { notate } = GAMES[state.game];
  const replay = board.clone();
  const moves = [];
  for (let mv = replay.pop(); mv !== undefined; mv = replay.pop()) moves.unshift(mv);
  // The FEN's side field ("b": Black to move) in both games.
  state.blackStarts = replay.fen().split(" ")[1] === "b";
  state.record = moves.map((mv) => {
    const note = notate(replay, mv);
    replay.push(mv);
    return note;
  });
  replay.free();
  state.board?.free();
  state.board = board;
  state.selected = null;
  state.claimed = false;
  clocks.reset(state.timeControl);
}

/** The legal moves from `square`, in coordinates (chess.js's `lan`). */
function movesFrom(square) {
  return state.board.moves({ square, verbose: true }).map((m) => m.lan);
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

function play(mv) {
  const note = GAMES[state.game].notate(state.board, mv);
  const mover = state.board.turn();
  state.board.push(mv);
  state.record.push(note);
  state.selected = null;
  clocks.moved(mover);
  render();
}

/** The engine's search limit: the clocks when they run, else a second. */
function searchLimit() {
  if (!clocks.enabled) return { time: 1000 };
  const { increment } = state.timeControl;
  return {
    whiteClock: Math.max(0, Math.round(clocks.left("w"))),
    blackClock: Math.max(0, Math.round(clocks.left("b"))),
    whiteInc: increment,
    blackInc: increment,
  };
}

function renderClocks() {
  $("clocks").hidden = !clocks.enabled;
  if (!clocks.enabled) return;
  const { sides } = GAMES[state.game];
  for (const side of ["w", "b"]) {
    const clock = $(`clock-${side}`);
    const left = clocks.left(side);
    clock.querySelector(".side").textContent = sides[side];
    clock.querySelector(".time").textContent = formatClock(left);
    clock.dataset.running = String(clocks.running === side);
    clock.dataset.flagged = String(left <= 0);
  }
}

function onSquare(square) {
  if (state.board.isGameOver() || state.claimed || opponent.isEngineSide(state.board.turn())) return;
  if (state.selected) {
    const candidates = movesFrom(state.selected).filter((mv) => mv.slice(2, 4) === square);
    if (candidates.length > 0) {
      const promotion = $("promotion").value;
      play(candidates.find((mv) => mv.length === 4 || mv[4] === promotion) ?? candidates[0]);
      return;
    }
  }
  state.selected = square !== state.selected && movesFrom(square).length > 0 ? square : null;
  render();
}

function renderMoves() {
  const { sides } = GAMES[state.game];
  const names = [sides.w, sides.b];
  $("moves").tHead.innerHTML = `<tr><th>#</th><th>${names[0]}</th><th>${names[1]}</th></tr>`;
  const body = $("moves").tBodies[0];
  body.replaceChildren();
  // A position loaded with Black to move starts the list with an empty first cell.
  const offset = state.blackStarts ? 1 : 0;
  const cells = [...Array(offset).fill(null), ...state.record];
  for (let i = 0; i < cells.length; i += 2) {
    const row = body.insertRow();
    row.insertCell().textContent = `${i / 2 + 1}.`;
    for (const note of [cells[i], cells[i + 1]]) {
      const cell = row.insertCell();
      if (!note) continue;
      cell.textContent = note.text;
      if (note.extra) {
        const extra = document.createElement("span");
        extra.className = "extra";
        extra.textContent = note.extra;
        cell.append(" ", extra);
      }
    }
  }
}

function announce(outcome) {
  const result = $("result");
  if (!outcome) {
    result.hidden = true;
    result.textContent = "";
    delete result.dataset.result;
    delete result.dataset.termination;
    return;
  }
  const who = outcome.winner ? `${WINNERS[outcome.winner]} wins` : "Draw";
  result.textContent = `${TERMINATIONS[outcome.termination] ?? outcome.termination} — ${who} (${outcome.result})`;
  result.dataset.result = outcome.result;
  result.dataset.termination = outcome.termination;
  result.hidden = false;
}

function render() {
  const { board } = state;
  const { draw, sides } = GAMES[state.game];
  const targets = new Set(state.selected ? movesFrom(state.selected).map((mv) => mv.slice(2, 4)) : []);
  const history = board.history();
  const last = history.at(-1);
  $("board").replaceChildren(draw({
    cells: board.board(),
    selected: state.selected,
    targets,
    lastMove: last ? [last.slice(0, 2), last.slice(2, 4)] : null,
    checkSquare: kingSquareInCheck(),
    flipped: state.flipped,
  }));
  const outcome = board.outcome(state.claimed);
  if (outcome) clocks.stop();
  announce(outcome);
  const side = sides[board.turn()];
  $("status").textContent = outcome ? "Game over" : `${side} to move${board.isCheck() ? " — check!" : ""}`;
  $("status").classList.toggle("in-check", !outcome && board.isCheck());
  $("fen").value = board.fen();
  $("undo").disabled = history.length === 0;
  $("claim-draw").hidden = Boolean(outcome) || !board.canClaimDraw();
  renderMoves();
  renderRecord(board);
  renderClocks();
  if (!outcome) opponent.maybeMove();
}

function switchGame(game) {
  state.game = game;
  for (const name of Object.keys(GAMES)) $(`game-${name}`).setAttribute("aria-pressed", String(name === game));
  $("promotion-label").hidden = game !== "chess";
  document.body.dataset.game = game;
  newBoard();
  $("fen-error").textContent = "";
  render();
}

function setUp() {
  $("board").addEventListener("click", (event) => {
    const square = event.target.closest("[data-square]")?.dataset.square;
    if (square) onSquare(square);
  });
  $("game-chess").addEventListener("click", () => switchGame("chess"));
  $("game-xiangqi").addEventListener("click", () => switchGame("xiangqi"));
  $("undo").addEventListener("click", () => {
    // Taking a move back pauses the clocks until the next move.
    clocks.stop();
    if (state.claimed) state.claimed = false;
    else if (state.board.pop() !== undefined) state.record.pop();
    state.selected = null;
    render();
  });
  $("new-game").addEventListener("click", () => switchGame(state.game));
  $("flip").addEventListener("click", () => {
    state.flipped = !state.flipped;
    render();
  });
  $("claim-draw").addEventListener("click", () => {
    state.claimed = true;
    render();
  });
  $("fen-form").addEventListener("submit", (event) => {
    event.preventDefault();
    try {
      newBoard($("fen").value);
      $("fen-error").textContent = "";
    } catch (error) {
      $("fen-error").textContent = `${error.name}: ${error.message}`;
    }
    render();
  });
  $("set-clock").addEventListener("click", () => {
    try {
      state.timeControl = parseTimeControl($("time-control").value);
      $("clock-error").textContent = "";
    } catch (error) {
      $("clock-error").textContent = error.message;
      return;
    }
    // A new clock starts a new game from the position on the board.
    newBoard(state.board.fen());
    render();
  });
  setUpRecords({ state, games: GAMES, switchGame, adopt, render });
  switchGame("chess");
}

init().then(async () => {
  setUp();
  opponent = await setUpOpponent({ state, play, limit: searchLimit, render });
  document.body.dataset.ready = "true";
});
