import type { Db } from "@errand/db";
import type { LookupFn } from "@errand/network-rule";
import type { Logger } from "./logging/logger.ts";
import type Stripe from "stripe";
import type { Mailer } from "./mail/create-mailer.ts";
import type { RunQueue } from "./queue/run-queue.ts";
import type { LiveServices } from "./live/live-services.ts";
import type { Metrics } from "./metrics/errand-metrics.ts";
import type { CallerCache } from "./accounts/caller-cache.ts";

/** What every service verb receives: real parts, passed in (no module singletons). */
export interface ServiceContext {
  db: Db;
  config: ServiceConfig;
  /** AES-256-GCM key (32 bytes) for secrets at rest. */
  encryptionKey: Buffer;
  /** Keys being rotated out: values sealed with them can still be opened (ENCRYPTION_KEY_PREVIOUS). */
  previousEncryptionKeys?: Buffer[];
  log: Logger;
  /** Where new runs go (pg-boss in production and tests). */
  queue: RunQueue;
  /** SMTP or the DATA_DIR outbox. */
  mailer: Mailer;
  /** The card payment provider, when STRIPE_SECRET_KEY is set. */
  stripe?: { client: Stripe; webhookSecret: string | undefined };
  /** Live browsers (login sessions, watching runs); absent where this process has no browser. */
  live?: LiveServices;
  /** This process's metrics (served at /metrics); absent in tests that do not look at them. */
  metrics?: Metrics;
  /** Which addresses a caller may give for the server to reach (webhooks, start pages, proxies). */
  network: NetworkRule;
  /** API-key callers resolved in the last second (docs/adr/0055-api-reads-at-one-query.md); absent: none kept. */
  callerCache?: CallerCache;
}

/**
 * The private-address rule of this server (docs/security.md): private, loopback, link-local and
 * metadata addresses are refused unless ALLOW_PRIVATE_NETWORK (`allowPrivate`); `allowHosts`
 * lets named hosts through ("127.0.0.1:4567" that port, "localhost" any port).
 */
export interface NetworkRule {
  allowPrivate: boolean;
  allowHosts?: string[];
  /** Resolves host names (tests pass their own DNS); the system resolver when unset. */
  lookup?: LookupFn;
}

export interface ServiceConfig {
  baseUrl: string;
  adminEmails: string[];
  billingEnabled: boolean;
  /** Runs one account may have waiting or running at once (PENDING_RUNS_PER_ACCOUNT). */
  pendingRunsPerAccount: number;
  /** USD per million tokens by model name (MODEL_PRICES); unset or a model not listed: no model spend. */
  modelPrices?: Record<string, { input: number; output: number }>;
}

export interface VerbArgs<Input> {
  ctx: ServiceContext;
  input: Input;
}
