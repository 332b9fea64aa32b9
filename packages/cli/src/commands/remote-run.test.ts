import { describe, expect, vi } from "vitest";
import { remoteServerForFile } from "../testing/remote-server.ts";
import { spawnCli } from "../testing/spawn-cli.ts";

// A real server (worker, Chromium, fake model) and the CLI as a second process talking to it.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });
const { it, remote } = remoteServerForFile((sitesUrl) => (req) => {
  const all = req.messages.map((m) => m.text).join("\n");
  const turns = req.messages.filter((m) => m.role === "assistant").length;
  if (all.includes("remote-fail")) return { toolCalls: [{ name: "done", arguments: { success: false, text: "There is no such page." } }] };
  if (turns === 0) return { toolCalls: [{ name: "navigate", arguments: { url: `${sitesUrl}/news` } }], delayMs: 300 };
  if (turns === 1) return { toolCalls: [{ name: "scroll", arguments: { direction: "down" } }], delayMs: 300 };
  return { toolCalls: [{ name: "done", arguments: { success: true, text: "Read remotely." } }] };
});

// No DATABASE_URL: the remote mode needs none.
const remoteEnv = () => ({ ERRAND_URL: remote.server.baseUrl, ERRAND_API_KEY: remote.apiKey });

describe("errand run against a remote server (ERRAND_URL, ERRAND_API_KEY)", () => {
  it("prints each step once as it happens, the run's page and result, and exits 0 on success", async () => {
    const cli = spawnCli(["run", "Read the news remotely"], remoteEnv());
    expect(await cli.exited).toBe(0);
    const output = cli.output();
    const id = /Run ([0-9a-f-]{36}) queued/.exec(output)?.[1];
    expect(id).toBeDefined();
    expect(output).toMatch(new RegExp(`${remote.server.baseUrl}/tasks/[0-9a-f-]{36}/task-runs/${id}`));
    for (const n of [1, 2, 3]) expect(output.match(new RegExp(`Step ${n}\\b`, "g"))).toHaveLength(1);
    expect(output.indexOf("Step 1")).toBeLessThan(output.indexOf("Step 2"));
    expect(output).toMatch(/✔ Step 3: done/);
    expect(output).toContain("Status: success");
    expect(output).toContain("Read remotely.");
  });

  it("exits 1 when the run fails, and explains a refused key without showing it", async () => {
    const failed = spawnCli(["run", "Do the remote-fail thing"], remoteEnv());
    expect(await failed.exited).toBe(1);
    expect(failed.output()).toContain("Status: failed");
    expect(failed.output()).toContain("Failure kind: agent_gave_up (The agent could not do the task)");

    const refused = spawnCli(["run", "Anything"], { ERRAND_URL: remote.server.baseUrl, ERRAND_API_KEY: "not-a-real-key-0000" });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(/errand run failed: .*API key/i);
    expect(refused.output()).not.toContain("not-a-real-key-0000");
  });

  it("errand runs lists the runs that ended with the kinds asked for, with their kind, and refuses a kind the contract does not know", async () => {
    // The earlier tests of this file left a run that succeeded and one the agent gave up on.
    const gaveUp = spawnCli(["runs", "--failure-kind", "time_limit,agent_gave_up"], remoteEnv());
    expect(await gaveUp.exited).toBe(0);
    const lines = gaveUp.output().trim().split("\n");
    expect(lines).toEqual([
      expect.stringMatching(
        /^[0-9a-f-]{36} {2}\S+ {2}failed {2}agent_gave_up \(The agent could not do the task\) {2}Do the remote-fail thing$/,
      ),
    ]);

    const unknown = spawnCli(["runs", "--failure-kind", "timeout"], remoteEnv());
    expect(await unknown.exited).toBe(2);
    expect(unknown.output()).toContain('Unknown failure kind "timeout". Kinds: navigation_blocked, captcha_unsolved');
  });

  it("says which scope a named key lacks, and exits 1", async () => {
    const made = await fetch(`${remote.server.baseUrl}/api/v1/api-keys`, {
      method: "POST",
      headers: { "x-api-key": remote.apiKey, "content-type": "application/json" },
      body: JSON.stringify({ name: "cli", scopes: ["read"] }),
    });
    const { secret } = (await made.json()) as { secret: string };
    const reader = spawnCli(["run", "Not allowed"], { ERRAND_URL: remote.server.baseUrl, ERRAND_API_KEY: secret });
    expect(await reader.exited).toBe(1);
    expect(reader.output()).toContain("errand run failed: This API key lacks the run scope");
    expect(reader.output()).not.toContain(secret);
  });
});

describe("errand account delete against a remote server", () => {
  const accountAt = (apiKey: string) => fetch(`${remote.server.baseUrl}/api/v1/account`, { headers: { "x-api-key": apiKey } });

  it("deletes the account once its e-mail is typed, and keeps it when another is", async () => {
    const person = await remote.server.signUp();
    const env = { ERRAND_URL: remote.server.baseUrl, ERRAND_API_KEY: person.apiKey };
    const mistyped = spawnCli(["account", "delete"], env, { input: "someone-else@example.test\n" });
    expect(await mistyped.exited, mistyped.output()).toBe(1);
    expect(mistyped.output()).toContain(`This deletes the account ${person.email}, its personal workspace and everything in it`);
    expect(mistyped.output()).toContain("Not deleted: the e-mail typed is not the account's.");
    expect((await accountAt(person.apiKey)).status).toBe(200);

    const typed = spawnCli(["account", "delete"], env, { input: `${person.email.toUpperCase()}\n` });
    expect(await typed.exited, typed.output()).toBe(0);
    expect(typed.output()).toContain(`Deleted the account ${person.email}.`);
    expect((await accountAt(person.apiKey)).status).toBe(401);
  });

  it("with --yes asks nothing, and prints the server's refusal for a team workspace's last owner", async () => {
    const owner = await remote.server.signUp();
    await fetch(`${remote.server.baseUrl}/api/v1/workspaces`, {
      method: "POST",
      headers: { "x-api-key": owner.apiKey, "content-type": "application/json" },
      body: JSON.stringify({ name: "Growth" }),
    });
    const refused = spawnCli(["account", "delete", "--yes"], { ERRAND_URL: remote.server.baseUrl, ERRAND_API_KEY: owner.apiKey });
    expect(await refused.exited, refused.output()).toBe(1);
    expect(refused.output()).not.toContain("Type the account's e-mail");
    expect(refused.output()).toContain('Not deleted: You are the last owner of the workspace "Growth"');
    expect((await accountAt(owner.apiKey)).status).toBe(200);
  });
});
