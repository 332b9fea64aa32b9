// The trigger's webhook on the Errand side: POST /webhooks when the workflow is activated,
// DELETE /webhooks/{id} when it is deactivated. Its id and signing secret (shown only once)
// live in the node's static data.
import type { IDataObject, IHookFunctions } from "n8n-workflow";
import { errandCall, errandRequest } from "../../shared/errand-api";

export interface TriggerStaticData extends IDataObject {
  webhookId?: string;
  webhookSecret?: string;
}

const staticData = (ctx: IHookFunctions) => ctx.getWorkflowStaticData("node") as TriggerStaticData;

function forget(data: TriggerStaticData) {
  delete data.webhookId;
  delete data.webhookSecret;
}

/** True when the stored webhook still exists with this node's URL and event. */
export async function webhookExists(ctx: IHookFunctions): Promise<boolean> {
  const data = staticData(ctx);
  if (!data.webhookId || !data.webhookSecret) return false;
  const { statusCode, body } = await errandCall<{ url: string; events: string[] }>(
    ctx,
    "GET",
    `/webhooks/${encodeURIComponent(data.webhookId)}`,
  );
  if (statusCode === 404) {
    forget(data);
    return false;
  }
  if (statusCode !== 200) await errandRequest(ctx, "GET", `/webhooks/${encodeURIComponent(data.webhookId)}`); // throws with the API's message
  const event = ctx.getNodeParameter("event") as string;
  return body.url === ctx.getNodeWebhookUrl("default") && body.events.length === 1 && body.events[0] === event;
}

export async function registerWebhook(ctx: IHookFunctions): Promise<boolean> {
  const data = staticData(ctx);
  if (data.webhookId) await removeWebhook(ctx); // a stale registration (other URL or event)
  const webhook = await errandRequest<{ id: string; secret: string }>(ctx, "POST", "/webhooks", {
    body: {
      url: ctx.getNodeWebhookUrl("default")!,
      events: [ctx.getNodeParameter("event") as string],
      description: `n8n: ${ctx.getWorkflow().name ?? "workflow"}`.slice(0, 200),
    },
  });
  data.webhookId = webhook.id;
  data.webhookSecret = webhook.secret;
  return true;
}

export async function removeWebhook(ctx: IHookFunctions): Promise<boolean> {
  const data = staticData(ctx);
  if (data.webhookId) {
    const { statusCode } = await errandCall(ctx, "DELETE", `/webhooks/${encodeURIComponent(data.webhookId)}`);
    if (statusCode !== 204 && statusCode !== 404) return false;
  }
  forget(data);
  return true;
}
