import type { AppEnv } from "../authenticate.ts";
import { automationOperations } from "@errand/contract";
import { listAutomationDemoRuns, recordAutomationDemo, setAutomationDemo } from "@errand/services/automations";
import { timeLimit } from "@errand/services/runs";
import type { ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";

const listDemoRuns = createRoute(automationOperations.listAutomationDemoRuns);
const recordDemo = createRoute(automationOperations.recordAutomationDemo);
const setDemo = createRoute(automationOperations.setAutomationDemo);

/** An automation's demo, chosen by admins in the web app (operators: `errand automation-demo`). */
export function registerAutomationDemoRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(listDemoRuns, async (c) =>
    c.json(await listAutomationDemoRuns({ ctx, caller: c.get("caller"), input: { slug: c.req.valid("param").slug } }), 200),
  );
  api.openapi(recordDemo, async (c) => {
    const { prompt } = c.req.valid("json") ?? {};
    const { run } = await recordAutomationDemo({ ctx, caller: c.get("caller"), input: { slug: c.req.valid("param").slug, prompt } });
    return c.json({ id: run.id, task_id: run.taskId, status: run.status, ...timeLimit(run) }, 201);
  });
  api.openapi(setDemo, async (c) => {
    const input = { slug: c.req.valid("param").slug, runId: c.req.valid("json").run_id };
    const demo = await setAutomationDemo({ ctx, caller: c.get("caller"), input });
    return c.json({ slug: demo.slug, run_id: demo.runId }, 200);
  });
}
