// The e2e web server: the real `errand serve`, with a fake model and the fixture websites
// started beside it (both on localhost). Tests choose the model's behaviour with a marker in
// the prompt (see e2e-scenarios.ts) and find the fixture URL in e2e-env.json.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { startFakeModelServer, startFixtureSites } from "@errand/testkit";
import { respond } from "./e2e-scenarios.ts";

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = process.env.DATA_DIR!;
const model = await startFakeModelServer();
const sites = await startFixtureSites();
model.setResponder((req) => respond(req, sites.url));
writeFileSync(path.join(dataDir, "e2e-env.json"), JSON.stringify({ sitesUrl: sites.url, modelUrl: model.url }));

const server = spawn(process.execPath, [path.join(root, "packages/cli/bin/errand.mjs"), "serve"], {
  stdio: "inherit",
  env: { ...process.env, LLM_BASE_URL: model.url, LLM_API_KEY: "e2e", ALLOW_PRIVATE_NETWORK: "true" },
});
const stop = (signal: NodeJS.Signals) => server.kill(signal);
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
server.on("exit", async (code) => {
  await Promise.all([model.close(), sites.close()]);
  process.exit(code ?? 0);
});
