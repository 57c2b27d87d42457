import { defineConfig } from "vite";

export default defineConfig({
  // Relative asset URLs: dist/ can be served from any path.
  base: "./",
  // The package finds its .wasm with `new URL(..., import.meta.url)`; pre-bundling would move the
  // module away from the file.
  optimizeDeps: { exclude: ["qipan"] },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
});
