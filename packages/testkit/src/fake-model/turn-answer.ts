import type { FakeTurn, FakeUsage } from "./types.ts";

/** A successful turn, resolved to what both protocols need to render it. */
export interface TurnAnswer {
  id: string;
  model: string;
  created: number;
  text: string | undefined;
  toolCalls: { id: string; name: string; argumentsText: string }[];
  usage: FakeUsage;
}

export type AnswerTurn = Extract<FakeTurn, { text: string } | { toolCalls: unknown[] }>;

export function isAnswerTurn(turn: FakeTurn): turn is AnswerTurn {
  return "toolCalls" in turn || "text" in turn;
}

/** Rough prompt size: characters of the raw request / 4, as the brief's default usage. */
export function estimatePromptTokens(raw: string): number {
  return Math.max(1, Math.ceil(raw.length / 4));
}

export const DEFAULT_COMPLETION_TOKENS = 20;

export function resolveAnswer(turn: AnswerTurn, context: { model: string; raw: string; sequence: number; idPrefix: string }): TurnAnswer {
  const calls = "toolCalls" in turn ? turn.toolCalls : [];
  return {
    id: `${context.idPrefix}fake_${context.sequence}`,
    model: context.model || "fake-model",
    created: Math.floor(Date.now() / 1000),
    text: turn.text,
    toolCalls: calls.map((call, i) => ({
      id: call.id ?? `${context.idPrefix === "msg_" ? "toolu" : "call"}_fake_${context.sequence}_${i + 1}`,
      name: call.name,
      argumentsText: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments ?? {}),
    })),
    usage: turn.usage ?? { prompt_tokens: estimatePromptTokens(context.raw), completion_tokens: DEFAULT_COMPLETION_TOKENS },
  };
}

/** Splits a string into up to `parts` consecutive non-empty pieces (streams send deltas, not wholes). */
export function splitIntoPieces(text: string, parts = 3): string[] {
  if (text.length === 0) return [];
  const size = Math.max(1, Math.ceil(text.length / parts));
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}
