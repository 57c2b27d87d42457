// Engines as Node child processes: `childProcessTransport` (a line transport over a process's
// standard input and output) and `openEngine` (start and shake hands). Node only: the package's
// Node entry exports them.
import { spawn } from "node:child_process";

import { Engine, lineSplitter, MAX_LINE } from "./engine.js";

/**
 * A transport over a child process: lines to its standard input, lines from its standard output
 * (split by `lineSplitter`, so a flood of text without line breaks holds at most `maxLine`
 * characters). Its standard error is ignored. `close()` kills it.
 */
export function childProcessTransport(command, args = [], options = {}) {
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "ignore"], cwd: options.cwd, env: options.env });
  const lineCallbacks = [];
  const closeCallbacks = [];
  let closed = false;
  const finish = (reason) => {
    if (closed) return;
    closed = true;
    for (const cb of closeCallbacks) cb(reason);
  };
  const split = lineSplitter((line) => {
    for (const cb of lineCallbacks) cb(line);
  }, options.maxLine ?? MAX_LINE);
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", split);
  // The process is gone once its output is closed and it exited.
  child.on("close", (code, signal) => finish(signal ? `signal ${signal}` : `exit status ${code}`));
  child.on("error", (error) => finish(error));
  // Writing to an engine that died is reported by its death, not by EPIPE.
  child.stdin.on("error", () => {});
  return {
    child,
    send(line) {
      if (!closed && child.stdin.writable) child.stdin.write(line + "\n");
    },
    onLine(cb) {
      lineCallbacks.push(cb);
    },
    onClose(cb) {
      closeCallbacks.push(cb);
    },
    close() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
}

/**
 * Starts `command` as an engine and shakes hands: `await openEngine("/usr/games/stockfish")`.
 * Options: `args`, `protocol` (`"uci"`, `"ucci"` or `"xboard"`), `timeouts` (ms), `dialect`, `cwd`, `env`.
 * A program that cannot start fails with `EngineError` (code `spawn`).
 */
export async function openEngine(command, options = {}) {
  const transport = childProcessTransport(command, options.args ?? [], options);
  const engine = new Engine(transport, options);
  try {
    await engine.init();
  } catch (error) {
    transport.close();
    throw error;
  }
  return engine;
}
