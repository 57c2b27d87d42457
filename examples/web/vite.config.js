import { fileURLToPath } from "node:url";

import { defineConfig } from "vite";

import enginePackages from "./engine-packages.mjs";

const page = (name) => fileURLToPath(new URL(name, import.meta.url));

/** The chess.js programs of ../chessjs, run unchanged by chessjs.html: their `"chess.js"` import
 * is answered with this page's `qipan`, as a user's changed import line would be. */
function chessjsPrograms() {
  const programs = fileURLToPath(new URL("../chessjs/", import.meta.url));
  return {
    name: "chessjs-programs",
    resolveId(source, importer) {
      if (source !== "chess.js" || !importer?.startsWith(programs)) return null;
      return this.resolve("qipan", page("index.html"), { skipSelf: true });
    },
  };
}

export default defineConfig({
  // Relative asset URLs: dist/ can be served from any path.
  base: "./",
  // Engine builds installed as packages, published beside the page (never bundled).
  plugins: [enginePackages(), chessjsPrograms()],
  // The demo engine's worker imports the package: an ES module worker.
  worker: { format: "es" },
  // The package finds its .wasm with `new URL(..., import.meta.url)`; pre-bundling would move the
  // module away from the file.
  optimizeDeps: { exclude: ["qipan", "qipan/rules"] },
  // Three pages: index.html on the full package, rules.html on its rules-only entry, chessjs.html
  // running the chess.js programs of ../chessjs.
  build: {
    rollupOptions: {
      input: { main: page("index.html"), rules: page("rules.html"), chessjs: page("chessjs.html") },
    },
  },
  // The package is linked from ../../bindings/wasm/pkg, outside this folder: let the dev server
  // read it.
  server: { host: "127.0.0.1", fs: { allow: [".", "../chessjs", "../../bindings/wasm/pkg"] } },
  preview: { host: "127.0.0.1" },
});
