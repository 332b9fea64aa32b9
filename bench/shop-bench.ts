// What the benches of the replay fixture shop share (recording-bench.ts, replay-bench.ts): the
// fake model playing the shopper, the fixture sites and Chromium, the shop's 6-step task, and the
// agent doing it in a fresh browser context per run.
import { shopperTurn, startFakeModelServer, startFixtureSites } from "@errand/testkit";
import type { BrowserContext } from "playwright-core";
import { createBrowserManager, createModel, runAgent } from "../packages/agent/src/index.ts";
import type { AgentInput, AgentResult } from "../packages/agent/src/index.ts";

export async function startShopBench() {
  const [model, sites] = await Promise.all([startFakeModelServer(), startFixtureSites()]);
  const browser = createBrowserManager({ browserPath: process.env.BROWSER_PATH || undefined });
  const network = { allowHosts: [new URL(sites.url).host] };
  const task: AgentInput["task"] = {
    prompt:
      "In the shop, search for lamp, open Desk Lamp, set the quantity to 2, add it to the cart, and give its name, price and the cart count",
    initialUrl: `${sites.url}/replay-shop`,
    responseFormat: "json",
    jsonSchema: {
      type: "object",
      properties: { name: { type: "string" }, price: { type: "string" }, cart: { type: "string" } },
      required: ["name", "price", "cart"],
    },
  };

  /**
   * One run of the task, the model answering after `latencyMs`: `use` gets a fresh context (closed
   * after) and `agent`, which runs the agent in it with `extra` input (a recording to replay, ...).
   */
  async function shopRun<T>(
    latencyMs: number,
    use: (context: BrowserContext, agent: (extra?: Partial<AgentInput>) => Promise<AgentResult>) => Promise<T>,
  ): Promise<T> {
    model.reset();
    model.setResponder((req) => ({ ...shopperTurn(req), delayMs: latencyMs }));
    const context = await browser.newContext({ network });
    const llm = createModel({ provider: "openai", model: "gpt-4.1", apiKey: "bench", baseUrl: model.url });
    try {
      return await use(context, (extra = {}) => runAgent({ task, model: llm, vision: false, context, network, ...extra }));
    } finally {
      await context.close();
    }
  }

  return {
    sites,
    shopRun,
    close: () => Promise.all([browser.close(), model.close(), sites.close()]),
  };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
