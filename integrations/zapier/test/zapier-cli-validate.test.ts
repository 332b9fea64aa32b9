// `zapier-platform validate --without-style`: Zapier's own CLI checks the app locally (the
// schema and its functional checks) before anything is pushed. --without-style leaves out the
// integration checks that Zapier's servers run; the environment keeps the CLI from looking for
// updates, sending analytics or reading a login (an empty home, and Zapier's API pointed at a
// closed loopback port, so a call it should not make fails here instead of leaving the machine).
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const APP_DIR = path.resolve(import.meta.dirname, "..");
const CLI = path.resolve(APP_DIR, "../../node_modules/.bin/zapier-platform");
// Inside the app's folder so that the copy finds zapier-platform-core as the app does; .scratch is ignored by git and ESLint.
const scratch = path.join(APP_DIR, ".scratch");
mkdirSync(scratch, { recursive: true });
const home = mkdtempSync(path.join(scratch, "home-"));

afterAll(() => rmSync(home, { recursive: true, force: true }));

async function validate(cwd: string): Promise<{ code: number; output: string }> {
  const env = {
    ...process.env,
    HOME: home,
    DISABLE_ZAPIER_ANALYTICS: "1",
    NO_UPDATE_NOTIFIER: "1",
    ZAPIER_BASE_ENDPOINT: "http://127.0.0.1:9",
  };
  try {
    const { stdout, stderr } = await promisify(execFile)(CLI, ["validate", "--without-style"], { cwd, env });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

describe("zapier-platform validate", () => {
  it("finds the app structurally sound", async () => {
    const { code, output } = await validate(APP_DIR);
    expect(output).toContain("This project is structurally sound!");
    expect(code, output).toBe(0);
  }, 120_000);

  it("fails an app with a misspelt display property", async () => {
    const dir = mkdtempSync(path.join(scratch, "broken-app-"));
    try {
      const { dependencies } = JSON.parse(readFileSync(path.join(APP_DIR, "package.json"), "utf8")) as {
        dependencies: Record<string, string>;
      };
      writeFileSync(
        path.join(dir, "package.json"),
        JSON.stringify({ name: "broken-app", version: "0.1.0", main: "index.js", dependencies }),
      );
      writeFileSync(
        path.join(dir, "index.js"),
        [
          'const App = require("../../index.js");',
          "const trigger = App.triggers.finished_run;",
          "module.exports = { ...App, triggers: { ...App.triggers, finished_run: { ...trigger, display: { ...trigger.display, hiddden: true } } } };",
        ].join("\n"),
      );
      const { code, output } = await validate(dir);
      expect(output).toContain("structurally invalid");
      expect(output).toContain("hiddden");
      expect(code).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
