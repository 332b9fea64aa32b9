import type { ChatRequest, FakeTurn } from "@errand/testkit";
import type { RecordingDraft } from "@errand/contract";
import { describe, expect, vi } from "vitest";
import { agentTest } from "../testing/agent-test.ts";
import { indexOf, latestState } from "../testing/harness.ts";
import { matchPrompt } from "./parameters.ts";
import type { Harness } from "../testing/harness.ts";

// Each test records a whole agent run and replays it, in the browser tier that npm test runs
// beside its heaviest files: the default 20 s bound was reached on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const it = agentTest;
let h: Harness;
it.beforeAll(({ agent }) => {
  h = agent;
});

const schema = {
  type: "object",
  properties: { name: { type: "string" }, price: { type: "string" } },
  required: ["name", "price"],
  additionalProperties: false,
};
const PROMPT = "Search the shop for lamp, open the Aurora Desk Lamp and give its name and price";

/** A model that shops from what the page shows: search, open the product, answer. */
function shopper(req: ChatRequest): FakeTurn {
  const state = latestState(req);
  if (state.includes("SKU-1001")) {
    const price = /\$\d+\.\d\d/.exec(state.slice(state.indexOf("Aurora Desk Lamp")))?.[0] ?? "?";
    return {
      text: "Read the name and price",
      toolCalls: [{ name: "done", arguments: { success: true, data: { name: "Aurora Desk Lamp", price } } }],
    };
  }
  if (/for "lamp"/.test(state))
    return { text: "Open the Aurora Desk Lamp", toolCalls: [{ name: "click", arguments: { index: indexOf(req, "Aurora Desk Lamp") } }] };
  if (/value=lamp/.test(state)) {
    return { text: "Search", toolCalls: [{ name: "click", arguments: { index: indexOf(req, /<button[^>]*>Search/) } }] };
  }
  return {
    text: "Type lamp into the search field",
    toolCalls: [{ name: "type", arguments: { index: indexOf(req, 'placeholder="Search products"'), text: "lamp" } }],
  };
}

async function record(): Promise<RecordingDraft> {
  h.model.setResponder(shopper);
  const { result } = await h.run({
    task: { prompt: PROMPT, initialUrl: `${h.sites.url}/shop`, responseFormat: "json", jsonSchema: schema },
    record: true,
  });
  expect(result).toMatchObject({ status: "success", execution: { kind: "agent" } });
  expect(result.recording).toBeTruthy();
  return result.recording!;
}

/**
 * The shop's recording, made by a whole agent run once for the file (the same run each time):
 * each test gets its own copy to replay or break, and a model with nothing said yet.
 */
let shopRecording: Promise<RecordingDraft> | undefined;
async function recordOnce(): Promise<RecordingDraft> {
  const recording = structuredClone(await (shopRecording ??= record()));
  h.model.reset();
  return recording;
}

/** The shop's recording with its Search button as nowhere on the page now: step 2 needs a repair. */
async function withoutSearchButton(): Promise<RecordingDraft> {
  const broken = await recordOnce();
  broken.steps[1]!.target = {
    locators: [{ kind: "role", role: "button", name: "Find" }],
    frame_path: [],
    description: "<button>Find</button>",
  };
  return broken;
}

const task = () => ({ prompt: PROMPT, initialUrl: `${h.sites.url}/shop`, responseFormat: "json" as const, jsonSchema: schema });

describe("recording a run", () => {
  it("writes each action with a ladder of locators, the step's intent, the task's words as parameters, and how to read the answer", async () => {
    const recording = await recordOnce();
    expect(recording.steps.map((s) => [s.action, s.intent])).toEqual([
      ["type", "Type lamp into the search field"],
      ["click", "Search"],
      ["click", "Open the Aurora Desk Lamp"],
    ]);
    const [type, search, open] = recording.steps;
    expect(type?.value).toEqual({ kind: "parameter", name: "p1" });
    expect(recording.parameters).toEqual([{ name: "p1", value: "lamp" }]);
    expect(type?.target?.locators.map((l) => l.kind)).toEqual(expect.arrayContaining(["role", "label", "placeholder", "css"]));
    expect(search?.target?.locators[0]).toEqual({ kind: "role", role: "button", name: "Search" });
    expect(search?.expect).toEqual({ url: `${h.sites.url}/shop?q={p1}`, url_changed: true });
    expect(open?.target?.locators[0]).toEqual({ kind: "role", role: "link", name: "Aurora Desk Lamp" });
    expect(recording.extraction.reads).toHaveLength(2);
    expect(recording.extraction.template).toEqual({ name: { $read: 0 }, price: { $read: 1 } });
  });

  it("never keeps a secret it typed", async () => {
    h.model.setResponder((req, i) =>
      i === 0
        ? { toolCalls: [{ name: "type", arguments: { index: indexOf(req, 'placeholder="Search products"'), text: "hunter2-secret" } }] }
        : { toolCalls: [{ name: "done", arguments: { success: true, data: { name: "Shop", price: "none" } } }] },
    );
    const { result } = await h.run({ task: task(), record: true, sensitiveValues: ["hunter2-secret"] });
    expect(JSON.stringify(result.recording ?? result.execution)).not.toContain("hunter2");
  });
});

describe("replaying a recording", () => {
  it("repeats the run without calling the model and reads the answer off the page", async () => {
    const recording = await recordOnce();
    const { result, steps } = await h.run({ task: task(), replay: { recording: { ...recording, version: 1 }, values: { p1: "lamp" } } });
    expect(result).toMatchObject({
      status: "success",
      modelCalls: 0,
      inputTokens: 0,
      execution: { kind: "replayed", repairedSteps: [] },
      recording: null,
    });
    expect(JSON.parse(result.result!)).toEqual({ name: "Aurora Desk Lamp", price: "$49.00" });
    expect(h.model.chatRequests()).toHaveLength(0);
    expect(steps.map((s) => s.extractedContent)).toEqual([
      "Replayed: Type lamp into the search field",
      "Replayed: Search",
      "Replayed: Open the Aurora Desk Lamp",
      '{"name":"Aurora Desk Lamp","price":"$49.00"}',
    ]);
    expect(steps.every((s) => s.screenshot && s.screenshot.length > 1_000)).toBe(true);
  });

  it("lets one model call repair a step whose element is gone, and leaves the repaired recording", async () => {
    const broken = await withoutSearchButton();
    h.model.setResponder(shopper);
    const { result } = await h.run({ task: task(), replay: { recording: { ...broken, version: 1 }, values: { p1: "lamp" } } });
    expect(result).toMatchObject({ status: "success", modelCalls: 1, execution: { kind: "repaired", repairedSteps: [2] } });
    expect(JSON.parse(result.result!)).toEqual({ name: "Aurora Desk Lamp", price: "$49.00" });
    // The model was told which step to redo and where the page should be after it.
    expect(latestState(h.model.chatRequests()[0]!)).toMatch(/could not be replayed: "Search" \(click on <button>Find<\/button>\)/);
    const repaired = result.recording!;
    expect(repaired.steps.map((s) => s.repairs)).toEqual([0, 1, 0]);
    expect(repaired.steps[1]?.target?.locators[0]).toEqual({ kind: "role", role: "button", name: "Search" });
  });

  it("waits for the page a repair leads to when the server answers slowly, as on a busy machine", async () => {
    const broken = await withoutSearchButton();
    // The search results arrive after the click has settled (1.5 s at most, act/settle.ts).
    h.sites.slowDown("/shop?q=", 2_500);
    h.model.setResponder(shopper);
    const { result } = await h.run({ task: task(), replay: { recording: { ...broken, version: 1 }, values: { p1: "lamp" } } });
    expect(result).toMatchObject({ status: "success", modelCalls: 1, execution: { kind: "repaired", repairedSteps: [2] } });
  });

  // Three misses, each known once the page has been quiet for 1.5 s (page-quiet.ts).
  it("hands the rest of the run to the agent after more misses than one call each can repair", { timeout: 60_000 }, async () => {
    const recording = await recordOnce();
    const broken = structuredClone(recording);
    for (const step of broken.steps)
      step.target = { locators: [{ kind: "css", selector: "#gone" }], frame_path: [], description: "<a>gone</a>" };
    h.model.setResponder(shopper);
    const { result } = await h.run({ task: task(), replay: { recording: { ...broken, version: 1 }, values: { p1: "lamp" } } });
    expect(result).toMatchObject({ status: "success", execution: { kind: "repaired", repairedSteps: [1, 2, 3] } });
    expect(result.execution?.note).toMatch(/^The replay missed at step 3: Could not find <a>gone<\/a>/);
    expect(result.modelCalls).toBe(4);
  });

  it("replays with the new words of a prompt that differs only in a parameter", async () => {
    const recording = await recordOnce();
    const prompt = PROMPT.replace("for lamp", "for aurora");
    expect(matchPrompt(recording.prompt, recording.parameters, prompt)).toEqual({ p1: "aurora" });
    const { result, steps } = await h.run({
      task: { ...task(), prompt },
      replay: { recording: { ...recording, version: 1 }, values: { p1: "aurora" } },
    });
    expect(steps[0]?.actions[0]?.input).toMatchObject({ text: "aurora", replayed: true });
    expect(steps[1]?.url).toContain("/shop?q=aurora");
    expect(result).toMatchObject({ status: "success", modelCalls: 0, execution: { kind: "replayed" } });
  });

  it("does not act on an element that only its CSS path still finds when its name changed, and catches a page that went elsewhere", async () => {
    const recording = await recordOnce();
    h.model.setResponder(shopper);
    // "headlamp" lists the Beacon Headlamp where the Aurora Desk Lamp was: same CSS path, other name.
    const { result, steps } = await h.run({
      task: task(),
      replay: { recording: { ...recording, version: 1 }, values: { p1: "headlamp" } },
    });
    expect(steps[2]?.error).toBe("Could not find <a>Aurora Desk Lamp</a> on the page.");
    expect(h.sites.requests.some((r) => r.path === "/shop/product/1028")).toBe(false);
    expect(result.execution).toMatchObject({ kind: "repaired", repairedSteps: [3] });
  });
});

describe("replaying the other tools", () => {
  it("finds a drag's element and its drop target again, and keeps select_text's text", async () => {
    const task = { prompt: "Put Cherry first", initialUrl: `${h.sites.url}/tools/drag` };
    h.model.setResponder((req, i) =>
      i === 0
        ? {
            text: "Drag Cherry onto Apple",
            toolCalls: [
              { name: "drag", arguments: { index: indexOf(req, /^<li[^>]*>Cherry/), to_index: indexOf(req, /^<li[^>]*>Apple/) } },
            ],
          }
        : i === 1
          ? { toolCalls: [{ name: "select_text", arguments: { text: "Order:" } }] }
          : { toolCalls: [{ name: "done", arguments: { success: true, text: /Order: [^\n]+/.exec(latestState(req))?.[0] ?? "?" } }] },
    );
    const { result } = await h.run({ task, record: true });
    expect(result.result).toBe("Order: Cherry, Apple, Banana, Damson");
    const recording = result.recording!;
    const [drag, select] = recording.steps;
    expect(drag?.input.to).toMatchObject({ description: expect.stringContaining("Apple") });
    expect(select?.input).toMatchObject({ text: "Order:" });
    h.model.reset();
    const again = await h.run({ task, replay: { recording: { ...recording, version: 1 }, values: {} } });
    expect(again.result).toMatchObject({ status: "success", modelCalls: 0, result: "Order: Cherry, Apple, Banana, Damson" });
  });
});
