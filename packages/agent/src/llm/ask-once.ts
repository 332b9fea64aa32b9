import type { LanguageModel } from "ai";
import { createRedactor } from "../safety/secrets/redact.ts";
import type { AgentCredential } from "../types/credentials.ts";
import { callModel } from "./call-model.ts";

export interface AskOnceInput {
  model: LanguageModel;
  system: string;
  text: string;
  image?: { data: Buffer; mediaType: "image/png" | "image/jpeg" } | null;
  signal?: AbortSignal;
  /** The run's vault credentials: their values are redacted from what is sent. */
  credentials?: readonly AgentCredential[];
}

/**
 * One question to the run's model outside the loop (the judge of verified results,
 * docs/adr/0043-verified-results.md): the same provider plumbing and retries as the agent's calls,
 * no tools, the answer as text with the tokens it used.
 */
export async function askModelOnce(input: AskOnceInput): Promise<{ text: string; inputTokens: number; outputTokens: number }> {
  const secrets = (input.credentials ?? []).flatMap((c) => [c.username, c.password, c.totp_secret ?? ""]).filter(Boolean);
  const content = [
    { type: "text" as const, text: input.text },
    ...(input.image ? [{ type: "image" as const, image: input.image.data, mediaType: input.image.mediaType }] : []),
  ];
  const reply = await callModel({
    model: input.model,
    system: input.system,
    messages: [{ role: "user", content }],
    signal: input.signal ?? new AbortController().signal,
    redactor: createRedactor(secrets),
  });
  return { text: reply.text, inputTokens: reply.inputTokens, outputTokens: reply.outputTokens };
}
