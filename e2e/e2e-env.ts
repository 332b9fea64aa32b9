import { readFileSync } from "node:fs";
import path from "node:path";

/** Where the e2e server put the fixture websites and the fake model (see e2e/server). */
export function e2eEnv(): { sitesUrl: string; modelUrl: string; controlUrl: string; stripeUrl: string; oauthUrl: string } {
  return JSON.parse(readFileSync(path.join(process.env.E2E_DATA_DIR!, "e2e-env.json"), "utf8"));
}
