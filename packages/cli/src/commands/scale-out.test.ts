import { FINAL_RUN_STATUSES, type Run, type Step } from "@errand/contract";
import { Errand, readSse } from "@errand/sdk";
import { startFakeModelServer, type ChatRequest, type FakeModelServer, type FakeResponder } from "@errand/testkit";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startCluster, type Cluster } from "../testing/start-cluster.ts";
import { descendantsOf, isRunning } from "../testing/process-tree.ts";
import { pollFor } from "@errand/testkit/testing";

// 2 API + 2 worker processes on one Postgres, 22 real runs (Chromium, a fixture page each): one
// of the slowest files of the suite, so one test with several findings rather than several clusters.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

// 20 runs (it was 50): enough for both workers to take runs at once through both API processes,
// for the kill to land while runs are going (after a third of them ended) and for the survivor
// to finish the rest; every finding below is checked on every run, whatever their number.
const RUNS = 20;
/** How many runs have ended, as their SSE clients saw, when worker A is killed. */
const KILL_AFTER = 7;
const HANGING = 2;
const isFinal = (status: string) => (FINAL_RUN_STATUSES as readonly string[]).includes(status);

/** What an SSE client saw of one run's event stream. */
interface Watched {
  runs: Run[];
  steps: number[];
}

let cluster: Cluster;
// One fake model per worker process: which model a run's conversation reached says which worker ran it.
const models: FakeModelServer[] = [];
/** Resolved when the SSE client of run `task` is connected: its model turns wait for that. */
const connected = new Map<string, Promise<void>>();

const taskOf = (req: ChatRequest) =>
  req.messages
    .filter((m) => m.role === "user")
    .map((m) => m.text)
    .join(" ")
    .match(/scale-(run|hang)-(\d+)/)?.[0];
const isFirstTurn = (req: ChatRequest) => !req.messages.some((m) => m.role === "assistant");
/** The tasks whose conversation began at a model (each conversation begins once). */
const conversations = (model: FakeModelServer) => model.chatRequests().filter(isFirstTurn).map(taskOf);

beforeAll(async () => {
  const startedAt = Date.now();
  for (let i = 0; i < 2; i++) models.push(await startFakeModelServer());
  cluster = await startCluster({
    apis: 2,
    // Worker A starts alone so the hanging runs are certainly its own; B joins after.
    workers: 1,
    workerConcurrency: 3,
    // The killed worker's runs end after 10 s of silence rather than 30 (sweeps every 5 s).
    env: { STALE_RUN_SECONDS: "10" },
    workerEnv: (i) => ({ LLM_BASE_URL: models[i]!.url }),
  });
  // A two-step run: open the fixture page, then say done. The first turn waits for the run's
  // SSE client, so everything that client receives was relayed live, none of it read at connect.
  const responder: FakeResponder = async (req) => {
    const task = taskOf(req);
    if (!task || task.startsWith("scale-hang")) return { hang: true };
    if (isFirstTurn(req)) {
      await connected.get(task);
      return { toolCalls: [{ name: "navigate", arguments: { url: `${cluster.sites.url}/news` } }] };
    }
    return { toolCalls: [{ name: "done", arguments: { success: true, text: `answer ${task}` } }] };
  };
  for (const model of models) model.setResponder(responder);
  process.stdout.write(`cluster started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`);
});
afterAll(async () => {
  await cluster?.close();
  await Promise.all(models.map((m) => m.close()));
});

/** Follows GET /runs/{id}/events until the run ends; `onOpen` once the first event arrived. */
async function watch(baseUrl: string, apiKey: string, runId: string, onOpen: () => void): Promise<Watched> {
  const seen: Watched = { runs: [], steps: [] };
  try {
    const res = await fetch(`${baseUrl}/api/v1/runs/${runId}/events`, { headers: { "x-api-key": apiKey, accept: "text/event-stream" } });
    if (!res.ok) throw new Error(`event stream of ${runId}: HTTP ${res.status}`);
    for await (const event of readSse(res.body!)) {
      if (event.event === "step") seen.steps.push((JSON.parse(event.data) as Step).number);
      if (event.event === "run") seen.runs.push(JSON.parse(event.data) as Run);
      onOpen();
      if (seen.runs.at(-1) && isFinal(seen.runs.at(-1)!.status)) break;
    }
    return seen;
  } finally {
    onOpen();
  }
}

describe("two API and two worker processes on one Postgres", () => {
  it("executes each of 20 runs once, relays every run's events to the other API process, and ends a killed worker's runs", async () => {
    const user = await cluster.signUp(0);
    const [apiA, apiB] = cluster.apis.map((api) => ({ api, client: new Errand({ apiKey: user.apiKey, baseUrl: api.baseUrl }) }));
    const [workerA] = cluster.workers;
    const created: { task: string; id: string; watched: Promise<Watched> }[] = [];
    let watchedToTheEnd = 0;

    // Created through one API process, watched through the other.
    const createAndWatch = async (task: string, i: number) => {
      const [via, other] = i % 2 === 0 ? [apiA!, apiB!] : [apiB!, apiA!];
      let open!: () => void;
      connected.set(task, new Promise<void>((resolve) => (open = resolve)));
      const run = await via.client.runs.create({ prompt: `Read the front page of the news site (${task})` });
      const watched = watch(other.api.baseUrl, user.apiKey, run.id, open);
      watched.then(() => watchedToTheEnd++).catch(() => undefined); // awaited below
      created.push({ task, id: run.id, watched });
    };

    // Runs that never end by themselves, all on worker A: it is killed in the middle of them.
    for (let i = 1; i <= HANGING; i++) await createAndWatch(`scale-hang-${i}`, i);
    await pollFor(
      () => conversations(models[0]!).filter((t) => t?.startsWith("scale-hang")).length,
      (n) => n === HANGING,
      { timeout: 60_000, interval: 200 },
    );
    const workerB = await cluster.startWorker();
    expect(workerB.index).toBe(1);

    const started = Date.now();
    for (let i = 1; i <= RUNS; i++) await createAndWatch(`scale-run-${i}`, i);
    // Mid-way, worker A dies at once (its process killed, no chance to clean up).
    await pollFor(
      () => watchedToTheEnd,
      (n) => n >= KILL_AFTER,
      { timeout: 180_000, interval: 200 },
    );
    const browserOfA = descendantsOf(workerA!.pid);
    expect(browserOfA.some((p) => /chrom/i.test(p.command))).toBe(true);
    expect(await workerA!.kill("SIGKILL")).toBeNull();
    const killedAt = Date.now();
    // Its runs end by the stale-run sweep of the processes still alive (STALE_RUN_SECONDS).
    await Promise.all(created.filter((c) => c.task.startsWith("scale-hang")).map((c) => c.watched));
    const hangingEndedAt = Date.now();
    // Its browser does not outlive it (Chromium exits when its pipe to the process closes).
    await pollFor(
      () => browserOfA.filter((p) => isRunning(p.pid)).length,
      (n) => n === 0,
      { timeout: 60_000, interval: 200 },
    );

    const results = await Promise.all(
      created.map(async (c) => ({
        ...c,
        seen: await c.watched,
        run: await apiA!.client.runs.get(c.id),
        steps: (await apiA!.client.runs.steps(c.id)).map((s) => s.number),
        atA: conversations(models[0]!).filter((t) => t === c.task).length,
        atB: conversations(models[1]!).filter((t) => t === c.task).length,
      })),
    );
    const seconds = (Date.now() - started) / 1000;
    const regular = results.filter((r) => r.task.startsWith("scale-run"));
    const byA = regular.filter((r) => r.atA > 0).length;
    const byB = regular.filter((r) => r.atB > 0).length;
    process.stdout.write(
      `scale test: ${RUNS} runs in ${seconds.toFixed(1)} s (${((RUNS / seconds) * 60).toFixed(1)} runs/min); worker A began ${byA} before it was killed, B ${byB}; A's runs ended ${((hangingEndedAt - killedAt) / 1000).toFixed(1)} s after the kill\n`,
    );

    for (const r of results) {
      // Executed once: at most one model conversation, by one worker; steps numbered 1..n.
      expect(r.atA + r.atB, r.task).toBeLessThanOrEqual(1);
      expect(r.steps, r.task).toEqual(r.steps.map((_, i) => i + 1));
      // The other API process relayed every step and the end, live: at connect the run was not over.
      expect(isFinal(r.seen.runs[0]!.status), r.task).toBe(false);
      expect(r.seen.steps, r.task).toEqual(r.steps);
      expect(r.seen.runs.at(-1)!.status, r.task).toBe(r.run.status);
      if (r.run.status === "success") {
        expect(r.atA + r.atB, r.task).toBe(1);
        expect(r.steps, r.task).toEqual([1, 2]);
      } else {
        // Only worker A's runs still going when it was killed (a conversation begun at A, or
        // claimed but not yet that far) end otherwise: as error, with the sweep's reason.
        expect(r.atB, r.task).toBe(0);
        expect(r.run.status, r.task).toBe("error");
        expect(r.run.status_reason, r.task).toMatch(/stopped responding/);
      }
    }
    expect(results.filter((r) => r.task.startsWith("scale-hang")).map((r) => [r.atA, r.run.status])).toEqual(
      Array(HANGING).fill([1, "error"]),
    );
    // Besides its hanging runs, A had one free slot; every other run was finished (by B after the kill).
    expect(regular.filter((r) => r.run.status !== "success").length).toBeLessThanOrEqual(1);
  });
});
