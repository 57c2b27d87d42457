// UCI, UCCI and XBoard engines over any line transport: `Engine` drives the core's protocol layer
// (`EngineSession`: reading engine lines, writing `setoption`, `position … moves …`, `go`;
// `XboardSession`: features, `setboard`, the moves, `go`/`analyze`, `move` lines) and
// adds only what JavaScript must: moving lines, promises, and a timeout on every wait. A
// transport is `{ send(line), onLine(callback), onClose?(callback), close() }`; `workerTransport`
// wraps a Web Worker, and the Node entry adds `childProcessTransport` and `openEngine`.
import { ChessBoard, EngineSession, XboardSession, XiangqiBoard } from "./qipan.js";

/** Anything that went wrong with an engine; `code` says what (`illegal-move`, `no-such-option`,
 * `option-value`, `usage`, `refused` (an XBoard engine refused a command), `spawn`, `terminated`,
 * `timeout`). */
export class EngineError extends Error {
  constructor(message, code = "engine") {
    super(message);
    this.name = "EngineError";
    this.code = code;
  }
}

/** The engine exited, closed its output, or its worker failed. */
export class EngineTerminatedError extends EngineError {
  constructor(message) {
    super(message, "terminated");
    this.name = "EngineTerminatedError";
  }
}

/** The engine did not answer in time. */
export class EngineTimeoutError extends EngineError {
  constructor(message) {
    super(message, "timeout");
    this.name = "EngineTimeoutError";
  }
}

/** How long each wait may take, in milliseconds (the core's defaults). */
export const DEFAULT_TIMEOUTS = Object.freeze({ reply: 10000, search: 300000, grace: 10000, quit: 1000 });

/** The longest line a transport hands over; longer lines are dropped. */
export const MAX_LINE = 64 * 1024;

/** An error thrown by the wasm session, as this module's classes. */
function typed(error) {
  if (error instanceof EngineError) return error;
  switch (error?.name) {
    case "EngineTerminatedError": return new EngineTerminatedError(error.message);
    case "EngineTimeoutError": return new EngineTimeoutError(error.message);
    case "EngineError": return new EngineError(error.message, error.code);
    default: return error;
  }
}

/**
 * Splits text arriving in chunks into lines (`\n` or `\r\n`), dropping lines longer than
 * `maxLine`: however an engine writes, at most `maxLine` characters wait.
 */
export function lineSplitter(onLine, maxLine = MAX_LINE) {
  let pending = "";
  let dropping = false;
  return (chunk) => {
    let start = 0;
    for (;;) {
      const end = chunk.indexOf("\n", start);
      if (end < 0) break;
      const piece = chunk.slice(start, end);
      start = end + 1;
      if (!dropping && pending.length + piece.length <= maxLine) {
        onLine((pending + piece).replace(/\r$/, ""));
      }
      pending = "";
      dropping = false;
    }
    const rest = chunk.slice(start);
    if (!dropping && pending.length + rest.length <= maxLine) pending += rest;
    else {
      pending = "";
      dropping = true;
    }
  };
}

/**
 * A transport over a Web Worker running an engine that posts its output as strings (one or
 * more lines per message) and reads commands as strings: a Stockfish or Fairy-Stockfish build
 * for the web, or any worker written so. `worker` is a `Worker` or what `new Worker()` takes.
 */
export function workerTransport(worker, options = {}) {
  const w = typeof worker === "string" || worker instanceof URL
    ? new Worker(worker, options.type ? { type: options.type } : undefined)
    : worker;
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
  w.addEventListener("message", (event) => {
    if (typeof event.data === "string") split(event.data + "\n");
  });
  w.addEventListener("error", (event) => {
    event.preventDefault?.();
    finish(`worker error: ${event.message ?? "unknown"}`);
  });
  return {
    worker: w,
    send(line) {
      if (!closed) w.postMessage(line);
    },
    onLine(cb) {
      lineCallbacks.push(cb);
    },
    onClose(cb) {
      closeCallbacks.push(cb);
    },
    close() {
      w.terminate();
      finish("worker terminated");
    },
  };
}

/** A chess.js `Chess` (or anything with its `history({verbose})` and `fen()`) as a ChessBoard. */
function boardOfChessJs(game) {
  const history = game.history({ verbose: true });
  const board = new ChessBoard(history.length ? history[0].before : game.fen(), { relaxed: true });
  for (const move of history) board.push(move.lan);
  return board;
}

/**
 * A UCI, UCCI or XBoard engine behind a transport. Every method waits at most its timeout and fails
 * with `EngineTimeoutError`; an engine that dies fails every wait with `EngineTerminatedError`;
 * a best move that is not legal fails with `EngineError` (code `illegal-move`). Calls are queued:
 * one runs at a time.
 */
export class Engine {
  #transport;
  #session;
  #timeouts;
  #waiter = null;
  #dead = null;
  #queue = Promise.resolve();
  #closeWaiters = [];
  #onInfo = null;

  /**
   * @param transport `{ send(line), onLine(cb), onClose?(cb), close() }`
   * @param options `{ protocol: "uci" | "ucci" | "xboard", timeouts: {reply, search, grace, quit}, dialect }`
   */
  constructor(transport, options = {}) {
    this.#transport = transport;
    this.#session = options.protocol === "xboard" ? new XboardSession() : new EngineSession(options.protocol ?? "uci");
    if (options.dialect) this.#session.dialect = options.dialect;
    this.#timeouts = { ...DEFAULT_TIMEOUTS, ...(options.timeouts ?? {}) };
    transport.onLine((line) => this.#receive(line));
    transport.onClose?.((reason) => this.#terminated(reason));
  }

  #receive(line) {
    if (this.#dead) return;
    this.#handle(() => this.#session.read(line));
  }

  /** Acts on the event `read` (a line read, or the time told to an XBoard handshake) returns. */
  #handle(read) {
    let event;
    try {
      event = read();
    } catch (error) {
      this.#fail(typed(error));
      return;
    }
    // XBoard: the answers to features, the commands that end an analysis.
    if (event.reply) for (const reply of event.reply) this.#transport.send(reply);
    if (event.type === "info" && this.#onInfo) {
      try {
        this.#onInfo(event.info);
      } catch {
        // A listener's error is its own; the search goes on.
      }
    }
    const waiter = this.#waiter;
    if (waiter && waiter.match(event)) {
      this.#waiter = null;
      clearTimeout(waiter.timer);
      waiter.resolve(event);
    }
  }

  #terminated(reason) {
    if (this.#dead) return;
    const spawn = reason instanceof Error;
    this.#dead = spawn
      ? new EngineError(`cannot start engine: ${reason.message}`, "spawn")
      : new EngineTerminatedError(`engine terminated${reason ? ` (${reason})` : ""}`);
    this.#session.abandonSearch();
    this.#fail(this.#dead);
    for (const resolve of this.#closeWaiters.splice(0)) resolve();
  }

  #fail(error) {
    const waiter = this.#waiter;
    if (waiter) {
      this.#waiter = null;
      clearTimeout(waiter.timer);
      waiter.reject(error);
    }
  }

  #send(line) {
    if (this.#dead) throw this.#dead;
    this.#transport.send(line);
  }

  /** Waits for the first event `match` accepts, at most `ms` milliseconds. */
  #wait(match, ms, what) {
    if (this.#dead) return Promise.reject(this.#dead);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiter = null;
        reject(new EngineTimeoutError(`engine timed out waiting for ${what}`));
      }, ms);
      this.#waiter = { match, resolve, reject, timer };
    });
  }

  /** Runs `task` after every call queued before it. */
  #run(task) {
    const result = this.#queue.then(task);
    this.#queue = result.catch(() => {});
    return result;
  }

  /** The handshake: `uci` (`ucci`), the `id` and `option` lines, `uciok`; or `xboard`,
   * `protover 2` and the `feature` lines until `done=1`. Resolves to the engine. */
  init() {
    return this.#run(async () => {
      const xboard = this.#session.protocol === "xboard";
      const start = xboard ? this.#session.startCommands() : [this.#session.startCommand()];
      for (const line of start) this.#send(line);
      // XBoard: the core's handshake is told the time (it prods a quiet engine with `ping 0`
      // or `protover 2`, and ends features that come without `done=1`); every 5 ms, as often
      // as it may prod.
      const began = Date.now();
      const ticker = xboard
        ? setInterval(() => {
          if (!this.#dead) this.#handle(() => this.#session.tick(Date.now() - began));
        }, 5)
        : null;
      try {
        await this.#wait((e) => e.type === "uciok", this.#timeouts.reply, xboard ? "feature done=1" : start[0] + "ok");
      } finally {
        if (ticker) clearInterval(ticker);
      }
      for (const line of this.#session.afterHandshake()) this.#send(line);
      return this;
    });
  }

  /** The `id` lines: `{name, author, …}`. */
  get id() {
    return this.#session.id;
  }

  /** The options the engine offered: a `Map` from name to `{name, type, default, min, max, var}`. */
  get options() {
    return this.#session.options;
  }

  /** `"uci"`, `"ucci"` or `"xboard"`. */
  get protocol() {
    return this.#session.protocol;
  }

  /** The Xiangqi dialect (`"ucci"`, `"uci-variant"`, `"uci-plain"`), detected; settable. */
  get dialect() {
    return this.#session.dialect;
  }

  set dialect(name) {
    this.#session.dialect = name;
  }

  /** The timeouts in use (milliseconds). */
  get timeouts() {
    return { ...this.#timeouts };
  }

  /** Whether the engine is gone. */
  get terminated() {
    return this.#dead !== null;
  }

  /** The value an option holds now (the last set, else its default). */
  optionValue(name) {
    return this.#session.optionValue(name);
  }

  /** Sets options, each value checked against the option's type: `{Threads: 1, Hash: 16}`. */
  configure(options) {
    return this.#run(async () => {
      for (const [name, value] of Object.entries(options)) {
        let line;
        try {
          line = this.#session.configure(name, value);
        } catch (error) {
          throw typed(error);
        }
        this.#send(line);
      }
    });
  }

  /** `isready`, waiting for `readyok`. */
  ping() {
    return this.#run(() => this.#ping());
  }

  async #ping() {
    this.#send(this.#session.protocol === "xboard" ? this.#session.pingCommand() : "isready");
    await this.#wait((e) => e.type === "readyok", this.#timeouts.reply, "readyok");
  }

  async #search(board, limit, options) {
    let plan;
    try {
      if (board instanceof ChessBoard) plan = this.#session.searchChess(board, limit, options);
      else if (board instanceof XiangqiBoard) plan = this.#session.searchXiangqi(board, limit, options);
      else if (typeof board?.history === "function" && typeof board?.fen === "function") {
        const chess = boardOfChessJs(board);
        try {
          plan = this.#session.searchChess(chess, limit, options);
        } finally {
          chess.free();
        }
      } else throw new TypeError("board must be a ChessBoard, XiangqiBoard or Chess");
    } catch (error) {
      throw typed(error);
    }
    this.#onInfo = typeof options?.onInfo === "function" ? options.onInfo : null;
    try {
      for (const line of plan.setup) this.#send(line);
      await this.#wait((e) => e.type === "readyok", this.#timeouts.reply, "readyok");
      for (const line of plan.search) this.#send(line);
      const budget = plan.timeBudget === null ? this.#timeouts.search : plan.timeBudget + this.#timeouts.grace;
      return await this.#wait((e) => e.type === "bestmove", budget, "bestmove");
    } catch (error) {
      this.#session.abandonSearch();
      if (error instanceof EngineTimeoutError && !this.#dead) this.#sendStop();
      throw error;
    } finally {
      this.#onInfo = null;
    }
  }

  /**
   * The engine's move in the board's current position (python-chess's `play`): resolves to
   * `{move, ponder, info, draw, resign}`, moves in the board's coordinates (`null` when the
   * engine has none). `board`: a `ChessBoard`, `XiangqiBoard` or chess.js-style `Chess`;
   * `limit`: `{nodes, depth, time, mate, whiteClock, blackClock, whiteInc, blackInc,
   * remainingMoves}` (times in ms); `options`: `{rootMoves, banMoves, newGame, onInfo}`.
   */
  play(board, limit, options = {}) {
    return this.#run(async () => {
      const { move, ponder, info, draw, resign } = await this.#search(board, limit, options);
      return { move, ponder, info, draw, resign };
    });
  }

  /**
   * Analyses the board's position (python-chess's `analyse`): the search's merged info, or with
   * `multipv` a list of the best lines' infos, best first.
   */
  analyse(board, limit, options = {}) {
    return this.#run(async () => {
      // `analysis` tells an XBoard session to `analyze` rather than `go`.
      const result = await this.#search(board, limit, { ...options, analysis: true });
      return options.multipv === undefined ? result.info : result.lines;
    });
  }

  /** Stops the running search (`play`/`analyse` then resolve with what the engine found). */
  stop() {
    if (!this.#dead && this.#session.searching) this.#sendStop();
  }

  /** `stop`; for XBoard `?` (move now) in play, `exit` and a `ping` in analysis. */
  #sendStop() {
    const lines = this.#session.protocol === "xboard" ? this.#session.stopCommands() : ["stop"];
    for (const line of lines) this.#transport.send(line);
  }

  /**
   * Sends `quit` and waits up to the quit timeout for the engine to exit, then closes the
   * transport (killing a process, terminating a worker). Resolves to whether it exited by itself.
   */
  async quit() {
    if (this.#dead) return true;
    const closed = new Promise((resolve) => this.#closeWaiters.push(resolve));
    try {
      if (this.#session.searching) this.#sendStop();
      this.#transport.send("quit");
    } catch {
      // A transport that cannot send any more is closed below.
    }
    let timer;
    const timeout = new Promise((resolve) => {
      timer = setTimeout(() => resolve("timeout"), this.#timeouts.quit);
    });
    const how = await Promise.race([closed, timeout]);
    clearTimeout(timer);
    this.#transport.close();
    this.#terminated("quit");
    return how !== "timeout";
  }
}
