import type { IDataObject, IHookFunctions, IWebhookFunctions, IWebhookResponseData, INodeType, INodeTypeDescription } from "n8n-workflow";
import { NodeConnectionTypes } from "n8n-workflow";
import { SIGNATURE_HEADER, verifySignature } from "../../shared/verify-signature";
import { registerWebhook, removeWebhook, webhookExists, type TriggerStaticData } from "./webhook-registration";

export class ErrandTrigger implements INodeType {
  description: INodeTypeDescription = {
    displayName: "Errand Trigger",
    name: "errandTrigger",
    icon: "file:errand.svg",
    group: ["trigger"],
    version: 1,
    subtitle: '={{$parameter["event"]}}',
    description: "Starts the workflow when an Errand run or batch ends",
    defaults: { name: "Errand Trigger" },
    inputs: [],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: "errandApi", required: true }],
    webhooks: [{ name: "default", httpMethod: "POST", responseMode: "onReceived", path: "webhook" }],
    properties: [
      {
        displayName: "Event",
        name: "event",
        type: "options",
        required: true,
        default: "run.finished",
        options: [
          { name: "Run Finished", value: "run.finished", description: "A run ended, whatever its status (cancelled included)" },
          { name: "Run Succeeded", value: "run.succeeded", description: "A run ended with status success" },
          { name: "Run Failed", value: "run.failed", description: "A run ended with status failed or error" },
          {
            name: "Batch Finished",
            value: "batch.finished",
            description: "Every row of a batch has ended; outputs the batch with its counts",
          },
        ],
      },
    ],
  };

  webhookMethods = {
    default: {
      async checkExists(this: IHookFunctions): Promise<boolean> {
        return await webhookExists(this);
      },
      async create(this: IHookFunctions): Promise<boolean> {
        return await registerWebhook(this);
      },
      async delete(this: IHookFunctions): Promise<boolean> {
        return await removeWebhook(this);
      },
    },
  };

  /** Checks the signature against the raw body, drops test deliveries, emits { event, delivery_id, webhook_id, run } (a batch's end: batch instead of run). */
  async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
    const req = this.getRequestObject() as ReturnType<IWebhookFunctions["getRequestObject"]> & { rawBody?: Buffer };
    const { webhookSecret } = this.getWorkflowStaticData("node") as TriggerStaticData;
    const header = req.headers[SIGNATURE_HEADER];
    if (!webhookSecret || !req.rawBody || !verifySignature(webhookSecret, typeof header === "string" ? header : undefined, req.rawBody)) {
      this.getResponseObject().status(401).json({ error: "invalid signature" });
      return { noWebhookResponse: true };
    }
    const body = this.getBodyData() as IDataObject;
    // Errand's "send test" delivery carries no run nor batch: acknowledge it without starting the workflow.
    if (body.event === "webhook.test" || !(body.run || body.batch)) return { webhookResponse: "ok" };
    return { workflowData: [this.helpers.returnJsonArray([body])] };
  }
}
