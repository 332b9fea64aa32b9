import { tasks } from "@errand/db";
import { createCredential } from "@errand/services/credentials";
import { createRunForTask } from "@errand/services/runs";
import { testCaller } from "@errand/services/testing";
import { VAULT_USER } from "@errand/testkit";
import { describe, expect, vi } from "vitest";
import { workerTest, type TestWorker } from "./testing/test-worker.ts";

// Real processes, Chromium and a model round trip per step: slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 90_000 });
const it = workerTest;
let harness: TestWorker;
it.beforeAll(({ worker }) => {
  harness = worker;
});

describe("worker: vault credentials", () => {
  it("gives a run the credentials its task names: the agent signs in with a TOTP code, and no value reaches the model or the steps", async () => {
    const { ctx, db, model, sites } = harness;
    const user = await harness.newUser();
    const caller = testCaller(user.id);
    await createCredential({
      ctx,
      caller,
      input: {
        name: "vault-co",
        domains: [new URL(sites.url).hostname],
        username: VAULT_USER.username,
        password: VAULT_USER.password,
        totp_secret: VAULT_USER.totpSecret,
      },
    });
    const prompt = "Sign in to Vault Co with the saved credential";
    const [task] = await db
      .insert(tasks)
      .values({ userId: user.id, workspaceId: user.id, prompt, credentialNames: ["vault-co"] })
      .returning();
    model.setResponder((req) => {
      if (!req.messages.some((m) => m.text.includes(prompt))) return { hang: true };
      const state = req.messages.filter((m) => m.role === "user").at(-1)?.text ?? "";
      const index = (pattern: RegExp) => Number(new RegExp(`\\[(\\d+)\\]<[^\\n]*?${pattern.source}`).exec(state)?.[1]);
      if (state.includes("Sign in to Vault Co")) {
        return {
          toolCalls: [
            { name: "type", arguments: { index: index(/type=email/), text: "{{secret:vault-co.username}}" } },
            { name: "type", arguments: { index: index(/type=password/), text: "{{secret:vault-co.password}}" } },
            { name: "click", arguments: { index: index(/Continue/) } },
          ],
        };
      }
      if (state.includes("Two-step verification")) {
        return {
          toolCalls: [{ name: "type", arguments: { index: index(/name="?code/), text: "{{secret:vault-co.totp}}", press_enter: true } }],
        };
      }
      return { toolCalls: [{ name: "done", arguments: { success: true, text: "Signed in." } }] };
    });

    const run = await createRunForTask({
      ctx,
      caller,
      input: { taskId: task!.id, settings: { prompt, initial_url: `${sites.url}/vault/login` } },
    });
    const { run: ended, steps } = await harness.waitForEnd(user.id, run.id, 60_000);
    expect(ended).toMatchObject({ status: "success" });
    const status = (await (await fetch(`${sites.url}/vault/status`)).json()) as { signed_in: boolean };
    expect(status.signed_in).toBe(true);
    const recorded = JSON.stringify(steps);
    expect(recorded).toContain("Typed the password of vault-co");
    for (const secret of [VAULT_USER.password, VAULT_USER.totpSecret]) {
      expect(recorded).not.toContain(secret);
      for (const r of model.requests) expect(r.raw).not.toContain(secret);
    }
    // The run's tail (closing its browser) ends before the harness drops the database.
    await expect.poll(() => harness.worker.active(), { timeout: 10_000 }).toBe(0);
  });
});
