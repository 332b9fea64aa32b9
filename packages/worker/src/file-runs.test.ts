import { createHash } from "node:crypto";
import { tasks } from "@errand/db";
import { createRunForTask } from "@errand/services/runs";
import { listRunFiles, readFileContent, uploadFile } from "@errand/services/files";
import { testCaller } from "@errand/services/testing";
import { describe, expect, vi } from "vitest";
import { workerTest, type TestWorker } from "./testing/test-worker.ts";

// Real processes, Chromium and a model round trip per step: slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 90_000 });
const it = workerTest;
let harness: TestWorker;
it.beforeAll(({ worker }) => {
  harness = worker;
});

const INVOICE = "Invoice 2026-114\nTotal: 49.00 EUR\n";

describe("worker: files", () => {
  it("puts the run's upload into the site's file field and keeps what the site downloads with the run", async () => {
    const { ctx, db, model, sites, storage } = harness;
    const user = await harness.newUser();
    const caller = testCaller(user.id);
    const upload = await uploadFile({
      ctx,
      caller,
      input: { body: { name: "invoice.txt", data: Buffer.from(INVOICE).toString("base64") }, storage },
    });
    const prompt = "Send the expense claim with my invoice, then download the price list";
    const [task] = await db.insert(tasks).values({ userId: user.id, workspaceId: user.id, prompt }).returning();
    const requests: string[] = [];
    model.setResponder((req) => {
      if (!req.messages.some((m) => m.text.includes(prompt))) return { hang: true };
      requests.push(JSON.stringify(req.messages));
      const state = req.messages.filter((m) => m.role === "user").at(-1)?.text ?? "";
      const index = (label: RegExp) => Number(new RegExp(`\\[(\\d+)\\]<[^\\n]*?${label.source}`).exec(state)?.[1]);
      if (state.includes("Expense claim") && !req.messages.some((m) => m.text.includes("invoice.txt is now chosen"))) {
        return { toolCalls: [{ name: "upload_file", arguments: { index: index(/type=file/), files: ["invoice.txt"] } }] };
      }
      if (state.includes("Expense claim")) return { toolCalls: [{ name: "click", arguments: { index: index(/Send claim/) } }] };
      if (state.includes("Claim received"))
        return { toolCalls: [{ name: "navigate", arguments: { url: `${sites.url}/tools/files/downloads` } }] };
      if (!state.includes("Downloaded price-list.csv"))
        return { toolCalls: [{ name: "click", arguments: { index: index(/Download the price list/) } }] };
      return { toolCalls: [{ name: "done", arguments: { success: true, text: "Sent and downloaded." } }] };
    });

    const run = await createRunForTask({
      ctx,
      caller,
      input: { taskId: task!.id, settings: { prompt, initial_url: `${sites.url}/tools/files/upload`, files: [upload.id] } },
    });
    const { run: ended } = await harness.waitForEnd(user.id, run.id, 60_000);
    const { steps } = await harness.waitForEnd(user.id, run.id);
    expect(ended, JSON.stringify(steps.map((s) => [s.action, s.error, s.extracted_content]))).toMatchObject({ status: "success" });

    // The site received the bytes under the upload's name (its page shows the SHA-256 it computed).
    const sha = createHash("sha256").update(INVOICE).digest("hex");
    expect(requests.some((r) => r.includes("Claim received") && r.includes(sha) && r.includes("invoice.txt"))).toBe(true);
    // No local path reaches the model.
    for (const r of requests) expect(r).not.toMatch(/errand-run-files-/);

    const files = await listRunFiles({ ctx, caller, input: { runId: run.id } });
    expect(files.data.map((f) => [f.origin, f.name])).toEqual([
      ["upload", "invoice.txt"],
      ["download", "price-list.csv"],
    ]);
    const download = files.data[1]!;
    const csv = Buffer.from(await (await fetch(`${sites.url}/tools/files/report.csv`)).arrayBuffer());
    expect(download).toMatchObject({ run_id: run.id, size: csv.length, content_type: "text/csv" });
    expect(download.step_number).toBeGreaterThan(1);
    const content = await readFileContent({ ctx, caller, input: { fileId: download.id, storage } });
    expect(content.data).toEqual(csv);
    await expect.poll(() => harness.worker.active(), { timeout: 10_000 }).toBe(0);
  });
});
