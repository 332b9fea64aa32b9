import { credentialOperations } from "@errand/contract";
import { createCredential, deleteCredential, getCredential, listCredentials, updateCredential } from "@errand/services/credentials";
import type { ServiceContext } from "@errand/services";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { verbServer } from "../serve-verb.ts";

/** The credential vault: values go in, never out. */
export function registerCredentialRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  const serve = verbServer(api, ctx);
  serve(credentialOperations.listCredentials, () => ({}), listCredentials);
  serve(credentialOperations.createCredential, ({ json }) => json, createCredential);
  serve(credentialOperations.getCredential, ({ param }) => ({ id: param.id }), getCredential);
  serve(credentialOperations.updateCredential, ({ param, json }) => ({ id: param.id, changes: json }), updateCredential);
  serve(credentialOperations.deleteCredential, ({ param }) => ({ id: param.id }), deleteCredential);
}
