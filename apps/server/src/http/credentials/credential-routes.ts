import { credentialOperations } from "@errand/contract";
import { createCredential, deleteCredential, getCredential, listCredentials, updateCredential } from "@errand/services/credentials";
import type { ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";

const list = createRoute(credentialOperations.listCredentials);
const create = createRoute(credentialOperations.createCredential);
const read = createRoute(credentialOperations.getCredential);
const update = createRoute(credentialOperations.updateCredential);
const remove = createRoute(credentialOperations.deleteCredential);

/** The credential vault: values go in, never out. */
export function registerCredentialRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(list, async (c) => c.json(await listCredentials({ ctx, caller: c.get("caller"), input: {} }), 200));
  api.openapi(create, async (c) => c.json(await createCredential({ ctx, caller: c.get("caller"), input: c.req.valid("json") }), 201));
  api.openapi(read, async (c) =>
    c.json(await getCredential({ ctx, caller: c.get("caller"), input: { id: c.req.valid("param").id } }), 200),
  );
  api.openapi(update, async (c) =>
    c.json(
      await updateCredential({ ctx, caller: c.get("caller"), input: { id: c.req.valid("param").id, changes: c.req.valid("json") } }),
      200,
    ),
  );
  api.openapi(remove, async (c) => {
    await deleteCredential({ ctx, caller: c.get("caller"), input: { id: c.req.valid("param").id } });
    return c.body(null, 204);
  });
}
