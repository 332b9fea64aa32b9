import { apiKeyOperations } from "@errand/contract";
import type { ServiceContext } from "@errand/services";
import { createApiKey, listApiKeys, revokeApiKey } from "@errand/services/api-keys";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { verbServer } from "../serve-verb.ts";

/** Named API keys of the caller's workspace: the secret goes out once, in the create answer. */
export function registerApiKeyRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  const serve = verbServer(api, ctx);
  serve(apiKeyOperations.listApiKeys, () => ({}), listApiKeys);
  serve(apiKeyOperations.createApiKey, ({ json }) => json, createApiKey);
  serve(apiKeyOperations.revokeApiKey, ({ param }) => ({ id: param.id }), revokeApiKey);
}
