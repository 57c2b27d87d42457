// The qipan package as installed by tests/run.mjs in a fresh folder (QIPAN_APP_DIR).
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const app = process.env.QIPAN_APP_DIR;
if (!app) throw new Error("run the suites through tests/run.mjs: it installs the packed package");

/** The app folder the package is installed in. */
export const appDir = app;
const qipan = await import(pathToFileURL(join(app, "entry.mjs")).href);
export const { ChessBoard, XiangqiBoard, chessStartFen, xiangqiStartFen, ratingChange, ratingLevel } = qipan;
export const { printable, readGames, writePgn } = qipan;
export const { readAnnotations, writeAnnotations } = qipan;
export const { Book } = qipan;
export default qipan.default;
/** The whole module: chess.js's names (`Chess`, `Move`, `validateFen`, the constants) among the rest. */
export const namespace = qipan;
export const { Tablebase, openTablebase } = qipan;
