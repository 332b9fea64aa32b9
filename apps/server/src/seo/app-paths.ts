import { INTEGRATION_NAMES } from "@errand/contract";

/**
 * The web app's routes (apps/web/src/router.tsx) that show a page, so the server can answer 404
 * for a path none of them serves. Kept in step with the router by app-paths.test.ts.
 */
const PAGE_ROUTES = [
  "/",
  "/login",
  "/signup",
  "/features",
  "/forgot-password",
  "/reset-password",
  "/contact",
  "/docs",
  "/docs/guides/:slug",
  "/terms",
  "/privacy",
  "/automations",
  "/automations/categories/:category",
  "/automations/applications/:application",
  "/automations/:slug",
  "/demo/:runId",
  "/shared/:token",
  "/shared/evaluations/:token",
  "/invitations/:token",
  "/dashboard",
  "/tasks",
  "/tasks/:idTask",
  "/tasks/:idTask/task-runs/:idTaskRun",
  "/tasks/:idTask/batches/:idBatch",
  "/runs/:runId",
  "/evaluations",
  "/evaluations/new",
  "/evaluations/:id",
  "/credits",
  "/api-keys",
  "/auth-contexts",
  "/auth-contexts/new",
  "/auth-contexts/:id/login",
  "/workspace",
  "/workspace/audit-log",
] as const;

/**
 * Every path pattern of the router: the pages, the not-found page itself (answered 404), and
 * /{thirdPartyName}, a page only for an integration name.
 */
export const APP_ROUTE_PATTERNS: readonly string[] = [...PAGE_ROUTES, "/404", "/:thirdPartyName"];

const INTEGRATION_SUFFIX = "-integration";
// React Router matches case-insensitively; a parameter is one non-empty segment.
const matchers = PAGE_ROUTES.map((pattern) => new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, "[^/]+")}$`, "i"));

/** Whether one of the app's pages answers this path (without a trailing slash); the rest are 404. */
export function isAppPath(path: string): boolean {
  if (matchers.some((matcher) => matcher.test(path))) return true;
  // /zapier and /zapier-integration are pages (the first redirects); any other name goes to /404.
  const segment = /^\/([^/]+)$/.exec(path)?.[1]?.toLowerCase();
  if (!segment) return false;
  const name = segment.endsWith(INTEGRATION_SUFFIX) ? segment.slice(0, -INTEGRATION_SUFFIX.length) : segment;
  return (INTEGRATION_NAMES as readonly string[]).includes(name);
}
