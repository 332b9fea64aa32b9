import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { precompress } from "./build/precompress-plugin.ts";

/** The API server the dev and preview servers forward to. */
const API_ORIGIN = "http://localhost:3000";

/**
 * Anchored patterns: a plain "/api" or "/mcp" prefix would also catch the pages /api-keys,
 * /api-integration and /mcp-integration.
 */
const proxy = {
  "^/api/": { target: API_ORIGIN },
  "^/mcp(?:[/?]|$)": { target: API_ORIGIN },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Read by bench/bundle-size.mjs to measure the first-load JavaScript.
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the first page needs in one chunk: shared-chunk boundaries between the
        // entry and the lazy pages would otherwise cost a few KB of first-load JavaScript.
        codeSplitting: { groups: [{ name: "app", tags: ["$initial"] }] },
      },
    },
  },
});
