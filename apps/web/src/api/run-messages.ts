import { callOperation } from "./operation";
import type { RunMessage } from "@errand/contract";

/** POST /runs/{id}/messages: the agent reads it before its next step (docs/adr/0049-messages-and-allowed-domains.md). */
export function sendRunMessage(runId: string, text: string): Promise<RunMessage> {
  return callOperation("sendRunMessage", { params: { id: runId }, body: { text } });
}
