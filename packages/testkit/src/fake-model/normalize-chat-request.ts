import type { ChatMessage, ChatProtocol, ChatRequest, ChatTool } from "./types.ts";

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function asString(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** Text and image count of an OpenAI or Anthropic content value (string or array of parts). */
function readContent(content: unknown): { text: string; images: number } {
  if (typeof content === "string") return { text: content, images: 0 };
  if (!Array.isArray(content)) return { text: "", images: 0 };
  const texts: string[] = [];
  let images = 0;
  for (const part of content) {
    if (!isObject(part)) continue;
    if (part.type === "text") texts.push(asString(part.text));
    else if (part.type === "image_url" || part.type === "image") images += 1;
    else if (part.type === "tool_result") {
      const inner = readContent(part.content);
      texts.push(inner.text);
      images += inner.images;
    }
  }
  return { text: texts.join("\n"), images };
}

function message(role: ChatMessage["role"], content: unknown, extra: Partial<ChatMessage> = {}): ChatMessage {
  const { text, images } = readContent(content);
  return { role, text, toolCalls: [], images, ...extra };
}

function normalizeOpenAiMessages(messages: unknown[]): ChatMessage[] {
  return messages.filter(isObject).map((m) => {
    const role = m.role === "developer" ? "system" : m.role;
    if (role === "assistant") {
      const calls = Array.isArray(m.tool_calls) ? m.tool_calls.filter(isObject) : [];
      const toolCalls = calls.map((call) => {
        const fn = isObject(call.function) ? call.function : {};
        return { id: asString(call.id), name: asString(fn.name), arguments: asString(fn.arguments) };
      });
      return message("assistant", m.content, { toolCalls });
    }
    if (role === "tool") return message("tool", m.content, { toolCallId: asString(m.tool_call_id) });
    return message(role === "system" ? "system" : "user", m.content);
  });
}

function normalizeAnthropicMessages(messages: unknown[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const m of messages.filter(isObject)) {
    const blocks = Array.isArray(m.content) ? m.content.filter(isObject) : [];
    if (m.role === "assistant") {
      const toolCalls = blocks
        .filter((b) => b.type === "tool_use")
        .map((b) => ({ id: asString(b.id), name: asString(b.name), arguments: JSON.stringify(b.input ?? {}) }));
      out.push(message("assistant", m.content, { toolCalls }));
      continue;
    }
    for (const result of blocks.filter((b) => b.type === "tool_result")) {
      out.push(message("tool", result.content, { toolCallId: asString(result.tool_use_id) }));
    }
    const rest = typeof m.content === "string" ? m.content : blocks.filter((b) => b.type !== "tool_result");
    if (typeof rest === "string" || rest.length > 0) out.push(message("user", rest));
  }
  return out;
}

function normalizeTools(protocol: ChatProtocol, tools: unknown): ChatTool[] {
  if (!Array.isArray(tools)) return [];
  return tools.filter(isObject).map((tool) => {
    const fn = protocol === "openai" && isObject(tool.function) ? tool.function : tool;
    const parameters = protocol === "openai" ? fn.parameters : tool.input_schema;
    return {
      name: asString(fn.name),
      description: asString(fn.description),
      parameters: isObject(parameters) ? parameters : {},
      strict: fn.strict === true,
    };
  });
}

/** Turns a raw completion request body into the protocol-neutral view a responder gets. */
export function normalizeChatRequest(protocol: ChatProtocol, path: string, body: Json): ChatRequest {
  const rawMessages = Array.isArray(body.messages) ? body.messages : [];
  const messages = protocol === "openai" ? normalizeOpenAiMessages(rawMessages) : normalizeAnthropicMessages(rawMessages);
  const system =
    protocol === "openai"
      ? messages
          .filter((m) => m.role === "system")
          .map((m) => m.text)
          .join("\n")
      : readContent(body.system).text;
  const tools = normalizeTools(protocol, body.tools);
  return {
    protocol,
    path,
    model: asString(body.model),
    stream: body.stream === true,
    body,
    toolNames: tools.map((t) => t.name),
    tools,
    system,
    messages,
  };
}
