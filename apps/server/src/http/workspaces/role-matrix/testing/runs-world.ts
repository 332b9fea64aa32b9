import { API_V1_PREFIX } from "@errand/contract";
import { tasksRuns } from "@errand/db";
import { seedAutomations } from "@errand/services/automations";
import { claimRun, finishRun, recordStep } from "@errand/services/runs";
import { giveCredits } from "@errand/services/testing";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { json, type TestApp } from "../../../../testing/test-app.ts";
import { makeTeam } from "./matrix-callers.ts";
import type { MatrixWorld } from "./run-row.ts";

export const DAILY = { repeat: { kind: "daily", time: "09:00" }, time_zone: "Europe/Madrid" };
const WEBHOOK_URL = "https://hooks.example.com/errand";

/** The runs family's world: the team's runs, tasks, schedule, file and an automation. */
export interface RunsWorld extends MatrixWorld {
  /** A pending run (its task has a schedule). */
  pending: { id: string; taskId: string };
  /** A finished run with one step and its screenshot, and a webhook delivery. */
  finished: { id: string; taskId: string; stepId: string };
  /** A finished run shared by link and published as a demo. */
  shared: { id: string; token: string; stepId: string };
  fileId: string;
  slug: string;
  /** A throwaway pending run of the owner's, for calls that destroy their target. */
  freshRun(): Promise<{ id: string; taskId: string }>;
  /** A throwaway task with a schedule. */
  freshSchedule(): Promise<string>;
  /** A throwaway file. */
  freshFile(): Promise<string>;
  /** A task whose prompt has an input, and a running batch of it. */
  batch: { id: string; taskId: string };
  /** A throwaway running batch (paused when asked). */
  freshBatch(paused?: boolean): Promise<string>;
  /** A running evaluation, shared by link (its runs stay pending: no worker here). */
  evaluation: { id: string; token: string };
  /** A throwaway running evaluation. */
  freshEvaluation(): Promise<string>;
}

export async function makeRunsWorld(t: TestApp): Promise<RunsWorld> {
  const team = await makeTeam(t);
  await giveCredits(t.ctx.db, team.id, 100_000_000);
  const owner = (method: string, path: string, body?: unknown) => t.send(method, `${API_V1_PREFIX}${path}`, team.owner, body);
  const made = async (method: string, path: string, body?: unknown) => {
    const res = await owner(method, path, body);
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return json(res);
  };
  const freshRun = async () => {
    const run = await made("POST", "/runs", { prompt: "Count the matrix's orders", webhook_url: WEBHOOK_URL });
    return { id: run.id as string, taskId: run.task_id as string };
  };
  const freshSchedule = async () => {
    const { taskId } = await freshRun();
    await made("PUT", `/tasks/${taskId}/schedule`, DAILY);
    return taskId;
  };
  const freshFile = async () =>
    (await made("POST", "/files", { name: "orders.csv", data: Buffer.from("a,b\n").toString("base64") })).id as string;
  const batchTask = await made("POST", "/runs", { prompt: "Count the orders of {{shop}}" });
  const freshBatch = async (paused = false) => {
    const batch = await made("POST", `/tasks/${batchTask.task_id}/batches`, {
      rows: [{ shop: "north" }, { shop: "south" }],
      concurrency: 1,
    });
    if (paused) await made("POST", `/batches/${batch.id}/pause`);
    return batch.id as string;
  };
  /** A run the worker has finished, with one step and its screenshot. */
  const finishedRun = async () => {
    const run = await freshRun();
    await claimRun({ ctx: t.ctx, input: { runId: run.id } });
    const screenshotKey = `steps/${run.id}/1.png`;
    await t.storage.put(screenshotKey, Buffer.from("step one"), "image/png");
    const step = { number: 1, url: "https://shop.example/orders", action: null, extractedContent: "12 orders", success: true, error: null };
    await recordStep({ ctx: t.ctx, input: { runId: run.id, ...step, durationMs: 5, inputTokens: 10, outputTokens: 2, screenshotKey } });
    await finishRun({ ctx: t.ctx, input: { runId: run.id, status: "success", result: "12", executionTime: 3 } });
    const { steps } = await made("GET", `/runs/${run.id}/steps`);
    return { ...run, stepId: steps[0].id as string };
  };
  const pending = await freshRun();
  await made("PUT", `/tasks/${pending.taskId}/schedule`, DAILY);
  const finished = await finishedRun();
  const publicRun = await finishedRun();
  const { url } = await made("POST", `/runs/${publicRun.id}/share`);
  // Only the server's admins publish demos, and nobody in the matrix is one.
  await t.ctx.db.update(tasksRuns).set({ public: true }).where(eq(tasksRuns.id, publicRun.id));
  const fileId = await freshFile();
  const batch = { id: await freshBatch(), taskId: batchTask.task_id as string };
  const evaluations = await evaluationsOf(made);
  const slug = await seedMatrixAutomation(t);
  const ids = [
    team.id,
    pending.id,
    pending.taskId,
    finished.id,
    finished.taskId,
    finished.stepId,
    publicRun.id,
    fileId,
    batch.id,
    batch.taskId,
    evaluations.evaluation.id,
  ];
  return {
    t,
    team,
    teamIds: () => ids,
    pending,
    finished,
    shared: { id: publicRun.id, token: (url as string).split("/shared/")[1]!, stepId: publicRun.stepId },
    fileId,
    slug,
    freshRun,
    freshSchedule,
    freshFile,
    batch,
    freshBatch,
    ...evaluations,
  };
}

/** An automation of this file's own, by its slug. */
async function seedMatrixAutomation(t: TestApp): Promise<string> {
  const slug = `matrix-${crypto.randomUUID().slice(0, 8)}`;
  await seedAutomations({ ctx: t.ctx, input: { catalog: [automation(slug)] } });
  return slug;
}

/** A running evaluation shared by link, and a maker of throwaway ones. */
async function evaluationsOf(made: (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>) {
  const freshEvaluation = async () =>
    (await made("POST", "/evaluations", { suite: { name: "Matrix suite", cases: [{ prompt: "Count the matrix's orders" }] } }))
      .id as string;
  const id = await freshEvaluation();
  const link = (await made("POST", `/evaluations/${id}/share`)).url as string;
  return { evaluation: { id, token: link.split("/shared/evaluations/")[1]! }, freshEvaluation };
}

// The test database is shared: the automation's slug is this file's own.
const automation = (slug: string) => ({
  slug,
  title: `Matrix ${slug}`,
  description: "d",
  website: "hacker-news",
  categories: ["research"],
  needAuth: false,
  prompt: `Read the top stories (${slug})`,
  initialUrl: "https://news.ycombinator.com/",
  responseFormat: "text" as const,
  jsonSchema: null,
});
