import { z } from "zod";

const bool = (fallback: "true" | "false") =>
  z
    .enum(["true", "false", "1", "0", "yes", "no", "on", "off"], { error: "must be true or false" })
    .default(fallback)
    .transform((v) => ["true", "1", "yes", "on"].includes(v));

const optionalUrl = (protocols: RegExp, what: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : undefined))
    .refine((v) => v === undefined || (URL.canParse(v) && protocols.test(new URL(v).protocol)), {
      error: `must be a ${what} URL`,
    });

/** A whole number (of `unit`, when given) from min to max, each refusal in the same words. */
function whole(min: number, max: number, unit?: string) {
  const between = { error: `must be between ${min} and ${max}` };
  return z.coerce
    .number({ error: "must be a number" })
    .int({ error: unit ? `must be a whole number of ${unit}` : "must be a whole number" })
    .min(min, between)
    .max(max, between);
}

const port = whole(1, 65535);
const seconds = (min: number, max: number, fallback: number) => whole(min, max, "seconds").default(fallback);

/**
 * Every environment variable the product reads. The README's table is this list:
 * keep `ENV_DOCS` below in step with it.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"], { error: "must be development, production or test" }).default("production"),
  PORT: port.default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  BASE_URL: optionalUrl(/^https?:$/, "http(s)"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, "postgres://"),
  S3_URL: optionalUrl(/^https?:$/, "http(s)"),
  S3_BUCKET: z
    .string()
    .optional()
    .refine((v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), {
      error: "must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)",
    }),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_FORCE_PATH_STYLE: bool("true"),
  AUTH_SECRET: z
    .string()
    .optional()
    .refine((v) => v === undefined || v.length >= 32, { error: "must be at least 32 characters" }),
  ENCRYPTION_KEY: z
    .string()
    .optional()
    .refine((v) => v === undefined || /^[0-9a-fA-F]{64}$/.test(v), { error: "must be 64 hex characters (32 bytes)" }),
  ENCRYPTION_KEY_PREVIOUS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((k) => /^[0-9a-fA-F]{64}$/.test(k)), { error: "must be a comma-separated list of 64-hex-character keys" }),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((list) => list.every((e) => z.email().safeParse(e).success), { error: "must be a comma-separated list of e-mail addresses" }),
  BILLING: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((v) => v.trim().toLowerCase())
    .refine((v) => ["true", "false", "1", "0", "yes", "no", "on", "off"].includes(v) || /^\d{1,2}$/.test(v), {
      error: "must be true, false or the number of proxies in front of the server",
    })
    .transform((v) => (["true", "yes", "on"].includes(v) ? 1 : ["false", "no", "off"].includes(v) ? 0 : Number(v))),
  AUTH_RATE_LIMIT: whole(1, 1000).default(5),
  API_RATE_LIMIT: whole(1, 100_000).default(120),
  MODEL_PRICES: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v || !v.trim()) return {};
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: 'must be JSON such as {"gpt-4.1":{"input":2,"output":8}}' });
        return z.NEVER;
      }
    })
    .pipe(
      z.record(
        z.string().min(1),
        z.object(
          { input: z.number().min(0), output: z.number().min(0) },
          { error: "each model needs input and output prices in USD per million tokens" },
        ),
        { error: 'must be JSON such as {"gpt-4.1":{"input":2,"output":8}}' },
      ),
    ),
  PENDING_RUNS_PER_ACCOUNT: whole(1, 10_000).default(10),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"], { error: "must be debug, info, warn or error" }).default("info"),
  LOG_FORMAT: z.enum(["auto", "text", "json"], { error: "must be auto, text or json" }).default("auto"),
  METRICS_TOKEN: z
    .string()
    .optional()
    .refine((v) => v === undefined || (v.length >= 16 && /^[\x21-\x7e]+$/.test(v)), { error: "must be at least 16 characters, no spaces" }),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl(/^https?:$/, "http(s)"),
  OTEL_EXPORTER_OTLP_HEADERS: z.string().optional(),
  OTEL_SERVICE_NAME: z.string().optional(),
  BROWSER_PATH: z.string().optional(),
  WORKER_CONCURRENCY: whole(0, 64).default(2),
  WEBHOOK_CONCURRENCY: whole(1, 200).default(10),
  WEBHOOK_ENDPOINT_CONCURRENCY: whole(1, 50).default(2),
  SCHEDULER_INTERVAL_MS: whole(100, 300_000).default(15_000),
  OPENAI_API_KEY: z.string().optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  LLM_BASE_URL: optionalUrl(/^https?:$/, "http(s)"),
  LLM_API_KEY: z.string().optional(),
  PROXY_URL: optionalUrl(/^(https?|socks5?):$/, "http(s):// or socks5://"),
  CAPTCHA_SOLVER_URL: optionalUrl(/^https?:$/, "http(s)"),
  CAPTCHA_SOLVER_KEY: z.string().optional(),
  CAPTCHA_SOLVER_PROTOCOL: z.enum(["auto", "task", "form"], { error: "must be auto, task or form" }).default("auto"),
  CAPTCHA_SOLVE_TIMEOUT_MS: whole(5000, 600_000).default(120_000),
  PERSON_WAIT_SECONDS: seconds(10, 24 * 3600, 600),
  SESSION_RECORDING_DEFAULT: bool("true"),
  SESSION_RECORDING_MAX_MB: whole(1, 1024, "megabytes").default(20),
  STALE_RUN_SECONDS: seconds(6, 3600, 30),
  SHUTDOWN_GRACE_SECONDS: seconds(1, 600, 10),
  ALLOW_PRIVATE_NETWORK: bool("false"),
  BROWSER_CDP_URL: optionalUrl(/^(wss?|https?):$/, "ws(s):// or http(s)://"),
  SMTP_URL: optionalUrl(/^smtps?:$/, "smtp:// or smtps://"),
  MAIL_FROM: z.string().default("Errand <no-reply@errand.local>"),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  GOOGLE_OAUTH_URL: optionalUrl(/^https?:$/, "http(s)"),
  GITHUB_OAUTH_URL: optionalUrl(/^https?:$/, "http(s)"),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: optionalUrl(/^https?:$/, "http(s)"),
  LIVE_SESSION_IDLE_SECONDS: seconds(30, 3600, 300),
  LIVE_SESSION_MAX_SECONDS: seconds(60, 4 * 3600, 1800),
  LIVE_SESSIONS_PER_USER: whole(1, 20).default(2),
  LIVE_INTERNAL_HOST: z.string().min(1).default("127.0.0.1"),
  LIVE_INTERNAL_PORT: whole(0, 65535).default(0),
  LIVE_INTERNAL_URL: optionalUrl(/^https?:$/, "http(s)"),
});

export type Env = z.infer<typeof envSchema>;

/** Name, default and meaning of each variable, for the README and `errand config`. */
export const ENV_DOCS: Record<keyof Env, { default: string; meaning: string }> = {
  NODE_ENV: { default: "production", meaning: "development, production or test." },
  PORT: { default: "3000", meaning: "HTTP port of the server." },
  HOST: { default: "127.0.0.1", meaning: "Interface to listen on (0.0.0.0 to accept outside connections, as in Docker)." },
  BASE_URL: {
    default: "http://localhost:$PORT",
    meaning: "Public URL of the app, used for sign-in callbacks, links in e-mails and allowed origins.",
  },
  DATA_DIR: { default: "./data", meaning: "Where the embedded Postgres, generated secrets and files are kept." },
  DATABASE_URL: { default: "(unset: embedded Postgres)", meaning: "An external Postgres to use instead of the embedded one." },
  S3_URL: {
    default: "(unset: files on local disk)",
    meaning:
      "Endpoint of an S3-compatible store (AWS S3, MinIO, R2, Backblaze B2) for screenshots and files, e.g. https://s3.eu-west-1.amazonaws.com; signed, expiring links then point at the store. `errand storage migrate` copies the files already in DATA_DIR/files.",
  },
  S3_BUCKET: { default: "(unset)", meaning: "The bucket (it must exist; required with S3_URL). Keep it private: links are signed." },
  S3_ACCESS_KEY_ID: { default: "(unset)", meaning: "Access key for the bucket (required with S3_URL)." },
  S3_SECRET_ACCESS_KEY: { default: "(unset)", meaning: "Its secret key (a secret: used to sign requests only, never logged or shown)." },
  S3_REGION: { default: "us-east-1", meaning: "Region the requests are signed for (auto for R2)." },
  S3_FORCE_PATH_STYLE: {
    default: "true",
    meaning:
      "true: http://host/bucket/key (MinIO and most self-hosted stores); false: http://bucket.host/key (virtual-hosted, as AWS prefers).",
  },
  AUTH_SECRET: {
    default: "(generated into DATA_DIR)",
    meaning: "Secret that signs session cookies; 32+ characters. Set it when running several servers.",
  },
  ENCRYPTION_KEY: {
    default: "(generated into DATA_DIR)",
    meaning: "64 hex characters: the AES-256-GCM key for API keys and saved logins. Back it up.",
  },
  ENCRYPTION_KEY_PREVIOUS: {
    default: "(none)",
    meaning:
      "Old ENCRYPTION_KEYs (comma-separated) during a key rotation: values sealed with them still open; `errand secrets rotate` re-seals them with the new key.",
  },
  ADMIN_EMAILS: {
    default: "(none)",
    meaning: "Comma-separated e-mails of admin accounts (Make Public, View Demo, recording automation demos).",
  },
  BILLING: { default: "on", meaning: "off for self-hosting: no balance checks, no purchases, no charges." },
  TRUST_PROXY: {
    default: "false",
    meaning:
      "true (or the number of proxies in front, e.g. 2 for a CDN then a load balancer) behind reverse proxies: the client address is the X-Forwarded-For entry the outermost trusted proxy added, counted from the right; entries a client sent itself are ignored.",
  },
  AUTH_RATE_LIMIT: { default: "5", meaning: "Sign-in and sign-up attempts allowed per client address per minute." },
  API_RATE_LIMIT: { default: "120", meaning: "Public API requests per minute per API key (the web app's own requests are not counted)." },
  MODEL_PRICES: {
    default: "(unset: no model spend)",
    meaning:
      'Model prices in USD per million tokens, as JSON by model name, e.g. {"gpt-4.1":{"input":2,"output":8}}: a run\'s model spend is shown on it and counts toward its max_cost_usd, also with BILLING=off.',
  },
  PENDING_RUNS_PER_ACCOUNT: {
    default: "10",
    meaning: "Runs one account may have waiting or running at once; more are refused with 429 until one ends.",
  },
  LOG_LEVEL: { default: "info", meaning: "debug, info, warn or error." },
  LOG_FORMAT: {
    default: "auto",
    meaning:
      "text (one readable line per entry), json (one JSON object per line: time, level, msg, requestId or runId, fields) or auto: text on a terminal, JSON otherwise (containers, log collectors).",
  },
  METRICS_TOKEN: {
    default: "(unset: no /metrics)",
    meaning:
      "Serves Prometheus metrics at /metrics (API processes; workers on their --health port) to scrapers sending Authorization: Bearer <token>. 16+ characters (openssl rand -hex 24); a secret.",
  },
  OTEL_EXPORTER_OTLP_ENDPOINT: {
    default: "(unset: no traces)",
    meaning:
      "OpenTelemetry collector base URL: runs (a span per step, model call and browser action), webhook deliveries and HTTP requests are sent to <url>/v1/traces as OTLP/HTTP JSON. Log lines inside a span carry its trace_id and span_id.",
  },
  OTEL_EXPORTER_OTLP_HEADERS: {
    default: "(unset)",
    meaning: "Headers sent with every export, as key=value pairs separated by commas (a hosted collector's key); a secret.",
  },
  OTEL_SERVICE_NAME: { default: "errand", meaning: "service.name of this process's spans (e.g. errand-api, errand-worker)." },
  BROWSER_PATH: { default: "/usr/bin/chromium", meaning: "Chromium binary used by the agent and the test rig." },
  WORKER_CONCURRENCY: { default: "2", meaning: "Runs executed at once by this process (0: this process runs no worker)." },
  WEBHOOK_CONCURRENCY: { default: "10", meaning: "Webhook deliveries in flight at once in each worker process." },
  WEBHOOK_ENDPOINT_CONCURRENCY: {
    default: "2",
    meaning:
      "Webhook deliveries in flight at once to one endpoint (scheme, host and port), counted over all processes: a slow receiver holds only its own slots.",
  },
  SCHEDULER_INTERVAL_MS: {
    default: "15000",
    meaning:
      "How often each worker process looks for scheduled tasks that are due, in milliseconds; a run starts at most this long after its slot.",
  },
  OPENAI_API_KEY: { default: "(unset)", meaning: "Key for the openai provider (the default model gpt-4.1)." },
  ANTHROPIC_API_KEY: { default: "(unset)", meaning: "Key for the anthropic provider." },
  LLM_BASE_URL: {
    default: "(unset)",
    meaning: "An OpenAI-compatible endpoint (Ollama, vLLM, OpenRouter) used for the openai provider instead of OpenAI.",
  },
  LLM_API_KEY: { default: "(unset)", meaning: "Key for LLM_BASE_URL, when it needs one." },
  PROXY_URL: {
    default: "(unset)",
    meaning:
      "Proxy for the agent's browser contexts, e.g. http://user:pass@proxy:8080. The address rule is checked first, so the proxy receives CONNECT to checked IP addresses (allow the ports the agent visits, 80 included).",
  },
  CAPTCHA_SOLVER_URL: {
    default: "(unset: a person is asked instead)",
    meaning:
      "Base URL of a captcha solving service speaking the shared createTask/getTaskResult JSON API or the in.php/res.php form API (2Captcha, Anti-Captcha, CapSolver and compatible ones). Challenges the agent meets are solved through it, each as a step of the run; see docs/bot-walls.md.",
  },
  CAPTCHA_SOLVER_KEY: {
    default: "(unset)",
    meaning: "The solver account's API key (a secret: sent to the solver only, never logged or shown).",
  },
  CAPTCHA_SOLVER_PROTOCOL: {
    default: "auto",
    meaning:
      "task (createTask/getTaskResult), form (in.php/res.php), or auto: task, falling back to form when the service does not answer it.",
  },
  CAPTCHA_SOLVE_TIMEOUT_MS: {
    default: "120000",
    meaning: "How long one captcha solve may take before it counts as failed, in milliseconds (5000 to 600000).",
  },
  PERSON_WAIT_SECONDS: {
    default: "600",
    meaning:
      "How long a run that needs a person (a challenge it cannot solve) waits for someone to take control in its live view, its clock stopped, before it ends failed (10 to 86400).",
  },
  SESSION_RECORDING_DEFAULT: {
    default: "true",
    meaning:
      "Whether a run keeps a session recording (its pages as rrweb events, played on the run page) when neither it nor its task says `recording`.",
  },
  SESSION_RECORDING_MAX_MB: {
    default: "20",
    meaning: "A session recording's size limit, compressed, in megabytes; past it the recording stops and says it was cut (1 to 1024).",
  },
  STALE_RUN_SECONDS: {
    default: "30",
    meaning:
      "A started run whose worker has not reported for this long is ended as error (its process is taken for dead; the run is retried only when its task's retry policy lists `interrupted`). Workers report every sixth of it; every process checks every half of it, at most every 15 s (6 to 3600).",
  },
  SHUTDOWN_GRACE_SECONDS: {
    default: "10",
    meaning:
      "How long running runs get to finish when a process stops (SIGINT, SIGTERM, SIGHUP) before they are ended as error; the queue, the browser and the database then get 20 s more before the process exits anyway (1 to 600).",
  },
  ALLOW_PRIVATE_NETWORK: {
    default: "false",
    meaning:
      "true lets the agent and webhooks reach private, loopback and link-local addresses (intranet automation). Keep false on a shared server.",
  },
  BROWSER_CDP_URL: {
    default: "(unset)",
    meaning: "Connect to a remote browser over CDP (browserless, Steel, Browserbase) instead of launching Chromium.",
  },
  SMTP_URL: {
    default: "(unset: mail goes to DATA_DIR/outbox)",
    meaning: "Mail server for password-reset e-mails, e.g. smtps://user:pass@smtp.example.com.",
  },
  MAIL_FROM: { default: "Errand <no-reply@errand.local>", meaning: "Sender of the e-mails." },
  GOOGLE_CLIENT_ID: {
    default: "(unset: no Google sign-in)",
    meaning: 'OAuth client id for "Continue with Google" (redirect URI: BASE_URL/api/auth/callback/google).',
  },
  GOOGLE_CLIENT_SECRET: { default: "(unset)", meaning: "Its client secret." },
  GITHUB_CLIENT_ID: {
    default: "(unset: no GitHub sign-in)",
    meaning: 'OAuth app client id for "Continue with GitHub" (callback: BASE_URL/api/auth/callback/github).',
  },
  GITHUB_CLIENT_SECRET: { default: "(unset)", meaning: "Its client secret." },
  GOOGLE_OAUTH_URL: {
    default: "(Google's endpoints)",
    meaning:
      "Base URL of an OpenID provider serving /authorize, /token and /userinfo instead of Google (tests, Google-compatible gateways).",
  },
  GITHUB_OAUTH_URL: {
    default: "(GitHub's endpoints)",
    meaning:
      "Base URL of a provider serving /authorize, /token, /user and /user/emails instead of GitHub (tests, GitHub Enterprise proxies).",
  },
  STRIPE_SECRET_KEY: { default: "(unset: purchases unavailable)", meaning: "Stripe secret key for credit purchases (Checkout)." },
  STRIPE_WEBHOOK_SECRET: {
    default: "(unset)",
    meaning: "Signing secret of the webhook endpoint BASE_URL/api/stripe/webhook (checkout.session.completed).",
  },
  STRIPE_API_URL: { default: "https://api.stripe.com", meaning: "Stripe API base URL (a test double or proxy)." },
  LIVE_SESSION_IDLE_SECONDS: { default: "300", meaning: "A live browser opened to save a login closes after this long without input." },
  LIVE_SESSION_MAX_SECONDS: { default: "1800", meaning: "A live login browser closes after this long in any case." },
  LIVE_SESSIONS_PER_USER: { default: "2", meaning: "Live login browsers one user can have open at once." },
  LIVE_INTERNAL_HOST: {
    default: "127.0.0.1",
    meaning:
      "Interface of this process's internal live endpoint, through which other Errand processes relay the live view and take-over of the runs and login browsers it holds (0.0.0.0 or a private address when processes run on several machines; never expose it publicly).",
  },
  LIVE_INTERNAL_PORT: { default: "0 (a free port)", meaning: "Port of the internal live endpoint." },
  LIVE_INTERNAL_URL: {
    default: "http://LIVE_INTERNAL_HOST:port",
    meaning:
      "How other Errand processes reach this one's internal live endpoint (e.g. http://10.0.0.12:7800), recorded in the database with each live browser. Callers must present a short-lived credential derived from AUTH_SECRET, so every process needs the same AUTH_SECRET.",
  },
};
