import type { LanguageModel } from "ai";
import type { ModelProvider } from "./create-model.ts";

const VISION_MODELS = [
  /^gpt-4\.1/, // gpt-4.1, -mini, -nano
  /^gpt-4o/,
  /^gpt-4-turbo/,
  /^gpt-5/,
  /^o[34](-|$)/,
  /^claude-3-5/,
  /^claude-3-7/,
  /^claude-(sonnet|opus|haiku)-4/,
  /^claude-[a-z]+-4/,
  /^claude-4/,
];

/** What a model can take besides text. Unknown models (local ones, whatever the provider) get text only. */
export function modelCapabilities(_provider: ModelProvider, model: string): { vision: boolean } {
  // OpenRouter-style names carry the vendor: "openai/gpt-4.1", "anthropic/claude-sonnet-4".
  const name = (model.split("/").pop() ?? model).toLowerCase();
  return { vision: VISION_MODELS.some((re) => re.test(name)) };
}

/**
 * Whether the run's tools go out strict (`strict: true`, constrained to their schemas): on
 * OpenAI's own API. OpenAI-compatible servers (Ollama, vLLM, OpenRouter) may refuse or ignore
 * strict, and Anthropic's strict tools have schema limits of their own, so theirs go without;
 * the answer is validated either way.
 */
export function supportsStrictTools(model: LanguageModel): boolean {
  return typeof model !== "string" && model.provider === "openai.chat";
}
