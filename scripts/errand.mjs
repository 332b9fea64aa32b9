// `npm run errand -- <command>`: the CLI on Node 24, brought as `npm start` does when the
// system's Node is older (its one line goes to stderr: `errand mcp` speaks on stdout).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureNode } from "./lib/ensure-node.mjs";

await ensureNode(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."));
await import("../packages/cli/bin/errand.mjs");
