import type { Readable, Writable } from "node:stream";
import { Errand } from "@errand/sdk";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createErrandMcpServer } from "./create-server.ts";

export const DEFAULT_ERRAND_URL = "http://localhost:3000";
/** How long calls still running get to cancel their runs once the client has gone. */
const CLOSING_MS = 10_000;

export interface StdioIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

/**
 * The MCP server on stdin/stdout for desktop clients, configured by ERRAND_API_KEY and ERRAND_URL.
 * Resolves with an exit code when the client closes stdin (or on SIGINT/SIGTERM). stdout carries
 * only MCP messages: everything for people goes to stderr.
 */
export async function serveStdio(env: NodeJS.ProcessEnv = process.env, io: StdioIo = process): Promise<number> {
  const apiKey = env.ERRAND_API_KEY?.trim();
  const baseUrl = (env.ERRAND_URL?.trim() || DEFAULT_ERRAND_URL).replace(/\/+$/, "");
  if (!apiKey) {
    io.stderr.write("ERRAND_API_KEY is not set: give the MCP server your Errand API key (the API keys page of the web app).\n");
    return 78;
  }
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    io.stderr.write(`ERRAND_URL must be the http(s) address of your Errand server, e.g. ${DEFAULT_ERRAND_URL}.\n`);
    return 78;
  }

  const calls = new Set<Promise<unknown>>();
  const server = createErrandMcpServer(new Errand({ apiKey, baseUrl }), {
    onCall: (call) => {
      calls.add(call);
      void call.finally(() => calls.delete(call));
    },
  });
  await server.connect(new StdioServerTransport(io.stdin, io.stdout));
  io.stderr.write(`Errand MCP server on stdio, for ${baseUrl}\n`);

  await new Promise<void>((resolve) => {
    io.stdin.once("end", resolve);
    io.stdin.once("close", resolve);
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  // Closing aborts the calls still waiting: run_task cancels its run (nobody waits for it any more).
  await server.close();
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.allSettled([...calls]), new Promise((resolve) => (timer = setTimeout(resolve, CLOSING_MS)))]);
  clearTimeout(timer);
  return 0;
}
