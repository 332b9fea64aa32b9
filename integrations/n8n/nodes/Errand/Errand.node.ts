import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from "n8n-workflow";
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from "n8n-workflow";
import { getRunFields, operationField, runAutomationFields, runTaskFields } from "./fields";
import { searchAutomations, searchSavedLogins } from "./list-search";
import { getRun, runAutomation, runTask } from "./operations";

const OPERATIONS: Record<string, (ctx: IExecuteFunctions, i: number) => Promise<IDataObject>> = { runTask, getRun, runAutomation };

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
    properties: [operationField, ...runTaskFields, ...getRunFields, ...runAutomationFields],
  };

  methods = { listSearch: { searchSavedLogins, searchAutomations } };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const items = this.getInputData();
    const out: INodeExecutionData[] = [];
    for (let i = 0; i < items.length; i++) {
      const operation = this.getNodeParameter("operation", i) as string;
      try {
        out.push({ json: await OPERATIONS[operation]!(this, i), pairedItem: { item: i } });
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
