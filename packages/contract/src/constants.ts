/** Business constants shared by server, web, SDK and MCP (spec section 9). */
export const PRODUCT_NAME = "Errand";
export const REPOSITORY_URL = "https://github.com/errand-hq/errand";
export const DOCS_PATH = "/docs";
export const CONTACT_MAILBOX = "hello@errand.dev";

export const FREE_PROMPTS_AT_SIGNUP = 5;
export const DEFAULT_MODEL = "gpt-4.1";
export const DEFAULT_MODEL_PROVIDER = "openai";
export const DEFAULT_RESPONSE_FORMAT = "text";
export const RESPONSE_FORMATS = ["text", "json"] as const;

export const SESSION_TIMEOUT = { min: 30, max: 3600, default: 300 } as const;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const CONTACT_MESSAGE_MIN_LENGTH = 10;

export const TASK_HISTORY_PAGE_SIZE = 10;
export const LATEST_RUNS_PER_TASK = 5;
export const DASHBOARD_HISTORY_SIZE = 5;

/** Credits are integers in 1/10,000 dollar; payments are integers in cents. */
export const CREDIT_UNITS_PER_DOLLAR = 10_000;
/** $0.0023 per second of execution, in credit units. */
export const PRICE_PER_SECOND_UNITS = 23;
export const MIN_PURCHASE_DOLLARS = 3;
/** A paid run needs credits for at least this many seconds (less could not load a page). */
export const MIN_PAID_RUN_SECONDS = 10;
/** Runs one account may have waiting or running at once (PENDING_RUNS_PER_ACCOUNT). */
export const DEFAULT_PENDING_RUNS_PER_ACCOUNT = 10;
export const QUICK_PURCHASE_AMOUNTS = [3, 5, 20, 50, 100] as const;

export const API_KEY_CACHE_MS = 5 * 60_000;
export const SIGNED_URL_CACHE_MS = 10 * 60_000;
export const SESSION_REFRESH_INTERVAL_MS = 30_000;

export const TOAST = { duration: 5000, visible: 1 } as const;

/** Integration landing pages: /{name}-integration. */
export const INTEGRATION_NAMES = ["api", "zapier", "make", "n8n", "mcp"] as const;
export type IntegrationName = (typeof INTEGRATION_NAMES)[number];
export const INTEGRATION_TABS = ["api", "make", "n8n", "zapier"] as const;

/** Key in the browser's local storage where the task draft is kept. */
export const TASK_DRAFT_STORAGE_KEY = "errand.task-draft";

/** Removed from local storage on sign-out (spec section 4); sessions themselves are httpOnly cookies. */
export const AUTH_TOKEN_STORAGE_KEY = "errand.auth-token";

export const INTEGRATION_LABELS: Record<IntegrationName, string> = {
  api: "API",
  zapier: "Zapier",
  make: "Make",
  n8n: "n8n",
  mcp: "MCP",
};

/** Spec section 8: the toast title and description when a run is refused for lack of balance. */
export const NO_CREDITS_TITLE = "No Credits Available";
export const NO_CREDITS_MESSAGE = "You have no credits or free prompts remaining. Please purchase more to continue.";
/** A run refused because the credits not already held by running runs pay for too little time. */
export const lowCreditsMessage = (seconds: number) =>
  `Your available credits cover ${seconds} s of run time; a run needs at least ${MIN_PAID_RUN_SECONDS} s. Please purchase more to continue.`;
/** The note on a run whose time limit the balance cut short. */
export const creditLimitNote = (coveredSeconds: number, sessionTimeout: number) =>
  `Your credits cover ${coveredSeconds} s of this ${sessionTimeout} s run.`;
export const TOO_MANY_RUNS_TITLE = "Too Many Runs";
export const tooManyRunsMessage = (limit: number) =>
  `You already have ${limit} runs waiting or running. Wait for one to finish, then try again.`;

/** Id of the page's <script type="application/json"> holding public API answers the server embedded. */
export const EMBEDDED_RESPONSES_ID = "errand-embedded-responses";
