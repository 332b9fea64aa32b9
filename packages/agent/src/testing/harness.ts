import { startFakeModelServer, startFixtureSites, testBrowserPath } from "@errand/testkit";
import type { ChatRequest, FakeModelServer, FixtureSites } from "@errand/testkit";
import type { BrowserContext } from "playwright-core";
import { createBrowserManager } from "../browser/create-browser-manager.ts";
import type { BrowserManager } from "../browser/create-browser-manager.ts";
import { createModel } from "../llm/create-model.ts";
import type { ModelProvider } from "../llm/create-model.ts";
import { runAgent } from "../run/run-agent.ts";
import type { AgentInput } from "../types/agent.ts";
import type { AgentEvent, AgentResult, AgentStep } from "../types/result.ts";

/** One Chromium, the fake model server and the fixture sites, for one test file. */
export interface Harness {
  browser: BrowserManager;
  model: FakeModelServer;
  sites: FixtureSites;
  run(opts: RunOptions): Promise<RunOutcome>;
  close(): Promise<void>;
}

export type RunOptions = Partial<Omit<AgentInput, "task" | "context" | "model">> & {
  task: Partial<AgentInput["task"]> & { prompt: string };
  /** Prepares the fresh context before the run (cookies, routes). */
  contextSetup?: (context: BrowserContext) => Promise<void>;
  /** How the fake model is spoken to. Default "openai" (strict tools, as with OpenAI itself). */
  provider?: ModelProvider;
};

export interface RunOutcome {
  result: AgentResult;
  /** Date.now() when runAgent resolved (before the context is closed). */
  finishedAt: number;
  steps: AgentStep[];
  logs: string[];
  context: BrowserContext;
}

export async function startHarness(): Promise<Harness> {
  const [model, sites] = await Promise.all([startFakeModelServer(), startFixtureSites()]);
  const browser = createBrowserManager({ browserPath: testBrowserPath() });
  const hosts = [sites.url, sites.otherOrigin].map((u) => new URL(u).host);
  return {
    browser,
    model,
    sites,
    async run({ contextSetup, provider = "openai", ...opts }) {
      const network = opts.network ?? { allowHosts: hosts };
      // The same path as a run: the context's guard proxy and the agent's guard share one rule.
      const context = await browser.newContext({ network, acceptDownloads: opts.downloads !== undefined });
      await contextSetup?.(context);
      const steps: AgentStep[] = [];
      const logs: string[] = [];
      try {
        const result = await runAgent({
          vision: false,
          ...opts,
          task: { responseFormat: "text", ...opts.task },
          model: createModel({
            provider,
            model: provider === "anthropic" ? "claude-sonnet-4-5" : "gpt-4.1",
            apiKey: "test-key",
            baseUrl: model.url,
          }),
          context,
          network,
          retry: opts.retry ?? { baseDelayMs: 10 },
          onEvent: async (event: AgentEvent) => {
            if (event.type === "step") steps.push(event.step);
            else if (event.type === "log") logs.push(event.message);
            await opts.onEvent?.(event);
          },
        });
        return { result, finishedAt: Date.now(), steps, logs, context };
      } finally {
        await context.close().catch(() => {});
      }
    },
    async close() {
      await Promise.all([browser.close(), model.close(), sites.close()]);
    },
  };
}

/** The text of the latest browser state the model was shown. */
export function latestState(req: ChatRequest): string {
  const users = req.messages.filter((m) => m.role === "user");
  return users[users.length - 1]?.text ?? "";
}

/** The index of the element whose rendering (`<tag ...>label`) matches, in the latest state. */
export function indexOf(req: ChatRequest, pattern: RegExp | string): number {
  const state = latestState(req);
  for (const line of state.split("\n")) {
    for (const m of line.matchAll(/\*?\[(\d+)\](<[^\n]*?)(?=\s\*?\[\d+\]<|$)/g)) {
      const rendering = m[2] ?? "";
      if (typeof pattern === "string" ? rendering.includes(pattern) : pattern.test(rendering)) return Number(m[1]);
    }
  }
  throw new Error(`No element matching ${String(pattern)} in the state:\n${state}`);
}

/** Text of the tool results the model received in its latest request. */
export function toolResults(req: ChatRequest): string[] {
  return req.messages.filter((m) => m.role === "tool").map((m) => m.text);
}
