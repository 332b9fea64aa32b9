// @errand/mcp: Errand's MCP server, over the SDK. stdio for desktop clients (`errand mcp`),
// Streamable HTTP at /mcp on the server (apps/server mounts createStatelessMcpEndpoint).
export { createErrandMcpServer, MCP_SERVER_VERSION, type ErrandMcpServerOptions } from "./create-server.ts";
export { createStatelessMcpEndpoint, type StatelessMcpEndpoint } from "./stateless-http.ts";
export { TOOL_DEFINITIONS, TOOL_NAMES, TOOL_INPUTS, MAX_SCREENSHOTS, type ToolName, type ToolDefinition } from "./tool-definitions.ts";
export { serveStdio, DEFAULT_ERRAND_URL } from "./stdio-server.ts";
