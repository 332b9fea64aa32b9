// `npm run typecheck` (and the typecheck stage of `npm test`): both TypeScript projects (the Node
// packages, the web app) checked by TypeScript 7's native compiler, about ten times faster than
// the JavaScript one on two cores (docs/adr/0032-typecheck-with-typescript-7.md). The JavaScript
// compiler (5.9) stays for the tools that load TypeScript as a library (typescript-eslint).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// "typescript-7" is package.json's alias of typescript@7; its bin finds the platform's binary.
const tsc = path.join(root, "node_modules/typescript-7/bin/tsc");
const PROJECTS = ["tsconfig.json", "apps/web/tsconfig.json"];

let failed = false;
for (const project of PROJECTS) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [tsc, "-p", project, "--noEmit"], { cwd: root, stdio: "inherit" });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`tsc -p ${project}: ${result.status === 0 ? "ok" : "errors"}, ${seconds} s\n`);
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
