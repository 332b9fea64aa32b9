import type { Errand } from "@errand/sdk";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { TOOL_DEFINITIONS, type ToolName } from "./tool-definitions.ts";
import { toolError } from "./tool-errors.ts";
import { TOOL_HANDLERS, type ToolDeps } from "./tool-handlers.ts";
import type { ToolExtra } from "./wait-with-progress.ts";

export const MCP_SERVER_VERSION = "0.1.0";

const INSTRUCTIONS =
  "Errand carries out web tasks in a real browser with an AI agent: browsing, filling forms, extracting data. " +
  "Use run_task to do a task and get its answer (JSON when you give response_format json and a json_schema); " +
  "start_task and get_run for long tasks; list_automations and run_automation for ready-made ones. " +
  "Runs use the account's free prompts, then credits.";

export interface ErrandMcpServerOptions {
  /** Each tool call's promise, for a caller that must let calls finish their clean-up before it exits. */
  onCall?: (call: Promise<unknown>) => void;
}

/** The Errand MCP server over an SDK client: the same for stdio and for Streamable HTTP. */
export function createErrandMcpServer(errand: Errand, options: ErrandMcpServerOptions = {}): McpServer {
  const server = new McpServer({ name: "errand", title: "Errand", version: MCP_SERVER_VERSION }, { instructions: INSTRUCTIONS });
  const deps: ToolDeps = { errand };
  for (const tool of TOOL_DEFINITIONS) {
    const handler = TOOL_HANDLERS[tool.name] as (input: unknown, deps: ToolDeps, extra: ToolExtra) => Promise<CallToolResult>;
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: tool.annotations,
      },
      async (input: unknown, extra: ToolExtra) => {
        const call = handler(input, deps, extra).catch(toolError);
        options.onCall?.(call);
        return call;
      },
    );
  }
  return server;
}

export type { ToolName };
