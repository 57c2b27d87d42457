// chess.js's behaviour: SAN history, PGN written and read (comments, a game starting with
// Black, maxWidth), lenient and strict move reading, FEN completion and errors.
// Runs unchanged with `import { Chess } from "qipan"` (bindings/wasm/tests/chessjs-examples.test.mjs).
import { Chess } from "chess.js";

const chess = new Chess("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 45");
chess.move("Nf6");
chess.setComment("the two knights");
chess.move("Nc3");
chess.header("White", "Anna", "Black", "Bo");
console.log(chess.pgn());
console.log(chess.pgn({ maxWidth: 12, newline: "\n" }));
chess.loadPgn('[Event "Casual"]\n\n1. e4 {a comment\nover two lines} e5 2. Nf3 *');
console.log(JSON.stringify(chess.getComments()), JSON.stringify(chess.getHeaders()));
for (const [text, strict] of [["Nb1c3", false], ["Nb1c3", true], ["e2-e4", false], ["0-0", false], ["0-0", true], ["Nbc3", false], ["Nbc3", true], ["Nb1-c3", false], ["e4!!", false], ["Ke5", false]]) {
  const game = new Chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1");
  try {
    console.log(text, strict, game.move(text, { strict }).san);
  } catch (error) {
    console.log(text, strict, error.message);
  }
}
const short = new Chess("4k3/8/8/8/8/8/4P3/4K3 w");
console.log(short.fen(), short.moves().join(" "));
short.move("e4");
console.log(short.fen(), short.fen({ forceEnpassantSquare: true }));
try {
  new Chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0");
} catch (error) {
  console.log(error.message);
}
const odd = new Chess("k7/8/8/8/8/8/PPPPPPPP/QQQQKQQQ w - - 0 1", { skipValidation: true });
console.log(odd.moves().length, odd.isCheck(), odd.isGameOver());
odd.clear();
console.log(odd.put({ type: "k", color: "w" }, "e1"), odd.put({ type: "k", color: "w" }, "e2"), odd.fen());
