import type { AppEnv } from "../authenticate.ts";
import { automationOperations } from "@errand/contract";
import { listAutomationDemoRuns, recordAutomationDemo, runAutomation, setAutomationDemo } from "@errand/services/automations";
import type { ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { createdRunBody, createOnce } from "../runs/create-once.ts";

const listDemoRuns = createRoute(automationOperations.listAutomationDemoRuns);
const recordDemo = createRoute(automationOperations.recordAutomationDemo);
const setDemo = createRoute(automationOperations.setAutomationDemo);
const runAutomationRoute = createRoute(automationOperations.runAutomation);

/**
 * Running an automation (every caller's) and its demo, chosen by admins in the web app
 * (operators: `errand automation-demo`).
 */
export function registerAutomationRunRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(runAutomationRoute, async (c) => {
    const caller = c.get("caller");
    const slug = c.req.valid("param").slug;
    const settings = c.req.valid("json") ?? {};
    const idempotency = { key: c.req.valid("header")["idempotency-key"], request: { path: `/automations/${slug}/runs`, settings } };
    const result = await createOnce(ctx, caller, idempotency, async () => {
      const { run, note } = await runAutomation({ ctx, caller, input: { slug, settings } });
      return { ...createdRunBody(run), note };
    });
    if (result.replayed) c.header("idempotent-replayed", "true");
    return c.json(result.body, 201);
  });
  api.openapi(listDemoRuns, async (c) =>
    c.json(await listAutomationDemoRuns({ ctx, caller: c.get("caller"), input: { slug: c.req.valid("param").slug } }), 200),
  );
  api.openapi(recordDemo, async (c) => {
    const { prompt } = c.req.valid("json") ?? {};
    const { run } = await recordAutomationDemo({ ctx, caller: c.get("caller"), input: { slug: c.req.valid("param").slug, prompt } });
    return c.json(createdRunBody(run), 201);
  });
  api.openapi(setDemo, async (c) => {
    const input = { slug: c.req.valid("param").slug, runId: c.req.valid("json").run_id };
    const demo = await setAutomationDemo({ ctx, caller: c.get("caller"), input });
    return c.json({ slug: demo.slug, run_id: demo.runId }, 200);
  });
}
