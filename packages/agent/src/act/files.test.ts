import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect } from "vitest";
import { agentTest } from "../testing/agent-test.ts";
import { act, answer } from "../testing/turns.ts";
import type { Move } from "../testing/turns.ts";
import { indexOf, latestState, toolResults } from "../testing/harness.ts";
import type { Harness } from "../testing/harness.ts";
import type { AgentFile } from "../types/files.ts";

const it = agentTest;
let h: Harness;
let dir: string;
it.beforeAll(async ({ agent }) => {
  h = agent;
  dir = await mkdtemp(join(tmpdir(), "errand-files-test-"));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

function script(...moves: Move[]) {
  h.model.setResponder((req, i) => moves[i]?.(req) ?? answer(latestState(req)));
}
const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");
/** Everything the model was ever sent, as one text. */
const allRequests = () => JSON.stringify(h.model.chatRequests().map((r) => r.body));

/** Attached files as the worker gives them: stored under names of its own, shown by theirs. */
async function attach(files: Record<string, string>): Promise<AgentFile[]> {
  const sub = await mkdtemp(join(dir, "attached-"));
  return Promise.all(
    Object.entries(files).map(async ([name, content], i) => {
      const path = join(sub, `stored-${i}.bin`);
      await writeFile(path, content);
      return { name, path, size: Buffer.byteLength(content), contentType: name.endsWith(".pdf") ? "application/pdf" : "image/png" };
    }),
  );
}

const INVOICE = "%PDF-1.4 invoice 2026-031 total 49.00 EUR\n";
const RECEIPTS = { "receipt-1.png": "first receipt: taxi 18.50\n", "receipt-2.png": "second receipt: café 4.20 ✓\n" };

describe("upload_file", () => {
  it("puts attached files into a plain file field and one a styled button opens, and the server receives their bytes", async () => {
    const files = await attach({ "invoice.pdf": INVOICE, ...RECEIPTS });
    script(
      (req) => ({
        toolCalls: [
          { name: "upload_file", arguments: { index: indexOf(req, /^<input[^>]*type=file/), files: ["invoice.pdf"] } },
          { name: "upload_file", arguments: { index: indexOf(req, "Choose photos"), files: ["receipt-1.png", "receipt-2.png"] } },
        ],
      }),
      (req) => {
        expect(latestState(req)).toContain("receipt-1.png, receipt-2.png");
        // The fields show what they hold, by name (not the browser's C:\fakepath\ value).
        expect(latestState(req)).toMatch(/<input type=file files=invoice\.pdf name=invoice>/);
        expect(latestState(req)).not.toContain("fakepath");
        return act("click", { index: indexOf(req, "Send claim") });
      },
    );
    const { result, steps } = await h.run({
      task: { prompt: "Send the expense claim", initialUrl: `${h.sites.url}/tools/files/upload` },
      files,
      limits: { timeoutMs: 20_000 },
    });
    expect(result.status, result.reason ?? "").toBe("success");
    expect(steps[0]?.actions.map((a) => a.ok)).toEqual([true, true]);
    expect(steps[0]?.extractedContent).toMatch(/^invoice\.pdf is now chosen in \[\d+\]/);
    expect(steps[0]?.extractedContent).toMatch(/receipt-1\.png and receipt-2\.png are now chosen in \[\d+\]/);
    // The site's own outcome: what its server received.
    const page = result.result ?? "";
    expect(page).toContain("3 files received");
    expect(page).toContain(`invoice | invoice.pdf | ${Buffer.byteLength(INVOICE)} | ${sha256(INVOICE)}`);
    for (const [name, content] of Object.entries(RECEIPTS))
      expect(page).toContain(`photos | ${name} | ${Buffer.byteLength(content)} | ${sha256(content)}`);
    const first = h.model.chatRequests()[0]!;
    expect(first.toolNames).toContain("upload_file");
    expect(first.messages.find((m) => m.role === "user")?.text).toContain(
      `Files you can upload: invoice.pdf (${Buffer.byteLength(INVOICE)} bytes, application/pdf), receipt-1.png (26 bytes, image/png), receipt-2.png (`,
    );
    expect(allRequests()).not.toContain(dir);
  });

  it("says which files it has when a name is not attached, refuses several files for a single-file field, and does not click what cannot open a file chooser", async () => {
    const files = await attach({ "invoice.pdf": INVOICE, ...RECEIPTS });
    script(
      (req) => act("upload_file", { index: indexOf(req, /^<input[^>]*type=file/), files: ["invoice-final.pdf"] }),
      (req) => act("upload_file", { index: indexOf(req, /^<input[^>]*type=file/), files: ["receipt-1.png", "receipt-2.png"] }),
      (req) => act("upload_file", { index: indexOf(req, "Send claim"), files: ["invoice.pdf"] }),
    );
    await h.run({ task: { prompt: "x", initialUrl: `${h.sites.url}/tools/files/upload` }, files, limits: { maxConsecutiveFailures: 5 } });
    const [missing, several, notField] = [1, 2, 3].map((i) => toolResults(h.model.chatRequests()[i]!).at(-1) ?? "");
    expect(missing).toMatch(
      /^No attached file is named "invoice-final\.pdf"\. The files you can upload: invoice\.pdf, receipt-1\.png, receipt-2\.png\./,
    );
    expect(several).toMatch(/^\[\d+\].* takes one file only: upload receipt-1\.png and receipt-2\.png one at a time/);
    expect(notField).toMatch(/^\[\d+\] <button[^\n]*Send claim.* is not a file field nor a button that opens one\./);
    // It was not clicked: the form was not sent.
    expect(h.sites.requests.filter((r) => r.method === "POST")).toEqual([]);
    expect(allRequests()).not.toContain(dir);
  });

  it("is not offered to a run without files", async () => {
    h.model.enqueue(answer("nothing to do"));
    await h.run({ task: { prompt: "x", initialUrl: `${h.sites.url}/tools/files/upload` } });
    const first = h.model.chatRequests()[0]!;
    expect(first.toolNames).not.toContain("upload_file");
    expect(first.toolNames).toContain("click");
    expect(allRequests()).not.toContain("Files you can upload");
  });
});

describe("downloads", () => {
  it("keeps each finished download with the step it finished in, stops one over the size limit, and never follows a tab opened only to download", async () => {
    const out = await mkdtemp(join(dir, "downloads-"));
    script(
      (req) => act("click", { index: indexOf(req, "Download the price list (CSV)") }),
      (req) => {
        expect(latestState(req)).toMatch(/Downloaded price-list\.csv \(\d+ bytes\); it is kept with the run\./);
        return act("click", { index: indexOf(req, "Export orders") });
      },
      (req) => {
        expect(latestState(req)).toContain("Downloaded export.json (32 bytes); it is kept with the run.");
        return act("click", { index: indexOf(req, "Open the price list in a new tab") });
      },
      (req) => {
        expect(latestState(req)).not.toContain("Tabs:");
        expect(latestState(req)).toContain("Downloaded price-list.csv");
        return act("click", { index: indexOf(req, "Download the archive") });
      },
      (req) => {
        expect(latestState(req)).toContain("The download archive.zip was stopped: it is larger than 100 KB.");
        return answer("done");
      },
    );
    const { result, steps } = await h.run({
      task: { prompt: "Download the reports", initialUrl: `${h.sites.url}/tools/files/downloads` },
      downloads: { dir: out, maxBytes: 100 * 1024, maxFiles: 5 },
      limits: { timeoutMs: 30_000 },
    });
    expect(result.status, result.reason ?? "").toBe("success");
    const csv = Buffer.from(await (await fetch(`${h.sites.url}/tools/files/report.csv`)).arrayBuffer());
    expect(steps.map((s) => s.downloads.map((d) => d.name))).toEqual([["price-list.csv"], ["export.json"], ["price-list.csv"], [], []]);
    const [first, exported, second] = [steps[0]!.downloads[0]!, steps[1]!.downloads[0]!, steps[2]!.downloads[0]!];
    expect(first).toMatchObject({ size: csv.length, contentType: "text/csv" });
    expect(await readFile(first.path)).toEqual(csv);
    expect(await readFile(second.path)).toEqual(csv);
    expect(exported).toMatchObject({ size: 32, contentType: "application/json" });
    expect(await readFile(exported.path, "utf8")).toBe('{"orders":[{"id":7,"total":49}]}');
    expect(steps[3]?.url).toBe(`${h.sites.url}/tools/files/downloads`);
    // Nothing of the stopped archive is left behind.
    expect((await readdir(out)).sort()).toEqual(["1-price-list.csv", "2-export.json", "3-price-list.csv"]);
    expect(allRequests()).not.toContain(out);
  });

  it("cancels downloads past the run's number of files", async () => {
    const out = await mkdtemp(join(dir, "downloads-"));
    script(
      (req) => act("click", { index: indexOf(req, "Download the price list (CSV)") }),
      (req) => act("click", { index: indexOf(req, "Export orders") }),
      (req) => {
        expect(latestState(req)).toContain("The download export.json was cancelled: a run keeps at most 1 download.");
        return answer("done");
      },
    );
    const { result, steps } = await h.run({
      task: { prompt: "x", initialUrl: `${h.sites.url}/tools/files/downloads` },
      downloads: { dir: out, maxBytes: 1024 * 1024, maxFiles: 1 },
    });
    expect(result.status, result.reason ?? "").toBe("success");
    expect(steps.flatMap((s) => s.downloads.map((d) => d.name))).toEqual(["price-list.csv"]);
    expect(await readdir(out)).toEqual(["1-price-list.csv"]);
  });

  it("cancels and reports downloads when the run keeps none", async () => {
    script(
      (req) => act("click", { index: indexOf(req, "Download the price list (CSV)") }),
      (req) => {
        expect(latestState(req)).toContain(
          "The site started the download price-list.csv; it was cancelled. Downloads are not kept in this run.",
        );
        return answer("done");
      },
    );
    const { result, steps } = await h.run({ task: { prompt: "x", initialUrl: `${h.sites.url}/tools/files/downloads` } });
    expect(result.status, result.reason ?? "").toBe("success");
    expect(steps.map((s) => s.downloads)).toEqual([[], []]);
  });
});

describe("upload_file in a recording", () => {
  it("replays with the run's files of the same names, and misses when the run has none", async () => {
    const prompt = "Send the expense claim with the invoice and give the line the site shows for it";
    const uploader: Move = (req) => {
      const state = latestState(req);
      const line = /invoice \| invoice\.pdf \| .*/.exec(state)?.[0];
      if (line) return answer(line);
      if (/invoice\.pdf is now chosen/.test(toolResults(req).join("\n")))
        return { text: "Send the claim", toolCalls: [{ name: "click", arguments: { index: indexOf(req, "Send claim") } }] };
      return {
        text: "Choose the invoice",
        toolCalls: [{ name: "upload_file", arguments: { index: indexOf(req, /^<input[^>]*type=file/), files: ["invoice.pdf"] } }],
      };
    };
    h.model.setResponder(uploader);
    const task = { prompt, initialUrl: `${h.sites.url}/tools/files/upload` };
    const recorded = await h.run({ task, files: await attach({ "invoice.pdf": INVOICE }), record: true });
    expect(recorded.result).toMatchObject({ status: "success", execution: { kind: "agent" } });
    const recording = recorded.result.recording!;
    expect(recording.steps.map((s) => [s.action, s.input])).toEqual([
      ["upload_file", { files: ["invoice.pdf"] }],
      ["click", {}],
    ]);

    h.model.reset();
    const other = "%PDF-1.4 invoice 2026-032 total 12.00 EUR\n";
    const replayed = await h.run({
      task,
      files: await attach({ "invoice.pdf": other }),
      replay: { recording: { ...recording, version: 1 }, values: {} },
    });
    expect(replayed.result).toMatchObject({ status: "success", modelCalls: 0, execution: { kind: "replayed" } });
    expect(replayed.result.result).toBe(`invoice | invoice.pdf | ${Buffer.byteLength(other)} | ${sha256(other)}`);

    h.model.setResponder(() => act("done", { success: false, text: "There is no invoice to send." }));
    const missed = await h.run({ task, replay: { recording: { ...recording, version: 1 }, values: {} } });
    expect(missed.steps[0]?.error).toMatch(/^The recorded upload_file failed: No files are attached to this run/);
    expect(missed.result.status).toBe("failed");
  });
});
