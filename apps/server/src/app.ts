import type { BrowserCheck, HealthDatabase } from "@errand/services/system";
import { AUTH_BASE_PATH, type Auth } from "@errand/services/auth";
import { renderMetrics } from "@errand/services/metrics";
import type { FileStorage } from "@errand/services/storage";
import type { RunEventListener } from "@errand/services/events";
import type { ServiceContext } from "@errand/services";
import { OpenAPIHono } from "@hono/zod-openapi";
import { Hono } from "hono";
import { registerAccountRoutes } from "./http/account/account-routes.ts";
import { registerRunExportRoutes } from "./http/runs/run-export-routes.ts";
import { registerRunRoutes } from "./http/runs/run-routes.ts";
import { registerApprovalRoutes } from "./http/runs/approval-routes.ts";
import { registerRunLiveRoutes } from "./http/runs/run-live-routes.ts";
import { registerWebhookRoutes } from "./http/runs/webhook-routes.ts";
import { registerWebhookEndpointRoutes } from "./http/webhooks/webhook-endpoint-routes.ts";
import { registerTaskRoutes } from "./http/tasks/task-routes.ts";
import { registerScheduleRoutes } from "./http/schedules/schedule-routes.ts";
import { registerBatchRoutes } from "./http/batches/batch-routes.ts";
import { registerRunMessageRoutes } from "./http/runs/run-message-routes.ts";
import { registerEvaluationRoutes, sharedEvaluationRoute, sharedEvaluationRoutes } from "./http/evaluations/evaluation-routes.ts";
import { registerScreenshotRoutes } from "./http/screenshots/screenshot-routes.ts";
import { registerSessionRecordingRoutes } from "./http/runs/session-recording-routes.ts";
import { registerAuthContextRoutes } from "./http/auth-contexts/auth-context-routes.ts";
import { registerCredentialRoutes } from "./http/credentials/credential-routes.ts";
import { registerApiKeyRoutes } from "./http/api-keys/api-key-routes.ts";
import { registerAuditRoutes } from "./http/audit/audit-routes.ts";
import { registerProxyRoutes } from "./http/proxies/proxy-routes.ts";
import { registerFileRoutes } from "./http/files/file-routes.ts";
import { demoRoute, demoRoutes } from "./http/demo/demo-routes.ts";
import { registerShareRoutes, sharedHeaders, sharedRunRoute, sharedRunRoutes, sharedScreenshotRoute } from "./http/sharing/share-routes.ts";
import { automationPaths, automationRoutes } from "./http/automations/automation-routes.ts";
import { registerAutomationRunRoutes } from "./http/automations/automation-run-routes.ts";
import { contactRoute, contactRoutes } from "./http/contact/contact-routes.ts";
import { registerBillingRoutes } from "./http/billing/billing-routes.ts";
import { registerUsageRoutes } from "./http/billing/usage-routes.ts";
import { invitationRoute, invitationRoutes, registerWorkspaceRoutes } from "./http/workspaces/workspace-routes.ts";
import { stripeWebhookRoutes } from "./http/billing/stripe-webhook-routes.ts";
import { resetTokenRoute, siteConfigRoute, siteConfigRoutes } from "./http/system/site-config-routes.ts";
import { openApiDocument, registerSecurityScheme } from "./http/openapi-document.ts";
import { fileRoutes } from "./http/system/file-routes.ts";
import { templateRoutes } from "./http/system/template-routes.ts";
import { authRoutes } from "./http/auth/auth-routes.ts";
import { authenticate, type AppEnv } from "./http/authenticate.ts";
import { rateLimitPerKey } from "./http/rate-limit.ts";
import { errorResponse, handleError, validationResponse } from "./http/errors.ts";
import { healthRoutes } from "./http/system/health-routes.ts";
import { MCP_PATH, mcpRoutes } from "./http/mcp/mcp-routes.ts";
import { staticRoutes } from "./http/system/static-routes.ts";
import { seoRoutes } from "./http/system/seo-routes.ts";
import { resolvePublicPage } from "./seo/resolve-public-page.ts";
import { securityHeaders } from "./http/system/security-headers.ts";
import { limitBodies, refuseControlCharacters } from "./http/system/input-guards.ts";
import { observeRequests } from "./http/system/observe-requests.ts";
import { compressAnswers } from "./http/system/compress-answers.ts";
import { metricsRoutes } from "./http/system/metrics-routes.ts";

export const API_V1_PREFIX = "/api/v1";

export interface AppDeps {
  ctx: ServiceContext;
  auth: Auth;
  database: HealthDatabase;
  baseUrl: string;
  /** Reverse proxies in front whose X-Forwarded-For entries are trusted (TRUST_PROXY; 0: none). */
  trustProxy: number;
  /** Public API requests per minute per key (default 120). */
  apiRateLimit?: number;
  events: RunEventListener;
  storage: FileStorage;
  /** Sign-in providers with a client id and secret configured (shown on the login screens). */
  providers?: { google: boolean; github: boolean };
  /** Origins the pages may show images from besides ours: the sign-in providers' avatars. */
  imageOrigins?: string[];
  /** The built web app (apps/web/dist); omitted in API-only tests. */
  webDir?: string;
  /** This process executes runs: `/api/ready` checks their browser (absent: "not used"). */
  browserCheck?: BrowserCheck;
  /** METRICS_TOKEN: opens /metrics (unset: /metrics answers 404). */
  metricsToken?: string;
}

/** The HTTP surface: auth, the public API v1, health, and the web app. Adapters only. */
export function createApp(deps: AppDeps) {
  const app = new Hono();
  app.onError(handleError(deps.ctx.log));
  // First: a request id on every log line and response, and the latency of everything below.
  app.use("*", observeRequests({ log: deps.ctx.log, metrics: deps.ctx.metrics }));
  // Signed links of an S3 store point at its own origin: the pages must be allowed to show them.
  const imageOrigins = [...(deps.imageOrigins ?? []), ...(deps.storage.origin ? [deps.storage.origin] : [])];
  app.use("*", securityHeaders({ baseUrl: deps.baseUrl, imageOrigins }));
  // JSON and HTML made per request; built assets are served precompressed (Server-Sent Events never are).
  app.use("*", compressAnswers());
  // Bounded input for every route: body size per route, no control characters in queries and JSON.
  app.use("*", limitBodies());
  app.use("/api/*", refuseControlCharacters({ skip: (path) => path.startsWith("/api/stripe/") }));

  app.route("/api", healthRoutes({ database: deps.database, browser: deps.browserCheck }));
  app.route("/", metricsRoutes({ token: deps.metricsToken, render: () => renderMetrics({ ctx: deps.ctx, input: { database: true } }) }));
  app.route(AUTH_BASE_PATH, authRoutes(deps.auth, { ctx: deps.ctx, basePath: AUTH_BASE_PATH, trustProxy: deps.trustProxy }));

  const api = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => (result.success ? undefined : validationResponse(c, result.error)),
  });
  // Public endpoints first: they answer before the authentication middleware runs.
  const demos = demoRoutes({ ctx: deps.ctx, storage: deps.storage });
  app.route(API_V1_PREFIX, demos);
  app.route(API_V1_PREFIX, sharedRunRoutes({ ctx: deps.ctx, storage: deps.storage }));
  app.route(API_V1_PREFIX, sharedEvaluationRoutes(deps.ctx));
  app.route(API_V1_PREFIX, automationRoutes(deps.ctx));
  app.route(API_V1_PREFIX, siteConfigRoutes(deps.ctx, deps.providers ?? { google: false, github: false }));
  app.route("/api/stripe", stripeWebhookRoutes(deps.ctx));
  app.route(API_V1_PREFIX, invitationRoutes(deps.ctx));
  app.route(API_V1_PREFIX, contactRoutes({ ctx: deps.ctx, auth: deps.auth, baseUrl: deps.baseUrl, trustProxy: deps.trustProxy }));
  app.get(`${API_V1_PREFIX}/openapi.json`, (c) => c.json(openApiDocument(api)));
  api.use("*", authenticate({ ctx: deps.ctx, auth: deps.auth, baseUrl: deps.baseUrl, trustProxy: deps.trustProxy }));
  api.use("*", rateLimitPerKey(deps.ctx, deps.apiRateLimit ?? 120));
  registerApiRoutes(api, deps);
  // Served by the public app above; described here so the document has every path.
  for (const route of [
    demoRoute,
    sharedRunRoute,
    sharedScreenshotRoute,
    sharedEvaluationRoute,
    ...automationPaths,
    contactRoute,
    siteConfigRoute,
    resetTokenRoute,
    invitationRoute,
  ])
    api.openAPIRegistry.registerPath(route);
  registerSecurityScheme(api);
  app.route(API_V1_PREFIX, api);

  app.route("/files", fileRoutes(deps.storage));
  // The n8n workflow templates the n8n page offers for download.
  app.route("/templates", templateRoutes());
  // MCP over Streamable HTTP: its tools call the API above inside this process, with the caller's key.
  app.route(MCP_PATH, mcpRoutes({ ctx: deps.ctx, baseUrl: deps.baseUrl, dispatch: (request) => Promise.resolve(app.fetch(request)) }));
  // "/api" alone is the API integration page's short link, not an endpoint.
  app.all("/api/*", (c, next) =>
    c.req.path === "/api" ? next() : errorResponse(c, "not_found", `No endpoint ${c.req.method} ${c.req.path}`),
  );
  app.route("/", seoRoutes({ ctx: deps.ctx, baseUrl: deps.baseUrl }));
  app.use("/shared/*", sharedHeaders);
  if (deps.webDir) {
    const origin = new URL(deps.baseUrl).origin;
    app.route(
      "/",
      staticRoutes(deps.webDir, { origin, log: deps.ctx.log, resolvePage: (pathname) => resolvePublicPage(deps.ctx, origin, pathname) }),
    );
  }
  return app;
}

type Area = (api: OpenAPIHono<AppEnv>, deps: AppDeps) => void;

/** An area whose routes need only the service context. */
const withCtx =
  (register: (api: OpenAPIHono<AppEnv>, ctx: ServiceContext) => void): Area =>
  (api, deps) =>
    register(api, deps.ctx);

/**
 * Every authenticated route of the public API v1, each area's own registration, in the order the
 * API document lists them (docs/openapi.json). The others take what they need of the app's deps.
 */
const API_AREAS: Area[] = [
  withCtx(registerAccountRoutes),
  withCtx(registerApiKeyRoutes),
  withCtx(registerAuditRoutes),
  registerRunRoutes,
  registerApprovalRoutes,
  withCtx(registerRunLiveRoutes),
  withCtx(registerRunMessageRoutes),
  withCtx(registerWebhookRoutes),
  withCtx(registerWebhookEndpointRoutes),
  (api, deps) => registerTaskRoutes(api, deps.ctx, deps.storage),
  withCtx(registerScheduleRoutes),
  withCtx(registerBatchRoutes),
  withCtx(registerEvaluationRoutes),
  withCtx(registerShareRoutes),
  registerScreenshotRoutes,
  registerSessionRecordingRoutes,
  withCtx(registerAuthContextRoutes),
  withCtx(registerCredentialRoutes),
  withCtx(registerProxyRoutes),
  registerFileRoutes,
  registerRunExportRoutes,
  withCtx(registerAutomationRunRoutes),
  withCtx(registerBillingRoutes),
  withCtx(registerUsageRoutes),
  withCtx(registerWorkspaceRoutes),
];

function registerApiRoutes(api: OpenAPIHono<AppEnv>, deps: AppDeps) {
  for (const register of API_AREAS) register(api, deps);
}
