// A vite plugin that finds engine builds installed as npm packages beside the page (optional:
// the page never depends on them and never bundles them into its code) and publishes each as a
// worker file under engines/ with a list, engines.json, which the page reads (src/opponent.js).
// A public/engines.json written by hand takes precedence (docs/engines.md shows both ways).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";

/** Packages known to hold a UCI engine that runs as a Web Worker, and which of their files to use. */
const KNOWN = [
  // stockfish.js: single-threaded builds need no cross-origin isolation; the lite net is small.
  { pkg: "stockfish", name: "Stockfish", games: ["chess"], protocol: "uci", prefer: [/lite-single\.js$/, /-single\.js$/] },
];

/** Files under `dir`, a few levels deep. */
function files(dir, depth = 3) {
  const out = [];
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    if (name === "node_modules") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (depth > 0) out.push(...files(path, depth - 1));
    } else out.push(path);
  }
  return out;
}

/** The engines installed in `root`/node_modules: `{entry, assets: [[name, path]]}`. */
export function findEngines(root) {
  const found = [];
  for (const known of KNOWN) {
    const dir = join(root, "node_modules", known.pkg);
    if (!existsSync(join(dir, "package.json"))) continue;
    const all = files(dir).filter((f) => f.endsWith(".js")).sort();
    const script = known.prefer.map((re) => all.find((f) => re.test(basename(f)))).find(Boolean);
    if (!script) continue;
    const wasm = script.replace(/\.js$/, ".wasm");
    const assets = [[basename(script), script]];
    if (existsSync(wasm)) assets.push([basename(wasm), wasm]);
    const version = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).version;
    found.push({
      entry: { name: `${known.name} ${version}`, url: `engines/${basename(script)}`, protocol: known.protocol, games: known.games },
      assets,
    });
  }
  return found;
}

export default function enginePackages() {
  let root;
  let engines = [];
  const handWritten = () => existsSync(join(root, "public", "engines.json"));
  return {
    name: "qipan-engine-packages",
    configResolved(config) {
      root = config.root;
      engines = findEngines(root);
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = new URL(req.url, "http://x").pathname;
        if (path === "/engines.json" && !handWritten()) {
          res.setHeader("content-type", "application/json");
          res.end(JSON.stringify(engines.map((e) => e.entry)));
          return;
        }
        for (const { assets } of engines) {
          for (const [name, file] of assets) {
            if (path === `/engines/${name}`) {
              res.setHeader("content-type", name.endsWith(".wasm") ? "application/wasm" : "text/javascript");
              res.end(readFileSync(file));
              return;
            }
          }
        }
        next();
      });
    },
    generateBundle() {
      for (const { assets } of engines) {
        for (const [name, file] of assets) {
          this.emitFile({ type: "asset", fileName: `engines/${name}`, source: readFileSync(file) });
        }
      }
      // An empty list when none is installed: the page then says so.
      if (!handWritten()) {
        this.emitFile({ type: "asset", fileName: "engines.json", source: JSON.stringify(engines.map((e) => e.entry), null, 2) });
      }
    },
  };
}
