import path from "node:path";
import { envSchema, type Env } from "./env-schema.ts";

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  baseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Files in an S3-compatible bucket when S3_URL is set; local disk (DATA_DIR/files) otherwise. */
  s3?: { url: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string; forcePathStyle: boolean };
  authSecret: string | undefined;
  encryptionKey: string | undefined;
  /** Old keys during a rotation (hex). */
  previousEncryptionKeys: string[];
  adminEmails: string[];
  billingEnabled: boolean;
  /** Reverse proxies in front of the server whose X-Forwarded-For entries are trusted (0: none). */
  trustProxy: number;
  authRateLimit: number;
  apiRateLimit: number;
  pendingRunsPerAccount: number;
  /** USD per million tokens by model name (MODEL_PRICES); a model not listed has no model spend. */
  modelPrices: Record<string, { input: number; output: number }>;
  logLevel: Env["LOG_LEVEL"];
  /** Lines as text or JSON; auto: text on a terminal (resolved by the logger). */
  logFormat: Env["LOG_FORMAT"];
  /** Bearer token that opens /metrics; unset: no metrics endpoint. */
  metricsToken: string | undefined;
  /** OTLP trace export (the standard OTEL_* variables); no endpoint: no tracing (docs/adr/0050-run-traces.md). */
  tracing: { endpoint: string | undefined; headers: string | undefined; serviceName: string | undefined };
  browserPath: string | undefined;
  browserCdpUrl: string | undefined;
  workerConcurrency: number;
  /** Webhook deliveries in flight per worker process, and per endpoint over all processes. */
  webhooks: { concurrency: number; perEndpoint: number };
  /** Milliseconds between the scheduler's ticks in each worker process. */
  schedulerIntervalMs: number;
  llm: { openaiApiKey?: string; anthropicApiKey?: string; baseUrl?: string; apiKey?: string };
  proxyUrl: string | undefined;
  /** The captcha solving service (CAPTCHA_SOLVER_*); absent: challenges are handed to a person. */
  captchaSolver?: { url: string; key: string; protocol: Env["CAPTCHA_SOLVER_PROTOCOL"]; timeoutMs: number };
  /** How long a run waits for a person to take control (PERSON_WAIT_SECONDS), in milliseconds. */
  personWaitMs: number;
  /** Session recordings (SESSION_RECORDING_DEFAULT, SESSION_RECORDING_MAX_MB): on unless a run or task says, and the size limit in bytes. */
  sessionRecording: { byDefault: boolean; maxBytes: number };
  /** A started run silent this long has lost its worker (STALE_RUN_SECONDS), in milliseconds. */
  staleRunMs: number;
  /** How long running runs get when the process stops (SHUTDOWN_GRACE_SECONDS), in milliseconds. */
  shutdownGraceMs: number;
  allowPrivateNetwork: boolean;
  mail: { smtpUrl: string | undefined; from: string };
  /** A provider is configured when both its client id and secret are set. */
  oauth: {
    google?: { clientId: string; clientSecret: string; baseUrl?: string };
    github?: { clientId: string; clientSecret: string; baseUrl?: string };
  };
  stripe?: { secretKey: string; webhookSecret: string | undefined; apiUrl: string | undefined };
  /** Live login browsers: idle and maximum lifetimes (seconds), and how many one user may open. */
  liveSessions: { idleSeconds: number; maxSeconds: number; perUser: number };
  /** The internal live endpoint (ADR 0013): where it listens (port 0: a free one), and the address it advertises. */
  liveInternal: { host: string; port: number; url: string | undefined };
}

export class ConfigError extends Error {
  readonly problems: { variable: string; message: string }[];
  constructor(problems: { variable: string; message: string }[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join("\n")}\n` +
        "See the README's table of environment variables.",
    );
    this.problems = problems;
    this.name = "ConfigError";
  }
}

/** Reads and validates the environment once. Everything else receives the result as an argument. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const env = parseEnv(source);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    baseUrl: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    s3: env.S3_URL
      ? {
          url: env.S3_URL,
          bucket: env.S3_BUCKET!,
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          region: env.S3_REGION,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    authSecret: env.AUTH_SECRET,
    encryptionKey: env.ENCRYPTION_KEY,
    previousEncryptionKeys: env.ENCRYPTION_KEY_PREVIOUS,
    adminEmails: env.ADMIN_EMAILS,
    billingEnabled: env.BILLING === "on",
    trustProxy: env.TRUST_PROXY,
    authRateLimit: env.AUTH_RATE_LIMIT,
    apiRateLimit: env.API_RATE_LIMIT,
    pendingRunsPerAccount: env.PENDING_RUNS_PER_ACCOUNT,
    modelPrices: env.MODEL_PRICES,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    metricsToken: env.METRICS_TOKEN,
    tracing: { endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, headers: env.OTEL_EXPORTER_OTLP_HEADERS, serviceName: env.OTEL_SERVICE_NAME },
    browserPath: env.BROWSER_PATH,
    browserCdpUrl: env.BROWSER_CDP_URL,
    workerConcurrency: env.WORKER_CONCURRENCY,
    webhooks: { concurrency: env.WEBHOOK_CONCURRENCY, perEndpoint: env.WEBHOOK_ENDPOINT_CONCURRENCY },
    schedulerIntervalMs: env.SCHEDULER_INTERVAL_MS,
    llm: { openaiApiKey: env.OPENAI_API_KEY, anthropicApiKey: env.ANTHROPIC_API_KEY, baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY },
    proxyUrl: env.PROXY_URL,
    captchaSolver: env.CAPTCHA_SOLVER_URL
      ? {
          url: env.CAPTCHA_SOLVER_URL,
          key: env.CAPTCHA_SOLVER_KEY!,
          protocol: env.CAPTCHA_SOLVER_PROTOCOL,
          timeoutMs: env.CAPTCHA_SOLVE_TIMEOUT_MS,
        }
      : undefined,
    personWaitMs: env.PERSON_WAIT_SECONDS * 1000,
    sessionRecording: { byDefault: env.SESSION_RECORDING_DEFAULT, maxBytes: env.SESSION_RECORDING_MAX_MB * 1024 * 1024 },
    staleRunMs: env.STALE_RUN_SECONDS * 1000,
    shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    allowPrivateNetwork: env.ALLOW_PRIVATE_NETWORK,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    oauth: {
      google: provider(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, env.GOOGLE_OAUTH_URL),
      github: provider(env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET, env.GITHUB_OAUTH_URL),
    },
    stripe: env.STRIPE_SECRET_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL }
      : undefined,
    liveSessions: {
      idleSeconds: env.LIVE_SESSION_IDLE_SECONDS,
      maxSeconds: env.LIVE_SESSION_MAX_SECONDS,
      perUser: env.LIVE_SESSIONS_PER_USER,
    },
    liveInternal: { host: env.LIVE_INTERNAL_HOST, port: env.LIVE_INTERNAL_PORT, url: env.LIVE_INTERNAL_URL?.replace(/\/+$/, "") },
  };
}

/** The variables checked one by one, then those that must be set together. */
function parseEnv(source: Record<string, string | undefined>) {
  // Empty strings count as unset, as most shells and .env files mean them.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? "?"), message: issue.message })));
  }
  const env = parsed.data;
  if (env.S3_URL) {
    const missing = (["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((name) => !env[name]);
    if (missing.length) throw new ConfigError(missing.map((variable) => ({ variable, message: "must be set when S3_URL is set" })));
  }
  if (env.CAPTCHA_SOLVER_URL && !env.CAPTCHA_SOLVER_KEY) {
    throw new ConfigError([{ variable: "CAPTCHA_SOLVER_KEY", message: "must be set when CAPTCHA_SOLVER_URL is set" }]);
  }
  return env;
}

function provider(clientId: string | undefined, clientSecret: string | undefined, baseUrl: string | undefined) {
  return clientId && clientSecret ? { clientId, clientSecret, baseUrl: baseUrl?.replace(/\/+$/, "") } : undefined;
}
