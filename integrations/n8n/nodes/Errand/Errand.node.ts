import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from "n8n-workflow";
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from "n8n-workflow";
import { batchIdFields, batchOperationField, startBatchFields } from "./batch-fields";
import { getBatch, getBatchResults, startBatch, startBatchFromItems } from "./batch-operations";
import { getRunFields, operationField, resourceField, runAutomationFields, runTaskFields } from "./fields";
import { searchAutomations, searchSavedLogins, searchTasks } from "./list-search";
import { getRun, runAutomation, runTask } from "./operations";

/** Each operation for one input item: one output item, or several (a batch's results). */
const OPERATIONS: Record<string, (ctx: IExecuteFunctions, i: number) => Promise<IDataObject | IDataObject[]>> = {
  runTask,
  getRun,
  runAutomation,
  startBatch,
  getBatch,
  getBatchResults,
};

/** Start with Rows From "Incoming Items": every input item is a row of one batch, so one output item, paired with them all. */
async function batchOfAllItems(ctx: IExecuteFunctions, count: number): Promise<INodeExecutionData> {
  const pairedItem = Array.from({ length: count }, (_, item) => ({ item }));
  try {
    return { json: await startBatchFromItems(ctx), pairedItem };
  } catch (error) {
    if (!ctx.continueOnFail()) throw error instanceof NodeApiError ? error : new NodeOperationError(ctx.getNode(), error as Error);
    return { json: { error: (error as Error).message }, pairedItem };
  }
}

export class Errand implements INodeType {
  description: INodeTypeDescription = {
    displayName: "Errand",
    name: "errand",
    icon: "file:errand.svg",
    group: ["transform"],
    version: 1,
    subtitle: '={{$parameter["operation"]}}',
    description: "Run web tasks in a real browser, described in plain language",
    defaults: { name: "Errand" },
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    usableAsTool: true,
    credentials: [{ name: "errandApi", required: true }],
    properties: [
      resourceField,
      operationField,
      ...runTaskFields,
      ...getRunFields,
      ...runAutomationFields,
      batchOperationField,
      ...startBatchFields,
      ...batchIdFields,
    ],
  };

  methods = { listSearch: { searchSavedLogins, searchAutomations, searchTasks } };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const items = this.getInputData();
    const out: INodeExecutionData[] = [];
    if (this.getNodeParameter("operation", 0) === "startBatch" && this.getNodeParameter("rowsFrom", 0) === "items") {
      return [[await batchOfAllItems(this, items.length)]];
    }
    for (let i = 0; i < items.length; i++) {
      const operation = this.getNodeParameter("operation", i) as string;
      try {
        const output = await OPERATIONS[operation]!(this, i);
        for (const json of Array.isArray(output) ? output : [output]) out.push({ json, pairedItem: { item: i } });
      } catch (error) {
        if (!this.continueOnFail()) {
          // The API's own errors keep their HTTP context; anything else fails the node for this item.
          const failure = error instanceof NodeApiError ? error : new NodeOperationError(this.getNode(), error as Error, { itemIndex: i });
          throw failure;
        }
        out.push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
      }
    }
    return [out];
  }
}
