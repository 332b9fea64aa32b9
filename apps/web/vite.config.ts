import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { precompress } from "./build/precompress-plugin.ts";
import { pureContractValues } from "./build/pure-contract-plugin.ts";
import { sonnerStylesheet } from "./build/sonner-stylesheet-plugin.ts";

/** The API server the dev and preview servers forward to. */
const API_ORIGIN = "http://localhost:3000";

/**
 * Anchored patterns: a plain "/api" or "/mcp" prefix would also catch the pages /api-keys,
 * /api-integration and /mcp-integration.
 */
const proxy = {
  // ws: the live viewer's socket (/api/v1/live/socket).
  "^/api/": { target: API_ORIGIN, ws: true },
  "^/mcp(?:[/?]|$)": { target: API_ORIGIN },
};

/** The modules of the live viewer page (live.html), kept out of the SPA's "app" chunk. */
const LIVE_VIEWER_MODULE = /[\\/]src[\\/]live-viewer[\\/]|[\\/]live\.html$/;

/**
 * React Router's package sends every bundler to its development build (no "production" export
 * condition): a build takes the production one, without the development warnings and checks.
 */
const routerProductionBuild = (file: string) =>
  fileURLToPath(import.meta.resolve("react-router")).replace(/[\\/]development[\\/]index\.mjs$/, `/production/${file}`);

export default defineConfig(({ command }) => ({
  resolve: {
    alias:
      command === "build"
        ? [
            { find: /^react-router$/, replacement: routerProductionBuild("index.mjs") },
            { find: /^react-router\/dom$/, replacement: routerProductionBuild("dom-export.mjs") },
          ]
        : [],
  },
  plugins: [react(), tailwindcss(), sonnerStylesheet(), pureContractValues(), precompress()],
  // `vite build` builds every environment: the client, then the public pages' server renderer.
  builder: {},
  // The server puts each response's Content-Security-Policy nonce where this placeholder is
  // (apps/server/src/http/system/security-headers.ts): on the built script and stylesheet tags
  // and on a csp-nonce meta tag, which src/csp-setup.ts and Vite's preload helper read.
  html: { cspNonce: "__ERRAND_CSP_NONCE__" },
  server: { proxy },
  preview: { proxy },
  environments: {
    client: {
      build: {
        outDir: "dist",
        emptyOutDir: true,
        // Read by bench/bundle-size.mjs to measure the first-load JavaScript.
        manifest: true,
        // Off: Vite injects the polyfill in every HTML entry, and the module both entries share
        // would be bundled in the SPA's chunk, which live.html would then load. Every browser that
        // runs module scripts still loads the app without it (modulepreload only speeds up loading).
        modulePreload: { polyfill: false },
        rolldownOptions: {
          // The SPA, and the standalone live browser viewer (vanilla TypeScript, see src/live-viewer).
          input: {
            main: path.resolve(import.meta.dirname, "index.html"),
            live: path.resolve(import.meta.dirname, "live.html"),
          },
          output: {
            // Everything the first page needs in one chunk: shared-chunk boundaries between the
            // entry and the lazy pages would otherwise cost a few KB of first-load JavaScript.
            // The live viewer's modules stay out of it: live.html must not load the React app.
            codeSplitting: { groups: [{ name: "app", tags: ["$initial"], test: (id) => !LIVE_VIEWER_MODULE.test(id) }] },
          },
        },
      },
    },
    // src/entry-server.tsx, which renders the public pages' HTML on the server (ADR 0012): into
    // dist/ssr, which the server imports and never serves. The client build empties dist first.
    ssr: {
      build: {
        outDir: "dist/ssr",
        emptyOutDir: true,
        copyPublicDir: false,
        rolldownOptions: { input: { "entry-server": path.resolve(import.meta.dirname, "src/entry-server.tsx") } },
      },
    },
  },
}));
