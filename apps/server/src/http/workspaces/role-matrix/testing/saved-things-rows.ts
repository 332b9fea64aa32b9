import type { ApiOperationId } from "@errand/contract";
import type { MatrixRow } from "./run-row.ts";
import { credentialBody, proxyPoolBody, webhookBody, type SavedThingsWorld } from "./saved-things-world.ts";

type Row = MatrixRow<SavedThingsWorld>;
type Fresh = keyof SavedThingsWorld["fresh"];
const SOME_SESSION = "00000000-0000-4000-8000-000000000000";
/** No live browsers on the matrix's server: an allowed call gets as far as asking for one (503), before anything is looked up. */
const noLiveBrowsers = { answers: 503, answeredBeforeLookup: true } as const;

/** A call on the world's own thing, or, for an allowed call that destroys it, on a throwaway one. */
const target = (kind: Fresh, own: (w: SavedThingsWorld) => string) => async (w: SavedThingsWorld, cell: { allowed: boolean }) => ({
  params: { id: cell.allowed ? await w.fresh[kind]() : own(w) },
});

/** Saved logins, credentials, proxy pools and webhooks. */
export const savedThingsRows: Partial<Record<ApiOperationId, Row>> = {
  listAuthContexts: { needs: "read", call: () => ({}) },
  getAuthContext: { needs: "read", call: (w) => ({ params: { id: w.authContextId } }) },
  openLoginSession: { needs: "run", call: () => ({ body: { urls: ["https://shop.example/login"] } }), ...noLiveBrowsers },
  closeLoginSession: { needs: "run", call: () => ({ params: { id: SOME_SESSION } }), ...noLiveBrowsers },
  createAuthContext: {
    needs: "run",
    call: (w) => ({ body: { name: w.name(), urls: ["https://shop.example"], session_id: SOME_SESSION } }),
    ...noLiveBrowsers,
  },
  openRelogInSession: { needs: "run", call: (w) => ({ params: { id: w.authContextId } }), ...noLiveBrowsers },
  replaceAuthContextState: {
    needs: "run",
    call: (w) => ({ params: { id: w.authContextId }, body: { session_id: SOME_SESSION } }),
    ...noLiveBrowsers,
  },
  deleteAuthContext: {
    needs: "run",
    call: target("authContext", (w) => w.authContextId),
    watch: (w) => `/auth-contexts/${w.authContextId}`,
  },
  listCredentials: { needs: "read", call: () => ({}) },
  createCredential: { needs: "run", call: (w) => ({ body: credentialBody(w.name()) }), watch: () => "/credentials" },
  getCredential: { needs: "read", call: (w) => ({ params: { id: w.credentialId } }) },
  updateCredential: {
    needs: "run",
    call: (w) => ({ params: { id: w.credentialId }, body: { username: "billing@shop.example" } }),
    watch: (w) => `/credentials/${w.credentialId}`,
  },
  deleteCredential: { needs: "run", call: target("credential", (w) => w.credentialId), watch: (w) => `/credentials/${w.credentialId}` },
  listProxyPools: { needs: "read", call: () => ({}) },
  createProxyPool: { needs: "manage", call: (w) => ({ body: proxyPoolBody(w.name()) }), watch: () => "/proxy-pools" },
  getProxyPool: { needs: "read", call: (w) => ({ params: { id: w.proxyPoolId } }) },
  updateProxyPool: {
    needs: "manage",
    call: (w) => ({ params: { id: w.proxyPoolId }, body: { rotation: "random" } }),
    watch: (w) => `/proxy-pools/${w.proxyPoolId}`,
  },
  deleteProxyPool: { needs: "manage", call: target("proxyPool", (w) => w.proxyPoolId), watch: (w) => `/proxy-pools/${w.proxyPoolId}` },
  createWebhook: { needs: "manage", call: () => ({ body: webhookBody() }), watch: () => "/webhooks" },
  listWebhooks: { needs: "read", call: () => ({}) },
  getWebhook: { needs: "read", call: (w) => ({ params: { id: w.webhookId } }) },
  deleteWebhook: { needs: "manage", call: target("webhook", (w) => w.webhookId), watch: (w) => `/webhooks/${w.webhookId}` },
  testWebhook: {
    needs: "manage",
    call: (w) => ({ params: { id: w.webhookId } }),
    watch: (w) => `/webhooks/${w.webhookId}/deliveries`,
  },
  listWebhookEndpointDeliveries: { needs: "read", call: (w) => ({ params: { id: w.webhookId } }) },
};
