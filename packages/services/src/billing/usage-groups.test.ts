import { DEFAULT_MODEL, usageQuerySchema } from "@errand/contract";
import { tasksRuns } from "@errand/db";
import { describe, expect } from "vitest";
import { callerFromApiKey } from "../accounts/index.ts";
import { createApiKey } from "../api-keys/index.ts";
import type { Caller } from "../caller.ts";
import type { ServiceContext } from "../context.ts";
import { claimRun, createTaskWithRun, finishRun } from "../runs/index.ts";
import { deleteTask } from "../tasks/index.ts";
import { createTestAccount, giveCredits, serviceTest, testCaller } from "../testing.ts";
import { addMember, createWorkspace } from "../workspaces/index.ts";
import { getUsage, getUsageCsv } from "./index.ts";
import { csvCell } from "./usage-csv.ts";

// $10 per million input tokens: a run's 1,000 input tokens are 100 credit units of model spend.
const it = serviceTest.extend("contextConfig", { scope: "file" }, { modelPrices: { [DEFAULT_MODEL]: { input: 10, output: 0 } } });

/** A run started by `caller` with these tags that ends after `seconds`: charged seconds x 23 units from the team's credits. */
async function charged(ctx: ServiceContext, caller: Caller, seconds: number, tags?: string[]) {
  const { task, run } = await createTaskWithRun({ ctx, caller, input: { settings: { prompt: "p", tags } } });
  await claimRun({ ctx, input: { runId: run.id } });
  await finishRun({ ctx, input: { runId: run.id, status: "success", executionTime: seconds, inputTokens: 1_000, outputTokens: 0 } });
  return { task, run };
}

/**
 * A team where Ada (owner) ran for 10 s in the web app tagged Sales and eu, Bob (member) for
 * 20 s tagged sales, and Ada's named key "CI, "nightly"" for 30 s without tags.
 */
async function teamWithRuns(ctx: ServiceContext) {
  const ada = await createTestAccount(ctx);
  const bob = await createTestAccount(ctx);
  const team = await createWorkspace({ ctx, caller: testCaller(ada.id), input: { name: "Finance" } });
  await giveCredits(ctx.db, team.id);
  const adaInTeam = testCaller(ada.id, { workspaceId: team.id, via: "session" });
  await addMember({ ctx, caller: adaInTeam, input: { userId: bob.id, role: "member" } });
  const key = await createApiKey({ ctx, caller: adaInTeam, input: { name: 'CI, "nightly"', scopes: ["read", "run"] } });
  const keyCaller = await callerFromApiKey({ ctx, input: { apiKey: key.secret } });

  const web = await charged(ctx, adaInTeam, 10, ["Sales", "eu", "sales"]);
  const bobs = await charged(ctx, testCaller(bob.id, { workspaceId: team.id, role: "member" }), 20, ["sales"]);
  const ci = await charged(ctx, keyCaller, 30);
  return { ada, bob, team, key, adaInTeam, runs: { web, bobs, ci } };
}

const figures = (runs: number, seconds: number) => ({
  runs,
  free_prompts: 0,
  credits: seconds * 23,
  execution_time: seconds,
  input_tokens: runs * 1_000,
  output_tokens: 0,
  model_cost: runs * 100,
});

const grouped = (ctx: ServiceContext, caller: Caller, group_by: string) =>
  getUsage({ ctx, caller, input: usageQuerySchema.parse({ group_by }) });

describe("usage by member, API key and tag", () => {
  it("keeps the tags lower-cased and without duplicates, and the named key on the run that it started", async ({ ctx }) => {
    const { key, runs } = await teamWithRuns(ctx);
    expect(runs.web.task.tags).toEqual(["sales", "eu"]);
    const started = await ctx.db.select({ id: tasksRuns.id, apiKeyId: tasksRuns.apiKeyId }).from(tasksRuns);
    const byRun = new Map(started.map((row) => [row.id, row.apiKeyId]));
    expect([byRun.get(runs.web.run.id), byRun.get(runs.bobs.run.id), byRun.get(runs.ci.run.id)]).toEqual([null, null, key.id]);
  });

  it("sums each member's runs in the team, with their e-mail, highest charge first", async ({ ctx }) => {
    const { ada, bob, adaInTeam } = await teamWithRuns(ctx);
    const usage = await grouped(ctx, adaInTeam, "member");
    expect(usage.group_by).toBe("member");
    expect(usage.groups).toEqual([
      { id: ada.id, name: ada.email, ...figures(2, 40) },
      { id: bob.id, name: bob.email, ...figures(1, 20) },
    ]);
    expect(usage.totals).toEqual(figures(3, 60));
  });

  it("puts runs without a named key under the personal key and web app, and a viewer may read it", async ({ ctx }) => {
    const { key, team, adaInTeam } = await teamWithRuns(ctx);
    const expected = [
      { id: null, name: "Personal key / web app", ...figures(2, 30) },
      { id: key.id, name: 'CI, "nightly"', ...figures(1, 30) },
    ];
    expect((await grouped(ctx, adaInTeam, "api_key")).groups).toEqual(expected);
    const viewer = await createTestAccount(ctx);
    await addMember({ ctx, caller: adaInTeam, input: { userId: viewer.id, role: "viewer" } });
    const asViewer = testCaller(viewer.id, { workspaceId: team.id, role: "viewer", scopes: ["read"] });
    expect((await grouped(ctx, asViewer, "api_key")).groups).toEqual(expected);
  });

  it("counts a run with two tags in both and a run without tags as untagged, also after its task is deleted", async ({ ctx }) => {
    const { adaInTeam, runs } = await teamWithRuns(ctx);
    const expected = [
      { id: "sales", name: "sales", ...figures(2, 30) },
      { id: null, name: "untagged", ...figures(1, 30) },
      { id: "eu", name: "eu", ...figures(1, 10) },
    ];
    expect((await grouped(ctx, adaInTeam, "tag")).groups).toEqual(expected);
    await deleteTask({ ctx, caller: adaInTeam, input: { taskId: runs.bobs.task.id } });
    expect((await grouped(ctx, adaInTeam, "tag")).groups).toEqual(expected);
  });

  it("answers per day without groups by default, as before", async ({ ctx }) => {
    const { adaInTeam } = await teamWithRuns(ctx);
    const usage = await getUsage({ ctx, caller: adaInTeam, input: usageQuerySchema.parse({}) });
    expect(usage.group_by).toBe("day");
    expect(usage.groups).toBeUndefined();
    expect(usage.per_day).toEqual([{ date: usage.to, ...figures(3, 60) }]);
  });
});

describe("usage as CSV", () => {
  it("has a header row, one line per group, dollars, and the key's name quoted as RFC 4180 says", async ({ ctx }) => {
    const { key, adaInTeam } = await teamWithRuns(ctx);
    const file = await getUsageCsv({ ctx, caller: adaInTeam, input: usageQuerySchema.parse({ group_by: "api_key", format: "csv" }) });
    const usage = await grouped(ctx, adaInTeam, "api_key");
    expect(file.filename).toBe(`errand-usage-by-api-key-${usage.from}-to-${usage.to}.csv`);
    expect(file.csv).toBe(
      [
        "api_key_id,api_key_name,runs,free_prompts,execution_seconds,charged_usd,model_spend_usd,input_tokens,output_tokens",
        ",Personal key / web app,2,0,30,0.0690,0.0200,2000,0",
        `${key.id},"CI, ""nightly""",1,0,30,0.0690,0.0100,1000,0`,
        "",
      ].join("\r\n"),
    );
  });

  it("exports the per-day view and each tag on its own line", async ({ ctx }) => {
    const { adaInTeam } = await teamWithRuns(ctx);
    const days = await getUsageCsv({ ctx, caller: adaInTeam, input: usageQuerySchema.parse({ format: "csv" }) });
    const to = (await grouped(ctx, adaInTeam, "day")).to;
    expect(days.csv.split("\r\n")).toEqual([
      "date,runs,free_prompts,execution_seconds,charged_usd,model_spend_usd,input_tokens,output_tokens",
      `${to},3,0,60,0.1380,0.0300,3000,0`,
      "",
    ]);
    const tags = await getUsageCsv({ ctx, caller: adaInTeam, input: usageQuerySchema.parse({ group_by: "tag", format: "csv" }) });
    expect(tags.csv.split("\r\n").map((line) => line.split(",")[0])).toEqual(["tag", "sales", "untagged", "eu", ""]);
  });

  it.each(
    Object.entries({
      plain: "plain",
      "a,b": '"a,b"',
      'say "hi"': '"say ""hi"""',
      "two\nlines": '"two\nlines"',
      "=HYPERLINK(1)": "'=HYPERLINK(1)",
      "@sum,1": `"'@sum,1"`,
      "-12.5": "-12.5",
    }),
  )("quotes commas, quotes and line breaks, and keeps a spreadsheet from reading a name as a formula: %j as %j", (name, cell) =>
    expect(csvCell(name)).toBe(cell),
  );
});
