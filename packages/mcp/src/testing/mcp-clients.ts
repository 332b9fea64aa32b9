import type { Errand } from "@errand/sdk";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { expect } from "vitest";

type ToolAnswer = Awaited<ReturnType<Client["callTool"]>>;

/** The text parts of a tool's answer, one a line. */
export const toolTexts = (answer: ToolAnswer) =>
  (answer.content as { type: string; text?: string }[])
    .filter((c) => c.type === "text")
    .map((c) => c.text)
    .join("\n");

/**
 * Calls run_task with "[mcp:slow] <prompt>" (a run that never ends by itself, see mcpResponder)
 * and resolves once its first step is reported: `answer` is the call still waiting, `abort` stops
 * waiting for it as a person cancelling does.
 */
async function startSlowRunTask(client: Client, prompt: string) {
  const controller = new AbortController();
  let firstStep: () => void;
  const stepped = new Promise<void>((resolve) => (firstStep = resolve));
  const answer = client.callTool({ name: "run_task", arguments: { prompt: `[mcp:slow] ${prompt}` } }, undefined, {
    signal: controller.signal,
    onprogress: () => firstStep(),
  });
  await stepped;
  return { answer, abort: (reason: string) => controller.abort(reason) };
}

/** The account's latest run: its prompt, and its status once it has ended (waited for up to a minute). */
async function latestRunEnd(errand: Errand) {
  const [latest] = await errand.runs.list({ limit: 1 });
  return { prompt: latest!.prompt, status: (await errand.runs.wait(latest!.id, { timeoutMs: 60_000 })).status };
}

/** Both transports: a person who cancels a run_task that waits cancels its run. */
export async function expectAbortCancelsRun(client: Client, errand: Errand, reason: string) {
  const slow = await startSlowRunTask(client, "Wait for ever");
  slow.abort(reason);
  await expect(slow.answer).rejects.toThrow();
  const latest = await latestRunEnd(errand);
  expect(latest.prompt).toContain("[mcp:slow]");
  expect(latest.status).toBe("cancelled");
}

/** Both transports: a client that goes away while run_task waits cancels its run (nobody waits for it any more). */
export async function expectLeavingCancelsRun(leaving: Client, errand: Errand) {
  const slow = await startSlowRunTask(leaving, "Left behind");
  await leaving.close();
  await expect(slow.answer).rejects.toThrow();
  const latest = await latestRunEnd(errand);
  expect(latest.prompt).toContain("Left behind");
  expect(latest.status).toBe("cancelled");
}
