import { DEFAULT_MODEL, usageQuerySchema } from "@errand/contract";
import { describe, expect } from "vitest";
import type { Caller } from "../caller.ts";
import type { ServiceContext } from "../context.ts";
import { claimRun, createTaskWithRun, finishRun } from "../runs/index.ts";
import { createTestAccount, serviceTest, testCaller } from "../testing.ts";
import { getUsage, getUsageCsv } from "./index.ts";

// BILLING=off with MODEL_PRICES: $10 per million input tokens, so 1,000 input tokens are 100
// credit units (1 cent) of model spend, and nothing is charged.
const it = serviceTest.extend(
  "contextConfig",
  { scope: "file" },
  { billingEnabled: false, modelPrices: { [DEFAULT_MODEL]: { input: 10, output: 0 } } },
);

async function ranFor(ctx: ServiceContext, caller: Caller, seconds: number, status: "success" | "error", tags?: string[]) {
  const { run } = await createTaskWithRun({ ctx, caller, input: { settings: { prompt: "p", tags } } });
  await claimRun({ ctx, input: { runId: run.id } });
  await finishRun({ ctx, input: { runId: run.id, status, executionTime: seconds, inputTokens: 1_000, outputTokens: 0 } });
}

describe("usage with billing off", () => {
  it("counts every run that ended with its time, tokens and model spend, per day, per group and as CSV", async ({ ctx }) => {
    const ada = await createTestAccount(ctx);
    const caller = testCaller(ada.id);
    await ranFor(ctx, caller, 10, "success", ["sales"]);
    await ranFor(ctx, caller, 5, "error");
    const figures = { runs: 2, free_prompts: 0, credits: 0, execution_time: 15, input_tokens: 2_000, output_tokens: 0, model_cost: 200 };

    const usage = await getUsage({ ctx, caller, input: usageQuerySchema.parse({ group_by: "member" }) });
    expect(usage.totals).toEqual(figures);
    expect(usage.per_day).toEqual([{ date: usage.to, ...figures }]);
    expect(usage.groups).toEqual([{ id: ada.id, name: ada.email, ...figures }]);
    const byTag = await getUsage({ ctx, caller, input: usageQuerySchema.parse({ group_by: "tag" }) });
    expect(byTag.groups?.map((group) => [group.name, group.runs, group.model_cost])).toEqual([
      ["untagged", 1, 100],
      ["sales", 1, 100],
    ]);

    const file = await getUsageCsv({ ctx, caller, input: usageQuerySchema.parse({ format: "csv" }) });
    expect(file.csv.split("\r\n")).toEqual([
      "date,runs,free_prompts,execution_seconds,charged_usd,model_spend_usd,input_tokens,output_tokens",
      `${usage.to},2,0,15,0.0000,0.0200,2000,0`,
      "",
    ]);
  });
});
