// What every model call pays before the page: the system prompt, the task message and the tool
// definitions, in o200k tokens, as the fake model server receives them (OpenAI: strict tools;
// an OpenAI-compatible endpoint: the same tools without strict). For a text task, a JSON task
// without a schema, one with a small schema, and the catalogue's Hacker News table.
// Run: npx tsx bench/agent/protocol-size.mjs
import { countTokens } from "gpt-tokenizer";
import { CATALOG } from "@errand/content/catalog";
import { startFakeModelServer } from "@errand/testkit";
import { createBrowserManager, createModel, runAgent } from "../../packages/agent/src/index.ts";
import { printFigures } from "./lib.mjs";

const product = {
  type: "object",
  properties: { name: { type: "string" }, price: { type: "number" }, sku: { type: "string", pattern: "^SKU-\\d+$" } },
  required: ["name", "price", "sku"],
  additionalProperties: false,
};
const hn = CATALOG.find((a) => a.slug === "hacker-news-top-stories");
const TASKS = {
  text: { prompt: "How much is the Aurora Desk Lamp?", responseFormat: "text" },
  "json, no schema": { prompt: "The lamp's name and price", responseFormat: "json" },
  "json, product schema": { prompt: "Product facts as JSON", responseFormat: "json", jsonSchema: product },
  "json, Hacker News table": { prompt: hn.prompt, responseFormat: "json", jsonSchema: hn.jsonSchema },
};

const model = await startFakeModelServer();
const browser = createBrowserManager({ browserPath: process.env.BROWSER_PATH || undefined });
const out = {};
try {
  for (const provider of ["openai", "openai-compatible"]) {
    for (const [name, task] of Object.entries(TASKS)) {
      model.reset();
      model.enqueue({ toolCalls: [{ name: "done", arguments: { success: false, text: "measuring" } }] });
      const context = await browser.newContext({ network: {} });
      await runAgent({ task, model: createModel({ provider, model: "gpt-4.1", apiKey: "k", baseUrl: model.url }), context, vision: false });
      await context.close();
      const body = model.requests[0].body;
      const system = body.messages[0].content;
      const taskText = body.messages[1].content;
      out[`${provider}: ${name}`] = {
        system: countTokens(system),
        task: countTokens(taskText),
        tools: countTokens(JSON.stringify(body.tools)),
        strictTools: body.tools.filter((t) => t.function.strict === true).length,
      };
    }
  }
} finally {
  await Promise.all([browser.close(), model.close()]);
}
printFigures(out);
