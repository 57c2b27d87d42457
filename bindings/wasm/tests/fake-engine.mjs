// A hostile UCI engine for engines.test.mjs: `node fake-engine.mjs MODE`. It shakes hands
// normally, answers `isready`, and on `go` misbehaves as MODE says:
//   flood      info lines without end, never a best move
//   longline   one endless line without a line break
//   die        exits in the middle of the search
//   illegal    a best move that is not legal (e2e5)
//   garbage    a best move that is not a move at all
//   silent     says nothing (no best move)
//   nobestmove UCCI's `nobestmove`
//   mute       never finishes the handshake
import { createInterface } from "node:readline";

const mode = process.argv[2];
const out = (line) => process.stdout.write(line + "\n");
const lines = createInterface({ input: process.stdin });

function flood(text) {
  // Writes as fast as the pipe takes it, until the process is killed.
  const chunk = text.repeat(256);
  const write = () => {
    while (process.stdout.write(chunk)) { /* until the pipe is full */ }
    process.stdout.once("drain", write);
  };
  write();
}

lines.on("line", (line) => {
  const command = line.trim().split(/\s+/)[0];
  if (command === "uci") {
    if (mode === "mute") return;
    out("id name Hostile " + mode);
    out("id author qipan tests");
    out("option name Threads type spin default 1 min 1 max 8");
    out("uciok");
  } else if (command === "isready") {
    out("readyok");
  } else if (command === "quit") {
    process.exit(0);
  } else if (command === "go") {
    out("info depth 1 score cp 12 pv e2e4");
    switch (mode) {
      case "flood": flood("info depth 2 score cp 13 nodes 100 pv e2e4 e7e5\n"); break;
      case "longline": flood("x"); break;
      case "die": process.exit(3); break;
      case "illegal": out("bestmove e2e5"); break;
      case "garbage": out("bestmove <script>alert(1)</script>"); break;
      case "nobestmove": out("nobestmove"); break;
      case "silent": break;
      default: out("bestmove e2e4");
    }
  }
});
