// `npm start`: install what is missing, build the web app, then run `errand serve`.
// Uses only Node built-ins until the dependencies are installed.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildWeb } from "./lib/build-web.mjs";
import { ensureChromium } from "./lib/ensure-chromium.mjs";
import { ensureDeps } from "./lib/ensure-deps.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
await ensureDeps(root);
const browserPath = await ensureChromium({ required: false });
await buildWeb(root);

const env = { ...process.env, ...(browserPath && !process.env.BROWSER_PATH ? { BROWSER_PATH: browserPath } : {}) };
const server = spawn(process.execPath, [path.join(root, "packages/cli/bin/errand.mjs"), "serve"], { stdio: "inherit", env, cwd: root });

// Ctrl-C reaches the whole process group; the server shuts itself (and Postgres) down.
// We only pass on signals sent to us alone, and exit when the server has.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
