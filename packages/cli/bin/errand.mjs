#!/usr/bin/env node
// Runs the TypeScript CLI on Node's own type stripping: no build step and no loader for the
// server side (docs/adr/0014-node-24-and-how-the-commands-bring-it.md). On a Node without it
// (older than 22.18), a development checkout falls back to tsx's loader; `npm start` and
// `npm test` bring Node 24 themselves.
if (!process.features.typescript) {
  const tsx = await import("tsx/esm/api").catch(() => undefined);
  if (!tsx) {
    process.stderr.write(`Errand runs on Node 24 or newer; this is Node ${process.versions.node}. Install Node 24 (https://nodejs.org), or run it through \`npm start\`, which brings it.\n`);
    process.exit(1);
  }
  tsx.register();
}
await import("../src/main.ts");
