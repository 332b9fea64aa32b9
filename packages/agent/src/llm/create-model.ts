import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModel } from "ai";

export type ModelProvider = "openai" | "anthropic" | "openai-compatible";

export interface CreateModelOptions {
  provider: ModelProvider;
  model: string;
  /** Falls back to the provider's environment variable (OPENAI_API_KEY, ANTHROPIC_API_KEY) when omitted. */
  apiKey?: string;
  /** OpenAI-compatible endpoint (Ollama, vLLM, OpenRouter), or a proxy in front of OpenAI/Anthropic. */
  baseUrl?: string;
}

/**
 * The model for a run. OpenAI and OpenAI-compatible endpoints go through the Chat Completions
 * API (`.chat()`), the one every compatible server speaks.
 */
export function createModel(opts: CreateModelOptions): LanguageModel {
  switch (opts.provider) {
    case "openai":
      return createOpenAI({ apiKey: opts.apiKey, baseURL: opts.baseUrl }).chat(opts.model);
    case "openai-compatible": {
      if (!opts.baseUrl) throw new Error("An OpenAI-compatible provider needs a base URL (LLM_BASE_URL).");
      // Local servers (Ollama, vLLM) take no key, but the SDK wants one.
      return createOpenAI({ apiKey: opts.apiKey || "not-needed", baseURL: opts.baseUrl, name: "openai-compatible" }).chat(opts.model);
    }
    case "anthropic":
      return createAnthropic({ apiKey: opts.apiKey, baseURL: opts.baseUrl }).languageModel(opts.model);
    default: {
      const unknown: never = opts.provider;
      throw new Error(`Unknown model provider ${String(unknown)}.`);
    }
  }
}
