// A tiny UCI engine in a Web Worker, for the page's tests and as a template: it plays the first
// legal move the qipan package lists. It speaks plain UCI with moves in the board's coordinates
// (ranks 0-9 in Xiangqi, as Pikafish does), and tells the game from the FEN's ranks.
import init, { ChessBoard, XiangqiBoard } from "qipan/rules";

const ready = init();
let board = null;
const send = (line) => postMessage(line);

function position(words) {
  const at = words.indexOf("moves");
  const moves = at < 0 ? [] : words.slice(at + 1);
  const fenWords = words.slice(words[1] === "fen" ? 2 : 1, at < 0 ? words.length : at);
  const fen = words[1] === "startpos" ? undefined : fenWords.join(" ");
  const Board = fen && fen.split(" ")[0].split("/").length === 10 ? XiangqiBoard : ChessBoard;
  board?.free();
  board = null;
  try {
    board = new Board(fen);
    for (const mv of moves) board.push(mv);
  } catch (error) {
    send(`info string cannot set up the position: ${error.message}`);
  }
}

function handle(line) {
  const words = line.trim().split(/\s+/);
  switch (words[0]) {
    case "uci":
      send("id name qipan first legal move (demo)");
      send("id author qipan");
      send("uciok");
      break;
    case "isready":
      send("readyok");
      break;
    case "position":
      position(words);
      break;
    case "go": {
      const move = board?.legalMoves()[0];
      if (move) send(`info depth 1 score cp 0 nodes 1 pv ${move}`);
      send(`bestmove ${move ?? "(none)"}`);
      break;
    }
    case "quit":
      self.close();
      break;
    default:
      break;
  }
}

self.addEventListener("message", (event) => {
  ready.then(() => handle(String(event.data)));
});
