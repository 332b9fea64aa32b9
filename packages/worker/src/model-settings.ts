import { createModel, modelCapabilities, type ModelProvider } from "@errand/agent";
import type { LanguageModel } from "ai";

/** The model endpoints and keys this process may use (from config). */
export interface LlmSettings {
  openaiApiKey?: string;
  anthropicApiKey?: string;
  /** An OpenAI-compatible endpoint used for the openai provider (Ollama, vLLM, OpenRouter, tests). */
  baseUrl?: string;
  apiKey?: string;
}

export type ModelChoice = { model: LanguageModel; vision: boolean } | { problem: string };

/** Picks the model a run asked for, or says plainly why it cannot run. */
export function chooseModel(settings: LlmSettings, provider: string, model: string): ModelChoice {
  if (provider === "anthropic") {
    if (!settings.anthropicApiKey)
      return { problem: "The anthropic provider is not configured on this server (ANTHROPIC_API_KEY is not set)." };
    return {
      model: createModel({ provider: "anthropic", model, apiKey: settings.anthropicApiKey }),
      vision: modelCapabilities("anthropic", model).vision,
    };
  }
  if (provider !== "openai") return { problem: `Unknown model provider "${provider}".` };
  if (settings.baseUrl) {
    const kind: ModelProvider = "openai-compatible";
    return {
      model: createModel({ provider: kind, model, baseUrl: settings.baseUrl, apiKey: settings.apiKey ?? settings.openaiApiKey }),
      vision: modelCapabilities(kind, model).vision,
    };
  }
  if (!settings.openaiApiKey) {
    return { problem: "No model is configured on this server: set OPENAI_API_KEY, or LLM_BASE_URL for an OpenAI-compatible endpoint." };
  }
  return {
    model: createModel({ provider: "openai", model, apiKey: settings.openaiApiKey }),
    vision: modelCapabilities("openai", model).vision,
  };
}
