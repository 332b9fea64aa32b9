import type { ModelMessage } from "ai";
import type { Redactor } from "../safety/secrets/redact.ts";

/** A copy of the messages with every sensitive value replaced, in text, tool inputs and tool results. */
export function redactMessages(messages: ModelMessage[], redactor: Redactor): ModelMessage[] {
  const deep = (value: unknown): unknown => {
    if (typeof value === "string") return redactor.redact(value);
    if (Array.isArray(value)) return value.map(deep);
    if (value instanceof Uint8Array || value instanceof URL) return value;
    if (value && typeof value === "object") {
      const type = (value as { type?: unknown }).type;
      if (type === "image" || type === "file") return value; // screenshots: handled by not sending them
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = deep(v);
      return out;
    }
    return value;
  };
  return messages.map((m) => deep(m) as ModelMessage);
}
