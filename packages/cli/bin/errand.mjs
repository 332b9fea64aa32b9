#!/usr/bin/env node
import module from "node:module";
// Runs the TypeScript CLI on Node's own type stripping: no build step and no loader for the
// server side (docs/adr/0014-node-24-and-how-the-commands-bring-it.md). `npm start`, `npm test`
// and `npm run errand` bring Node 24 themselves when the system's is older.
if (!process.features.typescript) {
  process.stderr.write(
    `Errand runs on Node 24 or newer; this is Node ${process.versions.node}. Install Node 24 (https://nodejs.org), or run it through \`npm start\` or \`npm run errand\`, which bring it.\n`,
  );
  process.exit(1);
}
// V8 keeps the compiled modules between starts (in the temp dir): a command that loads the
// whole server starts on about two thirds of the CPU.
module.enableCompileCache?.();
// Node's resolution of imports re-reads large package export maps for every file: answered
// without them where Node's answer is known (docs/adr/0064-quick-module-resolution.md).
await import("./quick-resolve.mjs");
await import("../src/main.ts");
