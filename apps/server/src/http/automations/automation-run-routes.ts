import type { AppEnv } from "../authenticate.ts";
import { automationOperations } from "@errand/contract";
import { listAutomationDemoRuns, recordAutomationDemo, runAutomation, setAutomationDemo } from "@errand/services/automations";
import type { ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { createdRunBody, createOnce } from "../runs/create-once.ts";
import { verbServer } from "../serve-verb.ts";

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
  const serve = verbServer(api, ctx);
  const ops = automationOperations;
  serve(ops.listAutomationDemoRuns, ({ param }) => ({ slug: param.slug }), listAutomationDemoRuns);
  const record = async (args: Parameters<typeof recordAutomationDemo>[0]) => createdRunBody((await recordAutomationDemo(args)).run);
  serve(ops.recordAutomationDemo, ({ param, json }) => ({ slug: param.slug, prompt: json?.prompt }), record);
  const setDemo = async (args: Parameters<typeof setAutomationDemo>[0]) => {
    const demo = await setAutomationDemo(args);
    return { slug: demo.slug, run_id: demo.runId };
  };
  serve(ops.setAutomationDemo, ({ param, json }) => ({ slug: param.slug, runId: json.run_id }), setDemo);
}
