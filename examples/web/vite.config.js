import { defineConfig } from "vite";

export default defineConfig({
  // Relative asset URLs: dist/ can be served from any path.
  base: "./",
  // The package finds its .wasm with `new URL(..., import.meta.url)`; pre-bundling would move the
  // module away from the file.
  optimizeDeps: { exclude: ["qipan"] },
  // The package is linked from ../../bindings/wasm/pkg, outside this folder: let the dev server
  // read it.
  server: { host: "127.0.0.1", fs: { allow: [".", "../../bindings/wasm/pkg"] } },
  preview: { host: "127.0.0.1" },
});
