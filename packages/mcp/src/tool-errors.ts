import { ErrandConnectionError, ErrandError, ErrandTimeoutError } from "@errand/sdk";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/**
 * A failed call as a tool error the assistant can read and act on: the API's own message (with its
 * field errors and what to do next), never a stack trace, a request body or the key.
 */
export function toolError(error: unknown): CallToolResult {
  return { content: [{ type: "text", text: describe(error) }], isError: true };
}

function describe(error: unknown): string {
  if (error instanceof ErrandError) {
    const fields = (error.fields ?? []).map((f) => `${f.path}: ${f.message}`).filter((line) => !error.message.includes(line));
    const hint = HINTS[error.code] ?? "";
    return [`${error.message} (${error.code}, HTTP ${error.status})`, ...fields, hint].filter(Boolean).join("\n");
  }
  if (error instanceof ErrandConnectionError || error instanceof ErrandTimeoutError) return error.message;
  return `Unexpected error: ${error instanceof Error ? error.message : String(error)}`;
}

const HINTS: Record<string, string> = {
  unauthorized: "Check the Errand API key (the API keys page of the Errand web app).",
  insufficient_credits: "Buy credits on the Credits page of the Errand web app.",
  forbidden:
    "What a key may do is limited by its scopes and by its maker's role in the workspace: a workspace owner or admin can make a key with the scope needed (the API keys page of the Errand web app).",
  spending_limit_reached: "An owner or admin can raise the workspace's monthly limit on the Credits page of the Errand web app.",
};
