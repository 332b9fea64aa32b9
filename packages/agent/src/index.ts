// @errand/agent's public face. Folders are layers (docs/adr/0026-agent-layers.md); a file
// imports only from its own folder and the folders listed above its own:
//
//   types     the floor: shared and public types; imports nothing of the agent
//   lib       small helpers that know nothing of the agent (abortable waits)
//   safety    network guard (safety/network), secrets (safety/secrets), address policy
//   browser   Chromium, contexts, in-page scripts
//   observe   the page as the model reads it
//   captcha   finding and solving challenges
//   prompts   what the model is told
//   act       tools and actions
//   llm       model calls
//   loop      one step and its guards       } beside each other:
//   replay    recording and replaying       } neither imports the other
//   live      the live view                 }
//   run       runAgent: sets a run up and drives replay and loop
//   testing   the test harness
//   index.ts
export { createBrowserManager, DEFAULT_VIEWPORT } from "./browser/create-browser-manager.ts";
export { localeForCountry } from "./browser/locale-for-country.ts";
export { createObserver } from "./observe/create-observer.ts";
export { createCaptchaSolver } from "./captcha/index.ts";
export { createAddressPolicy, isPublicAddress } from "./safety/address-policy.ts";
export { installNetworkGuard } from "./safety/network/network-guard.ts";
export { createRedactor } from "./safety/secrets/redact.ts";
export { totpFromBase32 } from "./safety/secrets/totp.ts";
export { TOOL_NAMES } from "./act/tool-definitions.ts";
export { createModel } from "./llm/create-model.ts";
export { askModelOnce, type AskOnceInput } from "./llm/ask-once.ts";
export { schemaCheck } from "./loop/json-result.ts";
export { modelCapabilities } from "./llm/model-capabilities.ts";
export { createTakeover } from "./loop/takeover.ts";
export { createLiveBrowser } from "./live/create-live-browser.ts";
export { runAgent } from "./run/run-agent.ts";
export { DEFAULT_LIMITS } from "./types/agent.ts";
export { matchPrompt } from "@errand/contract";

export type { AgentInput, AgentLimits, AgentTask, CapVerdict, RunUsage } from "./types/agent.ts";
export type { AgentEvent, AgentExecution, AgentResult, AgentStatus, AgentStep, FinalPage, StepTiming } from "./types/result.ts";
export type { ActionRecord } from "./types/actions.ts";
export type { AgentFile } from "./types/files.ts";
export type { AgentApproval, ApprovalRequest } from "./types/approval.ts";
export type { AgentCredential } from "./types/credentials.ts";
export type { CaptchaSolver, CaptchaSolverProtocol } from "./types/captcha.ts";
export type { RetryPolicy } from "./types/model.ts";
export type { ReplayPlan } from "./types/replay.ts";
export type { Takeover, TakeoverSwitch } from "./types/takeover.ts";
export type { BrowserManager, BrowserManagerOptions, NewContextOptions, StorageState } from "./browser/create-browser-manager.ts";
export type { LocaleSettings } from "./browser/locale-for-country.ts";
export type { Observation, Observer } from "./observe/create-observer.ts";
export type { CaptchaSolverOptions } from "./captcha/index.ts";
export type { AddressPolicy, NetworkPolicyOptions } from "./safety/address-policy.ts";
export type { NetworkGuard } from "./safety/network/network-guard.ts";
export type { ToolName } from "./act/tool-definitions.ts";
export type { CreateModelOptions, ModelProvider } from "./llm/create-model.ts";
export type { LiveAttachment, LiveBrowser, LiveBrowserOptions, LiveViewer } from "./live/types.ts";
