import type { CapVerdict, RunUsage } from "@errand/contract";
import type { LanguageModel } from "ai";
import type { BrowserContext } from "playwright-core";
import type { CaptchaSolver } from "./captcha.ts";
import type { AgentCredential } from "./credentials.ts";
import type { AgentApproval } from "./approval.ts";
import type { AgentFile } from "./files.ts";
import type { RetryPolicy } from "./model.ts";
import type { ReplayPlan } from "./replay.ts";
import type { AgentEvent } from "./result.ts";
import type { Takeover } from "./takeover.ts";

export interface AgentTask {
  prompt: string;
  initialUrl?: string | null;
  responseFormat: "text" | "json";
  /** A JSON schema object, or the user's raw text (not valid JSON: the run fails with a clear reason). */
  jsonSchema?: unknown;
}

export interface AgentLimits {
  /** Session timeout. Default 300 000 ms. */
  timeoutMs?: number;
  /** The reason a run that hit `timeoutMs` gives (default: it did not finish within the session timeout). */
  timeoutReason?: string;
  /** Default 50. */
  maxSteps?: number;
  /** Steps in a row where nothing worked. Default 3. */
  maxConsecutiveFailures?: number;
  /** Token budget (input + output, all calls). Default 2 000 000. */
  maxTokens?: number;
  /** Times an answer that fails the JSON schema is sent back. Default 2. */
  maxSchemaRetries?: number;
  /**
   * How long the run waits for a person to take control once it asked for one (a challenge it
   * cannot solve). The run's clock is stopped meanwhile. Default 600 000 ms.
   */
  personWaitMs?: number;
  /** While a run waits at a cap (checkCaps said "ask"), how often it asks again whether the cap was raised. Default 1 000 ms. */
  capPollMs?: number;
}

/** What a run has used so far, and the caller's judgement of its caps: in the contract, as services judge them too. */
export type { CapVerdict, RunUsage };

export interface AgentInput {
  task: AgentTask;
  model: LanguageModel;
  /** Send screenshots to the model. Default false (use modelCapabilities()). */
  vision?: boolean;
  /** OpenAI image detail for screenshots. Default "low" (85 tokens an image on gpt-4.1). */
  visionDetail?: "low" | "high" | "auto";
  /** A fresh context owned by the caller, who closes it. */
  context: BrowserContext;
  limits?: AgentLimits;
  /** The address rule; `allowedDomains` keeps the run to those hosts (docs/adr/0049-messages-and-allowed-domains.md). */
  network?: { allowPrivate?: boolean; allowHosts?: string[]; allowedDomains?: string[] };
  /** Model call retries on 429/5xx. Default 4 retries from 1 s, doubling. */
  retry?: RetryPolicy;
  /** Aborting it cancels the run within seconds (status "cancelled"). */
  signal?: AbortSignal;
  onEvent?: (event: AgentEvent) => void | Promise<void>;
  /** Strings that must never appear in a prompt (cookie values, secrets). */
  sensitiveValues?: string[];
  /**
   * Told each secret the run comes to know as it goes (a TOTP code it made, a code or sign-in link
   * read from a mailbox), before it reaches the page, so the caller's own records (a HAR, a
   * session recording) can hide it too. Never throws into the run.
   */
  onSecret?: (values: string[]) => void;
  /** Vault credentials the task may use: the model types `{{secret:name.password}}` and the value goes into the page (safety/secrets/credentials.ts). */
  credentials?: AgentCredential[];
  /**
   * PEM certificates a credential's mailbox may present instead of one signed by the system's
   * authorities: for tests with their own IMAP server. Verification is never turned off.
   */
  mailboxTrust?: readonly string[];
  /** Character budget of the page text per observation. Default 8 000. */
  observationChars?: number;
  /** A person can take the browser over (the agent waits) and hand it back. */
  takeover?: Takeover;
  /**
   * Solves the captcha challenges found before each step (captcha/). Absent, or when a
   * solve fails: the run asks for a person (needs_person) when it has `takeover`, else it fails.
   */
  captchaSolver?: CaptchaSolver;
  /** Write down the run's actions for replay: a successful run's result then carries a recording. */
  record?: boolean;
  /** Replay this recording first (it is also recorded); the model is called only where it misses. */
  replay?: ReplayPlan;
  /** Files attached to the run, on local disk: upload_file puts them into the page's file fields. */
  files?: AgentFile[];
  /**
   * Keep what sites download: each finished download is written under `dir` and reported with its
   * step. Absent: downloads are cancelled and reported. The context must accept downloads
   * (createBrowserManager's newContext({ acceptDownloads: true })), else every one fails.
   */
  downloads?: { dir: string; maxBytes: number; maxFiles: number };
  /**
   * The run's caps, judged by the caller after each step of the agent (they may change while the
   * run goes on, docs/adr/0037-spending-limits.md). "ask" waits, with the clock stopped, until a
   * check says "go" (the cap was raised) or personWaitMs passes; a cancel stops it either way.
   */
  checkCaps?: (usage: RunUsage) => Promise<CapVerdict>;
  /**
   * Approval before irreversible actions (docs/adr/0048-approval-before-irreversible-actions.md):
   * a click of a kind the policy names waits, clock stopped, for a person's answer. Replays ask too.
   */
  approval?: AgentApproval;
  /**
   * The messages people sent to the run since its last step, asked before each step with the
   * step's number (docs/adr/0049-messages-and-allowed-domains.md): the model reads them as the
   * person's words and the step's record acknowledges each. Absent: nobody can send any.
   */
  messages?: (stepNumber: number) => Promise<{ text: string }[]>;
  /** Read the page a successful run ends on (text and screenshot) into the result's finalPage, for checks on the answer. */
  keepFinalPage?: boolean;
}

export const DEFAULT_LIMITS = {
  timeoutMs: 300_000,
  maxSteps: 50,
  maxConsecutiveFailures: 3,
  maxTokens: 2_000_000,
  maxSchemaRetries: 2,
  personWaitMs: 600_000,
  capPollMs: 1_000,
} as const satisfies Required<Omit<AgentLimits, "timeoutReason">>;

/** The limits with every default applied. */
export type ResolvedLimits = Required<Omit<AgentLimits, "timeoutReason">> & Pick<AgentLimits, "timeoutReason">;
