// `npm start`: bring Node 24 when the system's is older, install what is missing, build the web
// app, then run `errand serve`. Uses only Node built-ins until the dependencies are installed.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildWeb } from "./lib/build-web.mjs";
import { ensureChromium } from "./lib/ensure-chromium.mjs";
import { ensureDeps } from "./lib/ensure-deps.mjs";
import { ensureNode, runInstead } from "./lib/ensure-node.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
await ensureNode(root);
await ensureDeps(root);
const browserPath = await ensureChromium({ required: false });
await buildWeb(root);

const env = { ...process.env, ...(browserPath && !process.env.BROWSER_PATH ? { BROWSER_PATH: browserPath } : {}) };
// Ctrl-C reaches the whole foreground process group, the server included; a signal sent to this
// script alone (kill, a process manager) is passed on. Either way the server stops gracefully
// (it ignores a repeated signal: runs finish, Postgres stops last) and this script waits for it.
await runInstead(process.execPath, [path.join(root, "packages/cli/bin/errand.mjs"), "serve"], { env, cwd: root });
