import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { isJSONRPCNotification, isJSONRPCRequest, type JSONRPCMessage, type JSONRPCNotification } from "@modelcontextprotocol/sdk/types.js";

/**
 * Streamable HTTP without sessions: every POST gets a new server and transport, so any process
 * behind a load balancer can answer it. One thing does not fit that model by itself: a client that
 * cancels a call sends `notifications/cancelled` in a POST of its own, which would reach a new
 * server that knows nothing of the call. So this process remembers the calls it is running (by
 * caller and JSON-RPC id) and hands such a cancellation to the server running the call, whose
 * handler then sees its abort signal. A cancellation that reaches another process finds nothing
 * here; the run then ends on its own (or when the client disconnects, which also aborts it).
 */
export interface StatelessMcpEndpoint {
  /** Answers one HTTP request to the MCP endpoint. `caller` names who is calling (e.g. the user id). */
  handle(request: Request, options: { caller: string; createServer: () => McpServer }): Promise<Response>;
  /** Calls in progress in this process (for tests and metrics). */
  inFlight(): number;
}

/** One POST being answered: hands a cancellation of one of its requests to its server. */
interface Call {
  deliver(message: JSONRPCMessage, id: string | number): void;
}

export function createStatelessMcpEndpoint(): StatelessMcpEndpoint {
  const running = new Map<string, Set<Call>>();
  const keyOf = (caller: string, id: string | number) => `${caller}\n${typeof id}:${id}`;

  async function handle(request: Request, options: { caller: string; createServer: () => McpServer }): Promise<Response> {
    // No standalone event stream (GET) and no sessions to end (DELETE) without sessions.
    if (request.method !== "POST") {
      return Response.json(
        {
          jsonrpc: "2.0",
          error: { code: -32000, message: "Method not allowed: this MCP endpoint is stateless, send POST requests." },
          id: null,
        },
        { status: 405, headers: { allow: "POST" } },
      );
    }
    const messages = await readMessages(request);

    if (messages) {
      const cancellations = messages.filter(isCancellation);
      for (const message of cancellations) {
        const id = (message.params as { requestId?: string | number } | undefined)?.requestId;
        if (id === undefined) continue;
        for (const call of running.get(keyOf(options.caller, id)) ?? []) call.deliver(message, id);
      }
      // Only cancellations: they have been delivered, nothing else to answer.
      if (cancellations.length > 0 && cancellations.length === messages.length) return new Response(null, { status: 202 });
    }

    const server = options.createServer();
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await server.connect(transport);

    const keys: string[] = [];
    const waiting = new Set<string | number>();
    const call: Call = {
      deliver(message, id) {
        transport.onmessage?.(message);
        // A cancelled request gets no answer: once all of them are, end the stream so the
        // client's reader is not left open. The handlers finish their clean-up on their own.
        waiting.delete(id);
        if (waiting.size === 0) cleanUp();
      },
    };
    for (const message of messages ?? []) {
      if (!isJSONRPCRequest(message)) continue;
      const key = keyOf(options.caller, message.id);
      keys.push(key);
      waiting.add(message.id);
      running.set(key, (running.get(key) ?? new Set()).add(call));
    }
    let cleaned = false;
    const cleanUp = () => {
      if (cleaned) return;
      cleaned = true;
      for (const key of keys) {
        const set = running.get(key);
        set?.delete(call);
        if (set?.size === 0) running.delete(key);
      }
      void transport.close().catch(() => undefined);
      void server.close().catch(() => undefined);
    };

    let response: Response;
    try {
      response = await transport.handleRequest(
        request,
        messages ? { parsedBody: messages.length === 1 ? messages[0] : messages } : undefined,
      );
    } catch (error) {
      cleanUp();
      throw error;
    }
    if (!response.body) {
      cleanUp();
      return response;
    }
    // The server and its calls live as long as the answer's stream: a client that goes away
    // closes them, and with them the handlers still running (their abort signal fires).
    return new Response(closeAfter(response.body, cleanUp), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }

  return {
    handle,
    inFlight: () => [...running.values()].reduce((n, set) => n + set.size, 0),
  };
}

/** The POSTed JSON-RPC messages, or null when the body is not JSON (the transport answers that). */
async function readMessages(request: Request): Promise<JSONRPCMessage[] | null> {
  try {
    const body: unknown = await request.clone().json();
    return (Array.isArray(body) ? body : [body]) as JSONRPCMessage[];
  } catch {
    return null;
  }
}

function isCancellation(message: JSONRPCMessage): message is JSONRPCNotification {
  return isJSONRPCNotification(message) && message.method === "notifications/cancelled";
}

/** The same bytes, with `done` called once when the stream ends or its reader cancels it. */
function closeAfter(body: ReadableStream<Uint8Array>, done: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done: finished } = await reader.read();
        if (finished) {
          controller.close();
          done();
        } else {
          controller.enqueue(value);
        }
      } catch (error) {
        controller.error(error);
        done();
      }
    },
    async cancel(reason) {
      done();
      await reader.cancel(reason).catch(() => undefined);
    },
  });
}
