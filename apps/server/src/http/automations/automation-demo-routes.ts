import {
  apiErrorSchema,
  automationDemoRunsSchema,
  automationDemoSchema,
  createRunResponseSchema,
  recordAutomationDemoSchema,
  setAutomationDemoSchema,
} from "@errand/contract";
import { getAccount, listAutomationDemoRuns, recordAutomationDemo, setAutomationDemo, timeLimit, type ServiceContext } from "@errand/services";
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { commonErrors, jsonContent } from "../openapi-helpers.ts";

const tags = ["Automations"];
const slugParam = z.object({ slug: z.string().min(1).max(200) });
const adminOnly = { 403: jsonContent(apiErrorSchema, "Not an admin") };

const listDemoRuns = createRoute({
  method: "get",
  path: "/automations/{slug}/demo-runs",
  tags,
  summary: "Your latest runs: one that succeeded can become an automation's demo (admins only)",
  request: { params: slugParam },
  responses: { 200: jsonContent(automationDemoRunsSchema, "Newest first"), ...adminOnly, ...commonErrors },
});
const recordDemo = createRoute({
  method: "post",
  path: "/automations/{slug}/demo-runs",
  tags,
  summary: "Record a demo: run the automation's own settings now with the model (admins only)",
  description:
    "Queues a run of the automation's prompt (or `prompt`, e.g. with its [placeholders] filled in), start URL, format, schema and timeout as a task of yours, paid like any run. When it has succeeded, PUT /automations/{slug}/demo makes it the demo.",
  request: { params: slugParam, body: { content: { "application/json": { schema: recordAutomationDemoSchema } }, required: false } },
  responses: {
    201: jsonContent(createRunResponseSchema, "The run was queued"),
    402: jsonContent(apiErrorSchema, "No credits or free prompts left"),
    409: jsonContent(apiErrorSchema, "The automation needs a saved login"),
    ...adminOnly,
    ...commonErrors,
  },
});
const setDemo = createRoute({
  method: "put",
  path: "/automations/{slug}/demo",
  tags,
  summary: "Make one of your runs that succeeded the automation's public demo, or remove it (admins only)",
  request: { params: slugParam, body: { content: { "application/json": { schema: setAutomationDemoSchema } }, required: true } },
  responses: { 200: jsonContent(automationDemoSchema, "The automation's demo run"), ...adminOnly, ...commonErrors },
});

/** An automation's demo, chosen by admins in the web app (operators: `errand automation-demo`). */
export function registerAutomationDemoRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  const caller = async (userId: string) => ({ userId, isAdmin: (await getAccount({ ctx, input: { userId } })).isAdmin });
  api.openapi(listDemoRuns, async (c) => {
    const input = { slug: c.req.valid("param").slug, caller: await caller(c.get("caller").userId) };
    return c.json(await listAutomationDemoRuns({ ctx, input }), 200);
  });
  api.openapi(recordDemo, async (c) => {
    const { prompt } = c.req.valid("json") ?? {};
    const { run } = await recordAutomationDemo({ ctx, input: { slug: c.req.valid("param").slug, prompt, caller: await caller(c.get("caller").userId) } });
    return c.json({ id: run.id, task_id: run.taskId, status: run.status, ...timeLimit(run) }, 201);
  });
  api.openapi(setDemo, async (c) => {
    const input = { slug: c.req.valid("param").slug, runId: c.req.valid("json").run_id, caller: await caller(c.get("caller").userId) };
    const demo = await setAutomationDemo({ ctx, input });
    return c.json({ slug: demo.slug, run_id: demo.runId }, 200);
  });
}
