// The e2e web server: the real `errand serve`, with a fake model and the fixture websites
// started beside it (both on localhost). Tests choose the model's behaviour with a marker in
// the prompt (see e2e-scenarios.ts) and find the fixture URL in e2e-env.json.
import { spawn } from "node:child_process";
import { createWriteStream, writeFileSync } from "node:fs";
import path from "node:path";
import { startFakeModelServer, startFakeOAuth, startFakeStripe, startFixtureSites, startSmtpCapture } from "@errand/testkit";
import { startE2eControl } from "./e2e-control.ts";
import { respond } from "./e2e-scenarios.ts";

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = process.env.DATA_DIR!;
const model = await startFakeModelServer();
const sites = await startFixtureSites();
model.setResponder((req) => respond(req, sites.url));
// The paid and unreachable third parties, at their real protocols.
const smtp = await startSmtpCapture();
const stripe = await startFakeStripe({ webhookUrl: `${process.env.BASE_URL}/api/stripe/webhook` });
const oauth = await startFakeOAuth();
const control = await startE2eControl({ smtp, stripe });
writeFileSync(
  path.join(dataDir, "e2e-env.json"),
  JSON.stringify({ sitesUrl: sites.url, modelUrl: model.url, controlUrl: control.url, stripeUrl: stripe.url, oauthUrl: oauth.url }),
);

const server = spawn(process.execPath, [path.join(root, "packages/cli/bin/errand.mjs"), "serve"], {
  // Info logs go to a file next to the data (npm test prints its tail when e2e fails); warnings
  // and errors (stderr) show in the test output.
  stdio: ["inherit", "pipe", "inherit"],
  env: {
    ...process.env,
    LLM_BASE_URL: model.url,
    LLM_API_KEY: "e2e",
    ALLOW_PRIVATE_NETWORK: "true",
    SMTP_URL: smtp.url,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
    GOOGLE_CLIENT_ID: oauth.clientId,
    GOOGLE_CLIENT_SECRET: oauth.clientSecret,
    GOOGLE_OAUTH_URL: oauth.url,
    GITHUB_CLIENT_ID: oauth.clientId,
    GITHUB_CLIENT_SECRET: oauth.clientSecret,
    GITHUB_OAUTH_URL: oauth.url,
  },
});
const log = createWriteStream(path.join(dataDir, "server.log"), { flags: "a" });
server.stdout!.pipe(log);
const stop = (signal: NodeJS.Signals) => server.kill(signal);
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
server.on("exit", async (code) => {
  await Promise.all([model.close(), sites.close(), smtp.close(), stripe.close(), oauth.close(), control.close()]);
  process.exit(code ?? 0);
});
