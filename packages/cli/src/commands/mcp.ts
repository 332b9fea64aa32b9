import { serveStdio } from "@errand/mcp";

const USAGE = `Usage: errand mcp

Runs Errand's MCP server on stdin/stdout, for desktop AI clients (Claude Desktop, Cursor, VS Code).
  ERRAND_API_KEY  your API key (the API keys page of the web app); required
  ERRAND_URL      your Errand server (default http://localhost:3000)
Remote clients can use Streamable HTTP at <your server>/mcp instead, with the key as a Bearer token.
`;

/** `errand mcp`: the stdio MCP server. It talks to an Errand server over the API, not to a database. */
export async function mcpCommand(args: string[]): Promise<number> {
  if (args.length > 0) {
    process.stderr.write(args[0] === "--help" || args[0] === "-h" ? USAGE : `Unexpected argument "${args[0]}".\n\n${USAGE}`);
    return args[0] === "--help" || args[0] === "-h" ? 0 : 2;
  }
  return serveStdio();
}
