import { callOperation } from "./operation";
import { runMessageOperations, type RunMessage } from "@errand/contract";

/** POST /runs/{id}/messages: the agent reads it before its next step (docs/adr/0049-messages-and-allowed-domains.md). */
export function sendRunMessage(runId: string, text: string): Promise<RunMessage> {
  return callOperation(runMessageOperations.sendRunMessage, { params: { id: runId }, body: { text } });
}
