import { fileURLToPath } from "node:url";

import { defineConfig } from "vite";

import enginePackages from "./engine-packages.mjs";

const page = (name) => fileURLToPath(new URL(name, import.meta.url));

export default defineConfig({
  // Relative asset URLs: dist/ can be served from any path.
  base: "./",
  // Engine builds installed as packages, published beside the page (never bundled).
  plugins: [enginePackages()],
  // The demo engine's worker imports the package: an ES module worker.
  worker: { format: "es" },
  // The package finds its .wasm with `new URL(..., import.meta.url)`; pre-bundling would move the
  // module away from the file.
  optimizeDeps: { exclude: ["qipan", "qipan/rules"] },
  // Two pages: index.html on the full package, rules.html on its rules-only entry.
  build: {
    rollupOptions: {
      input: { main: page("index.html"), rules: page("rules.html") },
    },
  },
  // The package is linked from ../../bindings/wasm/pkg, outside this folder: let the dev server
  // read it.
  server: { host: "127.0.0.1", fs: { allow: [".", "../../bindings/wasm/pkg"] } },
  preview: { host: "127.0.0.1" },
});
