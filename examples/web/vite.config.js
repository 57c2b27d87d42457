import { fileURLToPath } from "node:url";

import { defineConfig } from "vite";

const page = (name) => fileURLToPath(new URL(name, import.meta.url));

export default defineConfig({
  // Relative asset URLs: dist/ can be served from any path.
  base: "./",
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
