import { credentialOperations } from "@errand/contract";
import { createCredential, deleteCredential, getCredential, listCredentials, updateCredential } from "@errand/services/credentials";
import type { ServiceContext } from "@errand/services";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { serveResource } from "../serve-resource.ts";
import { verbServer } from "../serve-verb.ts";

/** The credential vault: values go in, never out. */
export function registerCredentialRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  const serve = verbServer(api, ctx);
  serveResource(serve, credentialOperations, { listCredentials, createCredential, getCredential, updateCredential, deleteCredential });
}
