import type { Step } from "@errand/contract";
import { describe, expect, vi } from "vitest";
import type { Errand, RunStreamEvent } from "./index.ts";
import { sdkTest, type SdkClient } from "./testing/sdk-test.ts";

// Multi-step runs in real Chromium, a model round trip per step.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });
const it = sdkTest;
let client: SdkClient;
// The server starts here, within the hook's time, not the first test's.
it.beforeAll(({ client: fileClient }) => void (client = fileClient));

const STEPS_PROMPT = "Read the news page [sdk:steps]";
const isEventsCall = (input: Parameters<typeof fetch>[0]) => /\/runs\/[^/]+\/events$/.test(String(input));

async function collect(events: AsyncIterable<RunStreamEvent>) {
  const seen: RunStreamEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

/** The stream's steps are exactly the run's steps, in order, each once; the ended run comes last. */
async function expectWholeRun(errand: Errand, runId: string, events: RunStreamEvent[]) {
  const steps = events.filter((e) => e.type === "step").map((e) => e.step);
  const recorded = await errand.runs.steps(runId);
  expect(recorded.length).toBeGreaterThanOrEqual(4);
  expect(steps.map((s) => s.number)).toEqual(recorded.map((s) => s.number));
  expect(steps.map((s) => s.id)).toEqual(recorded.map((s) => s.id));
  const last = events.at(-1)!;
  expect(last.type === "run" && last.run.status).toBe("success");
}

describe("following a run", () => {
  it("stream yields each step in order as it happens, then the ended run", async () => {
    const errand = client();
    const run = await errand.runs.create({ prompt: STEPS_PROMPT });
    const events = await collect(errand.runs.stream(run.id));
    await expectWholeRun(errand, run.id, events);
    // Steps arrived while the run was still going, not all at its end.
    const firstStep = events.findIndex((e) => e.type === "step");
    expect(events.slice(firstStep).some((e) => e.type === "run" && e.run.status === "pending")).toBe(true);
  });

  it("wait calls onStep once per step, in order, and resolves with the ended run", async () => {
    const errand = client();
    const run = await errand.runs.create({ prompt: STEPS_PROMPT });
    const seen: Step[] = [];
    const ended = await errand.runs.wait(run.id, { onStep: (step) => seen.push(step) });
    expect(ended).toMatchObject({ id: run.id, status: "success" });
    expect(seen.map((s) => s.number)).toEqual((await errand.runs.steps(run.id)).map((s) => s.number));
  });

  it("resumes a dropped stream with Last-Event-ID and yields no step twice", async () => {
    const lastEventIds: (string | null)[] = [];
    const cutting: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!isEventsCall(input)) return response;
      lastEventIds.push(new Headers(init?.headers).get("last-event-id"));
      if (lastEventIds.length > 1) return response;
      // The first connection breaks right after its first step, as a proxy or a network would cut it.
      const reader = response.body!.getReader();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { value, done } = await reader.read();
          if (done) return controller.close();
          controller.enqueue(value);
          if (new TextDecoder().decode(value).includes("event: step")) {
            await reader.cancel();
            controller.error(new TypeError("terminated"));
          }
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    };
    const errand = client({ fetch: cutting });
    const run = await errand.runs.create({ prompt: STEPS_PROMPT });
    const events = await collect(errand.runs.stream(run.id));
    await expectWholeRun(errand, run.id, events);
    expect(lastEventIds[0]).toBeNull();
    expect(Number(lastEventIds[1])).toBeGreaterThanOrEqual(1);
  });

  it("falls back to polling when the event stream is refused, with the same steps and ending", async () => {
    let eventsCalls = 0;
    const noStreams: typeof fetch = async (input, init) => {
      if (!isEventsCall(input)) return fetch(input, init);
      eventsCalls++;
      return new Response(JSON.stringify({ error: { code: "unavailable", message: "no event streams here" } }), {
        status: 503,
        headers: { "content-type": "application/json" },
      });
    };
    const errand = client({ fetch: noStreams });
    const run = await errand.runs.create({ prompt: STEPS_PROMPT });
    const events = await collect(errand.runs.stream(run.id, { pollIntervalMs: 200 }));
    await expectWholeRun(errand, run.id, events);
    expect(eventsCalls).toBe(1);
  });

  it("stops listening when the loop is left early", async () => {
    const errand = client();
    const run = await errand.runs.create({ prompt: STEPS_PROMPT });
    let first: RunStreamEvent | undefined;
    for await (const event of errand.runs.stream(run.id)) {
      first = event;
      break;
    }
    expect(first).toBeDefined();
    // The run carries on without a listener.
    expect((await errand.runs.wait(run.id)).status).toBe("success");
  });
});
