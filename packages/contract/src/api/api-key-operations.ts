import { apiKeyListSchema, createApiKeySchema, createdApiKeySchema, MAX_API_KEYS_PER_WORKSPACE } from "../api-keys.ts";
import { apiErrorSchema } from "../errors.ts";
import { area, byId, created, jsonBody, jsonContent, noContent, ok } from "./describe.ts";

const keys = area(["API keys"]);
/** Only owners and admins, with a key that has the manage scope, may list, make or revoke keys. */
const managersOnly = { 403: jsonContent(apiErrorSchema, "Not an owner or admin of the workspace, or a key without the manage scope") };

export const apiKeyOperations = {
  listApiKeys: keys("listApiKeys", {
    summary: "The workspace's named API keys (never their secrets)",
    responses: ok(apiKeyListSchema, "The keys", managersOnly),
  }),
  createApiKey: keys("createApiKey", {
    summary: "Make a named API key with scopes and an optional expiry; its secret is in this answer only",
    description: `The key acts as you, with your current role in the workspace, narrowed to its scopes: read (see everything), run (start runs and change tasks, saved logins, credentials, files, schedules), manage (API keys, webhooks, proxy pools, members). A call its scopes do not allow is 403 naming the scope. Give \`expires_at\` or \`expires_in_days\` for a key that stops by itself. At most ${MAX_API_KEYS_PER_WORKSPACE} keys per workspace.`,
    request: { body: jsonBody(createApiKeySchema) },
    responses: created(createdApiKeySchema, "The key with its secret (shown this once)", {
      ...managersOnly,
      409: jsonContent(apiErrorSchema, "The workspace has the most keys it may keep"),
    }),
  }),
  revokeApiKey: keys("revokeApiKey", {
    summary: "Revoke a named API key: every server refuses it from its next request",
    request: byId,
    responses: noContent("Revoked", managersOnly),
  }),
};
