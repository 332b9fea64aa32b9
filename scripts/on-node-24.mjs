// `npm run test:unit` and `npm run test:e2e`: vitest or Playwright on Node 24, brought as
// `npm test` does when the system's Node is older (docs/adr/0014-node-24-and-how-the-commands-bring-it.md).
//   node scripts/on-node-24.mjs <command> [args...]   (npm run puts node_modules/.bin on PATH)
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureNode, runInstead } from "./lib/ensure-node.mjs";

await ensureNode(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."));
const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write("Usage: node scripts/on-node-24.mjs <command> [args...]\n");
  process.exit(2);
}
await runInstead(command, args);
